"""The battlefield as one immutable value: grid, walls, terrain and occupants, with cached indexes.

The caller (controller) builds a `Battlefield` from the document snapshot; every geometry question
(sight, cover, areas, movement, flanking, fog) takes one. Indexes (noded blocking segments, per
square terrain arrays, movement step masks) are built lazily once per value and reused: the
value is frozen, so a changed map is a new `Battlefield` (docs/design.md#battlefield).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from enum import IntEnum
from functools import cached_property
from typing import Any, Final, TypeVar, cast

import numpy as np

from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.light import NO_SENSES, LightingScene, Senses
from orcus_desktop.geometry.occupancy import ORCUS_OCCUPANCY, Occupancy
from orcus_desktop.geometry.wall_edits import changed_index
from orcus_desktop.geometry.walls import (
    BoolArray,
    FloatArray,
    Segment,
    SegmentIndex,
    square_outline_segments,
    wall_segments,
)


class Obscurement(IntEnum):
    """How hard a square is to see into (000 "Concealment", "Vision and Light")."""

    NONE = 0
    LIGHT = 1
    HEAVY = 2
    TOTAL = 3


T = TypeVar("T")

_OBSCUREMENT: Final = {
    TerrainKind.LIGHTLY_OBSCURED: Obscurement.LIGHT,
    TerrainKind.HEAVILY_OBSCURED: Obscurement.HEAVY,
    TerrainKind.TOTALLY_OBSCURED: Obscurement.TOTAL,
}


@dataclass(frozen=True, slots=True)
class Occupant:
    """A creature as geometry sees it.

    Attributes:
        id: the creature's id.
        space: its top-left square and size.
        side: creatures on different sides are enemies.
        invisible: 000 "Concealment": an invisible target has total concealment.
        can_take_opportunity_actions: False when a condition forbids opportunity actions; such a
            creature neither flanks (docs/rulings.md R-07) nor is provoked.
        speed: walking speed in squares.
        helpless: helpless (`Occupancy` may let movers pass or end in its space).
        incapacitated: stunned, unconscious or petrified (`Occupancy` may let movers pass).
        prone: prone (`Occupancy` may let allies end in its space).
        senses: its special senses (000 "Vision and Light"), for what it perceives in the dark.
    """

    id: str
    space: Space
    side: str
    invisible: bool = False
    can_take_opportunity_actions: bool = True
    speed: int = 6
    helpless: bool = False
    incapacitated: bool = False
    prone: bool = False
    senses: Senses = NO_SENSES

    @property
    def square(self) -> Square:
        return self.space.origin

    @property
    def size(self) -> Size:
        return self.space.size

    def moved_to(self, square: Square) -> Occupant:
        return replace(self, space=Space(square, self.space.size))

    def is_enemy_of(self, other: Occupant) -> bool:
        return self.side != other.side


class UnknownOccupantError(KeyError):
    """No occupant with that id on the battlefield."""


class _MapState:
    """What derives from the map alone (bounds, walls, terrain).

    Shared by every battlefield of the same map: moving a creature makes a new `Battlefield`
    but reuses these indexes.
    """

    def __init__(
        self, bounds: GridBounds, walls: tuple[Wall, ...], terrain: tuple[TerrainPatch, ...]
    ) -> None:
        # holding the walls and terrain keeps their ids (the cache key) unique while cached
        self.bounds = bounds
        self.walls = walls
        self.terrain = terrain
        self.values: dict[Hashable, Any] = {}


_MAP_STATES: OrderedDict[Hashable, _MapState] = OrderedDict()
_MAP_STATES_KEPT = 8


def _map_state(
    bounds: GridBounds, walls: tuple[Wall, ...], terrain: tuple[TerrainPatch, ...]
) -> _MapState:
    # Walls and terrain are immutable values shared between document snapshots: their
    # identities name the map state cheaply (no hashing of a thousand walls per snapshot).
    key = (bounds, tuple(map(id, walls)), tuple(map(id, terrain)))
    state = _MAP_STATES.get(key)
    if state is None:
        state = _MapState(bounds, tuple(walls), tuple(terrain))
        _MAP_STATES[key] = state
        while len(_MAP_STATES) > _MAP_STATES_KEPT:
            _MAP_STATES.popitem(last=False)
    else:
        _MAP_STATES.move_to_end(key)
    return state


_CARRIED_AT_MOST = 4
"""Walls changed in place past which a kept map state's values are not carried over."""


