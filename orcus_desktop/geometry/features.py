"""Map features as plain values: walls (wall/window/door) and terrain per square.

These are the shapes the document stores and the sight, cover and movement code reads. Shapely
geometry for them is built inside this package (see `walls.py`) and never handed out.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.geometry.grid import Square

Point = tuple[float, float]


class WallKind(StrEnum):
    """What a wall segment blocks (000 "Line of Sight", "Line of Effect")."""

    WALL = "wall"
    """Solid and opaque: blocks sight, effect and movement."""
    WINDOW = "window"
    """Solid but transparent: blocks effect and movement, not sight."""
    DOOR = "door"
    """A wall while closed; blocks nothing while open."""


@dataclass(frozen=True, slots=True)
class Wall:
    """A wall as a polyline of grid points (usually grid corners)."""

    kind: WallKind
    points: tuple[Point, ...]
    is_open: bool = False
    secret: bool = False
    """A closed door the GM keeps secret: the players see a wall there until it is revealed
    (issue 31, docs/rulings.md R-151). It blocks as the closed door it is."""

    def __post_init__(self) -> None:
        if len(self.points) < 2:
            raise ValueError("a wall needs at least two points")
        if self.secret and (self.kind is not WallKind.DOOR or self.is_open):
            raise ValueError("only a closed door can be secret")

    @property
    def blocks_sight(self) -> bool:
        if self.kind is WallKind.DOOR:
            return not self.is_open
        return self.kind is WallKind.WALL

    @property
    def blocks_effect(self) -> bool:
        if self.kind is WallKind.DOOR:
            return not self.is_open
        return True

    def segments(self) -> tuple[tuple[Point, Point], ...]:
        return tuple(zip(self.points, self.points[1:], strict=False))


class TerrainKind(StrEnum):
    """Terrain painted on squares (000 "Difficult Terrain", "Concealment", "Vision and Light")."""

    DIFFICULT = "difficult"
    """000 "Difficult Terrain": entering a square costs 1 extra square of movement."""
    LIGHTLY_OBSCURED = "lightly-obscured"
    """000 "Concealment": a target in it has concealment."""
    HEAVILY_OBSCURED = "heavily-obscured"
    """000 "Concealment": an adjacent target in it has concealment, a farther one total."""
    TOTALLY_OBSCURED = "totally-obscured"
    """000 "Concealment": a target in it has total concealment."""
    BLOCKING = "blocking"
    """A solid square (a pillar): blocks sight, effect and movement."""


@dataclass(frozen=True, slots=True)
class TerrainPatch:
    """Some squares of one terrain kind."""

    kind: TerrainKind
    squares: frozenset[Square]
