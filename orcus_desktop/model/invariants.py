"""The document invariant: what every encounter the app holds is true of, checked in one place.

A creature may carry a stat block the rules cannot read (a token dropped from a partial library
entry); its actions are then refused by name. The loader lists such creatures separately
(`statblock_problem`) so the GM decides whether a file opens without them.

A file opens only into an encounter that passes `encounter_problems` (the loader raises the
first problem as `EncounterFileError`), and in debug and test runs `History` checks it again
after every undo step (`enable_invariant_checks`). Each problem is one line naming the field
path as the file spells it and what is wrong: `creatures[3].state.current_hp: 52 is more
than max 40`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from operator import itemgetter
from typing import Any, Final

from orcus_desktop.geometry.features import Point, TerrainKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.model.combat import Combat, CombatPhase
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.file_format.fields import EncounterFileError
from orcus_desktop.model.frozen import thaw
from orcus_desktop.model.map_limits import (
    WALL_HIGH,
    WALL_LOW,
    lights_problem,
    lit_area_problem,
    terrain_problem,
    walls_problem,
)
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.ruleset import RULESETS, Ruleset
from orcus_desktop.rules.statblock_dicts import statblock_from_dict
from orcus_desktop.rules.state import CreatureState

_TINY_PER_SQUARE = 4  # docs/rulings.md R-17 (`_Standing`)


def check_encounter(encounter: Encounter) -> None:
    """Raise the first broken invariant of `encounter`.

    Raises:
        EncounterFileError: `field.path: problem`.
    """
    for problem in encounter_problems(encounter):
        raise EncounterFileError(problem)


def encounter_problems(encounter: Encounter) -> Iterator[str]:
    """Every broken invariant of `encounter`, one line each, in file order."""
    return step_problems(None, encounter)


def step_problem(before: Encounter, after: Encounter) -> str:
    """The first broken invariant of the snapshot a step would commit, or "".

    The one check behind "a step that would produce a document the loader refuses is refused"
    (`GameSession._apply`): only the parts `after` does not share with `before` (which passed)
    are checked, so a drag's commit stays cheap; the loader checks everything.
    """
    return next(step_problems(before, after), "")


def step_problems(before: Encounter | None, after: Encounter) -> Iterator[str]:
    """`after`'s broken invariants, skipping the parts it shares with `before` (None: all)."""

    def changed(*parts: str) -> bool:
        return before is None or any(getattr(before, p) is not getattr(after, p) for p in parts)

    if changed("walls"):
        yield from _wall_problems(after)
    if changed("terrain", "grid"):
        yield from _terrain_problems(after)
    if changed("notes", "grid"):
        yield from _note_problems(after)
    if changed("creatures", "terrain", "grid", "ruleset_id"):
        yield from _creature_problems(after)
    if changed("map_image"):
        yield from _map_image_problems(after)
    if changed("combat", "creatures"):
        log_from = 0 if before is None else _log_unchanged(before.combat, after.combat)
        yield from _combat_problems(after.combat, set(after.creature_ids()), log_from)
    if changed("lighting", "zones", "creatures"):
        yield from _reference_problems(after, set(after.creature_ids()))


def _log_unchanged(before: Combat, after: Combat) -> int:
    """How many of `after`'s first log entries are `before`'s, unchanged (a step appends)."""
    shared = len(before.log)
    if shared == 0 or len(after.log) < shared or after.log[shared - 1] is not before.log[-1]:
        return 0
    return shared - 1  # the last shared entry stays, for the next one's order


def _reference_problems(encounter: Encounter, creature_ids: set[str]) -> Iterator[str]:
    """Lights and zones name only creatures in the encounter (a file must reopen)."""
    too_many = lights_problem(len(encounter.lighting.sources)) or lit_area_problem(
        encounter.lighting.sources
    )
    if too_many:
        yield f"lighting.sources: {too_many}"
    for i, source in enumerate(encounter.lighting.sources):
        if source.carried_by is not None and source.carried_by not in creature_ids:
            yield (
                f'lighting.sources[{i}].carried_by: "{source.carried_by}" is not a creature '
                "in this encounter"
            )
    for i, zone in enumerate(encounter.zones):
        if zone.owner is not None and zone.owner not in creature_ids:
            yield f'zones[{i}].owner: "{zone.owner}" is not a creature in this encounter'


