"""000 "Duration", "Saving Throws", "Persistent damage", "Death Saving Throws", "Your Turn",
"The End of Your Turn"; docs/rulings.md R-03 (start of turn, a switch)."""

from dataclasses import replace

import pytest

from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.damage import apply_damage
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.durations import SAVE_ENDS, Duration, DurationKind, TurnBoundary
from orcus_desktop.rules.ruleset import ORCUS, DeathSaveTiming
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.state import (
    CreatureState,
    add_condition,
    add_persistent_damage,
    end_effects_from,
    end_surprise_round,
    initial_state,
    tick,
)
from orcus_desktop.rules.terms import DamageType
from orcus_desktop.rules.turns import (
    dash,
    death_saving_throw,
    end_beneficial_on_delay,
    end_of_turn,
    saving_throw,
    start_of_turn,
    tick_all,
    total_defense,
)
from orcus_desktop.vocabulary import CreatureId
from tests.rules.builders import monster, pc

A = CreatureId("a")
B = CreatureId("b")


@pytest.mark.parametrize(("natural", "success"), [(9, False), (10, True), (1, False), (20, True)])
def test_saving_throw_10_or_higher(natural: int, success: bool) -> None:
    # 000 "Saving Throws": "If the result is 10 or higher, the save succeeds."
    assert saving_throw(ScriptedSource([natural]), ORCUS).success is success


# (duration, applied on whose turn, boundaries in order, index of the boundary that ends it)
DURATION_CASES = [
    # "Until the end of the target's next turn", applied on the user's (B's) turn.
    (Duration(DurationKind.END_OF_TARGET_NEXT_TURN), B, [("end", B), ("start", A), ("end", A)], 2),
    # "Until the end of the user's next turn", applied on the user's own turn: survives that
    # turn's end and ends at the end of its next one.
    (
        Duration(DurationKind.END_OF_USER_NEXT_TURN, B),
        B,
        [("end", B), ("start", A), ("end", A), ("start", B), ("end", B)],
        4,
    ),
    # "Until the start of the user's next turn".
    (
        Duration(DurationKind.START_OF_USER_NEXT_TURN, B),
        B,
        [("end", B), ("start", A), ("end", A), ("start", B)],
        3,
    ),
    # "Until the start of the target's next turn".
    (Duration(DurationKind.START_OF_TARGET_NEXT_TURN), B, [("end", B), ("start", A)], 1),
    # Applied outside anyone's turn: the next end of the target's turn ends it.
    (Duration(DurationKind.END_OF_TARGET_NEXT_TURN), None, [("start", A), ("end", A)], 1),
    # Save ends / end of encounter: turn boundaries never end them.
    (SAVE_ENDS, B, [("end", B), ("start", A), ("end", A)], None),
]


@pytest.mark.parametrize(("duration", "applied_on", "boundaries", "ends_at"), DURATION_CASES)
def test_durations(
    duration: Duration,
    applied_on: CreatureId | None,
    boundaries: list[tuple[str, CreatureId]],
    ends_at: int | None,
) -> None:
    state, _ = add_condition(
        initial_state(pc()),
        Condition.SLOWED,
        holder=A,
        source="test",
        duration=duration,
        current_turn=applied_on,
    )
    ended = None
    for index, (boundary, who) in enumerate(boundaries):
        state, expired = tick(state, A, TurnBoundary(boundary), who)
        if expired:
            ended = index
            break
    assert ended == ends_at


def test_persistent_damage_at_start_and_save_at_end() -> None:
    # 000 "Persistent damage": "they take it at the start of their next turn. Usually the
    # duration of persistent damage is 'save ends'."
    sb = pc(max_hp=30)
    state, _ = add_persistent_damage(
        initial_state(sb), 5, (DamageType.FIRE,), holder=A, source="burning", duration=SAVE_ENDS
    )
    state, start = start_of_turn(state, sb, ORCUS, ScriptedSource([]), target=A)
    assert state.current_hp == 25
    assert start.persistent[0][1].amount == 5
    state, end = end_of_turn(state, sb, ORCUS, ScriptedSource([9]), target=A)
    assert not end.saves[0].save.success
    assert state.persistent
    state, end = end_of_turn(state, sb, ORCUS, ScriptedSource([10]), target=A)
    assert end.saves[0].save.success
    assert not state.persistent


