"""Visibility polygons (fog of war, cover areas) by a vectorised angular sweep, and its oracle.

`visibility_polygon` is the region a viewpoint sees: for every direction, the points before the
first blocking segment. The sweep (numpy, no Python loop over segments):

1. drop segments of zero angular width seen from the viewpoint (they hide no area); orient the
   rest counter-clockwise and split those crossing the angle +-pi;
2. the sorted end-point angles cut the circle into elementary intervals; noded segments (see
   `walls.node_segments`) never cross, so inside one interval the nearest segment is the same
   along every ray: find it with the interval's middle ray over the (interval, segment) pairs
   each segment covers;
3. each interval contributes the piece of its nearest segment between its two bounding rays.

When the viewpoint lies on walls and `inward` is given (a corner of a creature's space), only the
sector of directions on the creature's side of those walls is seen (see `walls` for the rule).

`visibility_oracle` is the slow reference the tests compare against: the bounds minus the union of
every segment's shadow (docs/design.md#budgets). It returns a shapely geometry and
exists for tests and benchmarks only.

A creature's view of the map, kept per map state, is `occupant_views`; the party's union of
views as rings, `view_union`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import shapely

from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.star_cull import may_meet, reach_per_bin
from orcus_desktop.geometry.walls import (
    BoolArray,
    FloatArray,
    IntArray,
    SegmentIndex,
    box_segments,
)

Box = tuple[float, float, float, float]

# |cross(A, B)| below this times |A| |B|: the segment is seen edge-on (angular width zero).
_FLAT = 1e-12
# Angles (radians) this close count as the same direction for the "which side" rule.
_ALONG = 1e-9


def visibility_polygon_array(
    viewpoint: Point,
    segments: FloatArray | SegmentIndex,
    bounds: Box,
    inward: Point | None = None,
) -> FloatArray:
    """The visibility polygon as an (m, 2) array of vertices (counter-clockwise in x-right/y-up).

    Args:
        viewpoint: the eye, strictly inside `bounds`.
        segments: (n, 4) noded blocking segments (ax, ay, bx, by), see `walls.node_segments`;
            or their `SegmentIndex`, and then only the segments that can matter from the
            viewpoint are swept (`_culled_sweep`).
        bounds: (min_x, min_y, max_x, max_y); the sight stops there.
        inward: when the viewpoint lies on segments, a direction into the viewer's space; the
            viewer then sees only the sector containing it. None: no restriction.

    Returns:
        The polygon's vertices, without the closing repeat, and without vertices that add
        nothing to the region (repeats, and vertices on a straight run between two others).
    """
    px, py = float(viewpoint[0]), float(viewpoint[1])
    x0, y0, x1, y1 = bounds
    if not (x0 < px < x1 and y0 < py < y1):
        raise ValueError("the viewpoint must lie strictly inside the bounds")
    if isinstance(segments, SegmentIndex):
        return essential_vertices(_culled_sweep((px, py), segments, bounds, inward))
    return essential_vertices(_sweep((px, py), segments, bounds, inward))


# Below this many segments the index is not worth asking: sweep them all.
_CULL_FROM = 48
# The first look goes this many mean free paths out (see `_culled_sweep`).
_FIRST_REACH = 4.0
# Candidates past which the look goes further out before the last sweep, and how much further.
_CANDIDATES_PER_NEAR = 4
_REACH_GROWTH = 3.0


def _culled_sweep(
    viewpoint: Point, index: SegmentIndex, bounds: Box, inward: Point | None
) -> FloatArray:
    """The sweep over only the segments that can matter from the viewpoint (exact).

    A sweep over a subset of the segments gives a region containing the true one (fewer things
    block). A segment that does not meet that region hides nothing of it: the region is
    star-shaped from the viewpoint, so the segment's shadow lies outside it too. Hence:

    1. sweep the segments near the viewpoint (a box reaching a few mean free paths out, from
       the map's wall density, and at least twice the nearest segment's distance);
    2. if that region lies within the box, every segment that meets it was swept: done
       (likewise when every segment that may meet it, step 3, is a near one);
    3. otherwise sweep the segments that may meet the region (`star_cull`, over those the
       index's STRtree finds in its bounding box), which hold every segment that can matter.
       When they are many compared with the near ones, the box grows first (step 1 again),
       which makes the region and the candidates smaller.
    """
    n = len(index)
    if n < _CULL_FROM:
        return _sweep(viewpoint, index.segments, bounds, inward)
    px, py = viewpoint
    x0, y0, x1, y1 = bounds
    # mean free path of a ray among segments of this total length on this area
    free_path = math.pi * (x1 - x0) * (y1 - y0) / (2.0 * max(index.total_length, 1e-12))
    reach = max(_FIRST_REACH * free_path, 2.0 * index.nearest_distance(viewpoint), 1e-6)
    span = max(x1 - x0, y1 - y0)
    while True:
        box = (px - reach, py - reach, px + reach, py + reach)
        near = index.in_box(box)
        if 2 * len(near) > n:
            return _sweep(viewpoint, index.segments, bounds, inward)
        region = _sweep(viewpoint, index.segments[near], bounds, inward)
        if (
            region[:, 0].min() >= box[0]
            and region[:, 0].max() <= box[2]
            and region[:, 1].min() >= box[1]
            and region[:, 1].max() <= box[3]
        ):
            return region
        # (the raw ring: its zero-width spikes reach walls too)
        lo, hi = region.min(axis=0), region.max(axis=0)
        pool = index.in_box((float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])))
        shift = np.asarray([px, py, px, py])
        reach_bins = reach_per_bin(region - shift[:2])
        candidates = pool[may_meet(reach_bins, index.segments[pool] - shift)]
        at = np.minimum(np.searchsorted(near, candidates), max(len(near) - 1, 0))
        if len(near) and bool((near[at] == candidates).all()):
            return region  # every segment that can matter was swept already
        if len(candidates) <= _CANDIDATES_PER_NEAR * len(near) + _CULL_FROM or reach >= span:
            break
        reach *= _REACH_GROWTH
    # (segments through the viewpoint bound the sector of an eye on a wall: keep them)
    s = index.segments[near]
    ax, ay, bx, by = s[:, 0] - px, s[:, 1] - py, s[:, 2] - px, s[:, 3] - py
    flat = np.abs(ax * by - ay * bx) <= _FLAT * np.hypot(ax, ay) * np.hypot(bx, by)
    through = near[flat & (ax * bx + ay * by <= 0)]
    chosen = np.union1d(candidates, through)
    return _sweep(viewpoint, index.segments[chosen], bounds, inward)


def _sweep(
    viewpoint: Point, segments: FloatArray, bounds: Box, inward: Point | None
) -> FloatArray:
    """The angular sweep over every segment given (see the module docstring); raw vertices."""
    px, py = float(viewpoint[0]), float(viewpoint[1])
    raw = np.asarray(segments, dtype=np.float64).reshape(-1, 4)
    # Segments through the viewpoint (tested before clipping, on exact end points): remember
    # them for the sector rule; they hide no area.
    rax, ray = raw[:, 0] - px, raw[:, 1] - py
    rbx, rby = raw[:, 2] - px, raw[:, 3] - py
    r_cr = rax * rby - ray * rbx
    # zero up to rounding: noded intersection points are not exact
    flat = np.abs(r_cr) <= _FLAT * np.hypot(rax, ray) * np.hypot(rbx, rby)
    through = flat & (rax * rbx + ray * rby <= 0)
    extra_events: list[float] = []
    sector: tuple[float, float] | None = None
    if inward is not None and through.any():
        sector = _open_sector(rax[through], ray[through], rbx[through], rby[through], inward)
        if sector is not None:
            extra_events = [sector[0], sector[1]]
    inner = raw[~flat]
    x0, y0, x1, y1 = bounds
    if len(inner) and (
        min(inner[:, 0].min(), inner[:, 2].min()) < x0
        or max(inner[:, 0].max(), inner[:, 2].max()) > x1
        or min(inner[:, 1].min(), inner[:, 3].min()) < y0
        or max(inner[:, 1].max(), inner[:, 3].max()) > y1
    ):
        inner = clip_segments(inner, bounds)
    frame = np.asarray(box_segments(bounds), dtype=np.float64).reshape(-1, 4)
    seg = _swept_segments(np.concatenate([inner, frame]), px, py)
    events, where = np.unique(
        np.concatenate([seg.ta, seg.tb, [-math.pi, math.pi], extra_events]), return_inverse=True
    )
    mid = (events[:-1] + events[1:]) / 2
    winner = _nearest_segments(seg, mid, where)
    cos_e = np.cos(events)
    sin_e = np.sin(events)
    start_pts = _ray_hits(events[:-1], cos_e[:-1], sin_e[:-1], winner, seg)
    end_pts = _ray_hits(events[1:], cos_e[1:], sin_e[1:], winner, seg)
    if sector is not None:
        outside = ~_in_sector(mid, sector)
        start_pts[outside] = 0.0
        end_pts[outside] = 0.0
    m = len(mid)
    pts = np.empty((2 * m, 2))
    pts[0::2] = start_pts
    pts[1::2] = end_pts
    pts[:, 0] += px
    pts[:, 1] += py
    # consecutive repeats (the same point computed the same way) are dropped
    prev = np.roll(pts, 1, axis=0)
    same = (pts[:, 0] == prev[:, 0]) & (pts[:, 1] == prev[:, 1])
    result: FloatArray = pts[~same]
    return result


class _Swept(NamedTuple):
    """Segments relative to the viewpoint, counter-clockwise, none crossing the angle pi.

    Start a, direction e = b - a, cross(a, e) (> 0), and the angles of a and b.
    """

    ax: FloatArray
    ay: FloatArray
    ex: FloatArray
    ey: FloatArray
    num: FloatArray
    ta: FloatArray
    tb: FloatArray


def _swept_segments(segs: FloatArray, px: float, py: float) -> _Swept:
    """The segments of non-zero angular width, oriented and split for the sweep."""
    ax = segs[:, 0] - px
    ay = segs[:, 1] - py
    bx = segs[:, 2] - px
    by = segs[:, 3] - py
    cr = ax * by - ay * bx
    keep = cr != 0
    ax, ay, bx, by, cr = ax[keep], ay[keep], bx[keep], by[keep], cr[keep]
    flip = cr < 0
    ax, bx = np.where(flip, bx, ax), np.where(flip, ax, bx)
    ay, by = np.where(flip, by, ay), np.where(flip, ay, by)
    ta = np.arctan2(ay, ax)
    tb = np.arctan2(by, bx)
    # The branch cut is the ray at angle pi: a start on it is at -pi (we turn ccw from there).
    ta = np.where((ay == 0) & (ax < 0), -math.pi, ta)
    wrap = tb < ta
    if wrap.any():
        # split at the crossing of the negative x axis
        t = ay[wrap] / (ay[wrap] - by[wrap])
        mx = ax[wrap] + t * (bx[wrap] - ax[wrap])
        zeros = np.zeros_like(mx)
        pi = np.full_like(mx, math.pi)
        ax = np.concatenate([ax[~wrap], ax[wrap], mx])
        ay = np.concatenate([ay[~wrap], ay[wrap], zeros])
        bx2 = np.concatenate([bx[~wrap], mx, bx[wrap]])
        by2 = np.concatenate([by[~wrap], zeros, by[wrap]])
        ta = np.concatenate([ta[~wrap], ta[wrap], -pi])
        tb = np.concatenate([tb[~wrap], pi, tb[wrap]])
        bx, by = bx2, by2
    ex = bx - ax
    ey = by - ay
    num = ax * ey - ay * ex  # cross(A, E), > 0 for ccw segments
    return _Swept(ax, ay, ex, ey, num, ta, tb)


def _nearest_segments(seg: _Swept, mid: FloatArray, where: IntArray) -> IntArray:
    """Per elementary interval (middle angle `mid`), the nearest segment along its middle ray.

    `where`: the index among the events of each segment's start angle, then of each end's.
    """
    n_seg = len(seg.ta)
    m = len(mid)
    i0 = where[:n_seg]
    i1 = where[n_seg : 2 * n_seg]
    counts = np.maximum(i1 - i0, 0)
    total = int(counts.sum())
    seg_of = np.repeat(np.arange(n_seg, dtype=np.int64), counts)
    first = np.cumsum(counts) - counts
    interval_of = np.repeat(i0, counts) + (
        np.arange(total, dtype=np.int64) - np.repeat(first, counts)
    )
    dxm = np.cos(mid)
    dym = np.sin(mid)
    denom = dxm[interval_of] * seg.ey[seg_of] - dym[interval_of] * seg.ex[seg_of]
    with np.errstate(divide="ignore", invalid="ignore"):
        dist = seg.num[seg_of] / denom
    dist = np.where(denom > 0, dist, np.inf)
    best = np.full(m, np.inf)
    np.minimum.at(best, interval_of, dist)
    winner = np.zeros(m, dtype=np.int64)
    is_best = dist == best[interval_of]
    winner[interval_of[is_best]] = seg_of[is_best]
    return winner


def clip_segments(segments: FloatArray, box: Box) -> FloatArray:
    """Liang-Barsky clip of (n, 4) segments to a box; segments outside it are dropped."""
    x0, y0, x1, y1 = box
    ax, ay = segments[:, 0], segments[:, 1]
    dx, dy = segments[:, 2] - ax, segments[:, 3] - ay
    t0 = np.zeros(len(segments))
    t1 = np.ones(len(segments))
    ok = np.ones(len(segments), dtype=np.bool_)
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        parallel = p == 0
        ok &= ~(parallel & (q < 0))
        with np.errstate(divide="ignore", invalid="ignore"):
            r = q / p
        t0 = np.where(~parallel & (p < 0), np.maximum(t0, r), t0)
        t1 = np.where(~parallel & (p > 0), np.minimum(t1, r), t1)
    ok &= t0 < t1
    out = np.stack([ax + t0 * dx, ay + t0 * dy, ax + t1 * dx, ay + t1 * dy], axis=1)[ok]
    # keep untouched end points exact
    src = segments[ok]
    out[:, :2] = np.where((t0[ok] == 0)[:, None], src[:, :2], out[:, :2])
    out[:, 2:] = np.where((t1[ok] == 1)[:, None], src[:, 2:], out[:, 2:])
    return out


def _ray_hits(
    angles: FloatArray, dx: FloatArray, dy: FloatArray, winner: IntArray, seg: _Swept
) -> FloatArray:
    """Where rays at `angles` (directions dx, dy) meet the winning segments' lines.

    Exact at the segments' own end points.
    """
    ax, ay, ex, ey, num, ta, tb = seg
    w_ex, w_ey = ex[winner], ey[winner]
    denom = dx * w_ey - dy * w_ex
    with np.errstate(divide="ignore", invalid="ignore"):
        r = num[winner] / denom
    out = np.stack([r * dx, r * dy], axis=1)
    at_a = angles == ta[winner]
    at_b = angles == tb[winner]
    out[at_a, 0] = ax[winner][at_a]
    out[at_a, 1] = ay[winner][at_a]
    out[at_b, 0] = (ax + ex)[winner][at_b]
    out[at_b, 1] = (ay + ey)[winner][at_b]
    bad = ~np.isfinite(out).all(axis=1)
    out[bad] = 0.0
    return out


def _open_sector(
    ax: FloatArray, ay: FloatArray, bx: FloatArray, by: FloatArray, inward: Point
) -> tuple[float, float] | None:
    """The (start, end) angles of the open sector around `inward` between rays at the viewpoint."""
    rays = [
        math.atan2(y, x)
        for x, y in zip(
            np.concatenate([ax, bx]).tolist(), np.concatenate([ay, by]).tolist(), strict=True
        )
        if (x, y) != (0.0, 0.0)
    ]
    if len(set(rays)) < 2:
        return None  # a single ray hides nothing
    iota = math.atan2(float(inward[1]), float(inward[0]))
    rel = sorted({(r - iota) % math.tau for r in rays})
    # (up to rounding: noded points are not exact)
    rel = [0.0 if (x < _ALONG or x > math.tau - _ALONG) else x for x in rel]
    rel = sorted(set(rel))
    if len(rel) < 2:
        return None
    if rel[0] == 0:
        # a ray exactly along `inward`: count `inward` as just counter-clockwise of it
        lo_rel, hi_rel = 0.0, rel[1]
    else:
        lo_rel, hi_rel = rel[-1] - math.tau, rel[0]
    return (_wrap(iota + lo_rel), _wrap(iota + hi_rel))


def _wrap(angle: float) -> float:
    return (angle + math.pi) % math.tau - math.pi


def _in_sector(angles: FloatArray, sector: tuple[float, float]) -> BoolArray:
    lo, hi = sector
    span = (hi - lo) % math.tau
    if span == 0:
        span = math.tau
    rel = (angles - lo) % math.tau
    result: BoolArray = (rel > 0) & (rel < span)
    return result


def visibility_polygon(
    viewpoint: Point, segments: FloatArray, bounds: Box, inward: Point | None = None
) -> tuple[Point, ...]:
    """The visibility polygon's vertices as (x, y) tuples; see `visibility_polygon_array`."""
    arr = visibility_polygon_array(viewpoint, segments, bounds, inward)
    return tuple((float(x), float(y)) for x, y in arr.tolist())


def polygon_area(pts: FloatArray) -> float:
    """Shoelace area of a ring given as an (m, 2) array (orientation ignored)."""
    if len(pts) < 3:
        return 0.0
    x = pts[:, 0]
    y = pts[:, 1]
    return abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))) / 2


