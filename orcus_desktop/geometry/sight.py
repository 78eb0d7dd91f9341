"""Line of sight, line of effect and concealment between spaces; `sight` gathers them all.

000 "Line of Sight": "draw a line from any corner of a square in your space to any part of the
target's space"; "Line of Effect": the same, "only blocked by solid obstacles". Here "any part"
means a part with area (an edge lying on a wall is no part one can see or hit): the share each
corner sees comes from `corner_shares`. The line rules (grazing a corner or running along a
wall does not block; a corner on a wall sees only its own side) are those of `walls`. Cover
lives in `cover`; concealment follows 000 "Concealment".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orcus_desktop.geometry.battlefield import Battlefield, Obscurement, Occupant
from orcus_desktop.geometry.corner_shares import SHARE_SLACK, pair_shares
from orcus_desktop.geometry.cover import CoverResult, space_cover
from orcus_desktop.geometry.cover_buckets import ORCUS_BUCKETS, CoverBuckets
from orcus_desktop.geometry.grid import Space, Square, space_distance
from orcus_desktop.geometry.lighting import light_cause, viewer_obscurement
from orcus_desktop.geometry.sight_carry import carried_answers
from orcus_desktop.geometry.walls import BoolArray, FloatArray
from orcus_desktop.vocabulary import ConcealmentDegree, Origin


@dataclass(frozen=True, slots=True)
class SightResult:
    """Everything `sight` works out for one attacker and target."""

    line_of_sight: bool
    line_of_effect: bool
    cover: CoverResult
    concealment: ConcealmentDegree


# Cached answers per map state and blocking mode; cleared when they grow past this many.
_REACH_CACHE_SIZE = 20_000
# Pairs per vectorised call: its work arrays grow with the pairs (10,000 pairs, the players'
# fog of 100 heroes against 100 monsters, took 300 MB in one call; 1,000 took 36 MB at
# 200x200 with 2,000 walls, 250 take 13 MB in the same time, issue 14).
_PAIRS_PER_CALL = 250


def _spaces_reach(
    battlefield: Battlefield, for_sight: bool, pairs: Sequence[tuple[Space, Space]]
) -> list[bool]:
    """`space_sees_space` (or `space_reaches_space`) for many pairs, cached per map state.

    The answer depends on the map (walls, blocking squares) and the two spaces only, so it is
    kept with the map's other indexes: a drag preview asks about the same few spaces again and
    again. The misses go through one vectorised `pair_shares` call.
    """
    cache: dict[tuple[Space, Space], bool] = battlefield.map_carried(
        ("reach_cache", for_sight), dict, carried_answers(battlefield, for_sight)
    )
    out: list[bool | None] = [cache.get(pair) for pair in pairs]
    missing = list(
        dict.fromkeys(pair for pair, known in zip(pairs, out, strict=True) if known is None)
    )
    if missing:
        index = battlefield.sight_index if for_sight else battlefield.effect_index
        if len(cache) + len(missing) > _REACH_CACHE_SIZE:
            cache.clear()
        # Batch by batch, each batch's shares dropped once answered: all 10,000 rows of
        # (corner, share) tuples alive at once left 12 MB of Python's small-object arenas
        # that the long-lived cache entries pinned (issue 14).
        for first in range(0, len(missing), _PAIRS_PER_CALL):
            batch = missing[first : first + _PAIRS_PER_CALL]
            shares = pair_shares(index, [(v, t.bounds()) for v, t in batch])
            for pair, corner_shares in zip(batch, shares, strict=True):
                cache[pair] = any(share > SHARE_SLACK for _, share in corner_shares)
        out = [
            cache[pair] if known is None else known for pair, known in zip(pairs, out, strict=True)
        ]
    return [bool(v) for v in out]


def spaces_see_spaces(
    battlefield: Battlefield, pairs: Sequence[tuple[Space, Space]]
) -> list[bool]:
    """`space_sees_space` for many (viewer, target) pairs at once."""
    return _spaces_reach(battlefield, True, pairs)


def spaces_reach_spaces(
    battlefield: Battlefield, pairs: Sequence[tuple[Space, Space]]
) -> list[bool]:
    """`space_reaches_space` for many (source, target) pairs at once."""
    return _spaces_reach(battlefield, False, pairs)


def line_of_sight(battlefield: Battlefield, viewer_id: str, target_id: str) -> bool:
    """Whether the viewer sees some part of the target's space (000 "Line of Sight").

    Obscured squares do not block sight lines; they give the target concealment instead.
    """
    viewer = battlefield.occupant(viewer_id)
    target = battlefield.occupant(target_id)
    return space_sees_space(battlefield, viewer.space, target.space)


def space_sees_space(battlefield: Battlefield, viewer: Space, target: Space) -> bool:
    """Line of sight between two spaces (any corner of `viewer` to any part of `target`)."""
    return _spaces_reach(battlefield, True, [(viewer, target)])[0]


def line_of_effect(battlefield: Battlefield, source_id: str, target_id: str) -> bool:
    """Whether a clear path reaches some part of the target's space (000 "Line of Effect")."""
    source = battlefield.occupant(source_id)
    target = battlefield.occupant(target_id)
    return space_reaches_space(battlefield, source.space, target.space)


