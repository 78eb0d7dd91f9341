"""Movement: step legality, cheapest paths, the reachable set for a speed, provoked enemies.

Rules (000 "Movement and Position", "Difficult Terrain", "Being Prone", "Moving Around Other
Creatures", "Opportunity Attacks", "Slowed"; docs/rulings.md R-20, R-08, R-17, R-02):

* a step to any of the 8 neighbouring squares costs 1, diagonals too; +1 when the step enters a
  difficult square (once per step, however many difficult squares a large creature enters);
* crawling: each square costs 2 of the speed (plus difficult terrain); slowed: speed 2;
* no step through a wall, window or closed door (the segment between the two squares' centres may
  not even touch one); no diagonal step through a wall's end point or past a blocking square's
  corner (either orthogonal neighbour it passes is blocking);
* no wall or blocking square inside a large creature's space, where it stands or passes (two
  of its squares are never walled off from each other; docs/rulings.md R-37);
* through allies, not through enemies unless two sizes apart; never ending in another creature's
  space (a tiny creature may end in a larger creature's space or with up to three other tiny
  ones);
* leaving a square adjacent to an enemy that can see the mover provokes that enemy, once; a
  shift, a teleport and forced movement never provoke (`provoking.provoked_by`).

The cheapest path to one square, as the GM's drag steers it, is `geometry/paths.py`'s.

The costs are computed for the whole window the speed can reach with numpy, one pass per step
of movement (a Bellman-Ford on arrays), so a move preview is a handful of array operations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.grid import Size, Square
from orcus_desktop.geometry.occupancy import Occupancy
from orcus_desktop.geometry.routes import guided_arrivals, threatened_origins, tie_scale
from orcus_desktop.geometry.walls import BoolArray
from orcus_desktop.vocabulary import MoveMode, slowed_speed

IntGrid = npt.NDArray[np.int64]

# The 8 steps, orthogonal first so that ties prefer straight moves.
STEPS: Final[tuple[tuple[int, int], ...]] = (
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
)
_INF = np.iinfo(np.int64).max // 4


def effective_speed(speed: int, *, slowed: bool = False) -> int:
    """The speed a path may use: `slowed_speed` when the mover is slowed (000 "Slowed")."""
    return slowed_speed(speed) if slowed else speed


def _unit_step_masks(battlefield: Battlefield) -> BoolArray:
    """(8, rows, cols): may a 1x1 creature step from (col, row) in each direction (map only)?"""
    return battlefield.map_cached("unit_step_masks", lambda: _build_unit_step_masks(battlefield))


def _build_unit_step_masks(battlefield: Battlefield) -> BoolArray:
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    free = ~battlefield.blocking
    masks = np.zeros((8, rows, cols), dtype=np.bool_)
    index = battlefield.wall_only_effect_index
    inner = _wall_between_neighbours(battlefield)
    rr, cc = np.mgrid[0:rows, 0:cols]
    for k, (dc, dr) in enumerate(STEPS):
        if k in _REVERSED:
            continue
        dest_c = cc + dc
        dest_r = rr + dr
        ok = (dest_c >= 0) & (dest_c < cols) & (dest_r >= 0) & (dest_r < rows)
        ok &= free
        ok[ok] &= free[dest_r[ok], dest_c[ok]]
        if dc and dr:
            # docs/rulings.md R-20: neither orthogonal neighbour passed may be blocking.
            ok[ok] &= free[rr[ok], dest_c[ok]] & free[dest_r[ok], cc[ok]]
        if k < len(inner):
            ok &= ~inner[k]  # east and south: the same centre-to-centre segments
        elif len(index) and ok.any():
            src_r, src_c = rr[ok], cc[ok]
            starts = np.stack([src_c + 0.5, src_r + 0.5], axis=1).astype(np.float64)
            ends = starts + np.asarray([dc, dr], dtype=np.float64)
            hit = index.segments_intersecting(starts, ends)
            sub = ok[ok]
            sub &= ~hit
            ok[ok] = sub
        masks[k] = ok
    # The step back from the destination is the same segment between the same squares, past
    # the same two neighbours: legal exactly when the step there is.
    for back, k in _REVERSED.items():
        dc, dr = STEPS[k]
        r0, r1 = max(0, -dr), rows - max(0, dr)
        c0, c1 = max(0, -dc), cols - max(0, dc)
        masks[back, r0 + dr : r1 + dr, c0 + dc : c1 + dc] = masks[k, r0:r1, c0:c1]
    return masks


def _wall_between_neighbours(battlefield: Battlefield) -> tuple[BoolArray, BoolArray]:
    """(east, south) masks: a wall crosses the step from (col, row) to that neighbour.

    Walls, windows and closed doors, on the segment between the two squares' centres (the
    step test); False at the map's edge.
    """
    return battlefield.map_cached("wall_between_neighbours", lambda: _build_between(battlefield))


def _build_between(battlefield: Battlefield) -> tuple[BoolArray, BoolArray]:
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    index = battlefield.wall_only_effect_index
    out = (np.zeros((rows, cols), dtype=np.bool_), np.zeros((rows, cols), dtype=np.bool_))
    if not len(index):
        return out
    rr, cc = np.mgrid[0:rows, 0:cols]
    for mask, (dc, dr) in zip(out, STEPS[:2], strict=True):
        inside = (cc + dc < cols) & (rr + dr < rows)
        starts = np.stack([cc[inside] + 0.5, rr[inside] + 0.5], axis=1).astype(np.float64)
        ends = starts + np.asarray([dc, dr], dtype=np.float64)
        mask[inside] = index.segments_intersecting(starts, ends)
    return out


def walled_spaces(battlefield: Battlefield, side: int) -> BoolArray:
    """(rows, cols): a wall runs through the side x side space whose top-left is (col, row).

    A wall, window or closed door between two squares of a large creature's space leaves no
    room for it there (issue: an ogre's 2x2 path crossed a wall through its space). "Between"
    is the movement test of a step: it crosses the segment joining the two squares' centres
    (docs/rulings.md R-37).
    Always False for a 1x1 space.
    """
    return battlefield.map_cached(("walled_spaces", side), lambda: _walled(battlefield, side))


def _walled(battlefield: Battlefield, side: int) -> BoolArray:
    east, south = _wall_between_neighbours(battlefield)
    rows, cols = east.shape
    out = np.zeros((rows, cols), dtype=np.bool_)
    for i in range(side):  # row offset inside the space
        for j in range(side):  # column offset
            if j + 1 < side:
                out[: rows - i, : cols - j] |= east[i:, j:]
            if i + 1 < side:
                out[: rows - i, : cols - j] |= south[i:, j:]
    return out


# Each step that is the reverse of an earlier one in STEPS: west, north, north-west, north-east.
_REVERSED: Final = {2: 0, 3: 1, 6: 4, 7: 5}


def _window(mask: BoolArray, n: int, combine: np.ufunc, start: bool) -> BoolArray:
    """out[r, c] = `combine` over mask[r:r+n, c:c+n] (False where the window leaves the array).

    An n x n creature at origin (r, c) covers that window (000 "Creature Size and Space").
    """
    rows, cols = mask.shape
    out = np.zeros_like(mask)
    if n > rows or n > cols:
        return out
    acc = np.full((rows - n + 1, cols - n + 1), start, dtype=np.bool_)
    for i in range(n):
        for j in range(n):
            combine(acc, mask[i : i + rows - n + 1, j : j + cols - n + 1], out=acc)
    out[: rows - n + 1, : cols - n + 1] = acc
    return out


def _window_and(mask: BoolArray, n: int) -> BoolArray:
    """out[r, c] = all of mask[r:r+n, c:c+n]."""
    return _window(mask, n, np.logical_and, True)


def _window_or(mask: BoolArray, n: int) -> BoolArray:
    """out[r, c] = any of mask[r:r+n, c:c+n]."""
    return _window(mask, n, np.logical_or, False)


@dataclass(frozen=True, slots=True)
class _Plan:
    """Per-origin masks for one mover on one battlefield."""

    step_ok: BoolArray  # (8, rows, cols) step legal from origin (walls, blocking, bounds)
    pass_ok: BoolArray  # (rows, cols) the mover may be at this origin while moving
    end_ok: BoolArray  # (rows, cols) the mover may end its move at this origin
    extra: IntGrid  # (8, rows, cols) extra cost of the step arriving at origin (difficult)
    threat: IntGrid  # (rows, cols) 1 where the mover's space is beside a provokable enemy
    scale: int  # `routes.tie_scale`: a step's cost weighs more than every threat of a path
    arrivals: dict[int, IntGrid] = field(default_factory=dict, compare=False)
    """Per cost of a square, (8, rows, cols): the cost of arriving at each origin by each
    step, or _INF where that step may not arrive there (`arrival_costs`)."""
    ground: _GroundPlan | None = field(default=None, compare=False)
    """The map's part this plan was made from, when its `step_ok` and `extra` are the map's."""

    def arrival_costs(self, per_square: int) -> IntGrid:
        """The arrival costs for `per_square`, worked out once per plan.

        Each preview of a drag slices them instead of masking the steps again. From the map's
        arrival costs when the plan has them: the same costs, but _INF where a creature stops
        the mover (`pass_ok` is the map's `fits` less the creatures' squares).
        """
        found = self.arrivals.get(per_square)
        if found is None:
            ground = self.ground
            if ground is None:
                found = _arrival_costs(self.step_ok, self.pass_ok, self.extra, per_square)
            else:
                base = ground.arrivals.get(per_square)
                if base is None:
                    base = _arrival_costs(ground.step_ok, ground.fits, ground.extra, per_square)
                    base.setflags(write=False)
                    ground.arrivals[per_square] = base
                found = base.copy()
                found[:, ~self.pass_ok] = _INF
            self.arrivals[per_square] = found
        return found

    def guided_costs(self, per_square: int) -> IntGrid:
        """The arrival costs scaled by `scale` plus the threat of the square left (routes)."""
        key = -per_square  # kept beside the plain costs, apart from them
        found = self.arrivals.get(key)
        if found is None:
            plain = self.arrival_costs(per_square)
            found = guided_arrivals(plain, self.threat, self.scale, _INF, STEPS)
            self.arrivals[key] = found
        return found


def _arrival_costs(
    step_ok: BoolArray, pass_ok: BoolArray, extra: IntGrid, per_square: int
) -> IntGrid:
    _, rows, cols = step_ok.shape
    out = np.full((8, rows, cols), _INF, dtype=np.int64)
    for k, (dc, dr) in enumerate(STEPS):
        # arriving at (r, c) from (r - dr, c - dc), both on the map
        tr0, tr1 = max(0, dr), rows + min(0, dr)
        tc0, tc1 = max(0, dc), cols + min(0, dc)
        if tr1 <= tr0 or tc1 <= tc0:
            continue
        ok = step_ok[k, tr0 - dr : tr1 - dr, tc0 - dc : tc1 - dc] & pass_ok[tr0:tr1, tc0:tc1]
        out[k, tr0:tr1, tc0:tc1] = np.where(ok, per_square + extra[k, tr0:tr1, tc0:tc1], _INF)
    return out


def can_pass_through(mover: Occupant, other: Occupant, rules: Occupancy) -> bool:
    """000 "Moving Around Other Creatures": allies always; enemies two sizes apart.

    004-25 (the ruleset's `Occupancy`) adds helpless enemies.
    """
    if not mover.is_enemy_of(other):
        return True
    if rules.pass_helpless_enemies and other.helpless:
        return True
    if rules.pass_tiny and other.size is Size.TINY:
        return True
    if rules.pass_incapacitated and other.incapacitated:
        return True
    return abs(mover.size.rank - other.size.rank) >= 2


def can_end_in(mover: Occupant, other: Occupant, tiny_count: int, rules: Occupancy) -> bool:
    """Whether the mover may end its move in `other`'s space (docs/rulings.md R-17).

    A tiny creature may end in a larger creature's space or share a square with up to three
    other tiny creatures; otherwise nobody ends in another's space - unless the ruleset's
    `Occupancy` allows a prone ally's or a helpless enemy's space (004-25).
    """
    if mover.is_enemy_of(other):
        if rules.end_in_helpless_enemy and other.helpless:
            return True
    elif rules.end_in_prone_ally and other.prone:
        return True
    if mover.size is not Size.TINY:
        return False
    if other.size is not Size.TINY:
        return True
    return tiny_count < 3


def _plan(battlefield: Battlefield, mover: Occupant, *, forced: bool = False) -> _Plan:
    key = ("plan", mover, forced)
    return battlefield.cached(key, lambda: _build_plan(battlefield, mover, forced=forced))


def _build_plan(battlefield: Battlefield, mover: Occupant, *, forced: bool) -> _Plan:
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    n = mover.space.side
    ground = _ground_plan(battlefield, n)
    no_pass = np.zeros((rows, cols), dtype=np.bool_)
    no_end = np.zeros((rows, cols), dtype=np.bool_)
    tiny_count = np.zeros((rows, cols), dtype=np.int64)
    for other in battlefield.occupants:
        if other.size is Size.TINY and other.id != mover.id:
            for sq in other.space.squares():
                if battlefield.bounds.contains(sq):
                    tiny_count[sq.row, sq.col] += 1
    for other in battlefield.occupants:
        if other.id == mover.id:
            continue
        for sq in other.space.squares():
            if not battlefield.bounds.contains(sq):
                continue
            # forced movement never carries a creature through another's space
            if forced or not can_pass_through(mover, other, battlefield.occupancy):
                no_pass[sq.row, sq.col] = True
            if not can_end_in(
                mover, other, int(tiny_count[sq.row, sq.col]), battlefield.occupancy
            ):
                no_end[sq.row, sq.col] = True
    _mark_fallen(battlefield, mover, no_end)
    pass_ok = ground.fits & ~_window_or(no_pass, n)
    end_ok = pass_ok & ~_window_or(no_end, n)
    others = _others_difficult(battlefield, mover, forced=forced)
    # Issue 28: where leaving a square could provoke, for the paths that provoke the fewest.
    threat, scale = threatened_origins(battlefield, mover), tie_scale(battlefield)
    if others.any():
        extra = _entered_extra(battlefield.difficult | others, n)
        return _Plan(ground.step_ok, pass_ok, end_ok, extra, threat, scale)
    return _Plan(ground.step_ok, pass_ok, end_ok, ground.extra, threat, scale, ground=ground)


@dataclass(frozen=True, slots=True)
class _GroundPlan:
    """What a plan owes to the map alone (walls, terrain), for movers of one space side.

    Kept per map state, so the first preview after a creature moved builds only the creatures'
    part (issue 33: it took 1.25x a plain flood at 100x100).
    """

    step_ok: BoolArray  # (8, rows, cols) as `_Plan.step_ok`
    fits: BoolArray  # (rows, cols) no blocking square nor wall inside the space there
    extra: IntGrid  # (8, rows, cols) difficult terrain entered by each step
    arrivals: dict[int, IntGrid] = field(default_factory=dict, compare=False)
    """Per cost of a square: `_arrival_costs` with `fits` for `pass_ok`."""


def _ground_plan(battlefield: Battlefield, n: int) -> _GroundPlan:
    return battlefield.map_cached(("ground_plan", n), lambda: _build_ground(battlefield, n))


def _build_ground(battlefield: Battlefield, n: int) -> _GroundPlan:
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    unit = _unit_step_masks(battlefield)
    free = ~battlefield.blocking
    # Neither a blocking square nor a wall may lie inside the mover's space.
    fits = _window_and(free, n) & ~walled_spaces(battlefield, n)
    step_ok = np.zeros((8, rows, cols), dtype=np.bool_)
    for k in range(len(STEPS)):
        step_ok[k] = _window_and(unit[k], n)
    for array in (step_ok, fits):
        array.setflags(write=False)  # shared by every battlefield of the map state
    extra = _entered_extra(battlefield.difficult, n)
    extra.setflags(write=False)
    return _GroundPlan(step_ok, fits, extra)


def _entered_extra(diff: BoolArray, n: int) -> IntGrid:
    """(8, rows, cols): 1 where a step arriving at an origin enters a `diff` square."""
    rows, cols = diff.shape
    extra = np.zeros((8, rows, cols), dtype=np.int64)
    for k, (dc, dr) in enumerate(STEPS):
        # squares newly entered by a step arriving at origin o: those of space(o) not in
        # space(o - step)
        entered = np.zeros((rows, cols), dtype=np.bool_)
        for i in range(n):  # row offset
            for j in range(n):  # col offset
                if 0 <= i + dr < n and 0 <= j + dc < n:
                    continue
                shifted = np.zeros((rows, cols), dtype=np.bool_)
                shifted[: rows - i, : cols - j] = diff[i:, j:]
                entered |= shifted
        extra[k] = entered.astype(np.int64)
    return extra


def _mark_fallen(battlefield: Battlefield, mover: Occupant, no_end: BoolArray) -> None:
    """docs/rulings.md R-132: no move ends on the dead, who are passed like open ground.

    R-17's exceptions hold: a tiny mover, or a tiny body, shares; a ruleset that lets moves end
    in others' spaces (004-25) lets them end on the dead too.
    """
    if mover.size is Size.TINY or battlefield.occupancy.ends:
        return
    for space in battlefield.fallen:
        if space.size is Size.TINY:
            continue
        for sq in space.squares():
            if battlefield.bounds.contains(sq):
                no_end[sq.row, sq.col] = True


def _others_difficult(battlefield: Battlefield, mover: Occupant, *, forced: bool) -> BoolArray:
    """001-08 (001 l.128): other creatures' squares as difficult terrain.

    The squares of creatures neither tiny nor the mover's allies, when the ruleset's
    `Occupancy` says so (a willing move only).
    """
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    mask = np.zeros((rows, cols), dtype=np.bool_)
    if forced or not battlefield.occupancy.others_difficult:
        return mask
    for other in battlefield.occupants:
        if other.id == mover.id or other.size is Size.TINY or not mover.is_enemy_of(other):
            continue
        for sq in other.space.squares():
            if battlefield.bounds.contains(sq):
                mask[sq.row, sq.col] = True
    return mask


def forced_plan(battlefield: Battlefield, mover: Occupant) -> _Plan:
    """Masks for forced movement: no passing through any creature (see `forced`)."""
    return _plan(battlefield, mover, forced=True)


def _costs(
    battlefield: Battlefield,
    mover: Occupant,
    budget: int,
    per_square: int,
    plan: _Plan,
    *,
    start: Square | None = None,
    table: IntGrid | None = None,
) -> tuple[IntGrid, tuple[int, int]]:
    """Cheapest costs from `start` (the mover's origin) within a window, and its offset.

    ``table``: the arrival costs to use (`_Plan.guided_costs`, `geometry/paths.py`) instead
    of the plan's plain ones.
    """
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    start = mover.square if start is None else start
    reach = max(0, budget // max(1, per_square))
    r0, r1 = max(0, start.row - reach), min(rows, start.row + reach + 1)
    c0, c1 = max(0, start.col - reach), min(cols, start.col + reach + 1)
    h, w = r1 - r0, c1 - c0
    table = plan.arrival_costs(per_square) if table is None else table
    arrivals = table[:, r0:r1, c0:c1]
    dist = np.full((h, w), _INF, dtype=np.int64)
    dist[start.row - r0, start.col - c0] = 0
    # Per step direction, the cost of arriving at each target square by that step, or _INF
    # where the step is not allowed (sums stay below int64's top: _INF is a quarter of it).
    # The views into `dist` and the sums' buffers are made once: the rounds only compute.
    moves = []
    for k, (dc, dr) in enumerate(STEPS):
        # arriving at (r, c) from (r - dr, c - dc)
        sr0, sr1 = max(0, -dr), h - max(0, dr)
        sc0, sc1 = max(0, -dc), w - max(0, dc)
        if sr1 <= sr0 or sc1 <= sc0:
            continue
        tr0, tc0 = sr0 + dr, sc0 + dc
        tr1, tc1 = sr1 + dr, sc1 + dc
        add = arrivals[k, tr0:tr1, tc0:tc1]
        target, source = dist[tr0:tr1, tc0:tc1], dist[sr0:sr1, sc0:sc1]
        moves.append((target, source, add, np.empty_like(add)))
    # Relaxed in place (a step may build on one relaxed earlier in the same round): every value
    # is a real path's cost, so it never goes below the cheapest, and fewer rounds are needed.
    before = np.empty_like(dist)
    for _ in range(reach + 1):
        np.copyto(before, dist)
        for target, source, add, total in moves:
            np.add(source, add, out=total)
            np.minimum(target, total, out=target)
        if np.array_equal(before, dist):
            break
    return dist, (r0, c0)


def reachable_squares(
    battlefield: Battlefield,
    mover_id: str,
    speed: int | None = None,
    mode: MoveMode = MoveMode.WALK,
    *,
    slowed: bool = False,
) -> dict[Square, int]:
    """Every square the mover can end a move on within its speed, with the cost (move preview).

    Args:
        battlefield: the map.
        mover_id: who moves.
        speed: squares of movement (default: the occupant's speed). A shift uses 1.
        mode: how it moves (`MoveMode.squares_per_square`; a shift goes 1 square).
        slowed: 000 "Slowed" caps the speed at 2.

    Returns:
        {top-left square: cost}; the start square is included with cost 0.
    """
    mover = battlefield.occupant(mover_id)
    budget = effective_speed(mover.speed if speed is None else speed, slowed=slowed)
    if mode is MoveMode.SHIFT and speed is None:
        budget = 1  # 000 "Five-Foot Step": shift one square
    plan = _plan(battlefield, mover)
    dist, (r0, c0) = _costs(battlefield, mover, budget, mode.squares_per_square, plan)
    h, w = dist.shape
    ok = (dist <= budget) & plan.end_ok[r0 : r0 + h, c0 : c0 + w]
    rows, cols = np.nonzero(ok)
    costs = dist[rows, cols].tolist()
    squares = map(Square, (cols + c0).tolist(), (rows + r0).tolist())
    out = dict(zip(squares, costs, strict=True))
    out[mover.square] = 0
    return out


def step_allowed(battlefield: Battlefield, mover_id: str, frm: Square, to: Square) -> bool:
    """Whether one step between neighbouring origins is legal for the mover.

    Walls, corners, blocking squares and enemies it cannot pass count; ending there does not.
    """
    mover = battlefield.occupant(mover_id)
    step = (to.col - frm.col, to.row - frm.row)
    if step not in STEPS:
        return False
    plan = _plan(battlefield, mover)
    k = STEPS.index(step)
    bounds = battlefield.bounds
    if not (bounds.contains(frm) and bounds.contains(to)):
        return False
    return bool(plan.step_ok[k, frm.row, frm.col] and plan.pass_ok[to.row, to.col])
