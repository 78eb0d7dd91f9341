"""The log record of a roll the GM makes in the dice roller (issue 17), shown to the table.

Rolls the rules do not model (treasure, a skill check called on the spot, a random encounter)
go to the combat log only when the GM says so; private rolls never reach the document. Each
term keeps its own dice, so keep/drop and rerolls (``4d6kh3``, ``1d20ro1``) print every die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Self

from orcus_desktop.controller.log.records.base import DictRecord, LogRecord, Stored
from orcus_desktop.rules.dice_values import DiceRoll, DieResult, RollTerm


@dataclass(frozen=True, slots=True)
class RolledTerm(DictRecord):
    """One added term of the roll: its value, its notation and its dice (sides, value, kept)."""

    value: int
    source: str
    dice: tuple[tuple[int, int, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class DiceRolled(LogRecord):
    """A dice-roller roll the GM showed to the table, with the name it was rolled under."""

    kind: ClassVar[str] = "dice_roll"
    expression: str
    total: int
    terms: tuple[RolledTerm, ...]
    label: Annotated[str, Stored(missing="")] = ""

    @classmethod
    def from_roll(cls, roll: DiceRoll, label: str = "") -> Self:
        return cls(
            expression=roll.expression,
            total=roll.total,
            terms=tuple(
                RolledTerm(t.value, t.source, tuple((d.sides, d.value, d.kept) for d in t.dice))
                for t in roll.terms
            ),
            label=label,
        )

    def to_dice_roll(self) -> DiceRoll:
        """The `DiceRoll` recorded, for `rules.format.format_roll`."""
        terms = tuple(
            RollTerm(t.value, t.source, tuple(DieResult(s, v, k) for s, v, k in t.dice))
            for t in self.terms
        )
        return DiceRoll(self.expression, self.total, terms)
