"""Whether a map's walls and lights stay within the limits table (issue 29, R-136).

One check for the loader (`invariants`), the Universal VTT importer, Import Map's merge and the
wall tool, so that a map the app makes is a map it reopens, and the sight geometry on it stays
bounded in time and memory.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from orcus_desktop.geometry.features import Wall
from orcus_desktop.geometry.wall_runs import count_crossings
from orcus_desktop.model.file_format.limits import (
    MAX_GRID_SIDE,
    MAX_LIGHTS,
    MAX_LIT_SQUARES,
    MAX_WALL_CROSSINGS,
    MAX_WALL_POINTS,
    MAX_WALL_SEGMENTS,
    MAX_WALLS,
    WALL_MARGIN,
)
from orcus_desktop.model.lighting import LightSource

WALL_LOW = -WALL_MARGIN
WALL_HIGH = MAX_GRID_SIDE + WALL_MARGIN
"""Where wall points may lie, in squares from the grid's corner, whatever the grid's size."""


def walls_problem(walls: Sequence[Wall]) -> str:
    """The first way `walls` break the limits table, in one line, or "" when they do not.

    Counts first (cheap), then where the points lie, then how often the walls cross.
    """
    if len(walls) > MAX_WALLS:
        return f"{len(walls):,} walls; a map holds at most {MAX_WALLS:,}"
    segments = 0
    for i, wall in enumerate(walls):
        if len(wall.points) > MAX_WALL_POINTS:
            return (
                f"wall {i + 1} has {len(wall.points):,} points; a wall has at most "
                f"{MAX_WALL_POINTS:,}"
            )
        segments += max(0, len(wall.points) - 1)
    if segments > MAX_WALL_SEGMENTS:
        return (
            f"the walls have {segments:,} straight pieces; a map holds at most "
            f"{MAX_WALL_SEGMENTS:,}"
        )
    for i, wall in enumerate(walls):
        for x, y in wall.points:
            if not (math.isfinite(x) and math.isfinite(y)):
                return f"wall {i + 1} has a point that is not a finite number"
            if not (WALL_LOW <= x <= WALL_HIGH and WALL_LOW <= y <= WALL_HIGH):
                return (
                    f"wall {i + 1} reaches ({x:g}, {y:g}), more than {WALL_MARGIN} squares "
                    f"outside the largest grid (walls lie from {WALL_LOW} to {WALL_HIGH})"
                )
    return crossings_problem(walls)


def crossings_problem(walls: Sequence[Wall]) -> str:
    """Why the walls cut through one another too often, or ""."""
    pieces = [
        (*a, *b) for wall in walls for a, b in zip(wall.points, wall.points[1:], strict=False)
    ]
    if len(pieces) < 2:
        return ""
    crossings = count_crossings(np.asarray(pieces, dtype=np.float64), MAX_WALL_CROSSINGS)
    if crossings <= MAX_WALL_CROSSINGS:
        return ""
    return (
        f"the walls cut through one another more than {MAX_WALL_CROSSINGS:,} times "
        "(where walls meet end to end does not count)"
    )


def lights_problem(count: int) -> str:
    """Why a map cannot hold `count` light sources, or ""."""
    if count <= MAX_LIGHTS:
        return ""
    return f"{count:,} lights; a map holds at most {MAX_LIGHTS:,}"


def lit_squares(sources: Iterable[LightSource]) -> int:
    """The squares the lit `sources` reach together: (2 x dim + 1) squared each (R-218).

    The measure of the lighting's work: each light's window of squares is tested against what
    it sees. A put-out light costs nothing until it is lit again.
    """
    return sum((2 * max(s.dim, s.bright) + 1) ** 2 for s in sources if s.lit)


def lit_area_problem(sources: Iterable[LightSource], most: int = MAX_LIT_SQUARES) -> str:
    """Why the lit `sources` reach too many squares together (more than `most`), or "" (R-218)."""
    total = lit_squares(sources)
    if total <= most:
        return ""
    return (
        f"the lights reach {total:,} squares together (each light counts (2 x dim radius + 1) "
        f"squared); a map lights at most {most:,}"
    )
