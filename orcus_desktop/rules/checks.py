"""Ability checks and skill checks (000 "The Core Mechanic", "Level Bonus"; 002 "Skills").

000 "The Core Mechanic": roll a d20, add modifiers, compare to a target number; "If the result
equals or exceeds the target number, your character succeeds." 000 "Level Bonus": half level
applies to ability and skill checks. 002: "+5 if trained". 000 "Escape a Grapple": "Athletics
check vs the grappler's Fortitude or Acrobatics check vs the grappler's Reflex".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.dice import DiceRoll, DiceSource, roll
from orcus_desktop.rules.modifiers import Modifier, ModifierType, ResolvedValue, resolve
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.terms import Defense

TRAINED_BONUS = 5
"""002 "Skills": "+ (5 if trained)"."""

SKILL_ABILITY: dict[str, Ability] = {
    # 000 "Using Each Ability": which ability each skill check adds.
    "athletics": Ability.STRENGTH,
    "endure": Ability.CONSTITUTION,
    "acrobatics": Ability.DEXTERITY,
    "stealth": Ability.DEXTERITY,
    "sleight of hand": Ability.DEXTERITY,
    "arcana": Ability.INTELLIGENCE,
    "history": Ability.INTELLIGENCE,
    "religion": Ability.INTELLIGENCE,
    "dungeoneering": Ability.WISDOM,
    "heal": Ability.WISDOM,
    "insight": Ability.WISDOM,
    "perception": Ability.WISDOM,
    "deception": Ability.CHARISMA,
    "persuasion": Ability.CHARISMA,
    "intimidate": Ability.CHARISMA,
    "streetsmarts": Ability.CHARISMA,
}


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A check: the d20, the total explained, the target number and the outcome."""

    label: str
    roll: DiceRoll
    total: ResolvedValue
    target_number: int | None
    success: bool | None


def check_modifiers(
    statblock: StatBlock,
    ability: Ability,
    ruleset: Ruleset,
    *,
    trained: bool = False,
    other: Iterable[Modifier] = (),
) -> list[Modifier]:
    """Ability modifier + half level (+5 trained) + other modifiers."""
    mods = [
        Modifier(statblock.abilities.modifier(ability), ability.label, ModifierType.ABILITY),
        Modifier(statblock.level_bonus(ruleset), "half level", ModifierType.LEVEL),
    ]
    if trained:
        mods.append(Modifier(TRAINED_BONUS, "trained"))
    mods.extend(other)
    return mods


def make_check(
    statblock: StatBlock,
    ability: Ability,
    dice: DiceSource,
    ruleset: Ruleset,
    *,
    target_number: int | None = None,
    label: str = "",
    trained: bool = False,
    modifiers: Iterable[Modifier] = (),
) -> CheckResult:
    """Roll an ability or skill check; success if the total equals or exceeds the target."""
    d20 = roll("1d20", dice)
    total = resolve(
        d20.total,
        "d20",
        check_modifiers(statblock, ability, ruleset, trained=trained, other=modifiers),
    )
    success = None if target_number is None else total.total >= target_number
    return CheckResult(label or f"{ability.label} check", d20, total, target_number, success)


def skill_check(
    statblock: StatBlock,
    skill: str,
    dice: DiceSource,
    ruleset: Ruleset,
    *,
    target_number: int | None = None,
    trained: bool = False,
    modifiers: Iterable[Modifier] = (),
) -> CheckResult:
    """A skill check with the ability 000 assigns to the skill.

    Raises:
        ValueError: Unknown skill.
    """
    key = skill.strip().lower()
    if key not in SKILL_ABILITY:
        raise ValueError(f"unknown skill {skill!r}")
    return make_check(
        statblock,
        SKILL_ABILITY[key],
        dice,
        ruleset,
        target_number=target_number,
        label=f"{key.capitalize()} check",
        trained=trained,
        modifiers=modifiers,
    )


ESCAPE_DEFENSE = {"athletics": Defense.FORTITUDE, "acrobatics": Defense.REFLEX}
"""000 "Escape a Grapple": Athletics vs Fortitude, Acrobatics vs Reflex."""


def escape_check(
    escapee: StatBlock,
    grappler: StatBlock,
    skill: str,
    dice: DiceSource,
    ruleset: Ruleset,
    *,
    trained: bool = False,
    modifiers: Iterable[Modifier] = (),
) -> CheckResult:
    """Try to escape a grapple.

    000 "Escape a Grapple": "an Athletics check vs the grappler's Fortitude or Acrobatics
    check vs the grappler's Reflex defence". On success the caller removes the grapple
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
        target_number=grappler.defenses.get(ESCAPE_DEFENSE[key]),
        trained=trained,
        modifiers=modifiers,
    )
