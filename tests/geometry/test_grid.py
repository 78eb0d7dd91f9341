"""Squares, spaces, adjacency and distance (000 "The Grid", "Creature Size", "Range")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.grid import (
    Size,
    Space,
    Square,
    space_distance,
    spaces_adjacent,
    square_distance,
    squares_adjacent,
)

ADJACENCY = [
    # 000 "The Grid": "Two squares are adjacent if they have at least one corner in common."
    ((0, 0), (1, 0), True),
    ((0, 0), (1, 1), True),
    ((0, 0), (2, 0), False),
    ((0, 0), (0, 0), False),
]


@pytest.mark.parametrize(("a", "b", "adjacent"), ADJACENCY)
def test_adjacency(a: tuple[int, int], b: tuple[int, int], adjacent: bool) -> None:
    assert squares_adjacent(Square(*a), Square(*b)) is adjacent


DISTANCE = [
    # 000 "Range": "Remember that diagonal squares are adjacent to one another when you count
    # range." Diagonals count 1.
    ((0, 0), Size.MEDIUM, (3, 3), Size.MEDIUM, 3),
    ((0, 0), Size.MEDIUM, (5, 1), Size.MEDIUM, 5),
    ((0, 0), Size.LARGE, (3, 0), Size.MEDIUM, 2),
    ((0, 0), Size.HUGE, (3, 3), Size.MEDIUM, 1),
    ((0, 0), Size.GARGANTUAN, (2, 2), Size.TINY, 0),
]


@pytest.mark.parametrize(("a", "sa", "b", "sb", "d"), DISTANCE)
def test_space_distance(
    a: tuple[int, int], sa: Size, b: tuple[int, int], sb: Size, d: int
) -> None:
    assert space_distance(Space(Square(*a), sa), Space(Square(*b), sb)) == d


@pytest.mark.parametrize(
    ("size", "squares"),
    [
        (Size.TINY, 1),
        (Size.SMALL, 1),
        (Size.MEDIUM, 1),
        (Size.LARGE, 4),
        (Size.HUGE, 9),
        (Size.GARGANTUAN, 16),
    ],
)
def test_space_by_size(size: Size, squares: int) -> None:
    # 000 Table - Size Categories: large 2x2, huge 3x3, gargantuan 4x4; tiny shares a square.
    assert len(Space(Square(2, 2), size).squares()) == squares


cells = st.tuples(st.integers(-50, 50), st.integers(-50, 50)).map(lambda t: Square(*t))
sizes = st.sampled_from(list(Size))


@settings(max_examples=100, deadline=None)
@given(a=cells, b=cells, sa=sizes, sb=sizes)
def test_distance_is_symmetric(a: Square, b: Square, sa: Size, sb: Size) -> None:
    assert square_distance(a, b) == square_distance(b, a)
    assert space_distance(Space(a, sa), Space(b, sb)) == space_distance(Space(b, sb), Space(a, sa))
    assert spaces_adjacent(Space(a, sa), Space(b, sb)) == spaces_adjacent(
        Space(b, sb), Space(a, sa)
    )
