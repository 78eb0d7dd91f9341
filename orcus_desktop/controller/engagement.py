"""001's engagement as use cases: Close/engage, Withdraw, and the pairs a Strike! makes.

Only under a ruleset whose H5 reactions keep engagement (`Reactions.engagement`: 001, the
`strike` ruleset). The pairs live in `combat.engagements` (`rules.engagement`), so undo, the
file and the map all read the same state; each change is one undo step and a `rule_note`
log line with its mechanic id.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import engagement as rules
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import ActionKind, Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.vocabulary import Origin


def keeps_engagement(ruleset: Ruleset) -> bool:
    """Whether the ruleset plays 001's engagement (H5 `Reactions.engagement`)."""
    return ruleset.hooks.reaction_rules.engagement


def strike_modifiers(
    encounter: Encounter, ruleset: Ruleset, attacker_id: str, target_id: str, power: Power
) -> tuple[Modifier, ...]:
    """001-26's "Strike! Modifiers" for engagement: +1/+2/+3 by how many others engage it.

    001 l.262-266 "Target Engaged By 1 other +1 / Target Engaged By 2-3 others +2 / Target
    Engaged by 4 or more others +3"; a Strike! is a melee attack (001-22); "others" are the
    creatures other than the attacker (pick). "Target Charged +1" (l.260) is 000's charge +1.
    """
    if not keeps_engagement(ruleset) or power.origin is not Origin.MELEE:
        return ()
    others = [i for i in encounter.combat.engaged_by(target_id) if i != attacker_id]
    band = rules.engagement_band(len(others))
    if not band:
        return ()
    count = f"{len(others)} other{'s' if len(others) != 1 else ''}"
    return (Modifier(band, f"target engaged by {count} (001-26)"),)


def _problem(engine: Engine, encounter: Encounter, creature_ids: tuple[str, ...]) -> str:
    if not keeps_engagement(engine.ruleset):
        return f'{engine.ruleset.name} has no engagement (001 "Engaged With")'
    if not encounter.combat.active:
        return "engagement lasts only during combat: no combat is running"
    for creature_id in creature_ids:
        if encounter.find_creature(creature_id) is None:
            return f"no creature {creature_id!r}"
    return ""


def engaged(encounter: Encounter, engager_id: str, target_id: str) -> Encounter:
    """The encounter with `engager_id` Engaged With `target_id` (001-25), logged if new."""
    combat = encounter.combat
    if combat.engaged_with(engager_id) == target_id:
        return encounter
    pairs = rules.engage(combat.engagements, engager_id, target_id)
    note = f"{encounter.name_of(engager_id)} is engaged with {encounter.name_of(target_id)}"
    encounter = encounter.with_combat(replace(combat, engagements=pairs))
    return Engine.rule_note(encounter, engager_id, "001-25", note)


def engage(engine: Engine, encounter: Encounter, engager_id: str, target_id: str) -> Outcome:
    """The GM marks `engager_id` Engaged With `target_id` (001-30 Close, or a correction).

    001-30, 001 l.286 Close: "You do not Strike the Target but you do become Engaged With it";
    001-25: this ends the engager's Engaged With anyone else. No action is spent here: the
    GM records the outcome of a Close (or a Charge) the table played.
    """
    op = "engage"
    problem = _problem(engine, encounter, (engager_id, target_id))
    if not problem and engager_id == target_id:
        problem = "a creature cannot be engaged with itself"
    if not problem and encounter.combat.engaged_with(engager_id) == target_id:
        problem = (
            f"{engine.name(encounter, engager_id)} is already engaged with "
            f"{engine.name(encounter, target_id)}"
        )
    if problem:
        return refuse(op, problem, engager_id)
    text = f"{engine.name(encounter, engager_id)} engages {engine.name(encounter, target_id)}"
    return run_step(op, text, encounter, lambda e: engaged(e, engager_id, target_id), engager_id)


def withdraw(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """The Withdraw action: every engagement the creature is in ends (001-31, 001-25).

    001 l.346 "You end all Engaged By Conditions on you"; l.256 "either one of you taking the
    With Draw Action" ends the pair. On the creature's own turn it is its action (001-05,
    l.53 "move and take one action": the standard action).
    """
    op = "withdraw"
    problem = _problem(engine, encounter, (creature_id,))
    combat = encounter.combat
    if not problem and not combat.engaged_by(creature_id) and not combat.engaged_with(creature_id):
        problem = f"{engine.name(encounter, creature_id)} is not engaged"
    combatant = combat.find(creature_id) if combat.active else None
    own_turn = combat.current == creature_id and combatant is not None
    spent = combatant is not None and not combatant.budget.can_spend(ActionKind.STANDARD)
    if not problem and own_turn and spent:
        problem = f"{engine.name(encounter, creature_id)} has no action left to withdraw"
    if problem:
        return refuse(op, problem, creature_id)

    def change(e: Encounter) -> Encounter:
        name = e.name_of(creature_id)
        e = e.with_combat(
            replace(e.combat, engagements=rules.withdraw(e.combat.engagements, creature_id))
        )
        if own_turn:
            e = engine.spend(e, creature_id, ActionKind.STANDARD)
        return Engine.rule_note(e, creature_id, "001-31", f"{name} withdraws: no longer engaged")

    return run_step(op, f"{engine.name(encounter, creature_id)} withdraws", encounter, change)
