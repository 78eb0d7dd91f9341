"""Cover of a target against an attacker, for one pair or for every pair at once.

Cover (000 "Cover"; docs/rulings.md R-14, "Cover from creatures", "Cover from the opposite
side") is the share of the target's space hidden from the attacker's best corner by solid
obstacles (walls, windows, closed doors, blocking squares) and by other creatures, creatures
giving at most half cover on their own (docs/rulings.md R-13). The shares come from
`corner_shares`; line of sight and concealment live in `sight`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.corner_shares import SHARE_SLACK, ShareRows, distinct_spaces
from orcus_desktop.geometry.cover_buckets import ORCUS_BUCKETS, CoverBuckets
from orcus_desktop.geometry.cover_creatures import add_creatures
from orcus_desktop.geometry.cover_walls import kept_shares, wall_share_rows
from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.walls import FloatArray, IntArray
from orcus_desktop.vocabulary import CoverDegree


@dataclass(frozen=True, slots=True)
class CoverResult:
    """Cover of a target against an attacker.

    Attributes:
        degree: the cover degree from the attacker's best corner.
        hidden_share: share (0..1) of the target's space hidden from that corner by walls and
            creatures together; exact up to float rounding (about 1e-10), in every result
            (never a bound). 1.0 for total cover.
        corner: the attacker's corner used, or None when no corner has line of effect. Among
            corners with the same degree and hidden shares within 1e-9 of each other, the first
            in `space_corners` order.
    """

    degree: CoverDegree
    hidden_share: float
    corner: Point | None


def degree_for_hidden_share(hidden: float, buckets: CoverBuckets = ORCUS_BUCKETS) -> CoverDegree:
    """docs/rulings.md R-14: hidden >= 1/2 half, >= 3/4 three-quarters, all of it total.

    The thresholds and degrees are the ruleset's scale (001-11: quarters and seven-eighths).
    """
    if hidden >= 1 - SHARE_SLACK:
        return CoverDegree.TOTAL
    rank = sum(hidden >= share - SHARE_SLACK for share in buckets.thresholds)
    return buckets.ranked_degrees[rank]


def cover(
    battlefield: Battlefield,
    attacker_id: str,
    target_id: str,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> CoverResult:
    """The target's cover against the attacker (000 "Cover"; docs/rulings.md R-14).

    Walls, windows, closed doors and blocking squares give any degree; other creatures give at
    most half cover on their own (docs/rulings.md R-13). Total cover: no line of
    effect, which is the same as all of the target's space hidden from every corner.
    """
    attacker = battlefield.occupant(attacker_id)
    target = battlefield.occupant(target_id)
    return space_cover(battlefield, attacker, target, buckets)


def space_cover(
    battlefield: Battlefield,
    attacker: Occupant,
    target: Occupant,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> CoverResult:
    """`cover` for two occupants (which need not be on the battlefield's list)."""
    return covers(battlefield, [(attacker, target)], buckets)[0]


def covers(
    battlefield: Battlefield,
    pairs: Sequence[tuple[Occupant, Occupant]],
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> list[CoverResult]:
    """`cover` for many (attacker, target) pairs in two vectorised passes (walls; + creatures).

    The second pass, with the other creatures' outlines added, runs only for pairs where
    creatures could change the answer: some corner has no cover from walls, and a creature's
    space meets the hull of the two spaces; and there only for the corners whose cone an
    outline enters.

    Shortcuts that change no answer: a pair one wall separates sees nothing
    (`separating_segments`), a corner one segment hides sees nothing and a corner nothing
    gets in front of sees everything (`cone_filter`); only the rest is measured exactly.
    """
    if not pairs:
        return []
    spaces, ids = distinct_spaces((o.space for pair in pairs for o in pair), 2 * len(pairs))
    index_of = {o.id: k for k, o in enumerate(battlefield.occupants)}
    own = np.fromiter(
        (index_of.get(o.id, -1) for pair in pairs for o in pair),
        dtype=np.int64,
        count=2 * len(pairs),
    ).reshape(-1, 2)
    return _covers(battlefield, own, spaces, ids[0::2], ids[1::2], buckets)


def _covers(
    battlefield: Battlefield,
    own: IntArray,
    spaces: Sequence[Space],
    viewer_ids: IntArray,
    target_ids: IntArray,
    buckets: CoverBuckets,
) -> list[CoverResult]:
    """`covers` with the pairs' spaces given as indices into the distinct `spaces`.

    `own` (n, 2): each pair's attacker and target as indices into the battlefield's
    occupants (-1 for one not on it): they never hide each other.
    """
    n = len(viewer_ids)
    space_boxes = np.asarray([s.bounds() for s in spaces], dtype=np.float64).reshape(-1, 4)
    viewer_boxes, target_boxes = space_boxes[viewer_ids], space_boxes[target_ids]
    kept = kept_shares(battlefield)
    space_id = kept.space_ids(spaces)
    pair_keys = (space_id[viewer_ids] << 32) | space_id[target_ids]
    walls = wall_share_rows(battlefield, kept, spaces, viewer_ids, target_ids, pair_keys)
    both = walls.shares.copy()
    wall_rank = _degree_rank(1 - walls.shares, buckets)
    # creatures can only add up to their cap where some corner has less from walls
    best_seen = np.maximum.reduceat(walls.shares, walls.first_row)
    cap = buckets.creature_cap
    open_pairs = best_seen > 1 - buckets.thresholds[max(cap, 1) - 1] + SHARE_SLACK
    if cap > 0 and open_pairs.any() and len(battlefield.occupants) >= 3:
        # In an open pair some corner ends at most at the cap; a corner that walls alone
        # put above it can never be the best one, so creatures need not be measured there.
        may_be_best = (walls.shares > 0) & (wall_rank <= cap)
        boxes = (viewer_boxes, target_boxes)
        add_creatures(
            battlefield,
            (kept, pair_keys, buckets),
            own,
            boxes,
            open_pairs,
            walls,
            may_be_best,
            both,
        )
    return _cover_results(walls, wall_rank, both, n, buckets)


def _degree_rank(hidden: FloatArray, buckets: CoverBuckets) -> IntArray:
    """Vectorised `degree_for_hidden_share`: 0 none, then one per level, the last total.

    The rank indexes ``buckets.ranked_degrees``.
    """
    rank: IntArray = (hidden >= 1 - SHARE_SLACK).astype(np.int64)
    for share in buckets.thresholds:
        rank += (hidden >= share - SHARE_SLACK).astype(np.int64)
    return rank


def _cover_results(
    walls: ShareRows, wall_rank: IntArray, both: FloatArray, n: int, buckets: CoverBuckets
) -> list[CoverResult]:
    """Per pair: the best corner and its degree (see `best_corner_rows`)."""
    # docs/rulings.md R-13: creatures add at most half cover on their own.
    creature_rank = np.minimum(_degree_rank(1 - both, buckets), buckets.creature_cap)
    rank = np.maximum(wall_rank, creature_rank)
    hidden = np.clip(1 - both, 0.0, 1.0)
    best = best_corner_rows(walls.first_row, rank, hidden)
    reach = np.maximum.reduceat(walls.shares, walls.first_row) > SHARE_SLACK
    # no line of effect (docs/rulings.md R-14: total) or total from the best corner
    total = ~reach | (rank[best] == len(buckets.thresholds) + 1)
    out: list[CoverResult] = [_TOTAL] * n
    seen = np.nonzero(~total)[0]
    rows = best[seen]
    degrees = np.asarray(buckets.ranked_degrees, dtype=object)
    corners = walls.corners[rows]
    results = map(
        CoverResult,
        degrees[rank[rows]].tolist(),
        hidden[rows].tolist(),
        zip(corners[:, 0].tolist(), corners[:, 1].tolist(), strict=True),
    )
    for p, result in zip(seen.tolist(), results, strict=True):
        out[p] = result
    return out


_TOTAL = CoverResult(CoverDegree.TOTAL, 1.0, None)


def best_corner_rows(first_row: IntArray, rank: IntArray, hidden: FloatArray) -> IntArray:
    """Per pair, the row of the attacker's corner that gives the target the least cover.

    docs/rulings.md R-14: the least degree first, then the least hidden share; shares
    within `SHARE_SLACK` of that least one are the same share (they differ by float rounding only),
    and among those the first corner in `space_corners` order is taken, so that the choice
    never depends on rounding.

    Args:
        first_row: (n,) each pair's first row; a pair's rows are consecutive.
        rank: per row, 0 none .. the total rank (`_degree_rank`).
        hidden: per row, the hidden share.
    """
    n_rows = len(rank)
    counts = np.diff(np.append(first_row, n_rows))
    pair = np.repeat(np.arange(len(first_row)), counts)
    least_rank = np.minimum.reduceat(rank, first_row)
    candidate = rank == least_rank[pair]
    least_hidden = np.minimum.reduceat(np.where(candidate, hidden, np.inf), first_row)
    chosen = candidate & (hidden <= least_hidden[pair] + SHARE_SLACK)
    # the first chosen row of each pair: rows are grouped by pair, in order
    rows = np.nonzero(chosen)[0]
    starts = np.searchsorted(rows, first_row)
    best: IntArray = rows[starts]
    return best


def cover_table(
    battlefield: Battlefield,
    ids: Sequence[str] | None = None,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> dict[tuple[str, str], CoverResult]:
    """Cover for every ordered pair of distinct occupants (all of them by default)."""
    chosen = battlefield.occupants if ids is None else [battlefield.occupant(i) for i in ids]
    a_idx, t_idx, keys = _ordered_pairs(tuple(o.id for o in chosen))
    if not len(a_idx):
        return {}
    spaces, space_of = distinct_spaces((o.space for o in chosen), len(chosen))
    index_of = {o.id: k for k, o in enumerate(battlefield.occupants)}
    occupant_of = np.asarray([index_of[o.id] for o in chosen], dtype=np.int64)
    own = np.stack([occupant_of[a_idx], occupant_of[t_idx]], axis=1)
    results = _covers(battlefield, own, spaces, space_of[a_idx], space_of[t_idx], buckets)
    return dict(zip(keys, results, strict=True))


@lru_cache(maxsize=16)
def _ordered_pairs(names: tuple[str, ...]) -> tuple[IntArray, IntArray, list[tuple[str, str]]]:
    """The ordered pairs of distinct names, attacker major: index arrays and (a, t) keys.

    A table is asked again and again for the same creatures; the keys are made once. The
    caller must not change what it gets.
    """
    ids = np.asarray(names, dtype=object)
    a_idx, t_idx = np.nonzero(ids[:, None] != ids[None, :])
    keys = list(zip(ids[a_idx].tolist(), ids[t_idx].tolist(), strict=True))
    return a_idx, t_idx, keys
