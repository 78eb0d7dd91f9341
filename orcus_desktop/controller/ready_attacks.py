"""003-52 Ready Melee Attack and Ready Ranged Attack: readied basic attacks with set triggers.

003 "5.10" maneuvers (l.786-800). Each is 000 "Ready" (`initiative.ready_action`) with 003's
trigger and its condition that no enemy is already there; the GM fires it with Readied action.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.attack_powers import basic_attack_name, ranges_of
from orcus_desktop.controller.availability import powers_of
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.initiative import ready_action
from orcus_desktop.controller.outcomes import Outcome, Step, refuse
from orcus_desktop.controller.ready_walks import READY_MELEE_TRIGGER, READY_RANGED_TRIGGER
from orcus_desktop.geometry.grid import space_distance
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind


def _ready_attack_problem(
    engine: Engine, encounter: Encounter, creature_id: str, *, ranged: bool
) -> str:
    """Why the creature cannot use Ready Melee / Ranged Attack now, or "" (003-52).

    003 l.792 "only if there are no enemies you can see adjacent to you"; l.800 "... within
    Long Range of your Ranged Basic Attack". Pick (docs/rulings.md R-44): every living enemy on
    the map counts, seen or not (the GM knows).
    """
    if not engine.ruleset.hooks.flow.ready_attacks:
        return f"{engine.ruleset.name} has no Ready Melee / Ranged Attack: use Ready"
    me = encounter.find_creature(creature_id)
    if me is None:
        return f"no creature {creature_id!r}" if creature_id else "it is nobody's turn"
    power_name = basic_attack_name(engine, encounter, creature_id, ranged=ranged)
    reach = 1
    if ranged:
        powers = powers_of(engine.rules, encounter, creature_id)
        power = next((p for p in powers if p.name == power_name), None)
        if power is None:
            return f"{me.name} has no ranged basic attack"
        normal, long = ranges_of(engine.combatant(encounter, creature_id), power)
        reach = long if long is not None else (normal or 0)
    close = [
        c.name
        for c in encounter.creatures
        if c.side != me.side
        and not engine.rules.is_dead(encounter, c.id)
        and space_distance(me.space, c.space) <= reach
    ]
    if close:
        where = "within long range" if ranged else "adjacent"
        return f"{close[0]} is {where}: 003-52 needs no enemy there"
    return ""


def ready_attack(engine: Engine, encounter: Encounter, creature_id: str, ranged: bool) -> Outcome:
    """003-52 Ready Melee Attack / Ready Ranged Attack: a readied basic attack on its trigger.

    003 l.790: "the first time an enemy you can see moves to a square adjacent to you, they
    provoke an opportunity attack from you"; l.798: "... within Long Range ..., you can make a
    Ranged Basic Attack as a Reaction (Interrupt)". Both are a standard action readied for a
    standard action (a basic attack) that the GM triggers with Readied action (the melee one
    triggers by itself when an enemy walks up to the readier: `ready_walks`); the ranged one
    also makes the readier Hindered (003-29, the status table's), noted in the log.
    """
    problem = _ready_attack_problem(engine, encounter, creature_id, ranged=ranged)
    if problem:
        return refuse("ready_attack", problem, creature_id)
    trigger = READY_RANGED_TRIGGER if ranged else READY_MELEE_TRIGGER
    what = "Ranged Basic Attack" if ranged else "Melee Basic Attack (an opportunity attack)"
    outcome = ready_action(engine, encounter, creature_id, ActionKind.STANDARD, trigger, what)
    if ranged and isinstance(outcome, Step):
        note = "Ready Ranged Attack: Hindered (-2 to hit) until its next turn"
        return replace(outcome, after=engine.rule_note(outcome.after, creature_id, "003-52", note))
    return outcome
