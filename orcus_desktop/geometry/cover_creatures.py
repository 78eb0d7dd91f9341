"""Cover's second pass: the share each attacker corner sees past walls and other creatures.

Other creatures give at most half cover on their own (docs/rulings.md R-13, "Cover from
creatures"), so this pass runs only where that can change the answer (see `cover.covers`).
A creature counts for a pair when its space meets the hull of the two spaces with area. The
shares depend on the map and on the spaces alone (the pair's and those creatures'), so they
are kept per map state with the walls-only ones (`cover_walls.KeptShares`): after a token
moves, only the pairs whose hull it left or entered are measured again.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.box_sweep import exact_seen_fractions
from orcus_desktop.geometry.corner_shares import ShareRows
from orcus_desktop.geometry.cover_buckets import CoverBuckets
from orcus_desktop.geometry.cover_walls import KEPT_PAIRS, KeptShares, run_offsets
from orcus_desktop.geometry.coverage import cone_filter, seen_fractions, split_crossings
from orcus_desktop.geometry.walls import BoolArray, FloatArray, IntArray

CreatureKey = tuple[int, tuple[int, ...]]
Measure = Callable[[FloatArray, FloatArray, FloatArray, IntArray, FloatArray], FloatArray]


def add_creatures(
    battlefield: Battlefield,
    kept: tuple[KeptShares, IntArray, CoverBuckets],
    own: IntArray,
    boxes: tuple[FloatArray, FloatArray],
    open_pairs: BoolArray,
    walls: ShareRows,
    rows_wanted: BoolArray,
    both: FloatArray,
) -> None:
    """Write into `both` the shares seen past walls and the creatures that count.

    Only the `open_pairs` are looked at, and in them only the `rows_wanted` (corner rows)
    whose cone an outline enters (`cone_filter`) are measured again, with the pair's walls and
    those outlines; the other rows keep their share from the walls.

    Args:
        battlefield: the walls and the creatures.
        kept: the map state's `KeptShares`, each pair's key (its two spaces' numbers) and
            the cover scale (which decides `open_pairs` and `rows_wanted`).
        own: (n, 2) each pair's attacker and target as indices into the battlefield's
            occupants (-1 for one not on it): they never hide each other.
        boxes: each pair's attacker and target boxes.
        open_pairs: (n,) the pairs where creatures may change the answer.
        walls: the walls-only rows (`cover_walls.wall_share_rows`).
        rows_wanted: per row, whether it may be its pair's best corner.
        both: per row, the walls-only share, overwritten where creatures are measured.
    """
    viewer_boxes, target_boxes = boxes
    occ_boxes = battlefield.cached(("occupant_boxes",), lambda: battlefield.occupant_boxes())
    cand_pairs = np.nonzero(open_pairs)[0]
    region_lo = np.minimum(viewer_boxes[cand_pairs, :2], target_boxes[cand_pairs, :2])
    region_hi = np.maximum(viewer_boxes[cand_pairs, 2:], target_boxes[cand_pairs, 2:])
    overlap = (
        (occ_boxes[None, :, 0] < region_hi[:, None, 0])
        & (occ_boxes[None, :, 2] > region_lo[:, None, 0])
        & (occ_boxes[None, :, 1] < region_hi[:, None, 1])
        & (occ_boxes[None, :, 3] > region_lo[:, None, 1])
    )
    local = np.arange(len(cand_pairs))
    for side in (0, 1):  # the pair's own two creatures hide nothing from each other
        k = own[cand_pairs, side]
        mine = k >= 0
        overlap[local[mine], k[mine]] = False
    rows, occs = np.nonzero(overlap)
    near = cand_pairs[rows]
    real = _meet_hulls(viewer_boxes[near], target_boxes[near], occ_boxes[occs])
    pair_of, occs = near[real], occs[real]  # sorted by pair
    if not len(pair_of):
        return
    store_all, pair_keys, buckets = kept
    store = store_all.with_creatures.setdefault(buckets, {})
    occ_space = store_all.space_ids([o.space for o in battlefield.occupants])[occs]
    pair_of, occs, new_keys = _read_kept(store, pair_keys, walls, (pair_of, occs, occ_space), both)
    if not len(pair_of):
        return
    _measure(battlefield, boxes, walls, rows_wanted, pair_of, occs, both)
    if len(store) + len(new_keys) > KEPT_PAIRS:
        store.clear()
    # the new pairs' rows only, pair after pair
    new_pairs = np.fromiter(new_keys, dtype=np.int64, count=len(new_keys))
    counts = np.diff(np.append(walls.first_row, len(both)))[new_pairs]
    values = both[np.repeat(walls.first_row[new_pairs], counts) + run_offsets(counts)].tolist()
    ends = np.cumsum(counts).tolist()
    for key, end, count in zip(new_keys.values(), ends, counts.tolist(), strict=True):
        store[key] = values[end - count : end]


def _read_kept(
    store: dict[CreatureKey, list[float]],
    pair_keys: IntArray,
    walls: ShareRows,
    rows: tuple[IntArray, IntArray, IntArray],
    both: FloatArray,
) -> tuple[IntArray, IntArray, dict[int, CreatureKey]]:
    """Write the kept shares of the pairs measured before; the rest is left to measure.

    `rows`: (pair, creature, number of the creature's space) per creature that counts. A
    pair's key is its own key with the sorted numbers of those creatures' spaces.

    Returns:
        the (pair, creature) rows of the pairs not kept, and those pairs' keys.
    """
    pair_of, occs, occ_space = rows
    order = np.lexsort((occ_space, pair_of))
    pair_of, occs, occ_space = pair_of[order], occs[order], occ_space[order]
    pairs_u, first = np.unique(pair_of, return_index=True)
    bounds = [*first.tolist(), len(pair_of)]
    spaces_of = occ_space.tolist()
    keys: list[CreatureKey] = [
        (key, tuple(spaces_of[bounds[i] : bounds[i + 1]]))
        for i, key in enumerate(pair_keys[pairs_u].tolist())
    ]
    found = [store.get(k) for k in keys]
    hit = np.fromiter((f is not None for f in found), dtype=np.bool_, count=len(found))
    if hit.any():
        hit_pairs = pairs_u[hit]
        counts = np.diff(np.append(walls.first_row, len(walls.shares)))[hit_pairs]
        hit_rows = np.repeat(walls.first_row[hit_pairs], counts) + run_offsets(counts)
        values = itertools.chain.from_iterable(f for f in found if f is not None)
        both[hit_rows] = np.fromiter(values, dtype=np.float64, count=len(hit_rows))
    new_keys = {p: k for p, k, f in zip(pairs_u.tolist(), keys, found, strict=True) if f is None}
    todo = ~hit[np.searchsorted(pairs_u, pair_of)]
    return pair_of[todo], occs[todo], new_keys


def _measure(
    battlefield: Battlefield,
    boxes: tuple[FloatArray, FloatArray],
    walls: ShareRows,
    rows_wanted: BoolArray,
    pair_of: IntArray,
    occs: IntArray,
    both: FloatArray,
) -> None:
    """Measure the wanted corners of these (pair, creature) rows past walls and creatures."""
    target_boxes = boxes[1]
    occ_boxes = battlefield.cached(("occupant_boxes",), lambda: battlefield.occupant_boxes())
    # every corner row of those pairs that sees something past the walls, with each outline
    n_rows = len(walls.shares)
    per_pair = np.diff(np.append(walls.first_row, n_rows))
    c = per_pair[pair_of]
    row = np.repeat(walls.first_row[pair_of], c) + run_offsets(c)
    occ = np.repeat(occs, c)
    wanted = rows_wanted[row]
    row, occ = row[wanted], occ[wanted]
    if not len(row):
        return
    edge_row = np.repeat(row, 4)
    edges = _outlines(occ_boxes[occ])
    facing = _facing(edges, walls.corners[edge_row], np.repeat(occ_boxes[occ], 4, axis=0))
    edge_row, edges = edge_row[facing], edges[facing]
    rows_u, edge_group = np.unique(edge_row, return_inverse=True)
    target_u = target_boxes[walls.pair[rows_u]]
    relevant, hidden = cone_filter(walls.corners[rows_u], target_u, edge_group, edges)
    both[rows_u[hidden]] = 0.0
    todo = np.zeros(len(rows_u), dtype=np.bool_)
    todo[edge_group[relevant]] = True
    todo &= ~hidden
    if not todo.any():
        return
    renum = np.cumsum(todo) - 1
    keep = relevant & todo[edge_group]
    e_group, e_segs = renum[edge_group[keep]], edges[keep]
    measured = rows_u[todo]
    target_of = target_boxes[walls.pair[measured]]
    w_group, w_segs, measure = _walls_of_rows(battlefield, boxes, walls, measured)
    # outlines are not noded with the walls (nor with each other): split where they cross
    seg_group, seg_rows = split_crossings(
        np.concatenate([w_group, e_group]),
        np.concatenate([w_segs, e_segs]),
        np.repeat([False, True], [len(w_group), len(e_group)]),
    )
    both[measured] = measure(
        walls.corners[measured], walls.inward[measured], target_of, seg_group, seg_rows
    )


def _walls_of_rows(
    battlefield: Battlefield,
    boxes: tuple[FloatArray, FloatArray],
    walls: ShareRows,
    rows: IntArray,
) -> tuple[IntArray, FloatArray, Measure]:
    """The walls to measure these corner rows with again, and the measure to use.

    When the walls pass measured these rows in this call, the walls that may change each
    row's share are known (`ShareRows.measured`): only those, every one of them measured
    exactly (`exact_seen_fractions`). Else every wall near the pair's hull (`_walls_near`),
    filtered first (`seen_fractions`). The answers are the same, up to float rounding.

    Returns:
        (index into `rows`, wall segment) rows, grouped by row, and the measure.
    """
    segments = battlefield.effect_index.segments
    if walls.measured is not None:
        m_row, m_seg = walls.measured  # sorted by row
        per_row = np.bincount(m_row, minlength=len(walls.shares))
        start = np.cumsum(per_row) - per_row
        wc = per_row[rows]
        w_group = np.repeat(np.arange(len(rows)), wc)
        w_segs = segments[m_seg[np.repeat(start[rows], wc) + run_offsets(wc)]]
        return w_group, w_segs, exact_seen_fractions
    # the walls near each row's pair (`pairs_near_hulls`: sorted by pair)
    pairs_u, m_pair = np.unique(walls.pair[rows], return_inverse=True)
    c_pair, c_seg = _walls_near(battlefield, boxes, walls, pairs_u)
    per_cand = np.bincount(c_pair, minlength=len(pairs_u))
    start = np.cumsum(per_cand) - per_cand
    wc = per_cand[m_pair]
    w_group = np.repeat(np.arange(len(rows)), wc)
    w_segs = segments[c_seg[np.repeat(start[m_pair], wc) + run_offsets(wc)]]
    return w_group, w_segs, seen_fractions


def _walls_near(
    battlefield: Battlefield,
    boxes: tuple[FloatArray, FloatArray],
    walls: ShareRows,
    pairs_u: IntArray,
) -> tuple[IntArray, IntArray]:
    """(index into `pairs_u`, segment index) of the walls near each pair's hull, by pair.

    The walls pass's candidates when it measured every pair in this call (the same query:
    `pairs_near_hulls` gives (a, t) and (t, a) the same walls); else a new query.
    """
    if walls.candidates is None:
        viewer_boxes, target_boxes = boxes
        return battlefield.effect_index.pairs_near_hulls(
            viewer_boxes[pairs_u], target_boxes[pairs_u]
        )
    w_pair, w_seg = walls.candidates
    per_pair = np.bincount(w_pair, minlength=len(walls.first_row))
    start = np.cumsum(per_pair) - per_pair
    counts = per_pair[pairs_u]
    rows = np.repeat(start[pairs_u], counts) + run_offsets(counts)
    return np.repeat(np.arange(len(pairs_u)), counts), w_seg[rows]


def _outlines(b: FloatArray) -> FloatArray:
    """(k, 4) boxes -> (4k, 4) their four sides as segments, box by box."""
    out: FloatArray = np.stack(
        [
            np.stack([b[:, 0], b[:, 1], b[:, 2], b[:, 1]], axis=1),
            np.stack([b[:, 2], b[:, 1], b[:, 2], b[:, 3]], axis=1),
            np.stack([b[:, 2], b[:, 3], b[:, 0], b[:, 3]], axis=1),
            np.stack([b[:, 0], b[:, 3], b[:, 0], b[:, 1]], axis=1),
        ],
        axis=1,
    ).reshape(-1, 4)
    return out


def _facing(edges: FloatArray, points: FloatArray, boxes: FloatArray) -> BoolArray:
    """Per outline edge, whether it may hide anything from the point: not a back edge.

    A creature's space is convex, so from a point outside it every line into the space
    crosses a side facing the point first: a side with the point strictly on the space's own
    side of its line (a back side) lies in the shadow of the others and hides nothing more. A
    side whose line holds the point is kept (it may pass through the point: the sector rule),
    and so is every side of a space whose closed box holds the point (from a point on the
    outline a line may start inside and leave through a back side; tiny creatures share a
    square). Grid coordinates make the signs exact.
    """
    ax, ay = edges[:, 0], edges[:, 1]
    ex, ey = edges[:, 2] - ax, edges[:, 3] - ay
    point_side = ex * (points[:, 1] - ay) - ey * (points[:, 0] - ax)
    mid_x, mid_y = (boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2
    inner_side = ex * (mid_y - ay) - ey * (mid_x - ax)
    px, py = points[:, 0], points[:, 1]
    inside = (px >= boxes[:, 0]) & (px <= boxes[:, 2]) & (py >= boxes[:, 1]) & (py <= boxes[:, 3])
    facing: BoolArray = (point_side * inner_side <= 0) | inside
    return facing


def _meet_hulls(boxes_a: FloatArray, boxes_b: FloatArray, others: FloatArray) -> BoolArray:
    """Per row, whether box `others` meets the convex hull of boxes a and b with area.

    Touching the hull's outline does not count. Separating axes: x and y (the hull's box
    sides), and the normals of the four lines joining a corner of a to the same corner of b
    (they hold the hull's two other edges). Extra axes never harm: a gap on any axis is a
    gap. Grid coordinates make every product exact, so touching is told apart exactly.
    """
    a, b, o = boxes_a, boxes_b, others
    meet = (
        (o[:, 0] < np.maximum(a[:, 2], b[:, 2]))
        & (o[:, 2] > np.minimum(a[:, 0], b[:, 0]))
        & (o[:, 1] < np.maximum(a[:, 3], b[:, 3]))
        & (o[:, 3] > np.minimum(a[:, 1], b[:, 1]))
    )
    # the four corner lines at once: corners (x0, y0), (x1, y0), (x1, y1), (x0, y1); the
    # normal of b - a at a corner is (-(by - ay), bx - ax)
    nx = a[:, [1, 1, 3, 3]] - b[:, [1, 1, 3, 3]]
    ny = b[:, [0, 2, 2, 0]] - a[:, [0, 2, 2, 0]]
    abs_x, abs_y = np.abs(nx), np.abs(ny)

    def extent(box: FloatArray) -> tuple[FloatArray, FloatArray]:
        """A box's projection on each normal: its centre's, plus or minus its reach."""
        mid = (
            nx * ((box[:, 0] + box[:, 2]) / 2)[:, None]
            + ny * ((box[:, 1] + box[:, 3]) / 2)[:, None]
        )
        reach = (
            abs_x * ((box[:, 2] - box[:, 0]) / 2)[:, None]
            + abs_y * ((box[:, 3] - box[:, 1]) / 2)[:, None]
        )
        return mid - reach, mid + reach

    (a_lo, a_hi), (b_lo, b_hi), (o_lo, o_hi) = extent(a), extent(b), extent(o)
    apart = (o_hi <= np.minimum(a_lo, b_lo)) | (o_lo >= np.maximum(a_hi, b_hi))
    axis = (nx != 0) | (ny != 0)
    gap = axis & apart  # (columns, not a reduction along rows of four: far cheaper)
    meet &= ~(gap[:, 0] | gap[:, 1] | gap[:, 2] | gap[:, 3])
    return meet
