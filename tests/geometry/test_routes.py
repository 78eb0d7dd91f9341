"""The GM's say in a walk's route (issue 28; `geometry/routes.py`, `geometry/paths.py`).

A wall of blocking squares at column 2, rows 3-5: from (0,4) to (4,4) the two cheapest walks
(6 squares each: no diagonal past a blocking corner) go round it, north by (2,2) or south by
(2,6).
"""

from __future__ import annotations

import pytest

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.paths import cheapest_path
from orcus_desktop.geometry.routes import Route
from orcus_desktop.vocabulary import MoveMode
from tests.geometry.builders import field, occ, patch

NORTH, SOUTH = Square(2, 2), Square(2, 6)
START, END = Square(0, 4), Square(4, 4)


def _field(*enemies: tuple[int, int]) -> Battlefield:
    return field(
        terrain=(patch(TerrainKind.BLOCKING, (2, 3), (2, 4), (2, 5)),),
        occupants=(
            occ("m", START.col, START.row),
            *(occ(f"e{i}", c, r, side="monsters") for i, (c, r) in enumerate(enemies)),
        ),
    )


@pytest.mark.parametrize(
    ("enemy", "way"),
    [((2, 7), NORTH), ((2, 1), SOUTH)],
    ids=["goblin-south-so-north", "goblin-north-so-south"],
)
def test_of_two_walks_as_short_the_one_that_provokes_no_one_wins(
    enemy: tuple[int, int], way: Square
) -> None:
    """R-02: leaving a square beside the goblin provokes it; the other way round provokes none.

    Each case is the mirror of the other, so one of them fails whichever side a search that
    ignores provoking prefers.
    """
    result = cheapest_path(_field(enemy), "m", END)
    assert result.cost == 6
    assert way in result.path
    assert result.provokes == ()


NORTH_TRAIL = frozenset(Square(c, r) for c, r in ((1, 3), (1, 2), (2, 2), (3, 2), (4, 3)))
SOUTH_TRAIL = frozenset(Square(c, r) for c, r in ((1, 5), (1, 6), (2, 6), (3, 6), (4, 5)))


def test_the_squares_the_drag_crossed_choose_between_walks_as_good() -> None:
    """The GM drags the goblin round the north side, then round the south side."""
    for way, trail in ((NORTH, NORTH_TRAIL), (SOUTH, SOUTH_TRAIL)):
        result = cheapest_path(_field(), "m", END, route=Route(trail=trail))
        assert result.cost == 6
        assert way in result.path


def test_the_drag_does_not_buy_a_provocation_when_a_walk_as_short_avoids_it() -> None:
    """The trail guides only among walks that provoke as few: the GM adds a waypoint to insist."""
    bf = _field((2, 7))
    dragged = cheapest_path(bf, "m", END, route=Route(trail=SOUTH_TRAIL))
    assert NORTH in dragged.path
    assert dragged.provokes == ()
    insisted = cheapest_path(bf, "m", END, route=Route(via=(SOUTH,)))
    assert SOUTH in insisted.path
    assert insisted.cost == 6
    assert insisted.provokes == ("e0",)


def test_waypoints_are_passed_in_order_and_their_legs_add_up() -> None:
    bf = _field()
    result = cheapest_path(bf, "m", END, route=Route(via=(Square(0, 8), Square(4, 8))))
    path = result.path
    assert path[0] == START
    assert path[-1] == END
    assert path.index(Square(0, 8)) < path.index(Square(4, 8))
    assert result.cost == 4 + 4 + 4
    assert result.cost == len(path) - 1
    assert not result.reachable  # speed 6: the waypoints made it too long for one move


def test_a_waypoint_the_mover_cannot_stand_on_gives_no_path() -> None:
    result = cheapest_path(_field(), "m", END, route=Route(via=(Square(2, 4),)))
    assert (result.cost, result.path) == (None, ())


def test_a_shift_is_not_steered() -> None:
    bf = _field((2, 7))
    assert cheapest_path(bf, "m", Square(1, 4), mode=MoveMode.SHIFT).cost == 1
