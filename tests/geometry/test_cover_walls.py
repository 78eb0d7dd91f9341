"""Cover's walls-only shares kept per map state (`cover_walls`): the answers never change.

000 "Cover": the share of the target hidden from the attacker's best corner, by walls and by
other creatures (docs/rulings.md R-13, R-14). What walls hide depends on the map and the two
spaces only, so it is kept per map state; what creatures hide is kept there too, by the
spaces of the creatures that count (`cover_creatures`).
"""

from __future__ import annotations

import numpy as np
import pytest

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.cover import CoverResult, cover, cover_table
from orcus_desktop.geometry.cover_buckets import CoverBuckets
from orcus_desktop.geometry.cover_walls import KEPT_PAIRS, KeptRows, forget_kept_shares
from orcus_desktop.geometry.grid import Square
from orcus_desktop.vocabulary import CoverDegree
from tests.geometry.builders import field, free_angle_walls, occ, wall

# a wall at x = 9 from y = 0.375 down (test_sight: half cover from (1, 0) for a target at 10, 0)
LOW_WALL = wall((9, 0.375), (9, 20))


def _fresh(bf: Battlefield) -> dict[tuple[str, str], CoverResult]:
    forget_kept_shares(bf)
    return cover_table(bf)


def _assert_same(
    got: dict[tuple[str, str], CoverResult], expected: dict[tuple[str, str], CoverResult]
) -> None:
    """The same degrees and corners; shares up to float rounding (CoverResult's contract)."""
    assert got.keys() == expected.keys()
    for pair, result in expected.items():
        assert (got[pair].degree, got[pair].corner) == (result.degree, result.corner), pair
        assert got[pair].hidden_share == pytest.approx(result.hidden_share, abs=1e-9), pair


def test_a_table_after_a_move_is_the_table_measured_from_nothing() -> None:
    walls = (LOW_WALL, wall((4, 3), (6, 6)), wall((12, 1), (13, 4)))
    tokens = [occ(f"c{k}", c, r) for k, (c, r) in enumerate([(0, 0), (10, 0), (5, 1), (11, 4)])]
    bf = field(20, 20, walls, (), tokens)
    first = cover_table(bf)
    _assert_same(first, _fresh(bf))
    # c2 steps from (5, 1) to (6, 0), between c1 and c0: from c1's corners the low wall hides
    # nothing of c0, c2 hides all of it, but creatures give half cover at most
    moved = bf.with_occupants([*tokens[:2], tokens[2].moved_to(Square(6, 0)), tokens[3]])
    kept = cover_table(moved)
    _assert_same(kept, _fresh(moved))
    assert first[("c1", "c0")].degree is CoverDegree.NONE
    assert kept[("c1", "c0")].degree is CoverDegree.HALF


def test_a_creature_stepping_in_front_adds_its_cover_to_the_kept_walls() -> None:
    # docs/rulings.md R-13: the creature in between gives half cover on its own
    a, t = occ("a", 0, 0), occ("t", 10, 0, side="monsters")
    bf = field(20, 20, (), (), (a, t, occ("m", 5, 8)))
    assert cover(bf, "a", "t").degree is CoverDegree.NONE
    between = bf.with_occupants([a, t, occ("m", 5, 0)])
    assert cover(between, "a", "t").degree is CoverDegree.HALF


def test_another_map_does_not_read_the_shares_kept_for_the_first() -> None:
    a, t = occ("a", 0, 0), occ("t", 10, 0, side="monsters")
    open_field = field(20, 20, (), (), (a, t))
    assert cover(open_field, "a", "t").degree is CoverDegree.NONE
    walled = field(20, 20, (LOW_WALL,), (), (a, t))
    result = cover(walled, "a", "t")
    assert result.degree is CoverDegree.HALF
    assert result.hidden_share == pytest.approx(1 - 0.375 * 9.5 / 8)


def test_each_cover_scale_reads_only_what_was_measured_for_it() -> None:
    # Which corners the creature pass measures depends on the scale (docs/rulings.md R-13:
    # creatures give at most half; here level 1 of 000's scale, then of a stricter one), so a
    # table under one scale must not reuse the creature shares kept for another.
    from bench_geometry import scenario  # benchmarks/geometry (pytest's pythonpath)

    bf = scenario(kind="rooms")
    small = bf.with_occupants(bf.occupants[:24])
    stricter = CoverBuckets((0.6, 0.8))
    forget_kept_shares(small)
    _assert_same(cover_table(small), _fresh(small))
    kept = cover_table(small, buckets=stricter)
    forget_kept_shares(small)
    _assert_same(kept, cover_table(small, buckets=stricter))


def test_kept_rows_read_back_what_was_kept_and_forget_past_the_limit() -> None:
    rows = KeptRows()
    assert rows.find(np.asarray([5], dtype=np.int64)).tolist() == [-1]
    # key 9 has two rows, key 3 one, key 7 three; key 3 given twice is kept once
    keys = np.asarray([9, 3, 7, 3], dtype=np.int64)
    rows.add(keys, np.asarray([2, 1, 3, 1]), np.asarray([0.9, 0.8, 0.3, 0.7, 0.6, 0.5, 0.3]))
    assert len(rows) == 3
    where = rows.find(np.asarray([7, 4, 9, 3], dtype=np.int64))
    assert (where >= 0).tolist() == [True, False, True, True]
    assert rows.rows(where[[0, 2, 3]]).tolist() == [0.7, 0.6, 0.5, 0.9, 0.8, 0.3]
    rows.add(np.asarray([1], dtype=np.int64), np.asarray([1]), np.asarray([0.25]))
    assert rows.rows(rows.find(np.asarray([1, 9], dtype=np.int64))).tolist() == [0.25, 0.9, 0.8]
    # past KEPT_PAIRS keys, what was kept before goes; the new keys stay
    many = np.arange(100, 100 + KEPT_PAIRS - 1, dtype=np.int64)
    rows.add(many, np.ones(len(many), dtype=np.int64), np.zeros(len(many)))
    assert rows.find(np.asarray([9, 100], dtype=np.int64)).tolist()[0] == -1
    assert len(rows) == len(many)


def test_kept_shares_on_free_angle_walls_match_a_table_measured_from_nothing() -> None:
    # 000 "Cover": each table after a token moves, read partly from the shares kept for the
    # map state, is the table measured from nothing (walls at any angle, creatures between)
    rng = np.random.default_rng(5)
    walls = free_angle_walls(rng, 40, 20)
    squares = rng.choice(400, size=9, replace=False)
    tokens = [occ(f"c{k}", int(s % 20), int(s // 20)) for k, s in enumerate(squares)]
    bf = field(20, 20, walls, (), tokens)
    cover_table(bf)
    for step in range(6):
        taken = {o.square for o in tokens}
        free = [Square(c, r) for c in range(20) for r in range(20) if Square(c, r) not in taken]
        k = step % len(tokens)
        tokens[k] = tokens[k].moved_to(free[int(rng.integers(len(free)))])
        moved = bf.with_occupants(tokens)
        kept = cover_table(moved)
        _assert_same(kept, _fresh(moved))
