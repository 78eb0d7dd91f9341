"""The ruleset's cover scale buckets the measured hidden share (D3, docs/rulesets.md).

The geometry keeps measuring the exact share; only which share is which degree is data.
"""

from __future__ import annotations

import pytest

from orcus_desktop.geometry.cover import cover, cover_table, degree_for_hidden_share
from orcus_desktop.geometry.cover_buckets import ORCUS_BUCKETS, CoverBuckets
from orcus_desktop.vocabulary import CoverDegree
from tests.geometry.builders import field, occ, wall

A = occ("a", 1, 0)
# test_sight.test_half_cover_behind_a_low_wall: the target is 0.555 hidden (000 half cover).
LOW_WALL = field(20, 20, (wall((9, 0.375), (9, 20)),), (), (A, occ("t", 10, 0, side="monsters")))


def test_orcus_buckets_are_rulings_cover_degree() -> None:
    # docs/rulings.md R-14: >= 1/2 half, >= 3/4 three-quarters; "Cover from creatures": half.
    assert CoverBuckets((0.5, 0.75), 1) == ORCUS_BUCKETS
    assert cover(LOW_WALL, "a", "t").degree is CoverDegree.HALF


def test_other_thresholds_change_the_degree_not_the_share() -> None:
    stricter = CoverBuckets((0.6, 0.8))
    orcus = cover(LOW_WALL, "a", "t")
    result = cover(LOW_WALL, "a", "t", stricter)
    assert result.degree is CoverDegree.NONE
    assert result.hidden_share == pytest.approx(orcus.hidden_share)
    assert cover_table(LOW_WALL, buckets=stricter)[("a", "t")].degree is CoverDegree.NONE
    assert degree_for_hidden_share(0.7, stricter) is CoverDegree.HALF
    assert degree_for_hidden_share(0.7) is CoverDegree.HALF
    assert degree_for_hidden_share(0.55, stricter) is CoverDegree.NONE


def test_creatures_give_at_most_the_cap() -> None:
    # A creature squarely between: half cover (docs/rulings.md R-13); a cap of 0: none.
    line = field(20, 20, (), (), (A, occ("m", 5, 0), occ("t", 10, 0, side="monsters")))
    assert cover(line, "a", "t").degree is CoverDegree.HALF
    assert cover(line, "a", "t", CoverBuckets((0.5, 0.75), 0)).degree is CoverDegree.NONE


def test_thresholds_must_rise_between_0_and_1() -> None:
    with pytest.raises(ValueError, match="rise"):
        CoverBuckets((0.75, 0.5))


# 001-11, 001 l.148-156 "1/4 Cover +0, 1/2 Cover +1, 3/4 Cover +2, 7/8 Cover +3"; creatures
# still give at most half (docs/rulings.md R-13), level 2 of that scale.
QUARTERS = CoverBuckets(
    (0.25, 0.5, 0.75, 0.875),
    2,
    (
        CoverDegree.QUARTER,
        CoverDegree.HALF,
        CoverDegree.THREE_QUARTERS,
        CoverDegree.SEVEN_EIGHTHS,
    ),
)


@pytest.mark.parametrize(
    ("wall_from", "quarters", "orcus"),
    [
        (0.6, CoverDegree.QUARTER, CoverDegree.NONE),  # 0.27 hidden
        (0.4, CoverDegree.HALF, CoverDegree.HALF),  # 0.51
        (0.2, CoverDegree.THREE_QUARTERS, CoverDegree.THREE_QUARTERS),  # 0.76
        (0.1, CoverDegree.SEVEN_EIGHTHS, CoverDegree.THREE_QUARTERS),  # 0.88
    ],
)
def test_001_11_four_levels_from_the_same_measured_share(
    wall_from: float, quarters: CoverDegree, orcus: CoverDegree
) -> None:
    bf = field(20, 20, (wall((9, wall_from), (9, 20)),), (), (A, occ("t", 10, 0, side="m")))
    measured = cover(bf, "a", "t")
    result = cover(bf, "a", "t", QUARTERS)
    assert (result.degree, measured.degree) == (quarters, orcus)
    assert result.hidden_share == pytest.approx(measured.hidden_share)
    assert cover_table(bf, buckets=QUARTERS)[("a", "t")].degree is quarters
    assert degree_for_hidden_share(result.hidden_share, QUARTERS) is quarters


def test_001_11_creatures_in_the_way_still_cap_at_half() -> None:
    line = field(20, 20, (), (), (A, occ("m", 5, 0), occ("t", 10, 0, side="monsters")))
    assert cover(line, "a", "t", QUARTERS).degree is CoverDegree.HALF
    assert cover_table(line, buckets=QUARTERS)[("a", "t")].degree is CoverDegree.HALF


def test_degrees_must_rise_one_per_threshold() -> None:
    with pytest.raises(ValueError, match="one per threshold"):
        CoverBuckets((0.25, 0.5), 1, (CoverDegree.HALF, CoverDegree.QUARTER))
    with pytest.raises(ValueError, match="one per threshold"):
        CoverBuckets((0.25, 0.5, 0.75), 1)
