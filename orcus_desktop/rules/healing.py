"""Healing, recoveries, rally, temporary hit points and regeneration (000 "Healing").

000 "Healing": HP regained can't exceed the maximum; the dead can't regain HP. 000 "Healing on
Negative HP": healing a creature below 0 starts from 0. 000 "Falling Unconscious": the
unconsciousness ends if it regains any hit points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from orcus_desktop.rules.conditions import Condition, ConditionInstance, rules_for
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.state import (
    DROPPED_TO_ZERO,
    KNOCKED_OUT,
    CreatureState,
    RulesError,
    add_condition,
)
from orcus_desktop.vocabulary import CreatureId


@dataclass(frozen=True, slots=True)
class HealingApplied:
    """What one healing did.

    Attributes:
        target: Who was healed.
        source: What healed, for the log.
        amount: Healing offered.
        hp_before: Current HP before.
        hp_after: Current HP after (never above maximum).
        regained_consciousness: Unconscious/dying ended (000 "Falling Unconscious").
        recovery_spent: A recovery was used up.
        stabilized_at_one: No recovery left while dying: HP set to 1 (000 "Stabilizing").
        refused: Why nothing happened (dead), or empty.
        conditions_removed: Dying and Unconscious instances removed.
        revived: the GM set a dead creature's hit points above 0: it lives again
            (docs/rulings.md R-130).
    """

    target: CreatureId
    source: str
    amount: int
    hp_before: int
    hp_after: int
    regained_consciousness: bool = False
    recovery_spent: bool = False
    stabilized_at_one: bool = False
    refused: str = ""
    conditions_removed: tuple[ConditionInstance, ...] = ()
    revived: bool = False

    @property
    def hp_gained(self) -> int:
        return self.hp_after - self.hp_before


def _wake(state: CreatureState) -> tuple[CreatureState, tuple[ConditionInstance, ...]]:
    # 000 "Falling Unconscious": "This unconsciousness ends if you regain any hit points";
    # the creature stays prone (000 "Death Saving Throws": "although you are still prone").
    # Only the unconsciousness of dropping to 0 HP (or a knock-out) ends: a sleep power's
    # Unconscious (save ends) stays.
    gone = tuple(
        c
        for c in state.conditions
        if c.condition is Condition.DYING
        or (c.condition is Condition.UNCONSCIOUS and c.source in (DROPPED_TO_ZERO, KNOCKED_OUT))
    )
    kept = tuple(c for c in state.conditions if c not in gone)
    return replace(state, conditions=kept, knocked_out=False), gone


def set_hp(
    state: CreatureState,
    statblock: StatBlock,
    new_hp: int,
    *,
    target: CreatureId,
    source: str,
    amount: int,
    recovery_spent: bool = False,
    stabilized: bool = False,
) -> tuple[CreatureState, HealingApplied]:
    """Set current HP (capped at maximum) and wake the creature if it is above 0.

    The GM's override reaches past death: above 0 a dead creature lives again, its death
    saving throws cleared (docs/rulings.md R-130); at 0 or below it stays dead.
    """
    hp0 = state.current_hp
    hp = min(new_hp, statblock.max_hp)
    new = replace(state, current_hp=hp)
    removed: tuple[ConditionInstance, ...] = ()
    woke = False
    revived = state.dead and hp > 0
    if revived:
        new = replace(new, dead=False, death_save_failures=0, death_save_successes=0)
    if hp > 0:
        new, removed = _wake(new)
        woke = bool(removed)
    return new, HealingApplied(
        target=target,
        source=source,
        amount=amount,
        hp_before=hp0,
        hp_after=hp,
        regained_consciousness=woke,
        recovery_spent=recovery_spent,
        stabilized_at_one=stabilized,
        conditions_removed=removed,
        revived=revived,
    )


def healing_received(
    amount: int,
    state: CreatureState,
    ruleset: Ruleset | None,
    healer: CreatureState | None = None,
) -> tuple[int, str]:
    """``amount`` as the creature receives it, and why it is less ("" when it is not).

    003-38 (003 l.378, 381): "Healing granted or received is halved" by Weakened, a quarter off
    by Partially Weakened, for the one healed and for the ``healer`` (rounded down;
    docs/rulings.md R-81); the lowest factor of either applies, once. 000: all of it.
    """
    if ruleset is None or amount <= 0:
        return amount, ""
    scales = [
        (rules_for(c, ruleset).healing_received_scale, ruleset.condition_label(c.value).lower())
        for c in state.active_conditions(ruleset)
    ]
    if healer is not None:
        scales += [
            (
                rules_for(c, ruleset).healing_received_scale,
                "healer " + ruleset.condition_label(c.value).lower(),
            )
            for c in healer.active_conditions(ruleset)
        ]
    scale, why = min(scales, default=(1.0, ""), key=lambda pair: pair[0])
    if scale >= 1.0:
        return amount, ""
    return int(amount * scale), why


def apply_healing(
    state: CreatureState,
    statblock: StatBlock,
    amount: int,
    *,
    target: CreatureId,
    source: str = "",
    ruleset: Ruleset | None = None,
) -> tuple[CreatureState, HealingApplied]:
    """Heal ``amount`` hit points (less under 003's Weakened: ``healing_received``).

    000 "Healing on Negative HP": "if you are on -10 HP and you heal 7 HP, your HP become 7,
    not -3". 000 "Healing": "any hit points regained in excess of [the maximum] are lost".
    Healing never restores temporary HP (000 "Temporary Hit Points").
    """
    amount, reduced_by = healing_received(amount, state, ruleset)
    if reduced_by:
        source = f"{source} (reduced: {reduced_by})" if source else f"reduced: {reduced_by}"
    if state.dead:
        hp = state.current_hp
        return state, HealingApplied(target, source, amount, hp, hp, refused="dead")
    start = max(0, state.current_hp)
    return set_hp(
        state, statblock, start + max(0, amount), target=target, source=source, amount=amount
    )


def spend_recovery(
    state: CreatureState,
    statblock: StatBlock,
    ruleset: Ruleset,
    *,
    target: CreatureId,
    source: str = "recovery",
    bonus: int = 0,
    healer: CreatureState | None = None,
) -> tuple[CreatureState, HealingApplied]:
    """Spend a recovery and regain the recovery value (+ ``bonus``) (000 "Recoveries").

    ``healer``: the one granting it, when another creature's power does (003-38).

    000 "Stabilizing a Creature": a dying creature with no recovery left is set to 1 HP.

    Raises:
        RulesError: No recovery left and not dying.
    """
    if state.dead:
        hp = state.current_hp
        return state, HealingApplied(target, source, 0, hp, hp, refused="dead")
    if state.recoveries_left < 1:
        if state.current_hp <= 0:
            return set_hp(
                state, statblock, 1, target=target, source=source, amount=0, stabilized=True
            )
        raise RulesError("no recoveries left")
    value, reduced_by = healing_received(
        statblock.recovery_value(ruleset) + bonus, state, ruleset, healer
    )
    if reduced_by:
        source = f"{source} (reduced: {reduced_by})"
    spent = replace(state, recoveries_left=state.recoveries_left - 1)
    return set_hp(
        spent,
        statblock,
        max(0, state.current_hp) + value,
        target=target,
        source=source,
        amount=value,
        recovery_spent=True,
    )


@dataclass(frozen=True, slots=True)
class RallyResult:
    """000 "Rally": a recovery spent, and +2 to all defenses until the start of the next turn."""

    healing: HealingApplied
    defense_bonus: ConditionInstance


def rally(
    state: CreatureState,
    statblock: StatBlock,
    ruleset: Ruleset,
    *,
    target: CreatureId,
    current_turn: CreatureId | None = None,
) -> tuple[CreatureState, RallyResult]:
    """Rally as a standard action (000 "Rally": "Each player character ... once an encounter").

    Raises:
        RulesError: Not a PC, already rallied this encounter, or no recovery left.
    """
    if not statblock.is_pc:
        raise RulesError("only player characters can rally")
    if ruleset.rally_once_per_encounter and state.rallied:
        raise RulesError("already rallied this encounter")
    if state.recoveries_left < 1:
        raise RulesError("no recoveries left to rally")
    new, healing = spend_recovery(state, statblock, ruleset, target=target, source="rally")
    new, bonus = add_condition(
        replace(new, rallied=True),
        Condition.RALLIED,
        holder=target,
        source="rally",
        duration=Duration(DurationKind.START_OF_TARGET_NEXT_TURN),
        current_turn=current_turn,
    )
    return new, RallyResult(healing, bonus)


class TempHpChoice(StrEnum):
    """Which temporary hit points to keep when offered more (000: "you decide"; never both)."""

    HIGHER = "higher"
    """Whichever is more (the default; 000 leaves the choice to the creature)."""
    KEEP = "keep"
    """The temporary hit points the creature has now."""
    NEW = "new"
    """The ones offered, even if fewer."""


@dataclass(frozen=True, slots=True)
class TempHpGranted:
    """Temporary hit points offered and what the creature ends up with."""

    target: CreatureId
    source: str
    offered: int
    temp_hp_before: int
    temp_hp_after: int


def grant_temp_hp(
    state: CreatureState,
    amount: int,
    *,
    target: CreatureId,
    source: str = "",
    choice: TempHpChoice = TempHpChoice.HIGHER,
) -> tuple[CreatureState, TempHpGranted]:
    """Offer temporary hit points; they are never added together.

    000: "if a spell grants you 12 temporary hit points when you already have 10, you can have
    12 or 10, not 22." They don't wake an unconscious creature ("only true healing can save
    you"), so conditions are untouched.
    """
    before = state.temp_hp
    offered = max(0, amount)
    if choice is TempHpChoice.KEEP:
        after = before
    elif choice is TempHpChoice.NEW:
        after = offered
    else:
        after = max(before, offered)
    if state.dead:
        after = before
    return replace(state, temp_hp=after), TempHpGranted(target, source, offered, before, after)


def regeneration_value(statblock: StatBlock, others: Iterable[int], ruleset: Ruleset) -> int:
    """000 "Regeneration": "receive the highest value (do not sum them)"."""
    values = [statblock.regeneration, *others]
    return sum(values) if ruleset.regeneration_stacks else max(values)


def regenerate(
    state: CreatureState,
    statblock: StatBlock,
    ruleset: Ruleset,
    *,
    target: CreatureId,
    others: Iterable[int] = (),
) -> tuple[CreatureState, HealingApplied | None]:
    """Heal the regeneration value at the start of the creature's turn (000 "Regeneration")."""
    value = regeneration_value(statblock, others, ruleset)
    if value <= 0 or state.dead:
        return state, None
    return apply_healing(state, statblock, value, target=target, source="regeneration")
