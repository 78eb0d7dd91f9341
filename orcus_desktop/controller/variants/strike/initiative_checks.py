"""001's initiative by a chosen check (001-01..03), the session side.

Under a ruleset whose initiative hook (H1) rolls a chosen check, each creature's
`InitiativeChoice` (its check, its standing tie choice, the GM's situational flags) is kept in
`combat.initiative_choices`, so undo, autosave and reopening keep it; the roll adds that check's
modifier (`initiative_modifier`), and `after_roll` orders the tied by 001's five-step ladder
and records it (the combatant's `initiative_check`, its `tie_break`, an `initiative_ladder` log
entry). Under every other ruleset nothing here changes anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from orcus_desktop.controller.engine import Engine, named_step
from orcus_desktop.controller.log.records import (
    InitiativeChoiceMade,
    InitiativeLadder,
    LadderStep,
)
from orcus_desktop.controller.outcomes import Outcome, no_creature, refuse
from orcus_desktop.controller.turns import turn_order
from orcus_desktop.model.combat import Combatant
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.dice_values import RandomSource
from orcus_desktop.rules.initiative_choice import InitiativeCheck, InitiativeChoice, TieChoice
from orcus_desktop.rules.variants.strike.initiative import (
    TieEntrant,
    initiative_modifier,
    ladder,
    situation_modifiers,
)
from orcus_desktop.vocabulary import CreatureId

CHECKS: Final = (
    (InitiativeCheck.QUICKNESS.value, "Quickness (Dexterity: 000's initiative)"),
    (InitiativeCheck.PERCEPTION.value, "Perception (Wisdom)"),
    (InitiativeCheck.AWARENESS.value, "Awareness (Intelligence)"),
)
"""001-01's three checks as the dialog offers them (the picks of docs/rulings.md)."""

TIE_CHOICES: Final = (
    (TieChoice.NONE.value, "no standing choice"),
    (TieChoice.BEFORE.value, "go before those it ties with"),
    (TieChoice.AFTER.value, "go after those it ties with"),
)
"""001-03 step 1: "they can choose to go before or after the ones they are tied with"."""


def chooses_checks(engine: Engine) -> bool:
    """Whether the ruleset's initiative (H1) is a check each creature chooses (001-01)."""
    return engine.ruleset.hooks.initiative_procedure.by_chosen_check


def choice_of(encounter: Encounter, creature_id: str) -> InitiativeChoice:
    """The creature's recorded choice, or 001's default (a Quickness check, no tie choice)."""
    for choice in encounter.combat.initiative_choices:
        if choice.creature_id == creature_id:
            return choice
    return InitiativeChoice(CreatureId(creature_id))


def set_choice(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    check: str,
    tie_choice: str = "none",
    *,
    unaware: bool = False,
    unseen: bool = False,
    hidden: bool = False,
) -> Outcome:
    """The GM records a creature's initiative check and choices (one undo step)."""
    op = "set_initiative_choice"
    if not chooses_checks(engine):
        return refuse(op, f"{engine.ruleset.name} has no choice of initiative check", creature_id)
    if encounter.find_creature(creature_id) is None:
        return refuse(op, no_creature(creature_id), creature_id)
    try:
        chosen = InitiativeCheck(check)
        standing = TieChoice(tie_choice)
    except ValueError:
        return refuse(
            op,
            f"unknown choice {check!r}/{tie_choice!r}: the check is awareness, perception or "
            "quickness; the tie choice none, before or after",
            creature_id,
        )
    choice = InitiativeChoice(
        CreatureId(creature_id), chosen, standing, unaware=unaware, unseen=unseen, hidden=hidden
    )

    def change(e: Encounter) -> Encounter:
        kept = tuple(c for c in e.combat.initiative_choices if c.creature_id != creature_id)
        combat = replace(e.combat, initiative_choices=(*kept, choice))
        made = InitiativeChoiceMade(chosen.value, standing.value)
        return e.with_combat(made.logged_in(combat, creature_id))

    return named_step(
        engine, encounter, op, f"{{name}}'s initiative: {chosen.value}", change, creature_id
    )


