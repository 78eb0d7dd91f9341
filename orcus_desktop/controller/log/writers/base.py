"""What every writer of the log works with.

The entry being worded, the table a topic's writers register in, and the pieces several topics
print (a roll, damage, a save).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from string import Formatter
from typing import Any, TypeVar

from orcus_desktop.controller.log.records import (
    Damage,
    Effect,
    LogRecord,
    LogRecordError,
    RollRecord,
    SaveRecord,
    resolved_value,
)
from orcus_desktop.controller.log.words import Label, effect_text, plain_label
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.rules.format import damage_outcome, format_resolved, format_roll, save_verdict

NameOf = Callable[[str | None], str]
"""Creature id -> the name to print ("" for None; a creature gone keeps its id)."""


@dataclass(frozen=True, slots=True)
class Worded:
    """The entry being worded, with the names of its creatures."""

    entry: LogEntry
    name: NameOf
    label: Label = plain_label

    def effect(self, effect: Effect | None) -> str:
        return effect_text(effect, self.label)

    @property
    def actor(self) -> str:
        return self.name(self.entry.actor) if self.entry.actor else ""

    @property
    def targets(self) -> str:
        return ", ".join(self.name(t) for t in self.entry.targets)

    def round(self, stated: int | None) -> int:
        """The round a record states, else the entry's (older files do not state it)."""
        return self.entry.round if stated is None else stated


Writer = Callable[[Worded, Any], str]
"""One record type's wording: the entry and its record -> the text."""

_W = TypeVar("_W", bound=Writer)


class Writers:
    """One topic's writers, by the record type each words."""

    def __init__(self) -> None:
        self.by_type: dict[type[LogRecord], Writer] = {}

    def of(self, *types: type[LogRecord]) -> Callable[[_W], _W]:
        """Register the decorated function as the wording of `types`."""

        def register(writer: _W) -> _W:
            for record_type in types:
                self.by_type[record_type] = writer
            return writer

        return register

    def fixed(self, record_type: type[LogRecord], text: str) -> None:
        """A kind worded by a template: {actor}, {targets} and the record's fields as {r.field}.

        A field the record type does not have is refused here, when the module loads, not when an
        entry is worded.
        """
        known = {f.name for f in fields(record_type)}
        for _text, field_name, _spec, _conversion in Formatter().parse(text):
            if field_name is None or field_name in ("actor", "targets"):
                continue
            if not field_name.startswith("r.") or field_name[2:] not in known:
                raise ValueError(f"{record_type.__name__}: no field {field_name!r} in {text!r}")
        self.by_type[record_type] = lambda e, r: text.format(actor=e.actor, targets=e.targets, r=r)


def roll_text(roll: RollRecord | None) -> str:
    """The roll with every die (`rules.format.format_roll`); its total if it cannot be rebuilt."""
    if roll is None:
        return ""
    try:
        return format_roll(roll.to_dice_roll())
    except LogRecordError:
        return str(roll.total)


def damage_text(target: str, d: Damage) -> str:
    """``Orc takes 9 damage from Longsword (...): HP 30 -> 21; staggered``."""
    text = f"{target} takes {d.amount} damage"
    if d.source:
        text += f" from {d.source}"
    if d.steps:
        text += f" ({d.rolled}" + "".join(f" {v:+d} ({reason})" for v, reason in d.steps) + ")"
    return text + damage_outcome(d)


def save_text(save: SaveRecord, typed_in: bool = False) -> str:
    """``12 (d20) = 12 vs 10: succeeds``, then " (typed in)" if the GM typed the die in."""
    total = resolved_value(save.parts, save.total)
    shown = format_resolved(total) if total is not None else str(save.total)
    typed = " (typed in)" if typed_in else ""
    return save_verdict(shown, save.target_number, save.success) + typed
