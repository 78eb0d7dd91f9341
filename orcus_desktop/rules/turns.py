"""Turn boundaries: persistent damage, regeneration, saving throws, death saves, durations.

000 "Your Turn": "At the start of your turn, take any persistent damage you are subject to."
000 "The End of Your Turn": "make saving throws against any effects that require them". 002
orders the start of a turn: ongoing damage, regeneration, then "until the start of the turn"
effects end. docs/rulings.md R-03: at the start of the turn by default (a switch).

The controller drives a turn as::

    state, start = start_of_turn(state, sb, ruleset, dice, target=who)
    states, expired = tick_all(states, TurnBoundary.START, turn_of=who)
    ... actions ...
    state, end = end_of_turn(state, sb, ruleset, dice, target=who)
    states, expired = tick_all(states, TurnBoundary.END, turn_of=who)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from orcus_desktop.rules.conditions import (
    Condition,
    ConditionInstance,
    PersistentDamage,
    rules_for,
)
from orcus_desktop.rules.damage import DamageApplied, apply_damage, damage_against, dead_state
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import DiceRoll, DiceSource
from orcus_desktop.rules.downgrades import save_succeeded
from orcus_desktop.rules.durations import (
    Duration,
    DurationKind,
    Expiry,
    TurnBoundary,
    check_expiry,
)
from orcus_desktop.rules.healing import HealingApplied, regenerate, set_hp
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue, resolve
from orcus_desktop.rules.ruleset import ORCUS, DeathSaveTiming, Ruleset
from orcus_desktop.rules.ruleset.tables import Boundary
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.state import (
    CreatureState,
    Expired,
    add_condition,
    tick,
    uses_death_saves_now,
)
from orcus_desktop.vocabulary import CreatureId


@dataclass(frozen=True, slots=True)
class SavingThrow:
    """One saving throw (000 "Saving Throws": d20 + bonuses, 10 or higher succeeds).

    Attributes:
        roll: The d20 as rolled.
        total: The d20 plus modifiers, explained.
        target_number: What it had to reach.
        success: Whether it did.
    """

    roll: DiceRoll
    total: ResolvedValue
    target_number: int
    success: bool


def saving_throw(
    dice: DiceSource, ruleset: Ruleset, modifiers: Iterable[Modifier] = ()
) -> SavingThrow:
    """Roll a saving throw against ``ruleset.save_target``."""
    d20 = roll("1d20", dice)
    total = resolve(d20.total, "d20", modifiers)
    return SavingThrow(d20, total, ruleset.save_target, total.total >= ruleset.save_target)


@dataclass(frozen=True, slots=True)
class EffectSave:
    """A save against one "save ends" effect (``downgraded``: 003-21, what it became)."""

    condition: ConditionInstance | None
    persistent: PersistentDamage | None
    save: SavingThrow
    downgraded: ConditionInstance | None = None


@dataclass(frozen=True, slots=True)
class DeathSave:
    """A death saving throw (000 "Death Saving Throws").

    Attributes:
        save: The roll.
        spent_recovery: Rolled 20 or higher and spent a recovery: HP set to the recovery value.
        treated_as_19: Rolled 20+ with no recovery left: "treat this result as a 19".
        healing: The HP change from the recovery.
        failures: Failures after this save.
        successes: Successes after this save.
        died: The third failure.
    """

    save: SavingThrow
    spent_recovery: bool
    treated_as_19: bool
    healing: HealingApplied | None
    failures: int
    successes: int
    died: bool


def death_saving_throw(
    state: CreatureState,
    statblock: StatBlock,
    ruleset: Ruleset,
    dice: DiceSource,
    *,
    target: CreatureId,
    modifiers: Iterable[Modifier] = (),
) -> tuple[CreatureState, DeathSave]:
    """Make a death saving throw.

    000: "If the roll is 10 or higher, you succeed. Otherwise, you fail. ... On your third
    failure, you die." "When you ... roll 20 or higher, you can spend a recovery. Your HP are
    set to equal to your recovery value ... you stop dying and become conscious, although you
    are still prone. If you have no recoveries to spend, treat this result as a 19."
    """
    d20 = roll("1d20", dice)
    total = resolve(d20.total, "d20", modifiers)
    save = SavingThrow(
        d20, total, ruleset.death_save_target, total.total >= ruleset.death_save_target
    )
    if total.total >= ruleset.death_save_recovery_roll and state.recoveries_left > 0:
        spent = replace(state, recoveries_left=state.recoveries_left - 1)
        new, healing = set_hp(
            spent,
            statblock,
            statblock.recovery_value(ruleset),
            target=target,
            source="death save: 20",
            amount=statblock.recovery_value(ruleset),
            recovery_spent=True,
        )
        return new, DeathSave(
            save, True, False, healing, new.death_save_failures, new.death_save_successes, False
        )
    treated_as_19 = total.total >= ruleset.death_save_recovery_roll
    if save.success:
        new = replace(state, death_save_successes=state.death_save_successes + 1)
        return new, DeathSave(
            save,
            False,
            treated_as_19,
            None,
            new.death_save_failures,
            new.death_save_successes,
            False,
        )
    failures = state.death_save_failures + 1
    died = failures >= ruleset.death_save_failures_to_die
    new = replace(state, death_save_failures=failures)
    if died:
        new = dead_state(new)
    return new, DeathSave(save, False, False, None, failures, new.death_save_successes, died)


@dataclass(frozen=True, slots=True)
class StartOfTurn:
    """What happened at the start of a creature's turn."""

    target: CreatureId
    persistent: tuple[tuple[PersistentDamage, DamageApplied], ...]
    regeneration: HealingApplied | None
    death_save: DeathSave | None


