"""003's Lines (003-02, 003 l.29-44 "5.2.2 Lines") and pushes along them (003-44)."""

from __future__ import annotations

import itertools

from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import Square, square_distance, squares_adjacent
from orcus_desktop.geometry.lines import lines_between
from orcus_desktop.vocabulary import ForcedMovementKind
from tests.geometry.builders import field, occ


def test_aligned_squares_have_one_line_the_others_two() -> None:
    # 003 l.41 "For any two points in the map, there will be one or two Lines".
    a = Square(2, 2)
    assert lines_between(a, Square(5, 2)) == ((Square(3, 2), Square(4, 2), Square(5, 2)),)
    assert lines_between(a, Square(0, 0)) == ((Square(1, 1), Square(0, 0)),)
    assert lines_between(a, Square(2, -1)) == ((Square(2, 1), Square(2, 0), Square(2, -1)),)
    # "up to two straight segments: one in the horizontal or vertical direction, and another
    # in a diagonal direction": diagonal-then-orthogonal, orthogonal-then-diagonal.
    assert lines_between(a, Square(5, 3)) == (
        (Square(3, 3), Square(4, 3), Square(5, 3)),
        (Square(3, 2), Square(4, 2), Square(5, 3)),
    )
    assert lines_between(a, a) == ((),)


def test_every_line_is_a_shortest_path_of_neighbouring_squares() -> None:
    # 003 l.31 "A Line between two points is one of the shortest paths between two points".
    a = Square(0, 0)
    for b in itertools.product(range(-4, 5), repeat=2):
        end = Square(*b)
        lines = lines_between(a, end)
        assert len(lines) in (1, 2)
        for line in lines:
            assert len(line) == square_distance(a, end)
            assert all(squares_adjacent(x, y) for x, y in itertools.pairwise((a, *line)))
            if line:
                assert line[-1] == end


def test_a_push_along_lines_cannot_go_round_an_obstacle() -> None:
    """003-44 pick (docs/rulings.md R-83): 000's "away from the attacker" and a Line."""
    attacker, target = occ("a", 5, 5), occ("t", 6, 5, side="monsters")
    bf = field(occupants=(attacker, target, occ("x", 7, 5, side="monsters")))
    free = forced_destinations(bf, "t", ForcedMovementKind.PUSH, 3, source_id="a")
    lined = forced_destinations(
        bf, "t", ForcedMovementKind.PUSH, 3, source_id="a", along_lines=True
    )
    # 000 goes round the block: (7,6) (8,5) (9,5); 003's only Line to (9,5) is straight.
    assert Square(9, 5) in free
    assert Square(9, 5) not in lined
    assert set(lined) < set(free)
    for square, path in lined.items():
        assert path in lines_between(Square(6, 5), square)
    # (9,6): the straight-first Line is blocked, the diagonal-first one is taken.
    assert lined[Square(9, 6)] == (Square(7, 6), Square(8, 6), Square(9, 6))


def test_a_slide_along_lines_reaches_what_a_line_reaches() -> None:
    bf = field(occupants=(occ("t", 6, 5),))
    free = forced_destinations(bf, "t", ForcedMovementKind.SLIP, 2)
    lined = forced_destinations(bf, "t", ForcedMovementKind.SLIP, 2, along_lines=True)
    assert set(lined) == set(free)  # open ground: every square within 2 has a Line
    assert all(path in lines_between(Square(6, 5), sq) for sq, path in lined.items())
