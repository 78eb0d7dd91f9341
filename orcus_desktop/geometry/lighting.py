"""Illumination per square, and what a viewer perceives of it with its senses.

000 "Vision and Light": bright light lets creatures see normally; dim light is lightly
obscured; darkness is heavily obscured. A light lights the squares within its radii (counted
from its space like a burst) whose centre it sees: walls and closed doors block light as they
block sight, windows and open doors let it through (docs/rulings.md R-60). The square's level is
the brightest of the ambient level and every light reaching it; magical darkness stays dark.

Each light's lit squares are cached with the map's other indexes, keyed by where it shines from
and its radii: moving a torch-bearer recomputes that one light only; a door opened or closed
recomputes the lights it can reach, any other map change all of them (docs/design.md#lighting).

A viewer's perception (`perceived_levels`): darkvision sees dim light and darkness as bright
within its radius (not magical darkness); truesight sees everything as bright within its
radius; blindsight and tremorsense perceive without sight within theirs, so neither light nor
painted obscurement hides anything there; a blind viewer perceives nothing beyond them.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

import numpy as np
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, MapChange, Obscurement, Occupant
from orcus_desktop.geometry.grid import GridBounds, Space, Square
from orcus_desktop.geometry.light import Illumination, LightArea, Senses
from orcus_desktop.geometry.visibility import visibility_polygon_array
from orcus_desktop.geometry.walls import BoolArray, FloatArray

LevelGrid = np.ndarray[tuple[int, int], np.dtype[np.int8]]
"""(rows, columns) levels: `Illumination` or `Obscurement` values per square."""
IntGrid = np.ndarray[tuple[int, int], np.dtype[np.int32]]
"""(rows, columns) squares counted from a space."""

# Lights remembered per map state (a drag visits a few hundred squares at most).
_LIGHTS_KEPT = 1024


def light_levels(battlefield: Battlefield) -> LevelGrid:
    """The `Illumination` of every square, as (rows, columns); bright everywhere without light."""
    return battlefield.cached("light_levels", lambda: _levels(battlefield))


def _levels(battlefield: Battlefield) -> LevelGrid:
    bounds = battlefield.bounds
    scene = battlefield.lighting
    if scene is None:
        return np.full((bounds.rows, bounds.columns), Illumination.BRIGHT, dtype=np.int8)
    if scene.ambient is Illumination.BRIGHT:
        levels = np.full((bounds.rows, bounds.columns), scene.ambient, dtype=np.int8)
    else:
        levels = _combined(battlefield, scene.ambient, scene.lights).copy()
    levels[magical_darkness_mask(battlefield)] = Illumination.DARK
    return levels


Patch = tuple[int, int, LevelGrid]
"""One light's levels around it: (first row, first column, patch)."""

# Past this many lights changed since the last combine, combining afresh is as cheap.
_CHANGED_AT_MOST = 4


class _Combine:
    """The last combine of a map state: its lights, their patches and the levels they give.

    Lets a drag re-light incrementally: only the squares the changed lights lit before or
    light now are worked out again (docs/design.md#lighting).
    """

    def __init__(self, ambient: int, lights: tuple[LightArea, ...], patches: list[Patch]) -> None:
        self.ambient = ambient
        self.lights = lights
        self.patches = patches
        # (row0, col0, row1, col1) of each light's patch, to find the lights over a window
        self.windows = np.array(
            [(r, c, r + p.shape[0], c + p.shape[1]) for r, c, p in patches], dtype=np.int64
        ).reshape(-1, 4)
        self.levels: LevelGrid = np.empty((0, 0), dtype=np.int8)
        # lights whose patch is of a map state before (a door): combined afresh at next use
        self.stale: list[int] = []


class _LightCache(OrderedDict[LightArea, Patch]):
    """Each light's patch (least recently used first) and the last combine of them all."""

    last: _Combine | None = None

    def clear(self) -> None:
        """Forget every light and the combine (a cold start)."""
        super().clear()
        self.last = None


def _light_cache(battlefield: Battlefield) -> _LightCache:
    return battlefield.map_carried("lights", _LightCache, _carried_lights(battlefield))


