"""003-52 Ready Melee Attack and Ready Ranged Attack: readied basic attacks with set triggers.

003 "5.10" maneuvers (l.786-800). Each is 000 "Ready" (`initiative.ready_action`) with 003's
trigger and its condition that no enemy is already there; an enemy's walk fires it
(`ready_walks`), the GM fires it by hand with Readied action otherwise.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from orcus_desktop.controller.availability.table import ready_problem
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import Outcome, Step, no_creature, refuse
from orcus_desktop.controller.turns.initiative import ready_action
from orcus_desktop.controller.variants.square_fireballs.ready_walks import (
    READY_MELEE_TRIGGER,
    READY_RANGED_TRIGGER,
    ranged_basic,
)
from orcus_desktop.geometry.grid import space_distance
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.rules.powers import ActionKind

READY_ATTACKS: Final = (
    ("ready_melee_attack", "Ready Melee Attack", False),
    ("ready_ranged_attack", "Ready Ranged Attack", True),
)
"""003-52's two readied basic attacks: their keys in the availability table, labels, ranged."""


def ready_attack_problem(
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
        return no_creature(creature_id) if creature_id else "it is nobody's turn"
    reach = 1
    if ranged:
        basic = ranged_basic(engine, encounter, creature_id)
        if basic is None:
            return f"{me.name} has no ranged basic attack"
        reach = basic[1]
    close = [
        c.name
        for c in encounter.creatures
        if c.side != me.side
        and not engine.rules.is_dead(encounter, c.id)
        and space_distance(occupied_space(me), occupied_space(c)) <= reach
    ]
    if close:
        where = "within long range" if ranged else "adjacent"
        return f"{close[0]} is {where}: 003-52 needs no enemy there"
    # A readied basic attack is a standard action readied (`ready_action`).
    return ready_problem(engine.rules, encounter, creature_id, ActionKind.STANDARD.value)


def ready_attack(
    engine: Engine, encounter: Encounter, creature_id: str, ranged: bool = False
) -> Outcome:
    """003-52 Ready Melee Attack / Ready Ranged Attack: a readied basic attack on its trigger.

    003 l.790: "the first time an enemy you can see moves to a square adjacent to you, they
    provoke an opportunity attack from you"; l.798: "... within Long Range ..., you can make a
    Ranged Basic Attack as a Reaction (Interrupt)". Both are a standard action readied for a
    standard action (a basic attack); each triggers by itself when an enemy walks up to (or
    within long range of) the readier (`ready_walks`), or by hand with Readied action; the
    ranged one also makes the readier Hindered (003-29, the status table's), noted in the log.
    """
    problem = ready_attack_problem(engine, encounter, creature_id, ranged=ranged)
    if problem:
        return refuse("ready_attack", problem, creature_id)
    trigger = READY_RANGED_TRIGGER if ranged else READY_MELEE_TRIGGER
    what = "Ranged Basic Attack" if ranged else "Melee Basic Attack (an opportunity attack)"
    outcome = ready_action(engine, encounter, creature_id, ActionKind.STANDARD, trigger, what)
    if ranged and isinstance(outcome, Step):
        return replace(outcome, after=_hindered(engine, outcome.after, creature_id))
    return outcome


def _hindered(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """003 l.798 "Until your next turn, you are Hindered": the condition, to its next turn.

    Hindered is 003's status row (003-29: -2 to hit), so the readied shot itself rolls at -2.
    """
    me = engine.combatant(encounter, creature_id)
    state, _ = rules_state.add_condition(
        me.state,
        Condition.HINDERED,
        holder=me.id,
        source="Ready Ranged Attack",
        duration=Duration(DurationKind.START_OF_TARGET_NEXT_TURN),
        current_turn=encounter.combat.current,
    )
    encounter = engine.set_state(encounter, creature_id, state)
    note = "Ready Ranged Attack: Hindered (-2 to hit) until its next turn"
    return engine.rule_note(encounter, creature_id, "003-52", note)
