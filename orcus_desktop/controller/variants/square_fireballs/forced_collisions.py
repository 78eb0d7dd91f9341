"""003's forced-movement rules the GM confirms: collisions, the cliff save, grabbed creatures.

003 "5.9 Forced Movement" and "5.9.2 Saving against Forced Movement" (the movement hook H6:
``collision_dice``, ``edge_save``, ``grab_save_negates``; 000 has none of them):

- 003-43 (l.472): a push, pull or slide that "ends before the full distance is moved because
  the moved character collides with an obstacle or another character": "each character
  involved in the collision takes Forced Movement Damage", 1d4/2d4/4d4 for heroic, paragon or
  epic sources (levels 1-10, 11-20, 21-30). The map has no heights or solid props, so the GM
  confirms the collision and names what it hit (docs/rulings.md R-83).
- 003-45 (l.516-524): forced "off a cliff (or equivalent)", a save "with a penalty equal to
  the remaining squares"; success stops it before the edge, knocked prone.
- 003-27 (l.342): a grabbed creature forced out of its grabber's reach saves to end the grab,
  or "the forced movement is negated".
"""

from __future__ import annotations

from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.gm.gm_edits import Imposition, damaged, imposed_condition
from orcus_desktop.controller.log.records import DiceRolled, SavingThrow
from orcus_desktop.controller.outcomes import no_creature
from orcus_desktop.controller.plugins import ForcedMoveEnd
from orcus_desktop.geometry.grid import Square, space_distance
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.modifiers import Modifier

OBSTACLE = "obstacle"
"""What a collision hit when it was not a creature (a wall, a pillar, a closed door)."""

NO_COLLISION = ""
OVER_EDGE = "edge"
"""The GM's answers besides a creature id (`choices`)."""

TIER_LEVELS = 10
"""Levels per tier (003 "Heroic / Paragon / Epic" = 000's 1-10 / 11-20 / 21-30)."""

_SAVED_PRONE = Imposition(DurationKind.UNTIL_COUNTERED, "Forced movement (003-45)", None)
"""003-45: a creature that saves stops before the edge, knocked prone (until it stands up)."""


def choices(
    engine: Engine, encounter: Encounter, target_id: str, destination: Square, short: bool
) -> tuple[tuple[str, str], ...]:
    """What the GM may confirm for a forced move of ``target_id`` ending on ``destination``.

    (value, text) pairs for the prompt: no collision; when it ended ``short`` of the full
    distance, a collision with an obstacle or with a creature next to that square (003-43);
    the save against going over an edge (003-45). Empty when the ruleset has neither rule.
    """
    policy = engine.ruleset.hooks.movement_policy
    if not policy.collision_dice and not policy.edge_save:
        return ()
    found: list[tuple[str, str]] = [(NO_COLLISION, "No collision")]
    target = encounter.creature(target_id)
    if policy.collision_dice and short:
        found.append((OBSTACLE, "It hit a wall or an obstacle (003-43)"))
        there = target.moved_to(destination).space
        for other in encounter.creatures:
            if other.id != target_id and space_distance(there, other.space) <= 1:
                found.append((other.id, f"It hit {other.name} (003-43)"))
    if policy.edge_save:
        found.append((OVER_EDGE, "The next square is over a cliff: save (003-45)"))
    return tuple(found)


