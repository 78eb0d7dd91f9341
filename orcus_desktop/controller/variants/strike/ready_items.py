"""001's Ready items: readying and putting away, and Shoot!/Spell! needing one (001-34).

001 l.330 "All weapons, shields, tools and spells ... must be made Ready before they can be used
and can only be made Ready one at a time. You can only have a number of ready items equal to
your number of hands"; l.186 "A Shoot! Attack requires a Ready! weapon or spell". The list is
`Combat.ready_items` (`model/ready_items.py`). Picks (docs/rulings.md R-98): readying costs no
action but only one item a turn, on the creature's own turn while combat runs (any number
before it); putting an item away is free at any time; the hands are the stat block's `hands`
(else 2); a creature with nothing ready is not tracked (the GM has not listed its items), so
only a creature holding items that are neither a ranged weapon nor a spell is refused a Shoot!,
and one without a ready spell a Spell!.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.engine import Engine, named_step
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.outcomes import Outcome, refuse
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ready_items import MAX_ITEM_NAME, ItemKind, ReadyItem
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import DEFAULT_HANDS
from orcus_desktop.rules.variants.strike.shoot import AttackStyle, attack_style
from orcus_desktop.vocabulary import CreatureId

MECHANIC = "001-34"
"""001-34 Ready items and hands (001 l.330, l.186)."""

_READIES = "readies "


def keeps_ready_items(ruleset: Ruleset) -> bool:
    """Whether the ruleset plays 001's Shoot! (H4), and with it Ready items (001-34)."""
    return ruleset.hooks.targeting_policy.shoot_bands


def hands(engine: Engine, encounter: Encounter, creature_id: str) -> int:
    """The creature's hands: its stat block's `hands`, else 2 (001-34)."""
    sb = engine.rules.statblock(encounter.creature(creature_id))
    return sb.hands if sb is not None else DEFAULT_HANDS


def ready_items(encounter: Encounter, creature_id: str) -> tuple[ReadyItem, ...]:
    """The items the creature holds ready, first readied first."""
    return tuple(r for r in encounter.combat.ready_items if r.creature_id == creature_id)


def hands_in_use(encounter: Encounter, creature_id: str) -> int:
    return sum(r.hands for r in ready_items(encounter, creature_id))


def readied_this_turn(encounter: Encounter, creature_id: str) -> bool:
    """Whether the creature readied an item in the turn now running (001 "one at a time")."""
    combat = encounter.combat
    if not combat.active or combat.current != creature_id:
        return False
    for entry in reversed(combat.log):
        if entry.kind == "turn_start":
            return False
        if (
            entry.kind == "rule_note"
            and entry.actor == creature_id
            and entry.data.get("mechanic") == MECHANIC
            and str(entry.data.get("note", "")).startswith(_READIES)
        ):
            return True
    return False


def ready_problem(
    engine: Engine, encounter: Encounter, creature_id: str, name: str, item_hands: int
) -> str:
    """Why the creature cannot ready the item now (module docstring), or ""."""
    if not keeps_ready_items(engine.ruleset):
        return f"{engine.ruleset.name} has no Ready items (001-34)"
    who = engine.name(encounter, creature_id)
    if not name.strip() or len(name.strip()) > MAX_ITEM_NAME:
        return f"Name the item in 1 to {MAX_ITEM_NAME} characters"
    if item_hands not in (1, 2):
        return "An item takes 1 or 2 hands (001 l.330)"
    if any(
        r.name.casefold() == name.strip().casefold() for r in ready_items(encounter, creature_id)
    ):
        return f"{who} already has {name.strip()} ready"
    free = hands(engine, encounter, creature_id) - hands_in_use(encounter, creature_id)
    if item_hands > free:
        return (
            f"{who} has {plural(free, 'free hand')}: put an item away before "
            f"readying {name.strip()} (001-34: ready items up to the number of hands)"
        )
    combat = encounter.combat
    if combat.active:
        if combat.current != creature_id:
            return f"{who} can ready an item only on its own turn (001-34)"
        if readied_this_turn(encounter, creature_id):
            return f"{who} has readied an item this turn: one at a time (001-34, 001 l.330)"
        return cannot_act(engine.rules, encounter, creature_id)
    return ""


def ready_item(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    name: str,
    kind: ItemKind,
    item_hands: int = 1,
) -> Outcome:
    """The creature makes one item Ready (001-34; the picks in the module docstring)."""
    op = "ready_item"
    problem = ready_problem(engine, encounter, creature_id, name, item_hands)
    if problem:
        return refuse(op, problem, creature_id)
    item = ReadyItem(CreatureId(creature_id), name.strip(), kind, item_hands)

    def change(e: Encounter) -> Encounter:
        e = e.with_combat(replace(e.combat, ready_items=(*e.combat.ready_items, item)))
        return Engine.rule_note(e, creature_id, MECHANIC, f"{_READIES}{item.label}")

    text = f"{{name}} readies {item.name}"
    return named_step(engine, encounter, op, text, change, creature_id)


def put_away(engine: Engine, encounter: Encounter, creature_id: str, name: str) -> Outcome:
    """The creature puts a ready item away, freeing its hands (free, any time; R-98)."""
    op = "put_away_item"
    held = next((r for r in ready_items(encounter, creature_id) if r.name == name), None)
    if not keeps_ready_items(engine.ruleset):
        return refuse(op, f"{engine.ruleset.name} has no Ready items (001-34)", creature_id)
    if held is None:
        return refuse(
            op, f"{engine.name(encounter, creature_id)} has no {name} ready", creature_id
        )

    def change(e: Encounter) -> Encounter:
        kept = tuple(r for r in e.combat.ready_items if r != held)
        e = e.with_combat(replace(e.combat, ready_items=kept))
        return Engine.rule_note(e, creature_id, MECHANIC, f"puts away {held.label}")

    return named_step(engine, encounter, op, f"{{name}} puts away {name}", change, creature_id)


_NEEDS: Final[Mapping[AttackStyle, tuple[frozenset[ItemKind], str]]] = {
    AttackStyle.SHOOT: (
        frozenset({ItemKind.RANGED_WEAPON, ItemKind.SPELL}),
        "a Shoot! needs a ready ranged weapon or spell",
    ),
    AttackStyle.SPELL: (frozenset({ItemKind.SPELL}), "a Spell! needs a ready spell"),
}


def attack_problem(
    rules: CombatRules, encounter: Encounter, attacker_id: str, power: Power
) -> str:
    """Why the attacker cannot make this Shoot! or Spell! with what it holds ready, or "".

    001 l.186 "A Shoot! Attack requires a Ready! weapon or spell" (001-34). A creature with
    nothing ready is not tracked (R-98): no refusal.
    """
    if not keeps_ready_items(rules.ruleset):
        return ""
    need = _NEEDS.get(attack_style(power))
    held = ready_items(encounter, attacker_id)
    if need is None or not held or any(r.kind in need[0] for r in held):
        return ""
    names = ", ".join(r.name for r in held)
    return (
        f"{encounter.name_of(attacker_id)} holds ready only {names}: {need[1]} "
        "(001-34, 001 l.186; Combat > Ready Item…)"
    )
