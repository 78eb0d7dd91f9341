"""Values several records share: a roll, damage taken, healing, a saving throw.

Each is built from the rules result it records (`from_*`) and kept in the stored layout the
producers in `combat_rules.py` have always written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from orcus_desktop.controller.log_records.base import (
    Fields,
    LogRecord,
    LogRecordError,
    Parts,
    is_int,
    is_list,
    parts_to_list,
)
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import ConditionInstance
from orcus_desktop.rules.damage import DamageApplied
from orcus_desktop.rules.dice import DiceRoll, DieResult, RollTerm
from orcus_desktop.rules.healing import HealingApplied
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue

_DICE_TERM = re.compile(r"^\s*(\d*)\s*d\s*(\d+|%)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class RollRecord:
    """A roll: every die as (sides, value, kept), every term as (value, source), any override.

    A dice term (``2d6``) takes its dice from `dice` in order when the roll is rebuilt.
    """

    expression: str
    total: int
    rolled_total: int
    dice: tuple[tuple[int, int, bool], ...]
    terms: Parts
    forced_total: int | None = None
    forced_reason: str = ""

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

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "expression": self.expression,
            "total": self.total,
            "rolled_total": self.rolled_total,
            "dice": [list(d) for d in self.dice],
            "terms": parts_to_list(self.terms),
        }
        if self.forced_total is not None:
            data["forced_total"] = self.forced_total
            data["forced_reason"] = self.forced_reason
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, "roll")
        dice: list[tuple[int, int, bool]] = []
        for die in f.items("dice"):
            sides, value, kept = die if is_list(die) and len(die) == 3 else (None,) * 3
            if not (is_int(sides) and is_int(value) and isinstance(kept, bool)):
                raise LogRecordError(f"roll.dice: expected [sides, value, kept], got {die!r}")
            dice.append((sides, value, kept))
        forced = f.opt_integer("forced_total")
        return cls(
            expression=f.text("expression", ""),
            total=f.integer("total"),
            rolled_total=f.integer("rolled_total"),
            dice=tuple(dice),
            terms=f.parts("terms"),
            forced_total=forced,
            forced_reason=f.text("forced_reason", "") if forced is not None else "",
        )

    @classmethod
    def opt_from_dict(cls, data: Mapping[str, Any] | None) -> Self | None:
        return None if data is None else cls.from_dict(data)


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
class Damage(LogRecord):
    """Damage a creature took (`rules.damage.DamageApplied`), with how the amount came about.

    The record of the GM's damage, and part of attacks and persistent damage. `rolled` and
    `steps` are present when the amount was computed against the creature (resistances,
    vulnerabilities); `rolled` is None otherwise.
    """

    kind: ClassVar[str] = "damage"

    source: str
    amount: int
    absorbed_by_temp_hp: int
    hp_before: int
    hp_after: int
    temp_hp_before: int
    temp_hp_after: int
    became_staggered: bool
    fell_unconscious: bool
    knocked_out: bool
    died: bool
    death_cause: str
    conditions_added: tuple[ConditionInstance, ...]
    rolled: int | None = None
    steps: Parts = ()

    @classmethod
    def from_applied(cls, applied: DamageApplied) -> Self:
        computation = applied.computation
        return cls(
            source=applied.source,
            amount=applied.amount,
            absorbed_by_temp_hp=applied.absorbed_by_temp_hp,
            hp_before=applied.hp_before,
            hp_after=applied.hp_after,
            temp_hp_before=applied.temp_hp_before,
            temp_hp_after=applied.temp_hp_after,
            became_staggered=applied.became_staggered,
            fell_unconscious=applied.fell_unconscious,
            knocked_out=applied.knocked_out,
            died=applied.died,
            death_cause=applied.death_cause,
            conditions_added=tuple(applied.conditions_added),
            rolled=computation.rolled if computation is not None else None,
            steps=tuple((s.value, s.reason) for s in computation.steps) if computation else (),
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "source": self.source,
            "amount": self.amount,
            "absorbed_by_temp_hp": self.absorbed_by_temp_hp,
            "hp_before": self.hp_before,
            "hp_after": self.hp_after,
            "temp_hp_before": self.temp_hp_before,
            "temp_hp_after": self.temp_hp_after,
            "became_staggered": self.became_staggered,
            "fell_unconscious": self.fell_unconscious,
            "knocked_out": self.knocked_out,
            "died": self.died,
            "death_cause": self.death_cause,
            "conditions_added": [c.to_dict() for c in self.conditions_added],
        }
        if self.rolled is not None:
            data["rolled"] = self.rolled
            data["steps"] = parts_to_list(self.steps)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, "damage")
        rolled = f.opt_integer("rolled")
        return cls(
            source=f.text("source", ""),
            amount=f.integer("amount"),
            absorbed_by_temp_hp=f.integer("absorbed_by_temp_hp", 0),
            hp_before=f.integer("hp_before"),
            hp_after=f.integer("hp_after"),
            temp_hp_before=f.integer("temp_hp_before", 0),
            temp_hp_after=f.integer("temp_hp_after", 0),
            became_staggered=f.flag("became_staggered", False),
            fell_unconscious=f.flag("fell_unconscious", False),
            knocked_out=f.flag("knocked_out", False),
            died=f.flag("died", False),
            death_cause=f.text("death_cause", ""),
            conditions_added=f.conditions("conditions_added", ()),
            rolled=rolled,
            steps=f.parts("steps", ()) if rolled is not None else (),
        )


@dataclass(frozen=True, slots=True)
class Healing(LogRecord):
    """Healing (`rules.healing.HealingApplied`); a negative amount is the GM setting HP lower.

    The record of the GM's healing or hit points, and part of rally, death saves and attacks.
    """

    kind: ClassVar[str] = "healing"

    source: str
    amount: int
    hp_before: int
    hp_after: int
    regained_consciousness: bool = False
    recovery_spent: bool = False
    stabilized_at_one: bool = False
    refused: str = ""

    @classmethod
    def from_applied(cls, healing: HealingApplied) -> Self:
        return cls(
            source=healing.source,
            amount=healing.amount,
            hp_before=healing.hp_before,
            hp_after=healing.hp_after,
            regained_consciousness=healing.regained_consciousness,
            recovery_spent=healing.recovery_spent,
            stabilized_at_one=healing.stabilized_at_one,
            refused=healing.refused,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "amount": self.amount,
            "hp_before": self.hp_before,
            "hp_after": self.hp_after,
            "regained_consciousness": self.regained_consciousness,
            "recovery_spent": self.recovery_spent,
            "stabilized_at_one": self.stabilized_at_one,
            "refused": self.refused,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, "healing")
        return cls(
            source=f.text("source", ""),
            amount=f.integer("amount"),
            hp_before=f.integer("hp_before"),
            hp_after=f.integer("hp_after"),
            regained_consciousness=f.flag("regained_consciousness", False),
            recovery_spent=f.flag("recovery_spent", False),
            stabilized_at_one=f.flag("stabilized_at_one", False),
            refused=f.text("refused", ""),
        )

    @classmethod
    def opt_from_dict(cls, data: Mapping[str, Any] | None) -> Self | None:
        return None if data is None else cls.from_dict(data)


@dataclass(frozen=True, slots=True)
class Regeneration(Healing):
    """Regeneration at the start of a turn (000 "Regeneration")."""

    kind: ClassVar[str] = "regeneration"


@dataclass(frozen=True, slots=True)
class SaveRecord:
    """A saving throw: its roll and explained total against the target number.

    000 "Saving Throws": 10 or higher succeeds unless something changes the number.
    """

    roll: RollRecord
    total: int
    parts: Parts
    target_number: int
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "roll": self.roll.to_dict(),
            "total": self.total,
            "parts": parts_to_list(self.parts),
            "target_number": self.target_number,
            "success": self.success,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, "save")
        return cls(
            roll=RollRecord.from_dict(f.mapping("roll")),
            total=f.integer("total"),
            parts=f.parts("parts", ()),
            target_number=f.integer("target_number", 10),
            success=f.flag("success"),
        )
