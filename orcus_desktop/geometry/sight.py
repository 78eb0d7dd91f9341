"""Line of sight, line of effect, cover and concealment between spaces.

000 "Line of Sight": "draw a line from any corner of a square in your space to any part of the
target's space"; "Line of Effect": the same, "only blocked by solid obstacles". Here "any part"
means a part with area (an edge lying on a wall is no part one can see or hit): for each corner
of the viewer's space we take the visibility polygon (see `visibility`), clip it to the target's
space and measure what is seen. The line rules
(grazing a corner or running along a wall does not block; a corner on a wall sees only its own
side) are those of `walls`.

Cover (000 "Cover"; docs/rulings.md R-14, "Cover from creatures", "Cover from the opposite
side") is the share of the target's space hidden from the attacker's best corner by solid
obstacles (walls, windows, closed doors, blocking squares) and by other creatures, creatures
giving at most half cover on their own. Concealment follows 000 "Concealment".
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, Obscurement, Occupant
from orcus_desktop.geometry.cover_buckets import ORCUS_BUCKETS, CoverBuckets
from orcus_desktop.geometry.coverage import (
    seen_fractions,
    separating_segments,
    split_crossings,
)
from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.grid import Space, Square, space_distance
from orcus_desktop.geometry.walls import (
    BoolArray,
    FloatArray,
    IntArray,
    SegmentIndex,
    box_segments,
)
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, Origin

Box = tuple[float, float, float, float]

# Shares are ratios of float areas: compare with a little slack.
_EPS = 1e-9


# The order of protection: the vectorised cover below works on ranks (0 none ... 3 total).
_COVER_ORDER = tuple(CoverDegree)


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


@dataclass(frozen=True, slots=True)
class SightResult:
    """Everything `sight` works out for one attacker and target."""

    line_of_sight: bool
    line_of_effect: bool
    cover: CoverResult
    concealment: ConcealmentDegree


def degree_for_hidden_share(hidden: float, buckets: CoverBuckets = ORCUS_BUCKETS) -> CoverDegree:
    """docs/rulings.md R-14: hidden >= 1/2 half, >= 3/4 three-quarters, all of it total."""
    half, three_quarters = buckets.thresholds
    if hidden >= 1 - _EPS:
        return CoverDegree.TOTAL
    if hidden >= three_quarters - _EPS:
        return CoverDegree.THREE_QUARTERS
    if hidden >= half - _EPS:
        return CoverDegree.HALF
    return CoverDegree.NONE


def space_corners(space: Space) -> list[tuple[Point, Point | None]]:
    """Corners of the squares of a space, each with the direction into the space.

    000 "Line of Sight": "any corner of a square in your space". A tiny creature's space is half
    a square (000 Table - Size Categories): its corners are those of that half square. The
    direction is None for a corner at the space's centre (inside a large creature).
    """
    x0, y0, x1, y1 = space.bounds()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if x1 - x0 < 1:
        points = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    else:
        n = space.side
        points = [(x0 + i, y0 + j) for j in range(n + 1) for i in range(n + 1)]
    out: list[tuple[Point, Point | None]] = []
    for x, y in points:
        d = (cx - x, cy - y)
        out.append(((float(x), float(y)), None if d == (0.0, 0.0) else d))
    return out


def _box_union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


@lru_cache(maxsize=4096)
def _corner_arrays(space: Space) -> tuple[FloatArray, FloatArray]:
    """`space_corners` as arrays: (k, 2) points and (k, 2) inward directions (NaN for none)."""
    corners = space_corners(space)
    points = np.asarray([pt for pt, _ in corners], dtype=np.float64)
    inward = np.asarray(
        [(np.nan, np.nan) if d is None else d for _, d in corners], dtype=np.float64
    )
    return points, inward


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


def pair_shares(
    index: SegmentIndex,
    pairs: Sequence[tuple[Space, Box]],
    extra: Sequence[FloatArray | None] | None = None,
) -> list[list[tuple[Point, float]]]:
    """For many (viewer space, target box) pairs at once: each corner's seen share of the box.

    Args:
        index: the blocking segments.
        pairs: (viewer space, target box) pairs.
        extra: per pair, more (k, 4) blocking segments (creature outlines) or None.

    Returns:
        Per pair, [(corner, share 0..1)] for the corners of `space_corners(viewer)`.
    """
    if not pairs:
        return []
    extra_pair = np.empty(0, dtype=np.int64)
    extra_segs = np.empty((0, 4), dtype=np.float64)
    if extra is not None:
        more = [(i, e) for i, e in enumerate(extra) if e is not None and len(e)]
        if more:
            extra_pair = np.concatenate([np.full(len(e), i, dtype=np.int64) for i, e in more])
            extra_segs = np.concatenate([e for _, e in more])
    spaces, vid = _distinct((v for v, _ in pairs), len(pairs))
    boxes = np.asarray([b for _, b in pairs], dtype=np.float64)
    return _pair_shares(index, spaces, vid, boxes, extra_pair, extra_segs).as_lists()


@dataclass(frozen=True, slots=True)
class _ShareRows:
    """One row per (pair, viewer corner): which pair, the corner, the seen share."""

    pair: IntArray
    first_row: IntArray
    corners: FloatArray
    shares: FloatArray

    def as_lists(self) -> list[list[tuple[Point, float]]]:
        pts = [(float(x), float(y)) for x, y in self.corners.tolist()]
        vals = self.shares.tolist()
        bounds = [*self.first_row.tolist(), len(vals)]
        return [list(zip(pts[a:b], vals[a:b], strict=True)) for a, b in itertools.pairwise(bounds)]


def _distinct(spaces: Iterable[Space], count: int) -> tuple[list[Space], IntArray]:
    """The distinct spaces (an encounter has a few dozen) and each input's index among them."""
    distinct: dict[Space, int] = {}
    ids = np.fromiter(
        (distinct.setdefault(v, len(distinct)) for v in spaces), dtype=np.int64, count=count
    )
    return list(distinct), ids


