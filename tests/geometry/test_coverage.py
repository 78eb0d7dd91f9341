"""The batched seen-area engine agrees with the polygon path.

The polygon path is the visibility polygon clipped to the box.

Both measure what a viewpoint sees of a box past walls with the same rules (`walls` module
docstring); the batch is what sight, cover and areas use, the polygon path is the fog of war's.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.box_sweep import cos_sin, exact_seen_fractions, vector_length
from orcus_desktop.geometry.coverage import seen_fractions, separated_pairs, separating_segments
from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.visibility import visible_area_in_box
from orcus_desktop.geometry.walls import Segment, SegmentIndex, node_segments

grid_pt = st.tuples(st.integers(0, 12), st.integers(0, 12))
wall = st.tuples(grid_pt, grid_pt).filter(lambda s: s[0] != s[1])
half = st.sampled_from([0.0, 0.5])
viewpoint = st.tuples(st.integers(0, 12), st.integers(0, 12), half, half).map(
    lambda t: (t[0] + t[2], t[1] + t[3])
)
inward = st.sampled_from([(0.5, 0.5), (-0.5, 0.5), (0.5, -0.5), (-0.5, -0.5), None])
box = st.tuples(st.integers(0, 11), st.integers(0, 11), st.sampled_from([0.5, 1.0, 2.0])).map(
    lambda t: (float(t[0]), float(t[1]), t[0] + t[2], t[1] + t[2])
)


@settings(max_examples=60, deadline=None)
@given(
    walls=st.lists(wall, max_size=12),
    rows=st.lists(st.tuples(viewpoint, inward, box), min_size=1, max_size=6),
)
def test_batch_agrees_with_the_polygon_path(
    walls: list[tuple[tuple[int, int], tuple[int, int]]],
    rows: list[tuple[Point, Point | None, tuple[float, float, float, float]]],
) -> None:
    segs = node_segments(
        cast("list[Segment]", [(tuple(map(float, a)), tuple(map(float, b))) for a, b in walls])
    )
    points = np.asarray([r[0] for r in rows], dtype=np.float64)
    inw = np.asarray([(np.nan, np.nan) if r[1] is None else r[1] for r in rows])
    boxes = np.asarray([r[2] for r in rows], dtype=np.float64)
    group = np.repeat(np.arange(len(rows)), len(segs))
    got = seen_fractions(points, inw, boxes, group, np.tile(segs, (len(rows), 1)))
    for i, (p, d, b) in enumerate(rows):
        area = (b[2] - b[0]) * (b[3] - b[1])
        expected = visible_area_in_box(p, segs, b, d) / area
        assert got[i] == pytest.approx(expected, abs=1e-7)


def test_no_segments_sees_everything() -> None:
    got = seen_fractions(
        np.asarray([[0.0, 0.0]]),
        np.asarray([[np.nan, np.nan]]),
        np.asarray([[3.0, 3.0, 4.0, 4.0]]),
        np.empty(0, dtype=np.int64),
        np.empty((0, 4)),
    )
    assert got.tolist() == [1.0]


def test_half_a_box_behind_a_wall() -> None:
    # eye far to the left on y = 0.5, wall covering y in [0.5, 5] just before the box: the
    # lower half of the box [10, 11] x [0, 1] is hidden, exactly (lines are parallel to y = 0.5)
    segs = np.asarray([[9.0, 0.5, 9.0, 5.0]])
    got = seen_fractions(
        np.asarray([[-1000.0, 0.5]]),
        np.asarray([[np.nan, np.nan]]),
        np.asarray([[10.0, 0.0, 11.0, 1.0]]),
        np.zeros(1, dtype=np.int64),
        segs,
    )
    assert got[0] == pytest.approx(0.5, abs=1e-3)


def test_the_sweeps_cosine_sine_and_length_are_numpys_to_rounding() -> None:
    # the sweep takes cos/sin from the tangent of the half angle and lengths as sqrt(x^2 + y^2)
    # (np.sin, np.cos and np.hypot cost several times more with this numpy); the shares keep
    # their 1e-9 slack only if these stay within rounding of the library's
    angles = np.concatenate([np.linspace(-np.pi, np.pi, 10_001), [-np.pi, 0.0, np.pi, 1e-300]])
    c, s = cos_sin(angles)
    assert np.max(np.abs(c - np.cos(angles))) < 1e-15
    assert np.max(np.abs(s - np.sin(angles))) < 1e-15
    x, y = np.random.default_rng(3).uniform(-200, 200, (2, 1_000))
    assert np.allclose(vector_length(x, y), np.hypot(x, y), rtol=1e-15, atol=0)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    side=st.sampled_from([20, 40]),
    grid_walls=st.booleans(),
)
def test_pairs_one_wall_hides_are_those_the_hulls_walls_find(
    seed: int, side: int, grid_walls: bool
) -> None:
    # 000 "Cover": a wall between two creatures that hides all of each from the other leaves
    # no line of effect. Looked for along the line between the centres only, the same pairs
    # must be found as by testing every wall near the two spaces' hull.
    rng = np.random.default_rng(seed)
    starts = rng.uniform(1, side - 1, (120, 2))
    if grid_walls:
        starts = np.floor(starts)
        ends = starts + rng.integers(-4, 5, (120, 2))
    else:
        angle = rng.uniform(0, 2 * np.pi, 120)
        ends = starts + rng.uniform(1, 6, (120, 1)) * np.stack([np.cos(angle), np.sin(angle)], 1)
    index = SegmentIndex.build(np.concatenate([starts, ends], axis=1))
    corners = rng.integers(0, side - 2, (30, 2)).astype(np.float64)
    sides = rng.choice([0.5, 1.0, 2.0], 30)
    boxes = np.concatenate([corners, corners + sides[:, None]], axis=1)
    a, b = np.triu_indices(len(boxes), k=1)
    pair, seg = index.pairs_near_hulls(boxes[a], boxes[b])
    expected = np.zeros(len(a), dtype=np.bool_)
    expected[pair[separating_segments(boxes[a], boxes[b], pair, index.runs[seg])]] = True
    assert separated_pairs(index, boxes[a], boxes[b]).tolist() == expected.tolist()


def test_the_exact_sweep_sees_nothing_of_boxes_wholly_behind_walls() -> None:
    # 000 "Cover": a wall between the eye and the whole target leaves no line of effect; when
    # every box of the batch is behind one, the sweep has no interval left to measure
    got = exact_seen_fractions(
        np.asarray([[0.0, 0.5], [0.0, 3.5]]),
        np.full((2, 2), np.nan),
        np.asarray([[10.0, 0.0, 11.0, 1.0], [10.0, 3.0, 11.0, 4.0]]),
        np.asarray([0, 1], dtype=np.int64),
        np.asarray([[5.0, -5.0, 5.0, 2.0], [5.0, 2.0, 5.0, 9.0]]),
    )
    assert got.tolist() == [0.0, 0.0]
