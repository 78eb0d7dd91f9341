"""A wall index changed in place: a door opened or closed without noding the whole map again.

Issue 33: on a cave of 12,000 free-angle segments, noding every wall again for one door took
most of the door's time. Noding splits each straight run of walls (`wall_runs.collinear_runs`)
where other runs meet it, so a change of a few segments changes only

* the runs on the changed segments' lines (a door in a straight wall joins its two sides into
  one run while closed), and
* how the runs meeting those runs are split;

every other run keeps its pieces. `changed_index` drops the pieces of those runs, nodes them
again with every run near them (all that can split them) and keeps the new pieces on them:
the same pieces a fresh `SegmentIndex.build` of the changed walls gives (tested on seeded
caves in tests/geometry/test_wall_edits.py), so every sight, cover and light question answers
the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely

from orcus_desktop.geometry.wall_buckets import bucket_entries, bucket_grid, segment_boxes
from orcus_desktop.geometry.wall_runs import collinear_runs, line_keys, on_lines
from orcus_desktop.geometry.walls import (
    BoolArray,
    FloatArray,
    IntArray,
    Segment,
    SegmentIndex,
    TreeQuery,
    node_runs,
    piece_runs_in,
)

_TOUCH = 1e-7
"""Grid units boxes are grown by when asking which runs may meet (noded points are inexact)."""


def changed_index(
    index: SegmentIndex, removed: Sequence[Segment], added: Sequence[Segment]
) -> SegmentIndex | None:
    """`index` with the `removed` input segments taken out and the `added` ones put in.

    Equal to `SegmentIndex.build` of the changed input (its pieces in another order). None
    when it cannot tell (a removed segment not in the input, a piece without its run): the
    caller then builds afresh.
    """
    gone = _rows(removed)
    new = _rows(added)
    if not len(gone) and not len(new):
        return index
    keep_raw = _without(index.raw, gone)
    if keep_raw is None:
        return None
    raw = np.concatenate([index.raw[keep_raw], new])
    raw_keys = np.concatenate([index.raw_keys[keep_raw], line_keys(new)])
    # the runs on the changed lines, grouped again; every other run stays as it was
    changed_keys = line_keys(np.concatenate([gone, new]))
    dropped = np.zeros(len(index.all_runs), dtype=np.bool_)
    dropped[index.run_of[on_lines(index.raw_keys, changed_keys)]] = True
    lines = on_lines(raw_keys, changed_keys)
    line_runs, line_run_of, _ = collinear_runs(raw[lines])
    kept_runs = np.flatnonzero(~dropped)
    renumber = np.full(len(index.all_runs), -1, dtype=np.int64)
    renumber[kept_runs] = np.arange(len(kept_runs))
    all_runs = np.concatenate([index.all_runs[kept_runs], line_runs])
    run_boxes = np.concatenate([index.run_boxes[kept_runs], segment_boxes(line_runs)])
    run_of = np.concatenate([renumber[index.run_of[keep_raw]], np.full(len(new), -1)])
    run_of[lines] = len(kept_runs) + line_run_of
    # the runs whose splitting may change: near a changed run, before or after
    changed_boxes = np.concatenate([index.run_boxes[dropped], segment_boxes(line_runs)])
    old_redone = _meeting(index.run_boxes, changed_boxes)
    redone = _meeting(run_boxes, changed_boxes)
    # everything that can split them, noded together; their new pieces kept
    near = np.flatnonzero(_meeting(run_boxes, run_boxes[redone]))
    pieces = node_runs(all_runs[near])
    local = piece_runs_in(pieces, all_runs[near])
    old_owner = index.piece_runs
    if bool((local < 0).any()) or bool((old_owner < 0).any()):
        return None
    owner = near[local]
    mine = redone[owner]
    stays = ~old_redone[old_owner]
    segments = np.ascontiguousarray(np.concatenate([index.segments[stays], pieces[mine]]))
    grid = bucket_grid(segments)
    added_lines = _lines(pieces[mine])
    known: dict[str, object] = {
        "piece_runs": np.concatenate([renumber[old_owner[stays]], owner[mine]]),
        "raw_keys": raw_keys,
        "run_boxes": run_boxes,
    }
    tree = index.__dict__.get("_tree")  # the map's tree, if it was ever built
    edited = None if tree is None else EditedTree.of(tree, stays, added_lines)
    if edited is not None:
        known["_tree"] = edited
    return SegmentIndex.from_noded(
        segments,
        raw,
        all_runs,
        run_of,
        geometries=np.concatenate([index.geometries[stays], added_lines]),
        buckets=_buckets(index, stays, pieces[mine]) if grid == index.grid else None,
        known=known,
    )


# Pieces added by doors past which the edited tree is built afresh.
_ADDED_AT_MOST = 512


class EditedTree:
    """An STRtree of a map's segments, changed by doors without building it again.

    Issue 33: on the big cave (10,600 noded segments) building the tree again took 2.5 ms of
    the 32 ms of CPU a door took before the players' fog was rebuilt. The segments that stay
    are the tree's own (renumbered: `new_of_old`, -1 for the pieces
    taken out), and the few pieces the doors added are queried in a small tree of their own
    (`added_tree`, whose item k is segment `added_index[k]`). Answers are those of a tree of
    the new segments: the same (input, segment) rows, sorted by input, then by segment.
    """

    def __init__(
        self,
        base: shapely.STRtree,
        new_of_old: IntArray,
        added: np.ndarray[tuple[int], np.dtype[np.object_]],
        added_index: IntArray,
    ) -> None:
        self.base = base
        self.new_of_old = new_of_old
        self.added = added
        self.added_index = added_index
        self.added_tree = shapely.STRtree(added)

    @classmethod
    def of(
        cls,
        tree: TreeQuery,
        stays: BoolArray,
        added: np.ndarray[tuple[int], np.dtype[np.object_]],
    ) -> EditedTree | None:
        """The tree of the segments that `stay` (of `tree`'s), then the `added` lines.

        None when a tree built afresh is better (too many pieces added by doors).
        """
        n_stay = int(stays.sum())
        renumber = np.where(stays, np.cumsum(stays) - 1, -1)
        added_index = np.arange(n_stay, n_stay + len(added), dtype=np.int64)
        if isinstance(tree, EditedTree):
            # a door after a door: the map's tree, both doors' pieces
            kept = stays[tree.added_index]
            alive = tree.new_of_old >= 0
            new_of_old = np.full(len(alive), -1, dtype=np.int64)
            new_of_old[alive] = renumber[tree.new_of_old[alive]]
            added = np.concatenate([tree.added[kept], added])
            added_index = np.concatenate([renumber[tree.added_index[kept]], added_index])
            if len(added) > _ADDED_AT_MOST:
                return None
            return cls(tree.base, new_of_old, added, added_index)
        if not isinstance(tree, shapely.STRtree):
            return None
        return cls(tree, renumber, added, added_index)

    def query(self, geometry: Any, predicate: Any = None) -> npt.NDArray[np.intp]:
        """`shapely.STRtree.query` of the changed segments (for an array of geometries)."""
        geoms = np.asarray(geometry, dtype=object).reshape(-1)
        hit = self.base.query(geoms, predicate=predicate)
        mapped = self.new_of_old[hit[1]]
        keep = mapped >= 0
        more = self.added_tree.query(geoms, predicate=predicate)
        inputs = np.concatenate([hit[0][keep], more[0]])
        segs = np.concatenate([mapped[keep], self.added_index[more[1]]])
        order = np.lexsort((segs, inputs))
        out: npt.NDArray[np.intp] = np.stack([inputs[order], segs[order]]).astype(np.intp)
        return out if np.ndim(geometry) else out[1]


def _buckets(
    index: SegmentIndex, stays: BoolArray, added: FloatArray
) -> tuple[IntArray, IntArray]:
    """`index`'s bucket table with only the segments that `stay` and the `added` ones after.

    The table `bucket_table` builds for them, without sorting every entry again: only the
    entries of the pieces taken out are looked for (in their buckets), and the new pieces'
    entries go after each bucket's own (their numbers come after every kept one).
    """
    start, items = index.bucket_items
    n_cells = len(start) - 1
    gone_cells, gone_local = bucket_entries(index.segments[~stays], index.grid)
    gone_segs = np.flatnonzero(~stays)[gone_local]
    # each bucket's items ascend: the entry of (cell, segment) is found within its bucket
    gone_at = [
        first + int(np.searchsorted(items[first:end], seg))
        for first, end, seg in zip(
            start[gone_cells].tolist(),
            start[gone_cells + 1].tolist(),
            gone_segs.tolist(),
            strict=True,
        )
    ]
    renumber = np.cumsum(stays) - 1
    kept = renumber[np.delete(items, gone_at)]
    new_cells, new_items = bucket_entries(added, index.grid)
    order = np.argsort(new_cells, kind="stable")
    new_cells, new_items = new_cells[order], new_items[order] + int(stays.sum())
    counts = np.diff(start)
    counts -= np.bincount(gone_cells, minlength=n_cells)
    kept_end = np.cumsum(counts)  # where each bucket's kept entries end
    counts += np.bincount(new_cells, minlength=n_cells)
    table = np.zeros(len(start), dtype=np.int64)
    np.cumsum(counts, out=table[1:])
    return table, np.insert(kept, kept_end[new_cells], new_items)


def _rows(segments: Sequence[Segment]) -> FloatArray:
    """The segments of non-zero length as (k, 4) rows."""
    rows = np.asarray(segments, dtype=np.float64).reshape(-1, 4)
    return rows[np.any(rows[:, :2] != rows[:, 2:], axis=1)]


def _without(raw: FloatArray, gone: FloatArray) -> BoolArray | None:
    """A mask of `raw` without one row equal to each row of `gone`; None if one is missing."""
    keep = np.ones(len(raw), dtype=np.bool_)
    for row in gone:
        at = np.flatnonzero(keep & np.all(raw == row, axis=1))
        if not len(at):
            return None
        keep[at[0]] = False
    return keep


def _meeting(boxes: FloatArray, others: FloatArray) -> BoolArray:
    """Per box, whether it meets one of `others` grown by `_TOUCH`."""
    out = np.zeros(len(boxes), dtype=np.bool_)
    if not len(others):
        return out
    grown = others + np.array([-_TOUCH, -_TOUCH, _TOUCH, _TOUCH])
    # the boxes near them all first (one pass over the map), then each box of theirs
    low, high = grown[:, :2].min(axis=0), grown[:, 2:].max(axis=0)
    near = np.flatnonzero(
        (boxes[:, 0] <= high[0])
        & (boxes[:, 2] >= low[0])
        & (boxes[:, 1] <= high[1])
        & (boxes[:, 3] >= low[1])
    )
    b = boxes[near]
    hit = np.zeros(len(near), dtype=np.bool_)
    for x0, y0, x1, y1 in grown.tolist():
        hit |= (b[:, 0] <= x1) & (b[:, 2] >= x0) & (b[:, 1] <= y1) & (b[:, 3] >= y0)
    out[near] = hit
    return out


def _lines(pieces: FloatArray) -> np.ndarray[tuple[int], np.dtype[np.object_]]:
    """The pieces as shapely lines."""
    if not len(pieces):
        return np.empty(0, dtype=object)
    return np.asarray(shapely.linestrings(pieces.reshape(-1, 2, 2)), dtype=object)
