"""Line of sight, line of effect, cover and concealment (000 "Line of Sight", "Line of Effect",
"Cover", "Concealment"; docs/rulings.md R-14, R-13, R-16)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.box_sweep import exact_seen_fractions
from orcus_desktop.geometry.corner_shares import space_corners
from orcus_desktop.geometry.cover import (
    cover,
    cover_table,
    degree_for_hidden_share,
)
from orcus_desktop.geometry.cover_buckets import ORCUS_BUCKETS
from orcus_desktop.geometry.features import Point, TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import Size
from orcus_desktop.geometry.sight import concealment, line_of_effect, line_of_sight, sight
from orcus_desktop.geometry.walls import box_segments, node_segments
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, Origin
from tests.geometry.builders import field, free_angle_walls, occ, patch, wall

_RANKS = ORCUS_BUCKETS.ranked_degrees
"""000's ranks: 0 none, 1 half, 2 three-quarters, 3 total (docs/rulings.md R-14)."""

# attacker "a" at (0, 0) and target "t" at (5, 0) unless a row says otherwise
A = occ("a", 0, 0)
T = occ("t", 5, 0, side="monsters")

SIGHT_TABLE = [
    # (walls, terrain, extra occupants, los, loe, cover, why)
    ((), (), (), True, True, "none", '000 "Line of Sight": nothing in the way'),
    (
        (wall((3, -1), (3, 20)),),
        (),
        (),
        False,
        False,
        "total",
        '000 "Line of Sight": a wall blocks vision; docs/rulings.md R-14: no line of effect '
        "is total cover",
    ),
    (
        (wall((3, -1), (3, 20), kind=WallKind.WINDOW),),
        (),
        (),
        True,
        False,
        "total",
        '000 "Line of Effect": "an obstacle can be solid but transparent"',
    ),
    (
        (wall((3, -1), (3, 20), kind=WallKind.DOOR, is_open=True),),
        (),
        (),
        True,
        True,
        "none",
        "an open door blocks nothing",
    ),
    (
        (wall((3, -1), (3, 20), kind=WallKind.DOOR),),
        (),
        (),
        False,
        False,
        "total",
        "a closed door is a wall",
    ),
    (
        (wall((3, 0.0), (3, 0.5)),),
        (),
        (),
        True,
        True,
        "none",
        "a short wall: the best corner (1, 1) sees all of the target past it",
    ),
    (
        (),
        (patch(TerrainKind.BLOCKING, (3, 0)),),
        (),
        False,
        False,
        "total",
        "a pillar in the row: lines along its sides reach only the target's edges (grazing is "
        "not blocked), no part with area: no line of sight; docs/rulings.md R-14: total",
    ),
    (
        (),
        (),
        (occ("m", 3, 0, side="monsters"),),
        True,
        True,
        "half",
        "docs/rulings.md R-13: a creature in between gives at most half cover",
    ),
    (
        (),
        (),
        (occ("m", 3, 0, side="heroes", size=Size.LARGE),),
        True,
        True,
        "half",
        '000 "Cover": "a creature, whether that creature is an enemy or a friend"; still half',
    ),
    (
        (),
        (patch(TerrainKind.HEAVILY_OBSCURED, (3, 0)),),
        (),
        True,
        True,
        "none",
        "obscured squares between do not block sight lines; only the target's square counts",
    ),
]


@pytest.mark.parametrize(("walls", "terrain", "extra", "los", "loe", "cov", "why"), SIGHT_TABLE)
def test_sight_table(
    walls: tuple[Wall, ...],
    terrain: tuple[TerrainPatch, ...],
    extra: tuple[Occupant, ...],
    los: bool,
    loe: bool,
    cov: str,
    why: str,
) -> None:
    bf = field(20, 20, walls, terrain, (A, T, *extra))
    assert line_of_sight(bf, "a", "t") is los, why
    assert line_of_effect(bf, "a", "t") is loe, why
    assert cover(bf, "a", "t").degree.value == cov, why


