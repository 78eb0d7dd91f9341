"""Modifiers and 000's stacking rule; every resolved number keeps its (value, source) parts.

000 "Stacking": modifiers "stack (combine for a cumulative effect) if they come from different
sources and have different types (or no type at all), but do not stack if they have the same
type. If the modifiers to a particular roll do not stack, only the best bonus and worst penalty
applies." 000 "Modifier Types": "untyped" modifiers stack.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class ModifierType(StrEnum):
    """Modifier type from 000 "Modifier Types" (plus the level bonus and proficiency)."""

    UNTYPED = "untyped"
    """No type specified: these always stack (000 "Modifier Types")."""
    ABILITY = "ability"
    """000 "Ability Modifier": from an ability score, to rolls that use that ability."""
    ARMOR = "armor"
    """000 "Armor Bonus": granted by armor, to Armor Class."""
    ENHANCEMENT = "enhancement"
    """000 "Enhancement Bonus": from using an item, often a magic item."""
    FEAT = "feat"
    """000 "Feat Modifier": from one of the creature's feats."""
    POWER = "power"
    """000 "Power Modifier": from the creature's or another's use of a power."""
    RACIAL = "racial"
    """000 "Racial Bonus": from a creature's culture or the innate traits of its type."""
    SHIELD = "shield"
    """000 "Shield Bonus": from a shield (or what mimics one), to Armor Class."""
    # 000 "Level Bonus" and "Proficiency Bonus" are named bonuses; one of each ever applies.
    LEVEL = "level"
    """000 "Level Bonus": half the level, rounded down (defenses, attacks, initiative, checks)."""
    PROFICIENCY = "proficiency"
    """000 "Proficiency Bonus": a weapon's, to attack rolls with a weapon one is proficient in."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """A bonus (positive) or penalty (negative) with its source and type.

    Attributes:
        value: Signed amount.
        source: What grants it, for the log ("combat advantage", "Longsword +1").
        type: The stacking type; untyped modifiers always stack.
    """

    value: int
    source: str
    type: ModifierType = ModifierType.UNTYPED


@dataclass(frozen=True, slots=True)
class Stacked:
    """Modifiers split by 000's stacking rule.

    Attributes:
        applied: The modifiers that count, in input order.
        ignored: Same-type modifiers that did not stack.
    """

    applied: tuple[Modifier, ...]
    ignored: tuple[Modifier, ...]

    @property
    def total(self) -> int:
        return sum(m.value for m in self.applied)


def stack(modifiers: Iterable[Modifier]) -> Stacked:
    """Apply 000 "Stacking": per type the best bonus and the worst penalty; untyped all stack.

    Ties keep the first modifier given, so the outcome is deterministic.
    """
    items = tuple(modifiers)
    keep: set[int] = set()
    best_bonus: dict[ModifierType, int] = {}
    worst_penalty: dict[ModifierType, int] = {}
    for index, mod in enumerate(items):
        if mod.type is ModifierType.UNTYPED or mod.value == 0:
            keep.add(index)
            continue
        table = best_bonus if mod.value > 0 else worst_penalty
        current = table.get(mod.type)
        if current is None or abs(mod.value) > abs(items[current].value):
            table[mod.type] = index
    keep.update(best_bonus.values())
    keep.update(worst_penalty.values())
    applied = tuple(m for i, m in enumerate(items) if i in keep)
    ignored = tuple(m for i, m in enumerate(items) if i not in keep)
    return Stacked(applied, ignored)


@dataclass(frozen=True, slots=True)
class ResolvedValue:
    """A number with the explanation of how it was reached.

    Attributes:
        base: The starting value (a stat block defense, 10 for a save...).
        base_source: Where the base comes from.
        modifiers: The modifiers that count.
        ignored: Modifiers given but not stacking (kept for the log).
        override: A value the GM imposed, if any.
    """

    base: int
    base_source: str
    modifiers: tuple[Modifier, ...] = ()
    ignored: tuple[Modifier, ...] = ()
    override: int | None = None

    @property
    def computed(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)

    @property
    def total(self) -> int:
        return self.computed if self.override is None else self.override

    @property
    def parts(self) -> tuple[tuple[int, str], ...]:
        """(value, source) of the base and every applied modifier."""
        return ((self.base, self.base_source), *((m.value, m.source) for m in self.modifiers))

    def overridden(self, value: int) -> ResolvedValue:
        """The same explanation with a GM-imposed total."""
        return ResolvedValue(self.base, self.base_source, self.modifiers, self.ignored, value)


def resolve(base: int, base_source: str, modifiers: Iterable[Modifier] = ()) -> ResolvedValue:
    """Resolve ``base`` plus ``modifiers`` under the stacking rule."""
    stacked = stack(modifiers)
    return ResolvedValue(base, base_source, stacked.applied, stacked.ignored)