def space_reaches_space(battlefield: Battlefield, source: Space, target: Space) -> bool:
    """Line of effect between two spaces; areas use it from their origin square."""
    return _spaces_reach(battlefield, False, [(source, target)])[0]


def concealment(
    battlefield: Battlefield,
    attacker_id: str,
    target_id: str,
    origin: Origin = Origin.RANGED,
) -> ConcealmentDegree:
    """The target's concealment against the attacker (000 "Concealment").

    Near and Far attacks ignore concealment. An invisible target, or one the attacker cannot
    see at all, has total concealment. Otherwise the least obscured square of the target's
    space counts (our choice for a large target partly in fog: the attacker aims at what it
    sees best): lightly obscured gives concealment; heavily obscured gives concealment when the
    spaces are adjacent (docs/rulings.md R-16) and total otherwise; totally
    obscured gives total concealment.
    """
    attacker = battlefield.occupant(attacker_id)
    target = battlefield.occupant(target_id)
    return space_concealment(battlefield, attacker, target, origin)


def space_concealment(
    battlefield: Battlefield,
    attacker: Occupant,
    target: Occupant,
    origin: Origin = Origin.RANGED,
    *,
    sees: bool | None = None,
) -> ConcealmentDegree:
    """`concealment` for two occupants; `sees` skips the line of sight test when known."""
    # 000 "Concealment": "Concealment penalties do not apply to Near or Far attacks."
    if origin.is_area:
        return ConcealmentDegree.NONE
    if target.invisible and not perceives_invisible(attacker, target):
        return ConcealmentDegree.TOTAL
    if sees is None:
        sees = space_sees_space(battlefield, attacker.space, target.space)
    if not sees:
        return ConcealmentDegree.TOTAL
    grid = viewer_obscurement(battlefield, attacker)
    bounds = battlefield.bounds
    level = min(
        Obscurement(int(grid[sq.row, sq.col])) if bounds.contains(sq) else Obscurement.NONE
        for sq in _target_squares(target.space)
    )
    if level is Obscurement.NONE:
        return ConcealmentDegree.NONE
    if level is Obscurement.LIGHT:
        return ConcealmentDegree.CONCEALED
    if level is Obscurement.HEAVY:
        adjacent = space_distance(attacker.space, target.space) <= 1
        return ConcealmentDegree.CONCEALED if adjacent else ConcealmentDegree.TOTAL
    return ConcealmentDegree.TOTAL


def concealment_with_cause(
    battlefield: Battlefield, attacker: Occupant, target: Occupant, origin: Origin
) -> tuple[ConcealmentDegree, str]:
    """`space_concealment`, and "dim light" or "darkness" when light gives it (else "")."""
    degree = space_concealment(battlefield, attacker, target, origin)
    if degree is ConcealmentDegree.NONE or target.invisible:
        return degree, ""
    return degree, light_cause(battlefield, attacker, target.space)


def perceives_invisible(attacker: Occupant, target: Occupant) -> bool:
    """Whether `attacker` perceives the invisible `target` where the two stand.

    000 "Truesight": "see invisible creatures" within its range; blindsight and tremorsense do
    not need sight (docs/rulings.md R-61).
    """
    senses = attacker.senses
    reach = max(senses.truesight if not senses.blind else 0, senses.beyond_sight)
    return reach > 0 and space_distance(attacker.space, target.space) <= reach


def _target_squares(space: Space) -> tuple[Square, ...]:
    return space.squares()


def sight(
    battlefield: Battlefield,
    attacker_id: str,
    target_id: str,
    origin: Origin = Origin.RANGED,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> SightResult:
    """Line of sight, line of effect, cover and concealment of one attacker against a target."""
    attacker = battlefield.occupant(attacker_id)
    target = battlefield.occupant(target_id)
    sees = space_sees_space(battlefield, attacker.space, target.space)
    cov = space_cover(battlefield, attacker, target, buckets)
    return SightResult(
        line_of_sight=sees,
        line_of_effect=space_reaches_space(battlefield, attacker.space, target.space),
        cover=cov,
        concealment=space_concealment(battlefield, attacker, target, origin, sees=sees),
    )


def lines_of_sight(battlefield: Battlefield, starts: FloatArray, ends: FloatArray) -> BoolArray:
    """Bulk test of point-to-point sight lines: True where the line is clear.

    Args:
        battlefield: the map.
        starts: (n, 2) points in grid units.
        ends: (n, 2) points in grid units.
    """
    clear: BoolArray = ~battlefield.sight_index.lines_blocked(starts, ends)
    return clear


def lines_of_effect(battlefield: Battlefield, starts: FloatArray, ends: FloatArray) -> BoolArray:
    """Bulk test of point-to-point lines against solid obstacles: True where the line is clear."""
    clear: BoolArray = ~battlefield.effect_index.lines_blocked(starts, ends)
    return clear
