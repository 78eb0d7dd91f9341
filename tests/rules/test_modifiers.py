"""000 "Stacking": same-type modifiers don't stack (best bonus, worst penalty); untyped stack."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.rules.modifiers import Modifier, ModifierType, resolve, stack

T = ModifierType

STACKING_CASES = [
    # (modifiers as (value, type), expected total, rule quoted)
    ([(2, T.POWER), (1, T.POWER)], 2, "same type: only the best bonus applies"),
    ([(-2, T.POWER), (-3, T.POWER)], -3, "same type: only the worst penalty applies"),
    ([(2, T.POWER), (-3, T.POWER)], -1, "the best bonus AND the worst penalty apply"),
    ([(2, T.POWER), (1, T.FEAT)], 3, "different types stack"),
    ([(2, T.UNTYPED), (2, T.UNTYPED)], 4, "untyped modifiers stack"),
    ([(1, T.ENHANCEMENT), (3, T.ENHANCEMENT), (2, T.UNTYPED)], 5, "mixed"),
    ([(2, T.SHIELD), (1, T.ARMOR), (-1, T.ARMOR), (-2, T.UNTYPED)], 0, "mixed with penalties"),
]


@pytest.mark.parametrize(("mods", "total", "rule"), STACKING_CASES)
def test_stacking(mods: list[tuple[int, ModifierType]], total: int, rule: str) -> None:
    modifiers = [Modifier(v, f"source {i}", t) for i, (v, t) in enumerate(mods)]
    result = stack(modifiers)
    assert result.total == total, rule
    assert set(result.applied) | set(result.ignored) == set(modifiers)


def test_resolved_value_keeps_sources() -> None:
    value = resolve(
        14, "stat block AC", [Modifier(2, "total defense"), Modifier(-5, "unconscious")]
    )
    assert value.total == 11
    assert value.parts == ((14, "stat block AC"), (2, "total defense"), (-5, "unconscious"))
    assert value.overridden(20).total == 20
    assert value.overridden(20).computed == 11


modifier_st = st.builds(
    Modifier,
    st.integers(min_value=-10, max_value=10),
    st.text(max_size=3),
    st.sampled_from(list(ModifierType)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(modifier_st, max_size=8))
def test_stacking_invariants(mods: list[Modifier]) -> None:
    result = stack(mods)
    # Untyped modifiers always count.
    assert [m for m in mods if m.type is T.UNTYPED] == [
        m for m in result.applied if m.type is T.UNTYPED
    ]
    # At most one bonus and one penalty per (non-untyped) type.
    for t in ModifierType:
        if t is T.UNTYPED:
            continue
        assert len([m for m in result.applied if m.type is t and m.value > 0]) <= 1
        assert len([m for m in result.applied if m.type is t and m.value < 0]) <= 1
        bonuses = [m.value for m in mods if m.type is t and m.value > 0]
        if bonuses:
            assert max(bonuses) in [m.value for m in result.applied if m.type is t]
    # Order is irrelevant to the total.
    assert stack(reversed(mods)).total == result.total