def statblock_problem(raw: Mapping[str, Any]) -> str:
    """Why a stored stat block cannot be read by the rules, or "" (none at all is fine)."""
    return _read_statblock(raw)[0] if raw else ""


def max_hp_of(raw: Mapping[str, Any]) -> int | None:
    """The stat block's maximum hit points, or None when it has none (or cannot be read)."""
    return _read_statblock(raw)[1] if raw else None


def _read_statblock(raw: Mapping[str, Any]) -> tuple[str, int | None]:
    """(why it cannot be read or "", its maximum hit points), parsed once per stat block."""
    cached = _statblock_cache.get(id(raw))
    if cached is not None and cached[0] is raw:
        return cached[1]
    try:
        answer: tuple[str, int | None] = ("", statblock_from_dict(thaw(raw)).max_hp)
    except (ValueError, TypeError, KeyError) as exc:
        answer = (" ".join(str(exc).split()) or type(exc).__name__, None)
    if len(_statblock_cache) > 4096:
        _statblock_cache.clear()
    _statblock_cache[id(raw)] = (raw, answer)
    return answer


# Stat blocks are frozen and shared between snapshots, so one parse serves every check.
_statblock_cache: dict[int, tuple[Mapping[str, Any], tuple[str, int | None]]] = {}


# Walls may lie a margin beyond the largest grid: the wall index's memory stays bounded.
_WALL_LOW = WALL_LOW
_WALL_HIGH = WALL_HIGH


class _LastWalls:
    """The last walls' points checked against the limits table, and the answer.

    The check reads only where the walls lie, and most steps (a door opened, a token moved)
    keep every wall's points: the crossing count runs once per change of the walls' shape.
    """

    shape: tuple[tuple[Point, ...], ...] | None = None
    problem = ""

    @classmethod
    def problem_of(cls, walls: tuple[WallEntry, ...]) -> str:
        shape = tuple(entry.wall.points for entry in walls)
        if shape != cls.shape:
            cls.problem = walls_problem([entry.wall for entry in walls])
            cls.shape = shape
        return cls.problem


def _wall_problems(encounter: Encounter) -> Iterator[str]:
    found = False
    for problem in _wall_point_problems(encounter):
        found = True
        yield problem
    limits = "" if found else _LastWalls.problem_of(encounter.walls)
    if limits:
        yield f"walls: {limits}"


def _wall_point_problems(encounter: Encounter) -> Iterator[str]:
    seen: set[str] = set()
    for i, entry in enumerate(encounter.walls):
        if entry.id in seen:
            yield f'walls[{i}].id: "{entry.id}" is used twice'
        seen.add(entry.id)
    if _CleanPoints.holds(encounter.walls):
        return  # issue 33: a door opened keeps every point (12,000 walls: 15 ms a step)
    found = False
    for problem in _point_problems(encounter.walls):
        found = True
        yield problem
    if not found:
        _CleanPoints.remember(encounter.walls)


class _CleanPoints:
    """The last walls' points found finite and within the limits (as `_LastWalls`)."""

    shape: tuple[tuple[Point, ...], ...] | None = None

    @classmethod
    def holds(cls, walls: tuple[WallEntry, ...]) -> bool:
        return cls.shape is not None and tuple(e.wall.points for e in walls) == cls.shape

    @classmethod
    def remember(cls, walls: tuple[WallEntry, ...]) -> None:
        cls.shape = tuple(e.wall.points for e in walls)


def _point_problems(walls: tuple[WallEntry, ...]) -> Iterator[str]:
    for i, entry in enumerate(walls):
        for j, (x, y) in enumerate(entry.wall.points):
            where = f"walls[{i}].points[{j}]"
            if not (math.isfinite(x) and math.isfinite(y)):
                yield f"{where}: not a finite number"
            elif not (_WALL_LOW <= x <= _WALL_HIGH and _WALL_LOW <= y <= _WALL_HIGH):
                yield (
                    f"{where}: ({x:g}, {y:g}) lies outside {_WALL_LOW} to {_WALL_HIGH}, "
                    "where walls may lie"
                )


