"""The line test and the grazing choice (docs/design.md#sight), pinned by tables."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.wall_buckets import _bucket_cells
from orcus_desktop.geometry.walls import (
    Segment,
    SegmentIndex,
    node_segments,
    square_outline_segments,
)

# A room corner and a pillar used by several rows below.
L_WALLS = [((5, 5), (8, 5)), ((8, 5), (8, 8))]  # arms go left and down from (8, 5)
STRAIGHT = [((3, 0), (3, 5))]
PILLARS_TOUCHING = square_outline_segments([Square(1, 0)]) + square_outline_segments(
    [Square(0, 1)]
)  # two blocking squares meeting at the point (1, 1)
ONE_PILLAR = square_outline_segments([Square(1, 0)])


# 000 "Line of Sight": "If you can draw such a line without passing through something that
# blocks your vision, you can see the target." Our reading, one row per case.
LINE_TABLE = [
    # (walls, start, end, blocked, why)
    (STRAIGHT, (0, 1), (6, 1), True, "crosses the middle of a wall"),
    (STRAIGHT, (0, 0), (6, 0), False, "only touches the wall's end point (grazes it)"),
    (STRAIGHT, (3, -2), (3, 7), False, "runs along the wall"),
    (STRAIGHT, (0, -1), (6, 9), True, "crosses the wall's interior obliquely"),
    (L_WALLS, (7, 4), (9, 6), False, "grazes the outside of a room corner"),
    (L_WALLS, (9, 4), (7, 6), True, "passes through the corner point into the room"),
    (L_WALLS, (0, 5), (12, 5), False, "runs along an arm and touches the corner"),
    (PILLARS_TOUCHING, (0.5, 0.5), (2.5, 2.5), True, "squeezes between two touching pillars"),
    (ONE_PILLAR, (0.5, 0.5), (2.5, 2.5), False, "grazes one pillar's corner"),
    (ONE_PILLAR, (0, 0.5), (3, 0.5), True, "goes through a pillar"),
    (ONE_PILLAR, (0, 1), (3, 1), False, "runs along a pillar's side"),
    (ONE_PILLAR, (0.5, 2), (2.5, 0), True, "enters the pillar through its corner"),
]


@pytest.mark.parametrize(("walls", "start", "end", "blocked", "why"), LINE_TABLE)
def test_line_table(
    walls: list[Segment], start: Point, end: Point, blocked: bool, why: str
) -> None:
    index = SegmentIndex.build(walls)
    assert index.line_blocked(start, end) is blocked, why
    # a line is blocked or not whichever way it is drawn
    assert index.line_blocked(end, start) is blocked, why


# A corner of a creature's space lying on a wall sees only its own side of the wall
# (000 "Line of Sight": the line starts at "a corner of a square in your space").
CORNER_TABLE = [
    # (walls, corner, inward, end, blocked, why)
    ([((3, -5), (3, 5))], (3, 2), (-1, 0), (5, 2), True, "through the wall it stands on"),
    ([((3, -5), (3, 5))], (3, 2), (-1, 0), (1, 3), False, "away from the wall"),
    ([((3, 0), (3, 2))], (3, 2), (-1, -1), (5, 3), False, "round the wall's end"),
    ([((3, -5), (3, 5))], (3, 2), (-1, 0), (3, 4), False, "along the wall"),
]


@pytest.mark.parametrize(("walls", "corner", "inward", "end", "blocked", "why"), CORNER_TABLE)
def test_corner_on_a_wall(
    walls: list[Segment],
    corner: Point,
    inward: Point,
    end: Point,
    blocked: bool,
    why: str,
) -> None:
    index = SegmentIndex.build(walls)
    assert index.line_blocked(corner, end, start_inward=inward) is blocked, why
    assert index.line_blocked(end, corner, end_inward=inward) is blocked, why


def test_noding_splits_crossing_walls() -> None:
    noded = node_segments([((0, 0), (4, 4)), ((0, 4), (4, 0))])
    assert len(noded) == 4
    points = {tuple(row[:2]) for row in noded.tolist()} | {
        tuple(row[2:]) for row in noded.tolist()
    }
    assert (2.0, 2.0) in points


# coordinates on a 1/64 grid: exact in binary, no denormal noise
coord = st.integers(0, 20 * 64).map(lambda k: k / 64)
point = st.tuples(coord, coord)
segment = st.tuples(point, point).filter(lambda s: s[0] != s[1])


@settings(max_examples=60, deadline=None)
@given(walls=st.lists(segment, min_size=0, max_size=15), lines=st.lists(segment, max_size=20))
def test_bulk_test_agrees_with_shapely_in_general_position(
    walls: list[Segment], lines: list[Segment]
) -> None:
    """Random float lines almost surely cross or miss cleanly: then blocked == shapely crosses."""
    index = SegmentIndex.build(walls)
    starts = np.asarray([s[0] for s in lines], dtype=np.float64).reshape(-1, 2)
    ends = np.asarray([s[1] for s in lines], dtype=np.float64).reshape(-1, 2)
    got = index.lines_blocked(starts, ends)
    wall_geom = shapely.union_all([shapely.LineString(w) for w in walls]) if walls else None
    for i, line in enumerate(lines):
        geom = shapely.LineString(line)
        if wall_geom is None:
            assert not got[i]
            continue
        meet = shapely.intersection(geom, wall_geom)
        if meet.is_empty:
            assert not got[i]
        elif (
            meet.geom_type == "Point"
            and not any(meet.equals(shapely.Point(p)) for w in walls for p in w)
            and not any(meet.equals(shapely.Point(p)) for p in line)
        ):
            # one clean crossing in the interiors
            assert got[i]


def test_no_walls_never_blocks() -> None:
    index = SegmentIndex.build([])
    rng = np.random.default_rng(3)
    pts = rng.uniform(0, 10, (50, 2))
    assert not index.lines_blocked(pts, pts[::-1]).any()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-2, 6), st.integers(-2, 6), st.integers(-2, 6), st.integers(-2, 6)),
        max_size=8,
    )
)
def test_bucket_cells_match_the_loop(ranges: list[tuple[int, int, int, int]]) -> None:
    lo_r, hi_r, lo_c, hi_c = (np.asarray([r[k] for r in ranges], dtype=np.int64) for k in range(4))
    cells, items = [], []
    for i in range(len(ranges)):
        for r in range(lo_r[i], hi_r[i] + 1):
            for c in range(lo_c[i], hi_c[i] + 1):
                cells.append(r * 7 + c)
                items.append(i)
    got_cells, got_items = _bucket_cells(lo_r, hi_r, lo_c, hi_c, 7)
    assert got_cells.tolist() == cells
    assert got_items.tolist() == items


_grid_pt = st.tuples(st.integers(0, 8), st.integers(0, 8)).map(
    lambda p: (float(p[0]), float(p[1]))
)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(_grid_pt, _grid_pt).filter(lambda s: s[0] != s[1]), max_size=12))
def test_runs_hold_their_piece_and_lie_on_the_walls(walls: list[Segment]) -> None:
    """A run may replace its piece in "does one segment hide it all": it holds the piece and
    blocks nothing the walls do not."""
    index = SegmentIndex.build(walls)
    drawn = shapely.union_all([shapely.LineString(w) for w in walls]) if walls else None
    for piece, run in zip(index.segments.tolist(), index.runs.tolist(), strict=True):
        line = shapely.LineString([run[:2], run[2:]])
        assert line.distance(shapely.Point(piece[:2])) < 1e-9
        assert line.distance(shapely.Point(piece[2:])) < 1e-9
        assert drawn is not None
        assert line.difference(drawn.buffer(1e-9)).length < 1e-9
