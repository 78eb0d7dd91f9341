"""The visibility polygon (fog of war) against the slow shapely oracle (docs/design.md#budgets)."""

from __future__ import annotations

from typing import cast

import numpy as np
import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.features import Point, TerrainKind, WallKind
from orcus_desktop.geometry.occupant_views import occupant_view
from orcus_desktop.geometry.visibility import (
    visibility_oracle,
    visibility_polygon,
    visibility_polygon_array,
)
from orcus_desktop.geometry.walls import Segment, SegmentIndex, node_segments
from tests.geometry.builders import field, occ, patch
from tests.geometry.builders import wall as make_wall

BOUNDS = (0.0, 0.0, 20.0, 20.0)


def _agreement(viewpoint: Point, segments: list[Segment]) -> float:
    noded = node_segments(segments)
    poly = shapely.make_valid(shapely.Polygon(visibility_polygon_array(viewpoint, noded, BOUNDS)))
    oracle = visibility_oracle(viewpoint, noded, BOUNDS)
    return float(shapely.symmetric_difference(poly, oracle).area)


grid_pt = st.tuples(st.integers(0, 20), st.integers(0, 20))
wall = st.tuples(grid_pt, grid_pt).filter(lambda s: s[0] != s[1])
view = st.tuples(st.floats(0.05, 19.95), st.floats(0.05, 19.95))


@settings(max_examples=80, deadline=None)
@given(walls=st.lists(wall, max_size=25), viewpoint=view)
def test_polygon_agrees_with_oracle(
    walls: list[tuple[tuple[int, int], tuple[int, int]]], viewpoint: Point
) -> None:
    segs = cast("list[Segment]", [(tuple(map(float, a)), tuple(map(float, b))) for a, b in walls])
    noded = node_segments(segs)
    # the oracle has no "which side" rule: keep the eye off the walls
    arr = noded.reshape(-1, 4)
    px, py = viewpoint
    on_wall = (arr[:, 2] - arr[:, 0]) * (py - arr[:, 1]) - (arr[:, 3] - arr[:, 1]) * (
        px - arr[:, 0]
    ) == 0
    assume(not on_wall.any())
    assert _agreement(viewpoint, segs) < 1e-6


@settings(max_examples=40, deadline=None)
@given(walls=st.lists(wall, max_size=25), cell=st.tuples(st.integers(0, 19), st.integers(0, 19)))
def test_polygon_agrees_with_oracle_at_square_centres(
    walls: list[tuple[tuple[int, int], tuple[int, int]]], cell: tuple[int, int]
) -> None:
    """Token centres: the viewpoint the fog of war uses (grid-aligned, many exact ties)."""
    segs = cast("list[Segment]", [(tuple(map(float, a)), tuple(map(float, b))) for a, b in walls])
    viewpoint = (cell[0] + 0.5, cell[1] + 0.5)
    assume(not any(_on_wall(viewpoint, w) for w in segs))
    assert _agreement(viewpoint, segs) < 1e-6


def _on_wall(p: Point, wall: Segment) -> bool:
    """The oracle has no "which side" rule: an eye exactly on a wall is left to the unit tests."""
    (ax, ay), (bx, by) = wall
    cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
    return cross == 0 and min(ax, bx) <= p[0] <= max(ax, bx) and min(ay, by) <= p[1] <= max(ay, by)


def test_open_map_sees_everything() -> None:
    pts = visibility_polygon((3.5, 4.5), np.empty((0, 4)), BOUNDS)
    assert shapely.Polygon(pts).area == pytest.approx(400.0)


def test_wall_casts_a_shadow() -> None:
    # a wall across the whole map at x = 10: the eye sees only its half
    pts = visibility_polygon((3.5, 4.5), node_segments([((10, 0), (10, 20))]), BOUNDS)
    assert shapely.Polygon(pts).area == pytest.approx(200.0)


