"""Damage: halving, resistance, vulnerability, temporary HP, staggered, 0 HP, instant death.

000 "Damage", "Hit Points", "Temporary Hit Points", "Dropping to 0 Hit Points or Below",
"Knocking a Creature Out".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from orcus_desktop.rules.conditions import Condition, ConditionInstance, imposed_with, rules_for
from orcus_desktop.rules.durations import UNTIL_COUNTERED
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.state import (
    DROPPED_TO_ZERO,
    KNOCKED_OUT,
    CreatureState,
    add_condition,
)
from orcus_desktop.rules.terms import ALL_DAMAGE, DamageType
from orcus_desktop.vocabulary import CreatureId


def halve(amount: int, ruleset: Ruleset) -> int:
    """Halve damage, rounding down (000 "Rounding Fractions").

    docs/rulings.md R-04: halving never takes a positive damage roll below 1.
    """
    if amount <= 0:
        return 0
    return max(amount // 2, ruleset.minimum_halved_damage)


@dataclass(frozen=True, slots=True)
class DamageStep:
    """One adjustment on the way from the roll to the damage taken."""

    value: int
    """Signed change."""
    reason: str


@dataclass(frozen=True, slots=True)
class DamageComputation:
    """How much damage a creature takes from one amount, with every step explained.

    Attributes:
        rolled: The amount before adjustments (the damage roll, or persistent damage).
        types: Its damage types (empty: untyped).
        steps: Halving, resistance, vulnerability, the floor at 0.
        override: A GM-imposed final amount, recorded.
    """

    rolled: int
    types: tuple[DamageType, ...]
    steps: tuple[DamageStep, ...] = ()
    override: int | None = None

    @property
    def computed(self) -> int:
        return self.rolled + sum(s.value for s in self.steps)

    @property
    def final(self) -> int:
        return self.computed if self.override is None else max(0, self.override)

    def overridden(self, amount: int) -> DamageComputation:
        return replace(self, override=amount)


def _resist_all(statblock: StatBlock, state: CreatureState, ruleset: Ruleset) -> tuple[int, str]:
    amount, source = statblock.resistance(ALL_DAMAGE), "resist all"
    for condition in state.active_conditions(ruleset):
        extra = rules_for(condition, ruleset).resist_all
        if extra > amount:
            # Resistances don't add up: the highest applies (as 000 "Regeneration" for healing).
            amount, source = extra, f"{condition.label}: resist all"
    return amount, source


def damage_against(
    amount: int,
    types: Iterable[DamageType],
    statblock: StatBlock,
    state: CreatureState,
    ruleset: Ruleset,
    *,
    halved: bool = False,
    halved_reason: str = "weakened",
    scale: float = 1.0,
    scale_reason: str = "",
) -> DamageComputation:
    """Work out the damage a creature takes from ``amount`` of ``types``.

    Order: halving (000 "Weakened", docs/rulings.md R-04), then resistance and vulnerability
    (000 "Damage Resistance and Vulnerability"), never below 0 (000 "Damage Rolls": "never
    negative damage"). Damage of several types is resisted only as far as the creature resists
    every one of its types (the least of them); untyped damage only by "resist all".

    Args:
        amount: Damage rolled.
        types: Damage types.
        statblock: The creature taking it.
        state: Its state (Petrified gives resistance to all).
        ruleset: The ruleset.
        halved: Halve the amount first (the attacker is weakened; not for persistent damage).
        halved_reason: Why, for the log.
        scale: 003-38 Partially Weakened attacker: times this after halving, rounded down.
        scale_reason: Why, for the log.
    """
    kinds = tuple(dict.fromkeys(types))
    steps: list[DamageStep] = []
    current = max(0, amount)
    if current != amount:
        steps.append(DamageStep(current - amount, "damage is never negative"))
    if halved and current > 0:
        half = halve(current, ruleset)
        steps.append(DamageStep(half - current, f"halved ({halved_reason})"))
        current = half
    if scale < 1.0 and current > 0:
        scaled = int(current * scale)
        steps.append(DamageStep(scaled - current, f"reduced ({scale_reason})"))
        current = scaled
    resist_all, all_source = _resist_all(statblock, state, ruleset)
    if kinds:
        per_type = [max(statblock.resistance(t.value), resist_all) for t in kinds]
        resist = min(per_type)
        resist_source = (
            all_source
            if resist == resist_all and resist_all > 0
            else "resist " + "/".join(t.value for t in kinds)
        )
        vulnerable = sum(statblock.vulnerability(t.value) for t in kinds)
    else:
        resist, resist_source = resist_all, all_source
        vulnerable = 0
    vulnerable += statblock.vulnerability(ALL_DAMAGE)
    if current > 0 and resist > 0:
        cut = min(resist, current)
        steps.append(DamageStep(-cut, f"{resist_source} {resist}"))
        current -= cut
    if vulnerable > 0 and amount > 0:
        steps.append(DamageStep(vulnerable, f"vulnerable {vulnerable}"))
        current += vulnerable
    return DamageComputation(amount, kinds, tuple(steps))


@dataclass(frozen=True, slots=True)
class DamageApplied:
    """What one application of damage did to a creature.

    Attributes:
        target: Who took it.
        source: What dealt it, for the log.
        amount: Damage taken after resistances (the computation's final amount).
        computation: How the amount was reached, if damage_against was used.
        absorbed_by_temp_hp: Lost from temporary HP first (000 "Temporary Hit Points").
        hp_before: Current HP before.
        hp_after: Current HP after.
        temp_hp_before: Temporary HP before.
        temp_hp_after: Temporary HP after.
        became_staggered: Crossed to half maximum HP or fewer (000 "Staggered").
        fell_unconscious: Dropped to 0 HP or below and fell unconscious (and dying).
        knocked_out: The attacker chose to knock it out (000 "Knocking a Creature Out").
        died: Died from this damage.
        death_cause: Why it died.
        conditions_added: Dying, Unconscious, Prone.
        woke: 003-37: the damage ended an unconsciousness (the creature kept 1 HP or more).
        ignored: The creature was already dead.
    """

    target: CreatureId
    source: str
    amount: int
    computation: DamageComputation | None
    absorbed_by_temp_hp: int
    hp_before: int
    hp_after: int
    temp_hp_before: int
    temp_hp_after: int
    became_staggered: bool = False
    fell_unconscious: bool = False
    knocked_out: bool = False
    died: bool = False
    death_cause: str = ""
    conditions_added: tuple[ConditionInstance, ...] = ()
    woke: bool = False
    ignored: bool = False

    @property
    def hp_lost(self) -> int:
        return self.hp_before - self.hp_after


def apply_damage(
    state: CreatureState,
    statblock: StatBlock,
    damage: DamageComputation | int,
    ruleset: Ruleset,
    *,
    target: CreatureId,
    source: str = "",
    knock_out: bool = False,
    coup_de_grace: bool = False,
) -> tuple[CreatureState, DamageApplied]:
    """Apply damage to a creature's state.

    000 "Temporary Hit Points": lost first, leftover damage carries over. 000 "Hit Points": HP
    can go negative (unless ``ruleset.negative_hp`` is False: 000 "Variant: No Negative HP",
    where the creature stays at 0 and dies only if a single attack would take it to minus its
    staggered value). 000 "Instant Death": at minus the staggered value or worse, you die.
    000 "Falling Unconscious" / "Monsters and Death": otherwise at 0 or below PCs (and monsters
    the GM marks so) fall unconscious and are dying; other monsters die. 000 "Knocking a
    Creature Out": the attacker may knock out instead. 000 "Coup de Grace": damage equal to or
    above the staggered value kills.

    Args:
        state: The target's state.
        statblock: The target's stat block.
        damage: A computation from :func:`damage_against`, or a plain amount already adjusted.
        ruleset: The ruleset.
        target: The target's id, for the result.
        source: What dealt it, for the log.
        knock_out: The attacker chooses to knock the creature out if this drops it to 0.
        coup_de_grace: The damage comes from a Coup de Grace.

    Returns:
        The new state and what happened.
    """
    computation = damage if isinstance(damage, DamageComputation) else None
    amount = max(0, damage.final if isinstance(damage, DamageComputation) else damage)
    hp0, temp0 = state.current_hp, state.temp_hp
    if state.dead:
        return state, DamageApplied(
            target, source, amount, computation, 0, hp0, hp0, temp0, temp0, ignored=True
        )
    absorbed = min(temp0, amount)
    rest = amount - absorbed
    staggered_value = statblock.staggered_value(ruleset)
    raw_hp = hp0 - rest
    died = False
    cause = ""
    if coup_de_grace and amount >= staggered_value and amount > 0:
        died, cause = True, "coup de grace"
    elif ruleset.instant_death and rest > 0 and raw_hp <= -staggered_value:
        died = True
        cause = (
            "instant death" if ruleset.negative_hp else "no negative HP variant: massive damage"
        )
    hp = raw_hp if ruleset.negative_hp else max(0, raw_hp)
    new = replace(state, current_hp=hp, temp_hp=temp0 - absorbed)
    added: tuple[ConditionInstance, ...] = ()
    fell = knocked = False
    if not died and hp <= 0 and rest > 0:
        if knock_out:
            knocked = True
            new = replace(new, current_hp=max(hp, 0), knocked_out=True)
            new, added = _fall(new, (Condition.UNCONSCIOUS,), target, KNOCKED_OUT, ruleset)
        elif statblock.falls_unconscious_at_zero(ruleset):
            if not new.instances_of(Condition.DYING):
                fell = True
                falling = (Condition.DYING, Condition.UNCONSCIOUS)
                new, added = _fall(new, falling, target, DROPPED_TO_ZERO, ruleset)
        else:
            died, cause = True, "monster at 0 HP"
    woke = False
    if not died and rest > 0 and new.current_hp >= 1:
        # 003-37 (003 l.373) Unconscious: "When damaged, if the character has 1 or more
        # remaining hit points after receiving the damage, the condition ends."
        kept = tuple(
            c for c in new.conditions if not rules_for(c.condition, ruleset).ends_when_hurt
        )
        woke = len(kept) < len(new.conditions)
        new = replace(new, conditions=kept)
    if died:
        new = dead_state(new)
    return new, DamageApplied(
        target=target,
        source=source,
        amount=amount,
        computation=computation,
        absorbed_by_temp_hp=absorbed,
        hp_before=hp0,
        hp_after=new.current_hp,
        temp_hp_before=temp0,
        temp_hp_after=new.temp_hp,
        became_staggered=hp0 > staggered_value >= new.current_hp,
        fell_unconscious=fell,
        knocked_out=knocked,
        died=died,
        death_cause=cause,
        conditions_added=added,
        woke=woke,
    )


def _fall(
    state: CreatureState,
    conditions: tuple[Condition, ...],
    target: CreatureId,
    source: str,
    ruleset: Ruleset,
) -> tuple[CreatureState, tuple[ConditionInstance, ...]]:
    """Impose ``conditions`` and what they bring along, each one not held yet, until countered.

    000 "Unconscious": "you also fall prone" (docs/rulings.md R-31).
    """
    added: list[ConditionInstance] = []
    for condition in (*conditions, *imposed_with(conditions, ruleset)):
        if not state.instances_of(condition):
            state, inst = add_condition(
                state, condition, holder=target, source=source, duration=UNTIL_COUNTERED
            )
            added.append(inst)
    return state, tuple(added)


def falling_damage_expression(feet: int) -> str | None:
    """000 "Falling": "1d10 damage for every 10 feet it fell, to a maximum of 50d10".

    Returns None for a fall shorter than 10 feet. The creature lands prone unless it avoids
    the damage (the caller adds Prone).
    """
    dice = min(max(feet, 0) // 10, 50)
    return f"{dice}d10" if dice else None


def dead_state(state: CreatureState) -> CreatureState:
    """The state of a creature that has just died (000 "Death").

    Its conditions, persistent damage and temporary hit points end; a body that died squeezing
    stays squeezed in the space it fills (docs/rulings.md R-131). It is at 0 hit points or
    fewer: a coup de grace kills above 0 (000 "Coup de Grace"), and that leaves it at 0
    (R-220; Set HP above 0 is what brings the dead back, R-130).
    """
    kept = tuple(c for c in state.conditions if c.condition is Condition.SQUEEZING)
    hp = min(state.current_hp, 0)
    return replace(state, dead=True, current_hp=hp, conditions=kept, persistent=(), temp_hp=0)
