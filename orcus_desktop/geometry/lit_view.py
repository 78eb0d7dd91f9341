"""What viewers see of a lit map: their visibility polygons cut to the squares they perceive.

000 "Vision and Light": a creature sees normally in bright light, and dim light is only lightly
obscured, but darkness is heavily obscured. For the fog of war a viewer sees the part of its
visibility polygon (`occupant_views.occupant_view_array`) over squares it perceives lit
(`lighting.perceived_levels`: not dark, with its senses); docs/rulings.md R-62.

Issue 33 (a dark cave of 12,000 walls and 120 torches): on a dark map the viewers without
special senses perceive lit exactly the squares some light lights, so their polygons are united
and cut once with the lit shapes of the lights near them, each kept per map state and light; other
viewers are cut with the lit squares under their polygon's bounds. Never a whole-map shape per
viewer (tests/geometry/test_lit_view.py holds both to the definition).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, MapChange, Occupant
from orcus_desktop.geometry.grid import Space, space_distance
from orcus_desktop.geometry.light import NO_SENSES, Illumination, LightArea
from orcus_desktop.geometry.lighting import lit_patch, perceived_levels, unreached_lights
from orcus_desktop.geometry.view_union import Ring, geometry_rings
from orcus_desktop.geometry.walls import BoolArray, FloatArray

Box = tuple[float, float, float, float]
IntArray = np.ndarray[tuple[int, int], np.dtype[np.int64]]


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

    Rings as `view_union.union_rings` gives them (outer boundaries and holes, odd-even fill).
    """
    shapes: list[shapely.Geometry] = []
    by_lights: list[FloatArray] = []
    for viewer, ring in zip(viewers, polygons, strict=True):
        if len(ring) < 3:
            continue
        if _lit_by_lights_alone(battlefield, viewer):
            by_lights.append(ring)
        else:
            polygon = _polygon(ring)
            shapes.append(_cut_to_lit(polygon, perceived_lit(battlefield, viewer)))
    if by_lights and not shapes:
        # the same lit squares for them all: their union cut once is the union of their cuts
        viewers_cut = _viewers_cut(battlefield, by_lights)
        pieces = _cut_to_lights(battlefield, viewers_cut)
        return viewers_cut.rings_with(pieces, tuple(boxes))
    if by_lights:
        shapes += _cut_to_lights(battlefield, _viewers_cut(battlefield, by_lights))
    shapes += [shapely.box(*box) for box in boxes]
    if not shapes:
        return ()
    return geometry_rings(shapely.union_all(shapes))


def _lit_by_lights_alone(battlefield: Battlefield, viewer: Occupant) -> bool:
    """Whether the viewer perceives lit exactly the squares some light lights.

    So on a dark map, for a viewer without special senses, with no magical darkness: then its
    lit squares are the union of each light's (`lighting.light_levels`).
    """
    scene = battlefield.lighting
    return (
        scene is not None
        and scene.ambient is Illumination.DARK
        and not scene.magical_darkness
        and viewer.senses == NO_SENSES
    )


def _polygon(ring: FloatArray) -> shapely.Geometry:
    """The ring as a valid polygon."""
    polygon: shapely.Geometry = shapely.Polygon(ring)
    if not shapely.is_valid(polygon):
        polygon = shapely.make_valid(polygon)
    return polygon


class _ViewersCut:
    """The union of some viewers' polygons, and its cut with each light's shape as found.

    Kept per map state for the last few sets of polygons (the views are kept arrays: the same
    objects while nobody moves). A torch moved cuts the union with its new shape alone, not with
    every light near the viewers again (issue 33).
    """

    def __init__(self, rings: tuple[FloatArray, ...]) -> None:
        self.rings = rings
        self.union: shapely.Geometry = shapely.union_all([_polygon(r) for r in rings])
        shapely.prepare(self.union)
        # by the light shape's id: (the shape, kept alive so the id stays its own; the pieces)
        self.cuts: dict[int, tuple[shapely.Geometry, list[shapely.Geometry]]] = {}
        self._last: tuple[list[shapely.Geometry], tuple[Box, ...], tuple[Ring, ...]] | None = None

    def rings_with(
        self, pieces: list[shapely.Geometry], boxes: tuple[Box, ...]
    ) -> tuple[Ring, ...]:
        """The union of these cut pieces and boxes as rings; the last one asked is kept.

        A door no viewer sees relights lights none of them sees by: the same pieces, the
        same rings (issue 33).
        """
        last = self._last
        if (
            last is not None
            and last[1] == boxes
            and len(last[0]) == len(pieces)
            and all(a is b for a, b in zip(last[0], pieces, strict=True))
        ):
            return last[2]
        shapes = [*pieces, *(shapely.box(*box) for box in boxes)]
        rings = geometry_rings(shapely.union_all(shapes)) if shapes else ()
        self._last = (pieces, boxes, rings)
        return rings


_VIEWERS_CUTS_KEPT = 4
_CUTS_KEPT = 1024
"""Lights' cuts kept with one union (as many light shapes as a map state keeps)."""


def _viewers_cut(battlefield: Battlefield, rings: list[FloatArray]) -> _ViewersCut:
    kept: OrderedDict[tuple[int, ...], _ViewersCut] = battlefield.map_cached(
        "viewers_cuts", OrderedDict
    )
    key = tuple(map(id, rings))
    found = kept.get(key)
    if found is not None and all(a is b for a, b in zip(found.rings, rings, strict=True)):
        kept.move_to_end(key)
        return found
    found = _ViewersCut(tuple(rings))
    kept[key] = found
    while len(kept) > _VIEWERS_CUTS_KEPT:
        kept.popitem(last=False)
    return found