def _pair_shares(
    index: SegmentIndex,
    spaces: Sequence[Space],
    vid: IntArray,
    target_boxes: FloatArray,
    extra_pair: IntArray,
    extra_segs: FloatArray,
    candidates: tuple[IntArray, IntArray] | None = None,
    hidden: BoolArray | None = None,
) -> _ShareRows:
    """Per (pair, viewer corner) row, the seen share; pair i's viewer is spaces[vid[i]].

    `hidden` pairs (known to see nothing, with no candidates) get 0 without measuring.
    """
    # corners per distinct viewer space, gathered per pair
    tables = [_corner_arrays(v) for v in spaces]
    per_space = np.asarray([len(t[0]) for t in tables], dtype=np.int64)
    all_points = np.concatenate([t[0] for t in tables])
    all_inward = np.concatenate([t[1] for t in tables])
    counts = per_space[vid]
    n_pairs = len(vid)
    row_pair = np.repeat(np.arange(n_pairs), counts)
    start_of_space = np.cumsum(per_space) - per_space
    row_src = np.repeat(start_of_space[vid], counts) + (
        np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    )
    points = all_points[row_src]
    inward = all_inward[row_src]
    # only segments meeting the hull of the two spaces can stand between them
    if candidates is None:
        space_boxes = np.asarray([v.bounds() for v in spaces], dtype=np.float64).reshape(-1, 4)
        candidates = index.pairs_near_hulls(space_boxes[vid], target_boxes)
    pair_idx, seg_idx = candidates
    seg_rows = index.segments[seg_idx]
    run_rows = index.runs[seg_idx]  # for the "one wall hides it all" test
    if len(extra_pair):
        pair_idx = np.concatenate([pair_idx, extra_pair])
        seg_rows = np.concatenate([seg_rows, extra_segs])
        run_rows = np.concatenate([run_rows, extra_segs])
    # expand (pair, segment) to (corner row, segment): each corner row gets its pair's segments
    order = np.argsort(pair_idx, kind="stable")
    pair_idx, seg_rows, run_rows = pair_idx[order], seg_rows[order], run_rows[order]
    first_row = np.cumsum(counts) - counts
    per_pair = np.bincount(pair_idx, minlength=n_pairs)
    seg_start = np.cumsum(per_pair) - per_pair
    n_per_row = per_pair[row_pair]
    total = int(n_per_row.sum())
    row_of = np.repeat(np.arange(len(row_pair)), n_per_row)
    offs = np.arange(total) - np.repeat(np.cumsum(n_per_row) - n_per_row, n_per_row)
    seg_of = np.repeat(seg_start[row_pair], n_per_row) + offs
    row_boxes = np.repeat(target_boxes, counts, axis=0)
    if hidden is None or not hidden.any():
        shares = seen_fractions(
            points, inward, row_boxes, row_of, seg_rows[seg_of], run_rows[seg_of]
        )
        return _ShareRows(row_pair, first_row, points, shares)
    active = ~hidden[row_pair]  # the hidden pairs' rows have no segments
    local = np.cumsum(active) - 1
    shares = np.zeros(len(row_pair), dtype=np.float64)
    shares[active] = seen_fractions(
        points[active],
        inward[active],
        row_boxes[active],
        local[row_of],
        seg_rows[seg_of],
        run_rows[seg_of],
    )
    return _ShareRows(row_pair, first_row, points, shares)