def _carried_lights(battlefield: Battlefield) -> Callable[[_LightCache, MapChange], _LightCache]:
    """Keep the patches of the lights whose window the change does not reach.

    Issue 33: a door relights only the lights around it. A patch depends only on the walls
    meeting its window, and outside `MapChange.touched_box` the walls are the same.
    """

    def carry(kept: _LightCache, change: MapChange) -> _LightCache:
        out = _LightCache()
        unreached = unreached_lights(battlefield, change)
        for light in unreached:
            out[light] = kept[light]
        last = kept.last
        if last is not None:
            # the last combine too, with the lights the door reaches to be combined afresh
            kept_lights = set(unreached)
            stale = [i for i, light in enumerate(last.lights) if light not in kept_lights]
            if len(stale) <= _CHANGED_AT_MOST:
                combine = _Combine(last.ambient, last.lights, list(last.patches))
                combine.levels = last.levels.copy()
                combine.stale = stale
                out.last = combine
        return out

    return carry


def unreached_lights(battlefield: Battlefield, change: MapChange) -> list[LightArea]:
    """The lights of the kept map state whose patch window the change does not reach."""
    kept = change.before.get("lights")
    if not isinstance(kept, _LightCache):
        return []
    x0, y0, x1, y1 = change.touched_box(battlefield.sight_index)
    out: list[LightArea] = []
    for light, (row0, col0, patch) in kept.items():
        rows, columns = patch.shape
        apart = (
            col0 + columns < x0 - _APART
            or col0 > x1 + _APART
            or row0 + rows < y0 - _APART
            or row0 > y1 + _APART
        )
        if apart:
            out.append(light)
    return out


_APART = 1e-6
"""Grid units a window keeps from the changed walls' box to count as out of its reach."""


def forget_lights(battlefield: Battlefield) -> None:
    """Forget every light worked out on this map state (the next lighting starts cold)."""
    _light_cache(battlefield).clear()


def _combined(battlefield: Battlefield, ambient: int, lights: tuple[LightArea, ...]) -> LevelGrid:
    """The brightest of the ambient level and every light, per square (shared: do not write).

    Equal to combining every light afresh; when only a few lights changed since the map state's
    last combine, only the windows they lit before are combined afresh and their new patches
    laid on top (a drag step: one light's old and new squares, not the whole map).
    """
    cache = _light_cache(battlefield)
    last = cache.last
    shape = (battlefield.bounds.rows, battlefield.bounds.columns)
    if last is not None and last.ambient == ambient and len(last.lights) == len(lights):
        old = last.lights
        changed = [
            i for i in range(len(lights)) if old[i] is not lights[i] and old[i] != lights[i]
        ]
        changed = sorted({*changed, *last.stale})
        if len(changed) <= 2 * _CHANGED_AT_MOST and last.levels.shape == shape:
            last.stale = []
            _update(battlefield, last, lights, changed)
            return last.levels
    patches = [lit_patch(battlefield, light) for light in lights]
    combine = _Combine(ambient, lights, patches)
    levels: LevelGrid = np.full(shape, ambient, dtype=np.int8)
    for row0, col0, patch in patches:
        view = levels[row0 : row0 + patch.shape[0], col0 : col0 + patch.shape[1]]
        np.maximum(view, patch, out=view)
    combine.levels = levels
    cache.last = combine
    return levels


def _update(
    battlefield: Battlefield, combine: _Combine, lights: tuple[LightArea, ...], changed: list[int]
) -> None:
    """Bring the combine to `lights`, which differ from its own at the `changed` indices."""
    if not changed:
        return
    stale = combine.windows[changed].copy()
    for i in changed:
        row0, col0, patch = lit_patch(battlefield, lights[i])
        combine.patches[i] = (row0, col0, patch)
        combine.windows[i] = (row0, col0, row0 + patch.shape[0], col0 + patch.shape[1])
    combine.lights = lights
    levels, windows = combine.levels, combine.windows
    for r0, c0, r1, c1 in stale.tolist():
        # the squares a changed light lit before: afresh from every light over them now
        levels[r0:r1, c0:c1] = combine.ambient
        over = (windows[:, 0] < r1) & (windows[:, 2] > r0)
        over &= (windows[:, 1] < c1) & (windows[:, 3] > c0)
        for j in np.flatnonzero(over).tolist():
            row0, col0, patch = combine.patches[j]
            a0, b0 = max(r0, row0), max(c0, col0)
            a1, b1 = min(r1, row0 + patch.shape[0]), min(c1, col0 + patch.shape[1])
            view = levels[a0:a1, b0:b1]
            np.maximum(view, patch[a0 - row0 : a1 - row0, b0 - col0 : b1 - col0], out=view)
    for i in changed:
        row0, col0, patch = combine.patches[i]
        view = levels[row0 : row0 + patch.shape[0], col0 : col0 + patch.shape[1]]
        np.maximum(view, patch, out=view)