def test_persistent_damage_is_not_halved_by_weakened_and_is_resisted() -> None:
    sb = monster(resistances=(("fire", 2),))
    state, _ = add_condition(
        initial_state(sb), Condition.WEAKENED, holder=A, source="x", duration=SAVE_ENDS
    )
    state, _ = add_persistent_damage(
        state, 5, (DamageType.FIRE,), holder=A, source="burning", duration=SAVE_ENDS
    )
    state, _ = start_of_turn(state, sb, ORCUS, ScriptedSource([]), target=A)
    assert state.current_hp == sb.max_hp - 3


def dying_pc(recoveries: int = 2) -> tuple[StatBlock, CreatureState]:
    sb = pc(max_hp=40)
    state, _ = apply_damage(
        replace(initial_state(sb), recoveries_left=recoveries), sb, 45, ORCUS, target=A
    )
    assert Condition.DYING in state.active_conditions(ORCUS)
    return sb, state


def test_three_failed_death_saves_kill() -> None:
    # 000: "On your third failure, you die. The successes and failures don't need to be
    # consecutive".
    sb, state = dying_pc()
    for natural, failures, dead in ((3, 1, False), (15, 1, False), (9, 2, False), (1, 3, True)):
        state, result = death_saving_throw(state, sb, ORCUS, ScriptedSource([natural]), target=A)
        assert result.failures == failures
        assert state.dead is dead


def test_death_save_20_spends_a_recovery() -> None:
    # 000: "roll 20 or higher, you can spend a recovery. Your HP are set to equal to your
    # recovery value ... become conscious, although you are still prone."
    sb, state = dying_pc(recoveries=2)
    state, result = death_saving_throw(state, sb, ORCUS, ScriptedSource([20]), target=A)
    assert result.spent_recovery
    assert state.current_hp == 10
    assert state.recoveries_left == 1
    assert Condition.UNCONSCIOUS not in state.active_conditions(ORCUS)
    assert Condition.PRONE in state.active_conditions(ORCUS)


def test_death_save_20_without_recovery_counts_as_19() -> None:
    # 000: "If you have no recoveries to spend, treat this result as a 19."
    sb, state = dying_pc(recoveries=0)
    state, result = death_saving_throw(state, sb, ORCUS, ScriptedSource([20]), target=A)
    assert result.treated_as_19
    assert result.save.success
    assert state.current_hp == -5


@pytest.mark.parametrize(
    ("timing", "at_start", "at_end"),
    [
        # docs/rulings.md R-03: start of turn (000's main text) by default.
        (DeathSaveTiming.START_OF_TURN, True, False),
        (DeathSaveTiming.END_OF_TURN, False, True),
    ],
)
def test_death_save_timing_switch(timing: DeathSaveTiming, at_start: bool, at_end: bool) -> None:
    ruleset = ORCUS.with_changes(death_save_timing=timing)
    sb, state = dying_pc()
    state, start = start_of_turn(state, sb, ruleset, ScriptedSource([12, 12]), target=A)
    state, end = end_of_turn(state, sb, ruleset, ScriptedSource([12]), target=A)
    assert (start.death_save is not None) is at_start
    assert (end.death_save is not None) is at_end


def test_a_new_mark_supersedes_the_old() -> None:
    # 000 Marked: "you cannot be marked by two different creatures at the same time".
    state = initial_state(monster())
    for marker in (A, B):
        state, _ = add_condition(
            state,
            Condition.MARKED,
            holder=CreatureId("orc"),
            source=f"{marker} mark",
            duration=SAVE_ENDS,
            source_id=marker,
        )
    assert [c.source_id for c in state.instances_of(Condition.MARKED)] == [B]
    assert state.marked_by() == B