def test_corner_on_a_wall_sees_its_own_side() -> None:
    # the eye on a long wall at x = 10, looking from the left: only the left half
    segs = node_segments([((10, 0), (10, 20))])
    pts = visibility_polygon_array((10.0, 5.0), segs, BOUNDS, inward=(-1.0, 0.0))
    assert shapely.Polygon(pts).area == pytest.approx(200.0)
    pts = visibility_polygon_array((10.0, 5.0), segs, BOUNDS, inward=(1.0, 0.5))
    assert shapely.Polygon(pts).area == pytest.approx(200.0)
    assert shapely.Polygon(pts).centroid.x > 10


def test_viewpoint_outside_bounds_is_an_error() -> None:
    with pytest.raises(ValueError, match="inside"):
        visibility_polygon((25.0, 5.0), np.empty((0, 4)), BOUNDS)


def test_eye_on_a_wall_without_a_side_sees_both_sides() -> None:
    # a token centre exactly on a wall (no space to say which side it stands on): the wall is
    # seen edge-on and hides nothing; with `inward` it would see only its own side
    segs = node_segments([((6, 3), (11, 18))])
    pts = visibility_polygon((7.5, 7.5), segs, BOUNDS)
    assert shapely.Polygon(pts).area == pytest.approx(400.0)


def test_occupant_view_is_the_polygon_from_the_space_centre() -> None:
    bf = field(20, 20, (make_wall((10, 0), (10, 20)),), (), (occ("a", 3, 4),))
    pts = occupant_view(bf, "a")
    assert shapely.Polygon(pts).area == pytest.approx(200.0)
    assert shapely.Polygon(pts).contains(shapely.Point(3.5, 4.5))


def test_oracle_survives_a_thousand_walls_at_a_square_centre() -> None:
    """Regression: on this 100 x 100 map the oracle's union of far-reaching shadows lost a wedge
    to GEOS rounding at (56.5, 57.5) and disagreed with the sweep by 10 square units; the sweep
    was right (a wall at x=53 blocks that wedge). Same walls as the geometry benchmark's seed 7."""
    rng = np.random.default_rng(7)
    segs = []
    for _ in range(1000):
        x, y = (int(v) for v in rng.integers(1, 99, 2))
        length = int(rng.integers(1, 5))
        if rng.random() < 0.5:
            end = (float(min(100, x + length)), float(y))
        else:
            end = (float(x), float(min(100, y + length)))
        segs.append(((float(x), float(y)), end))
    noded = node_segments(segs)
    viewpoint = (56.5, 57.5)
    bounds = (0.0, 0.0, 100.0, 100.0)
    poly = shapely.Polygon(visibility_polygon_array(viewpoint, noded, bounds))
    oracle = visibility_oracle(viewpoint, noded, bounds)
    assert float(shapely.symmetric_difference(poly, oracle).area) < 1e-6


# --- culling: the index path sweeps only the walls that can matter (issue 14) ---------------

MAP = (0.0, 0.0, 60.0, 60.0)