def _persistent_due(state: CreatureState, ruleset: Ruleset) -> tuple[PersistentDamage, ...]:
    if not ruleset.persistent_same_type_highest_only:
        return state.persistent
    best: dict[tuple[str, ...], PersistentDamage] = {}
    for p in state.persistent:
        key = tuple(sorted(t.value for t in p.types))
        if key not in best or p.amount > best[key].amount:
            best[key] = p
    return tuple(best.values())


def _death_save_at(
    timing: DeathSaveTiming,
    state: CreatureState,
    statblock: StatBlock,
    ruleset: Ruleset,
    dice: DiceSource,
    target: CreatureId,
    modifiers: Iterable[Modifier],
) -> tuple[CreatureState, DeathSave | None]:
    """The death save a dying creature makes at `timing`, if its ruleset puts it there.

    000 "Death Saving Throws": at the start of its turn; the ruleset may move it to the end.
    """
    if (
        ruleset.death_save_timing is not timing
        or state.current_hp > 0
        or not uses_death_saves_now(state, ruleset)
    ):
        return state, None
    return death_saving_throw(state, statblock, ruleset, dice, target=target, modifiers=modifiers)


def start_of_turn(
    state: CreatureState,
    statblock: StatBlock,
    ruleset: Ruleset,
    dice: DiceSource,
    *,
    target: CreatureId,
    other_regeneration: Iterable[int] = (),
    death_save_modifiers: Iterable[Modifier] = (),
) -> tuple[CreatureState, StartOfTurn]:
    """Persistent damage, regeneration, and (by default) the death save, in that order.

    Durations that end at the start of this turn are ended by :func:`tick_all` afterwards.
    """
    hits: list[tuple[PersistentDamage, DamageApplied]] = []
    for p in _persistent_due(state, ruleset):
        if state.dead:
            break
        # 000 "Weakened": halving never applies to persistent damage.
        computation = damage_against(p.amount, p.types, statblock, state, ruleset)
        state, applied = apply_damage(
            state, statblock, computation, ruleset, target=target, source=f"persistent: {p.source}"
        )
        hits.append((p, applied))
    healing = None
    if not state.dead:
        state, healing = regenerate(
            state, statblock, ruleset, target=target, others=other_regeneration
        )
    state, death = _death_save_at(
        DeathSaveTiming.START_OF_TURN,
        state,
        statblock,
        ruleset,
        dice,
        target,
        death_save_modifiers,
    )
    return state, StartOfTurn(target, tuple(hits), healing, death)


@dataclass(frozen=True, slots=True)
class EndOfTurn:
    """What happened at the end of a creature's turn."""

    target: CreatureId
    saves: tuple[EffectSave, ...]
    death_save: DeathSave | None


def end_of_turn(
    state: CreatureState,
    statblock: StatBlock,
    ruleset: Ruleset,
    dice: DiceSource,
    *,
    target: CreatureId,
    save_modifiers: Iterable[Modifier] = (),
    death_save_modifiers: Iterable[Modifier] = (),
) -> tuple[CreatureState, EndOfTurn]:
    """Saving throws against every "save ends" effect, oldest first; maybe the death save.

    000 "Duration": "make a saving throw at the end of your turn for every effect". The death
    save comes here only if the ruleset puts it at the end of the turn.
    """
    mods = tuple(save_modifiers)
    saves: list[EffectSave] = []
    for c in state.conditions:
        if c.duration.kind is DurationKind.SAVE_ENDS:
            save = saving_throw(dice, ruleset, mods)
            saves.append(EffectSave(c, None, save))
    for p in state.persistent:
        if p.duration.kind is DurationKind.SAVE_ENDS:
            save = saving_throw(dice, ruleset, mods)
            saves.append(EffectSave(None, p, save))
    for i, entry in enumerate(saves):
        if entry.save.success:
            effect = entry.condition or entry.persistent
            assert effect is not None
            # 003-21 (docs/rulings.md R-80): a save may downgrade the condition instead.
            state, downgraded = save_succeeded(state, effect.effect_id, ruleset)
            saves[i] = replace(entry, downgraded=downgraded)
    state, death = _death_save_at(
        DeathSaveTiming.END_OF_TURN, state, statblock, ruleset, dice, target, death_save_modifiers
    )
    return state, EndOfTurn(target, tuple(saves), death)


