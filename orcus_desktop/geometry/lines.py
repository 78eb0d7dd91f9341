"""003's Lines between two squares: the shortest paths made of one or two straight segments.

003-02 (003 l.29-44 "5.2.2 Lines"): a Line is "one of the shortest paths between two points",
"composed of up to two straight segments: one in the horizontal or vertical direction, and
another in a diagonal direction"; "For any two points in the map, there will be one or two
Lines". With a diagonal counting 1 (003-01, 000's distance): squares in one row, column or
diagonal have one Line; any other pair has two, diagonal-then-orthogonal and
orthogonal-then-diagonal. Push, pull and slide follow them under 003 (003-44, docs/rulings.md
R-83).
"""

from __future__ import annotations

from orcus_desktop.geometry.grid import Square

Line = tuple[Square, ...]
"""The squares a Line passes, its start excluded and its end included (empty: start = end)."""


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _walk(start: Square, steps: tuple[tuple[int, int], ...]) -> Line:
    squares: list[Square] = []
    here = start
    for d_col, d_row in steps:
        here = here.offset(d_col, d_row)
        squares.append(here)
    return tuple(squares)


def lines_between(a: Square, b: Square) -> tuple[Line, ...]:
    """The one or two Lines from ``a`` to ``b`` (003-02), diagonal-first first.

    Every Line is ``max(|d_col|, |d_row|)`` squares long (a shortest path, 000's distance).
    """
    d_col, d_row = b.col - a.col, b.row - a.row
    diagonal_steps = min(abs(d_col), abs(d_row))
    straight_steps = max(abs(d_col), abs(d_row)) - diagonal_steps
    diagonal = (_sign(d_col), _sign(d_row))
    straight = (_sign(d_col), 0) if abs(d_col) > abs(d_row) else (0, _sign(d_row))
    diagonal_first = (diagonal,) * diagonal_steps + (straight,) * straight_steps
    if diagonal_steps == 0 or straight_steps == 0:
        return (_walk(a, diagonal_first),)
    straight_first = (straight,) * straight_steps + (diagonal,) * diagonal_steps
    return (_walk(a, diagonal_first), _walk(a, straight_first))
