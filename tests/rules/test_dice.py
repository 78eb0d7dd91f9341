"""000 "Dice" and "d%": expressions, injected sources, every die kept, safety caps."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.rules.dice import bounds, roll, substitute, validate_expression, weapon_dice
from orcus_desktop.rules.dice_values import (
    DiceError,
    DiceExhaustedError,
    MaxSource,
    MinSource,
    RandomSource,
    RecordingSource,
    ScriptedSource,
)


@pytest.mark.parametrize(
    ("expression", "low", "high"),
    [
        # 000 "Dice": "3d4+3" ... "(resulting in a number between 6 and 15)".
        ("3d4+3", 6, 15),
        ("1d20+5", 6, 25),
        # 000 "d%": "a number between 1 and 100".
        ("d%", 1, 100),
        ("2d6-1d4", -2, 11),
    ],
)
def test_bounds(expression: str, low: int, high: int) -> None:
    assert bounds(expression) == (low, high)


def test_scripted_dice_are_used_in_order_and_kept() -> None:
    result = roll("3d4+3", ScriptedSource([1, 4, 2]))
    assert result.total == 10
    assert [d.value for d in result.dice] == [1, 4, 2]
    assert [t.value for t in result.terms] == [7, 3]


def test_keep_highest_keeps_the_dropped_die_on_record() -> None:
    # 000 "Roll 'em": "Roll 4d6 ... Drop the low die".
    result = roll("4d6kh3", ScriptedSource([3, 1, 6, 5]))
    assert result.total == 14
    assert [d.kept for d in result.dice] == [True, False, True, True]


def test_natural_is_the_d20_face() -> None:
    result = roll("1d20+5", ScriptedSource([17]))
    assert result.natural == 17
    assert result.total == 22


@pytest.mark.parametrize(
    ("expression", "weapon", "mods", "expected"),
    [
        # 000 "dW": "3dW ... with a longsword (weapon die: 1d10) ... you do 3d10 damage".
        ("3dW", "1d10", {}, "3d10"),
        # 000 "dW": "3dW + Strength modifier ... Strength modifier is +2 ... add 2".
        ("3dW + Strength modifier", "1d10", {"strength": 2}, "3d10 + 2 [Strength modifier]"),
        ("1dW + Dex", "2d4", {"dexterity": -1}, "2d4 + (-1) [Dexterity modifier]"),
        ("2d6 + 3", None, {}, "2d6 + 3"),
    ],
)
def test_substitute(
    expression: str, weapon: str | None, mods: dict[str, int], expected: str
) -> None:
    assert substitute(expression, weapon_die=weapon, ability_modifiers=mods) == expected


def test_substituted_expression_rolls_with_sources() -> None:
    text = substitute(
        "3dW + Strength modifier", weapon_die="1d10", ability_modifiers={"strength": 2}
    )
    result = roll(text, ScriptedSource([4, 5, 6]))
    assert result.total == 17
    assert result.terms[-1].source == "Strength modifier"


def test_substitute_is_idempotent_and_leaves_annotations_alone() -> None:
    once = substitute("2dW + Str mod", weapon_die="1d8", ability_modifiers={"strength": 2})
    assert once == "2d8 + 2 [Strength modifier]"
    assert substitute(once) == once


def test_weapon_dice_multiplies_multi_die_weapons() -> None:
    assert weapon_dice(2, "2d4") == "4d4"
    with pytest.raises(DiceError):
        weapon_dice(1, "sword")


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("", "empty"),
        ("1d6+", "cannot read"),
        ("600d6", "more than"),
        ("1d6e6", "more than"),  # always explodes with MaxSource below; capped
        ("1d5000", "faces"),
        ("1" * 300, "longer than"),
        ("1d6/0", "divide"),
    ],
)
def test_safety_caps_and_errors(expression: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        roll(expression, MaxSource())


def test_missing_weapon_or_ability_is_an_error() -> None:
    with pytest.raises(DiceError, match="dW"):
        substitute("1dW")
    with pytest.raises(DiceError, match="strength"):
        substitute("1d6 + Strength modifier", ability_modifiers={})


def test_scripted_source_refuses_impossible_faces_and_running_out() -> None:
    with pytest.raises(DiceError, match="not a face"):
        roll("1d20", ScriptedSource([23]))
    with pytest.raises(DiceExhaustedError):
        roll("2d6", ScriptedSource([3]))


def test_forced_total_is_recorded_beside_the_dice() -> None:
    result = roll("1d20", ScriptedSource([4])).forced(20, "GM: the dragon is furious")
    assert result.total == 20
    assert result.rolled_total == 4
    assert result.dice[0].value == 4


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=1, max_value=6),
    st.sampled_from([4, 6, 8, 10, 12, 20, 100]),
    st.integers(min_value=-5, max_value=5),
    st.integers(min_value=0, max_value=2**32),
)
def test_totals_within_bounds(count: int, sides: int, bonus: int, seed: int) -> None:
    expression = f"{count}d{sides}{bonus:+d}"
    low, high = bounds(expression)
    assert (low, high) == (count + bonus, count * sides + bonus)
    result = roll(expression, RandomSource(random.Random(seed)))
    assert low <= result.total <= high
    assert len(result.dice) == count
    assert all(1 <= d.value <= sides for d in result.dice)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_seeded_and_recorded_rolls_replay(seed: int) -> None:
    expressions = ["1d20+7", "2d8+3", "4d6kh3", "d%"]
    first = [roll(e, RandomSource(random.Random(seed))) for e in expressions]
    again = [roll(e, RandomSource(random.Random(seed))) for e in expressions]
    assert first == again
    recorder = RecordingSource(RandomSource(random.Random(seed)))
    recorded = [roll(e, recorder) for e in expressions]
    replay = recorder.replay()
    assert [roll(e, replay) for e in expressions] == recorded
    assert replay.remaining == 0


def test_min_source_gives_ones() -> None:
    assert roll("3d8", MinSource()).total == 3


_TERMS = st.one_of(
    st.builds(lambda n, s: f"{n}d{s}", st.sampled_from(["", "1", "2", "10"]), st.integers(1, 100)),
    st.integers(0, 30).map(str),
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            _TERMS,
            st.sampled_from(["", " [Strength modifier]", "[fire]"]),
            st.sampled_from(["+", " - ", " + "]),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_plain_sums_checked_without_the_grammar_are_in_it(
    terms: list[tuple[str, str, str]],
) -> None:
    # validate_expression passes plain sums ("2d6 + 4 [Strength modifier]") without building
    # d20's grammar; each must be one the grammar reads, and roll like 000 "Dice" says.
    from orcus_desktop.rules.dice_d20 import parse

    text = "".join(f"{op}{term}{note}" for term, note, op in terms)[len(terms[0][2]) :]
    assert validate_expression(text) == text
    parse(text)  # DiceError if the grammar refused it
    high = 0
    for index, (term, _, op) in enumerate(terms):
        count, _, sides = term.partition("d")
        most = int(count or 1) * int(sides) if sides else int(term)
        high += -most if index and op.strip() == "-" else most
    assert roll(text, MaxSource()).total == high


@pytest.mark.parametrize("expression", ["2d6 +", "2d6 4", "d", "[fire] 3"])
def test_what_is_no_plain_sum_goes_to_the_grammar(expression: str) -> None:
    with pytest.raises(DiceError, match="cannot read"):
        validate_expression(expression)
    assert validate_expression("4d6kh3 + 2") == "4d6kh3 + 2"
