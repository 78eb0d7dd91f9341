"""003's stealth maneuvers as actions, and losing Shrouded or Hidden in the open.

003-47 (003 "5.10.5 Stealth Maneuvers", l.672-721): Enshroud and Hide (standard actions) need
"Cover (other than Body Cover) or Concealment from all enemies"; Search (standard) and Spot
(minor) take them away; Sneak (move) moves half the speed without losing them. 003 "5.8.3
Stealth status effects" (l.414-432): both are lost "If, at the end of a character's action, the
... character doesn't have Cover (other than Body Cover) or Concealment against all enemies".
The "Medium" DCs and the Trained/Master/Grandmaster tiers are the GM's (docs/rulings.md R-99).

Cover is the attack's own measure (`space_cover`, the ruleset's scale) on the battlefield
without the other creatures: Body Cover never counts (003-04). Concealment is the attack's
(`space_concealment` for a ranged attack, with the enemy's senses).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from orcus_desktop.controller.availability.actions import CombatAction, action_problem
from orcus_desktop.controller.availability.kinds import kind_problem
from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import ActionError, Engine, named_step
from orcus_desktop.controller.log.records import ConditionAdded, log_ended
from orcus_desktop.controller.movement.movement import move_creature
from orcus_desktop.controller.outcomes import (
    MoveDone,
    Outcome,
    Step,
    logged_since,
    no_creature,
    refuse,
)
from orcus_desktop.controller.variants.square_fireballs.monster_groups import turn_key
from orcus_desktop.geometry.battlefield import Battlefield, Occupant, UnknownOccupantError
from orcus_desktop.geometry.cover import space_cover
from orcus_desktop.geometry.grid import Square, space_distance
from orcus_desktop.geometry.sight import space_concealment
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.checks import skill_check
from orcus_desktop.rules.conditions import Condition, ConditionInstance, rules_for
from orcus_desktop.rules.durations import UNTIL_COUNTERED
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, CreatureId, MoveMode, Origin

MANEUVERS: Final = ("enshroud", "hide", "search", "sneak", "spot")
"""003 l.672-721, in the order of the text; their action kinds are the ruleset's."""

NEARBY_SQUARES = 10
"""003's "nearby" (Hide's DC, Search's targets): within 10 squares (docs/rulings.md R-99)."""

CLOSE_SQUARES = 4
"""Hide "+1: You are within 4 squares of an enemy"; Search "-1: ... within 4 squares"."""

SPOT_SQUARES = 2
"""Spot: "enemies within 2 or less squares of you"."""

_STEALTH: Final = (Condition.SHROUDED, Condition.HIDDEN)
_MECHANIC = "003-47"


@dataclass(frozen=True, slots=True)
class StealthCheck:
    """What the GM gives for a Hide or Search check (003 l.686-703).

    Attributes:
        dc: the "Medium" DC (003 defines it elsewhere: the GM's, docs/rulings.md R-99).
        tier: the opposing side's training, 0 none, 1/2/3 Trained/Master/Grandmaster (the
            highest; "+1/+2/+3" to the DC).
        die: the d20 rolled at the table, or None for the app to roll.
        trained: the checking creature is trained in the skill (+5, 000's skill check).
    """

    dc: int
    tier: int = 0
    die: int | None = None
    trained: bool = False


def offered(ruleset: Ruleset) -> bool:
    """Whether the ruleset has the stealth maneuvers (003; no other)."""
    return "enshroud" in dict(ruleset.actions.action_kinds.pairs)


def action_kind(ruleset: Ruleset, maneuver: str) -> ActionKind:
    """The maneuver's action kind, the ruleset's (003: standard, but Sneak move, Spot minor)."""
    return ActionKind(ruleset.actions.action_kind(maneuver, "standard"))


def _stealthy(state_conditions: Sequence[ConditionInstance]) -> tuple[ConditionInstance, ...]:
    return tuple(c for c in state_conditions if c.condition in _STEALTH)