def _terrain_problems(encounter: Encounter) -> Iterator[str]:
    too_much = terrain_problem(sum(len(patch.squares) for patch in encounter.terrain))
    if too_much:
        yield f"terrain: {too_much}"
    grid = encounter.grid
    for i, patch in enumerate(encounter.terrain):
        if _within(patch.squares, grid):  # most patches, by C loops alone
            continue
        for square in sorted(patch.squares):
            if not grid.contains(square):
                yield f"terrain[{i}].squares: ({square.col}, {square.row}) is off the grid"


def _within(squares: frozenset[Square], grid: GridBounds) -> bool:
    """Whether every square lies on the grid (the minimum and maximum of each coordinate)."""
    if not squares:
        return True
    columns: list[int] = list(map(_COLUMN, squares))
    rows: list[int] = list(map(_ROW, squares))
    return (
        min(columns) >= 0
        and max(columns) < grid.columns
        and min(rows) >= 0
        and max(rows) < grid.rows
    )


_COLUMN: Final = itemgetter(0)
_ROW: Final = itemgetter(1)


def _note_problems(encounter: Encounter) -> Iterator[str]:
    """The GM's notes stand on the map, as the loader reads them (`file_format/notes.py`)."""
    grid = encounter.grid
    for i, note in enumerate(encounter.notes):
        x, y = note.point
        if not (0 <= x <= grid.columns and 0 <= y <= grid.rows):
            yield f"gm_notes[{i}].point: ({x:g}, {y:g}) is off the map"


def _creature_problems(encounter: Encounter) -> Iterator[str]:
    seen: set[str] = set()
    known = RULESETS.get(encounter.ruleset_id)
    standing = _Standing(encounter, shared=spaces_may_be_shared(encounter.ruleset_id))
    for i, creature in enumerate(encounter.creatures):
        where = f"creatures[{i}]"
        if not creature.id:
            yield f"{where}.id: empty"
        if creature.id in seen:
            yield f'{where}.id: "{creature.id}" is used twice'
        seen.add(creature.id)
        if not encounter.grid.contains_space(occupied_space(creature)):
            yield f"{where}.square: the creature's space runs off the grid"
            continue
        problem = standing.place(creature)
        if problem:
            yield f"{where}.square: {problem}"
        state = creature.state
        if state is None:
            continue
        max_hp = max_hp_of(creature.statblock)
        if max_hp is not None and state.current_hp > max_hp:
            yield f"{where}.state.current_hp: {state.current_hp} is more than max {max_hp}"
        # 000 "Death": the dead are at 0 hit points or fewer and keep no temporary ones
        # (rules/damage.py and rules/turns.py clear them on death).
        if state.dead and state.current_hp > 0:
            yield f"{where}.state.current_hp: {state.current_hp}, but the creature is dead"
        if state.dead and state.temp_hp:
            yield f"{where}.state.temp_hp: {state.temp_hp}, but the creature is dead"
        yield from _life_problems(where, state, known)


class _Standing:
    """Who stands on which square, the creatures placed one at a time in file order.

    docs/rulings.md R-17: up to four tiny creatures share a square, and a tiny one may stand in
    a bigger creature's space; apart from that no two creatures share a square, unless the
    ruleset lets them (`spaces_may_be_shared`). Nothing stands on blocking terrain.
    """

    def __init__(self, encounter: Encounter, *, shared: bool) -> None:
        self._blocking = {
            s for p in encounter.terrain if p.kind is TerrainKind.BLOCKING for s in p.squares
        }
        self._shared = shared
        self._big_at: dict[Square, Creature] = {}
        self._tiny_at: dict[Square, int] = {}
        self.overlapped: Creature | None = None
        """Whose space the creature placed last overlaps, where that is its problem."""

    def place(self, creature: Creature) -> str:
        """Stand `creature` in its space, square by square: why it may not stand there, or "".

        The first square that may not hold it names the problem, and its squares from there on
        are not taken. 000 "Squeeze": a squeezing creature fills a space one size smaller
        (docs/rulings.md R-131).
        """
        self.overlapped = None
        for square in occupied_space(creature).squares():
            if square in self._blocking:
                return f"({square.col}, {square.row}) is blocking terrain"
            if creature.size is Size.TINY:
                self._tiny_at[square] = self._tiny_at.get(square, 0) + 1
                if self._tiny_at[square] > _TINY_PER_SQUARE:
                    return "more than four tiny creatures share a square"
            elif square in self._big_at and not self._shared:
                self.overlapped = self._big_at[square]
                return f'overlaps "{self.overlapped.id}" at ({square.col}, {square.row})'
            else:
                self._big_at[square] = creature
        return ""


