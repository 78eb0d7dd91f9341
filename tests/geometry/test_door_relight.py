"""A door opened or closed relights only the lights it can reach (issue 33), exactly.

000 "Vision and Light": walls and closed doors block light as they block sight (R-60). The
lights' lit squares of the map state before the door changed are kept for the lights whose
window the door does not reach; these tests hold the result to lighting worked out afresh.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
import shapely

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.light import Illumination, LightArea, LightingScene
from orcus_desktop.geometry.lighting import light_levels, lit_patch
from orcus_desktop.geometry.lit_view import lit_view_rings
from orcus_desktop.geometry.occupant_views import occupant_view_array
from tests.geometry.builders import occ, wall
from tests.geometry.test_lit_view import as_shape


def cave(rng: random.Random) -> tuple[list[Wall], tuple[LightArea, ...]]:
    """40x40: free-angle walls, some crossing, eight doors, twenty lights."""
    walls = []
    for i in range(60):
        x, y = rng.uniform(0, 40), rng.uniform(0, 40)
        end = (x + rng.uniform(-6, 6), y + rng.uniform(-6, 6))
        kind = WallKind.DOOR if i % 8 == 0 else WallKind.WALL
        walls.append(wall((x, y), end, kind=kind, is_open=rng.random() < 0.5))
    lights = tuple(
        LightArea(Space(Square(rng.randrange(40), rng.randrange(40)), Size.MEDIUM), 2, 5)
        for _ in range(20)
    )
    return walls, lights


def field(walls: list[Wall], lights: tuple[LightArea, ...]) -> Battlefield:
    return Battlefield(
        GridBounds(40, 40),
        walls=tuple(walls),
        occupants=(occ("hero", 20, 20), occ("friend", 8, 30)),
        lighting=LightingScene(Illumination.DARK, lights),
    )


def afresh(walls: list[Wall]) -> list[Wall]:
    """The same walls as new values: a map state nothing is carried into."""
    return [Wall(w.kind, w.points, w.is_open) for w in walls]


@pytest.mark.parametrize("seed", range(8))
def test_a_door_toggled_lights_the_map_as_lighting_it_afresh_does(seed: int) -> None:
    rng = random.Random(seed)
    walls, lights = cave(rng)
    before = field(walls, lights)
    light_levels(before)
    occupant_view_array(before, "hero")
    for door in [i for i, w in enumerate(walls) if w.kind is WallKind.DOOR]:
        walls = list(walls)
        walls[door] = replace(walls[door], is_open=not walls[door].is_open)
        after = field(walls, lights)
        fresh = field(afresh(walls), lights)
        assert np.array_equal(light_levels(after), light_levels(fresh))
        viewers = list(after.occupants)
        for v in viewers:  # a view the door cannot reach is kept; it is the same as afresh
            assert np.allclose(occupant_view_array(after, v.id), occupant_view_array(fresh, v.id))
        got = lit_view_rings(after, viewers, [occupant_view_array(after, v.id) for v in viewers])
        want = lit_view_rings(fresh, viewers, [occupant_view_array(fresh, v.id) for v in viewers])
        assert shapely.area(shapely.symmetric_difference(as_shape(got), as_shape(want))) < 1e-9


def test_a_door_far_from_a_light_keeps_its_lit_squares_and_a_near_one_relights_it() -> None:
    door = wall((30.0, 30.0), (32.0, 30.0), kind=WallKind.DOOR)
    near = LightArea(Space(Square(31, 28), Size.MEDIUM), 2, 4)
    far = LightArea(Space(Square(5, 5), Size.MEDIUM), 2, 4)
    before = field([door, wall((0.0, 20.0), (10.0, 22.0))], (near, far))
    light_levels(before)
    after = field([replace(door, is_open=True), before.walls[1]], (near, far))
    light_levels(after)
    assert lit_patch(after, far) is lit_patch(before, far)  # kept, not worked out again
    assert lit_patch(after, near) is not lit_patch(before, near)
    # under the closed door the near light did not reach row 30's far side; open, it does
    assert light_levels(before)[31, 31] == Illumination.DARK
    assert light_levels(after)[31, 31] != Illumination.DARK


def test_a_wall_added_or_many_doors_changed_light_the_map_afresh() -> None:
    """Only a few walls changed in place carry lights over; any other map change starts cold."""
    doors = [wall((30.0 + i, 30.0), (31.0 + i, 30.0), kind=WallKind.DOOR) for i in range(6)]
    far = LightArea(Space(Square(5, 5), Size.MEDIUM), 2, 4)
    before = field(doors, (far,))
    light_levels(before)
    added = field([*doors, wall((35.0, 35.0), (36.0, 36.0))], (far,))
    light_levels(added)
    assert lit_patch(added, far) is not lit_patch(before, far)
    many = field([replace(d, is_open=True) for d in doors], (far,))
    light_levels(many)
    assert lit_patch(many, far) is not lit_patch(before, far)
    assert np.array_equal(
        light_levels(many), light_levels(field(afresh(list(many.walls)), (far,)))
    )