def _enemies(engine: Engine, encounter: Encounter, creature: Creature) -> list[Creature]:
    return [
        c
        for c in encounter.creatures
        if c.side != creature.side and not engine.rules.is_dead(encounter, c.id)
    ]


def _occupant(field: Battlefield, creature_id: str) -> Occupant | None:
    try:
        return field.occupant(creature_id)
    except UnknownOccupantError:
        return None  # 003-48: swallowed or exiled, off the battlefield


def shelter(
    engine: Engine, encounter: Encounter, creature_id: str
) -> list[tuple[Creature, CoverDegree, ConcealmentDegree]]:
    """The creature's cover (without Body Cover) and concealment against each enemy.

    003-47 "Cover (other than Body Cover) or Concealment"; 003-04: only walls and terrain.
    """
    field = engine.battlefield(encounter)
    me = _occupant(field, creature_id)
    if me is None:
        return []
    buckets = engine.ruleset.cover_buckets()
    found: list[tuple[Creature, CoverDegree, ConcealmentDegree]] = []
    for enemy in _enemies(engine, encounter, encounter.creature(creature_id)):
        seer = _occupant(field, enemy.id)
        if seer is None:
            continue
        alone = field.with_occupants((seer, me))  # no Body Cover (003-04)
        cover = space_cover(alone, seer, me, buckets).degree
        concealment = space_concealment(field, seer, me, Origin.RANGED)
        found.append((enemy, cover, concealment))
    return found


def exposed_to(engine: Engine, encounter: Encounter, creature_id: str) -> tuple[str, ...]:
    """The names of the enemies it has neither cover nor concealment against (003-47)."""
    return tuple(
        enemy.name
        for enemy, cover, concealment in shelter(engine, encounter, creature_id)
        if cover is CoverDegree.NONE and concealment is ConcealmentDegree.NONE
    )


def _totally_sheltered(
    sheltered: Sequence[tuple[Creature, CoverDegree, ConcealmentDegree]],
) -> bool:
    """Hide's and Search's "Total Cover or Total Concealment from all enemies" (-1/+1)."""
    return bool(sheltered) and all(
        cover is CoverDegree.TOTAL or concealment is ConcealmentDegree.TOTAL
        for _, cover, concealment in sheltered
    )


def table_key(maneuver: str) -> str:
    """The maneuver's key in the availability table (apart from 001's Hide and Search)."""
    return f"stealth_{maneuver}"


def maneuver_problem(engine: Engine, encounter: Encounter, creature_id: str, maneuver: str) -> str:
    """Why the creature cannot take this stealth maneuver now, or ""."""
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    if not offered(engine.ruleset) or maneuver not in MANEUVERS:
        return f"{engine.ruleset.name} has no {maneuver.capitalize()} maneuver (003-47)"
    if engine.rules.statblock(creature) is None or engine.rules.state(creature) is None:
        return f"{creature.name} has no stat block"
    held = _stealthy(engine.combatant(encounter, creature_id).state.conditions)
    if maneuver == "sneak" and not held:
        # 003 l.707 Sneak: "Use only while Shrouded or Hidden."
        return f"{creature.name} is neither shrouded nor hidden: no Sneak"
    if maneuver in ("enshroud", "hide") and any(c.condition is Condition.HIDDEN for c in held):
        return f"{creature.name} is already hidden"
    problem = kind_problem(
        engine.rules, encounter, creature_id, action_kind(engine.ruleset, maneuver)
    )
    if not problem and maneuver == "sneak":
        # "A walk in every other way" (`sneak`): prone, immobile or off the map, no Sneak.
        problem = action_problem(engine.rules, encounter, creature_id, CombatAction.WALK)
    if problem:
        return problem
    if maneuver in ("enshroud", "hide"):
        seen_by = exposed_to(engine, encounter, creature_id)
        if seen_by:
            # 003 l.676, 686: "If you are in Cover (other than Body Cover) or Concealment
            # from all enemies".
            return f"{creature.name} has no cover or concealment from {', '.join(seen_by)}"
    if maneuver == "search" and not _searched(engine, encounter, creature_id):
        return f"no hidden or shrouded enemy is nearby (within {NEARBY_SQUARES} squares)"
    return ""


