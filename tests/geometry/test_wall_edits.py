"""A door opened or closed changes the wall index in place (issue 33), with the same answers.

000 "Line of Sight" and "Line of Effect": a closed door blocks both, an open one neither; a
window blocks effect only (R-60). The index of the map state before the door changed is updated
for the door's segments (`geometry/wall_edits.py`) instead of noding every wall again; these
tests hold it, and every sight, effect, cover, light and view answer built on it, to a map
state built afresh, on seeded caves of free-angle walls with doors and windows in them, blocking
squares, and doors set into straight walls (where a closed door joins its wall's two sides into
one straight run).
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
import shapely

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.cover import cover_table
from orcus_desktop.geometry.features import TerrainKind, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.light import Illumination, LightArea, LightingScene
from orcus_desktop.geometry.lighting import light_levels
from orcus_desktop.geometry.lit_view import lit_view_rings
from orcus_desktop.geometry.occupant_views import occupant_view_array
from orcus_desktop.geometry.sight import spaces_reach_spaces, spaces_see_spaces
from orcus_desktop.geometry.wall_buckets import bucket_table
from orcus_desktop.geometry.walls import FloatArray, SegmentIndex
from tests.geometry.builders import occ, patch, wall
from tests.geometry.test_lit_view import as_shape

SIDE = 40
PITCH = 8
PILLARS = (patch(TerrainKind.BLOCKING, (10, 10), (11, 10), (25, 26)),)
"""Blocking squares (their outline blocks too), one value as a document keeps it."""


def cave(rng: random.Random) -> list[Wall]:
    """Chambers whose borders wander at free angles, each border holding a door or a window,
    some borders straight with a door set into them, and a few walls crossing the others."""
    walls: list[Wall] = []
    for k in range(1, SIDE // PITCH):
        for vertical in (False, True):
            at = k * PITCH + (0 if k % 2 else rng.uniform(-1, 1))
            straight = rng.random() < 0.3
            points = []
            for i in range(SIDE + 1):
                jitter = 0.0 if straight else rng.uniform(-0.6, 0.6)
                points.append((at + jitter, float(i)) if vertical else (float(i), at + jitter))
            gaps = sorted(rng.sample(range(2, SIDE - 2, 3), 3))
            start = 0
            for g in gaps:
                walls.append(Wall(WallKind.WALL, tuple(points[start : g + 1])))
                kind = WallKind.WINDOW if rng.random() < 0.2 else WallKind.DOOR
                walls.append(Wall(kind, (points[g], points[g + 1]), is_open=rng.random() < 0.5))
                start = g + 1
            walls.append(Wall(WallKind.WALL, tuple(points[start:])))
    for _ in range(12):
        x, y = rng.uniform(2, SIDE - 2), rng.uniform(2, SIDE - 2)
        end = (x + rng.uniform(-5, 5), y + rng.uniform(-5, 5))
        walls.append(
            wall((x, y), end, kind=WallKind.DOOR if rng.random() < 0.5 else WallKind.WALL)
        )
    return walls


def creatures(rng: random.Random) -> tuple[Occupant, ...]:
    sizes = (Size.MEDIUM, Size.MEDIUM, Size.LARGE, Size.TINY)
    return tuple(
        occ(f"c{i}", rng.randrange(SIDE - 2), rng.randrange(SIDE - 2), size=rng.choice(sizes))
        for i in range(10)
    )


def field(walls: list[Wall], occupants: tuple[Occupant, ...]) -> Battlefield:
    lights = tuple(
        LightArea(Space(Square(c, r), Size.MEDIUM), 2, 5)
        for c, r in ((4, 4), (12, 20), (20, 20), (30, 9), (35, 33), (8, 31))
    )
    return Battlefield(
        GridBounds(SIDE, SIDE),
        walls=tuple(walls),
        terrain=PILLARS,
        occupants=occupants,
        lighting=LightingScene(Illumination.DARK, lights),
    )


def afresh(walls: list[Wall]) -> list[Wall]:
    """The same walls as new values: a map state nothing is carried into."""
    return [Wall(w.kind, w.points, w.is_open) for w in walls]


def pieces(index: SegmentIndex) -> FloatArray:
    """The noded segments, each from its smaller end, sorted: the index's content as a set."""
    s = index.segments.copy()
    swap = (s[:, 0] > s[:, 2]) | ((s[:, 0] == s[:, 2]) & (s[:, 1] > s[:, 3]))
    s[swap] = s[swap][:, [2, 3, 0, 1]]
    out: FloatArray = s[np.lexsort(s.T[::-1])]
    return out