@dataclass(frozen=True, slots=True)
class MapChange:
    """How a map state differs from a kept one: a few walls changed in place.

    Attributes:
        walls: the changed walls, before and after (a door: closed and open).
        before: the kept state's values (its indexes, to find what the change touches).
    """

    walls: tuple[Wall, ...]
    before: dict[Hashable, Any]

    def touched_box(
        self, sight_after: SegmentIndex, key: str = "sight_index"
    ) -> tuple[float, float, float, float]:
        """A box holding every sight-blocking segment the change added, removed or split.

        The changed walls' box, grown over every segment before and after that meets it (a
        wall crossing a door is split where the closed door meets it): outside this box the
        noded segments are the same, so what lies wholly outside sees the same walls.
        `key`: the index asked about (`sight_after` is its value after the change), the
        sight index unless told.
        """
        points = np.array([p for wall in self.walls for p in wall.points], dtype=np.float64)
        box = (*points.min(axis=0).tolist(), *points.max(axis=0).tolist())
        before = self.before.get(key)
        if not isinstance(before, SegmentIndex):
            return (-math.inf, -math.inf, math.inf, math.inf)  # unknown: all of it
        grown = points
        for index in (before, sight_after):
            near = index.segments[index.in_box((box[0], box[1], box[2], box[3]))]
            grown = np.concatenate([grown, near.reshape(-1, 2)])
        low, high = grown.min(axis=0).tolist(), grown.max(axis=0).tolist()
        return (low[0], low[1], high[0], high[1])


def _nearby_state(state: _MapState, key: Hashable) -> tuple[_MapState, MapChange] | None:
    """A kept state holding `key` that `state` is but for a few walls changed in place.

    The most recently used one with the same bounds, terrain and number of walls; None if none.
    """
    for kept in reversed(_MAP_STATES.values()):
        if (
            kept is state
            or key not in kept.values
            or kept.bounds != state.bounds
            or len(kept.walls) != len(state.walls)
            or len(kept.terrain) != len(state.terrain)
            or any(a is not b for a, b in zip(kept.terrain, state.terrain, strict=True))
        ):
            continue
        changed = _changed_walls(kept.walls, state.walls)
        if changed is not None:
            walls = tuple(w for i in changed for w in (kept.walls[i], state.walls[i]))
            return kept, MapChange(walls, kept.values)
    return None


def _changed_walls(before: tuple[Wall, ...], after: tuple[Wall, ...]) -> list[int] | None:
    """The positions of the walls that differ (by identity), or None past `_CARRIED_AT_MOST`.

    Stops at the first wall past the limit: another map is told apart at once.
    """
    changed: list[int] = []
    for i, (a, b) in enumerate(zip(before, after, strict=True)):
        if a is not b:
            changed.append(i)
            if len(changed) > _CARRIED_AT_MOST:
                return None
    return changed


