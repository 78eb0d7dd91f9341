"""Fog of war kept per map state: a creature's view is swept once per viewpoint and map.

The view depends on the walls and the viewpoint alone (000 "Line of Sight": creatures do not
block sight), so another creature moving changes nothing, and a door opening changes it.
"""

from __future__ import annotations

import shapely

from orcus_desktop.geometry.features import WallKind
from orcus_desktop.geometry.visibility import occupant_view_array, visibility_polygon_array
from tests.geometry.builders import field, occ
from tests.geometry.builders import wall as make_wall


def test_a_view_is_shared_while_the_map_stays_and_swept_again_when_a_door_opens() -> None:
    door = make_wall((10, 0), (10, 20), kind=WallKind.DOOR)
    closed = field(20, 20, (door,), (), (occ("a", 3, 4), occ("b", 15, 4)))
    first = occupant_view_array(closed, "a")
    assert not first.flags.writeable
    moved = closed.with_occupants((occ("a", 3, 4), occ("b", 16, 9)))
    assert occupant_view_array(moved, "a") is first
    fresh = visibility_polygon_array((3.5, 4.5), closed.sight_index, closed.map_box())
    assert shapely.Polygon(first).equals(shapely.Polygon(fresh))
    opened = field(20, 20, (make_wall((10, 0), (10, 20), kind=WallKind.DOOR, is_open=True),))
    opened = opened.with_occupants((occ("a", 3, 4),))
    assert shapely.Polygon(first).area == 200.0
    assert shapely.Polygon(occupant_view_array(opened, "a")).area == 400.0
