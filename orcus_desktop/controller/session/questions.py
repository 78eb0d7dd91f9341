"""Read-only questions with no other home, each `(Engine, Encounter, ...) -> answer`.

Asked through `GameSession.ask` (`session.ask(questions.illumination, players=True)`), like
every question a use-case module answers itself (`session.ask(attacks.preview_attack, ...)`);
none changes the document. Some only put a ruleset's flag or a fact of the snapshot in the one
shape the asker takes. A variant's own questions live in its package
(`controller/variants/strike/questions.py`), asked by its UI package alike.
"""

from __future__ import annotations

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.attack_powers import basic_attack_name
from orcus_desktop.controller.battlefield_builder import players_battlefield
from orcus_desktop.controller.combat_rules import loses_first_turn
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.movement.movement import preview_move
from orcus_desktop.controller.outcomes import MovePreview
from orcus_desktop.controller.variants.square_fireballs import (
    encounter_flow,
    forced_actions,
    monster_groups,
    raise_alarm,
    stealth_maneuvers,
)
from orcus_desktop.geometry.grid import Square, square_distance
from orcus_desktop.geometry.lighting import LevelGrid, light_levels
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition, ConditionInstance, PersistentDamage
from orcus_desktop.vocabulary import CreatureId, MoveMode

# -- the map ---------------------------------------------------------------------------------


def illumination(engine: Engine, encounter: Encounter, *, players: bool = False) -> LevelGrid:
    """The `Illumination` of every square now, (rows, columns) (000 "Vision and Light").

    `players`: as the players' view shows it, without the light of hidden creatures.
    """
    field = engine.battlefield(encounter)
    if players:
        field = players_battlefield(field, encounter)
    return light_levels(field)


# -- conditions and the GM box ---------------------------------------------------------------


def gm_conditions(engine: Engine, encounter: Encounter) -> tuple[Condition, ...]:
    """The conditions the GM box offers under the encounter's ruleset (003's under 003)."""
    return gm_edits.gm_conditions(engine.rules.ruleset)


def is_hidden(engine: Engine, encounter: Encounter, creature_id: str) -> bool:
    """Whether the creature is Hidden now (003-47, 001-15), by a condition or one implied."""
    return Condition.HIDDEN in engine.rules.conditions(encounter, creature_id)


def downgrade_problem(
    engine: Engine, encounter: Encounter, effect: ConditionInstance | PersistentDamage
) -> str:
    """Why the GM cannot downgrade ``effect`` now ("" when it can; 003-21)."""
    return gm_edits.downgrade_problem(engine.rules.ruleset, effect)


# -- attacks ---------------------------------------------------------------------------------


def best_basic_attack(
    engine: Engine, encounter: Encounter, creature_id: str, target_id: str | None = None
) -> str | None:
    """The basic attack B uses against `target_id` (000 "Basic Attack").

    Melee when the target is in its reach; ranged when it is not, or when ranged is all the
    creature has. Without a target: the melee one, else the ranged one; None without either.
    """
    melee = basic_attack_name(engine, encounter, creature_id)
    ranged = basic_attack_name(engine, encounter, creature_id, ranged=True)
    if melee is None or ranged is None or target_id is None:
        return melee or ranged
    in_reach = target_id in attacks.power_targets(engine, encounter, creature_id, melee)
    return melee if in_reach else ranged


# -- strikes (001-23/24 through the variants' hook) -----------------------------------------


def strike_name(engine: Engine, encounter: Encounter, reactor_id: str) -> str:
    """The 001 strike offered to the creature ("Counter Strike!", "Free Strike!") or ""."""
    return plugins.reaction_name(engine, encounter, reactor_id)


# -- initiative and the turn's boundaries ----------------------------------------------------


def escalation_die(engine: Engine, encounter: Encounter) -> int:
    """The escalation die now (003-13; 0 under rulesets without it or outside combat)."""
    return encounter_flow.escalation_die(engine.rules.ruleset, encounter.combat)


def surprise_cost(engine: Engine, encounter: Encounter) -> str:
    """What being surprised costs under the ruleset, as the Initiative panel says it."""
    if loses_first_turn(engine.rules.ruleset):
        return "it loses its first turn, in Total Defense (003-10: no surprise round)"
    return "no actions in the surprise round"  # docs/rulings.md R-05


def start_combat_tip(engine: Engine, encounter: Encounter, anyone_surprised: bool) -> str:
    """How combat begins, for the Initiative panel's Start combat button."""
    if not anyone_surprised:
        return "Start combat at round 1."
    if loses_first_turn(engine.rules.ruleset):
        # 003-10, 003 l.165-168: no surprise round; the surprised lose their first turn.
        return "Start combat at round 1: the surprised lose their first turn (003-10)."
    return "Start combat with a surprise round."


# -- 003's monster groups, alarm, forced actions and stealth ---------------------------------


def has_monster_groups(engine: Engine, encounter: Encounter) -> bool:
    """Whether monster groups share one turn under the encounter's ruleset (003-07)."""
    return monster_groups.group_turns(engine)


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


def forced_preview(
    engine: Engine, encounter: Encounter, creature_id: str, destination: Square
) -> MovePreview | None:
    """A forced walk's preview while the switch is on for another creature, else None."""
    if forcer_of(engine, encounter, creature_id) is None:
        return None
    return forced_actions.preview(engine, encounter, creature_id, destination)


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
