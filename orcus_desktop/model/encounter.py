"""Frozen snapshots of an encounter: the map, its walls and terrain, and the creatures on it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Final

from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.model.combat import Combat
from orcus_desktop.model.frozen import with_replaced
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.lighting import NO_LIGHTING, Lighting
from orcus_desktop.model.notes import MapNote
from orcus_desktop.model.zones import Zone, ZoneDuration
from orcus_desktop.rules.ruleset import DEFAULT_RULESET_ID
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.vocabulary import CreatureId

_EMPTY: Final[Mapping[str, Any]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class WallEntry:
    """A wall with the id the document knows it by."""

    id: WallId
    wall: Wall


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature placed on the map.

    Attributes:
        id: unique within the encounter.
        name: shown on the token and in the log.
        side: creatures on different sides are enemies ("heroes", "monsters", ...).
        size: the size category; with `square` it gives the creature's space.
        square: the top-left square of the creature's space.
        speed: walking speed in squares.
        hidden: hidden from the player view (the GM sees it).
        statblock: the creature's stat block as stored in the file (rules/ reads it), or empty.
        state: its combat state (hit points, conditions, powers used...) from the rules
            engine, or None until it first matters (then built fresh from the stat block).
    """

    id: CreatureId
    name: str
    side: str
    size: Size = Size.MEDIUM
    square: Square = Square(0, 0)  # noqa: RUF009 - a NamedTuple, immutable
    speed: int = 6
    hidden: bool = False
    statblock: Mapping[str, Any] = field(default_factory=lambda: _EMPTY, compare=False)
    state: CreatureState | None = None

    @property
    def space(self) -> Space:
        return Space(self.square, self.size)

    def moved_to(self, square: Square) -> Creature:
        return replace(self, square=square)

    def with_state(self, state: CreatureState | None) -> Creature:
        return replace(self, state=state)


@dataclass(frozen=True, slots=True)
class MapImage:
    """A background image under the grid and how the grid lies on it.

    Attributes:
        path: the image file, relative to the encounter file's folder when not absolute.
        pixels_per_square: the image's pixels along one grid square.
        offset_px: where the top-left corner of square (0, 0) lies on the image, in pixels.
    """

    path: str
    pixels_per_square: float = 100.0
    offset_px: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Encounter:
    """One encounter: the whole document as an immutable value."""

    grid: GridBounds
    name: str = "Untitled encounter"
    walls: tuple[WallEntry, ...] = ()
    terrain: tuple[TerrainPatch, ...] = ()
    creatures: tuple[Creature, ...] = ()
    map_image: MapImage | None = None
    combat: Combat = field(default_factory=Combat)
    ruleset_id: str = DEFAULT_RULESET_ID
    """The ruleset the encounter is played by (docs/rulesets.md); the file stores its id."""
    lighting: Lighting = NO_LIGHTING
    """Light sources, ambient light, magical darkness (000 "Vision and Light")."""
    zones: tuple[Zone, ...] = ()
    """Placed templates that stay on the map (`model.zones`)."""
    notes: tuple[MapNote, ...] = ()
    """The GM's pins with text (`model.notes`); never on the players' screen."""

    def creature(self, creature_id: str) -> Creature:
        """The creature with that id.

        Raises:
            KeyError: no such creature.
        """
        creature = self.find_creature(creature_id)
        if creature is None:
            raise KeyError(creature_id)
        return creature

    def find_creature(self, creature_id: str) -> Creature | None:
        """The creature with that id, or None."""
        creatures = self.creatures
        if len(creatures) <= _SCANNED_AT_MOST:
            return next((c for c in creatures if c.id == creature_id), None)
        return _by_id(creatures).get(creature_id)

    def name_of(self, creature_id: str | None) -> str:
        """The creature's display name; its id when it is no longer on the map; "" for None."""
        if creature_id is None:
            return ""
        creature = self.find_creature(creature_id)
        return creature.name if creature is not None else str(creature_id)

    def creature_ids(self) -> tuple[CreatureId, ...]:
        return tuple(c.id for c in self.creatures)

    def terrain_at(self, square: Square) -> frozenset[TerrainKind]:
        return frozenset(p.kind for p in self.terrain if square in p.squares)

    def with_creature(self, creature: Creature) -> Encounter:
        """A copy with `creature` replacing the one of the same id, or added at the end."""
        return replace(self, creatures=with_replaced(self.creatures, creature, lambda c: c.id))

    def without_creature(self, creature_id: str) -> Encounter:
        """A copy without the creature and without any reference to it outside the combat.

        A light it carried stays where it stood, fixed; a zone it timed stays until the GM
        removes it (its turns will not come again). The combat's references are
        `Combat.without`'s.
        """
        gone = self.find_creature(creature_id)
        sources = tuple(
            replace(s, carried_by=None, square=gone.square if gone is not None else s.square)
            if s.carried_by == creature_id
            else s
            for s in self.lighting.sources
        )
        zones = tuple(
            replace(z, owner=None, duration=ZoneDuration.UNTIL_REMOVED, sustained=False)
            if z.owner == creature_id
            else z
            for z in self.zones
        )
        return replace(
            self,
            creatures=tuple(c for c in self.creatures if c.id != creature_id),
            lighting=replace(self.lighting, sources=sources),
            zones=zones,
        )

    def with_walls(self, walls: Iterable[WallEntry]) -> Encounter:
        return replace(self, walls=tuple(walls))

    def with_terrain(self, terrain: Iterable[TerrainPatch]) -> Encounter:
        return replace(self, terrain=tuple(terrain))

    def with_lighting(self, lighting: Lighting) -> Encounter:
        return replace(self, lighting=lighting)

    def with_combat(self, combat: Combat) -> Encounter:
        return replace(self, combat=combat)

    def wall(self, wall_id: str) -> WallEntry:
        """The wall entry with that id.

        Raises:
            KeyError: no such wall.
        """
        for entry in self.walls:
            if entry.id == wall_id:
                return entry
        raise KeyError(wall_id)


_SCANNED_AT_MOST: Final = 32
"""Creatures looked through one by one; past this many, by an index (R-253: 2,000 creatures
each looked up while the window is built took a second)."""
_INDEXES: dict[int, tuple[tuple[Creature, ...], dict[str, Creature]]] = {}
_INDEXES_KEPT: Final = 8


def _by_id(creatures: tuple[Creature, ...]) -> dict[str, Creature]:
    """The creatures by id (the first of an id, as a scan finds it), kept for a few tuples."""
    kept = _INDEXES.get(id(creatures))
    if kept is not None and kept[0] is creatures:
        return kept[1]
    index: dict[str, Creature] = {}
    for creature in creatures:
        index.setdefault(creature.id, creature)
    if len(_INDEXES) >= _INDEXES_KEPT:
        _INDEXES.clear()
    _INDEXES[id(creatures)] = (creatures, index)
    return index