def modifier(engine: Engine, encounter: Encounter, creature_id: str) -> int | None:
    """001-01/02: the chosen check's modifier with the situational ones; None under 000."""
    if not chooses_checks(engine):
        return None
    creature = encounter.find_creature(creature_id)
    if creature is None or engine.rules.statblock(creature) is None:
        return 0
    combatant = engine.combatant(encounter, creature_id)
    choice = choice_of(encounter, creature_id)
    return initiative_modifier(combatant, choice, engine.ruleset).total


def modifier_terms(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """The modifier as the roll's named terms when 001-02's modifiers are in it, else "".

    "+ 1 [quickness] - 1 [unaware (001)]": the log line shows each (001 l.35 "Unaware,
    Distracted, or Overconfident -1") instead of their sum alone.
    """
    if not chooses_checks(engine):
        return ""
    creature = encounter.find_creature(creature_id)
    if creature is None or engine.rules.statblock(creature) is None:
        return ""
    combatant = engine.combatant(encounter, creature_id)
    choice = choice_of(encounter, creature_id)
    situation = situation_modifiers(combatant, choice, engine.ruleset)
    if not situation:
        return ""
    total = initiative_modifier(combatant, choice, engine.ruleset).total
    check = total - sum(m.value for m in situation)
    parts = [(check, choice.check.value), *((m.value, m.source) for m in situation)]
    return " ".join(f"{'-' if value < 0 else '+'} {abs(value)} [{name}]" for value, name in parts)


def after_roll(engine: Engine, encounter: Encounter, changed: Iterable[str]) -> Encounter:
    """Record each rolled check and order the tied by 001-03's ladder (see the module)."""
    if not chooses_checks(engine):
        return encounter
    ids = set(changed)
    combat = encounter.combat
    for cid in ids:
        found = combat.find(cid)
        if found is not None:
            check = choice_of(encounter, cid).check.value
            combat = combat.with_combatant(replace(found, initiative_check=check))
    units: dict[tuple[int, str], list[Combatant]] = {}
    for c in combat.combatants:
        units.setdefault((c.initiative, c.group or f"\0{c.creature_id}"), []).append(c)
    clusters: dict[int, list[list[Combatant]]] = {}
    for (result, _), members in units.items():
        clusters.setdefault(result, []).append(members)
    dice = RandomSource(engine.rng)
    for result, tied in sorted(clusters.items(), reverse=True):
        if len(tied) < 2 or not any(m.creature_id in ids for ms in tied for m in ms):
            continue
        entrants = [_entrant(engine, encounter, members[0]) for members in tied]
        order, steps = ladder(entrants, dice)
        rank = {unit: len(order) - i for i, unit in enumerate(order)}
        for members in tied:
            for member in members:
                current = combat.combatant(member.creature_id)
                combat = combat.with_combatant(
                    replace(current, tie_break=rank[members[0].creature_id])
                )
        rolls = tuple(LadderStep.from_dict(step) for step in steps)
        combat = InitiativeLadder(result, order, rolls).logged_in(combat)
    # Before combat the whole order is sorted; during it only the changed are re-placed.
    return encounter.with_combat(turn_order._sorted(combat, sorted(ids)))


def _entrant(engine: Engine, encounter: Encounter, member: Combatant) -> TieEntrant:
    choice = choice_of(encounter, member.creature_id)
    creature = encounter.creature(member.creature_id)
    mods: list[tuple[InitiativeCheck, int]] = []
    if engine.rules.statblock(creature) is not None:
        rules_view = engine.combatant(encounter, member.creature_id)
        for check in InitiativeCheck:
            value = initiative_modifier(rules_view, replace(choice, check=check), engine.ruleset)
            mods.append((check, value.total))
    return TieEntrant(member.creature_id, choice.check, choice.tie_choice, tuple(mods))
