"""Areas: burst, arc, wall and the creatures they affect (000 "Areas of effect";
docs/rulings.md R-10, R-11, R-09, R-12)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.areas import (
    arc_placements,
    burst_squares,
    creatures_in_area,
    far_origin_allowed,
    near_burst_squares,
    nearest,
    wall_area_problem,
)
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square, square_distance
from tests.geometry.builders import field, occ, wall


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 12), col=st.integers(12, 30), row=st.integers(12, 30))
def test_burst_has_2n_plus_1_squared_squares_on_an_open_map(n: int, col: int, row: int) -> None:
    # 000 "Burst": "a 'burst 2' will affect the base square and each square within two squares"
    squares = burst_squares(Square(col, row), n, GridBounds(50, 50))
    assert len(squares) == (2 * n + 1) ** 2
    assert all(square_distance(s, Square(col, row)) <= n for s in squares)


def test_burst_is_clipped_to_the_map() -> None:
    assert len(burst_squares(Square(0, 0), 2, GridBounds(10, 10))) == 9


def test_near_burst_includes_the_users_space() -> None:
    # docs/rulings.md R-09
    user = Space(Square(5, 5), Size.LARGE)
    squares = near_burst_squares(user, 1)
    assert len(squares) == 16
    assert all(s in squares for s in user.squares())


def test_arc_placements() -> None:
    # 000 "Arc": "an 'arc 2' will create an area two squares on each side (four squares total).
    # The area of effect is adjacent to the area's base square." docs/rulings.md R-10.
    placements = arc_placements(Square(5, 5), 2)
    assert placements
    for block in placements:
        assert len(block) == 4
        assert Square(5, 5) not in block
        assert any(square_distance(s, Square(5, 5)) == 1 for s in block)
        assert all(square_distance(s, Square(5, 5)) <= 2 for s in block)
    # an arc 1 is any one of the 8 neighbours
    assert len(arc_placements(Square(5, 5), 1)) == 8


WALL_AREA = [
    # (squares, problem expected?, why) for a wall 3 from base square (0, 0)
    ([(1, 0), (2, 0), (3, 0)], False, "a straight line"),
    ([(1, 1), (2, 1), (2, 2)], False, "a bent chain"),
    ([(3, 0), (4, 0), (5, 0)], True, "the first square is not adjacent to the base square"),
    ([(1, 0), (3, 0), (4, 0)], True, '"must share an edge with at least one other square"'),
    ([(1, 0), (2, 1), (3, 2)], True, "corners only: no shared edges"),
    ([(1, 0), (1, 0), (2, 0)], True, "a square twice"),
]


@pytest.mark.parametrize(("squares", "bad", "why"), WALL_AREA)
def test_wall_area(squares: list[tuple[int, int]], bad: bool, why: str) -> None:
    problem = wall_area_problem(Square(0, 0), [Square(*s) for s in squares], 3)
    assert (problem is not None) is bad, why


def test_wall_area_no_square_with_three_edge_neighbours() -> None:
    # 000 "Wall": "may not share more than two edges with other squares"
    squares = [Square(1, 1), Square(2, 1), Square(3, 1), Square(2, 0)]
    assert wall_area_problem(Square(0, 1), squares, 4) is not None


def test_large_creature_is_affected_once_and_only_with_line_of_effect() -> None:
    ogre = occ("ogre", 4, 4, side="monsters", size=Size.LARGE)
    hidden = occ("hidden", 1, 5, side="monsters")
    bf = field(12, 12, (wall((2, 3), (2, 9)),), (), (ogre, hidden))
    squares = burst_squares(Square(4, 5), 3)
    # the ogre has three squares inside: one id; the other is in the area but behind the wall
    assert creatures_in_area(bf, squares, Space(Square(4, 5), Size.MEDIUM)) == ["ogre"]


def test_far_origin_needs_range_and_line_of_effect() -> None:
    bf = field(12, 12, (wall((5, 0), (5, 12)),), (), (occ("mage", 0, 0),))
    assert far_origin_allowed(bf, "mage", Square(4, 4), 10)
    assert not far_origin_allowed(bf, "mage", Square(7, 4), 10)
    assert not far_origin_allowed(bf, "mage", Square(4, 4), 3)


def test_nearest_returns_every_tie() -> None:
    # 000 "Nearest": "If the range to two or more targets is equal you can choose"
    bf = field(
        occupants=(
            occ("me", 5, 5),
            occ("a", 7, 5, side="m"),
            occ("b", 3, 7, side="m"),
            occ("c", 9, 9, side="m"),
            occ("big", 7, 7, side="m", size=Size.LARGE),
        )
    )
    assert nearest(bf, "me", ["a", "b", "c", "big", "me"]) == ["a", "b", "big"]
    assert nearest(bf, "me", []) == []


def test_huge_burst_on_a_small_map_is_the_map() -> None:
    squares = burst_squares(Square(3, 3), 10_000, GridBounds(8, 6))
    assert squares == sorted(GridBounds(8, 6).squares())
