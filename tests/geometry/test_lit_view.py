"""The players' fog on lit maps equals its definition (docs/rulings.md R-62, issue 33).

R-62: a viewer sees the part of its visibility polygon over the squares it perceives lit. The
fast path cuts the viewers' polygons with each light's own lit shape, near them only; these
tests hold it to the plain definition: each polygon intersected with the whole map's lit squares.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.light import Illumination, LightArea, LightingScene, Senses
from orcus_desktop.geometry.lit_view import lit_view_rings, perceived_lit
from orcus_desktop.geometry.occupant_views import occupant_view_array
from orcus_desktop.geometry.view_union import Ring
from tests.geometry.builders import wall


def reference(field: Battlefield, viewers: list[Occupant]) -> shapely.Geometry:
    """R-62 as written: each viewer's polygon cut to all its lit squares, unioned."""
    shapes = []
    for viewer in viewers:
        polygon = shapely.make_valid(shapely.Polygon(occupant_view_array(field, viewer.id)))
        rows, cols = np.nonzero(perceived_lit(field, viewer))
        lit = shapely.union_all(shapely.box(cols, rows, cols + 1, rows + 1))
        shapes.append(shapely.intersection(polygon, lit))
    return shapely.union_all(shapes)


def as_shape(rings: tuple[Ring, ...]) -> shapely.Geometry:
    """Odd-even rings as one shape (the fog fills them so)."""
    shape: shapely.Geometry = shapely.Polygon()
    for ring in rings:
        shape = shapely.symmetric_difference(shape, shapely.Polygon(ring))
    return shape


def random_field(rng: random.Random, ambient: Illumination, darkness: bool) -> Battlefield:
    """30x30, free-angle walls, a dozen lights, six viewers (one with darkvision)."""
    walls = []
    for _ in range(40):
        x, y = rng.uniform(0, 30), rng.uniform(0, 30)
        walls.append(wall((x, y), (x + rng.uniform(-5, 5), y + rng.uniform(-5, 5))))
    lights = tuple(
        LightArea(
            Space(Square(rng.randrange(30), rng.randrange(30)), Size.MEDIUM),
            bright=(b := rng.randrange(0, 4)),
            dim=b + rng.randrange(0, 4),
        )
        for _ in range(12)
    )
    viewers = tuple(
        Occupant(
            f"v{i}",
            Space(Square(rng.randrange(30), rng.randrange(30)), Size.MEDIUM),
            "heroes",
            senses=Senses(darkvision=4) if i == 5 else Senses(),
        )
        for i in range(6)
    )
    squares = frozenset(Square(rng.randrange(30), rng.randrange(30)) for _ in range(40))
    return Battlefield(
        GridBounds(30, 30),
        walls=tuple(walls),
        occupants=viewers,
        lighting=LightingScene(ambient, lights, squares if darkness else frozenset()),
    )


@pytest.mark.parametrize(
    ("ambient", "darkness"),
    [(Illumination.DARK, False), (Illumination.DARK, True), (Illumination.DIM, False)],
)
@pytest.mark.parametrize("seed", range(6))
def test_the_seen_region_of_a_lit_map_is_each_polygon_cut_to_its_lit_squares(
    seed: int, ambient: Illumination, darkness: bool
) -> None:
    field = random_field(random.Random(seed), ambient, darkness)
    viewers = list(field.occupants)
    polygons = [occupant_view_array(field, v.id) for v in viewers]
    got = as_shape(lit_view_rings(field, viewers, polygons))
    want = reference(field, viewers)
    assert shapely.area(shapely.symmetric_difference(got, want)) < 1e-6
    assert shapely.area(got) > 0 or shapely.area(want) == 0


def test_a_torch_carried_by_a_viewer_moves_its_lit_shape_with_it() -> None:
    # The light shapes are kept per map state and light: the moved torch is a new light.
    rng = random.Random(3)
    field = random_field(rng, Illumination.DARK, False)
    viewer = field.occupants[0]
    for col in (4, 5, 6):
        space = Space(Square(col, viewer.space.origin.row), Size.MEDIUM)
        moved = Occupant(viewer.id, space, "heroes")
        lights = (*field.lighting.lights[1:], LightArea(space, 2, 4))  # type: ignore[union-attr]
        step = Battlefield(
            field.bounds,
            walls=field.walls,
            occupants=(moved, *field.occupants[1:]),
            lighting=LightingScene(Illumination.DARK, lights),
        )
        viewers = list(step.occupants)
        got = as_shape(
            lit_view_rings(step, viewers, [occupant_view_array(step, v.id) for v in viewers])
        )
        assert shapely.area(shapely.symmetric_difference(got, reference(step, viewers))) < 1e-6


@pytest.mark.parametrize("seed", range(4))
def test_a_torch_moved_square_by_square_lights_the_viewers_as_the_definition_does(
    seed: int,
) -> None:
    """Issue 33: the viewers' union is cut again with the moved torch's shape alone; the
    other lights' cuts are kept. Every step still equals R-62 worked out in full."""
    rng = random.Random(seed)
    field = random_field(rng, Illumination.DARK, False)
    viewers = [o for o in field.occupants if o.senses == Senses()]
    scene = field.lighting
    assert scene is not None
    torch = scene.lights[0]
    for step in range(6):
        origin = torch.space.origin
        moved = LightArea(Space(Square(min(29, origin.col + step), origin.row), Size.MEDIUM), 2, 4)
        lit = Battlefield(
            field.bounds,
            walls=field.walls,
            occupants=field.occupants,
            lighting=LightingScene(Illumination.DARK, (moved, *scene.lights[1:])),
        )
        got = as_shape(
            lit_view_rings(lit, viewers, [occupant_view_array(lit, v.id) for v in viewers])
        )
        assert shapely.area(shapely.symmetric_difference(got, reference(lit, viewers))) < 1e-6