def test_marks_end_when_the_marker_drops() -> None:
    # 000 Marked: "If the creature that marked you dies or falls unconscious, you lose the
    # marked condition."
    state, _ = add_condition(
        initial_state(monster()),
        Condition.MARKED,
        holder=CreatureId("orc"),
        source="mark",
        duration=SAVE_ENDS,
        source_id=A,
    )
    unaffected, ended = end_effects_from(state, B)
    assert ended == ()
    assert unaffected == state
    cleared, ended = end_effects_from(state, A)
    assert len(ended) == 1
    assert cleared.marked_by() is None


def test_instances_keep_their_own_durations() -> None:
    # 000 "Conditions": "each instance of the condition has its own duration, but the
    # condition's effects don't get worse."
    state = initial_state(pc())
    state, _ = add_condition(
        state,
        Condition.DAZED,
        holder=A,
        source="short",
        duration=Duration(DurationKind.END_OF_TARGET_NEXT_TURN),
    )
    state, _ = add_condition(state, Condition.DAZED, holder=A, source="long", duration=SAVE_ENDS)
    state, expired = tick(state, A, TurnBoundary.END, A)
    assert len(expired.conditions) == 1
    assert state.has(Condition.DAZED, ORCUS)


def test_tick_all_ends_user_keyed_effects_on_others() -> None:
    states = {A: initial_state(pc()), B: initial_state(monster())}
    states[B], _ = add_condition(
        states[B],
        Condition.IMMOBILE,
        holder=B,
        source="A's power",
        duration=Duration(DurationKind.START_OF_USER_NEXT_TURN, A),
        current_turn=A,
    )
    states, expired = tick_all(states, TurnBoundary.START, turn_of=A)
    assert B in expired
    assert not states[B].conditions


def test_total_defense_and_dash_durations() -> None:
    # 000 "Total Defense": until the start of your next turn; 000 "Dash": until the end of your
    # next turn (applied on your turn, so it survives this turn's end).
    state, _ = total_defense(initial_state(pc()), target=A, current_turn=A)
    state, _ = dash(state, target=A, current_turn=A)
    state, expired = tick(state, A, TurnBoundary.END, A)
    assert not expired
    state, expired = tick(state, A, TurnBoundary.START, A)
    assert [c.condition for c in expired.conditions] == [Condition.TOTAL_DEFENSE]
    state, expired = tick(state, A, TurnBoundary.END, A)
    assert [c.condition for c in expired.conditions] == [Condition.DASHING]


def test_surprised_ends_with_the_surprise_round() -> None:
    state, _ = add_condition(
        initial_state(pc()),
        Condition.SURPRISED,
        holder=A,
        source="ambush",
        duration=Duration(DurationKind.END_OF_SURPRISE_ROUND),
    )
    state, expired = end_surprise_round(state)
    assert [c.condition for c in expired.conditions] == [Condition.SURPRISED]
    assert not state.conditions


def test_delaying_ends_beneficial_effects_keyed_to_the_end_of_the_delayers_turn() -> None:
    # 000 "Delay": "Beneficial effects that end at the end of your turn end as soon as you
    # Delay." The delayer's "until the end of your next turn" may sit on an ally.
    me, ally = CreatureId("cleric"), CreatureId("fighter")
    mine = Duration(DurationKind.END_OF_USER_NEXT_TURN, me)
    guarded, _ = add_condition(
        initial_state(pc()), Condition.TOTAL_DEFENSE, holder=ally, source="Shield", duration=mine
    )
    harmed, _ = add_condition(
        guarded, Condition.SLOWED, holder=ally, source="Shield", duration=mine
    )
    # Applied on the delayer's own turn, an effect "until the end of its next turn" is not due.
    fresh, _ = add_condition(
        initial_state(pc()),
        Condition.RALLIED,
        holder=me,
        source="Rally",
        duration=Duration(DurationKind.END_OF_TARGET_NEXT_TURN),
        current_turn=me,
    )
    new, expired = end_beneficial_on_delay({ally: harmed, me: fresh}, ORCUS, delayer=me)
    assert set(new) == {ally}
    assert {c.condition for c in new[ally].conditions} == {Condition.SLOWED}
    assert [c.condition for c in expired[ally].conditions] == [Condition.TOTAL_DEFENSE]