def magical_darkness_mask(battlefield: Battlefield) -> BoolArray:
    """(rows, columns): True on squares of magical darkness."""

    def build() -> BoolArray:
        bounds = battlefield.bounds
        mask = np.zeros((bounds.rows, bounds.columns), dtype=np.bool_)
        scene = battlefield.lighting
        for square in scene.magical_darkness if scene is not None else ():
            if bounds.contains(square):
                mask[square.row, square.col] = True
        return mask

    return battlefield.cached("magical_darkness", build)


def lit_patch(battlefield: Battlefield, light: LightArea) -> Patch:
    """The levels one light gives the squares around it: (first row, first column, patch).

    Cached per map state and light (space and radii): only lights that moved or changed are
    worked out again.
    """
    cache = _light_cache(battlefield)
    found = cache.get(light)
    if found is not None:
        cache.move_to_end(light)
        return found
    found = _lit_patch(battlefield, light)
    cache[light] = found
    while len(cache) > _LIGHTS_KEPT:
        cache.popitem(last=False)
    return found


def _lit_patch(battlefield: Battlefield, light: LightArea) -> Patch:
    bounds = battlefield.bounds
    space = light.space
    reach = max(light.dim, light.bright)
    side = space.side
    col0 = max(0, space.origin.col - reach)
    row0 = max(0, space.origin.row - reach)
    col1 = min(bounds.columns, space.origin.col + side + reach)
    row1 = min(bounds.rows, space.origin.row + side + reach)
    if col0 >= col1 or row0 >= row1:
        return 0, 0, np.zeros((0, 0), dtype=np.int8)
    distance = _distances(space, row0, col0, row1, col1)
    patch = np.where(
        distance <= light.bright,
        Illumination.BRIGHT,
        np.where(distance <= reach, Illumination.DIM, Illumination.DARK),
    ).astype(np.int8)
    x0, y0, x1, y1 = space.bounds()
    centre = light.origin if light.origin is not None else ((x0 + x1) / 2, (y0 + y1) / 2)
    box = (float(col0), float(row0), float(col1), float(row1))
    if not (box[0] < centre[0] < box[2] and box[1] < centre[1] < box[3]):
        return row0, col0, np.zeros_like(patch)  # a light off the map lights nothing
    # Only walls meeting the window can shade a centre in it from the light (both lie in the
    # window, which is convex): sweep those alone, not the map's index (its culling is tuned
    # for whole-map views and costs more here). The sweep's bounds take them whole: unclipped.
    index = battlefield.sight_index
    near = index.segments[index.in_box(box)]
    sweep_box = box
    if len(near):
        ends = near.reshape(-1, 2)
        low, high = ends.min(axis=0), ends.max(axis=0)
        sweep_box = (
            min(box[0], float(low[0])),
            min(box[1], float(low[1])),
            max(box[2], float(high[0])),
            max(box[3], float(high[1])),
        )
    ring = visibility_polygon_array(centre, near, sweep_box)
    if len(ring) >= 3:
        patch[~_seen_centres(ring, row0, col0, patch.shape)] = Illumination.DARK
    return row0, col0, patch


def _seen_centres(ring: FloatArray, row0: int, col0: int, shape: tuple[int, int]) -> BoolArray:
    """Which squares of the window (from row0, col0) have their centre in the lit polygon.

    A centre on the polygon's edge is in: grazing a corner does not block (000 "Line of
    Sight", as `walls` rules it). Only the centres within the polygon's box are tested (R-218:
    among many walls a light sees a small part of its window).
    """
    seen = np.zeros(shape, dtype=np.bool_)
    low, high = ring.min(axis=0), ring.max(axis=0)
    # a square more on each side than the box's centres: the test decides at its edge
    c0 = max(0, math.floor(low[0]) - 1 - col0)
    c1 = min(shape[1], math.ceil(high[0]) + 1 - col0)
    r0 = max(0, math.floor(low[1]) - 1 - row0)
    r1 = min(shape[0], math.ceil(high[1]) + 1 - row0)
    if c0 >= c1 or r0 >= r1:
        return seen
    polygon = shapely.Polygon(ring)
    shapely.prepare(polygon)
    rows, cols = np.mgrid[row0 + r0 : row0 + r1, col0 + c0 : col0 + c1]
    seen[r0:r1, c0:c1] = shapely.intersects_xy(polygon, cols + 0.5, rows + 0.5)
    return seen


