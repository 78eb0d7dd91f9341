"""Cover's first pass: how much of the target each attacker corner sees past walls alone.

These shares depend on the map (walls, blocking squares) and the two spaces only, so they are
kept per map state with its indexes, as `sight` keeps its answers: once a table is known, a
table asked again after a token moved measures only the pairs of spaces that are new. The
second pass (`cover_creatures`) keeps its shares here too, by the creatures' spaces as well.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.corner_shares import ShareRows, corner_rows, corner_share_rows
from orcus_desktop.geometry.cover_buckets import CoverBuckets
from orcus_desktop.geometry.coverage import separated_pairs
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.walls import BoolArray, FloatArray, IntArray, SegmentIndex

# Pairs of spaces kept per map state, in each kind; the kept shares of a kind are dropped when
# they would pass it.
KEPT_PAIRS = 50_000


class KeptRows:
    """Rows of shares kept in bulk under int64 keys (a pair's number), a few rows per key.

    Arrays rather than a dict of lists: a table of a thousand pairs is read and written in a
    few array operations, not a Python step per pair. `keys` are sorted and unique; key i's
    rows are ``values[first[i] : first[i] + count[i]]``.
    """

    def __init__(self) -> None:
        self.keys: IntArray = np.empty(0, dtype=np.int64)
        self.first: IntArray = np.empty(0, dtype=np.int64)
        self.count: IntArray = np.empty(0, dtype=np.int64)
        self.values: FloatArray = np.empty(0, dtype=np.float64)

    def __len__(self) -> int:
        return len(self.keys)

    def clear(self) -> None:
        """Forget every key."""
        self.keys = self.first = self.count = np.empty(0, dtype=np.int64)
        self.values = np.empty(0, dtype=np.float64)

    def find(self, keys: IntArray) -> IntArray:
        """Per key, its position among the kept keys, or -1 when it is not kept."""
        pos = np.searchsorted(self.keys, keys)
        if not len(self.keys):
            return np.full(len(keys), -1, dtype=np.int64)
        at = np.minimum(pos, len(self.keys) - 1)
        out: IntArray = np.where(self.keys[at] == keys, at, -1)
        return out

    def rows(self, positions: IntArray) -> FloatArray:
        """The kept rows of these positions (`find`), one key's rows after the other's."""
        counts = self.count[positions]
        rows = np.repeat(self.first[positions], counts) + run_offsets(counts)
        values: FloatArray = self.values[rows]
        return values

    def add(self, keys: IntArray, counts: IntArray, values: FloatArray) -> None:
        """Keep these keys' rows (keys not kept yet; `values`: key after key, `counts` each).

        A key given twice is kept once. Past `KEPT_PAIRS` keys everything kept before goes.
        """
        keys, once = np.unique(keys, return_index=True)
        first = (np.cumsum(counts) - counts)[once]
        counts = counts[once]
        if len(self.keys) + len(keys) > KEPT_PAIRS:
            self.clear()
        base = len(self.values)
        all_keys = np.concatenate([self.keys, keys])
        order = np.argsort(all_keys, kind="stable")
        self.keys = all_keys[order]
        self.first = np.concatenate([self.first, first + base])[order]
        self.count = np.concatenate([self.count, counts])[order]
        self.values = np.concatenate([self.values, values])


def run_offsets(counts: IntArray) -> IntArray:
    """0, 1, .., counts[0] - 1, 0, 1, .., counts[1] - 1, ... (offsets within each run)."""
    out: IntArray = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    return out


class KeptShares:
    """What one map state keeps of cover: the shares measured, by the spaces they depend on.

    Each space seen gets a number (`space_ids`). `walls`: per ordered pair of numbers
    (viewer << 32 | target), the walls-only share of each of the viewer's corners, in
    `space_corners` order. `with_creatures`: per cover scale (which corners are measured
    depends on it), the same past the creatures that count too, under the pair's number and
    the sorted numbers of those creatures' spaces (`cover_creatures`).
    """

    def __init__(self) -> None:
        self.ids: dict[Space, int] = {}
        self.walls = KeptRows()
        self.with_creatures: dict[CoverBuckets, dict[tuple[int, tuple[int, ...]], list[float]]]
        self.with_creatures = {}

    def space_ids(self, spaces: Sequence[Space]) -> IntArray:
        """The number of each space (new spaces get the next ones)."""
        ids = self.ids
        return np.fromiter(
            (ids.setdefault(s, len(ids)) for s in spaces), dtype=np.int64, count=len(spaces)
        )


def kept_shares(battlefield: Battlefield) -> KeptShares:
    """The cover shares kept for this battlefield's map state."""
    return battlefield.map_cached(("cover_kept_shares",), KeptShares)


def forget_kept_shares(battlefield: Battlefield) -> None:
    """Drop the shares kept for this battlefield's map (benchmarks measure from nothing)."""
    kept = kept_shares(battlefield)
    kept.walls.clear()
    kept.with_creatures.clear()


def wall_share_rows(
    battlefield: Battlefield,
    kept: KeptShares,
    spaces: Sequence[Space],
    viewer_ids: IntArray,
    target_ids: IntArray,
    pair_keys: IntArray,
) -> ShareRows:
    """Per (pair, attacker corner) row, the share of the target seen past the walls.

    Pairs are given as indices into the distinct `spaces`, with their keys in `kept`
    (`KeptShares.walls`). Pairs of spaces already measured on this map state are read back;
    the rest are measured in one vectorised pass (`corner_share_rows`) and kept.
    """
    known = kept.walls
    where = known.find(pair_keys)
    missing = np.nonzero(where < 0)[0]
    if len(missing) == len(pair_keys):
        # nothing kept (a new map state): the measured rows are the rows, in order
        measured = _measure(battlefield.effect_index, spaces, viewer_ids, target_ids)
        _keep(known, pair_keys, measured)
        return measured
    row_pair, first_row, points, inward = corner_rows(spaces, viewer_ids)
    counts = np.diff(np.append(first_row, len(row_pair)))
    shares = np.empty(len(row_pair), dtype=np.float64)
    found = np.nonzero(where >= 0)[0]
    shares[_rows_of(first_row, counts, found)] = known.rows(where[found])
    if len(missing):
        measured = _measure(
            battlefield.effect_index, spaces, viewer_ids[missing], target_ids[missing]
        )
        _keep(known, pair_keys[missing], measured)
        shares[_rows_of(first_row, counts, missing)] = measured.shares
    return ShareRows(row_pair, first_row, points, shares, inward)


def _rows_of(first_row: IntArray, counts: IntArray, pairs: IntArray) -> IntArray:
    """The rows of these pairs, pair after pair."""
    c = counts[pairs]
    rows: IntArray = np.repeat(first_row[pairs], c) + run_offsets(c)
    return rows


def _keep(known: KeptRows, keys: IntArray, measured: ShareRows) -> None:
    """Keep each measured pair's shares under its key."""
    counts = np.diff(np.append(measured.first_row, len(measured.shares)))
    known.add(keys, counts, measured.shares)


def _measure(
    index: SegmentIndex, spaces: Sequence[Space], viewer_ids: IntArray, target_ids: IntArray
) -> ShareRows:
    """The walls-only shares of these pairs, measured (`corner_share_rows`)."""
    space_boxes = np.asarray([s.bounds() for s in spaces], dtype=np.float64).reshape(-1, 4)
    c_pair, c_seg, hidden = _symmetric_candidates(index, viewer_ids, target_ids, space_boxes)
    none_i64 = np.empty(0, dtype=np.int64)
    none_segs = np.empty((0, 4), dtype=np.float64)
    rows = corner_share_rows(
        index,
        spaces,
        viewer_ids,
        space_boxes[target_ids],
        none_i64,
        none_segs,
        (c_pair, c_seg),
        hidden,
    )
    # the creature pass measures some of these pairs again, with the same walls near their hull
    return dataclasses.replace(rows, candidates=(c_pair, c_seg))


def _symmetric_candidates(
    index: SegmentIndex, viewer_ids: IntArray, target_ids: IntArray, space_boxes: FloatArray
) -> tuple[IntArray, IntArray, BoolArray]:
    """Per pair, the segments that may stand between the two spaces (`pairs_near_hulls`).

    The pairs are given as indices into `space_boxes` (one row per distinct space); the hull
    of A and B is the hull of B and A, so (a, t) and (t, a) share one query. Pairs that one
    segment separates (`separated_pairs`) are returned as hidden, without candidates:
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
    u_hidden = separated_pairs(index, space_boxes[u_lo], space_boxes[u_hi])
    u_open = np.nonzero(~u_hidden)[0]
    o_pair, u_seg = index.pairs_near_hulls(space_boxes[u_lo[u_open]], space_boxes[u_hi[u_open]])
    u_pair = u_open[o_pair]
    # expand: every ordered pair gets the segments of its unordered pair
    per_u = np.bincount(u_pair, minlength=len(keys))
    start_u = np.cumsum(per_u) - per_u
    counts = per_u[uid]
    total = int(counts.sum())
    pair_idx = np.repeat(np.arange(n), counts)
    offs = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    seg_idx = u_seg[np.repeat(start_u[uid], counts) + offs]
    return pair_idx, seg_idx, u_hidden[uid]
