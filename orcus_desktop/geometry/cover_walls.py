"""Cover's first pass: how much of the target each attacker corner sees past walls alone.

These shares depend on the map (walls, blocking squares) and the two spaces only, so they are
kept per map state with its indexes, as `sight` keeps its answers: once a table is known, a
table asked again after a token moved measures only the pairs of spaces that are new. The
second pass (`cover_creatures`) keeps its shares here too, by the creatures' spaces as well.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import cast

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.corner_shares import ShareRows, corner_rows, corner_share_rows
from orcus_desktop.geometry.cover_buckets import CoverBuckets
from orcus_desktop.geometry.coverage import separating_segments
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.walls import BoolArray, FloatArray, IntArray, SegmentIndex

# Pairs of spaces kept per map state, in each kind; the kept shares of a kind are dropped when
# they would pass it.
KEPT_PAIRS = 50_000


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
        self.walls: dict[int, list[float]] = {}
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
    keys = pair_keys.tolist()
    known = kept.walls
    found = [known.get(k) for k in keys]
    missing = [i for i, shares in enumerate(found) if shares is None]
    if len(missing) == len(keys):
        # nothing kept (a new map state): the measured rows are the rows, in order
        measured = _measure(battlefield.effect_index, spaces, viewer_ids, target_ids)
        _keep(known, keys, measured)
        return measured
    row_pair, first_row, points, inward = corner_rows(spaces, viewer_ids)
    if missing:
        new = np.asarray(missing, dtype=np.int64)
        measured = _measure(battlefield.effect_index, spaces, viewer_ids[new], target_ids[new])
        parts = _keep(known, [keys[i] for i in missing], measured)
        for i, part in zip(missing, parts, strict=True):
            found[i] = part
    shares = np.fromiter(
        itertools.chain.from_iterable(cast("list[list[float]]", found)),
        dtype=np.float64,
        count=len(row_pair),
    )
    return ShareRows(row_pair, first_row, points, shares, inward)


def _keep(
    known: dict[int, list[float]], keys: list[int], measured: ShareRows
) -> list[list[float]]:
    """Keep each measured pair's shares under its key; returns them, pair by pair."""
    values = measured.shares.tolist()
    bounds = [*measured.first_row.tolist(), len(values)]
    parts = [values[a:b] for a, b in itertools.pairwise(bounds)]
    if len(known) + len(keys) > KEPT_PAIRS:
        known.clear()
    known.update(zip(keys, parts, strict=True))
    return parts


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
    segment separates (`separating_segments`) are returned as hidden, without candidates:
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
    u_pair, u_seg = index.pairs_near_hulls(space_boxes[u_lo], space_boxes[u_hi])
    u_hidden = np.zeros(len(keys), dtype=np.bool_)
    if len(u_pair):
        sep = separating_segments(space_boxes[u_lo], space_boxes[u_hi], u_pair, index.runs[u_seg])
        u_hidden[u_pair[sep]] = True
        keep = ~u_hidden[u_pair]
        u_pair, u_seg = u_pair[keep], u_seg[keep]
    # expand: every ordered pair gets the segments of its unordered pair
    per_u = np.bincount(u_pair, minlength=len(keys))
    start_u = np.cumsum(per_u) - per_u
    counts = per_u[uid]
    total = int(counts.sum())
    pair_idx = np.repeat(np.arange(n), counts)
    offs = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    seg_idx = u_seg[np.repeat(start_u[uid], counts) + offs]
    return pair_idx, seg_idx, u_hidden[uid]