def clip_to_box(pts: FloatArray, box: Box) -> FloatArray:
    """Sutherland-Hodgman clip of a ring to a box; area-exact for star-shaped rings."""
    x0, y0, x1, y1 = box
    out = pts
    for axis, bound, keep_less in ((0, x0, False), (0, x1, True), (1, y0, False), (1, y1, True)):
        if len(out) == 0:
            break
        cur = out
        nxt = np.roll(cur, -1, axis=0)
        c_in = cur[:, axis] <= bound if keep_less else cur[:, axis] >= bound
        n_in = nxt[:, axis] <= bound if keep_less else nxt[:, axis] >= bound
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (bound - cur[:, axis]) / (nxt[:, axis] - cur[:, axis])
            cross = cur + t[:, None] * (nxt - cur)
        cross[:, axis] = bound
        idx = np.arange(len(cur))
        emit_cross = c_in != n_in
        merged = np.concatenate([cur[c_in], cross[emit_cross]])
        key = np.concatenate([idx[c_in] * 2.0, idx[emit_cross] * 2.0 + 1.0])
        out = merged[np.argsort(key, kind="stable")]
    return out


def visible_area_in_box(
    viewpoint: Point,
    segments: FloatArray,
    target: Box,
    inward: Point | None = None,
) -> float:
    """Area of the part of box `target` that `viewpoint` sees past the segments."""
    tx0, ty0, tx1, ty1 = target
    vx, vy = float(viewpoint[0]), float(viewpoint[1])
    bounds = (min(tx0, vx) - 1.0, min(ty0, vy) - 1.0, max(tx1, vx) + 1.0, max(ty1, vy) + 1.0)
    # (the raw sweep: the area needs no vertex cleaning)
    poly = _sweep((vx, vy), segments, bounds, inward)
    return polygon_area(clip_to_box(poly, target))


