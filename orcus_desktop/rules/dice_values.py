"""Dice as values: where die results come from, and the frozen roll that keeps each die.

000 "Dice": a :class:`DiceSource` gives one result per die rolled: a seeded ``random.Random``
(:class:`RandomSource`), the physical dice the GM rolled at the table and typed in
(:class:`ScriptedSource`), or the highest face of every die (:class:`MaxSource`, for critical
hits). A :class:`DiceRoll` keeps every die. Both the expressions (`dice.py`) and the d20
plumbing that rolls them (`dice_d20.py`) use these, so neither imports the other back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

MAX_DICE_PER_ROLL = 500
"""Safety cap on dice rolled by one expression, rerolls and explosions included."""


class DiceError(ValueError):
    """An expression that cannot be parsed or rolled, or a die source that cannot supply it."""


class DiceExhaustedError(DiceError):
    """A scripted source ran out of typed-in die results."""


class DiceSource(Protocol):
    """Where die results come from: one call per die rolled."""

    def draw(self, sides: int) -> int:
        """Return one die result between 1 and ``sides``."""
        ...


@dataclass(slots=True)
class RandomSource:
    """Dice from an injected ``random.Random`` (seed it for reproducible encounters).

    Attributes:
        rng: The generator; never the module-level ``random`` functions.
    """

    rng: random.Random

    def draw(self, sides: int) -> int:
        return self.rng.randint(1, sides)


@dataclass(slots=True)
class ScriptedSource:
    """Dice the GM rolled at the table and typed in, or a test's fixed sequence.

    Values are consumed in order, one per die rolled. A value outside the die's faces is refused
    with :class:`DiceError` (a typo must not become a 23 on a d20).

    Attributes:
        values: The die results, in the order the dice are rolled.
        position: How many values were consumed so far.
    """

    values: Sequence[int]
    position: int = 0

    def draw(self, sides: int) -> int:
        if self.position >= len(self.values):
            raise DiceExhaustedError(
                f"no typed-in result left for a d{sides} (got {len(self.values)} values)"
            )
        value = self.values[self.position]
        if not 1 <= value <= sides:
            raise DiceError(f"typed-in result {value} is not a face of a d{sides}")
        self.position += 1
        return value

    @property
    def remaining(self) -> int:
        """Values not consumed yet."""
        return len(self.values) - self.position


@dataclass(frozen=True, slots=True)
class MaxSource:
    """Every die shows its highest face (000 "Critical Hits": maximum damage)."""

    def draw(self, sides: int) -> int:
        return sides


@dataclass(frozen=True, slots=True)
class MinSource:
    """Every die shows 1; with :class:`MaxSource` it bounds an expression's totals."""

    def draw(self, sides: int) -> int:
        return 1


@dataclass(slots=True)
class RecordingSource:
    """Wraps another source and records every result drawn, for replay with ScriptedSource.

    Attributes:
        inner: The source actually drawn from.
        drawn: (sides, value) of every die drawn, in order.
    """

    inner: DiceSource
    drawn: list[tuple[int, int]] = field(default_factory=list)

    def draw(self, sides: int) -> int:
        value = self.inner.draw(sides)
        self.drawn.append((sides, value))
        return value

    def replay(self) -> ScriptedSource:
        """A scripted source that yields the same results again."""
        return ScriptedSource([value for _, value in self.drawn])


@dataclass(frozen=True, slots=True)
class DieResult:
    """One die of a roll.

    Attributes:
        sides: Faces of the die (100 for d%).
        value: The face it shows.
        kept: False when a keep/drop or reroll operator discarded it.
        exploded: True when it exploded (d20 syntax ``e``) and added another die.
    """

    sides: int
    value: int
    kept: bool = True
    exploded: bool = False


@dataclass(frozen=True, slots=True)
class RollTerm:
    """One added or subtracted part of an expression, with where it comes from.

    Attributes:
        value: Its signed contribution to the total.
        source: The dice notation (``2d10``) or the annotation (``Strength modifier``) or the
            literal number.
        dice: The dice behind the term (empty for a constant).
    """

    value: int
    source: str
    dice: tuple[DieResult, ...] = ()


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The frozen result of rolling one expression; keeps each die.

    Attributes:
        expression: The expression as rolled (after substitution of dW and ability names).
        rolled_total: The total of the dice and modifiers.
        terms: The expression's top-level added terms with their sources.
        forced_total: A total the GM imposed instead (a "fudge"), recorded, not hidden.
        forced_reason: Why the GM forced it.
    """

    expression: str
    rolled_total: int
    terms: tuple[RollTerm, ...]
    forced_total: int | None = None
    forced_reason: str = ""

    @property
    def total(self) -> int:
        """The total that counts: the forced one if the GM forced it."""
        return self.rolled_total if self.forced_total is None else self.forced_total

    @property
    def dice(self) -> tuple[DieResult, ...]:
        """Every die rolled, kept or not, in rolling order."""
        return tuple(die for term in self.terms for die in term.dice)

    @property
    def kept_dice(self) -> tuple[DieResult, ...]:
        return tuple(die for die in self.dice if die.kept)

    @property
    def natural(self) -> int | None:
        """The first kept d20's face (the "natural" roll of 000 "Rolling 1 or 20"), if any."""
        for die in self.kept_dice:
            if die.sides == 20:
                return die.value
        return None

    def forced(self, total: int, reason: str = "GM override") -> DiceRoll:
        """This roll with a total the GM imposed; the rolled dice stay on record."""
        return DiceRoll(self.expression, self.rolled_total, self.terms, total, reason)


def constant_roll(value: int, source: str) -> DiceRoll:
    """A "roll" with no dice: a fixed amount such as persistent damage 5."""
    return DiceRoll(str(value), value, (RollTerm(value, source),))
