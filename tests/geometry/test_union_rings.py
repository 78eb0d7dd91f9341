"""`union_rings`: the party's fog of war as plain rings, the same region as shapely's union."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
import shapely
from shapely.geometry.base import BaseGeometry

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.features import Point, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.occupant_views import occupant_view_array
from orcus_desktop.geometry.view_union import union_rings


def odd_even_region(rings: Sequence[Sequence[Point]]) -> BaseGeometry:
    region: BaseGeometry = shapely.Polygon()
    for ring in rings:
        region = shapely.symmetric_difference(region, shapely.Polygon(ring))
    return region


def test_overlapping_boxes_and_a_hole() -> None:
    # Four boxes round a 1x1 hole: one outer ring and one hole.
    boxes = [
        (0.0, 0.0, 3.0, 1.0),
        (0.0, 2.0, 3.0, 3.0),
        (0.0, 0.0, 1.0, 3.0),
        (2.0, 0.0, 3.0, 3.0),
    ]
    rings = union_rings([], boxes)
    assert len(rings) == 2
    region = odd_even_region(rings)
    assert region.area == pytest.approx(8.0)
    assert not region.contains(shapely.Point(1.5, 1.5))


def test_degenerate_polygons_are_tolerated() -> None:
    assert union_rings([[(0.0, 0.0), (1.0, 1.0)], [(0.0, 0.0), (1.0, 1.0), (0.0, 0.0)]]) == ()
    # A spike and repeated points: the square is what is left.
    spiky = [(0.0, 0.0), (1.0, 0.0), (1.0, 0.0), (1.0, 0.5), (3.0, 0.5), (1.0, 0.5), (1.0, 1.0)]
    region = odd_even_region(union_rings([[*spiky, (0.0, 1.0)]]))
    assert region.area == pytest.approx(1.0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_views_of_a_party_among_random_walls(seed: int) -> None:
    rng = np.random.default_rng(seed)
    walls = []
    for _ in range(300):
        x, y = (int(v) for v in rng.integers(1, 49, 2))
        end = (float(x + int(rng.integers(1, 5))), float(y))
        if rng.random() < 0.5:
            end = (float(x), float(y + int(rng.integers(1, 5))))
        walls.append(Wall(WallKind.WALL, ((float(x), float(y)), end)))
    heroes = tuple(
        Occupant(f"h{i}", Space(Square(20 + 3 * i, 20 + 2 * i), Size.MEDIUM), "heroes")
        for i in range(4)
    )
    field = Battlefield(GridBounds(50, 50), tuple(walls), (), heroes)
    views = [occupant_view_array(field, h.id) for h in heroes]
    expected = shapely.union_all([shapely.make_valid(shapely.Polygon(v)) for v in views])
    region = odd_even_region(union_rings(views))
    assert shapely.symmetric_difference(region, expected).area < 1e-6
    assert region.area == pytest.approx(expected.area)
