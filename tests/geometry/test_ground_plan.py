"""The map's part of a movement plan is kept per map state (issue 33): previews stay exact.

000 "Movement and Position": walls, blocking squares and difficult terrain are the map's; the
creatures' spaces are the battlefield's. A preview on a battlefield whose map part was worked
out for another battlefield of the same map equals the preview worked out on a map state of
its own (the same walls and terrain as new values: nothing kept).
"""

from __future__ import annotations

import heapq
import random

import pytest

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.movement import STEPS, _plan, reachable_squares
from orcus_desktop.geometry.paths import cheapest_path
from tests.geometry.builders import patch

SIDE = 20


def random_map(rng: random.Random) -> tuple[list[Wall], list[TerrainPatch]]:
    walls = []
    for _ in range(25):
        x, y = rng.randrange(SIDE), rng.randrange(SIDE)
        dx, dy = rng.choice(((1, 0), (0, 1), (2, 0), (0, 2), (1, 1)))
        walls.append(Wall(WallKind.WALL, ((float(x), float(y)), (float(x + dx), float(y + dy)))))
    squares = [(rng.randrange(SIDE), rng.randrange(SIDE)) for _ in range(20)]
    terrain = [
        patch(TerrainKind.DIFFICULT, *squares[:14]),
        patch(TerrainKind.BLOCKING, *squares[14:]),
    ]
    return walls, terrain


def creatures(rng: random.Random) -> list[Occupant]:
    return [
        Occupant(
            f"c{i}",
            Space(Square(rng.randrange(SIDE - 1), rng.randrange(SIDE - 1)), size),
            "heroes" if i % 2 else "monsters",
            speed=6,
        )
        for i, size in enumerate([Size.MEDIUM, Size.LARGE, *[Size.MEDIUM] * 24, Size.TINY])
    ]


def afresh(
    walls: list[Wall], terrain: list[TerrainPatch], occupants: list[Occupant]
) -> Battlefield:
    """The same map as new values: a map state of its own."""
    return Battlefield(
        GridBounds(SIDE, SIDE),
        tuple(Wall(w.kind, w.points, w.is_open) for w in walls),
        tuple(TerrainPatch(t.kind, t.squares) for t in terrain),
        tuple(occupants),
    )


def flood(field: Battlefield, mover_id: str, budget: int) -> dict[Square, int]:
    """A plain Dijkstra over the plan's masks, as benchmarks/geometry/bench_movement.py's."""
    mover = field.occupant(mover_id)
    plan = _plan(field, mover)
    rows, cols = plan.pass_ok.shape
    start = (mover.square.row, mover.square.col)
    best, heap = {start: 0}, [(0, *start)]
    while heap:
        cost, r, c = heapq.heappop(heap)
        if cost > best[(r, c)]:
            continue
        for k, (dc, dr) in enumerate(STEPS):
            tr, tc = r + dr, c + dc
            if not plan.step_ok[k, r, c] or not (0 <= tr < rows and 0 <= tc < cols):
                continue
            new = cost + 1 + int(plan.extra[k, tr, tc])
            if plan.pass_ok[tr, tc] and new <= budget and new < best.get((tr, tc), budget + 1):
                best[(tr, tc)] = new
                heapq.heappush(heap, (new, tr, tc))
    out = {Square(c, r): v for (r, c), v in best.items() if plan.end_ok[r, c]}
    out[mover.square] = 0
    return out


@pytest.mark.parametrize("seed", range(8))
def test_previews_after_creatures_moved_equal_previews_worked_out_afresh(seed: int) -> None:
    rng = random.Random(seed)
    walls, terrain = random_map(rng)
    occupants = creatures(rng)
    first = Battlefield(GridBounds(SIDE, SIDE), tuple(walls), tuple(terrain), tuple(occupants))
    for mover in ("c0", "c1"):
        reachable_squares(first, mover, 6)  # the map's part is worked out here
    for _ in range(5):
        k = rng.randrange(len(occupants))
        occupants[k] = occupants[k].moved_to(
            Square(rng.randrange(SIDE - 1), rng.randrange(SIDE - 1))
        )
        moved = first.with_occupants(occupants)
        fresh = afresh(walls, terrain, occupants)
        for mover in ("c0", "c1"):
            assert reachable_squares(moved, mover, 6) == reachable_squares(fresh, mover, 6)
            assert reachable_squares(moved, mover, 6) == flood(moved, mover, 6)
            goal = Square(rng.randrange(SIDE - 1), rng.randrange(SIDE - 1))
            assert cheapest_path(moved, mover, goal) == cheapest_path(fresh, mover, goal)