def _dense_map(seed: int) -> list[Segment]:
    """Hundreds of free-angle walls, long parallel walls and grid walls on a 60 x 60 map."""
    rng = np.random.default_rng(seed)
    segs: list[Segment] = []
    for _ in range(400):
        (x, y), a, h = rng.uniform(2, 58, 2), rng.uniform(0, np.pi), rng.uniform(0.3, 2.5)
        dx, dy = h * np.cos(a), h * np.sin(a)
        segs.append(((float(x - dx), float(y - dy)), (float(x + dx), float(y + dy))))
    for k in range(40):
        y = 1.0 + 1.5 * k
        segs.append(((1.0 + k % 3, y), (59.0 - k % 2, y)))
    for _ in range(200):
        x, y = (float(v) for v in rng.integers(1, 59, 2))
        segs.append(((x, y), (x + 1.0, y)) if rng.random() < 0.5 else ((x, y), (x, y + 1.0)))
    return segs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_culled_polygon_agrees_with_the_oracle_on_a_dense_map(seed: int) -> None:
    """Culled walls hide nothing: the region is the oracle's, viewpoints free and on walls."""
    noded = node_segments(_dense_map(seed))
    index = SegmentIndex.build(noded)
    rng = np.random.default_rng(seed + 10)
    checked = 0
    for _ in range(12):
        view = (float(rng.uniform(3, 57)), float(rng.uniform(3, 57)))
        if any(_on_wall(view, ((a, b), (c, d))) for a, b, c, d in noded.tolist()):
            continue
        poly = shapely.make_valid(shapely.Polygon(visibility_polygon_array(view, index, MAP)))
        oracle = visibility_oracle(view, noded, MAP)
        assert float(shapely.symmetric_difference(poly, oracle).area) < 1e-6, view
        checked += 1
    assert checked >= 8
    # eyes on walls (a corner of a creature's space): the same region as sweeping every wall
    for a, b, c, d in noded[rng.permutation(len(noded))[:15]].tolist():
        view = ((a + c) / 2, (b + d) / 2)
        for inward in ((d - b, a - c), (b - d, c - a)):
            culled = visibility_polygon_array(view, index, MAP, inward)
            full = visibility_polygon_array(view, noded, MAP, inward)
            diff = shapely.symmetric_difference(
                shapely.make_valid(shapely.Polygon(culled)),
                shapely.make_valid(shapely.Polygon(full)),
            )
            assert float(diff.area) < 1e-6, (view, inward)


def test_long_parallel_walls_give_a_small_polygon() -> None:
    """Between two of 400 long walls the eye sees a strip: a handful of vertices, none on a
    straight run (issue 14: no redundant vertices for the fog and the player view)."""
    ys = np.linspace(1.0, 59.0, 400)
    segs = np.stack([np.full(400, 2.0), ys, np.full(400, 58.0), ys], axis=1)
    view = (30.0, float((ys[200] + ys[201]) / 2))
    pts = visibility_polygon_array(view, SegmentIndex.build(segs), MAP)
    assert len(pts) <= 12
    oracle = visibility_oracle(view, segs, MAP)
    assert float(shapely.symmetric_difference(shapely.Polygon(pts), oracle).area) < 1e-6


def test_open_map_polygon_is_the_four_corners() -> None:
    pts = visibility_polygon_array((3.5, 4.5), np.empty((0, 4)), BOUNDS)
    assert sorted(map(tuple, pts.tolist())) == [(0.0, 0.0), (0.0, 20.0), (20.0, 0.0), (20.0, 20.0)]


def test_occupant_view_with_doors_windows_and_pillars_matches_the_oracle() -> None:
    """000 "Line of Sight": closed doors and pillars block sight, windows and open doors do
    not; the culled view from a token's centre is the oracle's on the sight segments."""
    walls = [make_wall((float(x), 0.0), (float(x), 30.0)) for x in range(12, 40, 3)]
    walls += [
        make_wall((5.0, 10.0), (5.0, 14.0), kind=WallKind.DOOR),
        make_wall((7.0, 3.0), (7.0, 8.0), kind=WallKind.WINDOW),
        make_wall((3.0, 16.0), (9.0, 16.0), kind=WallKind.DOOR, is_open=True),
    ]
    walls += [make_wall((float(x), 20.0), (float(x) + 0.5, 25.0)) for x in range(40, 60)]
    pillars = patch(TerrainKind.BLOCKING, *[(c, r) for c in range(1, 11, 3) for r in (18, 22)])
    bf = field(60, 40, walls, (pillars,), (occ("a", 2, 12), occ("b", 8, 5)))
    segs = bf.sight_index.segments
    for who in ("a", "b"):
        x0, y0, x1, y1 = bf.occupant(who).space.bounds()
        oracle = visibility_oracle(((x0 + x1) / 2, (y0 + y1) / 2), segs, bf.map_box())
        pts = occupant_view(bf, who)
        assert float(shapely.symmetric_difference(shapely.Polygon(pts), oracle).area) < 1e-6