def test_half_cover_behind_a_low_wall() -> None:
    # 000 "Cover": half cover "if an obstacle blocks at least half of its body". A wall at x = 9
    # from y = 0.375 down: from the best corner (1, 0) the part of the target [10, 11] x [0, 1]
    # below the line through (9, 0.375) is hidden: 1 - 0.375 * 9.5 / 8 = 0.555.
    bf = field(20, 20, (wall((9, 0.375), (9, 20)),), (), (A, occ("t", 10, 0, side="monsters")))
    result = cover(bf, "a", "t")
    assert result.degree is CoverDegree.HALF
    assert result.hidden_share == pytest.approx(1 - 0.375 * 9.5 / 8)
    assert result.corner == (1.0, 0.0)


def test_cover_three_quarters_from_an_arrow_slit() -> None:
    # 000 "Cover": three-quarters "if about three-quarters of it is covered ... an arrow slit".
    # A long wall at x = 9 with a slit from y = 0 to 0.125; the target at [10, 11] x [0, 1].
    # From the best corner (1, 0) only y < 0.125 * (9 + a) / 8 is seen: hidden 1 - 0.125 * 9.5 / 8.
    slit = (wall((9, -1), (9, 0.0)), wall((9, 0.125), (9, 20)))
    bf = field(20, 20, slit, (), (A, occ("t", 10, 0, side="monsters")))
    result = cover(bf, "a", "t")
    assert result.degree is CoverDegree.THREE_QUARTERS
    assert result.hidden_share == pytest.approx(1 - 0.125 * 9.5 / 8)


@pytest.mark.parametrize(
    ("hidden", "degree"),
    [
        (0.0, CoverDegree.NONE),
        (0.49, CoverDegree.NONE),
        (0.5, CoverDegree.HALF),
        (0.74, CoverDegree.HALF),
        (0.75, CoverDegree.THREE_QUARTERS),
        (0.99, CoverDegree.THREE_QUARTERS),
        (1.0, CoverDegree.TOTAL),
    ],
)
def test_degree_thresholds(hidden: float, degree: CoverDegree) -> None:
    # docs/rulings.md R-14: >= 1/2 half, >= 3/4 three-quarters, all of it total.
    assert degree_for_hidden_share(hidden) is degree


def test_adjacent_across_a_long_wall_is_total_cover() -> None:
    bf = field(10, 10, (wall((1, -5), (1, 5)),), (), (A, occ("t", 1, 0, side="monsters")))
    assert cover(bf, "a", "t").degree is CoverDegree.TOTAL


def test_adjacent_past_a_one_square_wall_sees_round_its_end() -> None:
    # The wall is exactly the shared edge: the corners at its ends see round it (a line that
    # only touches a wall's end is not blocked); one square longer and the near corner lies in
    # the wall's middle, so only the far end is left, which still sees round it; a wall longer
    # on both sides leaves none.
    creatures = (occ("a", 0, 1), occ("t", 1, 1, "m"))
    exact = field(10, 10, (wall((1, 1), (1, 2)),), (), creatures)
    longer = field(10, 10, (wall((1, 0), (1, 2)),), (), creatures)
    both = field(10, 10, (wall((1, 0), (1, 3)),), (), creatures)
    assert cover(exact, "a", "t").degree is CoverDegree.NONE
    assert cover(longer, "a", "t").degree is CoverDegree.NONE
    assert cover(longer, "a", "t").corner == (1.0, 2.0)
    assert cover(both, "a", "t").degree is CoverDegree.TOTAL


def test_diagonal_squeeze_between_pillars_is_blocked() -> None:
    # docs/rulings.md R-20 for movement; for sight the same gap has no width either.
    bf = field(
        10,
        10,
        (),
        (patch(TerrainKind.BLOCKING, (1, 0), (0, 1)),),
        (A, occ("t", 3, 3, side="monsters")),
    )
    assert not line_of_sight(bf, "a", "t")
    assert cover(bf, "a", "t").degree is CoverDegree.TOTAL


