"""The grazing rule at the points a line shares with the walls (docs/design.md#sight).

`SegmentIndex.lines_blocked` settles clean crossings in bulk; a line that only touches the
segments (at a wall's end, along a wall, at a corner of a creature's space lying on a wall) is
decided here, point by point: it is blocked where the segment directions leaving the point
("rays") lie strictly on both sides of it (see the `walls` module docstring).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt


def on_segment(x: float, y: float, s: Sequence[float]) -> bool:
    """Whether (x, y) lies exactly on segment s = (ax, ay, bx, by), ends included."""
    ax, ay, bx, by = s
    if (bx - ax) * (y - ay) - (by - ay) * (x - ax) != 0:
        return False
    return min(ax, bx) <= x <= max(ax, bx) and min(ay, by) <= y <= max(ay, by)


def rays_at(x: float, y: float, segments: npt.NDArray[np.float64]) -> list[tuple[float, float]]:
    """Directions of the segments leaving point (x, y): one for an end point, two for a middle."""
    rays: list[tuple[float, float]] = []
    for s in segments.tolist():
        if not on_segment(x, y, s):
            continue
        ax, ay, bx, by = s
        if (ax, ay) != (x, y):
            rays.append((ax - x, ay - y))
        if (bx, by) != (x, y):
            rays.append((bx - x, by - y))
    return rays


def separated(u: Sequence[float], v: Sequence[float], rays: Sequence[Sequence[float]]) -> bool:
    """Whether rays lie strictly inside both arcs between directions u and v.

    The arcs are the counter-clockwise turn from u to v and the one from v back to u. Rays
    pointing exactly along u or v do not separate them (a line running along a wall).
    """
    ux, uy = float(u[0]), float(u[1])
    vx, vy = float(v[0]), float(v[1])
    ang_v = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy) % math.tau
    first = second = False
    for rx, ry in rays:
        cu = ux * ry - uy * rx
        if cu == 0 and ux * rx + uy * ry > 0:
            continue  # along u
        cv = vx * ry - vy * rx
        if cv == 0 and vx * rx + vy * ry > 0:
            continue  # along v
        ang = math.atan2(cu, ux * rx + uy * ry) % math.tau
        if 0 < ang < ang_v:
            first = True
        elif ang > ang_v:
            second = True
        if first and second:
            return True
    return False


def blocked_at_touches(
    p: npt.NDArray[np.float64],
    q: npt.NDArray[np.float64],
    segs: npt.NDArray[np.float64],
    start_inward: npt.NDArray[np.float64] | None,
    end_inward: npt.NDArray[np.float64] | None,
) -> bool:
    """Whether line p->q is blocked at a point it shares with `segs` (the grazing rule above).

    `start_inward` / `end_inward`: the direction into the space an end of the line belongs
    to (NaN or None for none); a line end lying on a wall then sees only its own side.
    """
    px, py = float(p[0]), float(p[1])
    qx, qy = float(q[0]), float(q[1])
    if (px, py) == (qx, qy):
        return False
    line = (px, py, qx, qy)
    points: set[tuple[float, float]] = set()
    for s in segs.tolist():
        ax, ay, bx, by = s
        for x, y in ((ax, ay), (bx, by)):
            if on_segment(x, y, line):
                points.add((x, y))
        for x, y in ((px, py), (qx, qy)):
            if on_segment(x, y, s):
                points.add((x, y))
    for x, y in points:
        rays = rays_at(x, y, segs)
        if not rays:
            continue
        if (x, y) == (px, py):
            if start_inward is None or np.isnan(start_inward).any():
                continue
            u: tuple[float, float] = (float(start_inward[0]), float(start_inward[1]))
            v: tuple[float, float] = (qx - px, qy - py)
        elif (x, y) == (qx, qy):
            if end_inward is None or np.isnan(end_inward).any():
                continue
            u = (px - qx, py - qy)
            v = (float(end_inward[0]), float(end_inward[1]))
        else:
            u = (px - x, py - y)
            v = (qx - x, qy - y)
        if separated(u, v, rays):
            return True
    return False