def _distances(space: Space, row0: int, col0: int, row1: int, col1: int) -> IntGrid:
    """Squares counted from `space` to each square of the window (diagonals count 1)."""
    side = space.side
    cols = np.arange(col0, col1)
    rows = np.arange(row0, row1)
    d_col = np.maximum(
        0, np.maximum(space.origin.col - cols, cols - (space.origin.col + side - 1))
    )
    d_row = np.maximum(
        0, np.maximum(space.origin.row - rows, rows - (space.origin.row + side - 1))
    )
    out: IntGrid = np.maximum(d_row[:, None], d_col[None, :]).astype(np.int32)
    return out


def distances_from(bounds: GridBounds, space: Space) -> IntGrid:
    """Squares counted from `space` to every square of the map, as (rows, columns)."""
    return _distances(space, 0, 0, bounds.rows, bounds.columns)


def perceived_levels(battlefield: Battlefield, viewer: Occupant) -> LevelGrid:
    """The `Illumination` of every square as the viewer perceives it with its senses."""
    senses = viewer.senses
    levels = light_levels(battlefield)
    if senses == Senses():
        return levels
    key = ("perceived", viewer.space, senses)
    return battlefield.cached(key, lambda: _perceived(battlefield, levels, viewer.space, senses))


def _perceived(
    battlefield: Battlefield, levels: LevelGrid, space: Space, senses: Senses
) -> LevelGrid:
    distance = distances_from(battlefield.bounds, space)
    out = levels.copy()
    if senses.blind:
        out[:] = Illumination.DARK  # 000 "Blinded": can't see
    elif senses.darkvision:
        # 000 "Darkvision": darkness and dim light as if bright; not magical darkness, which
        # only truesight sees through (000 "Truesight").
        near = (distance <= senses.darkvision) & ~magical_darkness_mask(battlefield)
        out[near] = Illumination.BRIGHT
    if senses.truesight and not senses.blind:
        out[distance <= senses.truesight] = Illumination.BRIGHT
    if senses.beyond_sight:
        out[distance <= senses.beyond_sight] = Illumination.BRIGHT
    return out


def viewer_obscurement(battlefield: Battlefield, viewer: Occupant) -> LevelGrid:
    """The `Obscurement` of every square for the viewer: painted squares and light combined.

    Dim light is lightly obscured and darkness heavily obscured (000 "Vision and Light"); the
    heavier of that and the painted obscurement counts. Within blindsight or tremorsense
    nothing is obscured: those senses do not rely on sight.
    """
    senses = viewer.senses
    if battlefield.lighting is None and senses == Senses():
        return battlefield.obscurement
    key = ("obscurement_for", viewer.space, senses)
    return battlefield.cached(key, lambda: _obscurement_for(battlefield, viewer))


def _obscurement_for(battlefield: Battlefield, viewer: Occupant) -> LevelGrid:
    from_light = (Illumination.BRIGHT - perceived_levels(battlefield, viewer)).astype(np.int8)
    out: LevelGrid = np.maximum(battlefield.obscurement, from_light)
    if viewer.senses.beyond_sight:
        distance = distances_from(battlefield.bounds, viewer.space)
        out[distance <= viewer.senses.beyond_sight] = Obscurement.NONE
    return out


def light_cause(battlefield: Battlefield, viewer: Occupant, target: Space) -> str:
    """What obscures the target's least obscured square to the viewer, when light does it.

    "dim light" or "darkness" when the light there is at least as heavy as the painted
    obscurement; "" when nothing obscures it or a painted square does (the attack breakdown
    names the cause of the concealment).
    """
    obscurement = viewer_obscurement(battlefield, viewer)
    perceived = perceived_levels(battlefield, viewer)
    bounds = battlefield.bounds
    squares = [s for s in target.squares() if bounds.contains(s)]
    if not squares:
        return ""
    best = min(squares, key=lambda s: int(obscurement[s.row, s.col]))
    return _cause_at(battlefield, obscurement, perceived, best)


def _cause_at(
    battlefield: Battlefield, obscurement: LevelGrid, perceived: LevelGrid, square: Square
) -> str:
    level = int(obscurement[square.row, square.col])
    from_light = Illumination.BRIGHT - int(perceived[square.row, square.col])
    if level == 0 or from_light < level:
        return ""
    return "dim light" if from_light == Obscurement.LIGHT else "darkness"