def with_runs(index: SegmentIndex) -> FloatArray:
    """Each noded segment (from its smaller end) beside its straight run, sorted."""
    s = index.segments.copy()
    swap = (s[:, 0] > s[:, 2]) | ((s[:, 0] == s[:, 2]) & (s[:, 1] > s[:, 3]))
    s[swap] = s[swap][:, [2, 3, 0, 1]]
    rows = np.concatenate([s, index.runs], axis=1)
    out: FloatArray = rows[np.lexsort(rows.T[::-1])]
    return out


def toggled(walls: list[Wall], i: int) -> list[Wall]:
    out = list(walls)
    out[i] = replace(out[i], is_open=not out[i].is_open)
    return out


def carried(after: SegmentIndex, before: SegmentIndex) -> bool:
    """Whether `after` was made from `before` in place (it holds before's shapely lines)."""
    kept = {id(g) for g in before.geometries.tolist()}
    return any(id(g) in kept for g in after.geometries.tolist())


@pytest.mark.parametrize("seed", range(6))
def test_a_door_toggled_updates_the_index_to_the_pieces_a_fresh_build_gives(seed: int) -> None:
    rng = random.Random(seed)
    walls = cave(rng)
    occupants = creatures(rng)
    state = field(walls, occupants)
    for index in ("sight_index", "effect_index", "wall_only_effect_index"):
        getattr(state, index)
    doors = [i for i, w in enumerate(walls) if w.kind is WallKind.DOOR]
    for door in rng.sample(doors, 8):
        before = state
        walls = toggled(walls, door)
        state = field(walls, occupants)
        fresh = field(afresh(walls), occupants)
        for index in ("sight_index", "effect_index", "wall_only_effect_index"):
            got, want = getattr(state, index), getattr(fresh, index)
            assert carried(got, getattr(before, index)), index
            assert np.array_equal(pieces(got), pieces(want)), index
            assert np.array_equal(with_runs(got), with_runs(want)), index
            assert not carried(want, getattr(before, index))


@pytest.mark.parametrize("seed", range(6))
def test_after_a_door_toggle_every_sight_cover_and_light_answer_is_as_afresh(seed: int) -> None:
    rng = random.Random(100 + seed)
    walls = cave(rng)
    occupants = creatures(rng)
    state = field(walls, occupants)
    pairs = [(a.space, b.space) for a in occupants for b in occupants if a.id != b.id]
    spaces_see_spaces(state, pairs)
    spaces_reach_spaces(state, pairs)
    light_levels(state)
    cover_table(state)
    views = [occupant_view_array(state, o.id) for o in occupants]
    lines = np.asarray([[rng.uniform(0, SIDE) for _ in range(4)] for _ in range(400)])
    doors = [i for i, w in enumerate(walls) if w.kind is WallKind.DOOR]
    for door in rng.sample(doors, 5):
        walls = toggled(walls, door)
        state = field(walls, occupants)
        fresh = field(afresh(walls), occupants)
        assert np.array_equal(
            state.sight_index.lines_blocked(lines[:, :2], lines[:, 2:]),
            fresh.sight_index.lines_blocked(lines[:, :2], lines[:, 2:]),
        )
        assert np.array_equal(
            state.effect_index.lines_blocked(lines[:, :2], lines[:, 2:]),
            fresh.effect_index.lines_blocked(lines[:, :2], lines[:, 2:]),
        )
        assert spaces_see_spaces(state, pairs) == spaces_see_spaces(fresh, pairs)
        assert spaces_reach_spaces(state, pairs) == spaces_reach_spaces(fresh, pairs)
        assert cover_table(state) == cover_table(fresh)
        assert np.array_equal(light_levels(state), light_levels(fresh))
        views = [occupant_view_array(state, o.id) for o in occupants]
        for o, view in zip(occupants, views, strict=True):
            want = occupant_view_array(fresh, o.id)
            assert shapely.Polygon(view).symmetric_difference(shapely.Polygon(want)).area < 1e-9
        got = lit_view_rings(state, list(occupants), views)
        want_rings = lit_view_rings(
            fresh, list(occupants), [occupant_view_array(fresh, o.id) for o in occupants]
        )
        assert (
            shapely.area(shapely.symmetric_difference(as_shape(got), as_shape(want_rings))) < 1e-9
        )