@dataclass(frozen=True)
class Battlefield:
    """Grid bounds, walls, terrain and occupants, with lazily built, cached indexes.

    Attributes:
        bounds: the map's extent in squares.
        walls: wall, window and door polylines in grid units.
        terrain: terrain patches (difficult, obscured, blocking squares).
        occupants: the creatures on the map.
        occupancy: whose spaces movers may pass through or end in (the ruleset's).
        lighting: the map's light (`geometry.lighting`); None: bright everywhere.
        fallen: the spaces of the dead, who are not occupants (they neither block, threaten
            nor see) but still lie on the map: no move ends in one (docs/rulings.md R-132);
            and of the creatures off the map for a while (003-48), kept for them (R-221).
    """

    bounds: GridBounds
    walls: tuple[Wall, ...] = ()
    terrain: tuple[TerrainPatch, ...] = ()
    occupants: tuple[Occupant, ...] = ()
    occupancy: Occupancy = ORCUS_OCCUPANCY
    lighting: LightingScene | None = None
    fallen: tuple[Space, ...] = ()
    _by_id: dict[str, Occupant] = field(init=False, repr=False, compare=False)
    _cache: dict[Hashable, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {o.id: o for o in self.occupants})
        object.__setattr__(self, "_cache", {})

    def cached(self, key: Hashable, build: Callable[[], T]) -> T:
        """A value derived from this battlefield, built on first use (indexes, masks)."""
        try:
            return cast(T, self._cache[key])
        except KeyError:
            value = build()
            self._cache[key] = value
            return value

    def map_cached(self, key: Hashable, build: Callable[[], T]) -> T:
        """A value derived from the map alone (not the occupants), shared across battlefields."""
        values = self._map.values
        try:
            return cast(T, values[key])
        except KeyError:
            value = build()
            values[key] = value
            return value

    def map_carried(
        self,
        key: Hashable,
        build: Callable[[], T],
        carry: Callable[[T, MapChange], T],
    ) -> T:
        """`map_cached`, but carried over from a kept map state a few walls away.

        A map state new to `key` that a kept one becomes by a few walls changing in place (a
        door opened or closed) gets `carry(kept value, change)`.

        `carry` keeps what the change cannot reach and drops the rest (issue 33: a door
        relights only the lights near it).
        """
        values = self._map.values
        try:
            return cast(T, values[key])
        except KeyError:
            pass
        found = _nearby_state(self._map, key)
        if found is None:
            value = build()
        else:
            kept, change = found
            value = carry(cast(T, kept.values[key]), change)
        values[key] = value
        return value

    @cached_property
    def _map(self) -> _MapState:
        return _map_state(self.bounds, self.walls, self.terrain)

    def occupant(self, occupant_id: str) -> Occupant:
        """The occupant with that id.

        Raises:
            UnknownOccupantError: there is none.
        """
        try:
            return self._by_id[occupant_id]
        except KeyError:
            raise UnknownOccupantError(occupant_id) from None

    def with_occupants(self, occupants: Iterable[Occupant]) -> Battlefield:
        """A battlefield with other occupants; reuses nothing (indexes rebuild lazily)."""
        return Battlefield(
            self.bounds, self.walls, self.terrain, tuple(occupants), lighting=self.lighting
        )

    # --- terrain per square -------------------------------------------------------------------

    def _mask(self, kind: TerrainKind) -> BoolArray:
        mask = np.zeros((self.bounds.rows, self.bounds.columns), dtype=np.bool_)
        for patch in self.terrain:
            if patch.kind is kind:
                for sq in patch.squares:
                    if self.bounds.contains(sq):
                        mask[sq.row, sq.col] = True
        return mask

    @cached_property
    def blocking(self) -> BoolArray:
        """(rows, cols) mask of blocking squares (solid pillars)."""
        return self.map_cached("blocking", lambda: self._mask(TerrainKind.BLOCKING))

    @cached_property
    def difficult(self) -> BoolArray:
        """(rows, cols) mask of difficult squares (000 "Difficult Terrain")."""
        return self.map_cached("difficult", lambda: self._mask(TerrainKind.DIFFICULT))

    @cached_property
    def obscurement(self) -> np.ndarray[tuple[int, int], np.dtype[np.int8]]:
        """(rows, cols) `Obscurement` levels; the heaviest painted kind wins in a square."""
        return self.map_cached("obscurement", self._obscurement)

    def _obscurement(self) -> np.ndarray[tuple[int, int], np.dtype[np.int8]]:
        level = np.zeros((self.bounds.rows, self.bounds.columns), dtype=np.int8)
        for patch in self.terrain:
            value = _OBSCUREMENT.get(patch.kind)
            if value is None:
                continue
            for sq in patch.squares:
                if self.bounds.contains(sq):
                    level[sq.row, sq.col] = max(int(level[sq.row, sq.col]), int(value))
        return level

    def is_blocking(self, square: Square) -> bool:
        return bool(self.bounds.contains(square) and self.blocking[square.row, square.col])

    def obscurement_at(self, square: Square) -> Obscurement:
        if not self.bounds.contains(square):
            return Obscurement.NONE
        return Obscurement(int(self.obscurement[square.row, square.col]))

    # --- blocking segments --------------------------------------------------------------------

    @cached_property
    def _blocking_outline(self) -> list[Segment]:
        return self.map_cached("blocking_outline", self._outline)

    def _outline(self) -> list[Segment]:
        rows, cols = np.nonzero(self.blocking)
        return square_outline_segments(
            Square(int(c), int(r)) for r, c in zip(rows.tolist(), cols.tolist(), strict=True)
        )

    def _segment_index(self, key: str, *, for_sight: bool, squares: bool) -> SegmentIndex:
        """The walls that block sight (or effect), with the blocking squares' outline or not."""

        def build() -> SegmentIndex:
            outline = self._blocking_outline if squares else []
            return SegmentIndex.build(wall_segments(self.walls, for_sight=for_sight) + outline)

        def carry(kept: SegmentIndex, change: MapChange) -> SegmentIndex:
            # issue 33: a door opened or closed changes its segments in place
            before, after = change.walls[0::2], change.walls[1::2]
            found = changed_index(
                kept,
                wall_segments(before, for_sight=for_sight),
                wall_segments(after, for_sight=for_sight),
            )
            return build() if found is None else found

        return self.map_carried(key, build, carry)

    @cached_property
    def sight_index(self) -> SegmentIndex:
        """What blocks sight: walls, closed doors, blocking squares (000 "Line of Sight")."""
        return self._segment_index("sight_index", for_sight=True, squares=True)

    @cached_property
    def effect_index(self) -> SegmentIndex:
        """What blocks line of effect and movement: also windows (000 "Line of Effect")."""
        return self._segment_index("effect_index", for_sight=False, squares=True)

    @cached_property
    def wall_only_effect_index(self) -> SegmentIndex:
        """Walls, windows and closed doors without blocking squares (movement step test)."""
        return self._segment_index("wall_only_effect_index", for_sight=False, squares=False)

    def map_box(self) -> tuple[float, float, float, float]:
        return (0.0, 0.0, float(self.bounds.columns), float(self.bounds.rows))

    def occupant_boxes(self, exclude: Iterable[str] = ()) -> FloatArray:
        """(k, 4) boxes of the occupants' spaces, leaving out some ids."""
        skip = set(exclude)
        boxes = [o.space.bounds() for o in self.occupants if o.id not in skip]
        return np.asarray(boxes, dtype=np.float64).reshape(-1, 4)
