"""Blocking segments and the exact "is this line blocked?" test, vectorised with numpy.

Everything that blocks a line (walls, windows, closed doors, the outline of blocking squares,
creature spaces when they count as obstacles) is reduced to straight segments in grid units.
`SegmentIndex` nodes them once (splits them where they cross, so that later sweeps can rely on
segments meeting only at end points), keeps them as a numpy array plus a shapely `STRtree`
for box queries, and a uniform bucket grid for bulk line tests.

The touching/grazing choice (docs/design.md#sight) is made here, once:

* a line is blocked where it passes from one side of the obstacles to the other: at every point
  the line shares with the segments, look at the segment directions ("rays") leaving that point;
  the line is blocked there when rays lie strictly on both sides of it (one on the left of the
  line, one on the right);
* so a line that runs along a wall, touches a wall's end, or grazes the corner of a blocking
  square is not blocked (000 "Line of Sight": a line "without passing through something"),
  while a line through the point where two walls or two blocking squares meet, with obstacles
  on both sides, is blocked (it slips through no gap: there is none);
* at an end of the line that is a corner of a creature's space, the "incoming" direction is the
  direction into that space: a corner lying on a wall sees only the side of the wall the creature
  stands on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
import shapely

from orcus_desktop.geometry.features import Point, Wall
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.line_touches import blocked_at_touches
from orcus_desktop.geometry.wall_buckets import (
    BucketGrid,
    bucket_grid,
    bucket_table,
    segment_boxes,
)
from orcus_desktop.geometry.wall_runs import collinear_runs, line_keys

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

Segment = tuple[Point, Point]

# Slack (grid units) for "clearly apart" in box queries: noded points are not exact.
_APART = 1e-9


def wall_segments(walls: Iterable[Wall], *, for_sight: bool) -> list[Segment]:
    """The segments of the walls that block sight (`for_sight`) or effect and movement.

    000 "Line of Effect": a window is "solid but transparent": it blocks effect, not sight; an
    open door blocks neither.
    """
    segments: list[Segment] = []
    for wall in walls:
        if wall.blocks_sight if for_sight else wall.blocks_effect:
            segments.extend(wall.segments())
    return segments


def square_outline_segments(squares: Iterable[Square]) -> list[Segment]:
    """The outline of a set of squares: the edges not shared by two squares of the set."""
    square_set = set(squares)
    segments: list[Segment] = []
    for sq in square_set:
        c, r = sq
        if Square(c, r - 1) not in square_set:
            segments.append(((c, r), (c + 1, r)))
        if Square(c, r + 1) not in square_set:
            segments.append(((c, r + 1), (c + 1, r + 1)))
        if Square(c - 1, r) not in square_set:
            segments.append(((c, r), (c, r + 1)))
        if Square(c + 1, r) not in square_set:
            segments.append(((c + 1, r), (c + 1, r + 1)))
    return segments


def box_segments(box: tuple[float, float, float, float]) -> list[Segment]:
    """The four sides of an axis-aligned box (min_x, min_y, max_x, max_y)."""
    x0, y0, x1, y1 = box
    return [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]


def node_segments(segments: Sequence[Segment]) -> FloatArray:
    """Split segments where they cross or touch and merge overlaps; returns an (n, 4) array.

    Rows are (ax, ay, bx, by). After noding two segments share at most an end point, which the
    visibility sweep relies on.
    """
    raw = _nonzero_rows(np.asarray(segments, dtype=np.float64).reshape(-1, 4))
    # Collinear pieces merged first: GEOS overlays them pair by pair (issue 29: 20,000 copies
    # of one wall took a minute and 4 GB); the union is the same.
    runs, _, _ = collinear_runs(raw)
    return node_runs(runs)


def _nonzero_rows(raw: FloatArray) -> FloatArray:
    """The segments of non-zero length."""
    return raw[np.any(raw[:, :2] != raw[:, 2:], axis=1)]


def node_runs(runs: FloatArray) -> FloatArray:
    """Node straight runs (`collinear_runs`' output): the (n, 4) pieces they split into."""
    if not len(runs):
        return np.empty((0, 4), dtype=np.float64)
    noded = shapely.union_all(shapely.linestrings(runs.reshape(-1, 2, 2)))
    parts = shapely.get_parts(noded)
    coords, index = shapely.get_coordinates(parts, return_index=True)
    same = index[1:] == index[:-1]
    out = np.concatenate([coords[:-1][same], coords[1:][same]], axis=1)
    nonzero = np.any(out[:, :2] != out[:, 2:], axis=1)
    return np.ascontiguousarray(out[nonzero])


def _cross(ax: FloatArray, ay: FloatArray, bx: FloatArray, by: FloatArray) -> FloatArray:
    return ax * by - ay * bx


class TreeQuery(Protocol):
    """What the index asks of its tree: `shapely.STRtree.query`."""

    def query(self, geometry: Any, predicate: Any = None) -> npt.NDArray[np.intp]: ...


@dataclass(frozen=True, eq=False)
class SegmentIndex:
    """Noded blocking segments with a bucket grid (bulk line tests) and an STRtree (boxes).

    Built once per map state (a `Battlefield` caches one per blocking mode); immutable.

    Attributes:
        segments: (n, 4) float array of noded segments (ax, ay, bx, by) in grid units.
    """

    segments: FloatArray
    _bucket_origin: tuple[float, float]
    _bucket_shape: tuple[int, int]
    _bucket_side: float
    _bucket_start: IntArray
    _bucket_items: IntArray
    _columns: tuple[FloatArray, FloatArray, FloatArray, FloatArray]
    raw: FloatArray
    """(m, 4) the blocking input (non-zero length), as given: what was noded."""
    all_runs: FloatArray
    """(r, 4) the straight runs of the input (`collinear_runs`)."""
    run_of: IntArray
    """(m,) per input segment, its run in `all_runs`."""
    geometries: npt.NDArray[np.object_]
    """The segments as shapely lines (the STRtree's items; reused by `wall_edits`)."""

    @cached_property
    def piece_runs(self) -> IntArray:
        """(n,) per noded segment, the index in `all_runs` of its run (-1: none found)."""
        return piece_runs_in(self.segments, self.all_runs)

    @cached_property
    def runs(self) -> FloatArray:
        """(n, 4): per noded segment, the straight run of blocking input it lies on.

        Noding splits a wall where another crosses it, and a long wall is often drawn as
        several pieces end to end; the run is the whole straight stretch (collinear input
        segments that touch or overlap, merged). It blocks exactly what its pieces block
        together, so a test for "one segment hides all of it" may use the run instead of the
        piece. A piece whose run cannot be found is its own run.
        """
        out = self.segments.copy()
        found = self.piece_runs >= 0
        out[found] = self.all_runs[self.piece_runs[found]]
        return out

    @cached_property
    def blockers(self) -> FloatArray:
        """(b, 4) the distinct rows of `runs`: the runs that hold a piece, then lone pieces."""
        found = self.piece_runs >= 0
        held = self.all_runs[np.unique(self.piece_runs[found])]
        return np.concatenate([held, self.segments[~found]])

    @cached_property
    def _blocker_tree(self) -> shapely.STRtree:
        """An STRtree of the `blockers`, built on first use."""
        lines: npt.NDArray[np.object_] = np.asarray(
            shapely.linestrings(self.blockers.reshape(-1, 2, 2)), dtype=object
        )
        return shapely.STRtree(lines)

    def blockers_near_lines(
        self, starts: FloatArray, ends: FloatArray
    ) -> tuple[IntArray, IntArray]:
        """(line index, blocker index) for the `blockers` whose bounding box meets each line's.

        A superset of the blockers meeting each line start->end (touching counts); callers
        test the rows exactly.
        """
        empty = np.empty(0, dtype=np.int64)
        if not len(self.segments) or not len(starts):
            return empty, empty
        hit = self._blocker_tree.query(shapely.linestrings(np.stack([starts, ends], axis=1)))
        return hit[0].astype(np.int64), hit[1].astype(np.int64)

    @classmethod
    def build(cls, segments: Sequence[Segment] | FloatArray) -> SegmentIndex:
        """Node the segments and index them."""
        raw = _nonzero_rows(np.asarray(segments, dtype=np.float64).reshape(-1, 4))
        all_runs, run_of, _ = collinear_runs(raw)
        return cls.from_noded(node_runs(all_runs), raw, all_runs, run_of)

    @classmethod
    def from_noded(
        cls,
        arr: FloatArray,
        raw: FloatArray,
        all_runs: FloatArray,
        run_of: IntArray,
        geometries: npt.NDArray[np.object_] | None = None,
        buckets: tuple[IntArray, IntArray] | None = None,
        known: Mapping[str, object] | None = None,
    ) -> SegmentIndex:
        """Index noded segments `arr` of the input `raw` (its runs and each one's run given).

        `geometries`: `arr` as shapely lines, `buckets`: its `bucket_table`, `known`: cached
        properties' values, when the caller knows them (`wall_edits`).
        """
        if geometries is None:
            geometries = (
                np.asarray(shapely.linestrings(arr.reshape(-1, 2, 2)), dtype=object)
                if len(arr)
                else np.empty(0, dtype=object)
            )
        grid = bucket_grid(arr)
        if buckets is None:
            buckets = bucket_table(arr, grid)
        columns = tuple(np.ascontiguousarray(arr[:, k]) for k in range(4))
        index = cls(
            arr,
            grid.origin,
            grid.shape,
            grid.side,
            buckets[0],
            buckets[1],
            columns,  # type: ignore[arg-type]
            raw,
            all_runs,
            run_of,
            geometries,
        )
        for name, value in (known or {}).items():
            index.__dict__[name] = value  # a cached property known already
        return index

    @cached_property
    def _tree(self) -> TreeQuery:
        """An STRtree of the segments, built on first use (a door's index may never need one).

        A door's index (`wall_edits`) may be given its map's tree with the door's pieces
        instead (`wall_edits.EditedTree`): the same answers, without building a tree again.
        """
        return shapely.STRtree(self.geometries)

    @cached_property
    def _boxes(self) -> FloatArray:
        """(n, 4) the segments' bounding boxes, for box tests without the tree."""
        return segment_boxes(self.segments)

    @property
    def grid(self) -> BucketGrid:
        """Where the buckets lie."""
        return BucketGrid(self._bucket_origin, self._bucket_shape, self._bucket_side)

    @property
    def bucket_items(self) -> tuple[IntArray, IntArray]:
        """The bucket table: each bucket's first entry (and the end), the entries' segments."""
        return self._bucket_start, self._bucket_items

    @cached_property
    def raw_keys(self) -> FloatArray:
        """(m, 3) per input segment, the key of its line (`wall_runs.line_keys`)."""
        return line_keys(self.raw)

    @cached_property
    def run_boxes(self) -> FloatArray:
        """(r, 4) the runs' bounding boxes (min x, min y, max x, max y)."""
        return segment_boxes(self.all_runs)

    def __len__(self) -> int:
        return len(self.segments)

    @cached_property
    def total_length(self) -> float:
        """The summed length of the segments (how densely they fill the map)."""
        d = self.segments[:, 2:] - self.segments[:, :2]
        return float(np.hypot(d[:, 0], d[:, 1]).sum())

    def in_box(self, box: tuple[float, float, float, float]) -> IntArray:
        """Indices (ascending) of the segments whose bounding box meets `box` (touching counts)."""
        b = self._boxes
        x0, y0, x1, y1 = box
        hit = (b[:, 0] <= x1) & (b[:, 2] >= x0) & (b[:, 1] <= y1) & (b[:, 3] >= y0)
        found: IntArray = np.flatnonzero(hit).astype(np.int64)
        return found

    def nearest_distance(self, point: Point) -> float:
        """Distance from `point` to the nearest segment (inf when there is none)."""
        if not len(self.segments):
            return math.inf
        a, b = self.segments[:, :2], self.segments[:, 2:]
        d = b - a
        p = np.asarray(point, dtype=np.float64)
        length2 = (d * d).sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            t = np.where(length2 > 0, ((p - a) * d).sum(axis=1) / length2, 0.0)
        closest = a + np.clip(t, 0.0, 1.0)[:, None] * d
        return float(np.sqrt(((closest - p) ** 2).sum(axis=1).min()))

    def pairs_in_geometries(self, geoms: Any) -> tuple[IntArray, IntArray]:
        """(geometry index, segment index) for every segment meeting a shapely geometry.

        For use inside this package (shapely never leaves it). Sorted by geometry index.
        """
        if not len(self.segments) or not len(geoms):
            empty = np.empty(0, dtype=np.int64)
            return empty, empty
        hit = self._tree.query(geoms, predicate="intersects")
        order = np.lexsort((hit[1], hit[0]))
        return hit[0][order].astype(np.int64), hit[1][order].astype(np.int64)

    def pairs_near_hulls(
        self, boxes_a: FloatArray, boxes_b: FloatArray
    ) -> tuple[IntArray, IntArray]:
        """(pair index, segment index) for segments that may meet the hull of two boxes.

        A superset of the segments meeting the convex hull of boxes_a[i] and boxes_b[i]
        (touching counts): those whose bounding box meets the pair's bounding box and that are
        not clearly apart from the hull across the line joining the two centres. Without a
        shapely predicate, so cheap for many pairs; callers test the cones exactly. Sorted by
        pair index.
        """
        empty = np.empty(0, dtype=np.int64)
        if not len(self.segments) or not len(boxes_a):
            return empty, empty
        lo = np.minimum(boxes_a[:, :2], boxes_b[:, :2])
        hi = np.maximum(boxes_a[:, 2:], boxes_b[:, 2:])
        hit = self._tree.query(shapely.box(lo[:, 0], lo[:, 1], hi[:, 0], hi[:, 1]))
        pair, seg = hit[0].astype(np.int64), hit[1].astype(np.int64)
        if len(pair) > 1 and bool((pair[1:] < pair[:-1]).any()):
            order = np.argsort(pair, kind="stable")
            pair, seg = pair[order], seg[order]
        # unit normal of the line between the centres; each box projects onto it as its
        # centre's projection plus or minus half its extent along the normal
        ca = (boxes_a[:, :2] + boxes_a[:, 2:]) / 2
        cb = (boxes_b[:, :2] + boxes_b[:, 2:]) / 2
        d = cb - ca
        length = np.hypot(d[:, 0], d[:, 1])
        length[length == 0] = np.inf  # same centre: no such axis (0 normal keeps everything)
        nx, ny = -d[:, 1] / length, d[:, 0] / length
        half_a = (
            np.abs(nx) * (boxes_a[:, 2] - boxes_a[:, 0])
            + np.abs(ny) * (boxes_a[:, 3] - boxes_a[:, 1])
        ) / 2
        half_b = (
            np.abs(nx) * (boxes_b[:, 2] - boxes_b[:, 0])
            + np.abs(ny) * (boxes_b[:, 3] - boxes_b[:, 1])
        ) / 2
        mid_a = nx * ca[:, 0] + ny * ca[:, 1]
        mid_b = nx * cb[:, 0] + ny * cb[:, 1]
        n_lo = np.minimum(mid_a - half_a, mid_b - half_b) - _APART
        n_hi = np.maximum(mid_a + half_a, mid_b + half_b) + _APART
        a, b = self._columns[0][seg], self._columns[1][seg]
        c, e = self._columns[2][seg], self._columns[3][seg]
        npx, npy = nx[pair], ny[pair]
        sa = npx * a + npy * b
        sb = npx * c + npy * e
        keep = (np.maximum(sa, sb) >= n_lo[pair]) & (np.minimum(sa, sb) <= n_hi[pair])
        return pair[keep], seg[keep]

    def segments_intersecting(self, starts: FloatArray, ends: FloatArray) -> BoolArray:
        """For each segment start->end, whether it meets any indexed segment at all.

        Touching counts: this is the movement test (docs/rulings.md R-20: a step may not
        pass through a wall's end point), not the sight test.
        """
        out = np.zeros(len(starts), dtype=np.bool_)
        if not len(self.segments) or not len(starts):
            return out
        lines = shapely.linestrings(np.stack([starts, ends], axis=1))
        hit = self._tree.query(lines, predicate="intersects")
        out[hit[0]] = True
        return out

    def _samples(
        self, starts: FloatArray, ends: FloatArray
    ) -> tuple[IntArray, IntArray, IntArray]:
        """Points along each line every bucket side: (line, rank along the line, bucket)."""
        n_rows, n_cols = self._bucket_shape
        x0, y0 = self._bucket_origin
        d = ends - starts
        length = np.maximum(np.abs(d[:, 0]), np.abs(d[:, 1]))
        side = self._bucket_side
        n_samples = np.floor(length / side).astype(np.int64) + 2
        line_of_sample = np.repeat(np.arange(len(starts), dtype=np.int64), n_samples)
        first = np.cumsum(n_samples) - n_samples
        k = np.arange(len(line_of_sample), dtype=np.int64) - np.repeat(first, n_samples)
        t = k / np.repeat(n_samples - 1, n_samples)
        sx = starts[line_of_sample, 0] + t * d[line_of_sample, 0]
        sy = starts[line_of_sample, 1] + t * d[line_of_sample, 1]
        col = np.floor((sx - x0) / side).astype(np.int64)
        row = np.floor((sy - y0) / side).astype(np.int64)
        inside = (col >= 0) & (col < n_cols) & (row >= 0) & (row < n_rows)
        return line_of_sample[inside], k[inside], (row * n_cols + col)[inside]

    def _pairs(self, line_of_sample: IntArray, cell: IntArray) -> tuple[IntArray, IntArray]:
        """(line, segment) index pairs from the samples' buckets (with repeats)."""
        lo = self._bucket_start[cell]
        counts = self._bucket_start[cell + 1] - lo
        total = int(counts.sum())
        if total == 0:
            empty = np.empty(0, dtype=np.int64)
            return empty, empty
        pair_line = np.repeat(line_of_sample, counts)
        offs = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
        pair_seg = self._bucket_items[np.repeat(lo, counts) + offs]
        return pair_line, pair_seg

    def _exact(
        self,
        pl: IntArray,
        ps: IntArray,
        line_columns: tuple[FloatArray, FloatArray, FloatArray, FloatArray],
        with_start: bool,
        with_end: bool,
    ) -> tuple[IntArray, IntArray]:
        """(line indices with a proper crossing, line indices with a touch that may block).

        `line_columns`: the lines' start x, start y, end x, end y, one array each.
        """
        px, py, qx, qy = (column[pl] for column in line_columns)
        ax, ay, bx, by = (self._columns[k][ps] for k in range(4))
        dx, dy = qx - px, qy - py
        o1 = _cross(dx, dy, ax - px, ay - py)
        o2 = _cross(dx, dy, bx - px, by - py)
        # Only pairs whose segment meets the line's carrier can cross or touch it.
        k = np.nonzero(o1 * o2 <= 0)[0]
        pl, o1, o2 = pl[k], o1[k], o2[k]
        px, py, qx, qy = px[k], py[k], qx[k], qy[k]
        ax, ay, bx, by = ax[k], ay[k], bx[k], by[k]
        ex, ey = bx - ax, by - ay
        o3 = _cross(ex, ey, px - ax, py - ay)
        o4 = _cross(ex, ey, qx - ax, qy - ay)
        proper = pl[(o1 * o2 < 0) & (o3 * o4 < 0)]
        # Touches that can block: at a wall's end point strictly inside the line, or at the
        # line's own ends when an inward direction is given for them.
        z = (o1 == 0) | (o2 == 0)
        if with_start:
            z |= o3 == 0
        if with_end:
            z |= o4 == 0
        j = np.nonzero(z)[0]
        if not len(j):
            return proper, pl[j]
        o1, o2, o3, o4 = o1[j], o2[j], o3[j], o4[j]
        px, py, qx, qy = px[j], py[j], qx[j], qy[j]
        ax, ay, bx, by = ax[j], ay[j], bx[j], by[j]
        not_ends_a = ~(((ax == px) & (ay == py)) | ((ax == qx) & (ay == qy)))
        not_ends_b = ~(((bx == px) & (by == py)) | ((bx == qx) & (by == qy)))
        hit: BoolArray = (o1 == 0) & not_ends_a & _inside(ax, ay, px, py, qx, qy)
        hit |= (o2 == 0) & not_ends_b & _inside(bx, by, px, py, qx, qy)
        if with_start:
            hit |= (o3 == 0) & _inside(px, py, ax, ay, bx, by)
        if with_end:
            hit |= (o4 == 0) & _inside(qx, qy, ax, ay, bx, by)
        touch = pl[j][hit]
        return proper, touch

    def lines_blocked(
        self,
        starts: FloatArray,
        ends: FloatArray,
        start_inward: FloatArray | None = None,
        end_inward: FloatArray | None = None,
    ) -> BoolArray:
        """For each line start->end, whether the segments block it (see the module docstring).

        Lines are walked in rounds of a few buckets from their start; a line found blocked by
        a clean crossing is dropped from later rounds (most blocked lines are blocked early).

        Args:
            starts: (n, 2) start points.
            ends: (n, 2) end points.
            start_inward: optional (n, 2) directions from each start into the space it belongs
                to (NaN rows for none); a start lying on a wall then sees only its own side.
            end_inward: the same for the ends.

        Returns:
            (n,) bool array, True where the line is blocked.
        """
        starts = np.asarray(starts, dtype=np.float64).reshape(-1, 2)
        ends = np.asarray(ends, dtype=np.float64).reshape(-1, 2)
        blocked = np.zeros(len(starts), dtype=np.bool_)
        if not len(self.segments) or not len(starts):
            return blocked
        touched = np.zeros(len(starts), dtype=np.bool_)
        n_rows, n_cols = self._bucket_shape
        bx0, by0 = self._bucket_origin
        d = ends - starts
        side = self._bucket_side
        n_samples = np.floor(np.maximum(np.abs(d[:, 0]), np.abs(d[:, 1])) / side) + 2
        with_start = start_inward is not None
        with_end = end_inward is not None
        # One contiguous array per coordinate: gathering from them is 3x faster than from
        # the (n, 2) arrays, and the exact test gathers every candidate pair's line.
        line_columns = (
            np.ascontiguousarray(starts[:, 0]),
            np.ascontiguousarray(starts[:, 1]),
            np.ascontiguousarray(ends[:, 0]),
            np.ascontiguousarray(ends[:, 1]),
        )
        sx, sy = line_columns[0], line_columns[1]
        dx, dy = np.ascontiguousarray(d[:, 0]), np.ascontiguousarray(d[:, 1])
        # round r looks at the r-th sample of every line still open (same spacing as _samples)
        for r in range(int(n_samples.max())):
            live = np.nonzero((n_samples > r) & ~blocked)[0]
            if not len(live):
                continue
            t = r / (n_samples[live] - 1)
            col = np.floor((sx[live] + t * dx[live] - bx0) / side).astype(np.int64)
            row = np.floor((sy[live] + t * dy[live] - by0) / side).astype(np.int64)
            inside = (col >= 0) & (col < n_cols) & (row >= 0) & (row < n_rows)
            pl, ps = self._pairs(live[inside], (row * n_cols + col)[inside])
            if not len(pl):
                continue
            proper, touch = self._exact(pl, ps, line_columns, with_start, with_end)
            blocked[proper] = True
            touched[touch] = True
        todo = np.nonzero(touched & ~blocked)[0]
        if len(todo):
            line_of_sample, _, cell = self._samples(starts[todo], ends[todo])
            pl, ps = self._pairs(todo[line_of_sample], cell)
            order = np.argsort(pl, kind="stable")
            pl, ps = pl[order], ps[order]
            lo = np.searchsorted(pl, todo, side="left")
            hi = np.searchsorted(pl, todo, side="right")
            for line, a, b in zip(todo.tolist(), lo.tolist(), hi.tolist(), strict=True):
                cand = np.unique(ps[a:b])
                s_in = None if start_inward is None else start_inward[line]
                e_in = None if end_inward is None else end_inward[line]
                blocked[line] = blocked_at_touches(
                    starts[line], ends[line], self.segments[cand], s_in, e_in
                )
        return blocked

    def line_blocked(
        self,
        start: Point,
        end: Point,
        start_inward: Point | None = None,
        end_inward: Point | None = None,
    ) -> bool:
        """One line; see `lines_blocked`."""
        s_in = None if start_inward is None else np.asarray([start_inward], dtype=np.float64)
        e_in = None if end_inward is None else np.asarray([end_inward], dtype=np.float64)
        return bool(
            self.lines_blocked(
                np.asarray([start], dtype=np.float64),
                np.asarray([end], dtype=np.float64),
                s_in,
                e_in,
            )[0]
        )


# Distance (grid units) within which a point lies on a segment when matching pieces to runs.
_ON_RUN = 1e-9


def piece_runs_in(pieces: FloatArray, runs: FloatArray) -> IntArray:
    """Per piece, the index of a run in `runs` that holds it (through its middle); -1: none."""
    out = np.full(len(pieces), -1, dtype=np.int64)
    if not len(pieces) or not len(runs):
        return out
    # each piece: a run through its middle, if that run holds it
    lines: npt.NDArray[np.object_] = np.asarray(shapely.linestrings(runs.reshape(-1, 2, 2)))
    tree = shapely.STRtree(lines)
    mid = shapely.points((pieces[:, :2] + pieces[:, 2:]) / 2)
    piece, seg = tree.query(mid, predicate="dwithin", distance=_ON_RUN)
    piece, first = np.unique(piece, return_index=True)
    cand = runs[seg[first]]
    ex, ey = cand[:, 2] - cand[:, 0], cand[:, 3] - cand[:, 1]
    length = np.hypot(ex, ey)
    holds = np.ones(len(piece), dtype=np.bool_)
    for qx, qy in ((pieces[piece, 0], pieces[piece, 1]), (pieces[piece, 2], pieces[piece, 3])):
        rx, ry = qx - cand[:, 0], qy - cand[:, 1]
        holds &= np.abs(ex * ry - ey * rx) <= _ON_RUN * length
        along = ex * rx + ey * ry
        holds &= (along >= -_ON_RUN * length) & (along <= length * length + _ON_RUN * length)
    out[piece[holds]] = seg[first][holds]
    return out


# docs/design.md#geometry calls this structure the WallIndex.
WallIndex = SegmentIndex


def _inside(
    x: FloatArray, y: FloatArray, x0: FloatArray, y0: FloatArray, x1: FloatArray, y1: FloatArray
) -> BoolArray:
    """Whether (x, y) lies in the closed bounding box of (x0, y0)-(x1, y1)."""
    result: BoolArray = (
        (np.minimum(x0, x1) <= x)
        & (x <= np.maximum(x0, x1))
        & (np.minimum(y0, y1) <= y)
        & (y <= np.maximum(y0, y1))
    )
    return result