def visibility_oracle(
    viewpoint: Point, segments: Sequence[Sequence[float]] | FloatArray, bounds: Box
) -> shapely.Geometry:
    """The slow reference: `bounds` minus the union of every segment's shadow (tests only).

    Returns a shapely geometry; shapely never leaves this package in the app's own API, but the
    tests compare it with `visibility_polygon`.
    """
    px, py = float(viewpoint[0]), float(viewpoint[1])
    x0, y0, x1, y1 = bounds
    far = 4.0 * math.hypot(x1 - x0, y1 - y0) + 1.0
    shadows = []
    for ax, ay, bx, by in np.asarray(segments, dtype=np.float64).reshape(-1, 4).tolist():
        cr = (ax - px) * (by - py) - (ay - py) * (bx - px)
        if cr == 0:
            continue
        if cr < 0:
            ax, ay, bx, by = bx, by, ax, ay
        t_a = math.atan2(ay - py, ax - px)
        t_b = math.atan2(by - py, bx - px)
        if t_b < t_a:
            t_b += math.tau
        steps = max(2, math.ceil((t_b - t_a) / math.radians(20)) + 1)
        arc = [
            (px + far * math.cos(t), py + far * math.sin(t))
            for t in np.linspace(t_b, t_a, steps).tolist()
        ]
        shadows.append(shapely.Polygon([(ax, ay), (bx, by), *arc]))
    area = shapely.box(x0, y0, x1, y1)
    if not shadows:
        return area
    # Clip every shadow to the map before the union: a union of a thousand wedges reaching
    # `far` past the map lost a shadow to GEOS rounding (a 10-square-unit wedge at viewpoint
    # (56.5, 57.5) of the seed-7 benchmark map), which made the oracle, not the sweep, wrong.
    clipped = shapely.intersection(np.array(shadows, dtype=object), area)
    return shapely.difference(area, shapely.union_all(clipped))


# |cross| of two consecutive edges below this times their lengths: the middle vertex is on a
# straight line (or the tip of a zero-width spike) and adds nothing to the region.
_STRAIGHT = 1e-9


def essential_vertices(ring: FloatArray) -> FloatArray:
    """The ring without repeated vertices and vertices on a straight run between two others.

    A visibility polygon has a vertex on the nearest wall for every end point's angle, most of
    them on straight runs: dropping them leaves the same region with far fewer vertices.
    """
    pts = np.asarray(ring, dtype=np.float64).reshape(-1, 2)
    if len(pts) > 1:
        pts = pts[np.any(pts != np.roll(pts, 1, axis=0), axis=1)]
    if len(pts) < 3:
        return pts
    before = pts - np.roll(pts, 1, axis=0)
    after = np.roll(pts, -1, axis=0) - pts
    cross = before[:, 0] * after[:, 1] - before[:, 1] * after[:, 0]
    lengths = np.hypot(before[:, 0], before[:, 1]) * np.hypot(after[:, 0], after[:, 1])
    kept: FloatArray = pts[np.abs(cross) > _STRAIGHT * lengths]
    return kept
