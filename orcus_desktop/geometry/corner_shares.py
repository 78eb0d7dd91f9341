"""How much of a target box each corner of a viewer's space sees, for many pairs at once.

000 "Line of Sight": "draw a line from any corner of a square in your space to any part of the
target's space". Line of sight, line of effect (`sight`), cover (`cover`) and areas all start
from the same measure: for each corner of the viewer's space, the share of the target's box it
sees past the blocking segments, measured exactly by `coverage` in one vectorised pass.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from orcus_desktop.geometry.coverage import seen_fractions
from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.walls import BoolArray, FloatArray, IntArray, SegmentIndex

Box = tuple[float, float, float, float]

# Shares are ratios of float areas: compare with a little slack.
SHARE_SLACK = 1e-9


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


@lru_cache(maxsize=4096)
def _corner_arrays(space: Space) -> tuple[FloatArray, FloatArray]:
    """`space_corners` as arrays: (k, 2) points and (k, 2) inward directions (NaN for none)."""
    corners = space_corners(space)
    points = np.asarray([pt for pt, _ in corners], dtype=np.float64)
    inward = np.asarray(
        [(np.nan, np.nan) if d is None else d for _, d in corners], dtype=np.float64
    )
    return points, inward


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
    spaces, vid = distinct_spaces((v for v, _ in pairs), len(pairs))
    boxes = np.asarray([b for _, b in pairs], dtype=np.float64)
    return corner_share_rows(index, spaces, vid, boxes, extra_pair, extra_segs).as_lists()


@dataclass(frozen=True, slots=True)
class ShareRows:
    """One row per (pair, viewer corner): which pair, the corner, the seen share.

    `inward` is the corner's direction into the viewer's space (NaN for none). `candidates`,
    when known: the (pair, segment index) rows of the blocking segments that were measured,
    sorted by pair, for a later pass over the same pairs to reuse (one index query).
    `measured`, when known: the (row, segment index) of the segments that may change each
    row's share (`coverage.seen_fractions`; none for a row settled without measuring),
    sorted by row: what a later measure of the same row with more segments needs of these.
    """

    pair: IntArray
    first_row: IntArray
    corners: FloatArray
    shares: FloatArray
    inward: FloatArray
    candidates: tuple[IntArray, IntArray] | None = None
    measured: tuple[IntArray, IntArray] | None = None

    def as_lists(self) -> list[list[tuple[Point, float]]]:
        pts = [(float(x), float(y)) for x, y in self.corners.tolist()]
        vals = self.shares.tolist()
        bounds = [*self.first_row.tolist(), len(vals)]
        return [list(zip(pts[a:b], vals[a:b], strict=True)) for a, b in itertools.pairwise(bounds)]


def distinct_spaces(spaces: Iterable[Space], count: int) -> tuple[list[Space], IntArray]:
    """The distinct spaces (an encounter has a few dozen) and each input's index among them."""
    distinct: dict[Space, int] = {}
    ids = np.fromiter(
        (distinct.setdefault(v, len(distinct)) for v in spaces), dtype=np.int64, count=count
    )
    return list(distinct), ids


def corner_rows(
    spaces: Sequence[Space], vid: IntArray
) -> tuple[IntArray, IntArray, FloatArray, FloatArray]:
    """The corner rows of pairs whose viewers are spaces[vid[i]], pair by pair.

    Returns:
        (row_pair, first_row, points, inward): each row's pair, each pair's first row, and
        each row's corner and direction into the space (NaN for none), in `space_corners`
        order.
    """
    tables = [_corner_arrays(v) for v in spaces]
    per_space = np.asarray([len(t[0]) for t in tables], dtype=np.int64)
    all_points = np.concatenate([t[0] for t in tables])
    all_inward = np.concatenate([t[1] for t in tables])
    counts = per_space[vid]
    row_pair = np.repeat(np.arange(len(vid)), counts)
    start_of_space = np.cumsum(per_space) - per_space
    first_row = np.cumsum(counts) - counts
    row_src = np.repeat(start_of_space[vid], counts) + (
        np.arange(int(counts.sum())) - np.repeat(first_row, counts)
    )
    return row_pair, first_row, all_points[row_src], all_inward[row_src]


def corner_share_rows(
    index: SegmentIndex,
    spaces: Sequence[Space],
    vid: IntArray,
    target_boxes: FloatArray,
    extra_pair: IntArray,
    extra_segs: FloatArray,
    candidates: tuple[IntArray, IntArray] | None = None,
    hidden: BoolArray | None = None,
) -> ShareRows:
    """Per (pair, viewer corner) row, the seen share; pair i's viewer is spaces[vid[i]].

    `hidden` pairs (known to see nothing, with no candidates) get 0 without measuring.
    """
    row_pair, first_row, points, inward = corner_rows(spaces, vid)
    counts = np.diff(np.append(first_row, len(row_pair)))
    n_pairs = len(vid)
    # only segments meeting the hull of the two spaces can stand between them
    if candidates is None:
        space_boxes = np.asarray([v.bounds() for v in spaces], dtype=np.float64).reshape(-1, 4)
        candidates = index.pairs_near_hulls(space_boxes[vid], target_boxes)
    pair_idx, seg_idx = candidates
    no_extra = not len(extra_pair)
    seg_rows = index.segments[seg_idx]
    run_rows = index.runs[seg_idx]  # for the "one wall hides it all" test
    if len(extra_pair):
        pair_idx = np.concatenate([pair_idx, extra_pair])
        seg_rows = np.concatenate([seg_rows, extra_segs])
        run_rows = np.concatenate([run_rows, extra_segs])
    # expand (pair, segment) to (corner row, segment): each corner row gets its pair's segments
    order = np.argsort(pair_idx, kind="stable")
    pair_idx, seg_rows, run_rows = pair_idx[order], seg_rows[order], run_rows[order]
    seg_idx = seg_idx[order] if no_extra else seg_idx
    per_pair = np.bincount(pair_idx, minlength=n_pairs)
    seg_start = np.cumsum(per_pair) - per_pair
    n_per_row = per_pair[row_pair]
    total = int(n_per_row.sum())
    row_of = np.repeat(np.arange(len(row_pair)), n_per_row)
    offs = np.arange(total) - np.repeat(np.cumsum(n_per_row) - n_per_row, n_per_row)
    seg_of = np.repeat(seg_start[row_pair], n_per_row) + offs
    row_boxes = np.repeat(target_boxes, counts, axis=0)
    used = np.empty(total, dtype=np.bool_)
    if hidden is None or not hidden.any():
        shares = seen_fractions(
            points, inward, row_boxes, row_of, seg_rows[seg_of], run_rows[seg_of], used
        )
    else:
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
            used,
        )
    measured = (row_of[used], seg_idx[seg_of[used]]) if no_extra else None
    return ShareRows(row_pair, first_row, points, shares, inward, measured=measured)


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
    return any(share > SHARE_SLACK for _, share in visible_share(index, viewer, target))
