"""003's read-only questions, each `(Engine, Encounter, ...) -> answer`.

003's own panels and dialogs ask them through `GameSession.ask` (`session.ask(questions.forcing)`).

What the core's panels ask of every ruleset is answered through the hooks instead
(`controller/plugins.py`: the round's counters, the redirected actions of 003-46).
"""

from __future__ import annotations

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.movement.movement import preview_move
from orcus_desktop.controller.variants.square_fireballs import (
    encounter_flow,
    forced_actions,
    monster_groups,
    raise_alarm,
    stealth_maneuvers,
)
from orcus_desktop.geometry.grid import Square, square_distance
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import CreatureId, MoveMode

# -- 003-13 the escalation die, 003-07 monster groups, 003-11 Raise the Alarm -------------------


def escalation_die(engine: Engine, encounter: Encounter) -> int:
    """The escalation die now (003-13; 0 under rulesets without it or outside combat)."""
    return encounter_flow.escalation_die(engine.rules.ruleset, encounter.combat)


def monster_group(engine: Engine, encounter: Encounter, creature_id: str) -> str | None:
    """The group the creature rolls and acts with (arranged or default), or None."""
    if not monster_groups.group_turns(engine):
        return None
    return monster_groups.group_of(engine, encounter, creature_id)


def arranged_monster_group(engine: Engine, encounter: Encounter, creature_id: str) -> str | None:
    """The group the GM arranged the creature in, or None (then the default applies)."""
    return dict(encounter.combat.monster_groups).get(CreatureId(creature_id))


def group_turn_members(
    engine: Engine, encounter: Encounter, creature_id: str
) -> tuple[CreatureId, ...]:
    """Who shares the turn `creature_id` is in now, in the order's order (itself too)."""
    return monster_groups.turn_members(encounter, creature_id)


def raise_alarm_offered(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset has 003-11's Raise the Alarm."""
    return raise_alarm.offered(engine)


# -- 003-46 forced actions -------------------------------------------------------------------


def forced_actions_offered(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset has 003-46's forced actions (the GM's "Forced" switch)."""
    return forced_actions.offered(engine)


def forcing(engine: Engine, encounter: Encounter) -> str | None:
    """The forcer while the GM's "Forced" switch is on, in the turn it was set, else None."""
    if not forced_actions.offered(engine):
        return None
    return encounter.combat.forcer


def forcer_of(engine: Engine, encounter: Encounter, creature_id: str) -> str | None:
    """Who forces `creature_id`'s moves and attacks now (003-46), else None.

    The switch on for another creature: its turn makes this one walk and attack; the
    forcer's own actions stay its own, and so does an action a creature takes out of turn
    on its own (a triggered readied walk: docs/rulings.md R-133).
    """
    forcer = forcing(engine, encounter)
    if forcer is None or forcer == creature_id:
        return None
    combatant = encounter.combat.find(creature_id)
    if combatant is not None and combatant.out_of_turn is not None:
        return None
    return forcer


# -- 003-47 stealth --------------------------------------------------------------------------


def stealth_offered(engine: Engine, encounter: Encounter) -> bool:
    """Whether the encounter's ruleset has the stealth maneuvers (003 only)."""
    return stealth_maneuvers.offered(engine.ruleset)


def sneak_destinations(
    engine: Engine, encounter: Encounter, creature_id: str
) -> frozenset[Square]:
    """The squares a Sneak can end on now (half its speed, 003 l.712); none if refused."""
    if stealth_maneuvers.maneuver_problem(engine, encounter, creature_id, "sneak"):
        return frozenset()
    creature = encounter.creature(creature_id)
    reach = stealth_maneuvers.sneak_speed(creature)
    start = creature.square
    found: set[Square] = set()
    for col in range(start.col - reach, start.col + reach + 1):
        for row in range(start.row - reach, start.row + reach + 1):
            square = Square(col, row)
            if square == start or square_distance(start, square) > reach:
                continue
            preview = preview_move(
                engine, encounter, creature_id, square, MoveMode.WALK, speed=reach
            )
            if preview.reachable:
                found.add(square)
    return frozenset(found)