def visible_share(
    index: SegmentIndex,
    viewer: Space,
    target: Box,
    extra: FloatArray | None = None,
) -> list[tuple[Point, float]]:
    """For each corner of `viewer`'s space, the share (0..1) of box `target` it sees.

    Args:
        index: the blocking segments.
        viewer: the space whose corners look.
        target: the box looked at.
        extra: more (k, 4) blocking segments (creature outlines).
    """
    return pair_shares(index, [(viewer, target)], None if extra is None else [extra])[0]


def space_reaches_box(index: SegmentIndex, viewer: Space, target: Box) -> bool:
    """Whether unblocked lines run from a corner of `viewer` to a part of box `target`.

    000 "Line of Sight": "from any corner of a square in your space to any part of the target's
    space": a part with area (an edge lying on a wall is no part one can see or hit); a line
    that grazes a corner or runs along a wall is not blocked (docs/design.md#sight).
    """
    return any(share > _EPS for _, share in visible_share(index, viewer, target))


# Cached answers per map state and blocking mode; cleared when they grow past this many.
_REACH_CACHE_SIZE = 20_000


def _spaces_reach(
    battlefield: Battlefield, for_sight: bool, pairs: Sequence[tuple[Space, Space]]
) -> list[bool]:
    """`space_sees_space` (or `space_reaches_space`) for many pairs, cached per map state.

    The answer depends on the map (walls, blocking squares) and the two spaces only, so it is
    kept with the map's other indexes: a drag preview asks about the same few spaces again and
    again. The misses go through one vectorised `pair_shares` call.
    """
    cache: dict[tuple[Space, Space], bool] = battlefield.map_cached(
        ("reach_cache", for_sight), dict
    )
    out: list[bool | None] = [cache.get(pair) for pair in pairs]
    missing = list(
        dict.fromkeys(pair for pair, known in zip(pairs, out, strict=True) if known is None)
    )
    if missing:
        index = battlefield.sight_index if for_sight else battlefield.effect_index
        shares = pair_shares(index, [(v, t.bounds()) for v, t in missing])
        if len(cache) + len(missing) > _REACH_CACHE_SIZE:
            cache.clear()
        for pair, corner_shares in zip(missing, shares, strict=True):
            cache[pair] = any(share > _EPS for _, share in corner_shares)
        out = [
            cache[pair] if known is None else known for pair, known in zip(pairs, out, strict=True)
        ]
    return [bool(v) for v in out]


def spaces_see_spaces(
    battlefield: Battlefield, pairs: Sequence[tuple[Space, Space]]
) -> list[bool]:
    """`space_sees_space` for many (viewer, target) pairs at once."""
    return _spaces_reach(battlefield, True, pairs)


def spaces_reach_spaces(
    battlefield: Battlefield, pairs: Sequence[tuple[Space, Space]]
) -> list[bool]:
    """`space_reaches_space` for many (source, target) pairs at once."""
    return _spaces_reach(battlefield, False, pairs)


def line_of_sight(battlefield: Battlefield, viewer_id: str, target_id: str) -> bool:
    """Whether the viewer sees some part of the target's space (000 "Line of Sight").

    Obscured squares do not block sight lines; they give the target concealment instead.
    """
    viewer = battlefield.occupant(viewer_id)
    target = battlefield.occupant(target_id)
    return space_sees_space(battlefield, viewer.space, target.space)


