"""Small builders for geometry tests: occupants and battlefields in one line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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
