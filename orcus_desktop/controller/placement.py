"""A minimal, temporary movement adapter until `orcus_desktop.geometry` provides path rules.

TEMPORARY ADAPTER: the geometry package owns movement (paths, costs, reachable squares,
provoked enemies). Until it lands, the session uses this small Dijkstra over squares so the UI
can be built against the real API. It follows 000 "Movement and Position", "Difficult Terrain",
"Moving Around Other Creatures" and RULINGS "Diagonal corners" / "Tiny creatures" /
"Opportunity attacks" in their simplest form, with plain integer arithmetic (no shapely).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import Size, Space, Square, spaces_adjacent
from orcus_desktop.model.encounter import Creature, Encounter

Point = tuple[float, float]
Segment = tuple[Point, Point]

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True, slots=True)
class PathPlan:
    """The cheapest legal path to a destination.

    Attributes:
        path: the squares from start to destination (start included), or () when unreachable.
        cost: squares of movement spent.
        reason: why the destination is unreachable or illegal, or "".
        provoking_enemy_ids: enemies whose adjacent squares the path leaves (RULINGS:
            opportunity attacks); empty for a shift.
    """

    path: tuple[Square, ...]
    cost: int
    reason: str = ""
    provoking_enemy_ids: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.reason


def destination_problem(encounter: Encounter, creature: Creature, square: Square) -> str:
    """Why `creature` cannot stand at `square`, or "" when it can."""
    space = Space(square, creature.size)
    if not encounter.grid.contains_space(space):
        return "off the grid"
    blocking = _blocking_squares(encounter)
    if any(s in blocking for s in space.squares()):
        return "blocking terrain"
    # 000 "Moving Around Other Creatures": you can't end your move in another creature's
    # space. RULINGS "Tiny creatures": up to four tiny ones share a square, and a tiny one may
    # end in a larger creature's space.
    squares = set(space.squares())
    sharing = [
        other
        for other in encounter.creatures
        if other.id != creature.id and squares & set(other.space.squares())
    ]
    if not sharing:
        return ""
    if creature.size is Size.TINY:
        tiny = [o for o in sharing if o.size is Size.TINY]
        if len(tiny) >= 4:
            return "occupied by four tiny creatures"
        return ""
    return f"occupied by {sharing[0].name}"


def plan_path(
    encounter: Encounter,
    creature: Creature,
    destination: Square,
    *,
    max_cost: int | None,
    provokes: bool,
) -> PathPlan:
    """Cheapest path for `creature` to `destination`, within `max_cost` squares if given."""
    start = creature.square
    if destination == start:
        return PathPlan((start,), 0)
    problem = destination_problem(encounter, creature, destination)
    if problem:
        return PathPlan((), 0, f"cannot end there: {problem}")
    costs, parents = _search(encounter, creature, max_cost, goal=destination)
    if destination not in costs:
        unlimited, _ = _search(encounter, creature, None, destination)
        if max_cost is not None and destination in unlimited:
            return PathPlan((), 0, f"too far (more than {max_cost} squares)")
        return PathPlan((), 0, "no path")
    path = [destination]
    while path[-1] != start:
        path.append(parents[path[-1]])
    path.reverse()
    provoking = provoked_by(encounter, creature, path) if provokes else ()
    return PathPlan(tuple(path), costs[destination], "", provoking)


def reachable(encounter: Encounter, creature: Creature, max_cost: int) -> frozenset[Square]:
    """Squares where `creature` may end a move of at most `max_cost` squares."""
    costs, _ = _search(encounter, creature, max_cost, goal=None)
    return frozenset(
        s
        for s in costs
        if s != creature.square and not destination_problem(encounter, creature, s)
    )


def provoked_by(
    encounter: Encounter, creature: Creature, path: Iterable[Square]
) -> tuple[str, ...]:
    """Enemies the mover leaves an adjacent square of along `path` (RULINGS: opportunity attacks).

    Leaving a square adjacent to an enemy provokes even if the mover stays adjacent; each enemy
    at most once (one opportunity attack per provoking creature's turn).
    """
    squares = list(path)
    enemies = [o for o in encounter.creatures if o.side != creature.side]
    found: list[str] = []
    for square in squares[:-1]:
        here = Space(square, creature.size)
        for enemy in enemies:
            if enemy.id not in found and spaces_adjacent(here, enemy.space):
                found.append(enemy.id)
    return tuple(found)


def _search(
    encounter: Encounter, creature: Creature, max_cost: int | None, goal: Square | None
) -> tuple[dict[Square, int], dict[Square, Square]]:
    blocking = _blocking_squares(encounter)
    difficult = {
        s for p in encounter.terrain if p.kind is TerrainKind.DIFFICULT for s in p.squares
    }
    walls = _movement_walls(encounter)
    impassable = _impassable_squares(encounter, creature)
    start = creature.square
    costs = {start: 0}
    parents: dict[Square, Square] = {}
    queue = [(0, start)]
    while queue:
        cost, square = heapq.heappop(queue)
        if cost > costs.get(square, 1 << 30):
            continue
        if square == goal:
            break
        for d_col, d_row in _STEPS:
            nxt = square.offset(d_col, d_row)
            space = Space(nxt, creature.size)
            if not encounter.grid.contains_space(space):
                continue
            new_squares = space.squares()
            if any(s in blocking or s in impassable for s in new_squares):
                continue
            if _step_blocked(Space(square, creature.size), d_col, d_row, blocking, walls):
                continue
            # 000 "Difficult Terrain": every square of movement in it costs 1 extra.
            step = 2 if any(s in difficult for s in new_squares) else 1
            new_cost = cost + step
            if max_cost is not None and new_cost > max_cost:
                continue
            if new_cost < costs.get(nxt, 1 << 30):
                costs[nxt] = new_cost
                parents[nxt] = square
                heapq.heappush(queue, (new_cost, nxt))
    return costs, parents


def _blocking_squares(encounter: Encounter) -> set[Square]:
    return {s for p in encounter.terrain if p.kind is TerrainKind.BLOCKING for s in p.squares}


def _impassable_squares(encounter: Encounter, creature: Creature) -> set[Square]:
    # 000: through an enemy's space only if it is at least two sizes larger or smaller.
    out: set[Square] = set()
    for other in encounter.creatures:
        if other.id == creature.id or other.side == creature.side:
            continue
        if abs(other.size.rank - creature.size.rank) >= 2:
            continue
        out.update(other.space.squares())
    return out


def _movement_walls(encounter: Encounter) -> list[Segment]:
    return [
        seg
        for entry in encounter.walls
        if entry.wall.blocks_effect  # walls, windows and closed doors block movement
        for seg in entry.wall.segments()
    ]


def _step_blocked(
    space: Space, d_col: int, d_row: int, blocking: set[Square], walls: list[Segment]
) -> bool:
    for square in space.squares():
        nxt = square.offset(d_col, d_row)
        # RULINGS "Diagonal corners": no cutting the corner of a blocked square.
        if (
            d_col
            and d_row
            and (square.offset(d_col, 0) in blocking or square.offset(0, d_row) in blocking)
        ):
            return True
        a = square.center()
        b = nxt.center()
        if any(_segments_touch(a, b, w0, w1) for w0, w1 in walls):
            return True
    return False


def _orient(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _on_segment(p: Point, q: Point, r: Point) -> bool:
    return min(p[0], r[0]) <= q[0] <= max(p[0], r[0]) and min(p[1], r[1]) <= q[1] <= max(
        p[1], r[1]
    )


def _segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether two closed segments share a point (a diagonal through a wall's end is blocked)."""
    d1 = _orient(q1, q2, p1)
    d2 = _orient(q1, q2, p2)
    d3 = _orient(p1, p2, q1)
    d4 = _orient(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and _on_segment(q1, p1, q2))
        or (d2 == 0 and _on_segment(q1, p2, q2))
        or (d3 == 0 and _on_segment(p1, q1, p2))
        or (d4 == 0 and _on_segment(p1, q2, p2))
    )
