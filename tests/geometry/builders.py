"""Small builders for geometry tests: occupants and battlefields in one line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.features import Point, TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square


def occ(
    oid: str,
    col: int,
    row: int,
    side: str = "heroes",
    size: Size = Size.MEDIUM,
    speed: int = 6,
    **kw: Any,
) -> Occupant:
    return Occupant(oid, Space(Square(col, row), size), side, speed=speed, **kw)


def wall(*points: Point, kind: WallKind = WallKind.WALL, is_open: bool = False) -> Wall:
    return Wall(kind, tuple(points), is_open)


def patch(kind: TerrainKind, *squares: tuple[int, int]) -> TerrainPatch:
    return TerrainPatch(kind, frozenset(Square(c, r) for c, r in squares))


def field(
    columns: int = 12,
    rows: int = 12,
    walls: Iterable[Wall] = (),
    terrain: Iterable[TerrainPatch] = (),
    occupants: Iterable[Occupant] = (),
) -> Battlefield:
    return Battlefield(GridBounds(columns, rows), tuple(walls), tuple(terrain), tuple(occupants))


def free_angle_walls(rng: np.random.Generator, count: int, side: int) -> list[Wall]:
    """`count` walls 1-4 squares long at any angle, inside a `side` x `side` map (issue 14's
    peer benchmark draws its 1,000 walls the same way)."""
    walls: list[Wall] = []
    while len(walls) < count:
        x, y = rng.uniform(1, side - 1, 2)
        angle, length = rng.uniform(0, 2 * np.pi), rng.uniform(1, 4)
        end = (float(x + length * np.cos(angle)), float(y + length * np.sin(angle)))
        if 0 <= end[0] <= side and 0 <= end[1] <= side:
            walls.append(wall((float(x), float(y)), end))
    return walls