def space_sees_space(battlefield: Battlefield, viewer: Space, target: Space) -> bool:
    """Line of sight between two spaces (any corner of `viewer` to any part of `target`)."""
    return _spaces_reach(battlefield, True, [(viewer, target)])[0]


def line_of_effect(battlefield: Battlefield, source_id: str, target_id: str) -> bool:
    """Whether a clear path reaches some part of the target's space (000 "Line of Effect")."""
    source = battlefield.occupant(source_id)
    target = battlefield.occupant(target_id)
    return space_reaches_space(battlefield, source.space, target.space)


def space_reaches_space(battlefield: Battlefield, source: Space, target: Space) -> bool:
    """Line of effect between two spaces; areas use it from their origin square."""
    return _spaces_reach(battlefield, False, [(source, target)])[0]


def _creature_outlines(battlefield: Battlefield, region: Box, skip: set[str]) -> FloatArray:
    segs: list[tuple[Point, Point]] = []
    for o in battlefield.occupants:
        if o.id in skip:
            continue
        b = o.space.bounds()
        if b[2] <= region[0] or b[0] >= region[2] or b[3] <= region[1] or b[1] >= region[3]:
            continue
        segs.extend(box_segments(b))
    return np.asarray(segs, dtype=np.float64).reshape(-1, 4)


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
    spaces, ids = _distinct((o.space for pair in pairs for o in pair), 2 * len(pairs))
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
    walls = _pair_shares(
        index, spaces, viewer_ids, target_boxes, none_i64, none_segs, candidates, hidden
    )
    both = walls.shares.copy()
    # creatures can only add up to their cap where some corner has less from walls
    best_seen = np.maximum.reduceat(walls.shares, walls.first_row)
    cap = buckets.creature_cap
    open_pairs = best_seen > 1 - buckets.thresholds[max(cap, 1) - 1] + _EPS
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
    walls: _ShareRows,
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
        scale = _EPS * (np.abs(nx) + np.abs(ny) + 1.0)
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
    second = _pair_shares(
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
    """Vectorised `degree_for_hidden_share`: 0 none, 1 half, 2 three-quarters, 3 total."""
    half, three_quarters = buckets.thresholds
    rank: IntArray = (
        (hidden >= half - _EPS).astype(np.int64)
        + (hidden >= three_quarters - _EPS).astype(np.int64)
        + (hidden >= 1 - _EPS).astype(np.int64)
    )
    return rank


def _cover_results(
    walls: _ShareRows, both: FloatArray, n: int, buckets: CoverBuckets
) -> list[CoverResult]:
    """Per pair: the best corner and its degree (see `best_corner_rows`)."""
    wall_rank = _degree_rank(1 - walls.shares, buckets)
    # docs/rulings.md R-13: creatures add at most half cover on their own.
    creature_rank = np.minimum(_degree_rank(1 - both, buckets), buckets.creature_cap)
    rank = np.maximum(wall_rank, creature_rank)
    hidden = np.clip(1 - both, 0.0, 1.0)
    best = best_corner_rows(walls.first_row, rank, hidden)
    reach = np.maximum.reduceat(walls.shares, walls.first_row) > _EPS
    # no line of effect (docs/rulings.md R-14: total) or total from the best corner
    total = ~reach | (rank[best] == 3)
    out: list[CoverResult] = [_TOTAL] * n
    corners = walls.corners[best].tolist()
    ranks = rank[best].tolist()
    hiddens = hidden[best].tolist()
    for p in np.nonzero(~total)[0].tolist():
        x, y = corners[p]
        out[p] = CoverResult(_COVER_ORDER[ranks[p]], hiddens[p], (x, y))
    return out


_TOTAL = CoverResult(CoverDegree.TOTAL, 1.0, None)


def best_corner_rows(first_row: IntArray, rank: IntArray, hidden: FloatArray) -> IntArray:
    """Per pair, the row of the attacker's corner that gives the target the least cover.

    docs/rulings.md R-14: the least degree first, then the least hidden share; shares
    within `_EPS` of that least one are the same share (they differ by float rounding only),
    and among those the first corner in `space_corners` order is taken, so that the choice
    never depends on rounding.

    Args:
        first_row: (n,) each pair's first row; a pair's rows are consecutive.
        rank: per row, 0 none .. 3 total.
        hidden: per row, the hidden share.
    """
    n_rows = len(rank)
    counts = np.diff(np.append(first_row, n_rows))
    pair = np.repeat(np.arange(len(first_row)), counts)
    least_rank = np.minimum.reduceat(rank, first_row)
    candidate = rank == least_rank[pair]
    least_hidden = np.minimum.reduceat(np.where(candidate, hidden, np.inf), first_row)
    chosen = candidate & (hidden <= least_hidden[pair] + _EPS)
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
    spaces, space_of = _distinct((o.space for o in chosen), len(chosen))
    names = np.asarray([o.id for o in chosen], dtype=object)
    a_idx, t_idx = np.nonzero(names[:, None] != names[None, :])
    results = _covers(battlefield, pairs, spaces, space_of[a_idx], space_of[t_idx], buckets)
    return {(a.id, t.id): result for (a, t), result in zip(pairs, results, strict=True)}


def concealment(
    battlefield: Battlefield,
    attacker_id: str,
    target_id: str,
    origin: Origin = Origin.RANGED,
) -> ConcealmentDegree:
    """The target's concealment against the attacker (000 "Concealment").

    Near and Far attacks ignore concealment. An invisible target, or one the attacker cannot
    see at all, has total concealment. Otherwise the least obscured square of the target's
    space counts (our choice for a large target partly in fog: the attacker aims at what it
    sees best): lightly obscured gives concealment; heavily obscured gives concealment when the
    spaces are adjacent (docs/rulings.md R-16) and total otherwise; totally
    obscured gives total concealment.
    """
    attacker = battlefield.occupant(attacker_id)
    target = battlefield.occupant(target_id)
    return space_concealment(battlefield, attacker, target, origin)


def space_concealment(
    battlefield: Battlefield,
    attacker: Occupant,
    target: Occupant,
    origin: Origin = Origin.RANGED,
    *,
    sees: bool | None = None,
) -> ConcealmentDegree:
    """`concealment` for two occupants; `sees` skips the line of sight test when known."""
    # 000 "Concealment": "Concealment penalties do not apply to Near or Far attacks."
    if origin.is_area:
        return ConcealmentDegree.NONE
    if target.invisible:
        return ConcealmentDegree.TOTAL
    if sees is None:
        sees = space_sees_space(battlefield, attacker.space, target.space)
    if not sees:
        return ConcealmentDegree.TOTAL
    level = min(battlefield.obscurement_at(sq) for sq in _target_squares(target.space))
    if level is Obscurement.NONE:
        return ConcealmentDegree.NONE
    if level is Obscurement.LIGHT:
        return ConcealmentDegree.CONCEALED
    if level is Obscurement.HEAVY:
        adjacent = space_distance(attacker.space, target.space) <= 1
        return ConcealmentDegree.CONCEALED if adjacent else ConcealmentDegree.TOTAL
    return ConcealmentDegree.TOTAL


def _target_squares(space: Space) -> tuple[Square, ...]:
    return space.squares()


def sight(
    battlefield: Battlefield,
    attacker_id: str,
    target_id: str,
    origin: Origin = Origin.RANGED,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> SightResult:
    """Line of sight, line of effect, cover and concealment of one attacker against a target."""
    attacker = battlefield.occupant(attacker_id)
    target = battlefield.occupant(target_id)
    sees = space_sees_space(battlefield, attacker.space, target.space)
    cov = space_cover(battlefield, attacker, target, buckets)
    return SightResult(
        line_of_sight=sees,
        line_of_effect=space_reaches_space(battlefield, attacker.space, target.space),
        cover=cov,
        concealment=space_concealment(battlefield, attacker, target, origin, sees=sees),
    )


def lines_of_sight(battlefield: Battlefield, starts: FloatArray, ends: FloatArray) -> BoolArray:
    """Bulk test of point-to-point sight lines: True where the line is clear.

    Args:
        battlefield: the map.
        starts: (n, 2) points in grid units.
        ends: (n, 2) points in grid units.
    """
    clear: BoolArray = ~battlefield.sight_index.lines_blocked(starts, ends)
    return clear


def lines_of_effect(battlefield: Battlefield, starts: FloatArray, ends: FloatArray) -> BoolArray:
    """Bulk test of point-to-point lines against solid obstacles: True where the line is clear."""
    clear: BoolArray = ~battlefield.effect_index.lines_blocked(starts, ends)
    return clear
