"""How much of a box each viewpoint sees, for many (viewpoint, box) pairs: the cheap filters.

This is the engine behind line of sight/effect between spaces and cover (see `corner_shares`).
Most pairs are settled without measuring: nothing stands in the cone from the point to the box
(all of it seen), or one segment hides the whole box (nothing seen), or one segment separates
two spaces outright. Only the rest go to the exact angular sweep of `box_sweep`, with only the
segments that meet their cone. Creature outlines, added per pair, are noded here first.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from orcus_desktop.geometry.box_sweep import exact_seen_fractions, vector_length
from orcus_desktop.geometry.walls import BoolArray, FloatArray, IntArray, SegmentIndex


def seen_fractions(
    points: FloatArray,
    inward: FloatArray,
    boxes: FloatArray,
    seg_group: IntArray,
    segments: FloatArray,
    blockers: FloatArray | None = None,
    measured: BoolArray | None = None,
) -> FloatArray:
    """For each (point, box) pair, the share (0..1) of the box the point sees.

    Pairs that `cone_filter` settles (nothing in the way: 1; one segment hides the whole box:
    0) are not measured; the rest go to `exact_seen_fractions` with only the segments that
    meet their cone. The answers are those of `exact_seen_fractions` on all the segments, up
    to float rounding (the settled values are exact).

    Args:
        points: (m, 2) viewpoints.
        inward: (m, 2) directions into the viewer's space (NaN rows: no sector rule).
        boxes: (m, 4) target boxes (min_x, min_y, max_x, max_y) with positive area.
        seg_group: (k,) the pair each candidate segment row belongs to.
        segments: (k, 4) candidate blocking segments (ax, ay, bx, by) per pair; segments of one
            pair must not cross each other (noded), except where they are collinear.
        blockers: optional (k, 4) straight runs holding each segment (`SegmentIndex.runs`),
            for the "one segment hides the whole box" test; default: the segments.
        measured: optional (k,) output: set per segment row to whether it was measured (it
            may change its pair's share and the pair was not settled). A later measure of the
            same pairs with more segments (creature outlines) needs only those rows.

    Returns:
        (m,) shares in [0, 1].
    """
    m = len(points)
    out = np.ones(m, dtype=np.float64)
    if m == 0 or not len(seg_group):
        if measured is not None:
            measured[:] = True
        return exact_seen_fractions(points, inward, boxes, seg_group, segments)
    relevant, hidden = cone_filter(points, boxes, seg_group, segments, blockers)
    relevant &= ~hidden[seg_group]
    if measured is not None:
        measured[:] = relevant
    out[hidden] = 0.0
    todo = np.zeros(m, dtype=np.bool_)
    todo[seg_group[relevant]] = True
    if not todo.any():
        return out
    local = np.cumsum(todo) - 1
    out[todo] = exact_seen_fractions(
        points[todo],
        inward[todo],
        boxes[todo],
        local[seg_group[relevant]],
        segments[relevant],
    )
    return out


def separating_segments(
    boxes_a: FloatArray, boxes_b: FloatArray, pair: IntArray, segments: FloatArray
) -> BoolArray:
    """Per (pair, segment) row: whether the segment alone hides each box from the other.

    True when the segment's line clearly separates the two boxes (neither touches it) and the
    segment covers the whole cross-section there of the band between the boxes' extents across
    the line joining their centres, which holds the convex hull of the two boxes: then every
    line from one box to the other meets the segment, so every corner of either space sees
    nothing of the other (what `cone_filter` finds corner by corner, for far fewer rows).

    Args:
        boxes_a: (n, 4) one box of each pair.
        boxes_b: (n, 4) the other box.
        pair: (k,) the pair of each segment row.
        segments: (k, 4) the segments.
    """
    # per pair first (far fewer than rows): centres, sizes, the band across the centre line
    mid_ax, mid_ay = (boxes_a[:, 0] + boxes_a[:, 2]) / 2, (boxes_a[:, 1] + boxes_a[:, 3]) / 2
    mid_bx, mid_by = (boxes_b[:, 0] + boxes_b[:, 2]) / 2, (boxes_b[:, 1] + boxes_b[:, 3]) / 2
    band_lo, band_hi, nx, ny = _centre_band(boxes_a, boxes_b)
    ax, ay = segments[:, 0], segments[:, 1]
    ex, ey = segments[:, 2] - ax, segments[:, 3] - ay
    abs_ex, abs_ey = np.abs(ex), np.abs(ey)

    # the side of the segment's line: cross(e, q - a), over a box: centre value +- extent
    def side(
        mid_x: FloatArray, mid_y: FloatArray, box: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        mid = ex * (mid_y[pair] - ay) - ey * (mid_x[pair] - ax)
        half = (
            abs_ex * (box[:, 3] - box[:, 1])[pair] + abs_ey * (box[:, 2] - box[:, 0])[pair]
        ) / 2
        return mid - half, mid + half

    (a_lo, a_hi), (b_lo, b_hi) = side(mid_ax, mid_ay, boxes_a), side(mid_bx, mid_by, boxes_b)
    margin = _OFF_LINE * (abs_ex + abs_ey) * (1.0 + np.abs(ax) + np.abs(ay))
    apart = ((a_hi < -margin) & (b_lo > margin)) | ((a_lo > margin) & (b_hi < -margin))
    # where the segment's line crosses the band's two edges, as parameters along the segment
    px, py = nx[pair], ny[pair]
    na = px * ax + py * ay
    ne = px * ex + py * ey
    ok = apart & (ne != 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (band_lo[pair] - na) / ne
        t2 = (band_hi[pair] - na) / ne
    result: BoolArray = ok & (np.minimum(t1, t2) >= 0) & (np.maximum(t1, t2) <= 1)
    return result


def _centre_band(
    boxes_a: FloatArray, boxes_b: FloatArray
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Per pair of boxes: the band holding both boxes along the line joining their centres.

    Returns:
        (low, high, nx, ny): the band's two edges as values of n . q, with n = (nx, ny) the
        (unnormalised) normal of the line between the centres.
    """
    dx = (boxes_b[:, 0] + boxes_b[:, 2] - boxes_a[:, 0] - boxes_a[:, 2]) / 2
    dy = (boxes_b[:, 1] + boxes_b[:, 3] - boxes_a[:, 1] - boxes_a[:, 3]) / 2
    nx, ny = -dy, dx

    def extent(box: FloatArray) -> tuple[FloatArray, FloatArray]:
        mid = nx * (box[:, 0] + box[:, 2]) / 2 + ny * (box[:, 1] + box[:, 3]) / 2
        half = (np.abs(nx) * (box[:, 2] - box[:, 0]) + np.abs(ny) * (box[:, 3] - box[:, 1])) / 2
        return mid - half, mid + half

    (la, ha), (lb, hb) = extent(boxes_a), extent(boxes_b)
    return np.minimum(la, lb), np.maximum(ha, hb), nx, ny


def separated_pairs(index: SegmentIndex, boxes_a: FloatArray, boxes_b: FloatArray) -> BoolArray:
    """Per pair of boxes, whether one segment's straight run hides each box from the other.

    The same answer as `separating_segments` over every segment near the pair's hull, from far
    fewer rows: a run that separates the boxes and spans the band between them crosses the
    line joining their centres, so only the runs (`SegmentIndex.blockers`) that meet that
    line are tested. On a dense map most pairs are settled here; the hull's segments are
    looked up only for the rest.

    Args:
        index: the blocking segments and their runs.
        boxes_a: (n, 4) one box of each pair.
        boxes_b: (n, 4) the other box.
    """
    hidden = np.zeros(len(boxes_a), dtype=np.bool_)
    if not len(boxes_a):
        return hidden
    ca = (boxes_a[:, :2] + boxes_a[:, 2:]) / 2
    cb = (boxes_b[:, :2] + boxes_b[:, 2:]) / 2
    line, run = index.blockers_near_lines(ca, cb)
    # A separating run reaches past the line by half a box or more on each side: a strict
    # sign test cannot drop it.
    x0, y0, x1, y1 = (np.ascontiguousarray(index.blockers[:, k]) for k in range(4))
    nx, ny = ca[:, 1] - cb[:, 1], cb[:, 0] - ca[:, 0]
    offset = nx * ca[:, 0] + ny * ca[:, 1]
    lnx, lny, loff = nx[line], ny[line], offset[line]
    straddle = (lnx * x0[run] + lny * y0[run] - loff) * (lnx * x1[run] + lny * y1[run] - loff)
    k = np.nonzero(straddle < 0)[0]
    line, run = line[k], run[k]
    sep = separating_segments(boxes_a, boxes_b, line, index.blockers[run])
    hidden[line[sep]] = True
    return hidden


def split_crossings(
    seg_group: IntArray, segments: FloatArray, loose: BoolArray
) -> tuple[IntArray, FloatArray]:
    """Split the segments of each group where a `loose` one crosses another of the group.

    `seen_fractions` needs the segments of a pair noded; walls are noded once per map, but
    creature outlines (the `loose` rows) are added per pair and may cross walls or each other.
    Only proper crossings (inside both segments) are split; both pieces end at the same point.

    Returns:
        (group, segments) of the pieces, grouped like the input.
    """
    order = np.argsort(seg_group, kind="stable")
    seg_group, segments, loose = seg_group[order], segments[order], loose[order]
    n = len(seg_group)
    if not loose.any():
        return seg_group, segments
    # every (loose row, other row of its group)
    per_group = np.bincount(seg_group)
    start = np.cumsum(per_group) - per_group
    li = np.nonzero(loose)[0]
    counts = per_group[seg_group[li]]
    i = np.repeat(li, counts)
    j = np.repeat(start[seg_group[li]], counts) + (
        np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    )
    # each unordered couple once: loose-loose couples only with i < j
    keep = (i != j) & (~loose[j] | (i < j))
    i, j = i[keep], j[keep]
    ax, ay, bx, by = (segments[i, k] for k in range(4))
    cx, cy, dx, dy = (segments[j, k] for k in range(4))
    ex, ey = bx - ax, by - ay
    fx, fy = dx - cx, dy - cy
    o1 = ex * (cy - ay) - ey * (cx - ax)
    o2 = ex * (dy - ay) - ey * (dx - ax)
    o3 = fx * (ay - cy) - fy * (ax - cx)
    o4 = fx * (by - cy) - fy * (bx - cx)
    cross = (o1 * o2 < 0) & (o3 * o4 < 0)
    if not cross.any():
        return seg_group, segments
    i, j = i[cross], j[cross]
    t_i = o3[cross] / (o3[cross] - o4[cross])
    t_j = o1[cross] / (o1[cross] - o2[cross])
    px = ax[cross] + t_i * ex[cross]
    py = ay[cross] + t_i * ey[cross]
    # cut points per row: its two ends and the crossings, ordered along the row
    rows = np.arange(n)
    cut_row = np.concatenate([rows, rows, i, j])
    cut_t = np.concatenate([np.zeros(n), np.ones(n), t_i, t_j])
    cut_x = np.concatenate([segments[:, 0], segments[:, 2], px, px])
    cut_y = np.concatenate([segments[:, 1], segments[:, 3], py, py])
    o = np.lexsort((cut_t, cut_row))
    cut_row, cut_x, cut_y = cut_row[o], cut_x[o], cut_y[o]
    same = cut_row[1:] == cut_row[:-1]
    pieces = np.stack([cut_x[:-1], cut_y[:-1], cut_x[1:], cut_y[1:]], axis=1)[same]
    piece_group = seg_group[cut_row[:-1][same]]
    nonzero = (pieces[:, 0] != pieces[:, 2]) | (pieces[:, 1] != pieces[:, 3])
    return piece_group[nonzero], pieces[nonzero]


# Slack (grid units) for "only touching" in `cone_filter`: noded points are
# not exact; a sliver this thin hides no area worth a share.
_TOUCH = 1e-11
# |cross(A, B)| above this times |A| |B|: the viewpoint is clearly off the segment's line.
_OFF_LINE = 1e-9


def cone_filter(
    points: FloatArray,
    boxes: FloatArray,
    seg_group: IntArray,
    segments: FloatArray,
    blockers: FloatArray | None = None,
) -> tuple[BoolArray, BoolArray]:
    """Which segment rows can matter to their pair, and which pairs one segment hides wholly.

    The cone of a pair is the convex hull of its point and box (closed). A segment clearly
    apart from it (a separating axis: x, y or one of the two lines from the point past the
    box's outermost corners) hides nothing of the box and does not pass through the point (the
    sector rule), so it cannot change the share. A segment hides the whole box when the point
    lies clearly off its line, the box lies on the other side of that line (corners on it
    allowed) and both outermost corners lie in the segment's closed angular span: every line
    from the point to the box meets the segment first (what is left has no area).

    Pairs whose point lies strictly inside the box keep every segment and are never settled.
    `blockers` (a straight run holding each segment, see `seen_fractions`) replace the
    segments in the test for hiding.

    Returns:
        relevant: (k,) per segment row, whether it may change its pair's share.
        hidden: (m,) per pair, whether a single relevant segment hides the whole box.
    """
    cone = _cone(points, boxes)
    g = seg_group
    sx, sy = points[:, 0][g], points[:, 1][g]
    hiders = _Relative.of(segments if blockers is None else blockers, sx, sy)
    hidden = _hidden_by_one(cone, g, hiders)
    relevant = np.zeros(len(g), dtype=np.bool_)
    k = np.nonzero(~hidden[g])[0]
    if not len(k):
        return relevant, hidden
    rows = hiders.take(k) if blockers is None else _Relative.of(segments[k], sx[k], sy[k])
    relevant[k] = _may_matter(cone, g[k], rows)
    return relevant, hidden


class _Cone(NamedTuple):
    """Per pair: the box relative to the point and its two outermost corners seen from it.

    `inside`: whether the point lies strictly inside the box.
    """

    x0: FloatArray
    y0: FloatArray
    x1: FloatArray
    y1: FloatArray
    outer: tuple[tuple[FloatArray, FloatArray], tuple[FloatArray, FloatArray]]
    inside: BoolArray


def _cone(points: FloatArray, boxes: FloatArray) -> _Cone:
    """The `_Cone` of each (point, box) pair."""
    px, py = points[:, 0], points[:, 1]
    x0, y0, x1, y1 = boxes[:, 0] - px, boxes[:, 1] - py, boxes[:, 2] - px, boxes[:, 3] - py
    # the box relative to the point; regions left / middle / right and top / middle / bottom
    col = np.where(x0 >= 0, 0, np.where(x1 <= 0, 2, 1))
    row = np.where(y0 >= 0, 0, np.where(y1 <= 0, 2, 1))
    inside = (col == 1) & (row == 1)
    # the two outermost corners seen from the point (see `_OUTER_FIRST`)
    first = _OUTER_FIRST[col, row]
    second = _OUTER_SECOND[col, row]
    cxs = np.stack([x0, x1, x1, x0], axis=1)
    cys = np.stack([y0, y0, y1, y1], axis=1)
    rows = np.arange(len(px))
    outer = ((cxs[rows, first], cys[rows, first]), (cxs[rows, second], cys[rows, second]))
    return _Cone(x0, y0, x1, y1, outer, inside)


class _Relative(NamedTuple):
    """Segment rows relative to their pair's point: ends a and b, and cross(a, b)."""

    ax: FloatArray
    ay: FloatArray
    bx: FloatArray
    by: FloatArray
    cr: FloatArray

    @classmethod
    def of(cls, segments: FloatArray, sx: FloatArray, sy: FloatArray) -> _Relative:
        ax, ay = segments[:, 0] - sx, segments[:, 1] - sy
        bx, by = segments[:, 2] - sx, segments[:, 3] - sy
        return cls(ax, ay, bx, by, ax * by - ay * bx)

    def take(self, rows: IntArray) -> _Relative:
        return _Relative(*(v[rows] for v in self))


def _hidden_by_one(cone: _Cone, g: IntArray, seg: _Relative) -> BoolArray:
    """Per pair, whether one segment row of it hides the whole box (see `cone_filter`)."""
    ax, ay, bx, by, cr = seg
    # Both outermost corners lie in the segment's closed angular span seen from the point
    # (either orientation: the products with cr), on every row; the rest on the rows left.
    spans = np.ones(len(g), dtype=np.bool_)
    for ox, oy in cone.outer:
        tx, ty = ox[g], oy[g]
        spans &= (ax * ty - ay * tx) * cr >= 0
        spans &= (tx * by - ty * bx) * cr >= 0
    k = np.nonzero(spans)[0]
    hidden = np.zeros(len(cone.inside), dtype=np.bool_)
    if not len(k):
        return hidden
    hg = g[k]
    kax, kay, kbx, kby, kcr = ax[k], ay[k], bx[k], by[k], cr[k]
    # the box corner furthest towards the point's side of the line must not be on that
    # side: with e = b - a, the point's side has sign(cr) * cross(e, c - a) > 0
    sign = np.sign(kcr)
    ex, ey = (kbx - kax) * sign, (kby - kay) * sign
    fx = np.where(ey < 0, cone.x1[hg], cone.x0[hg])
    fy = np.where(ex > 0, cone.y1[hg], cone.y0[hg])
    beyond = ex * (fy - kay) - ey * (fx - kax) <= 0
    # clearly off the segment's line (a point on a wall follows the sector rule instead)
    j = np.nonzero(beyond & (kcr != 0))[0]
    kax, kay, kbx, kby, kcr = kax[j], kay[j], kbx[j], kby[j], kcr[j]
    off = np.abs(kcr) > _OFF_LINE * vector_length(kax, kay) * vector_length(kbx, kby)
    hidden[hg[j[off]]] = True
    return hidden


def _may_matter(cone: _Cone, g: IntArray, seg: _Relative) -> BoolArray:
    """Per segment row, whether it may change its pair's share (see `cone_filter`)."""
    ax, ay, bx, by, cr = seg
    # Apart: on the far side of an axis of the cone (x, y, the two outer lines), touching
    # allowed: a segment meeting the cone only on its outline hides no area of the box...
    kx0, ky0 = np.minimum(cone.x0, 0.0)[g] + _TOUCH, np.minimum(cone.y0, 0.0)[g] + _TOUCH
    kx1, ky1 = np.maximum(cone.x1, 0.0)[g] - _TOUCH, np.maximum(cone.y1, 0.0)[g] - _TOUCH
    apart = ((ax <= kx0) & (bx <= kx0)) | ((ax >= kx1) & (bx >= kx1))
    apart |= ((ay <= ky0) & (by <= ky0)) | ((ay >= ky1) & (by >= ky1))
    # (the box's centre lies strictly on one side of each outer line)
    mx, my = (cone.x0 + cone.x1) / 2, (cone.y0 + cone.y1) / 2
    for ox, oy in cone.outer:
        norm = vector_length(ox, oy)
        norm[norm == 0] = 1.0
        side = np.sign(ox * my - oy * mx) / norm
        tx, ty, sd = ox[g], oy[g], side[g]
        apart |= ((tx * ay - ty * ax) * sd <= _TOUCH) & ((tx * by - ty * bx) * sd <= _TOUCH)
    # ... unless it passes through the point itself (the sector rule)
    at_point = (ax * bx + ay * by <= _TOUCH) & (
        np.abs(cr) <= _OFF_LINE * (np.abs(ax) + np.abs(ay)) * (np.abs(bx) + np.abs(by))
    )
    result: BoolArray = ~apart | cone.inside[g] | at_point
    return result


# Outermost corners of a box seen from a point outside it (or on its outline), by the point's
# column (0: left of the box, 2: right, 1: between) and row (0: above, 2: below, 1: between);
# corners 0..3 are (x0, y0), (x1, y0), (x1, y1), (x0, y1). The middle cell (inside) is unused.
_OUTER_FIRST = np.asarray([[1, 0, 0], [0, 0, 3], [0, 1, 1]], dtype=np.int64)
_OUTER_SECOND = np.asarray([[3, 3, 2], [1, 2, 2], [2, 2, 3]], dtype=np.int64)
