"""The six abilities, their modifiers and the level bonus (000 "Abilities", "Level Bonus")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from orcus_desktop.rules.limits import MAX_STAT


class Ability(StrEnum):
    """One of 000's six abilities."""

    STRENGTH = "strength"
    CONSTITUTION = "constitution"
    DEXTERITY = "dexterity"
    INTELLIGENCE = "intelligence"
    WISDOM = "wisdom"
    CHARISMA = "charisma"

    @property
    def abbreviation(self) -> str:
        return self.value[:3].capitalize()

    @property
    def label(self) -> str:
        return self.value.capitalize()


_BY_NAME: Final = {a.value: a for a in Ability} | {a.value[:3]: a for a in Ability}


def parse_ability(name: str) -> Ability:
    """``"Strength"``, ``"str"`` or ``"STR"`` -> :attr:`Ability.STRENGTH`.

    Raises:
        ValueError: Not an ability name.
    """
    try:
        return _BY_NAME[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown ability {name!r}") from None


def ability_modifier(score: int) -> int:
    """000 "Ability Scores and Modifiers": subtract 10 from the score, divide by 2, round down."""
    return (score - 10) // 2


def level_bonus(level: int) -> int:
    """000 "Level Bonus": half the level, rounded down."""
    return level // 2


@dataclass(frozen=True, slots=True)
class AbilityScores:
    """A creature's six ability scores (10 or 11 is the human average, 000)."""

    strength: int = 10
    constitution: int = 10
    dexterity: int = 10
    intelligence: int = 10
    wisdom: int = 10
    charisma: int = 10

    def __post_init__(self) -> None:
        for ability in Ability:
            score = self.score(ability)
            if score < 0:
                raise ValueError(f"abilities.{ability.value}: expected a score of 0 or more")

    def score(self, ability: Ability) -> int:
        value: int = getattr(self, ability.value)
        return value

    def modifier(self, ability: Ability) -> int:
        return ability_modifier(self.score(ability))

    def modifiers(self) -> dict[str, int]:
        """Modifier by lowercase ability name (the shape :func:`dice.substitute` takes)."""
        return {a.value: self.modifier(a) for a in Ability}

    def to_dict(self) -> dict[str, int]:
        return {a.value: self.score(a) for a in Ability}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> AbilityScores:
        """Read ``{"strength": 16, ...}``; missing abilities default to 10.

        Raises:
            ValueError: Unknown key or a score that is not a whole number >= 0.
        """
        values: dict[str, int] = {}
        for key, raw in data.items():
            ability = parse_ability(str(key))
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise ValueError(f"abilities.{ability.value}: expected an integer, got {raw!r}")
            if raw > MAX_STAT:
                raise ValueError(f"abilities.{ability.value}: expected at most {MAX_STAT}")
            values[ability.value] = raw
        return cls(**values)


def primary_ability(abilities: AbilityScores, choices: tuple[str, ...]) -> Ability | None:
    """The highest-modifier ability among ``choices`` (the first on a tie); None if empty.

    003-49, 003 l.530 "Primary Ability vs Arm": docs/rulings.md R-102 picks the higher of
    Strength and Dexterity for weapon basic attacks.
    """
    options = [Ability(choice) for choice in choices]
    return max(options, key=abilities.modifier) if options else None
