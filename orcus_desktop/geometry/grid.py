"""Squares, sizes, spaces, adjacency and distance on the square grid.

Coordinates (docs/design.md#coordinates): square (col, row) covers x in [col, col+1],
y in [row, row+1] in grid units; y grows downward; corners are integer points. A creature's
position is the top-left square of its space.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from orcus_desktop.vocabulary import RankedStrEnum


class Square(NamedTuple):
    """One grid square, addressed by column and row (top-left is (0, 0))."""

    col: int
    row: int

    def offset(self, d_col: int, d_row: int) -> Square:
        return Square(self.col + d_col, self.row + d_row)

    def corners(self) -> tuple[tuple[int, int], ...]:
        """The four corner points of the square, clockwise from top-left."""
        c, r = self.col, self.row
        return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))

    def center(self) -> tuple[float, float]:
        return (self.col + 0.5, self.row + 0.5)


class Size(RankedStrEnum):
    """Creature size category (000 "Creature Size", Table - Size Categories).

    ``rank``: the order of the categories, for "two sizes larger or smaller" (000).
    """

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"

    @property
    def side_squares(self) -> int:
        """Squares along one side of the space; a tiny creature controls one square's share."""
        return _SIDE_SQUARES[self]

    @property
    def side_units(self) -> float:
        """Side of the space in grid units: tiny is 0.5 x 0.5 (000 Table - Size Categories)."""
        return 0.5 if self is Size.TINY else float(self.side_squares)


_SIDE_SQUARES: Final = {
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
}


class Space(NamedTuple):
    """The squares a creature controls: its top-left square and its size."""

    origin: Square
    size: Size

    @property
    def side(self) -> int:
        return self.size.side_squares

    def squares(self) -> tuple[Square, ...]:
        """Every square of the space, row by row."""
        c, r, n = self.origin.col, self.origin.row, self.side
        return tuple(Square(c + dc, r + dr) for dr in range(n) for dc in range(n))

    def bounds(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) of the space in grid units.

        A tiny creature's space is the centred half of its square (000: 0.5 x 0.5).
        """
        c, r = self.origin.col, self.origin.row
        if self.size is Size.TINY:
            return (c + 0.25, r + 0.25, c + 0.75, r + 0.75)
        n = self.side
        return (float(c), float(r), float(c + n), float(r + n))

    def contains(self, square: Square) -> bool:
        n = self.side
        return (
            self.origin.col <= square.col < self.origin.col + n
            and self.origin.row <= square.row < self.origin.row + n
        )


def square_distance(a: Square, b: Square) -> int:
    """Squares counted between two squares, diagonals counting 1 (000 "Movement and Position")."""
    return max(abs(a.col - b.col), abs(a.row - b.row))


def space_distance(a: Space, b: Space) -> int:
    """Distance between the nearest squares of two spaces; adjacent spaces are 1 apart."""
    a_min_c, a_min_r = a.origin
    a_max_c, a_max_r = a_min_c + a.side - 1, a_min_r + a.side - 1
    b_min_c, b_min_r = b.origin
    b_max_c, b_max_r = b_min_c + b.side - 1, b_min_r + b.side - 1
    d_col = max(0, b_min_c - a_max_c, a_min_c - b_max_c)
    d_row = max(0, b_min_r - a_max_r, a_min_r - b_max_r)
    return max(d_col, d_row)


def squares_adjacent(a: Square, b: Square) -> bool:
    """000 "The Grid": two squares are adjacent if they have at least one corner in common."""
    return a != b and square_distance(a, b) == 1


def spaces_adjacent(a: Space, b: Space) -> bool:
    """Two spaces are adjacent when some square of one is adjacent to some square of the other."""
    return space_distance(a, b) == 1


def neighbours(square: Square) -> Iterator[Square]:
    """The eight squares adjacent to `square`."""
    for d_row in (-1, 0, 1):
        for d_col in (-1, 0, 1):
            if d_col or d_row:
                yield square.offset(d_col, d_row)


class GridBounds(NamedTuple):
    """The map's extent in squares: columns 0..columns-1, rows 0..rows-1."""

    columns: int
    rows: int

    def contains(self, square: Square) -> bool:
        return 0 <= square.col < self.columns and 0 <= square.row < self.rows

    def contains_space(self, space: Space) -> bool:
        return all(self.contains(s) for s in space.squares())

    def squares(self) -> Iterator[Square]:
        for row in range(self.rows):
            for col in range(self.columns):
                yield Square(col, row)


def squares_bounding_box(squares: Iterable[Square]) -> tuple[int, int, int, int] | None:
    """(min_col, min_row, max_col, max_row) of some squares, or None when there are none."""
    cols: list[int] = []
    rows: list[int] = []
    for s in squares:
        cols.append(s.col)
        rows.append(s.row)
    if not cols:
        return None
    return (min(cols), min(rows), max(cols), max(rows))
