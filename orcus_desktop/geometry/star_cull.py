"""Which segments can meet a region that is star-shaped from a point: a conservative test.

The visibility sweep (`visibility`) culls walls with it: a region seen from a viewpoint through
some of the walls contains the true one, and a wall that does not meet it cannot change it.

The test bins directions round the point. Each edge of the region's ring covers an arc of
directions (a star-shaped ring turns once round the point), and along it the region reaches no
further than the edge's further end; so each bin gets the furthest reach of the edges over it.
A segment can meet the region only where it is nearer than that reach in a bin it spans: one
that is nowhere nearer than the furthest reach over its whole arc is dropped. Only ever too
many segments are kept, never too few (up to a relative slack far above float rounding).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]

# Directions are binned this finely (a power of two).
_BINS = 512
# A segment within this share of the reach (plus _ABS) counts as nearer: only keeps more.
_SLACK = 1e-7
_ABS = 1e-9
# |cross| below this times the lengths: a segment seen edge-on (it hides nothing).
_FLAT = 1e-12


def _bin(angle: FloatArray) -> IntArray:
    """The bin of angles in [-pi, pi]."""
    b: IntArray = np.floor((angle + math.pi) * (_BINS / math.tau)).astype(np.int64)
    return np.clip(b, 0, _BINS - 1)


def reach_per_bin(ring: FloatArray) -> FloatArray:
    """Per direction bin, a bound on how far the region reaches (ring relative to the point).

    Args:
        ring: (m, 2) the region's vertices relative to the point, counter-clockwise, the region
            star-shaped from the point (the point itself may be a vertex).
    """
    r = np.hypot(ring[:, 0], ring[:, 1])
    away = r > 0
    # (a vertex at the point: the edge joining its neighbours bounds the arc between them)
    ring, r = ring[away], r[away]
    reach = np.zeros(_BINS, dtype=np.float64)
    if len(ring) < 2:
        reach[:] = np.inf
        return reach
    b = _bin(np.arctan2(ring[:, 1], ring[:, 0]))
    nb = np.roll(b, -1)
    far = np.maximum(r, np.roll(r, -1))
    # each edge covers bins b .. nb counter-clockwise (wrapping); a ring that turns once
    # round the point covers the circle about once, so the expansion stays small
    count = (nb - b) % _BINS + 1
    if int(count.sum()) > 4 * (_BINS + len(ring)):
        reach[:] = far.max()  # not one turn round the point (degenerate): no culling
        return reach
    first = np.cumsum(count) - count
    k = np.arange(int(count.sum())) - np.repeat(first, count)
    bins = (np.repeat(b, count) + k) % _BINS
    np.maximum.at(reach, bins, np.repeat(far, count))
    return reach


def may_meet(reach: FloatArray, segments: FloatArray) -> BoolArray:
    """Per segment (relative to the point), whether it may meet the region of `reach`.

    Segments seen edge-on (zero angular width) hide nothing and are never kept here.
    """
    ax, ay, bx, by = segments[:, 0], segments[:, 1], segments[:, 2], segments[:, 3]
    cr = ax * by - ay * bx
    wide = np.abs(cr) > _FLAT * np.hypot(ax, ay) * np.hypot(bx, by)
    # the arc from the clockwise-most end to the other, counter-clockwise
    flip = cr < 0
    sx, sy = np.where(flip, bx, ax), np.where(flip, by, ay)
    tx, ty = np.where(flip, ax, bx), np.where(flip, ay, by)
    lo = _bin(np.arctan2(sy, sx))
    span = (_bin(np.arctan2(ty, tx)) - lo) % _BINS
    # furthest reach over bins lo .. lo + span (a sparse table over the doubled bins)
    table = [np.concatenate([reach, reach])]
    while (1 << len(table)) <= _BINS:
        prev = table[-1]
        step = 1 << (len(table) - 1)
        table.append(np.maximum(prev[:-step], prev[step:]))
    level = np.floor(np.log2(span + 1)).astype(np.int64)
    most = np.zeros(len(lo), dtype=np.float64)
    for lev in np.unique(level).tolist():
        sel = level == lev
        row = table[lev]
        l0 = lo[sel]
        l1 = lo[sel] + span[sel] - (1 << lev) + 1
        most[sel] = np.maximum(row[l0], row[l1])
    # nearest point of each segment to the point
    ex, ey = bx - ax, by - ay
    ee = ex * ex + ey * ey
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.clip(-(ax * ex + ay * ey) / ee, 0.0, 1.0)
    t = np.where(ee > 0, t, 0.0)
    near = np.hypot(ax + t * ex, ay + t * ey)
    result: BoolArray = wide & (near <= most * (1 + _SLACK) + _ABS)
    return result
