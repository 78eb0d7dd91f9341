"""The wording of rules values that the combat log and the panels share.

A roll with every die, a value with its modifiers, the tail of a damage line, a heal,
temporary HP, a save. The results hold no display text (docs/design.md#rules, d20's
Stringifier). Whole log lines are `controller/log/text.py`'s, the one formatter of the log
panel and the text export; it builds them from these pieces, so each piece is worded once.
"""

from __future__ import annotations

from typing import Protocol

from orcus_desktop.rules.dice_values import DiceRoll, DieResult
from orcus_desktop.rules.modifiers import ResolvedValue


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def format_die(die: DieResult) -> str:
    text = str(die.value)
    if not die.kept:
        return f"~~{text}~~"
    return f"{text}!" if die.exploded else text


def format_roll(roll: DiceRoll) -> str:
    """``1d20 (17) + 5 [Strength modifier] = 22``; every die shown, dropped ones struck."""
    parts: list[str] = []
    for index, term in enumerate(roll.terms):
        sign = "" if index == 0 and term.value >= 0 else (" + " if term.value >= 0 else " - ")
        if index == 0 and term.value < 0:
            sign = "-"
        if term.dice:
            faces = ", ".join(format_die(d) for d in term.dice)
            body = f"{term.source} ({faces})"
        elif term.source.lstrip("-").isdigit():
            body = str(abs(term.value))
        else:
            body = f"{abs(term.value)} [{term.source}]"
        parts.append(f"{sign}{body}")
    text = "".join(parts) + f" = {roll.rolled_total}"
    if roll.forced_total is not None:
        text += f" -> {roll.forced_total} ({roll.forced_reason})"
    return text


def format_resolved(value: ResolvedValue) -> str:
    """``14 (stat block AC) +2 total defense -5 unconscious = 11``."""
    text = f"{value.base} ({value.base_source})"
    for m in value.modifiers:
        text += f" {_signed(m.value)} {m.source}"
    text += f" = {value.computed}"
    if value.ignored:
        text += (
            " [not stacking: "
            + ", ".join(f"{_signed(m.value)} {m.source}" for m in value.ignored)
            + "]"
        )
    if value.override is not None:
        text += f" -> {value.override} (GM)"
    return text


class DamageOutcome(Protocol):
    """What damage did to a creature: `DamageApplied`, or the log's record of it."""

    @property
    def absorbed_by_temp_hp(self) -> int: ...
    @property
    def hp_before(self) -> int: ...
    @property
    def hp_after(self) -> int: ...
    @property
    def became_staggered(self) -> bool: ...
    @property
    def knocked_out(self) -> bool: ...
    @property
    def fell_unconscious(self) -> bool: ...
    @property
    def died(self) -> bool: ...
    @property
    def death_cause(self) -> str: ...
    @property
    def woke(self) -> bool: ...


def damage_outcome(d: DamageOutcome) -> str:
    """``, 3 absorbed by temporary HP: HP 30 -> 21; staggered``: the tail of a damage line."""
    text = f", {d.absorbed_by_temp_hp} absorbed by temporary HP" if d.absorbed_by_temp_hp else ""
    text += f": HP {d.hp_before} -> {d.hp_after}"
    events = []
    if d.became_staggered:
        events.append("staggered")
    if d.knocked_out:
        events.append("knocked out")
    if d.fell_unconscious:
        events.append("falls unconscious and is dying")
    if d.died:
        events.append(f"dies ({d.death_cause})" if d.death_cause else "dies")
    if d.woke:
        events.append("wakes (003-37)")
    if events:
        text += "; " + ", ".join(events)
    return text


class HealingOutcome(Protocol):
    """What healing did to a creature: `HealingApplied`, or the log's record of it."""

    @property
    def source(self) -> str: ...
    @property
    def amount(self) -> int: ...
    @property
    def hp_before(self) -> int: ...
    @property
    def hp_after(self) -> int: ...
    @property
    def regained_consciousness(self) -> bool: ...
    @property
    def revived(self) -> bool: ...
    @property
    def recovery_spent(self) -> bool: ...
    @property
    def stabilized_at_one(self) -> bool: ...
    @property
    def refused(self) -> str: ...


def healing_text(target: str, h: HealingOutcome) -> str:
    """``Hero heals 11 (a recovery): HP 4 -> 15``; a negative amount is the GM setting HP."""
    if h.refused:
        return f"{target} cannot be healed ({h.refused})"
    if h.amount < 0:
        by = f" by {h.source}" if h.source else ""
        return f"{target}'s hit points are set{by}: HP {h.hp_before} -> {h.hp_after}"
    if h.revived:  # docs/rulings.md R-130
        by = f" by {h.source}" if h.source else ""
        return f"{target}'s hit points are set{by}: HP {h.hp_before} -> {h.hp_after}; alive again"
    if h.stabilized_at_one:
        text = f"{target} heals (no recovery left: set to 1 HP)"
    elif h.recovery_spent:
        text = f"{target} heals {h.amount} (a recovery)"
    else:
        text = f"{target} heals {h.amount}"
    if h.source:
        text += f" from {h.source}"
    text += f": HP {h.hp_before} -> {h.hp_after}"
    if h.regained_consciousness:
        text += "; regains consciousness"
    return text


def temp_hp_text(target: str, offered: int, before: int, after: int) -> str:
    """``Hero is offered 5 temporary HP: 3 -> 5 (never added together)``.

    000 "Temporary Hit Points": the higher value is kept, never the sum.
    """
    return (
        f"{target} is offered {offered} temporary HP: {before} -> {after} (never added together)"
    )


def save_verdict(shown_total: str, target_number: int, success: bool) -> str:
    """``12 (d20) = 12 vs 10: succeeds``: a saving throw's total against its target number."""
    return f"{shown_total} vs {target_number}: {'succeeds' if success else 'fails'}"