def _cut_to_lights(battlefield: Battlefield, viewers: _ViewersCut) -> list[shapely.Geometry]:
    """The viewers' union cut to the squares the lights light, as pieces (their union is it).

    Each light's lit squares are made into a shape once per map state and light
    (`_light_shape`); only the lights whose squares meet the polygon are cut with, and a light
    wholly inside it is taken as it is. Each light's cut is kept with the union.
    """
    scene = battlefield.lighting
    assert scene is not None
    polygon = viewers.union
    x0, y0, x1, y1 = shapely.bounds(polygon).tolist()
    windows = _light_windows(battlefield)
    near = (windows[:, 1] < x1) & (windows[:, 3] > x0)
    near &= (windows[:, 0] < y1) & (windows[:, 2] > y0)
    pieces: list[shapely.Geometry] = []
    missing: list[shapely.Geometry] = []
    for i in np.flatnonzero(near).tolist():
        shape = _light_shape(battlefield, scene.lights[i])
        found = viewers.cuts.get(id(shape))
        if found is not None and found[0] is shape:
            pieces += found[1]
        else:
            missing.append(shape)
    if not missing:
        return pieces
    if len(viewers.cuts) > _CUTS_KEPT:
        viewers.cuts.clear()
    shapes = np.array(missing, dtype=object)
    meets = shapely.intersects(polygon, shapes)
    inside = shapely.contains(polygon, shapes)
    cut = np.empty(len(shapes), dtype=object)
    across = meets & ~inside
    cut[across] = shapely.intersection(polygon, shapes[across])
    for k, shape in enumerate(missing):
        if not meets[k]:
            made: list[shapely.Geometry] = []
        elif inside[k]:
            made = [shape]
        else:
            made = [] if cut[k].is_empty else [cut[k]]
        viewers.cuts[id(shape)] = (shape, made)
        pieces += made
    return pieces


def _light_windows(battlefield: Battlefield) -> IntArray:
    """(lights, 4): each light's patch as (first row, first column, end row, end column)."""

    def build() -> IntArray:
        scene = battlefield.lighting
        lights = scene.lights if scene is not None else ()
        rows = []
        for light in lights:
            row0, col0, patch = lit_patch(battlefield, light)
            rows.append((row0, col0, row0 + patch.shape[0], col0 + patch.shape[1]))
        out: IntArray = np.array(rows, dtype=np.int64).reshape(-1, 4)
        return out

    return battlefield.cached("light_windows", build)


def _light_shape(battlefield: Battlefield, light: LightArea) -> shapely.Geometry:
    """The squares one light lights, as a shape (kept per map state and light, as its patch)."""
    shapes = battlefield.map_carried("light_shapes", _LightShapes, _carried_shapes(battlefield))
    found = shapes.get(light)
    if found is None:
        row0, col0, patch = lit_patch(battlefield, light)
        found = _mask_shape(patch != Illumination.DARK, col0, row0)
        shapes[light] = found
        while len(shapes) > _LIGHT_SHAPES_KEPT:
            shapes.popitem(last=False)
    else:
        shapes.move_to_end(light)
    return found


class _LightShapes(OrderedDict[LightArea, shapely.Geometry]):
    """Each light's lit shape on one map state, least recently used first."""


def _carried_shapes(battlefield: Battlefield) -> Callable[[_LightShapes, MapChange], _LightShapes]:
    """Keep the shapes of the lights the map change does not reach (as their patches)."""

    def carry(kept: _LightShapes, change: MapChange) -> _LightShapes:
        out = _LightShapes()
        for light in unreached_lights(battlefield, change):
            shape = kept.get(light)
            if shape is not None:
                out[light] = shape
        return out

    return carry


_LIGHT_SHAPES_KEPT = 1024
"""As many as `lighting` keeps patches: a drag visits a few hundred squares at most."""


def _cut_to_lit(polygon: shapely.Geometry, lit: BoolArray) -> shapely.Geometry:
    """`polygon` cut to the lit squares, looking only at the squares under its bounds.

    The squares outside the polygon's bounding box cannot change the intersection, so the lit
    squares are made into a shape only there (a hero in a cave chamber: a few dozen squares,
    not the whole map's lit squares for every hero on every rebuild, issue 33).
    """
    rows, columns = lit.shape
    x0, y0, x1, y1 = shapely.bounds(polygon).tolist()
    col0, row0 = max(0, math.floor(x0)), max(0, math.floor(y0))
    col1, row1 = min(columns, math.ceil(x1)), min(rows, math.ceil(y1))
    if col0 >= col1 or row0 >= row1:
        return shapely.Polygon()
    window = lit[row0:row1, col0:col1]
    inside = col0 <= x0 and row0 <= y0 and x1 <= col1 and y1 <= row1
    if lit.all() or (inside and window.all()):
        return polygon  # as the intersection with the lit squares would give it
    return shapely.intersection(polygon, _mask_shape(window, col0, row0))


def _mask_shape(mask: BoolArray, col0: int = 0, row0: int = 0) -> shapely.Geometry:
    """The union of the True squares, built from runs along each row (few boxes).

    `col0`, `row0`: the map square of the mask's first column and row.
    """
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    run_rows, starts = np.nonzero(steps == 1)
    _, ends = np.nonzero(steps == -1)  # row by row, in order: each run's end after its start
    if not len(starts):
        return shapely.Polygon()
    boxes = shapely.box(starts + col0, run_rows + row0, ends + col0, run_rows + row0 + 1)
    return shapely.union_all(boxes)
