"""Moves and attacks in the log.

A move and the opportunity attacks it offers, a charge, forced movement, and an attack with each
target's roll and what it took.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.log import records as rec
from orcus_desktop.controller.log.records import resolved_value
from orcus_desktop.controller.log.words import (
    defense_name,
    opportunity_attack,
    plain_label,
    plural,
    term,
)
from orcus_desktop.controller.log.writers.base import Worded, Writers, damage_text, roll_text
from orcus_desktop.rules.format import format_resolved, healing_text
from orcus_desktop.vocabulary import ForcedMovementKind

WRITERS: Final = Writers()


@WRITERS.of(rec.Move)
def _move(e: Worded, r: rec.Move) -> str:
    if r.mode == "gm":
        text = f"{e.actor} is moved by the GM"
    else:
        # The ruleset's name for the move (004 "adjust" for a shift, 002-004 "run" for a dash).
        text = f"{e.actor} moves {plural(r.cost, 'square')} ({e.label(r.mode)})"
    return text + _offered(e, r.provoked)


@WRITERS.of(rec.ChargeMove)
def _charge_move(e: Worded, r: rec.ChargeMove) -> str:
    return f"{e.actor} charges {e.targets}: moves {plural(r.cost, 'square')}"


def _offered(e: Worded, provoked: tuple[str, ...] | None) -> str:
    if not provoked:
        return ""
    return f"; {opportunity_attack(e.label)} offered to " + ", ".join(e.name(p) for p in provoked)


@WRITERS.of(rec.ForcedMove)
def _forced_move(e: Worded, r: rec.ForcedMove) -> str:
    try:
        past = ForcedMovementKind(r.movement).past
    except ValueError:  # a kind this version does not know: say it as written
        past = r.movement
    by = f" by {e.actor}" if e.entry.actor else ""
    if r.moved is None or r.moved >= r.squares:  # a full move, or a file without `moved`
        return f"{e.targets} is {past} {plural(r.squares, 'square')}{by}"
    # 003-43: it ended short (a collision or an edge follows); say how far it really went.
    how = "stopped at once" if r.moved == 0 else "stopped short"
    return f"{e.targets} is {past} {r.moved} of {plural(r.squares, 'square')}{by} ({how})"


@WRITERS.of(rec.Attack)
def _attack(e: Worded, r: rec.Attack) -> str:
    # A monster's power is often its weapon ("Shortbow"): not "uses Shortbow with Shortbow".
    weapon = f" with {r.weapon}" if r.weapon and r.weapon != r.power else ""
    # 001-23/24: the strike a reaction was made as ("... as a Counter Strike!").
    made_as = f" as a {r.reaction}" if r.reaction else ""
    lines = [f"{e.actor} uses {r.power}{weapon} ({r.origin}){made_as}"]
    for roll, label in (
        (r.hit_damage, "damage on a hit"),
        (r.miss_damage, "damage on a miss"),
        (r.effect_damage, "effect damage"),
    ):
        if roll is not None:
            lines.append(f"  {label}: {roll_text(roll)}")
    for t in r.targets:
        lines += ["  " + line for line in _attack_target(e, t)]
    if r.provoked:
        offered = ", ".join(e.name(p) for p in r.provoked)
        lines.append(f"  {opportunity_attack(e.label)} offered to {offered}")
    return "\n".join(lines)


def _attack_target(e: Worded, t: rec.AttackTarget) -> list[str]:
    target = e.name(t.target)
    attack = resolved_value(t.attack_parts, t.attack)
    defense = resolved_value(t.defense_parts, t.defense)
    if attack is None or defense is None:
        line = f"{target}: no attack roll"
    else:
        verdict = "CRITICAL HIT" if t.critical else ("hit" if t.hit else "miss")
        auto = f", {t.automatic}" if t.automatic else ""
        kind = defense_name(e.label, str(t.defense_kind))
        # An unmodified defense reads "vs AC 17", not "vs AC 17 (Goblin AC) = 17".
        plain = not defense.modifiers and not defense.ignored and defense.override is None
        against = str(defense.total) if plain else format_resolved(defense)
        line = f"{target}: {format_resolved(attack)} vs {kind} {against} -> {verdict}{auto}"
        if t.combat_advantage:
            advantage = term(e.label, "combat_advantage", "combat advantage")
            line += f" ({advantage}: {', '.join(t.combat_advantage)})"
    if t.cover and t.cover != "none":
        cover = term(e.label, t.cover, "")  # 004 "improved cover", 001 "3/4 cover"
        line += f"; {cover}" if cover else f"; cover: {plain_label(t.cover)}"
    lines = [line]
    lines += ["  " + damage_text(target, d) for d in t.damage]
    lines += [f"  {target} is {e.effect(c)}" for c in t.conditions]
    lines += [f"  {target} takes {e.effect(p)}" for p in t.persistent]
    lines += [f"  {target}: {movement} {n}" for movement, n in t.forced_movement]
    lines += ["  " + healing_text(target, h) for h in t.healing]
    # The power's words the app does not carry out ("An enemy adjacent to you takes..."):
    # "Goblin: An enemy adjacent..." read as if the goblin were that enemy.
    lines += [f"  for the GM to apply: {text}" for text in t.text]
    return lines