CONCEALMENT_TABLE = [
    # (terrain kind on target square, target col, invisible, origin, expected, why)
    (None, 5, False, Origin.RANGED, "none", "clear square"),
    (
        TerrainKind.LIGHTLY_OBSCURED,
        5,
        False,
        Origin.RANGED,
        "concealed",
        '000: "A target in a lightly obscured square ... has concealment"',
    ),
    (
        TerrainKind.HEAVILY_OBSCURED,
        1,
        False,
        Origin.MELEE,
        "concealed",
        '000: "an adjacent target in a heavily obscured square has concealment"',
    ),
    (
        TerrainKind.HEAVILY_OBSCURED,
        5,
        False,
        Origin.RANGED,
        "total",
        '000: "A non-adjacent target in a heavily obscured square ... has total concealment"',
    ),
    (
        TerrainKind.TOTALLY_OBSCURED,
        1,
        False,
        Origin.MELEE,
        "total",
        '000: "any target in a totally obscured square has total concealment"',
    ),
    (
        None,
        5,
        True,
        Origin.RANGED,
        "total",
        '000: "An invisible target also has total concealment."',
    ),
    (
        TerrainKind.TOTALLY_OBSCURED,
        5,
        True,
        Origin.FAR,
        "none",
        '000: "Concealment penalties do not apply to Near or Far attacks."',
    ),
    (
        TerrainKind.LIGHTLY_OBSCURED,
        1,
        False,
        Origin.NEAR,
        "none",
        '000: "... do not apply to Near or Far attacks."',
    ),
]


@pytest.mark.parametrize(
    ("kind", "col", "invisible", "origin", "expected", "why"), CONCEALMENT_TABLE
)
def test_concealment_table(
    kind: TerrainKind | None,
    col: int,
    invisible: bool,
    origin: Origin,
    expected: str,
    why: str,
) -> None:
    terrain = () if kind is None else (patch(kind, (col, 0)),)
    target = occ("t", col, 0, side="monsters", invisible=invisible)
    bf = field(20, 20, (), terrain, (A, target))
    assert concealment(bf, "a", "t", origin) is ConcealmentDegree(expected), why


def test_large_target_partly_in_fog_uses_its_clearest_square() -> None:
    target = occ("t", 5, 0, side="monsters", size=Size.LARGE)
    bf = field(
        20, 20, (), (patch(TerrainKind.HEAVILY_OBSCURED, (5, 0), (6, 0), (5, 1)),), (A, target)
    )
    assert concealment(bf, "a", "t") is ConcealmentDegree.NONE


def test_sight_bundles_everything() -> None:
    bf = field(20, 20, (wall((3, -1), (3, 20), kind=WallKind.WINDOW),), (), (A, T))
    result = sight(bf, "a", "t")
    assert (result.line_of_sight, result.line_of_effect) == (True, False)
    assert result.cover.degree is CoverDegree.TOTAL
    assert result.concealment is ConcealmentDegree.NONE


sizes = st.sampled_from(list(Size))
cells = st.tuples(st.integers(0, 14), st.integers(0, 14))


@settings(max_examples=40, deadline=None)
@given(a=cells, b=cells, sa=sizes, sb=sizes)
def test_cover_with_no_walls_is_none(
    a: tuple[int, int], b: tuple[int, int], sa: Size, sb: Size
) -> None:
    """docs/design.md#testing: with no walls and no creatures in between, cover is none."""
    attacker = occ("a", *a, size=sa)
    target = occ("t", *b, side="monsters", size=sb)
    bf = field(20, 20, (), (), (attacker, target))
    assert cover(bf, "a", "t").degree is CoverDegree.NONE
    assert line_of_sight(bf, "a", "t")
    assert line_of_effect(bf, "t", "a")


