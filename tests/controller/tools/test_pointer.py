"""Pointer events, hit testing and the square under a dropped token (docs/design.md#tools)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orcus_desktop.controller.tools.pointer import (
    PointerKind,
    creature_at,
    drop_square,
    straight_squares,
    wall_at,
)
from orcus_desktop.geometry.grid import Size, Square, square_distance
from tests.controller.tools.builders import ev, make_session, squares


def test_pointer_event_square_and_corner() -> None:
    event = ev(PointerKind.MOVE, 3.7, 2.2)
    assert event.square == Square(3, 2)
    assert event.corner == (4, 2)


def test_hit_tests() -> None:
    enc = make_session().encounter
    assert creature_at(enc, (1.5, 1.5)) is not None
    assert creature_at(enc, (8.9, 6.9)).id == "ogre"  # type: ignore[union-attr]
    assert creature_at(enc, (5.5, 5.5)) is None
    assert wall_at(enc, (9.1, 1.0)) == "door"
    assert wall_at(enc, (9.5, 1.0)) is None


def test_straight_squares_counts_diagonals_as_one() -> None:
    path = straight_squares(Square(0, 0), Square(3, 1))
    assert len(path) == 4
    assert path[0] == Square(0, 0)
    assert path[-1] == Square(3, 1)


@given(squares, squares)
def test_measuring_path_steps_one_square_at_a_time(a: Square, b: Square) -> None:
    path = straight_squares(a, b)
    assert path[0] == a
    assert path[-1] == b
    assert len(path) == square_distance(a, b) + 1  # 000: diagonals count 1
    assert all(square_distance(p, q) == 1 for p, q in itertools.pairwise(path))


@pytest.mark.parametrize(
    ("size", "point", "square"),
    [
        (Size.MEDIUM, (3.7, 4.2), Square(3, 4)),
        (Size.LARGE, (3.7, 4.2), Square(3, 3)),
        (Size.HUGE, (3.7, 4.2), Square(2, 3)),
    ],
)
def test_drop_square_centres_the_space(
    size: Size, point: tuple[float, float], square: Square
) -> None:
    assert drop_square(size, point) == square


@given(
    st.sampled_from(list(Size)),
    st.floats(min_value=0, max_value=50, allow_nan=False),
    st.floats(min_value=0, max_value=50, allow_nan=False),
)
def test_drop_square_puts_the_pointer_inside_or_beside_the_space(
    size: Size, x: float, y: float
) -> None:
    square = drop_square(size, (x, y))
    side = size.side_squares
    # The pointer lies within half a square of the space's centre on each axis.
    assert abs(square.col + side / 2 - x) <= 0.5 + 1e-9
    assert abs(square.row + side / 2 - y) <= 0.5 + 1e-9
