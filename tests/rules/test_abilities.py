"""000 "Abilities": the ability table, the formula, and the level bonus."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.rules.abilities import (
    Ability,
    AbilityScores,
    ability_modifier,
    level_bonus,
    parse_ability,
)

# 000 "Table - Ability Scores and Modifiers", row by row.
ABILITY_TABLE = [
    ((1,), -5),
    ((2, 3), -4),
    ((4, 5), -3),
    ((6, 7), -2),
    ((8, 9), -1),
    ((10, 11), 0),
    ((12, 13), 1),
    ((14, 15), 2),
    ((16, 17), 3),
    ((18, 19), 4),
    ((20, 21), 5),
    ((22, 23), 6),
    ((24, 25), 7),
    ((26, 27), 8),
    ((28, 29), 9),
    ((30,), 10),
]


@pytest.mark.parametrize(("scores", "modifier"), ABILITY_TABLE)
def test_ability_table(scores: tuple[int, ...], modifier: int) -> None:
    for score in scores:
        assert ability_modifier(score) == modifier


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=1, max_value=30))
def test_formula_matches_table(score: int) -> None:
    # 000: "subtract 10 from the ability score and then divide the total by 2 (round down)".
    expected = next(m for scores, m in ABILITY_TABLE if score in scores)
    assert ability_modifier(score) == expected


@pytest.mark.parametrize(
    ("level", "bonus"), [(1, 0), (2, 1), (3, 1), (10, 5), (11, 5), (21, 10), (30, 15)]
)
def test_level_bonus_is_half_level_rounded_down(level: int, bonus: int) -> None:
    # 000 "Level Bonus": "half their level, rounded down".
    assert level_bonus(level) == bonus


@pytest.mark.parametrize(
    ("name", "ability"),
    [("Strength", Ability.STRENGTH), ("str", Ability.STRENGTH), ("WIS", Ability.WISDOM)],
)
def test_parse_ability(name: str, ability: Ability) -> None:
    assert parse_ability(name) is ability


def test_parse_ability_rejects_unknown() -> None:
    with pytest.raises(ValueError, match="unknown ability"):
        parse_ability("luck")


def test_scores_round_trip_and_validation() -> None:
    scores = AbilityScores(strength=16, dexterity=13, wisdom=8)
    assert AbilityScores.from_dict(scores.to_dict()) == scores
    assert scores.modifiers()["strength"] == 3
    with pytest.raises(ValueError, match=r"abilities\.strength"):
        AbilityScores.from_dict({"strength": "high"})
    with pytest.raises(ValueError, match=r"abilities\.charisma"):
        AbilityScores(charisma=-1)