def test_map_indexes_are_shared_between_snapshots_of_the_same_map() -> None:
    walls = (wall((3, -1), (3, 20)),)
    first = field(20, 20, walls, (), (A, T))
    moved = first.with_occupants((A, occ("t", 1, 1, side="monsters")))
    assert moved.sight_index is first.sight_index
    assert line_of_sight(moved, "a", "t")
    assert not line_of_sight(first, "a", "t")
    # a different wall tuple with equal walls is a different map state, same answers
    again = field(20, 20, (wall((3, -1), (3, 20)),), (), (A, T))
    assert not line_of_sight(again, "a", "t")
    other = field(20, 20, (wall((30, -1), (30, 20)),), (), (A, T))
    assert other.sight_index is not first.sight_index
    assert line_of_sight(other, "a", "t")


# --- the batched cover against a straightforward one ---------------------------------------


def _cover_reference(
    bf: Battlefield, attacker: Occupant, target: Occupant
) -> tuple[CoverDegree, float, Point | None]:
    """Cover by the rules, pair by pair and corner by corner, every share measured in full.

    The shapely hull of the two spaces picks the walls and the creatures (meeting it with area)
    that can stand between them; `exact_seen_fractions` measures each corner with no shortcut.
    """
    index = bf.effect_index
    box = target.space.bounds()
    pts = [(x, y) for b in (attacker.space.bounds(), box) for x in b[0::2] for y in b[1::2]]
    hull = shapely.convex_hull(shapely.MultiPoint(pts))
    segs = index.segments[index.pairs_in_geometries(np.asarray([hull]))[1]]
    outline = [
        s
        for o in bf.occupants
        if o.id not in (attacker.id, target.id)
        and hull.intersects(g := shapely.box(*o.space.bounds()))
        and not hull.touches(g)
        for s in box_segments(o.space.bounds())
    ]
    creature_segs = np.asarray(outline, dtype=np.float64).reshape(-1, 4)

    def shares(blocking: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        seen = []
        for point, inward in space_corners(attacker.space):
            inw = (np.nan, np.nan) if inward is None else inward
            seen.append(
                exact_seen_fractions(
                    np.asarray([point], dtype=np.float64),
                    np.asarray([inw], dtype=np.float64),
                    np.asarray([box], dtype=np.float64),
                    np.zeros(len(blocking), dtype=np.int64),
                    blocking,
                )[0]
            )
        return np.asarray(seen)

    walls = shares(segs)
    both = walls
    if walls.max() > 0.5 + 1e-9 and len(bf.occupants) >= 3 and len(creature_segs):
        both = shares(
            node_segments([(tuple(s[:2]), tuple(s[2:])) for s in [*segs, *creature_segs]])
        )
    if walls.max() <= 1e-9:
        return CoverDegree.TOTAL, 1.0, None
    ranks = [
        max(
            _RANKS.index(degree_for_hidden_share(1 - w)),
            min(_RANKS.index(degree_for_hidden_share(1 - b)), 1),
        )
        for w, b in zip(walls, both, strict=True)
    ]
    hidden = np.clip(1 - both, 0.0, 1.0)
    least = min(ranks)
    least_hidden = min(h for h, r in zip(hidden, ranks, strict=True) if r == least)
    k = next(
        i
        for i, (h, r) in enumerate(zip(hidden, ranks, strict=True))
        if r == least and h <= least_hidden + 1e-9
    )
    if least == 3:
        return CoverDegree.TOTAL, 1.0, None
    return _RANKS[least], float(hidden[k]), space_corners(attacker.space)[k][0]


def _assert_cover_tables_agree(bf: Battlefield) -> None:
    table = cover_table(bf)
    for (a, t), got in table.items():
        degree, hidden, corner = _cover_reference(bf, bf.occupant(a), bf.occupant(t))
        assert (got.degree, got.corner) == (degree, corner), (a, t)
        assert got.hidden_share == pytest.approx(hidden, abs=1e-9), (a, t)
        single = cover(bf, a, t)  # one pair alone: the same answer
        assert (single.degree, single.corner) == (degree, corner), (a, t)
        assert single.hidden_share == pytest.approx(hidden, abs=1e-9), (a, t)


_wall_pt = st.tuples(st.integers(0, 14), st.integers(0, 14)).map(
    lambda p: (float(p[0]), float(p[1]))
)
_odd_pt = st.tuples(
    st.floats(0, 14, allow_nan=False).map(lambda v: round(v * 4) / 4),
    st.floats(0, 14, allow_nan=False).map(lambda v: round(v * 4) / 4),
)


@st.composite
def _cover_fields(draw: st.DrawFn) -> Battlefield:
    walls = [
        wall(a, b, kind=draw(st.sampled_from([WallKind.WALL, WallKind.WINDOW])))
        for a, b in draw(
            st.lists(
                st.tuples(st.one_of(_wall_pt, _odd_pt), st.one_of(_wall_pt, _odd_pt)).filter(
                    lambda s: s[0] != s[1]
                ),
                max_size=10,
            )
        )
    ]
    blocking = draw(st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=4))
    terrain = (patch(TerrainKind.BLOCKING, *blocking),) if blocking else ()
    tokens = draw(
        st.lists(
            st.tuples(st.integers(0, 12), st.integers(0, 12), sizes),
            min_size=2,
            max_size=6,
            unique_by=lambda t: (t[0], t[1]),
        )
    )
    occupants = [
        occ(f"c{k}", c, r, side="heroes" if k % 2 else "monsters", size=size)
        for k, (c, r, size) in enumerate(tokens)
    ]
    return field(15, 15, walls, terrain, occupants)


