"""What a creature sees of the map (fog of war), kept per map state.

The view is the visibility polygon (`visibility`) from the centre of the creature's space over
the walls that block sight; it depends on the map and the viewpoint alone, so it is kept with
the map's indexes and carried over a door's change where the door cannot reach it (issue 33).
"""

from __future__ import annotations

from collections.abc import Callable

import shapely

from orcus_desktop.geometry.battlefield import Battlefield, MapChange
from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.visibility import visibility_polygon_array
from orcus_desktop.geometry.walls import FloatArray


def occupant_view(battlefield: Battlefield, viewer_id: str) -> tuple[Point, ...]:
    """What a creature sees of the map from the centre of its space (fog of war).

    Sight-blocking walls, closed doors and blocking squares cast shadows (000 "Line of Sight");
    windows and obscured squares do not. The polygon is clipped to the map.

    Raises:
        UnknownOccupantError: no such creature.
    """
    arr = occupant_view_array(battlefield, viewer_id)
    return tuple((float(x), float(y)) for x, y in arr.tolist())


# Viewpoints whose polygons are kept per map state; the cache is emptied past this many.
_VIEW_CACHE_SIZE = 2048


def occupant_view_array(battlefield: Battlefield, viewer_id: str) -> FloatArray:
    """`occupant_view` as a read-only (m, 2) array (cheaper to hand to `union_rings`).

    The polygon depends on the map and the viewpoint alone, so it is kept with the map's
    indexes: after one creature moves, the party's fog sweeps again for that creature only.
    """
    viewer = battlefield.occupant(viewer_id)
    x0, y0, x1, y1 = viewer.space.bounds()
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    views: dict[Point, FloatArray] = battlefield.map_carried(
        "occupant_views", dict, _carried_views(battlefield)
    )
    view = views.get(centre)
    if view is None:
        view = visibility_polygon_array(centre, battlefield.sight_index, battlefield.map_box())
        view.setflags(write=False)
        if len(views) >= _VIEW_CACHE_SIZE:
            views.clear()
        views[centre] = view
    return view


_APART = 1e-6
"""Grid units a view keeps from the changed walls' box to count as out of its reach."""


def _carried_views(
    battlefield: Battlefield,
) -> Callable[[dict[Point, FloatArray], MapChange], dict[Point, FloatArray]]:
    """Keep the views the map change does not reach (issue 33: a door).

    A view is bounded by the walls it sees, all inside its bounds; outside
    `MapChange.touched_box` the walls are the same, so a view apart from it sees the same walls.
    A view the changed walls do not meet either (a closed door it does not see; an open one
    outside it) is the same region too: only what blocks sight inside it shapes it.
    """

    def carry(kept: dict[Point, FloatArray], change: MapChange) -> dict[Point, FloatArray]:
        x0, y0, x1, y1 = change.touched_box(battlefield.sight_index)
        changed = [s for w in change.walls if w.blocks_sight for s in w.segments()]
        lines = shapely.MultiLineString(changed)
        out: dict[Point, FloatArray] = {}
        for centre, view in kept.items():
            if not len(view):
                continue
            low, high = view.min(axis=0), view.max(axis=0)
            apart = high[0] < x0 - _APART or low[0] > x1 + _APART
            apart = apart or high[1] < y0 - _APART or low[1] > y1 + _APART
            if apart or _misses(view, lines):
                out[centre] = view
        return out

    return carry


def _misses(view: FloatArray, lines: shapely.Geometry) -> bool:
    """Whether the lines lie clearly apart from the view's region (a valid polygon only)."""
    if shapely.is_empty(lines):
        return True
    if len(view) < 3:
        return False
    polygon = shapely.Polygon(view)
    return bool(shapely.is_valid(polygon)) and not bool(shapely.dwithin(polygon, lines, _APART))
