"""Values several records share: a roll, damage taken, healing, a saving throw.

Each is built from the rules result it records (`from_*`) and kept in the stored layout the
producers in `combat_rules.py` have always written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Annotated, Any, Self, TypeVar

from orcus_desktop.controller.log.records.base import (
    DictRecord,
    LogRecord,
    LogRecordError,
    Parts,
    Stored,
)
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import ConditionInstance
from orcus_desktop.rules.damage import DamageApplied
from orcus_desktop.rules.dice_values import DiceRoll, DieResult, RollTerm
from orcus_desktop.rules.healing import HealingApplied
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue

_R = TypeVar("_R")


def mirrored(record: type[_R], result: object, **reshaped: Any) -> _R:
    """The record of a rules result: each of its fields the result has, copied by name.

    The rules type stays the one home of what happened; the record says only what the log keeps
    and, in `reshaped`, the fields it keeps in another shape. A new field on both is carried
    without a line here.
    """
    same = {f.name for f in fields(record)} - reshaped.keys()  # type: ignore[arg-type]
    kept = {name: getattr(result, name) for name in same if hasattr(result, name)}
    return record(**kept, **reshaped)


_DICE_TERM = re.compile(r"^\s*(\d*)\s*d\s*(\d+|%)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class RollRecord(DictRecord):
    """A roll: every die as (sides, value, kept), every term as (value, source), any override.

    A dice term (``2d6``) takes its dice from `dice` in order when the roll is rebuilt.
    """

    expression: Annotated[str, Stored(missing="")]
    total: int
    rolled_total: int
    dice: tuple[tuple[int, int, bool], ...]
    terms: Parts
    forced_total: Annotated[int | None, Stored(omit=None)] = None
    forced_reason: Annotated[str, Stored(along="forced_total")] = ""

    @classmethod
    def from_roll(cls, roll: DiceRoll) -> Self:
        return cls(
            expression=roll.expression,
            total=roll.total,
            rolled_total=roll.rolled_total,
            dice=tuple((d.sides, d.value, d.kept) for d in roll.dice),
            terms=tuple((t.value, t.source) for t in roll.terms),
            forced_total=roll.forced_total,
            forced_reason=roll.forced_reason if roll.forced_total is not None else "",
        )

    def to_dice_roll(self) -> DiceRoll:
        """The `DiceRoll` recorded, for `rules.format.format_roll`.

        Raises:
            LogRecordError: the terms ask for more dice than were recorded.
        """
        dice = [DieResult(sides, value, kept) for sides, value, kept in self.dice]
        terms: list[RollTerm] = []
        for value, source in self.terms:
            match = _DICE_TERM.match(source)
            count = int(match.group(1) or 1) if match else 0
            if count > len(dice):
                raise LogRecordError(f"roll: {source} needs {count} dice, {len(dice)} recorded")
            taken, dice = dice[:count], dice[count:]
            terms.append(RollTerm(value, source, tuple(taken)))
        return DiceRoll(
            expression=self.expression,
            rolled_total=self.rolled_total,
            terms=tuple(terms),
            forced_total=self.forced_total,
            forced_reason=self.forced_reason,
        )


def resolved_value(parts: Parts, total: int | None) -> ResolvedValue | None:
    """The `ResolvedValue` behind stored parts (base first, then modifiers) and its total.

    A total other than the parts' sum was imposed (the GM): it shows as an override.
    """
    if not parts:
        return None
    (base, source), *rest = parts
    value = ResolvedValue(base, source, tuple(Modifier(v, s) for v, s in rest))
    if total is not None and total != value.computed:
        value = value.overridden(total)
    return value


@dataclass(frozen=True, slots=True)
class Damage(LogRecord, kind="damage"):
    """Damage a creature took (`rules.damage.DamageApplied`), with how the amount came about.

    The record of the GM's damage, and part of attacks and persistent damage. `rolled` and
    `steps` are present when the amount was computed against the creature (resistances,
    vulnerabilities); `rolled` is None otherwise.
    """

    source: Annotated[str, Stored(missing="")]
    amount: int
    absorbed_by_temp_hp: Annotated[int, Stored(missing=0)]
    hp_before: int
    hp_after: int
    temp_hp_before: Annotated[int, Stored(missing=0)]
    temp_hp_after: Annotated[int, Stored(missing=0)]
    became_staggered: Annotated[bool, Stored(missing=False)]
    fell_unconscious: Annotated[bool, Stored(missing=False)]
    knocked_out: Annotated[bool, Stored(missing=False)]
    died: Annotated[bool, Stored(missing=False)]
    death_cause: Annotated[str, Stored(missing="")]
    conditions_added: Annotated[tuple[ConditionInstance, ...], Stored(missing=())]
    rolled: Annotated[int | None, Stored(omit=None)] = None
    steps: Annotated[Parts, Stored(along="rolled")] = ()
    woke: Annotated[bool, Stored(omit=False)] = False

    @classmethod
    def from_applied(cls, applied: DamageApplied) -> Self:
        computation = applied.computation
        return mirrored(
            cls,
            applied,
            conditions_added=tuple(applied.conditions_added),
            rolled=computation.rolled if computation is not None else None,
            steps=tuple((s.value, s.reason) for s in computation.steps) if computation else (),
        )


@dataclass(frozen=True, slots=True)
class Healing(LogRecord, kind="healing"):
    """Healing (`rules.healing.HealingApplied`); a negative amount is the GM setting HP lower.

    The record of the GM's healing or hit points, and part of rally, death saves and attacks.
    """

    source: Annotated[str, Stored(missing="")]
    amount: int
    hp_before: int
    hp_after: int
    regained_consciousness: bool = False
    recovery_spent: bool = False
    stabilized_at_one: bool = False
    refused: str = ""
    revived: Annotated[bool, Stored(omit=False)] = False  # docs/rulings.md R-130

    @classmethod
    def from_applied(cls, healing: HealingApplied) -> Self:
        return mirrored(cls, healing)


class Regeneration(Healing, kind="regeneration"):
    """Regeneration at the start of a turn (000 "Regeneration")."""


@dataclass(frozen=True, slots=True)
class SaveRecord(DictRecord):
    """A saving throw: its roll and explained total against the target number.

    000 "Saving Throws": 10 or higher succeeds unless something changes the number.
    """

    roll: RollRecord
    total: int
    parts: Annotated[Parts, Stored(missing=())]
    target_number: Annotated[int, Stored(missing=10)]
    success: bool

    @classmethod
    def from_save(cls, save: rules_turns.SavingThrow) -> Self:
        return cls(
            roll=RollRecord.from_roll(save.roll),
            total=save.total.total,
            parts=tuple((v, s) for v, s in save.total.parts),
            target_number=save.target_number,
            success=save.success,
        )
