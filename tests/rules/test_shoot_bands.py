"""001's Shoot! tables as numbers (001-17, 001-18, 001-33)."""

from __future__ import annotations

import pytest

from orcus_desktop.rules.variants.strike.shoot import (
    AttackStyle,
    ShotFacts,
    distance_band,
    help_bonus,
    shot_modifiers,
)


@pytest.mark.parametrize(
    ("squares", "band"),
    [(0, 0), (1, 1), (2, 2), (3, 2), (4, 3), (7, 3), (8, 4), (15, 4), (40, 4)],
)
def test_range_and_speed_bands(squares: int, band: int) -> None:
    # 001 l.188-216 "0 0 / 1 -1 / 2-3 -2 / 4-7 -3 / 8-15 -4" (both tables).
    assert distance_band(squares) == band


@pytest.mark.parametrize(("helpers", "bonus"), [(1, 1), (2, 2), (3, 2), (4, 3), (6, 3)])
def test_help_by_the_number_of_helpers(helpers: int, bonus: int) -> None:
    # 001 l.300-302 "+1 ... +2 if there are two or three, and +3 if there are four or more".
    assert help_bonus(range(helpers)) == bonus


def test_strikes_and_areas_take_no_shoot_bands() -> None:
    facts = ShotFacts(range_squares=9, target_moved=5, shooter_engaged_by=1)
    assert shot_modifiers(AttackStyle.STRIKE, facts) == ()
    assert shot_modifiers(AttackStyle.AREA, facts) == ()
    assert [m.value for m in shot_modifiers(AttackStyle.SHOOT, facts)] == [-4, -3, -1]
    assert [m.value for m in shot_modifiers(AttackStyle.SPELL, facts)] == [-1]
