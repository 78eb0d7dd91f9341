"""A creature's combat state as a frozen value, with pure transitions.

Everything that changes during a fight (hit points, temporary hit points, conditions and
persistent damage with their durations, death saves, recoveries, powers used, action points) is
one :class:`CreatureState`. Every transition returns a new state plus a frozen result, so undo is
"keep the old value" and a replay with the same dice reaches the same state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TypeVar

from orcus_desktop.rules.conditions import (
    Condition,
    ConditionInstance,
    PersistentDamage,
    imposed_with,
    rules_for,
    with_implied,
)
from orcus_desktop.rules.durations import (
    UNTIL_COUNTERED,
    Duration,
    DurationKind,
    Expiry,
    TurnBoundary,
    check_expiry,
)
from orcus_desktop.rules.powers import Frequency, Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.ruleset.tables import MarkPolicy
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.terms import DamageType
from orcus_desktop.rules.validation import as_bool, as_int, as_list, as_map, as_str, check_keys
from orcus_desktop.vocabulary import CreatureId

_Effect = TypeVar("_Effect", ConditionInstance, PersistentDamage)

DROPPED_TO_ZERO = "dropped to 0 HP"
"""Source of the Dying/Unconscious/Prone instances imposed by 000 "Falling Unconscious"."""

KNOCKED_OUT = "knocked out"
"""Source of the instances imposed by 000 "Knocking a Creature Out"."""


class RulesError(ValueError):
    """A transition the rules do not allow (a used encounter power, no recoveries left...)."""


@dataclass(frozen=True, slots=True)
class CreatureState:
    """What changes about a creature during an encounter.

    Attributes:
        current_hp: Current hit points; negative allowed (000 "Hit Points") unless the ruleset
            forbids it.
        temp_hp: Temporary hit points (000 "Temporary Hit Points"): never summed.
        conditions: One instance per imposing effect, each with its own duration.
        persistent: Persistent damage instances.
        death_save_failures: 000 "Death Saving Throws": three and you die; reset by a rest.
        death_save_successes: Tracked beside the failures ("keep track of both").
        recoveries_left: Recoveries not spent today.
        action_points: Action points available.
        action_point_spent: An action point was spent this encounter (once per encounter).
        rallied: Rallied this encounter (000 "Rally": "once an encounter").
        powers_used: Encounter and daily powers used and not yet recharged by a rest.
        dead: The creature is dead.
        knocked_out: Knocked out instead of killed (000 "Knocking a Creature Out").
        next_effect_id: The id the next condition or persistent damage will get.
    """

    current_hp: int
    temp_hp: int = 0
    conditions: tuple[ConditionInstance, ...] = ()
    persistent: tuple[PersistentDamage, ...] = ()
    death_save_failures: int = 0
    death_save_successes: int = 0
    recoveries_left: int = 0
    action_points: int = 0
    action_point_spent: bool = False
    rallied: bool = False
    powers_used: tuple[str, ...] = ()
    dead: bool = False
    knocked_out: bool = False
    next_effect_id: int = 1

    # --- queries ---------------------------------------------------------------------------

    def active_conditions(self, ruleset: Ruleset) -> frozenset[Condition]:
        """Conditions the creature has, implied ones included.

        000 "Conditions": "A creature either has a condition or doesn't."
        """
        return with_implied((c.condition for c in self.conditions), ruleset)

    def has(self, condition: Condition, ruleset: Ruleset) -> bool:
        return condition in self.active_conditions(ruleset)

    def instances_of(self, condition: Condition) -> tuple[ConditionInstance, ...]:
        return tuple(c for c in self.conditions if c.condition is condition)

    def effect(self, effect_id: int) -> ConditionInstance | PersistentDamage | None:
        """The condition or persistent damage with this effect id, or None."""
        effects: tuple[ConditionInstance | PersistentDamage, ...] = (
            *self.conditions,
            *self.persistent,
        )
        return next((e for e in effects if e.effect_id == effect_id), None)

    def marked_by(self) -> CreatureId | None:
        """Who marks this creature (000 "Marked": only one marker at a time)."""
        marks = self.instances_of(Condition.MARKED)
        return marks[-1].source_id if marks else None

    def markers(self) -> frozenset[CreatureId]:
        """Everyone marking this creature (003-30: several taunters at once)."""
        return frozenset(
            c.source_id for c in self.instances_of(Condition.MARKED) if c.source_id is not None
        )

    def is_staggered(self, statblock: StatBlock, ruleset: Ruleset) -> bool:
        """000 "Staggered": at half maximum hit points or fewer."""
        return self.current_hp <= statblock.staggered_value(ruleset)

    @property
    def at_or_below_zero(self) -> bool:
        return self.current_hp <= 0

    def power_available(self, power: Power) -> bool:
        """At-will powers always; encounter and daily powers until used (000 "Frequency")."""
        return not power.limited or power.name not in self.powers_used

    # --- serialization ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        return {
            "current_hp": self.current_hp,
            "temp_hp": self.temp_hp,
            "conditions": [c.to_dict() for c in self.conditions],
            "persistent": [p.to_dict() for p in self.persistent],
            "death_save_failures": self.death_save_failures,
            "death_save_successes": self.death_save_successes,
            "recoveries_left": self.recoveries_left,
            "action_points": self.action_points,
            "action_point_spent": self.action_point_spent,
            "rallied": self.rallied,
            "powers_used": list(self.powers_used),
            "dead": self.dead,
            "knocked_out": self.knocked_out,
            "next_effect_id": self.next_effect_id,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, object]) -> CreatureState:
        """Read :meth:`to_dict` output.

        Raises:
            ValueError: A one-line message naming the field.
        """
        w = "state"
        data = as_map(raw, w)
        check_keys(data, set(cls.__dataclass_fields__), w)
        state = cls(
            current_hp=as_int(data.get("current_hp"), f"{w}.current_hp"),
            temp_hp=as_int(data.get("temp_hp", 0), f"{w}.temp_hp", minimum=0),
            conditions=tuple(
                ConditionInstance.from_dict(
                    as_map(c, f"{w}.conditions[{i}]"), f"{w}.conditions[{i}]"
                )
                for i, c in enumerate(as_list(data.get("conditions", []), f"{w}.conditions"))
            ),
            persistent=tuple(
                PersistentDamage.from_dict(
                    as_map(p, f"{w}.persistent[{i}]"), f"{w}.persistent[{i}]"
                )
                for i, p in enumerate(as_list(data.get("persistent", []), f"{w}.persistent"))
            ),
            death_save_failures=as_int(
                data.get("death_save_failures", 0), f"{w}.death_save_failures", minimum=0
            ),
            death_save_successes=as_int(
                data.get("death_save_successes", 0), f"{w}.death_save_successes", minimum=0
            ),
            recoveries_left=as_int(
                data.get("recoveries_left", 0), f"{w}.recoveries_left", minimum=0
            ),
            action_points=as_int(data.get("action_points", 0), f"{w}.action_points", minimum=0),
            action_point_spent=as_bool(
                data.get("action_point_spent", False), f"{w}.action_point_spent"
            ),
            rallied=as_bool(data.get("rallied", False), f"{w}.rallied"),
            powers_used=tuple(
                as_str(p, f"{w}.powers_used")
                for p in as_list(data.get("powers_used", []), f"{w}.powers_used")
            ),
            dead=as_bool(data.get("dead", False), f"{w}.dead"),
            knocked_out=as_bool(data.get("knocked_out", False), f"{w}.knocked_out"),
            next_effect_id=as_int(data.get("next_effect_id", 1), f"{w}.next_effect_id", minimum=1),
        )
        # A counter behind the ids it handed out (an older or hand-made file) is moved past
        # them, so a new effect never takes an id in use (issue 29).
        ids = [c.effect_id for c in state.conditions] + [p.effect_id for p in state.persistent]
        if ids and max(ids) >= state.next_effect_id:
            state = replace(state, next_effect_id=max(ids) + 1)
        return state


def initial_state(statblock: StatBlock) -> CreatureState:
    """A fresh creature: full HP, all recoveries, its action points, nothing used."""
    return CreatureState(
        current_hp=statblock.max_hp,
        recoveries_left=statblock.recoveries,
        action_points=statblock.action_points,
    )


# --- conditions ------------------------------------------------------------------------------


def add_condition(
    state: CreatureState,
    condition: Condition,
    *,
    holder: CreatureId,
    source: str,
    duration: Duration,
    source_id: CreatureId | None = None,
    current_turn: CreatureId | None = None,
    several_marks: bool = False,
) -> tuple[CreatureState, ConditionInstance]:
    """Impose a condition; returns the new state and the new instance.

    000 "Conditions": each instance has its own duration. 000 "Marked": a new mark by another
    creature supersedes the old one (you cannot be marked by two creatures at once), unless
    ``several_marks`` (003-30, 003 l.349 "may be Taunted by multiple enemies at a time").

    Args:
        state: The creature's state.
        condition: What to impose.
        holder: The creature receiving it (to resolve "the target's next turn").
        source: What imposes it, for the log.
        duration: When it ends.
        source_id: The imposing creature (required for Marked and Grappled).
        current_turn: Whose turn it is now (for "next turn" durations; None outside turns).
        several_marks: Keep the other marks (the ruleset's ``MarkPolicy.MULTIPLE``).

    Raises:
        RulesError: Marked or Grappled without the creature that imposes it.
    """
    if condition in (Condition.MARKED, Condition.GRAPPLED) and source_id is None:
        raise RulesError(f"{condition.value} needs the creature that imposes it")
    kept = state.conditions
    if condition is Condition.MARKED and not several_marks:
        kept = tuple(
            c for c in kept if c.condition is not Condition.MARKED or c.source_id == source_id
        )
    instance = ConditionInstance(
        effect_id=state.next_effect_id,
        condition=condition,
        source=source,
        duration=duration,
        source_id=source_id,
        skip_end=duration.starts_armed(holder, current_turn),
    )
    new_state = replace(
        state, conditions=(*kept, instance), next_effect_id=state.next_effect_id + 1
    )
    return new_state, instance


def impose_condition(
    state: CreatureState,
    condition: Condition,
    ruleset: Ruleset,
    *,
    holder: CreatureId,
    source: str,
    duration: Duration,
    source_id: CreatureId | None = None,
    current_turn: CreatureId | None = None,
) -> tuple[CreatureState, tuple[ConditionInstance, ...]]:
    """Impose a condition and what it brings along; returns the new instances, the asked first.

    000 "Unconscious": "When you become unconscious you also fall prone." A creature that
    *becomes* unconscious (it was not already) gets a Prone instance of its own, unless it is
    prone already. docs/rulings.md R-31: that Prone lasts until countered (standing up, 000
    "Conditions"), whatever the duration of the condition that brought it, and carries the same
    source.

    Raises:
        RulesError: As :func:`add_condition`.
    """
    # 003-39 (003 l.458): "Deafened: Renamed to Dazzled".
    condition = Condition(ruleset.conditions.imposed_as(condition.value))
    had = state.active_conditions(ruleset)
    state, asked = add_condition(
        state,
        condition,
        holder=holder,
        source=source,
        duration=duration,
        source_id=source_id,
        current_turn=current_turn,
        several_marks=ruleset.conditions.mark_policy is MarkPolicy.MULTIPLE,
    )
    added = [asked]
    gained = with_implied((condition,), ruleset) - had
    for extra in imposed_with(gained, ruleset):
        if not state.has(extra, ruleset):
            state, inst = add_condition(
                state,
                extra,
                holder=holder,
                source=source,
                duration=UNTIL_COUNTERED,
                current_turn=current_turn,
            )
            added.append(inst)
    return state, tuple(added)


def add_persistent_damage(
    state: CreatureState,
    amount: int,
    types: Iterable[DamageType],
    *,
    holder: CreatureId,
    source: str,
    duration: Duration,
    source_id: CreatureId | None = None,
    current_turn: CreatureId | None = None,
) -> tuple[CreatureState, PersistentDamage]:
    """Impose persistent damage, taken at the start of the holder's turns (000)."""
    instance = PersistentDamage(
        effect_id=state.next_effect_id,
        amount=amount,
        types=tuple(types),
        source=source,
        duration=duration,
        source_id=source_id,
        skip_end=duration.starts_armed(holder, current_turn),
    )
    new_state = replace(
        state, persistent=(*state.persistent, instance), next_effect_id=state.next_effect_id + 1
    )
    return new_state, instance


def remove_effect(state: CreatureState, effect_id: int) -> CreatureState:
    """Remove one condition or persistent damage instance (a save, the GM, a power)."""
    return replace(
        state,
        conditions=tuple(c for c in state.conditions if c.effect_id != effect_id),
        persistent=tuple(p for p in state.persistent if p.effect_id != effect_id),
    )


def remove_condition(state: CreatureState, condition: Condition) -> CreatureState:
    """Counter a condition entirely (standing up ends Prone: 000 "Conditions")."""
    return replace(
        state, conditions=tuple(c for c in state.conditions if c.condition is not condition)
    )


def end_effects_from(
    state: CreatureState,
    source_id: CreatureId,
    conditions: Iterable[Condition] = (Condition.MARKED, Condition.GRAPPLED),
) -> tuple[CreatureState, tuple[ConditionInstance, ...]]:
    """End conditions that depend on a creature that died or fell unconscious.

    000 "Marked": "If the creature that marked you dies or falls unconscious, you lose the
    marked condition." docs/rulings.md R-06: it ends when the grappler is incapacitated. The
    controller calls this on every other creature when one drops.
    """
    wanted = frozenset(conditions)
    ended = tuple(
        c for c in state.conditions if c.condition in wanted and c.source_id == source_id
    )
    if not ended:
        return state, ()
    gone = {c.effect_id for c in ended}
    return replace(
        state, conditions=tuple(c for c in state.conditions if c.effect_id not in gone)
    ), ended


@dataclass(frozen=True, slots=True)
class Expired:
    """What a turn boundary ended on one creature."""

    conditions: tuple[ConditionInstance, ...] = ()
    persistent: tuple[PersistentDamage, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.conditions or self.persistent)


def tick(
    state: CreatureState, holder: CreatureId, boundary: TurnBoundary, turn_of: CreatureId
) -> tuple[CreatureState, Expired]:
    """Apply a turn boundary (the start or end of ``turn_of``'s turn) to a creature's effects.

    Call it for *every* creature at every boundary: "until the end of the user's next turn"
    effects sit on other creatures. 002 orders the start of a turn as persistent damage, then
    regeneration, then "until the start" effects end; the end of a turn as saves, then
    end-of-turn effects (see turns.py).
    """
    kept_c, gone_c = _tick_each(state.conditions, holder, boundary, turn_of)
    kept_p, gone_p = _tick_each(state.persistent, holder, boundary, turn_of)
    return replace(state, conditions=kept_c, persistent=kept_p), Expired(gone_c, gone_p)


def _tick_each(
    effects: tuple[_Effect, ...], holder: CreatureId, boundary: TurnBoundary, turn_of: CreatureId
) -> tuple[tuple[_Effect, ...], tuple[_Effect, ...]]:
    """The effects a boundary keeps (disarmed where it says so) and those it ends."""
    kept: list[_Effect] = []
    gone: list[_Effect] = []
    for effect in effects:
        verdict = check_expiry(
            effect.duration,
            skip_end=effect.skip_end,
            holder=holder,
            boundary=boundary,
            turn_of=turn_of,
        )
        if verdict is Expiry.EXPIRE:
            gone.append(effect)
        else:
            kept.append(replace(effect, skip_end=False) if verdict is Expiry.DISARM else effect)
    return tuple(kept), tuple(gone)


def end_surprise_round(state: CreatureState) -> tuple[CreatureState, Expired]:
    """000 "Surprised": "You lose this condition when the surprise round ends"."""
    gone = tuple(
        c for c in state.conditions if c.duration.kind is DurationKind.END_OF_SURPRISE_ROUND
    )
    kept = tuple(c for c in state.conditions if c not in gone)
    return replace(state, conditions=kept), Expired(gone)


# --- powers and action points ----------------------------------------------------------------


def use_power(state: CreatureState, power: Power) -> CreatureState:
    """Record the use of a power (encounter and daily powers are then unavailable).

    Raises:
        RulesError: The power was already used (000 "Frequency").
    """
    if not state.power_available(power):
        raise RulesError(f"{power.name} is a {power.frequency.value} power already used")
    if not power.limited:
        return state
    return replace(state, powers_used=(*state.powers_used, power.name))


def spend_action_point(
    state: CreatureState, *, surprise_round: bool = False, once_per_encounter: bool = True
) -> CreatureState:
    """000 "Action Points": once per encounter, not in a surprise round.

    ``once_per_encounter`` False: 002-06's solos, who spend several (one a turn, checked by
    the turn flow).

    Raises:
        RulesError: None left, already spent this encounter, or in the surprise round.
    """
    if surprise_round:
        raise RulesError("no action points in the surprise round")
    if state.action_point_spent and once_per_encounter:
        raise RulesError("an action point was already spent this encounter")
    if state.action_points < 1:
        raise RulesError("no action points left")
    return replace(state, action_points=state.action_points - 1, action_point_spent=True)


def end_encounter(state: CreatureState) -> CreatureState:
    """Effects "until the end of the encounter" and per-encounter limits end."""
    return replace(
        state,
        conditions=tuple(
            c
            for c in state.conditions
            if c.duration.kind
            not in (
                DurationKind.END_OF_ENCOUNTER,
                DurationKind.END_OF_SURPRISE_ROUND,
                DurationKind.START_OF_TARGET_NEXT_TURN,
                DurationKind.START_OF_USER_NEXT_TURN,
                DurationKind.END_OF_TARGET_NEXT_TURN,
                DurationKind.END_OF_USER_NEXT_TURN,
                DurationKind.END_OF_TARGET_TURN,
            )
        ),
        action_point_spent=False,
        rallied=False,
    )


def short_rest(state: CreatureState, statblock: StatBlock) -> CreatureState:
    """The state after a short rest.

    000 "Power Category and Frequency": encounter powers recharge. 000 "Temporary Hit Points":
    they last until a short rest. 000 "Death Saving Throws": failures reset. 000 "Knocking a
    Creature Out": a knocked-out creature heals 1 HP. 000 is silent on "save ends" effects
    outlasting the fight; five minutes of rest end them here (and persistent damage), while
    conditions "until countered" (prone, dying) stay.
    """
    daily = {p.name for p in statblock.powers if p.frequency is Frequency.DAILY}
    state = end_encounter(state)
    hp = state.current_hp
    conditions = tuple(
        c for c in state.conditions if c.duration.kind is not DurationKind.SAVE_ENDS
    )
    knocked_out = state.knocked_out
    if state.knocked_out and not state.dead:
        hp = max(hp, 1)
        knocked_out = False
        conditions = tuple(
            c
            for c in conditions
            if not (c.condition is Condition.UNCONSCIOUS and c.source == KNOCKED_OUT)
        )
    return replace(
        state,
        current_hp=min(hp, statblock.max_hp),
        temp_hp=0,
        death_save_failures=0,
        death_save_successes=0,
        powers_used=tuple(p for p in state.powers_used if p in daily),
        knocked_out=knocked_out,
        conditions=conditions,
        persistent=(),
    )


def uses_death_saves_now(state: CreatureState, ruleset: Ruleset) -> bool:
    """Dying creatures make death saving throws (000 "Dying")."""
    return not state.dead and any(
        rules_for(c, ruleset).death_saves for c in state.active_conditions(ruleset)
    )


def long_rest(state: CreatureState, statblock: StatBlock) -> CreatureState:
    """The state after a long rest (everything a short rest does, and more).

    000 "Power Category and Frequency": daily powers recharge. 000 "Action Points": "reset to 1
    after each long rest" (for player characters; other creatures get their stat block's).
    000 does not say hit points and recoveries come back; like 4e, and because "Recoveries"
    are per day, they are restored here (the GM can edit the state afterwards).
    """
    if state.dead:
        return state
    rested = short_rest(state, statblock)
    return replace(
        rested,
        current_hp=statblock.max_hp,
        recoveries_left=statblock.recoveries,
        powers_used=(),
        action_points=1 if statblock.is_pc else statblock.action_points,
        action_point_spent=False,
        conditions=(),
    )
