"""Plain-text combat log lines for rules results; the results themselves hold no display text.

Separate from the results (docs/design.md#rules, d20's Stringifier): the log panel, the CLI and the
tests call these; another formatter (HTML, player view) can be written beside them.
"""

from __future__ import annotations

from typing import Protocol

from orcus_desktop.rules.attack_application import AttackApplied
from orcus_desktop.rules.attack_rolls import AttackResult, TargetAttack, TargetDamage
from orcus_desktop.rules.damage import DamageApplied, DamageComputation
from orcus_desktop.rules.dice import DiceRoll, DieResult
from orcus_desktop.rules.healing import HealingApplied, TempHpGranted
from orcus_desktop.rules.modifiers import ResolvedValue
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.turns import DeathSave, EndOfTurn, SavingThrow, StartOfTurn


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


def format_computation(c: DamageComputation) -> str:
    text = str(c.rolled)
    for step in c.steps:
        text += f" {_signed(step.value)} ({step.reason})"
    text += f" = {c.computed}"
    if c.override is not None:
        text += f" -> {c.override} (GM)"
    return text


def format_target_damage(d: TargetDamage, ruleset: Ruleset) -> str:
    kinds = " ".join(t.value for t in d.types)
    text = ("maximum " if d.maximized else "") + format_roll(d.roll)
    if d.extra is not None:
        text += f"; critical extra {format_roll(d.extra)}"
    if d.half:
        text += "; half on a miss"
    if d.weakened:
        text += "; halved (attacker weakened)"
    return f"{d.amount(ruleset)} {kinds + ' ' if kinds else ''}damage ({text})"


def format_target_attack(t: TargetAttack, ruleset: Ruleset) -> str:
    if t.roll is None or t.attack is None or t.defense is None:
        line = f"{t.target}: no attack roll"
    else:
        verdict = "CRITICAL HIT" if t.critical else ("hit" if t.hit else "miss")
        auto = f", {t.automatic}" if t.automatic else ""
        kind = t.defense_kind.label if t.defense_kind else "defense"
        line = (
            f"{t.target}: {format_resolved(t.attack)} vs {kind} {format_resolved(t.defense)}"
            f" -> {verdict}{auto}"
        )
        if t.combat_advantage:
            line += f" (combat advantage: {', '.join(t.combat_advantage)})"
    if t.damage is not None:
        line += f"; {format_target_damage(t.damage, ruleset)}"
    if t.effect_damage is not None:
        line += f"; effect {format_target_damage(t.effect_damage, ruleset)}"
    return line


def format_attack(result: AttackResult, ruleset: Ruleset) -> str:
    """A multi-line log entry for one power use."""
    weapon = f" with {result.weapon}" if result.weapon else ""
    lines = [f"{result.attacker} uses {result.power}{weapon} ({result.origin.value})"]
    lines += ["  " + format_target_attack(t, ruleset) for t in result.targets]
    return "\n".join(lines)


def format_damage(d: DamageApplied) -> str:
    if d.ignored:
        return f"{d.target} is already dead"
    text = f"{d.target} takes {d.amount} damage"
    if d.source:
        text += f" from {d.source}"
    if d.computation is not None and (d.computation.steps or d.computation.override is not None):
        text += f" ({format_computation(d.computation)})"
    return text + damage_outcome(d)


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


def format_healing(h: HealingApplied) -> str:
    return healing_text(h.target, h)


def temp_hp_text(target: str, offered: int, before: int, after: int) -> str:
    """``Hero is offered 5 temporary HP: 3 -> 5 (never added together)``.

    000 "Temporary Hit Points": the higher value is kept, never the sum.
    """
    return (
        f"{target} is offered {offered} temporary HP: {before} -> {after} (never added together)"
    )


def format_temp_hp(t: TempHpGranted) -> str:
    return temp_hp_text(t.target, t.offered, t.temp_hp_before, t.temp_hp_after)


def save_verdict(shown_total: str, target_number: int, success: bool) -> str:
    """``12 (d20) = 12 vs 10: succeeds``: a saving throw's total against its target number."""
    return f"{shown_total} vs {target_number}: {'succeeds' if success else 'fails'}"


def format_save(save: SavingThrow) -> str:
    return "save " + save_verdict(format_resolved(save.total), save.target_number, save.success)


def format_death_save(who: str, d: DeathSave) -> str:
    text = f"{who} death save {format_resolved(d.save.total)}: "
    if d.spent_recovery:
        text += "20! spends a recovery and wakes"
    elif d.save.success:
        text += "success" + (" (20 with no recovery: counts as 19)" if d.treated_as_19 else "")
    else:
        text += f"failure {d.failures}"
    if d.died:
        text += " — dies"
    return text


def format_start_of_turn(s: StartOfTurn) -> str:
    lines = [f"start of {s.target}'s turn"]
    lines += ["  " + format_damage(applied) for _, applied in s.persistent]
    if s.regeneration is not None:
        lines.append("  " + format_healing(s.regeneration))
    if s.death_save is not None:
        lines.append("  " + format_death_save(s.target, s.death_save))
    return "\n".join(lines)


def format_end_of_turn(e: EndOfTurn) -> str:
    lines = [f"end of {e.target}'s turn"]
    for entry in e.saves:
        effect = entry.condition.condition.label if entry.condition else "persistent damage"
        lines.append(f"  {effect}: {format_save(entry.save)}")
    if e.death_save is not None:
        lines.append("  " + format_death_save(e.target, e.death_save))
    return "\n".join(lines)


def format_attack_applied(applied: AttackApplied, ruleset: Ruleset) -> str:
    lines = [format_attack(applied.attack, ruleset)]
    for t in applied.targets:
        lines += ["  " + format_damage(d) for d in t.damage]
        lines += [
            f"  {t.target} is {c.condition.label.lower()} ({c.duration.kind.value})"
            for c in t.conditions
        ]
        lines += [
            f"  {t.target} takes {p.amount} persistent damage ({p.duration.kind.value})"
            for p in t.persistent
        ]
        lines += [f"  {t.target}: {f.kind.value} {f.squares}" for f in t.forced_movement]
        lines += ["  " + format_temp_hp(g) for g in t.temp_hp]
        lines += ["  " + format_healing(h) for h in t.healing]
        lines += [f"  {t.target}: {text}" for text in t.text]
    return "\n".join(lines)