def tick_all(
    states: Mapping[CreatureId, CreatureState], boundary: TurnBoundary, *, turn_of: CreatureId
) -> tuple[dict[CreatureId, CreatureState], dict[CreatureId, Expired]]:
    """Apply a turn boundary to every creature; returns new states and what ended per creature.

    Every creature, because effects keyed to the user's turn live on others.
    """
    new: dict[CreatureId, CreatureState] = {}
    expired: dict[CreatureId, Expired] = {}
    for cid, state in states.items():
        new[cid], gone = tick(state, cid, boundary, turn_of)
        if gone:
            expired[cid] = gone
    return new, expired


def end_beneficial_on_delay(
    states: Mapping[CreatureId, CreatureState], ruleset: Ruleset, *, delayer: CreatureId
) -> tuple[dict[CreatureId, CreatureState], dict[CreatureId, Expired]]:
    """End the beneficial effects that would end at the end of the delayer's turn.

    000 "Delay": "Beneficial effects that end at the end of your turn end as soon as you
    Delay." Every creature, because an effect keyed to the delayer's turn may sit on an ally (one
    "until the end of the user's next turn"). An effect that would end at the end of this
    turn, and whose condition is beneficial (docs/rulings.md R-35), ends now; harmful ones wait
    for the end of the delayed turn. Returns the changed states only, and what ended per creature.
    """
    new: dict[CreatureId, CreatureState] = {}
    expired: dict[CreatureId, Expired] = {}
    for cid, state in states.items():
        gone = tuple(
            c
            for c in state.conditions
            if rules_for(c.condition, ruleset).beneficial
            and check_expiry(
                c.duration,
                skip_end=c.skip_end,
                holder=cid,
                boundary=TurnBoundary.END,
                turn_of=delayer,
            )
            is Expiry.EXPIRE
        )
        if gone:
            new[cid] = replace(
                state, conditions=tuple(c for c in state.conditions if c not in gone)
            )
            expired[cid] = Expired(gone)
    return new, expired


def _action_state(
    state: CreatureState,
    condition: Condition,
    kind: DurationKind,
    source: str,
    target: CreatureId,
    current_turn: CreatureId | None,
) -> tuple[CreatureState, ConditionInstance]:
    return add_condition(
        state,
        condition,
        holder=target,
        source=source,
        duration=Duration(kind),
        current_turn=current_turn,
    )


_NEXT_TURN: Final = {
    Boundary.START_OF_NEXT_TURN: DurationKind.START_OF_TARGET_NEXT_TURN,
    Boundary.END_OF_NEXT_TURN: DurationKind.END_OF_TARGET_NEXT_TURN,
}


def total_defense(
    state: CreatureState, *, target: CreatureId, current_turn: CreatureId | None = None
) -> tuple[CreatureState, ConditionInstance]:
    """000 "Total Defense": +2 to all defenses until the start of your next turn."""
    return _action_state(
        state,
        Condition.TOTAL_DEFENSE,
        DurationKind.START_OF_TARGET_NEXT_TURN,
        "total defense",
        target,
        current_turn,
    )


def dash(
    state: CreatureState,
    *,
    target: CreatureId,
    current_turn: CreatureId | None = None,
    ruleset: Ruleset = ORCUS,
) -> tuple[CreatureState, ConditionInstance]:
    """Start dashing: combat advantage granted and -5 to attacks.

    000 "Dash": "Until the end of your next turn, you grant combat advantage and suffer a -5
    penalty to attacks." The boundary is the ruleset's (002-19, 004-21: until the start).
    """
    return _action_state(
        state,
        Condition.DASHING,
        _NEXT_TURN[ruleset.dash.lasts_until],
        "dash",
        target,
        current_turn,
    )


def start_squeezing(
    state: CreatureState, *, target: CreatureId
) -> tuple[CreatureState, ConditionInstance]:
    """Start squeezing (000 "Squeeze": grant combat advantage and -5 to attacks meanwhile).

    The controller removes it with ``remove_condition`` when the creature leaves the space.
    """
    return _action_state(
        state, Condition.SQUEEZING, DurationKind.UNTIL_COUNTERED, "squeezing", target, None
    )
