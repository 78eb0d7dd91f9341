"""000 "Healing", "Healing on Negative HP", "Recoveries", "Rally", "Temporary Hit Points",
"Regeneration", "Stabilizing a Creature"."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.damage import apply_damage
from orcus_desktop.rules.healing import (
    TempHpChoice,
    apply_healing,
    grant_temp_hp,
    rally,
    regenerate,
    regeneration_value,
    spend_recovery,
)
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.state import CreatureState, RulesError, initial_state
from orcus_desktop.vocabulary import CreatureId
from tests.rules.builders import monster, pc

HERO = CreatureId("hero")


def test_druid_heals_ranger_example() -> None:
    # 000 "Healing": "a druid grants a ranger 8 hit points of healing. If the ranger has 14
    # current hit points and has a hit point maximum of 20, the ranger regains 6".
    ranger = pc(max_hp=20)
    new, result = apply_healing(
        replace(initial_state(ranger), current_hp=14), ranger, 8, target=HERO
    )
    assert new.current_hp == 20
    assert result.hp_gained == 6


def test_healing_from_minus_10_example() -> None:
    # 000 "Healing on Negative HP": "if you are on -10 HP and you heal 7 HP, your HP become 7,
    # not -3."
    sb = pc(max_hp=44)
    state, _ = apply_damage(replace(initial_state(sb), current_hp=5), sb, 15, ORCUS, target=HERO)
    assert state.current_hp == -10
    healed, result = apply_healing(state, sb, 7, target=HERO)
    assert healed.current_hp == 7
    # 000 "Falling Unconscious": "This unconsciousness ends if you regain any hit points."
    assert result.regained_consciousness
    assert Condition.UNCONSCIOUS not in healed.active_conditions(ORCUS)
    assert Condition.DYING not in healed.active_conditions(ORCUS)
    # 000 "Death Saving Throws": "although you are still prone".
    assert Condition.PRONE in healed.active_conditions(ORCUS)


def test_the_dead_cannot_be_healed() -> None:
    # 000 "Healing": "A creature that has died can't regain hit points".
    sb = pc()
    dead = replace(initial_state(sb), current_hp=-30, dead=True)
    new, result = apply_healing(dead, sb, 10, target=HERO)
    assert new == dead
    assert result.refused == "dead"


def test_recovery_value_is_a_quarter() -> None:
    # 000 "Recoveries": "Recovery Value: Equal to one-quarter your maximum HP."
    sb = pc(max_hp=45)
    state = replace(initial_state(sb), current_hp=10, recoveries_left=2)
    new, result = spend_recovery(state, sb, ORCUS, target=HERO)
    assert new.current_hp == 21
    assert new.recoveries_left == 1
    assert result.recovery_spent


def test_no_recovery_left() -> None:
    sb = pc()
    awake = replace(initial_state(sb), current_hp=10, recoveries_left=0)
    with pytest.raises(RulesError, match="no recoveries"):
        spend_recovery(awake, sb, ORCUS, target=HERO)
    # 000 "Stabilizing a Creature": "its HP is set to 1 only."
    dying = replace(awake, current_hp=-4)
    new, result = spend_recovery(dying, sb, ORCUS, target=HERO)
    assert new.current_hp == 1
    assert result.stabilized_at_one


def test_rally_once_per_encounter_with_defense_bonus() -> None:
    # 000 "Rally": spend a recovery, regain recovery value, +2 to all defenses until the start
    # of your next turn; "once an encounter".
    sb = pc(max_hp=40)
    state = replace(initial_state(sb), current_hp=5)
    new, result = rally(state, sb, ORCUS, target=HERO, current_turn=HERO)
    assert new.current_hp == 15
    assert Condition.RALLIED in new.active_conditions(ORCUS)
    assert result.defense_bonus.duration.kind.value == "start_of_target_next_turn"
    with pytest.raises(RulesError, match="already rallied"):
        rally(new, sb, ORCUS, target=HERO)
    with pytest.raises(RulesError, match="player characters"):
        rally(initial_state(monster()), monster(), ORCUS, target=HERO)


@pytest.mark.parametrize(
    ("have", "offered", "choice", "result"),
    [
        # 000: "if a spell grants you 12 temporary hit points when you already have 10, you
        # can have 12 or 10, not 22."
        (10, 12, TempHpChoice.HIGHER, 12),
        (10, 12, TempHpChoice.KEEP, 10),
        (10, 12, TempHpChoice.NEW, 12),
        (10, 5, TempHpChoice.HIGHER, 10),
        (0, 7, TempHpChoice.HIGHER, 7),
    ],
)
def test_temp_hp_never_add_up(have: int, offered: int, choice: TempHpChoice, result: int) -> None:
    state = replace(initial_state(pc()), temp_hp=have)
    new, granted = grant_temp_hp(state, offered, target=HERO, choice=choice)
    assert new.temp_hp == result == granted.temp_hp_after


def test_temp_hp_can_exceed_maximum_and_do_not_wake() -> None:
    # 000: "they can exceed your hit point maximum" and "receiving temporary hit points doesn't
    # restore you to consciousness".
    sb = pc(max_hp=20)
    full, _ = grant_temp_hp(initial_state(sb), 30, target=HERO)
    assert full.current_hp + full.temp_hp == 50
    down, _ = apply_damage(initial_state(sb), sb, 25, ORCUS, target=HERO)
    still, _ = grant_temp_hp(down, 10, target=HERO)
    assert Condition.DYING in still.active_conditions(ORCUS)
    # "Healing can't restore temporary hit points."
    spent = replace(full, temp_hp=3)
    healed, _ = apply_healing(spent, sb, 10, target=HERO)
    assert healed.temp_hp == 3


def test_regeneration_takes_the_highest() -> None:
    # 000 "Regeneration": "receive the highest value (do not sum them)".
    troll = monster(regeneration=5)
    assert regeneration_value(troll, [3, 2], ORCUS) == 5
    assert regeneration_value(troll, [8], ORCUS) == 8
    state = replace(initial_state(troll), current_hp=10)
    new, healing = regenerate(state, troll, ORCUS, target=HERO, others=[8])
    assert new.current_hp == 18
    assert healing is not None


@settings(max_examples=60, deadline=None)
@given(
    max_hp=st.integers(min_value=1, max_value=150),
    events=st.lists(
        st.tuples(st.sampled_from(["damage", "heal", "temp", "recovery"]), st.integers(0, 60)),
        max_size=10,
    ),
)
def test_hp_never_above_max_and_temp_never_summed(
    max_hp: int, events: list[tuple[str, int]]
) -> None:
    sb = pc(max_hp=max_hp)
    state: CreatureState = initial_state(sb)
    for kind, amount in events:
        before = state
        if kind == "damage":
            state, _ = apply_damage(state, sb, amount, ORCUS, target=HERO)
        elif kind == "heal":
            state, _ = apply_healing(state, sb, amount, target=HERO)
        elif kind == "temp":
            state, _ = grant_temp_hp(state, amount, target=HERO)
            assert state.temp_hp == max(before.temp_hp, amount) or state.dead
        elif state.recoveries_left and not state.dead:
            state, _ = spend_recovery(state, sb, ORCUS, target=HERO)
        assert state.current_hp <= sb.max_hp
        assert state.temp_hp <= max(before.temp_hp, amount)


def test_healing_ends_only_the_zero_hp_unconsciousness() -> None:
    # 000 "Falling Unconscious": "This unconsciousness ends if you regain any hit points" - the
    # one from dropping to 0 HP; an Unconscious (save ends) from a power stays.
    from orcus_desktop.rules.durations import SAVE_ENDS
    from orcus_desktop.rules.state import add_condition

    sb = pc(max_hp=20)
    state, _ = add_condition(
        initial_state(sb), Condition.UNCONSCIOUS, holder=HERO, source="Slumber", duration=SAVE_ENDS
    )
    state, _ = apply_damage(state, sb, 22, ORCUS, target=HERO)
    healed, result = apply_healing(state, sb, 5, target=HERO)
    assert result.regained_consciousness
    assert [c.source for c in healed.instances_of(Condition.UNCONSCIOUS)] == ["Slumber"]
    assert not healed.instances_of(Condition.DYING)


def test_short_rest_wakes_the_knocked_out_and_recharges() -> None:
    # 000 "Knocking a Creature Out": "It heals 1 HP after a short rest."
    from orcus_desktop.rules.state import short_rest

    orc = monster(max_hp=30)
    state, _ = apply_damage(initial_state(orc), orc, 40, ORCUS, target=HERO, knock_out=True)
    state = replace(state, temp_hp=4, death_save_failures=2)
    from orcus_desktop.rules.durations import SAVE_ENDS
    from orcus_desktop.rules.state import add_condition, add_persistent_damage

    state, _ = add_condition(state, Condition.SLOWED, holder=HERO, source="x", duration=SAVE_ENDS)
    state, _ = add_persistent_damage(state, 3, (), holder=HERO, source="x", duration=SAVE_ENDS)
    rested = short_rest(state, orc)
    assert not rested.persistent
    assert Condition.SLOWED not in rested.active_conditions(ORCUS)
    assert Condition.PRONE in rested.active_conditions(ORCUS)  # until countered
    assert rested.current_hp == 1
    assert not rested.knocked_out
    assert Condition.UNCONSCIOUS not in rested.active_conditions(ORCUS)
    assert (rested.temp_hp, rested.death_save_failures) == (0, 0)


def test_long_rest_restores_the_day() -> None:
    # 000 "Action Points": "reset to 1 after each long rest"; daily powers recharge.
    from orcus_desktop.rules.state import long_rest

    sb = pc(max_hp=30)
    tired = replace(
        initial_state(sb),
        current_hp=4,
        recoveries_left=0,
        action_points=0,
        powers_used=("Brute Strike",),
    )
    rested = long_rest(tired, sb)
    assert (rested.current_hp, rested.recoveries_left, rested.action_points) == (30, 8, 1)
    assert rested.powers_used == ()
    dead = replace(tired, dead=True)
    assert long_rest(dead, sb) == dead
