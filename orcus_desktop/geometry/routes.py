"""The GM's say in a walk's route: waypoints, the pointer's trail, and provoking the fewest.

Issue 28: a dragged monster went past a hero and provoked it while a route as short provoked
no one, and splitting the move into two drags cost a second action. So, for the cheapest
paths (`paths.cheapest_path`):

* a `Route`'s ``via`` squares are waypoints the walk passes through, in order (a key or a
  right-click during the drag adds one; ``query path --via``);
* among routes of equal cost, the one that leaves the fewest squares beside enemies able to
  take an opportunity attack wins (each such square left is one chance to provoke,
  docs/rulings.md R-02; who is provoked is then worked out exactly on the route chosen,
  `provoking.provoked_by`);
* among those, the one through the most squares of the pointer's ``trail`` (the squares the
  dragged token crossed) wins, step by step from the end.

The first two are one number per step: the cost scaled by `tie_scale`, plus 1 for leaving a
threatened square, so the array search of `movement` keeps its shape and speed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.grid import Square

IntGrid = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Route:
    """What the GM's drag says of the way, beyond its destination.

    Attributes:
        via: waypoints, in order: the path passes through each (its top-left square).
        trail: the squares the dragged token crossed; preferred among equal routes.
    """

    via: tuple[Square, ...] = ()
    trail: frozenset[Square] = frozenset()


NO_ROUTE = Route()


def tie_scale(battlefield: Battlefield) -> int:
    """A step's cost is scaled by this: more than the threatened squares any path can leave."""
    return battlefield.bounds.rows * battlefield.bounds.columns + 1


def threatened_origins(
    battlefield: Battlefield, mover: Occupant, enemies: Iterable[Occupant] | None = None
) -> IntGrid:
    """1 where the mover's space, placed there, is beside an enemy that could be provoked.

    Adjacent spaces are 1 apart (`grid.spaces_adjacent`); the enemies are those able to take
    opportunity actions (`Occupant.can_take_opportunity_actions`), as `provoked_by` asks;
    ``enemies``: only these.
    """
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    near = np.zeros((rows, cols), dtype=np.int64)
    n = mover.space.side
    for enemy in battlefield.occupants if enemies is None else enemies:
        if enemy.id == mover.id or not mover.is_enemy_of(enemy):
            continue
        if not enemy.can_take_opportunity_actions:
            continue
        e = enemy.space.side
        c0, r0 = enemy.square.col - n, enemy.square.row - n
        c1, r1 = enemy.square.col + e, enemy.square.row + e
        near[max(0, r0) : max(0, r1 + 1), max(0, c0) : max(0, c1 + 1)] = 1
    return near


def guided_arrivals(
    arrivals: IntGrid,
    threat: IntGrid,
    scale: int,
    inf: int,
    steps: tuple[tuple[int, int], ...],
) -> IntGrid:
    """The guided cost of arriving at each origin by each step.

    Per step (`steps`, as (dc, dr)): the plain cost scaled by `scale`, plus the threat of the
    origin left; `inf` where the step may not arrive (as in `arrivals`).
    """
    out = np.full_like(arrivals, inf)
    finite = arrivals < inf
    for k, step in enumerate(steps):
        left = left_by_step(threat, step)
        out[k] = np.where(finite[k], np.where(finite[k], arrivals[k], 0) * scale + left, inf)
    return out


def left_by_step(threat: IntGrid, step: tuple[int, int]) -> IntGrid:
    """For each origin, the threat of the origin that `step` arrives there from."""
    dc, dr = step
    rows, cols = threat.shape
    out = np.zeros_like(threat)
    tr0, tr1 = max(0, dr), rows + min(0, dr)
    tc0, tc1 = max(0, dc), cols + min(0, dc)
    if tr1 > tr0 and tc1 > tc0:
        out[tr0:tr1, tc0:tc1] = threat[tr0 - dr : tr1 - dr, tc0 - dc : tc1 - dc]
    return out


@dataclass(frozen=True, slots=True)
class StepWeights:
    """What a step weighs in a cost table.

    Its squares of movement (`per` plus the `extra` of difficult terrain entered) times
    `scale`, plus the `threat` of the square it leaves when the table is guided.
    """

    per: int
    scale: int
    extra: IntGrid
    threat: IntGrid | None

    def of(self, k: int, prev: Square, cur: Square) -> int:
        moved = (self.per + int(self.extra[k, cur.row, cur.col])) * self.scale
        return moved + (int(self.threat[prev.row, prev.col]) if self.threat is not None else 0)


def backtrack(
    dist: IntGrid,
    offset: tuple[int, int],
    start: Square,
    destination: Square,
    weights: StepWeights,
    step_ok: npt.NDArray[np.bool_],
    trail: frozenset[Square],
    steps: tuple[tuple[int, int], ...],
) -> tuple[Square, ...]:
    """The path the cost table `dist` holds from `start` to `destination`.

    Walked back from the destination; where two squares before it are as good, the one on
    the pointer's `trail` is taken.
    """
    r0, c0 = offset
    h, w = dist.shape
    path = [destination]
    cur = destination
    while cur != start:
        here = int(dist[cur.row - r0, cur.col - c0])
        found: Square | None = None
        for k, (dc, dr) in enumerate(steps):
            prev = Square(cur.col - dc, cur.row - dr)
            pr, pc = prev.row - r0, prev.col - c0
            if not (0 <= pr < h and 0 <= pc < w) or not step_ok[k, prev.row, prev.col]:
                continue
            if int(dist[pr, pc]) + weights.of(k, prev, cur) != here:
                continue
            found = prev if found is None else found
            if not trail or prev in trail:
                found = prev
                break
        if found is None:  # pragma: no cover - dist is consistent by construction
            raise AssertionError("broken cost table")
        cur = found
        path.append(cur)
    path.reverse()
    return tuple(path)
