"""GM-drawn walls stay on the map (issue 12: coordinates checked on input as on load).

A wall off the grid, with no length, or with a point that is not a number is refused with one
line; the map and the undo history are untouched, and everything drawn saves and reopens.
"""

from __future__ import annotations

import math

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.model.file_format import limits
from orcus_desktop.model.file_format.read_encounter import encounter_from_dict
from orcus_desktop.model.file_format.write import encounter_to_dict
from tests.controller.tools.builders import make_session

# make_session's grid is 12 x 10 squares and holds one door.


@pytest.mark.parametrize(
    ("points", "reason"),
    [
        (((3.0, 2.0), (13.0, 2.0)), "the wall leaves the map at (13, 2); the grid is 12 x 10"),
        (((-1.0, 0.0), (3.0, 0.0)), "the wall leaves the map at (-1, 0); the grid is 12 x 10"),
        (((1e8, 1e8), (3.0, 0.0)), "the wall leaves the map at (1e+08, 1e+08)"),
        (((2.0, 2.0), (2.0, 2.0)), "a wall needs two different points"),
        (((math.nan, 2.0), (4.0, 2.0)), "a wall's points must be finite numbers"),
        (((1.0, 1.0), (math.inf, 2.0)), "a wall's points must be finite numbers"),
    ],
)
def test_a_wall_off_the_map_degenerate_or_not_finite_is_refused(
    points: tuple[tuple[float, float], ...], reason: str
) -> None:
    session = make_session()
    before = session.encounter
    result = session.run(editing.add_wall, Wall(WallKind.WALL, points))
    assert not result.ok
    assert reason in result.reason
    assert "\n" not in result.reason
    assert session.encounter is before
    assert not session.history.can_undo


def test_a_wall_on_the_grid_edge_is_added_and_saves_and_reopens() -> None:
    session = make_session()
    result = session.run(
        editing.add_wall, Wall(WallKind.WINDOW, ((0.0, 0.0), (12.0, 0.0), (12.0, 10.0)))
    )
    assert result.ok
    assert result.created_id is not None
    assert session.encounter.wall(result.created_id).wall.kind is WallKind.WINDOW
    reopened = encounter_from_dict(encounter_to_dict(session.encounter))
    assert reopened.walls == session.encounter.walls


def test_the_wall_count_limit_holds_for_drawn_walls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("orcus_desktop.controller.editing.editing.MAX_WALLS", 2)
    session = make_session()  # one door already
    assert session.run(editing.add_wall, Wall(WallKind.WALL, ((1.0, 1.0), (2.0, 1.0)))).ok
    refused = session.run(editing.add_wall, Wall(WallKind.WALL, ((1.0, 2.0), (2.0, 2.0))))
    assert refused.reason == "the map holds at most 2 walls"
    assert limits.MAX_WALLS >= 20_000
