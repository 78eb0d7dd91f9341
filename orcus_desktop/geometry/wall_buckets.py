"""The bucket grid of a wall index: which segments lie near each square of the map.

`walls.SegmentIndex.lines_blocked` walks each line bucket by bucket and tests only the
segments in the buckets it passes; `wall_edits` updates the table in place for a door.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# Bucket side for the bulk line test, in grid units; tuned in benchmarks/geometry: 1 square
# (issue 33: 1,000 free-angle walls on a 60x60 map put a dozen segments in a 2-square bucket,
# and sight took 2.6x prepared shapely; at 1 square 0.7x, and no slower on sparser maps).
# Walls spread wider than `_FINE_AREA` get 2-square buckets: 4 million buckets at most.
_BUCKET = 1.0
_COARSE_BUCKET = 2.0
_FINE_AREA = 4e6
_MAX_INDEXED_AREA = 16e6  # square units: 4 million buckets at most, a 32 MB offset table


@dataclass(frozen=True, slots=True)
class BucketGrid:
    """The bucket grid of an index: its first corner, (rows, columns) and bucket side."""

    origin: tuple[float, float]
    shape: tuple[int, int]
    side: float


def bucket_grid(arr: FloatArray) -> BucketGrid:
    """The bucket grid over the segments `arr`, with a margin.

    Raises:
        ValueError: the segments spread too far to index.
    """
    if len(arr):
        x0 = float(np.floor(min(arr[:, 0].min(), arr[:, 2].min()))) - _COARSE_BUCKET
        y0 = float(np.floor(min(arr[:, 1].min(), arr[:, 3].min()))) - _COARSE_BUCKET
        x1 = float(max(arr[:, 0].max(), arr[:, 2].max())) + _COARSE_BUCKET
        y1 = float(max(arr[:, 1].max(), arr[:, 3].max())) + _COARSE_BUCKET
    else:
        x0 = y0 = 0.0
        x1 = y1 = 1.0
    if not math.isfinite(x1 - x0 + y1 - y0) or (x1 - x0) * (y1 - y0) > _MAX_INDEXED_AREA:
        # Guard: the buckets grow with the walls' extent (files keep walls near the grid).
        raise ValueError("walls spread too far to index")
    side = _BUCKET if (x1 - x0) * (y1 - y0) <= _FINE_AREA else _COARSE_BUCKET
    n_cols = max(1, math.ceil((x1 - x0) / side))
    n_rows = max(1, math.ceil((y1 - y0) / side))
    return BucketGrid((x0, y0), (n_rows, n_cols), side)


def bucket_entries(arr: FloatArray, grid: BucketGrid) -> tuple[IntArray, IntArray]:
    """(bucket, segment) for every bucket each segment goes in, segment by segment.

    Each segment goes in every bucket its bounding box, grown by half a bucket, touches: a
    line sampled every bucket side then finds it from the bucket of a nearby sample.
    """
    (x0, y0), (n_rows, n_cols), side = grid.origin, grid.shape, grid.side
    half = side / 2
    lo_c = np.floor((np.minimum(arr[:, 0], arr[:, 2]) - half - x0) / side).astype(np.int64)
    hi_c = np.floor((np.maximum(arr[:, 0], arr[:, 2]) + half - x0) / side).astype(np.int64)
    lo_r = np.floor((np.minimum(arr[:, 1], arr[:, 3]) - half - y0) / side).astype(np.int64)
    hi_r = np.floor((np.maximum(arr[:, 1], arr[:, 3]) + half - y0) / side).astype(np.int64)
    return _bucket_cells(
        np.maximum(lo_r, 0),
        np.minimum(hi_r, n_rows - 1),
        np.maximum(lo_c, 0),
        np.minimum(hi_c, n_cols - 1),
        n_cols,
    )


def bucket_table(arr: FloatArray, grid: BucketGrid) -> tuple[IntArray, IntArray]:
    """The bucket table: each bucket's first entry (and the end), the entries' segments.

    Bucket by bucket, each bucket's segments in ascending order.
    """
    cell_arr, item_arr = bucket_entries(arr, grid)
    order = np.argsort(cell_arr, kind="stable")
    n_rows, n_cols = grid.shape
    start = np.zeros(n_cols * n_rows + 1, dtype=np.int64)
    np.add.at(start, cell_arr + 1, 1)
    return np.cumsum(start), item_arr[order]


def segment_boxes(segments: FloatArray) -> FloatArray:
    """(n, 4) the segments' bounding boxes (min x, min y, max x, max y)."""
    low = np.minimum(segments[:, :2], segments[:, 2:])
    high = np.maximum(segments[:, :2], segments[:, 2:])
    return np.concatenate([low, high], axis=1)


def _bucket_cells(
    lo_r: IntArray, hi_r: IntArray, lo_c: IntArray, hi_c: IntArray, n_cols: int
) -> tuple[IntArray, IntArray]:
    """(cell, item) for every cell of each item's row/column range, item by item, row-major."""
    n_r = np.maximum(hi_r - lo_r + 1, 0)
    n_c = np.maximum(hi_c - lo_c + 1, 0)
    per_item = n_r * n_c
    total = int(per_item.sum())
    item = np.repeat(np.arange(len(per_item), dtype=np.int64), per_item)
    k = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(per_item) - per_item, per_item)
    width = np.maximum(n_c, 1)[item]
    row = lo_r[item] + k // width
    col = lo_c[item] + k % width
    return row * n_cols + col, item
