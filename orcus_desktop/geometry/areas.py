"""Areas of effect: burst, arc and wall squares, and the creatures they affect.

000 "Areas of effect": a burst N reaches N squares in each direction from its base square; an
arc N is an N x N square adjacent to its base square; a wall N is N squares, each sharing an
edge with another and none sharing more than two. docs/rulings.md R-10, R-11, R-09 and R-12
settle the details. A creature is affected once, however many of its squares are in the area,
and only with line of effect from the area's origin.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.corner_shares import pair_shares, space_reaches_box
from orcus_desktop.geometry.grid import (
    GridBounds,
    Size,
    Space,
    Square,
    space_distance,
    square_distance,
)

# Seen shares below this are float noise.
_EPS = 1e-9


def burst_squares(origin: Square, size: int, bounds: GridBounds | None = None) -> list[Square]:
    """A burst N around one base square: every square within N of it (000 "Burst").

    Far bursts use this around their origin square. Sorted by (col, row); clipped to bounds.
    """
    if size < 0:
        raise ValueError("a burst size is 0 or more")
    return _rectangle(
        origin.col - size, origin.col + size, origin.row - size, origin.row + size, bounds
    )


def near_burst_squares(user: Space, size: int, bounds: GridBounds | None = None) -> list[Square]:
    """A Near burst N: every square within N of the user's space, the space included.

    000 "Near area": the power "originates in the user's space"; docs/rulings.md R-09: the
    user's space is part of the area (whether the user is *affected* depends on the
    power's targets).
    """
    if size < 0:
        raise ValueError("a burst size is 0 or more")
    squares = user.squares()
    # the union of bursts around the space's squares is one rectangle
    return _rectangle(
        min(s.col for s in squares) - size,
        max(s.col for s in squares) + size,
        min(s.row for s in squares) - size,
        max(s.row for s in squares) + size,
        bounds,
    )


def _rectangle(c0: int, c1: int, r0: int, r1: int, bounds: GridBounds | None) -> list[Square]:
    """The squares of columns c0..c1 and rows r0..r1, clipped to ``bounds``, by (col, row)."""
    if bounds is not None:
        # clip first: a huge burst on a small map stays cheap
        c0, c1 = max(c0, 0), min(c1, bounds.columns - 1)
        r0, r1 = max(r0, 0), min(r1, bounds.rows - 1)
    # generated in (col, row) order, already sorted
    return [Square(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def arc_squares(corner: Square, size: int) -> list[Square]:
    """The N x N block whose top-left square is `corner`, sorted."""
    return sorted(
        Square(corner.col + dc, corner.row + dr) for dc in range(size) for dr in range(size)
    )


def arc_placements(base: Square, size: int, user: Space | None = None) -> list[list[Square]]:
    """Every legal arc N around a base square (docs/rulings.md R-10).

    An N x N square whose squares are all within N of the base square, at least one of which
    touches it (side or corner), not covering the base square nor, for a Near arc, the user's
    space. The GM picks one.
    """
    if size < 1:
        raise ValueError("an arc size is 1 or more")
    placements: list[list[Square]] = []
    for c in range(base.col - size, base.col + 2):
        for r in range(base.row - size, base.row + 2):
            block = arc_squares(Square(c, r), size)
            if any(square_distance(s, base) > size for s in block):
                continue
            if base in block or not any(square_distance(s, base) == 1 for s in block):
                continue
            if user is not None and any(user.contains(s) for s in block):
                continue
            placements.append(block)
    return placements


def wall_area_problem(base: Square, squares: Sequence[Square], size: int) -> str | None:
    """Why some squares are not a legal wall N from a base square, or None when they are.

    docs/rulings.md R-11: the first square is adjacent to the base square; the squares form an
    edge-connected chain of N distinct squares, none with more than two edge-neighbours in the
    wall (000 "Wall").
    """
    if len(squares) != size:
        return f"a wall {size} has {size} squares, not {len(squares)}"
    if len(set(squares)) != len(squares):
        return "a square is listed twice"
    if not squares or square_distance(squares[0], base) != 1:
        return "the first square must be adjacent to the base square"
    chosen = set(squares)
    for sq in squares:
        edge_neighbours = sum(
            Square(sq.col + dc, sq.row + dr) in chosen
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )
        if size > 1 and edge_neighbours == 0:
            return f"square {tuple(sq)} shares no edge with another wall square"
        if edge_neighbours > 2:
            return f"square {tuple(sq)} shares more than two edges with other wall squares"
    # edge-connected
    todo = [squares[0]]
    reached = {squares[0]}
    while todo:
        sq = todo.pop()
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = Square(sq.col + dc, sq.row + dr)
            if nxt in chosen and nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    if len(reached) != len(chosen):
        return "the wall squares are not connected edge to edge"
    return None


def creatures_in_area(
    battlefield: Battlefield,
    squares: Iterable[Square],
    origin: Space,
    *,
    exclude: Iterable[str] = (),
) -> list[str]:
    """Ids of the creatures an area affects, sorted, each once (000 "Areas of effect").

    A creature is affected when some square of its space is in the area and line of effect runs
    from the origin (the origin square of a Far area, the user's space for a Near one) to one of
    those squares (000 "A Clear Path to the Target"). docs/rulings.md R-12: once,
    however many of its squares are inside.

    Args:
        battlefield: the map.
        squares: the area's squares.
        origin: where line of effect is traced from.
        exclude: ids left out (e.g. the user of a Near power whose targets exclude it).
    """
    area = set(squares)
    skip = set(exclude)
    owners: list[str] = []
    pairs: list[tuple[Space, tuple[float, float, float, float]]] = []
    for occ in battlefield.occupants:
        if occ.id in skip:
            continue
        inside = [s for s in occ.space.squares() if s in area]
        if not inside:
            continue
        if occ.size is Size.TINY:
            boxes = [occ.space.bounds()]
        else:
            boxes = [Space(s, Size.MEDIUM).bounds() for s in inside]
        for box in boxes:
            owners.append(occ.id)
            pairs.append((origin, box))
    # one vectorised pass for every (origin, square inside) pair
    shares = pair_shares(battlefield.effect_index, pairs)
    reached = {
        owner
        for owner, corner_shares in zip(owners, shares, strict=True)
        if any(share > _EPS for _, share in corner_shares)
    }
    return sorted(reached)


def nearest(battlefield: Battlefield, user_id: str, candidate_ids: Iterable[str]) -> list[str]:
    """The candidates at the shortest range from the user, sorted (000 "Nearest").

    "If the range to two or more targets is equal you can choose which is the nearest": all
    of the tied ones are returned for the GM or player to pick from.
    """
    user = battlefield.occupant(user_id)
    ranges = {
        cid: space_distance(user.space, battlefield.occupant(cid).space)
        for cid in candidate_ids
        if cid != user_id
    }
    if not ranges:
        return []
    best = min(ranges.values())
    return sorted(cid for cid, d in ranges.items() if d == best)


def far_origin_allowed(
    battlefield: Battlefield, user_id: str, origin: Square, range_squares: int
) -> bool:
    """Whether a Far area may originate in `origin` (000 "Far area", "Range").

    The origin square must be on the map, within range of the user's space, and the user must
    have line of effect to it (000 "A Clear Path to the Target").
    """
    user = battlefield.occupant(user_id)
    if not battlefield.bounds.contains(origin):
        return False
    target = Space(origin, Size.MEDIUM)
    if space_distance(user.space, target) > range_squares:
        return False
    return space_reaches_box(battlefield.effect_index, user.space, target.bounds())