def collision_dice(engine: Engine, encounter: Encounter, source_id: str | None) -> str:
    """The Forced Movement Damage of a source: its tier's dice ("" when the ruleset has none).

    A source without a stat block (a trap, the GM) is heroic (docs/rulings.md R-83).
    """
    dice = engine.ruleset.hooks.movement_policy.collision_dice
    if not dice:
        return ""
    source = encounter.find_creature(source_id) if source_id else None
    statblock = engine.rules.statblock(source) if source is not None else None
    level = statblock.level if statblock is not None else 1
    return dice[min(len(dice) - 1, max(0, level - 1) // TIER_LEVELS)]


def collide(
    engine: Engine,
    encounter: Encounter,
    target_id: str,
    collided_with: str,
    source_id: str | None,
    dice: QueuedSource,
) -> Encounter:
    """003-43: the moved creature and what it hit take Forced Movement Damage (one roll).

    Raises:
        ActionError: the ruleset has no collision damage, or no such creature.
    """
    expression = collision_dice(engine, encounter, source_id)
    if not expression:
        raise ActionError(f"{engine.ruleset.name} has no collision damage (003-43)")
    involved = [target_id]
    if collided_with != OBSTACLE:
        if encounter.find_creature(collided_with) is None or collided_with == target_id:
            raise ActionError(f"{no_creature(collided_with)} to collide with")
        involved.append(collided_with)
    damage = roll(expression, dice)
    label = f"collision ({engine.name(encounter, target_id)})"
    encounter = DiceRolled.from_roll(damage, label).logged_on(encounter)
    for creature_id in involved:
        creature = encounter.creature(creature_id)
        if engine.rules.statblock(creature) is None or engine.rules.state(creature) is None:
            continue  # a token without a stat block takes no damage
        source = "Forced Movement Damage (003-43)"
        encounter = damaged(engine, encounter, creature_id, damage.total, (), source)
    return encounter


def edge_save(
    engine: Engine,
    encounter: Encounter,
    target_id: str,
    moved: int,
    squares: int,
    dice: QueuedSource,
) -> Encounter:
    """003-45: the save against going over the edge after ``moved`` of ``squares`` squares.

    The penalty is the squares left after the one that would take it over (003 l.524: "4
    squares of forced movement and 2 are spent to move the character over the precipice, the
    excess distance is 2 squares"). Success: it stays on its square, knocked prone. Failure:
    it goes over; the GM places the fall (Falling in the GM box).

    Raises:
        ActionError: the ruleset has no such save.
    """
    left = max(0, squares - (moved + 1))
    penalty = (Modifier(-left, "squares of forced movement left"),) if left else ()
    save = rules_turns.saving_throw(dice, engine.ruleset, penalty)
    name = engine.name(encounter, target_id)
    if not save.success:
        note = f"{name} fails the save ({save.total.total}) and goes over the edge"
        return engine.rule_note(encounter, target_id, "003-45", note)
    encounter = engine.rule_note(
        encounter, target_id, "003-45", f"{name} saves ({save.total.total}): stops, prone"
    )
    return imposed_condition(engine, encounter, target_id, Condition.PRONE, _SAVED_PRONE)


def grab_holds(
    engine: Engine, encounter: Encounter, target_id: str, destination: Square, dice: QueuedSource
) -> tuple[Encounter, bool]:
    """003-27: saves of a grabbed creature forced out of reach; True when the move is negated.

    Each grab whose grabber would no longer be adjacent gets a save: success ends that grab,
    failure negates the forced movement (000: the grab simply ends, docs/rulings.md R-06).
    """
    if not engine.ruleset.hooks.movement_policy.grab_save_negates:
        return encounter, False
    target = encounter.creature(target_id)
    state = engine.rules.state(target)
    if state is None:
        return encounter, False
    there = target.moved_to(destination).space
    negated = False
    for grab in state.instances_of(Condition.GRAPPLED):
        grabber = encounter.find_creature(grab.source_id) if grab.source_id else None
        if grabber is None or space_distance(there, grabber.space) <= 1:
            continue
        save = rules_turns.saving_throw(dice, engine.ruleset)
        record = SavingThrow.from_save(grab, save)
        encounter = record.logged_on(encounter, target_id)
        if save.success:
            current = engine.combatant(encounter, target_id).state
            encounter = engine.set_state(
                encounter, target_id, rules_state.remove_effect(current, grab.effect_id)
            )
        else:
            negated = True
    if negated:
        note = f"{target.name} is held: the forced movement is negated"
        encounter = engine.rule_note(encounter, target_id, "003-27", note)
    return encounter, negated


def placed(engine: Engine, encounter: Encounter, end: ForcedMoveEnd) -> Encounter:
    """003-43 a collision the GM confirmed, 003-45 the save at an edge: after the target moved."""
    target_id, details, dice = end.target_id, end.details, end.dice
    if details.collided_with is not None:
        encounter = collide(
            engine, encounter, target_id, details.collided_with, details.source_id, dice
        )
    if details.over_edge:
        encounter = edge_save(engine, encounter, target_id, end.moved, end.squares, dice)
    return encounter