def _life_problems(where: str, state: CreatureState, ruleset: Ruleset | None) -> Iterator[str]:
    """Death saves that would have killed, and effect ids the state hands out (issue 29)."""
    # 000 "Death Saving Throws": "On your third failure, you die" (the ruleset's number).
    deadly = ruleset.death_save_failures_to_die if ruleset is not None else 3
    if not state.dead and state.death_save_failures >= deadly:
        yield (
            f"{where}.state.death_save_failures: {state.death_save_failures}, but the creature "
            "is not dead"
        )
    # Each condition and persistent damage has its own id, below the next one handed out.
    seen: set[int] = set()
    ids = [c.effect_id for c in state.conditions] + [p.effect_id for p in state.persistent]
    for effect_id in ids:
        if effect_id in seen:
            yield f"{where}.state: effect id {effect_id} is used twice"
        elif effect_id >= state.next_effect_id:
            yield (
                f"{where}.state: effect id {effect_id} is not below next_effect_id "
                f"{state.next_effect_id}"
            )
        seen.add(effect_id)


def spaces_may_be_shared(ruleset_id: str) -> bool:
    """Whether creatures may stand in one another's space where this ruleset plays.

    001-09: under 001 the GM may leave a creature in another's space (it falls prone); 004-25:
    a move may end in a prone ally's or a helpless enemy's space.
    """
    known = RULESETS.get(ruleset_id)
    policy = known.hooks.movement_policy if known is not None else None
    return policy is not None and (policy.occupancy.ends or policy.prone_when_sharing)


def shared_space(encounter: Encounter) -> tuple[Creature, Creature] | None:
    """The first two creatures (tiny ones aside) whose spaces overlap, or None.

    The overlap the loader would name first under a ruleset that lets no two share a space.
    """
    standing = _Standing(encounter, shared=False)
    for creature in encounter.creatures:
        if standing.place(creature) and standing.overlapped is not None:
            return standing.overlapped, creature
    return None


def occupied_space(creature: Creature) -> Space:
    """The space a creature fills now: one size smaller while it squeezes (000 "Squeeze").

    docs/rulings.md R-131.
    """
    state = creature.state
    if state is None or not state.instances_of(Condition.SQUEEZING):
        return creature.space
    sizes = list(Size)
    smaller = sizes[max(0, sizes.index(creature.size) - 1)]
    return Space(creature.square, smaller)


def _map_image_problems(encounter: Encounter) -> Iterator[str]:
    image = encounter.map_image
    if image is None:
        return
    if not (math.isfinite(image.pixels_per_square) and image.pixels_per_square > 0):
        yield "map_image.pixels_per_square: not a positive finite number"
    if not all(math.isfinite(v) for v in image.offset_px):
        yield "map_image.offset_px: not finite numbers"


def _combat_problems(combat: Combat, creature_ids: set[str], log_from: int = 0) -> Iterator[str]:
    combatant_ids: set[str] = {c.creature_id for c in combat.combatants}
    yield from _order_problems(combat, creature_ids)
    yield from _aid_and_held_problems(combat, creature_ids, combatant_ids)
    yield from _engagement_problems(combat, creature_ids)
    yield from _offer_problems(combat, creature_ids)
    yield from _log_problems(combat, log_from)


