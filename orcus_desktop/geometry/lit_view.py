"""What viewers see of a lit map: their visibility polygons cut to the squares they perceive.

000 "Vision and Light": a creature sees normally in bright light, and dim light is only lightly
obscured, but darkness is heavily obscured. For the fog of war a viewer sees the part of its
visibility polygon (`visibility.occupant_view_array`) over squares it perceives lit
(`lighting.perceived_levels`: not dark, with its senses); docs/rulings.md R-62.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.grid import Space, space_distance
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.geometry.lighting import perceived_levels
from orcus_desktop.geometry.visibility import Ring, geometry_rings
from orcus_desktop.geometry.walls import BoolArray, FloatArray

Box = tuple[float, float, float, float]


def perceived_lit(battlefield: Battlefield, viewer: Occupant) -> BoolArray:
    """(rows, columns): True where the viewer perceives the square as lit (dim or bright)."""
    lit: BoolArray = perceived_levels(battlefield, viewer) != Illumination.DARK
    return lit


def perceives_space(battlefield: Battlefield, viewer: Occupant, space: Space) -> bool:
    """Whether some square of `space` is lit to the viewer, or the space is next to it.

    An adjacent creature in darkness is perceived (000 "Vision and Light": it has only partial
    concealment there).
    """
    if space_distance(viewer.space, space) <= 1:
        return True
    lit = perceived_lit(battlefield, viewer)
    bounds = battlefield.bounds
    return any(bounds.contains(s) and bool(lit[s.row, s.col]) for s in space.squares())


def lit_view_rings(
    battlefield: Battlefield,
    viewers: Sequence[Occupant],
    polygons: Sequence[FloatArray],
    boxes: Sequence[Box] = (),
) -> tuple[Ring, ...]:
    """The union of each viewer's polygon cut to its lit squares, and of `boxes`, as rings.

    Rings as `visibility.union_rings` gives them (outer boundaries and holes, odd-even fill).
    """
    shapes: list[shapely.Geometry] = []
    for viewer, ring in zip(viewers, polygons, strict=True):
        if len(ring) < 3:
            continue
        polygon: shapely.Geometry = shapely.Polygon(ring)
        if not shapely.is_valid(polygon):
            polygon = shapely.make_valid(polygon)
        lit = perceived_lit(battlefield, viewer)
        if not lit.all():
            polygon = shapely.intersection(polygon, _mask_shape(lit))
        shapes.append(polygon)
    shapes += [shapely.box(*box) for box in boxes]
    if not shapes:
        return ()
    return geometry_rings(shapely.union_all(shapes))


def _mask_shape(mask: BoolArray) -> shapely.Geometry:
    """The union of the True squares, built from runs along each row (few boxes)."""
    boxes: list[shapely.Geometry] = []
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    for row, start in zip(*np.nonzero(steps == 1), strict=True):
        end = int(np.nonzero(steps[row, start:] == -1)[0][0]) + int(start)
        boxes.append(shapely.box(float(start), float(row), float(end), float(row + 1)))
    return shapely.union_all(boxes) if boxes else shapely.Polygon()
