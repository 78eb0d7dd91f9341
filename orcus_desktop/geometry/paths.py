"""The cheapest path of a walk to one square, as the GM's drag steers it.

The cost is `movement`'s (000 "Movement and Position"; docs/rulings.md R-20, R-08, R-17).
Among the paths of that cost (`geometry/routes.py`, issue 28): the one through the GM's
waypoints, then the one that provokes the fewest enemies (docs/rulings.md R-02), then the one
along the squares the pointer crossed.

The fewest provoked: the search counts the squares left beside a provokable enemy (one number
per step, as fast as the plain search). That can prefer leaving three squares beside one enemy
to one square beside each of two, so when the path found provokes two or more enemies, the
same search runs again with leaving the squares of some of them forbidden, fewest allowed
first; the first path as cheap that provokes fewer is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.movement import (
    _INF,
    STEPS,
    IntGrid,
    _costs,
    _Plan,
    _plan,
    effective_speed,
)
from orcus_desktop.geometry.provoking import provoked_by
from orcus_desktop.geometry.routes import (
    NO_ROUTE,
    Route,
    StepWeights,
    backtrack,
    left_by_step,
    threatened_origins,
)
from orcus_desktop.geometry.walls import BoolArray
from orcus_desktop.vocabulary import MoveMode

MAX_REROUTED = 3
"""Paths provoking more enemies than this are not searched again (2^n - 1 searches, each in
one window no wider than the path's cost)."""


@dataclass(frozen=True, slots=True)
class PathResult:
    """A cheapest path.

    Attributes:
        reachable: a path exists and costs no more than the speed.
        cost: squares of speed the path costs, or None when no legal path exists.
        path: the top-left squares from start to destination (start included), or () when no
            legal path exists.
        provokes: ids of the enemies the path provokes, in the order it provokes them.
    """

    reachable: bool
    cost: int | None
    path: tuple[Square, ...]
    provokes: tuple[str, ...]


_NONE = PathResult(False, None, (), ())


def cheapest_path(
    battlefield: Battlefield,
    mover_id: str,
    destination: Square,
    speed: int | None = None,
    mode: MoveMode = MoveMode.WALK,
    *,
    slowed: bool = False,
    route: Route = NO_ROUTE,
) -> PathResult:
    """The cheapest legal path for the mover to a destination, its cost and what it provokes.

    The search is not limited by the speed: `reachable` tells whether the cost fits in it.
    The path passes through ``route.via`` in order; among paths as cheap it provokes the
    fewest, then keeps to ``route.trail`` (the module's doc).
    """
    mover = battlefield.occupant(mover_id)
    budget = effective_speed(mover.speed if speed is None else speed, slowed=slowed)
    if destination == mover.square and not route.via:
        return PathResult(True, 0, (mover.square,), ())
    plan = _plan(battlefield, mover)
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    stops = (*route.via, destination)
    if not all(0 <= s.row < rows and 0 <= s.col < cols for s in stops):
        return _NONE
    if not plan.end_ok[destination.row, destination.col]:
        return _NONE
    if not all(plan.pass_ok[s.row, s.col] for s in route.via):
        return _NONE
    search = _Search(battlefield, mover, plan, mode, budget, route.trail)
    found = search.through(stops, None)
    if found is None:
        return _NONE
    cost, path = found
    provokes = provoked_by(battlefield, mover_id, path, mode)
    if mode.provokes and 2 <= len(provokes) <= MAX_REROUTED:
        cost, path, provokes = search.provoking_fewer(stops, cost, path, provokes)
    return PathResult(cost <= budget, cost, path, provokes)


@dataclass(frozen=True, slots=True)
class _Search:
    """One mover's searches on one battlefield, guided when its mode provokes."""

    battlefield: Battlefield
    mover: Occupant
    plan: _Plan
    mode: MoveMode
    budget: int
    trail: frozenset[Square]

    @property
    def guided(self) -> bool:
        return self.mode.provokes  # a shift provokes nobody: nothing to steer clear of

    def through(
        self, stops: tuple[Square, ...], kept_from: IntGrid | None, most: int | None = None
    ) -> tuple[int, tuple[Square, ...]] | None:
        """The path through `stops` and its cost.

        `kept_from`: origins it may not leave; `most`: no path dearer than this is looked for
        (one search window per leg).
        """
        per = self.mode.squares_per_square
        table = self.plan.guided_costs(per) if self.guided else self.plan.arrival_costs(per)
        step_ok = self.plan.step_ok
        if kept_from is not None:
            table = table.copy()
            for k, step in enumerate(STEPS):
                table[k][left_by_step(kept_from, step) > 0] = _INF
            step_ok = step_ok & (kept_from == 0)[None]
        path = [self.mover.square]
        cost = 0
        for stop in stops:
            leg = self._leg(path[-1], stop, table, step_ok, None if most is None else most - cost)
            if leg is None:
                return None
            cost += leg[0]
            path += leg[1][1:]
        return cost, tuple(path)

    def provoking_fewer(
        self,
        stops: tuple[Square, ...],
        cost: int,
        path: tuple[Square, ...],
        provokes: tuple[str, ...],
    ) -> tuple[int, tuple[Square, ...], tuple[str, ...]]:
        """A path as cheap as `path` that provokes fewer, if there is one (else `path`)."""
        for allowed in range(len(provokes)):
            for kept in combinations(provokes, len(provokes) - allowed):
                enemies = [self.battlefield.occupant(e) for e in kept]
                kept_from = threatened_origins(self.battlefield, self.mover, enemies)
                found = self.through(stops, kept_from, most=cost)
                if found is None or found[0] != cost:
                    continue
                fewer = provoked_by(self.battlefield, self.mover.id, found[1], self.mode)
                if len(fewer) < len(provokes):
                    return cost, found[1], fewer
        return cost, path, provokes

    def _leg(
        self,
        start: Square,
        stop: Square,
        table: IntGrid,
        step_ok: BoolArray,
        most: int | None = None,
    ) -> tuple[int, tuple[Square, ...]] | None:
        """The cheapest way from `start` to `stop`: its cost and squares.

        None without one, or when it costs more than `most`.
        """
        if start == stop:
            return 0, (start,)
        bounds = self.battlefield.bounds
        per = self.mode.squares_per_square
        scale = self.plan.scale if self.guided else 1
        # widen the window until it holds the destination's cheapest cost
        span = max(abs(stop.row - start.row), abs(stop.col - start.col))
        limit = (bounds.rows + bounds.columns) * 2 * (per + 1)
        reach = max(self.budget, span * per) if most is None else most
        if reach < span * per:
            return None
        limit = reach if most is not None else limit
        while True:
            dist, (r0, c0) = _costs(
                self.battlefield, self.mover, reach, per, self.plan, start=start, table=table
            )
            h, w = dist.shape
            dr, dc = stop.row - r0, stop.col - c0
            if 0 <= dr < h and 0 <= dc < w and dist[dr, dc] < _INF:
                cost = int(dist[dr, dc]) // scale
                # a detour could still be cheaper than a path found inside a smaller window
                # only if the window was clipped by the budget; widen once more to be sure
                if cost <= reach:
                    break
            if reach >= limit:
                return None
            reach = min(limit, reach * 2 + 2)
        threat = self.plan.threat if self.guided else None
        weights = StepWeights(per, scale, self.plan.extra, threat)
        return cost, backtrack(dist, (r0, c0), start, stop, weights, step_ok, self.trail, STEPS)