def _searched(engine: Engine, encounter: Encounter, creature_id: str) -> list[Creature]:
    """Search's "Hidden or Shrouded enemies nearby"."""
    me = encounter.creature(creature_id)
    return [
        e
        for e in _enemies(engine, encounter, me)
        if (state := engine.rules.state(e)) is not None
        and _stealthy(state.conditions)
        and space_distance(me.space, e.space) <= NEARBY_SQUARES
    ]


def _set_stealth(
    engine: Engine, encounter: Encounter, creature_id: str, condition: Condition | None, why: str
) -> Encounter:
    """Replace the creature's Shrouded/Hidden with ``condition`` (None: neither), logged."""
    state = engine.combatant(encounter, creature_id).state
    old = _stealthy(state.conditions)
    kept = tuple(c for c in state.conditions if c not in old)
    state = replace(state, conditions=kept)
    holder = CreatureId(creature_id)
    if old:
        combat = log_ended(encounter.combat, creature_id, old, f"{why} ({_MECHANIC})")
        encounter = encounter.with_combat(combat)
    if condition is not None:
        current = encounter.combat.current
        state, added = rules_state.impose_condition(
            state,
            condition,
            engine.ruleset,
            holder=holder,
            source=f"{why} ({_MECHANIC})",
            duration=UNTIL_COUNTERED,
            current_turn=CreatureId(current) if current else None,
        )
        for inst in added:
            encounter = ConditionAdded(inst).logged_on(encounter, None, (holder,))
    return engine.set_state(encounter, creature_id, state)


def _begin(engine: Engine, encounter: Encounter, creature_id: str, maneuver: str) -> Encounter:
    problem = maneuver_problem(engine, encounter, creature_id, maneuver)
    if problem:
        raise ActionError(problem)
    return engine.spend(encounter, creature_id, action_kind(engine.ruleset, maneuver))