@settings(max_examples=int(__import__("os").environ.get("COVER_EXAMPLES", 60)), deadline=None)
@given(_cover_fields())
def test_cover_table_matches_the_straightforward_rule(bf: Battlefield) -> None:
    _assert_cover_tables_agree(bf)


@pytest.mark.parametrize(
    "tokens",
    [
        # the attacker's corner (0, 2) on the large creature's outline: lines from it run
        # inside that space and leave through its far side, which must still hide
        [("c0", 0, 0, Size.TINY), ("c1", 0, 1, Size.LARGE), ("c2", 0, 2, Size.SMALL)],
        # a creature squarely between, and one beside the line with a corner on it
        [
            ("a", 0, 4, Size.MEDIUM),
            ("m", 3, 4, Size.LARGE),
            ("n", 5, 2, Size.MEDIUM),
            ("t", 8, 4, Size.MEDIUM),
        ],
    ],
)
def test_creatures_hide_from_corners_on_and_off_their_outlines(
    tokens: list[tuple[str, int, int, Size]],
) -> None:
    # docs/rulings.md R-13: creatures give cover of their own; the batched pass measures only
    # the sides of a creature that face the corner, unless the corner is on or in its space
    bf = field(15, 15, (), (), [occ(i, c, r, size=z) for i, c, r, z in tokens])
    _assert_cover_tables_agree(bf)


@pytest.mark.parametrize("kind", ["scatter", "rooms", "free-angle"])
def test_cover_table_matches_on_the_benchmark_maps(kind: str) -> None:
    from bench_geometry import scenario  # benchmarks/geometry (pytest's pythonpath)

    if kind == "free-angle":
        # issue 14's peer benchmark map: 1,000 walls at any angle, where the batched passes
        # take every shortcut (one wall separating, one run hiding, walls measured reused)
        rng = np.random.default_rng(7)
        walls = free_angle_walls(rng, 1_000, 100)
        cells = rng.choice(900, size=14, replace=False)
        tokens = [occ(f"t{k}", 35 + int(c % 30), 35 + int(c // 30)) for k, c in enumerate(cells)]
        bf = field(100, 100, walls, (), tokens)
    else:
        bf = scenario(kind=kind)
    ids = [o.id for o in bf.occupants[:14]]
    small = bf.with_occupants(bf.occupant(i) for i in ids)
    _assert_cover_tables_agree(small)
