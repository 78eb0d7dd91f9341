"""Fog of war kept per map state: a creature's view is swept once per viewpoint and map.

The view depends on the walls and the viewpoint alone (000 "Line of Sight": creatures do not
block sight), so another creature moving changes nothing, and a door opening changes it.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from orcus_desktop.geometry.features import WallKind
from orcus_desktop.geometry.occupant_views import occupant_view_array
from orcus_desktop.geometry.view_union import union_rings
from orcus_desktop.geometry.visibility import visibility_polygon_array
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


def _region(rings: tuple[tuple[tuple[float, float], ...], ...]) -> BaseGeometry:
    region: BaseGeometry = shapely.Polygon()
    for ring in rings:
        region = shapely.symmetric_difference(region, shapely.Polygon(ring))
    return region


def test_a_party_union_kept_in_parts_follows_each_change_of_one_view() -> None:
    # 24 triangles and 4 boxes: enough for the kept tree of unions.
    triangles = [
        np.asarray([(i, 0.0), (i + 1.5, 0.0), (i + 0.5, 2.0 + i % 3)], dtype=np.float64)
        for i in range(24)
    ]
    boxes = [(float(i * 6), 5.0, float(i * 6 + 2), 7.0) for i in range(4)]
    for moved in range(3):
        if moved:
            triangles[5 * moved] = triangles[5 * moved] + (0.25, 3.0)
        fresh = shapely.union_all(
            [shapely.Polygon(t) for t in triangles] + [shapely.box(*b) for b in boxes]
        )
        kept = _region(union_rings(triangles, boxes))
        assert shapely.symmetric_difference(kept, fresh).area < 1e-9