def _order_problems(combat: Combat, creature_ids: set[str]) -> Iterator[str]:
    """The combatants, the initiative order, whose turn it is and the round, each consistent."""
    combatant_ids: set[str] = set()
    for i, c in enumerate(combat.combatants):
        where = f"combat.combatants[{i}].id"
        if c.creature_id not in creature_ids:
            yield f'{where}: "{c.creature_id}" is not a creature in this encounter'
        if c.creature_id in combatant_ids:
            yield f'{where}: "{c.creature_id}" is listed twice'
        combatant_ids.add(c.creature_id)
    in_order: set[str] = set()
    for i, creature_id in enumerate(combat.order):
        where = f"combat.order[{i}]"
        if creature_id in in_order:
            yield f'{where}: "{creature_id}" is listed twice'
        elif creature_id not in combatant_ids:
            yield f'{where}: "{creature_id}" has no entry in combat.combatants'
        in_order.add(creature_id)
    if combat.active and not combat.order:
        yield "combat.order: empty, but a combat is running"
    if combat.current is not None:
        if not combat.active:
            yield f'combat.current: "{combat.current}", but no combat is running'
        elif combat.current not in in_order:
            yield f'combat.current: "{combat.current}" is not in the initiative order'
    if combat.phase is CombatPhase.ROUNDS and combat.round < 1:
        yield f"combat.round: {combat.round} in normal rounds (the first round is 1)"


def _unknown(named: Iterable[tuple[str, str | None]], creature_ids: set[str]) -> Iterator[str]:
    """A record naming a creature the encounter does not hold, where it names it."""
    for where, value in named:
        if value is not None and value not in creature_ids:
            yield f'{where}: "{value}" is not a creature in this encounter'


def _aid_and_held_problems(
    combat: Combat, creature_ids: set[str], combatant_ids: set[str]
) -> Iterator[str]:
    """Aids, maintained powers, the held step and owed moves name the encounter's creatures."""
    for i, aid in enumerate(combat.aids):
        roles = (("helper", aid.helper), ("ally", aid.ally), ("enemy", aid.enemy))
        yield from _unknown(((f"combat.aids[{i}].{r}", v) for r, v in roles), creature_ids)
    owners = ((f"combat.maintained[{i}].owner", m.owner) for i, m in enumerate(combat.maintained))
    yield from _unknown(owners, creature_ids)
    pending = combat.pending
    if pending is not None:
        held = (pending.attacker, *pending.targets)
        yield from _unknown((("combat.pending", v) for v in held), creature_ids)
        if pending.attacker in creature_ids and pending.attacker not in combatant_ids:
            yield f'combat.pending.attacker: "{pending.attacker}" is not in the combat'
    for i, owed in enumerate(combat.owed_forced_moves):
        where = f"combat.owed_forced_moves[{i}]"
        yield from _unknown(((where, n) for n in (owed.target, owed.source)), creature_ids)


def _offer_problems(combat: Combat, creature_ids: set[str]) -> Iterator[str]:
    """001's guards and strike offers, 004's cover choices, name the encounter's creatures."""
    yield from _unknown(
        ((f"combat.guards[{i}]", g.creature) for i, g in enumerate(combat.guards)), creature_ids
    )
    for i, o in enumerate(combat.strike_offers):
        where = f"combat.strike_offers[{i}]"
        yield from _unknown(((where, n) for n in (o.reactor, o.target)), creature_ids)
    for i, choice in enumerate(combat.cover_choices):  # 004 l.760, R-154
        where = f"combat.cover_choices[{i}]"
        named = (choice.coverer, choice.target, choice.attacker)
        yield from _unknown(((where, n) for n in named), creature_ids)


def _engagement_problems(combat: Combat, creature_ids: set[str]) -> Iterator[str]:
    """001-25's engagements: between creatures of the encounter, one target each."""
    engagers: set[str] = set()
    for i, e in enumerate(combat.engagements):
        for named in (e.engager, e.target):
            if named not in creature_ids:
                yield f'combat.engagements[{i}]: "{named}" is not a creature in this encounter'
        if e.engager == e.target or e.engager in engagers:
            # 001-25, 001 l.252: Engaged With one target at a time, never oneself.
            yield f'combat.engagements[{i}]: "{e.engager}" is engaged with one target at a time'
        engagers.add(e.engager)


def _log_problems(combat: Combat, log_from: int) -> Iterator[str]:
    """The log's entries from `log_from` on are numbered in order."""
    last_seq = 0
    for i in range(log_from, len(combat.log)):
        entry = combat.log[i]
        if entry.seq <= last_seq and entry.seq != 0:
            yield f"combat.log[{i}].seq: {entry.seq} does not follow {last_seq}"
        last_seq = max(last_seq, entry.seq)