def test_a_door_in_a_straight_wall_joins_and_parts_its_run() -> None:
    """Closed, the door and its wall's two sides are one straight run; open, two runs."""
    left = wall((0.0, 5.0), (4.0, 5.0))
    door = wall((4.0, 5.0), (6.0, 5.0), kind=WallKind.DOOR)
    right = wall((6.0, 5.0), (10.0, 5.0))
    across = wall((5.0, 0.0), (5.0, 10.0))  # splits the closed door in its middle
    walls = [left, door, right, across]
    closed = field(walls, ())
    assert closed.sight_index.all_runs.tolist().count([0.0, 5.0, 10.0, 5.0]) == 1
    opened = field(toggled(walls, 1), ())
    got = opened.sight_index
    assert carried(got, closed.sight_index)
    assert [0.0, 5.0, 10.0, 5.0] not in got.all_runs.tolist()
    assert np.array_equal(pieces(got), pieces(field(afresh(toggled(walls, 1)), ()).sight_index))
    # the wall across is whole again where the open door no longer meets it
    assert [5.0, 0.0, 5.0, 10.0] in pieces(got).tolist()
    assert not got.line_blocked((5.5, 4.0), (5.5, 6.0))  # through the open doorway
    assert closed.sight_index.line_blocked((5.5, 4.0), (5.5, 6.0))


@pytest.mark.parametrize("seed", range(3))
def test_after_doors_the_kept_tree_finds_the_segments_a_fresh_tree_finds(seed: int) -> None:
    """Issue 33: the map's STRtree is kept through doors (`wall_edits.EditedTree`), with the
    same segments found for every box and line as a tree of the changed walls built afresh."""
    rng = random.Random(200 + seed)
    walls = cave(rng)
    occupants = creatures(rng)
    state = field(walls, occupants)
    state.sight_index.pairs_near_hulls(np.zeros((1, 4)), np.ones((1, 4)))  # builds its tree
    boxes = np.asarray(
        [
            (x, y, x + rng.uniform(0.5, 9), y + rng.uniform(0.5, 9))
            for x, y in ((rng.uniform(0, SIDE), rng.uniform(0, SIDE)) for _ in range(60))
        ]
    )
    lines = shapely.linestrings(
        np.asarray([[rng.uniform(0, SIDE) for _ in range(4)] for _ in range(60)]).reshape(-1, 2, 2)
    )
    doors = [i for i, w in enumerate(walls) if w.kind is WallKind.DOOR]
    for door in rng.sample(doors, 6):
        walls = toggled(walls, door)
        state = field(walls, occupants)
        got, want = state.sight_index, field(afresh(walls), occupants).sight_index
        assert "_tree" in got.__dict__  # kept, not built again
        # the bucket table updated in place is the one its segments would be given afresh
        table = bucket_table(got.segments, got.grid)
        assert all(np.array_equal(a, b) for a, b in zip(got.bucket_items, table, strict=True))

        def found(
            index: SegmentIndex, rows: tuple[np.ndarray, np.ndarray]
        ) -> set[tuple[int, bytes]]:
            return {(int(i), index.segments[s].tobytes()) for i, s in zip(*rows, strict=True)}

        lo, hi = boxes[:, :2], boxes[:, 2:]
        assert found(got, got.pairs_near_hulls(boxes, boxes)) == found(
            want, want.pairs_near_hulls(boxes, boxes)
        )
        assert found(got, got.pairs_in_geometries(lines)) == found(
            want, want.pairs_in_geometries(lines)
        )
        assert np.array_equal(
            got.segments_intersecting(lo, hi), want.segments_intersecting(lo, hi)
        )
