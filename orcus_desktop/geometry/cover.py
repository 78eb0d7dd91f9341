"""Cover of a target against an attacker, for one pair or for every pair at once.

Cover (000 "Cover"; docs/rulings.md R-14, "Cover from creatures", "Cover from the opposite
side") is the share of the target's space hidden from the attacker's best corner by solid
obstacles (walls, windows, closed doors, blocking squares) and by other creatures, creatures
giving at most half cover on their own (docs/rulings.md R-13). The shares come from
`corner_shares`; line of sight and concealment live in `sight`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.corner_shares import (
    SHARE_SLACK,
    ShareRows,
    corner_share_rows,
    distinct_spaces,
)
from orcus_desktop.geometry.cover_buckets import ORCUS_BUCKETS, CoverBuckets
from orcus_desktop.geometry.coverage import separating_segments, split_crossings
from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.walls import BoolArray, FloatArray, IntArray, SegmentIndex
from orcus_desktop.vocabulary import CoverDegree


@dataclass(frozen=True, slots=True)
class CoverResult:
    """Cover of a target against an attacker.

    Attributes:
        degree: the cover degree from the attacker's best corner.
        hidden_share: share (0..1) of the target's space hidden from that corner by walls and
            creatures together; exact up to float rounding (about 1e-10), in every result
            (never a bound). 1.0 for total cover.
        corner: the attacker's corner used, or None when no corner has line of effect. Among
            corners with the same degree and hidden shares within 1e-9 of each other, the first
            in `space_corners` order.
    """

    degree: CoverDegree
    hidden_share: float
    corner: Point | None


def degree_for_hidden_share(hidden: float, buckets: CoverBuckets = ORCUS_BUCKETS) -> CoverDegree:
    """docs/rulings.md R-14: hidden >= 1/2 half, >= 3/4 three-quarters, all of it total.

    The thresholds and degrees are the ruleset's scale (001-11: quarters and seven-eighths).
    """
    if hidden >= 1 - SHARE_SLACK:
        return CoverDegree.TOTAL
    rank = sum(hidden >= share - SHARE_SLACK for share in buckets.thresholds)
    return buckets.ranked_degrees[rank]


def _hulls(viewer_boxes: FloatArray, target_boxes: FloatArray) -> Any:
    """Convex hulls of each viewer box with its target box (shapely array, this package only)."""
    a, b = viewer_boxes, target_boxes
    pts = np.stack(
        [
            a[:, [0, 1]],
            a[:, [2, 1]],
            a[:, [2, 3]],
            a[:, [0, 3]],
            b[:, [0, 1]],
            b[:, [2, 1]],
            b[:, [2, 3]],
            b[:, [0, 3]],
        ],
        axis=1,
    )
    # (a line string through the 8 corners: much faster to build than a multipoint)
    return shapely.convex_hull(shapely.linestrings(pts))


def cover(
    battlefield: Battlefield,
    attacker_id: str,
    target_id: str,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> CoverResult:
    """The target's cover against the attacker (000 "Cover"; docs/rulings.md R-14).

    Walls, windows, closed doors and blocking squares give any degree; other creatures give at
    most half cover on their own (docs/rulings.md R-13). Total cover: no line of
    effect, which is the same as all of the target's space hidden from every corner.
    """
    attacker = battlefield.occupant(attacker_id)
    target = battlefield.occupant(target_id)
    return space_cover(battlefield, attacker, target, buckets)


def space_cover(
    battlefield: Battlefield,
    attacker: Occupant,
    target: Occupant,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> CoverResult:
    """`cover` for two occupants (which need not be on the battlefield's list)."""
    return covers(battlefield, [(attacker, target)], buckets)[0]


def covers(
    battlefield: Battlefield,
    pairs: Sequence[tuple[Occupant, Occupant]],
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> list[CoverResult]:
    """`cover` for many (attacker, target) pairs in two vectorised passes (walls; + creatures).

    The second pass, with the other creatures' outlines added, runs only for pairs where
    creatures could change the answer: some corner has no cover from walls, and a creature's
    space meets the hull of the two spaces.

    Shortcuts that change no answer: a pair one wall separates sees nothing
    (`separating_segments`), a corner one segment hides sees nothing and a corner nothing
    gets in front of sees everything (`cone_filter`); only the rest is measured exactly.
    """
    if not pairs:
        return []
    spaces, ids = distinct_spaces((o.space for pair in pairs for o in pair), 2 * len(pairs))
    return _covers(battlefield, pairs, spaces, ids[0::2], ids[1::2], buckets)


def _covers(
    battlefield: Battlefield,
    pairs: Sequence[tuple[Occupant, Occupant]],
    spaces: Sequence[Space],
    viewer_ids: IntArray,
    target_ids: IntArray,
    buckets: CoverBuckets,
) -> list[CoverResult]:
    """`covers` with the pairs' spaces given as indices into the distinct `spaces`."""
    n = len(pairs)
    space_boxes = np.asarray([s.bounds() for s in spaces], dtype=np.float64).reshape(-1, 4)
    viewer_boxes, target_boxes = space_boxes[viewer_ids], space_boxes[target_ids]
    index = battlefield.effect_index
    c_pair, c_seg, hidden = _symmetric_candidates(index, viewer_ids, target_ids, space_boxes)
    candidates = (c_pair, c_seg)
    none_i64 = np.empty(0, dtype=np.int64)
    none_segs = np.empty((0, 4), dtype=np.float64)
    walls = corner_share_rows(
        index, spaces, viewer_ids, target_boxes, none_i64, none_segs, candidates, hidden
    )
    both = walls.shares.copy()
    # creatures can only add up to their cap where some corner has less from walls
    best_seen = np.maximum.reduceat(walls.shares, walls.first_row)
    cap = buckets.creature_cap
    open_pairs = best_seen > 1 - buckets.thresholds[max(cap, 1) - 1] + SHARE_SLACK
    if cap > 0 and open_pairs.any() and len(battlefield.occupants) >= 3:
        boxes = (viewer_boxes, target_boxes)
        _add_creatures(
            battlefield, pairs, (spaces, viewer_ids), boxes, open_pairs, walls, both, candidates
        )
    return _cover_results(walls, both, n, buckets)


def _symmetric_candidates(
    index: SegmentIndex, viewer_ids: IntArray, target_ids: IntArray, space_boxes: FloatArray
) -> tuple[IntArray, IntArray, BoolArray]:
    """Per pair, the segments that may stand between the two spaces (`pairs_near_hulls`).

    The pairs are given as indices into `space_boxes` (one row per distinct space); the hull
    of A and B is the hull of B and A, so (a, t) and (t, a) share one query. Pairs that one
    segment separates (`separating_segments`) are returned as hidden, without candidates:
    every corner of either space sees nothing of the other.

    Returns:
        (pair index, segment index) candidates, and the (n,) hidden pairs.
    """
    n = len(viewer_ids)
    n_spaces = len(space_boxes)
    lo = np.minimum(viewer_ids, target_ids)
    hi = np.maximum(viewer_ids, target_ids)
    keys, uid = np.unique(lo * n_spaces + hi, return_inverse=True)
    u_lo, u_hi = keys // n_spaces, keys % n_spaces
    u_pair, u_seg = index.pairs_near_hulls(space_boxes[u_lo], space_boxes[u_hi])
    u_hidden = np.zeros(len(keys), dtype=np.bool_)
    if len(u_pair):
        sep = separating_segments(space_boxes[u_lo], space_boxes[u_hi], u_pair, index.runs[u_seg])
        u_hidden[u_pair[sep]] = True
        keep = ~u_hidden[u_pair]
        u_pair, u_seg = u_pair[keep], u_seg[keep]
    # expand: every ordered pair gets the segments of its unordered pair
    per_u = np.bincount(u_pair, minlength=len(keys))
    start_u = np.cumsum(per_u) - per_u
    counts = per_u[uid]
    total = int(counts.sum())
    pair_idx = np.repeat(np.arange(n), counts)
    offs = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    seg_idx = u_seg[np.repeat(start_u[uid], counts) + offs]
    return pair_idx, seg_idx, u_hidden[uid]


def _add_creatures(
    battlefield: Battlefield,
    pairs: Sequence[tuple[Occupant, Occupant]],
    viewers: tuple[Sequence[Space], IntArray],
    boxes: tuple[FloatArray, FloatArray],
    open_pairs: BoolArray,
    walls: ShareRows,
    both: FloatArray,
    candidates: tuple[IntArray, IntArray],
) -> None:
    """Second cover pass: write into `both` the shares seen past walls and other creatures."""
    viewer_boxes, target_boxes = boxes
    occ_boxes = battlefield.cached(("occupant_boxes",), lambda: battlefield.occupant_boxes())
    index_of = {o.id: k for k, o in enumerate(battlefield.occupants)}
    cand_pairs = np.nonzero(open_pairs)[0]
    region_lo = np.minimum(viewer_boxes[cand_pairs, :2], target_boxes[cand_pairs, :2])
    region_hi = np.maximum(viewer_boxes[cand_pairs, 2:], target_boxes[cand_pairs, 2:])
    overlap = (
        (occ_boxes[None, :, 0] < region_hi[:, None, 0])
        & (occ_boxes[None, :, 2] > region_lo[:, None, 0])
        & (occ_boxes[None, :, 1] < region_hi[:, None, 1])
        & (occ_boxes[None, :, 3] > region_lo[:, None, 1])
    )
    for row, p in enumerate(cand_pairs.tolist()):
        for who in pairs[p]:
            k = index_of.get(who.id)
            if k is not None:
                overlap[row, k] = False
    rows, occs = np.nonzero(overlap)
    if len(rows):
        # apart across the line joining the two centres (the hull lies within the boxes'
        # extents there): such a space meets the hull with no area, if at all
        near = cand_pairs[rows]
        vb, tb, ob = viewer_boxes[near], target_boxes[near], occ_boxes[occs]
        d = (tb[:, :2] + tb[:, 2:] - vb[:, :2] - vb[:, 2:]) / 2
        nx, ny = -d[:, 1], d[:, 0]

        def extent(b: FloatArray) -> tuple[FloatArray, FloatArray]:
            mid = nx * (b[:, 0] + b[:, 2]) / 2 + ny * (b[:, 1] + b[:, 3]) / 2
            half = (np.abs(nx) * (b[:, 2] - b[:, 0]) + np.abs(ny) * (b[:, 3] - b[:, 1])) / 2
            return mid - half, mid + half

        (v_lo, v_hi), (t_lo, t_hi), (o_lo, o_hi) = extent(vb), extent(tb), extent(ob)
        scale = SHARE_SLACK * (np.abs(nx) + np.abs(ny) + 1.0)
        maybe = (o_hi > np.minimum(v_lo, t_lo) - scale) & (o_lo < np.maximum(v_hi, t_hi) + scale)
        rows, occs = rows[maybe], occs[maybe]
    if len(rows):
        occ_geoms = shapely.box(occ_boxes[:, 0], occ_boxes[:, 1], occ_boxes[:, 2], occ_boxes[:, 3])
        # a space meeting the hull with area (touching its outline hides nothing)
        near = cand_pairs[rows]
        h = _hulls(viewer_boxes[near], target_boxes[near])
        g = occ_geoms[occs]
        real = shapely.intersects(h, g) & ~shapely.touches(h, g)
        rows, occs = rows[real], occs[real]
    if not len(rows):
        return
    need = np.unique(rows)
    local = np.full(len(cand_pairs), -1, dtype=np.int64)
    local[need] = np.arange(len(need))
    b = occ_boxes[occs]
    outline = np.stack(
        [
            np.stack([b[:, 0], b[:, 1], b[:, 2], b[:, 1]], axis=1),
            np.stack([b[:, 2], b[:, 1], b[:, 2], b[:, 3]], axis=1),
            np.stack([b[:, 2], b[:, 3], b[:, 0], b[:, 3]], axis=1),
            np.stack([b[:, 0], b[:, 3], b[:, 0], b[:, 1]], axis=1),
        ],
        axis=1,
    ).reshape(-1, 4)
    outline_pair = np.repeat(local[rows], 4)
    chosen = cand_pairs[need]
    # the wall candidates of the first pass, for the chosen pairs renumbered
    local_of_pair = np.full(len(pairs), -1, dtype=np.int64)
    local_of_pair[chosen] = np.arange(len(chosen))
    c_pair, c_seg = candidates
    mine = local_of_pair[c_pair] >= 0
    index = battlefield.effect_index
    # outlines are not noded with the walls (nor with each other): split where they cross
    seg_pair, seg_rows = split_crossings(
        np.concatenate([local_of_pair[c_pair[mine]], outline_pair]),
        np.concatenate([index.segments[c_seg[mine]], outline]),
        np.repeat([False, True], [int(mine.sum()), len(outline_pair)]),
    )
    none = np.empty(0, dtype=np.int64)
    spaces, viewer_ids = viewers
    second = corner_share_rows(
        index,
        spaces,
        viewer_ids[chosen],
        target_boxes[chosen],
        seg_pair,
        seg_rows,
        (none, none),
    )
    # copy back: the chosen pairs' corner rows of the first pass, in the same order
    counts = np.diff(np.append(second.first_row, len(second.shares)))
    dest = np.repeat(walls.first_row[chosen], counts) + (
        np.arange(len(second.shares)) - np.repeat(second.first_row, counts)
    )
    both[dest] = second.shares


def _degree_rank(hidden: FloatArray, buckets: CoverBuckets) -> IntArray:
    """Vectorised `degree_for_hidden_share`: 0 none, then one per level, the last total.

    The rank indexes ``buckets.ranked_degrees``.
    """
    rank: IntArray = (hidden >= 1 - SHARE_SLACK).astype(np.int64)
    for share in buckets.thresholds:
        rank += (hidden >= share - SHARE_SLACK).astype(np.int64)
    return rank


def _cover_results(
    walls: ShareRows, both: FloatArray, n: int, buckets: CoverBuckets
) -> list[CoverResult]:
    """Per pair: the best corner and its degree (see `best_corner_rows`)."""
    wall_rank = _degree_rank(1 - walls.shares, buckets)
    # docs/rulings.md R-13: creatures add at most half cover on their own.
    creature_rank = np.minimum(_degree_rank(1 - both, buckets), buckets.creature_cap)
    rank = np.maximum(wall_rank, creature_rank)
    hidden = np.clip(1 - both, 0.0, 1.0)
    best = best_corner_rows(walls.first_row, rank, hidden)
    reach = np.maximum.reduceat(walls.shares, walls.first_row) > SHARE_SLACK
    # no line of effect (docs/rulings.md R-14: total) or total from the best corner
    total = ~reach | (rank[best] == len(buckets.thresholds) + 1)
    out: list[CoverResult] = [_TOTAL] * n
    corners = walls.corners[best].tolist()
    ranks = rank[best].tolist()
    hiddens = hidden[best].tolist()
    degrees = buckets.ranked_degrees  # (a property that builds a tuple: once, not per pair)
    for p in np.nonzero(~total)[0].tolist():
        x, y = corners[p]
        out[p] = CoverResult(degrees[ranks[p]], hiddens[p], (x, y))
    return out


_TOTAL = CoverResult(CoverDegree.TOTAL, 1.0, None)


def best_corner_rows(first_row: IntArray, rank: IntArray, hidden: FloatArray) -> IntArray:
    """Per pair, the row of the attacker's corner that gives the target the least cover.

    docs/rulings.md R-14: the least degree first, then the least hidden share; shares
    within `SHARE_SLACK` of that least one are the same share (they differ by float rounding only),
    and among those the first corner in `space_corners` order is taken, so that the choice
    never depends on rounding.

    Args:
        first_row: (n,) each pair's first row; a pair's rows are consecutive.
        rank: per row, 0 none .. the total rank (`_degree_rank`).
        hidden: per row, the hidden share.
    """
    n_rows = len(rank)
    counts = np.diff(np.append(first_row, n_rows))
    pair = np.repeat(np.arange(len(first_row)), counts)
    least_rank = np.minimum.reduceat(rank, first_row)
    candidate = rank == least_rank[pair]
    least_hidden = np.minimum.reduceat(np.where(candidate, hidden, np.inf), first_row)
    chosen = candidate & (hidden <= least_hidden[pair] + SHARE_SLACK)
    # the first chosen row of each pair: rows are grouped by pair, in order
    rows = np.nonzero(chosen)[0]
    starts = np.searchsorted(rows, first_row)
    best: IntArray = rows[starts]
    return best


def cover_table(
    battlefield: Battlefield,
    ids: Sequence[str] | None = None,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> dict[tuple[str, str], CoverResult]:
    """Cover for every ordered pair of distinct occupants (all of them by default)."""
    chosen = battlefield.occupants if ids is None else [battlefield.occupant(i) for i in ids]
    pairs = [(a, t) for a in chosen for t in chosen if a.id != t.id]
    if not pairs:
        return {}
    # the same pairs as index arrays, in the same order (attacker major)
    spaces, space_of = distinct_spaces((o.space for o in chosen), len(chosen))
    names = np.asarray([o.id for o in chosen], dtype=object)
    a_idx, t_idx = np.nonzero(names[:, None] != names[None, :])
    results = _covers(battlefield, pairs, spaces, space_of[a_idx], space_of[t_idx], buckets)
    return {(a.id, t.id): result for (a, t), result in zip(pairs, results, strict=True)}
