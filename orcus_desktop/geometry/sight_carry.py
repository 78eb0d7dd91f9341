"""Line-of-sight answers kept over a door opened or closed (issue 33).

`sight._spaces_reach` keeps each pair of spaces' answer per map state; a door changes a few
walls in place, and the answers the door cannot reach are carried to the new map state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, MapChange
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.wall_runs import line_keys, on_lines
from orcus_desktop.geometry.walls import BoolArray, SegmentIndex


def carried_answers(
    battlefield: Battlefield, for_sight: bool
) -> Callable[[dict[tuple[Space, Space], bool], MapChange], dict[tuple[Space, Space], bool]]:
    """Keep the answers of the pairs whose hull the map change does not reach (issue 33).

    Only segments meeting the hull of the two spaces decide (`pair_shares`); outside
    `MapChange.touched_box` the segments are the same, so a hull apart from it keeps its answer.
    Nearer, a hull that meets neither the changed walls nor a straight run on their lines sees
    the same walls too (pieces split elsewhere block the same points).
    """
    key = "sight_index" if for_sight else "effect_index"

    def carry(
        kept: dict[tuple[Space, Space], bool], change: MapChange
    ) -> dict[tuple[Space, Space], bool]:
        index = battlefield.sight_index if for_sight else battlefield.effect_index
        box = change.touched_box(index, key)
        # the straight runs through it changed too (a door joins its wall's two sides), and
        # the corner test reads runs (`corner_shares`)
        for kept_index in (change.before.get(key), index):
            if isinstance(kept_index, SegmentIndex):
                runs = kept_index.runs[kept_index.in_box(box)].reshape(-1, 2)
                if len(runs):
                    low, high = runs.min(axis=0).tolist(), runs.max(axis=0).tolist()
                    box = (
                        min(box[0], low[0]),
                        min(box[1], low[1]),
                        max(box[2], high[0]),
                        max(box[3], high[1]),
                    )
        x0, y0, x1, y1 = box
        out: dict[tuple[Space, Space], bool] = {}
        near: list[tuple[tuple[Space, Space], bool]] = []
        for (one, two), answer in list(kept.items())[-_CARRIED_MOST:]:
            if _hull_apart(one.bounds(), two.bounds(), (x0, y0, x1, y1)):
                out[(one, two)] = answer
            else:
                near.append(((one, two), answer))
        # near it: kept when the hull meets neither the changed walls nor a changed run
        lines = _changed_lines(change, for_sight, change.before.get(key), index)
        misses = _hulls_miss([pair for pair, _ in near], lines)
        for (pair, answer), miss in zip(near, misses, strict=True):
            if miss:
                out[pair] = answer
        return out

    return carry


def _hull_apart(
    one: tuple[float, float, float, float],
    two: tuple[float, float, float, float],
    box: tuple[float, float, float, float],
) -> bool:
    """Whether the convex hull of two boxes lies clearly apart from `box`.

    Apart along x, along y, or across the line joining the two boxes' centres (each box
    projects onto its normal as its centre's projection plus or minus half its extent).
    """
    x0, y0, x1, y1 = box
    lo_x, hi_x = min(one[0], two[0]), max(one[2], two[2])
    lo_y, hi_y = min(one[1], two[1]), max(one[3], two[3])
    if hi_x < x0 - _APART or lo_x > x1 + _APART or hi_y < y0 - _APART or lo_y > y1 + _APART:
        return True
    ax, ay = (one[0] + one[2]) / 2, (one[1] + one[3]) / 2
    bx, by = (two[0] + two[2]) / 2, (two[1] + two[3]) / 2
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return False
    nx, ny = (ay - by) / length, (bx - ax) / length
    reach_one = (abs(nx) * (one[2] - one[0]) + abs(ny) * (one[3] - one[1])) / 2
    reach_two = (abs(nx) * (two[2] - two[0]) + abs(ny) * (two[3] - two[1])) / 2
    mid_one, mid_two = nx * ax + ny * ay, nx * bx + ny * by
    low = min(mid_one - reach_one, mid_two - reach_two)
    high = max(mid_one + reach_one, mid_two + reach_two)
    corners = [nx * x + ny * y for x in (x0, x1) for y in (y0, y1)]
    return max(corners) < low - _APART or min(corners) > high + _APART


_CARRIED_MOST = 4000
"""The most recent answers looked at when carrying (bounds the door's cost: 2-3 ms)."""
_APART = 1e-6
"""Grid units a pair's box keeps from the changed walls' box to count as out of its reach."""


def _changed_lines(
    change: MapChange, for_sight: bool, before: object, after: SegmentIndex
) -> shapely.Geometry:
    """The changed walls that block (in either state) and the straight runs on their lines."""
    rows = np.asarray(
        [
            s
            for wall in change.walls
            if (wall.blocks_sight if for_sight else wall.blocks_effect)
            for s in wall.segments()
        ],
        dtype=np.float64,
    ).reshape(-1, 4)
    rows = rows[np.any(rows[:, :2] != rows[:, 2:], axis=1)]
    parts = [rows]
    if len(rows):
        keys = line_keys(rows)
        for index in (before, after):
            if isinstance(index, SegmentIndex):
                runs = np.unique(index.run_of[on_lines(index.raw_keys, keys)])
                parts.append(index.all_runs[runs])
    lines = np.concatenate(parts)
    return shapely.MultiLineString([((a, b), (c, d)) for a, b, c, d in lines.tolist()])


def _hulls_miss(pairs: Sequence[tuple[Space, Space]], lines: shapely.Geometry) -> BoolArray:
    """Per pair, whether the convex hull of its two spaces lies clearly apart from `lines`."""
    out = np.zeros(len(pairs), dtype=np.bool_)
    if not len(pairs):
        return out
    if shapely.is_empty(lines):
        out[:] = True
        return out
    corners = np.array(
        [
            [
                (x, y)
                for a0, b0, a1, b1 in (one.bounds(), two.bounds())
                for x in (a0, a1)
                for y in (b0, b1)
            ]
            for one, two in pairs
        ],
        dtype=np.float64,
    )
    hulls = shapely.convex_hull(shapely.multipoints(corners))
    shapely.prepare(lines)
    out[:] = ~shapely.dwithin(hulls, lines, _APART)
    return out
