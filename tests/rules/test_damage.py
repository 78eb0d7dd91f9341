"""000 "Damage", "Temporary Hit Points", "Dropping to 0 Hit Points or Below", "Instant Death",
"Variant: No Negative HP", "Knocking a Creature Out", resistance and vulnerability."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.damage import apply_damage, damage_against, halve
from orcus_desktop.rules.ruleset import ORCUS, ORCUS_NO_NEGATIVE_HP
from orcus_desktop.rules.state import CreatureState, initial_state
from orcus_desktop.rules.terms import DamageType
from orcus_desktop.vocabulary import CreatureId
from tests.rules.builders import monster, pc

HERO = CreatureId("hero")


def test_temp_hp_example_5_temp_7_damage() -> None:
    # 000 "Temporary Hit Points": "if you have 5 temporary hit points and take 7 damage, you
    # lose the temporary hit points and then take 2 damage."
    sb = pc(max_hp=20)
    state = replace(initial_state(sb), temp_hp=5)
    new, result = apply_damage(state, sb, 7, ORCUS, target=HERO)
    assert (new.temp_hp, new.current_hp) == (0, 18)
    assert result.absorbed_by_temp_hp == 5
    assert result.hp_lost == 2


def test_temp_hp_absorb_everything() -> None:
    sb = pc(max_hp=20)
    new, result = apply_damage(replace(initial_state(sb), temp_hp=10), sb, 4, ORCUS, target=HERO)
    assert (new.temp_hp, new.current_hp) == (6, 20)
    assert not result.became_staggered


@pytest.mark.parametrize(
    ("hp_before", "damage", "staggered"),
    [
        # 000 "Staggered": "reduced to half your maximum hit points or fewer" (44 -> 22).
        (44, 21, False),
        (44, 22, True),
        (30, 8, True),
        (22, 1, False),  # already staggered: not *becoming* staggered
    ],
)
def test_becoming_staggered(hp_before: int, damage: int, staggered: bool) -> None:
    sb = pc(max_hp=44)
    _, result = apply_damage(
        replace(initial_state(sb), current_hp=hp_before), sb, damage, ORCUS, target=HERO
    )
    assert result.became_staggered is staggered


@pytest.mark.parametrize(
    ("max_hp", "hp_before", "damage", "hp_after", "dies"),
    [
        # 000 "Instant Death": "(e.g. -22 HP if your HP is 44), you die."
        (44, 10, 32, -22, True),
        (44, 10, 31, -21, False),
        (44, 0, 21, -21, False),
        (44, -21, 1, -22, True),
        # 000 "Hit Points": "You can have negative hit points".
        (20, 5, 8, -3, False),
    ],
)
def test_negative_hp_and_instant_death(
    max_hp: int, hp_before: int, damage: int, hp_after: int, dies: bool
) -> None:
    sb = pc(max_hp=max_hp)
    new, result = apply_damage(
        replace(initial_state(sb), current_hp=hp_before), sb, damage, ORCUS, target=HERO
    )
    assert new.current_hp == hp_after
    assert result.died is dies
    assert new.dead is dies


def test_pc_at_zero_falls_unconscious_dying_and_prone() -> None:
    # 000 "Falling Unconscious" + "Unconscious: When you become unconscious you also fall prone".
    sb = pc(max_hp=20)
    new, result = apply_damage(initial_state(sb), sb, 20, ORCUS, target=HERO)
    assert result.fell_unconscious
    assert not result.died
    assert {Condition.DYING, Condition.UNCONSCIOUS, Condition.PRONE} <= new.active_conditions(
        ORCUS
    )


def test_monster_dies_at_zero_unless_marked_to_use_death_saves() -> None:
    # 000 "Monsters and Death": "Most GMs have a monster die the instant it drops to 0".
    orc = monster(max_hp=30)
    _, result = apply_damage(initial_state(orc), orc, 30, ORCUS, target=HERO)
    assert result.died
    assert result.death_cause == "monster at 0 HP"
    villain = monster(max_hp=30, uses_death_saves=True)
    _new, result = apply_damage(initial_state(villain), villain, 30, ORCUS, target=HERO)
    assert not result.died
    assert result.fell_unconscious


def test_knock_out_instead_of_kill() -> None:
    # 000 "Knocking a Creature Out": "The creature falls unconscious."
    orc = monster(max_hp=30)
    new, result = apply_damage(initial_state(orc), orc, 33, ORCUS, target=HERO, knock_out=True)
    assert result.knocked_out
    assert not result.died
    assert new.current_hp == 0
    assert Condition.UNCONSCIOUS in new.active_conditions(ORCUS)
    assert Condition.DYING not in new.active_conditions(ORCUS)


def test_cleric_no_negative_hp_example() -> None:
    # 000 "Variant: No Negative HP": "a cleric with 22 HP takes 23 damage. They fall to 0 HP.
    # They then take an attack that does 7 damage ... they stay at 0 HP. Then they take an
    # attack that does 13 damage - since that exceeds their Staggered value, they die."
    cleric = pc(max_hp=22)
    state = initial_state(cleric)
    state, first = apply_damage(state, cleric, 23, ORCUS_NO_NEGATIVE_HP, target=HERO)
    assert state.current_hp == 0
    assert not first.died
    assert first.fell_unconscious
    state, second = apply_damage(state, cleric, 7, ORCUS_NO_NEGATIVE_HP, target=HERO)
    assert state.current_hp == 0
    assert not second.died
    state, third = apply_damage(state, cleric, 13, ORCUS_NO_NEGATIVE_HP, target=HERO)
    assert third.died
    assert state.dead


def test_same_hits_with_negative_hp_kill_earlier() -> None:
    # The same cleric under the default rules: 23 -> -1, 7 -> -8, 13 -> -21 <= -11: dead.
    cleric = pc(max_hp=22)
    state = initial_state(cleric)
    for damage, hp in ((23, -1), (7, -8)):
        state, result = apply_damage(state, cleric, damage, ORCUS, target=HERO)
        assert state.current_hp == hp
        assert not result.died
    state, result = apply_damage(state, cleric, 13, ORCUS, target=HERO)
    assert result.died


def test_coup_de_grace_kills_at_staggered_value() -> None:
    # 000 "Coup de Grace": "If the damage equals or exceeds their Staggered value, they die."
    sb = pc(max_hp=40)
    dead, result = apply_damage(initial_state(sb), sb, 20, ORCUS, target=HERO, coup_de_grace=True)
    assert result.died
    # killed at 20 HP left, it is dead at 0 (the dead are at 0 or fewer).
    assert (dead.dead, dead.current_hp, result.hp_after) == (True, 0, 0)
    _, result = apply_damage(initial_state(sb), sb, 19, ORCUS, target=HERO, coup_de_grace=True)
    assert not result.died


def test_damage_to_the_dead_is_ignored() -> None:
    sb = pc()
    dead = replace(initial_state(sb), dead=True, current_hp=-30)
    new, result = apply_damage(dead, sb, 5, ORCUS, target=HERO)
    assert new == dead
    assert result.ignored


@pytest.mark.parametrize(
    ("amount", "halved"),
    [
        # docs/rulings.md R-04: halving never takes a positive damage roll below 1.
        (1, 1),
        (2, 1),
        (3, 1),  # 000 "Rounding Fractions": round down
        (9, 4),
        (0, 0),
    ],
)
def test_halving_rounds_down_with_minimum_one(amount: int, halved: int) -> None:
    assert halve(amount, ORCUS) == halved


@pytest.mark.parametrize(
    ("amount", "types", "resist", "vuln", "expected"),
    [
        # 000: "resistance to X #, damage of type X is reduced by #".
        (10, (DamageType.FIRE,), (("fire", 5),), (), 5),
        # docs/rulings.md R-04: resistance can reduce damage to 0, never negative.
        (3, (DamageType.FIRE,), (("fire", 5),), (), 0),
        # 000: "vulnerability to X # ... it takes +# damage".
        (10, (DamageType.RADIANT,), (), (("radiant", 5),), 15),
        # Untyped weapon damage is not resisted by a typed resistance.
        (10, (), (("fire", 5),), (), 10),
        # Resist all covers untyped damage too.
        (10, (), (("all", 3),), (), 7),
        # Mixed damage: only what every type is resisted by.
        (10, (DamageType.FIRE, DamageType.RADIANT), (("fire", 5),), (), 10),
        (10, (DamageType.FIRE, DamageType.COLD), (("fire", 5), ("cold", 2)), (), 8),
    ],
)
def test_resistance_and_vulnerability(
    amount: int,
    types: tuple[DamageType, ...],
    resist: tuple[tuple[str, int], ...],
    vuln: tuple[tuple[str, int], ...],
    expected: int,
) -> None:
    sb = monster(resistances=resist, vulnerabilities=vuln)
    result = damage_against(amount, types, sb, initial_state(sb), ORCUS)
    assert result.final == expected


def test_petrified_resists_all_20() -> None:
    # 000 "Petrified": "Resistance to all 20."
    from orcus_desktop.rules.durations import SAVE_ENDS
    from orcus_desktop.rules.state import add_condition

    sb = monster()
    state, _ = add_condition(
        initial_state(sb), Condition.PETRIFIED, holder=HERO, source="gaze", duration=SAVE_ENDS
    )
    assert damage_against(25, (), sb, state, ORCUS).final == 5


def test_weakened_halving_then_resistance() -> None:
    sb = monster(resistances=(("fire", 2),))
    result = damage_against(9, (DamageType.FIRE,), sb, initial_state(sb), ORCUS, halved=True)
    assert result.final == 2  # 9 -> 4 (halved) -> 2 (resist fire 2)
    assert [s.reason for s in result.steps] == ["halved (weakened)", "resist fire 2"]


@settings(max_examples=60, deadline=None)
@given(
    max_hp=st.integers(min_value=1, max_value=200),
    hits=st.lists(st.integers(min_value=0, max_value=80), max_size=6),
    temp=st.integers(min_value=0, max_value=30),
    negative=st.booleans(),
)
def test_damage_invariants(max_hp: int, hits: list[int], temp: int, negative: bool) -> None:
    ruleset = ORCUS if negative else ORCUS_NO_NEGATIVE_HP
    sb = pc(max_hp=max_hp)
    state: CreatureState = replace(initial_state(sb), temp_hp=temp)
    for damage in hits:
        before = state
        state, result = apply_damage(state, sb, damage, ruleset, target=HERO)
        assert state.current_hp <= sb.max_hp
        assert 0 <= state.temp_hp <= before.temp_hp
        assert result.absorbed_by_temp_hp + result.hp_lost <= damage or before.dead
        if not ruleset.negative_hp:
            assert state.current_hp >= 0
        if not state.dead:
            assert state.current_hp > -sb.staggered_value(ruleset) or not ruleset.negative_hp
