"""Ability checks and skill checks (000 "The Core Mechanic", "Level Bonus"; 002 "Skills").

A check is made by a creature as it is now: its conditions count (000 "Blinded": "-10 penalty
to Perception", "automatically fail any ability or skill check that requires sight").

000 "The Core Mechanic": roll a d20, add modifiers, compare to a target number; "If the result
equals or exceeds the target number, your character succeeds." 000 "Level Bonus": half level
applies to ability and skill checks. 002: "+5 if trained". 000 "Escape a Grapple": "Athletics
check vs the grappler's Fortitude or Acrobatics check vs the grappler's Reflex".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.attack_modifiers import Combatant
from orcus_desktop.rules.conditions import rules_for
from orcus_desktop.rules.derived import current_defenses
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import DiceRoll, DiceSource
from orcus_desktop.rules.modifiers import Modifier, ModifierType, ResolvedValue, resolve
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.terms import Defense

TRAINED_BONUS = 5
"""002 "Skills": "+ (5 if trained)"."""


class CheckSense(StrEnum):
    """A sense a check may require (000 "Blinded", "Deafened"; the GM says which)."""

    SIGHT = "sight"
    HEARING = "hearing"


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A check: the d20, the total explained, the target number and the outcome.

    Attributes:
        failed_because: Why the check failed whatever the roll ("blinded: requires sight"),
            or "".
    """

    label: str
    roll: DiceRoll
    total: ResolvedValue
    target_number: int | None
    success: bool | None
    failed_because: str = ""


def condition_check_modifiers(
    creature: Combatant, ruleset: Ruleset, *, skill: str | None = None
) -> list[Modifier]:
    """What the creature's conditions do to a check (000 "Conditions").

    000 "Blinded" / "Deafened": "-10 penalty to Perception". No other 000 condition changes a
    check's total. docs/rulings.md R-32: blinded and deafened together give -20 (untyped
    penalties from different conditions stack, 000 "Stacking").
    """
    mods: list[Modifier] = []
    if skill is not None and skill.strip().lower() == "perception":
        for condition in sorted(creature.state.active_conditions(ruleset)):
            penalty = rules_for(condition, ruleset).perception_penalty
            if penalty:
                mods.append(Modifier(penalty, condition.label.lower()))
    return mods


def sense_failure(creature: Combatant, requires: Iterable[CheckSense], ruleset: Ruleset) -> str:
    """Why the creature automatically fails a check that requires ``requires``, or "".

    000 "Blinded": "automatically fail any ability or skill check that requires sight";
    000 "Deafened": the same for hearing. docs/rulings.md R-33: the GM says which senses a check
    requires (`requires`); the app does not guess.
    """
    needed = frozenset(requires)
    for condition in sorted(creature.state.active_conditions(ruleset)):
        rules = rules_for(condition, ruleset)
        if rules.cannot_see and CheckSense.SIGHT in needed:
            return f"{condition.label.lower()}: the check requires sight"
        if rules.cannot_hear and CheckSense.HEARING in needed:
            return f"{condition.label.lower()}: the check requires hearing"
    return ""


def check_modifiers(
    creature: Combatant,
    ability: Ability,
    ruleset: Ruleset,
    *,
    skill: str | None = None,
    trained: bool = False,
    other: Iterable[Modifier] = (),
) -> list[Modifier]:
    """Ability modifier + half level (+5 trained) + the creature's conditions + other."""
    statblock = creature.statblock
    mods = [
        Modifier(statblock.abilities.modifier(ability), ability.label, ModifierType.ABILITY),
        Modifier(statblock.level_bonus(ruleset), "half level", ModifierType.LEVEL),
    ]
    if trained:
        mods.append(Modifier(TRAINED_BONUS, "trained"))
    mods.extend(condition_check_modifiers(creature, ruleset, skill=skill))
    mods.extend(other)
    return mods


def make_check(
    creature: Combatant,
    ability: Ability,
    dice: DiceSource,
    ruleset: Ruleset,
    *,
    target_number: int | None = None,
    label: str = "",
    skill: str | None = None,
    trained: bool = False,
    requires: Iterable[CheckSense] = (),
    modifiers: Iterable[Modifier] = (),
) -> CheckResult:
    """Roll an ability or skill check as the creature is now (its conditions count).

    Success if the total equals or exceeds the target number; a check that requires a sense
    the creature lacks fails whatever the roll (the d20 is still rolled and shown).
    """
    d20 = roll("1d20", dice)
    total = resolve(
        d20.total,
        "d20",
        check_modifiers(creature, ability, ruleset, skill=skill, trained=trained, other=modifiers),
    )
    failed_because = sense_failure(creature, requires, ruleset)
    if failed_because:
        success: bool | None = False
    else:
        success = None if target_number is None else total.total >= target_number
    return CheckResult(
        label or f"{ability.label} check", d20, total, target_number, success, failed_because
    )


def skill_check(
    creature: Combatant,
    skill: str,
    dice: DiceSource,
    ruleset: Ruleset,
    *,
    target_number: int | None = None,
    trained: bool = False,
    requires: Iterable[CheckSense] = (),
    modifiers: Iterable[Modifier] = (),
) -> CheckResult:
    """A skill check with the ability the ruleset assigns to the skill, as the creature is now.

    The skill list is the ruleset's (``Ruleset.skills``: 000 "Using Each Ability"; 002-22,
    the 4e list of 002 l.114-148).

    Raises:
        ValueError: Unknown skill.
    """
    key = skill.strip().lower()
    ability = ruleset.skills.get(key)
    if not ability:
        raise ValueError(f"unknown skill {skill!r}")
    return make_check(
        creature,
        Ability(ability),
        dice,
        ruleset,
        target_number=target_number,
        label=f"{key.capitalize()} check",
        skill=key,
        trained=trained,
        requires=requires,
        modifiers=modifiers,
    )


ESCAPE_DEFENSE: Final = {"athletics": Defense.FORTITUDE, "acrobatics": Defense.REFLEX}
"""000 "Escape a Grapple": Athletics vs Fortitude, Acrobatics vs Reflex."""


def escape_check(
    escapee: Combatant,
    grappler: Combatant,
    skill: str,
    dice: DiceSource,
    ruleset: Ruleset,
    *,
    trained: bool = False,
    modifiers: Iterable[Modifier] = (),
) -> CheckResult:
    """Try to escape a grapple.

    000 "Escape a Grapple": "an Athletics check vs the grappler's Fortitude or Acrobatics
    check vs the grappler's Reflex defence". docs/rulings.md R-34: both creatures as they are
    now, the escapee's conditions change its check, the grappler's its defense (Total Defense:
    "+2 to all defenses"). On success the caller removes the grapple
    (``state.end_effects_from(escapee_state, grappler_id, [Condition.GRAPPLED])``).

    Raises:
        ValueError: A skill other than Athletics or Acrobatics.
    """
    key = skill.strip().lower()
    if key not in ESCAPE_DEFENSE:
        raise ValueError(f"escape with athletics or acrobatics, not {skill!r}")
    return skill_check(
        escapee,
        key,
        dice,
        ruleset,
        target_number=current_defenses(grappler.statblock, grappler.state, ruleset)[
            ESCAPE_DEFENSE[key]
        ].total,
        trained=trained,
        modifiers=modifiers,
    )