def enshroud(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """003 l.672-678 Enshroud: Shrouded, or Hidden if it already was (in cover or concealment)."""

    def change(e: Encounter) -> Encounter:
        e = _begin(engine, e, creature_id, "enshroud")
        state = engine.combatant(e, creature_id).state
        was = any(c.condition is Condition.SHROUDED for c in state.conditions)
        becomes = Condition.HIDDEN if was else Condition.SHROUDED
        e = _set_stealth(engine, e, creature_id, becomes, "Enshroud")
        note = f"Enshroud: {engine.name(e, creature_id)} is {becomes.value}"
        return engine.rule_note(e, creature_id, _MECHANIC, note)

    return named_step(engine, encounter, "enshroud", "{name} enshrouds", change, creature_id)


def _dc_modifiers(tier: int, close: bool, total: bool, *, hide: bool) -> tuple[Modifier, ...]:
    """Hide's and Search's DC modifiers (003 l.689-692, 701-704)."""
    mods: list[Modifier] = []
    if tier:
        who = "nearby enemies' Perception" if hide else "hidden enemies' Stealth"
        mods.append(Modifier(tier, f"{who} (tier {tier})"))
    if close:
        mods.append(Modifier(1 if hide else -1, f"within {CLOSE_SQUARES} squares"))
    if total:
        mods.append(Modifier(-1 if hide else 1, "total cover or concealment"))
    return tuple(mods)


def _rolled(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    maneuver: str,
    skill: str,
    check: StealthCheck,
    mods: Sequence[Modifier],
) -> tuple[Encounter, bool]:
    """The maneuver's check against the GM's DC with 003's modifiers, logged with the roll."""
    dc = check.dc + sum(m.value for m in mods)
    rolled = skill_check(
        engine.combatant(encounter, creature_id),
        skill,
        QueuedSource(engine.rng, [check.die]),
        engine.ruleset,
        target_number=dc,
        trained=check.trained,
    )
    success = bool(rolled.success)
    parts = "".join(f" {m.value:+d} {m.source}" for m in mods)
    note = (
        f"{maneuver}: {skill.capitalize()} check {rolled.total.total} vs DC {check.dc}{parts}"
        f" = {dc}: {'success' if success else 'failure'}"
    )
    return engine.rule_note(encounter, creature_id, _MECHANIC, note), success


def _validated(check: StealthCheck) -> None:
    if not 0 <= check.tier <= 3:
        raise ActionError("the training tier is 0 (none) to 3 (Grandmaster)")
    if check.die is not None and not 1 <= check.die <= 20:
        raise ActionError(f"{check.die} is not a face of a d20")


def hide(engine: Engine, encounter: Encounter, creature_id: str, check: StealthCheck) -> Outcome:
    """003 l.680-692 Hide: a "Medium Stealth check"; on a success, Hidden."""

    def change(e: Encounter) -> Encounter:
        _validated(check)
        e = _begin(engine, e, creature_id, "hide")
        me = e.creature(creature_id)
        sheltered = shelter(engine, e, creature_id)
        close = any(
            space_distance(me.space, enemy.space) <= CLOSE_SQUARES for enemy, _, _ in sheltered
        )
        mods = _dc_modifiers(check.tier, close, _totally_sheltered(sheltered), hide=True)
        e, success = _rolled(engine, e, creature_id, "Hide", "stealth", check, mods)
        if success:
            e = _set_stealth(engine, e, creature_id, Condition.HIDDEN, "Hide")
        return e

    return named_step(engine, encounter, "hide", "{name} tries to hide", change, creature_id)


def search(engine: Engine, encounter: Encounter, creature_id: str, check: StealthCheck) -> Outcome:
    """003 l.694-704 Search: a "Medium Perception check"; success ends their stealth.

    On a success the nearby hidden and shrouded enemies are neither.
    """

    def change(e: Encounter) -> Encounter:
        _validated(check)
        e = _begin(engine, e, creature_id, "search")
        me = e.creature(creature_id)
        found = _searched(engine, e, creature_id)
        hidden = [f for f in found if Condition.HIDDEN in engine.rules.conditions(e, f.id)]
        close = any(space_distance(me.space, f.space) <= CLOSE_SQUARES for f in hidden)
        # "+1: Hidden enemies have Total Cover or Total Concealment from you" (all of them).
        total = bool(hidden) and all(_against(engine, e, f.id, creature_id) for f in hidden)
        mods = _dc_modifiers(check.tier, close, total, hide=False)
        e, success = _rolled(engine, e, creature_id, "Search", "perception", check, mods)
        if success:
            for f in found:
                e = _set_stealth(engine, e, f.id, None, f"found by {me.name}'s Search")
        return e

    return named_step(engine, encounter, "search", "{name} searches", change, creature_id)


def _against(engine: Engine, encounter: Encounter, hider_id: str, seeker_id: str) -> bool:
    """Whether the hider has total cover or total concealment from this one seeker."""
    return any(
        enemy.id == seeker_id
        and (cover is CoverDegree.TOTAL or concealment is ConcealmentDegree.TOTAL)
        for enemy, cover, concealment in shelter(engine, encounter, hider_id)
    )


def spot(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """003 l.716-721 Spot: shrouded enemies within 2 lose it; hidden ones become shrouded."""

    def change(e: Encounter) -> Encounter:
        e = _begin(engine, e, creature_id, "spot")
        me = e.creature(creature_id)
        spotted: list[str] = []
        for enemy in _enemies(engine, e, me):
            state = engine.rules.state(enemy)
            held = _stealthy(state.conditions) if state is not None else ()
            if not held or space_distance(me.space, enemy.space) > SPOT_SQUARES:
                continue
            hidden = any(c.condition is Condition.HIDDEN for c in held)
            becomes = Condition.SHROUDED if hidden else None
            e = _set_stealth(engine, e, enemy.id, becomes, f"spotted by {me.name}")
            spotted.append(enemy.name)
        note = f"Spot: {', '.join(spotted) if spotted else 'nobody'} within {SPOT_SQUARES}"
        return engine.rule_note(e, creature_id, _MECHANIC, note)

    return named_step(engine, encounter, "spot", "{name} spots", change, creature_id)


def sneak_speed(creature: Creature) -> int:
    """003 l.712 Sneak: "Move half your Speed" (rounded down, at least 1)."""
    return max(1, creature.speed // 2)


def sneak(engine: Engine, encounter: Encounter, creature_id: str, destination: Square) -> Outcome:
    """003 l.706-712 Sneak (move action): half its speed, keeping Shrouded or Hidden.

    A walk in every other way (it provokes as a walk does, 003-47 permitting).
    """
    problem = maneuver_problem(engine, encounter, creature_id, "sneak")
    if problem:
        return refuse("sneak", problem, creature_id)
    creature = encounter.creature(creature_id)
    outcome = move_creature(
        engine,
        encounter,
        creature_id,
        destination,
        MoveMode.WALK,
        speed=sneak_speed(creature),
        reveals=False,  # "This movement does not cause you to lose Shrouded or Hidden."
    )
    if not isinstance(outcome, Step):
        return replace(outcome, operation="sneak")
    cost = outcome.result.cost if isinstance(outcome.result, MoveDone) else 0
    note = f"Sneak: {creature.name} moves {cost} squares, unseen"
    after = engine.rule_note(outcome.after, creature_id, _MECHANIC, note)
    text = outcome.result.text.replace("Move ", "Sneak ", 1)
    result = replace(outcome.result, operation="sneak", text=text)
    return replace(outcome, after=after, result=result)


# --- losing it at the end of an action ---------------------------------------------------------


def _acted(engine: Engine, before: Encounter, after: Encounter) -> bool:
    """Whether a step was a combatant's action: it spent some of a turn, the turn unchanged.

    Starting the fight, ending a turn and the GM's edits are no actions.
    """
    if not (before.combat.active and after.combat.active):
        return False
    # A monster group's turn is one turn, whichever member acts (003-07; docs/rulings.md R-111).
    if turn_key(engine, before.combat) != turn_key(engine, after.combat):
        return False
    old = {c.creature_id: c for c in before.combat.combatants}
    for c in after.combat.combatants:
        was = old.get(c.creature_id)
        if was is None:
            continue
        if (c.budget, c.immediate_used, c.moved_squares, c.opportunity_turn) != (
            was.budget,
            was.immediate_used,
            was.moved_squares,
            was.opportunity_turn,
        ):
            return True
    return False


def after_step(engine: Engine, before: Encounter, outcome: Outcome) -> Outcome:
    """End Shrouded and Hidden held in the open once an action is done (003-47, l.420, 431).

    "If, at the end of a character's action, the ... character doesn't have Cover (other than
    Body Cover) or Concealment against all enemies." GM edits are no actions: a condition the
    GM sets stays until the next action.
    """
    if not isinstance(outcome, Step) or not offered(engine.ruleset):
        return outcome  # 003's rule only (001's Hidden is its own, docs/rulesets.md)
    if not _acted(engine, before, outcome.after):
        return outcome
    after = outcome.after
    ruleset = engine.ruleset
    for creature in after.creatures:
        state = creature.state
        if state is None or not any(
            rules_for(c.condition, ruleset).lost_on_attack_or_move and c.condition in _STEALTH
            for c in state.conditions
        ):
            continue
        seen_by = exposed_to(engine, after, creature.id)
        if seen_by:
            why = f"no cover or concealment from {', '.join(seen_by)}"
            after = _set_stealth(engine, after, creature.id, None, why)
    if after is outcome.after:
        return outcome
    log = logged_since(before, after)
    return replace(outcome, after=after, result=replace(outcome.result, log=log))
