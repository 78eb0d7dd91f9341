"""One line of plain text per combat-log entry, for the log panel (the UI may format its own).

The log stores structured events (`model.combat.LogEntry`); this is the default wording. Rolls
read like "d20 14 +3 Strength +3 Longsword proficiency = 20 vs AC 15: hit".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from orcus_desktop.model.combat import LogEntry
from orcus_desktop.model.encounter import Encounter


def names_of(encounter: Encounter) -> dict[str, str]:
    """Creature id -> display name, for `describe`."""
    return {c.id: c.name for c in encounter.creatures}


def describe(entry: LogEntry, names: Mapping[str, str]) -> str:
    """The entry as one line of text; unknown kinds fall back to their kind and data."""
    actor = names.get(entry.actor, entry.actor) if entry.actor else ""
    targets = ", ".join(names.get(t, t) for t in entry.targets)
    writer = _WRITERS.get(entry.kind)
    if writer is None:
        return f"{actor} {entry.kind.replace('_', ' ')}".strip() + (
            f" ({targets})" if targets else ""
        )
    return writer(entry.data, actor, targets, names)


def _parts(parts: Sequence[Sequence[Any]]) -> str:
    if not parts:
        return ""
    first, *rest = parts
    text = f"{first[1]} {first[0]}"
    for value, source in rest:
        text += f" {'+' if value >= 0 else '-'}{abs(value)} {source}"
    return text


class _Missing(dict[str, Any]):
    """Format values where a missing field shows as "?" instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def _hp(data: Mapping[str, Any]) -> str:
    return f"(HP {data.get('hp_before')} -> {data.get('hp_after')})"


def _roll(data: Mapping[str, Any]) -> str:
    dice = " ".join(str(d[1]) for d in data.get("dice", ()))
    return f"{data.get('expression', '')} [{dice}] = {data.get('total')}"


def _effects(data: Mapping[str, Any]) -> str:
    items = data.get("effects", ())
    out = []
    for e in items:
        if "condition" in e:
            out.append(str(e["condition"]).replace("_", " "))
        elif "amount" in e:
            out.append(f"{e['amount']} persistent damage")
    return ", ".join(out)


def _attack(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    lines = [f"{actor}: {data.get('power')}"]
    for t in data.get("targets", ()):
        name = names.get(t.get("target"), t.get("target"))
        if t.get("hit") is None:
            verdict = "affected"
        else:
            verdict = "critical hit" if t.get("critical") else ("hit" if t.get("hit") else "miss")
        line = f"vs {name}: {_parts(t.get('attack_parts', ()))} = {t.get('attack')}"
        if t.get("defense") is not None:
            line += f" vs {str(t.get('defense_kind', '')).upper()} {t.get('defense')}"
        line += f": {verdict}"
        for dmg in t.get("damage", ()):
            line += f", {dmg.get('amount')} damage {_hp(dmg)}"
            if dmg.get("died"):
                line += ", dies"
            elif dmg.get("fell_unconscious"):
                line += ", falls unconscious"
        conds = [str(c.get("condition")).replace("_", " ") for c in t.get("conditions", ())]
        if conds:
            line += f", {', '.join(conds)}"
        lines.append(line)
    return "; ".join(lines)


def _save(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    effect = data.get("effect") or {}
    what = str(effect.get("condition", "persistent damage")).replace("_", " ")
    verdict = "ends" if data.get("success") else "stays"
    return f"{actor} saves against {what}: {_roll(data.get('roll', {}))}, {what} {verdict}"


def _death_save(
    data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]
) -> str:
    text = f"{actor} death saving throw: {_roll(data.get('roll', {}))}"
    if data.get("died"):
        return text + ", dies"
    if data.get("spent_recovery"):
        return text + ", spends a recovery and wakes"
    return text + f" ({data.get('successes')} successes, {data.get('failures')} failures)"


def _simple(template: str) -> Callable[[Mapping[str, Any], str, str, Mapping[str, str]], str]:
    def write(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
        values = _Missing(data)
        values.update(actor=actor, targets=targets)
        return template.format_map(values)

    return write


def _initiative(
    data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]
) -> str:
    if "entered_total" in data:
        return f"{actor} initiative {data['entered_total']} (entered)"
    return f"{actor} initiative {_roll(data.get('roll', {}))}"


def _tie(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    order = ", ".join(names.get(i, i) for i in data.get("winner_first", ()))
    return f"Initiative tie at {data.get('initiative')}: coin flip puts {order}"


def _damage(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    return f"{targets} takes {data.get('amount')} damage {_hp(data)}"


def _persistent(
    data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]
) -> str:
    dmg = data.get("damage", {})
    return f"{targets} takes {dmg.get('amount')} persistent damage (HP {dmg.get('hp_after')})"


def _healing(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    return f"{targets} heals {data.get('amount')} {_hp(data)}"


def _ended(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    return f"{targets}: {_effects(data)} ends ({data.get('reason', '')})"


def _added(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    effect = data.get("effect", {})
    what = str(effect.get("condition", f"{effect.get('amount')} persistent damage"))
    duration = str(effect.get("duration", {}).get("kind", "")).replace("_", " ")
    return f"{targets}: {what.replace('_', ' ')} ({duration})"


def _move(data: Mapping[str, Any], actor: str, targets: str, names: Mapping[str, str]) -> str:
    text = f"{actor} {data.get('mode', 'moves')} {data.get('cost')} squares"
    provoked = [names.get(p, p) for p in data.get("provoked", ())]
    return text + (f", provoking {', '.join(provoked)}" if provoked else "")


_WRITERS: dict[str, Callable[[Mapping[str, Any], str, str, Mapping[str, str]], str]] = {
    "initiative": _initiative,
    "initiative_tie": _tie,
    "initiative_edit": _simple("{actor}: initiative {from} -> {to}"),
    "combat_start": _simple("Combat starts"),
    "round_start": lambda d, a, t, n: (
        "Surprise round" if d.get("surprise") else f"Round {d.get('round')}"
    ),
    "round_end": _simple("End of round {round}"),
    "surprise_end": _simple("The surprise round ends"),
    "turn_start": _simple("{actor}'s turn"),
    "turn_end": _simple("{actor} ends the turn"),
    "turn_skipped": _simple("{actor} skips the turn ({reason})"),
    "turn_lost": _simple("{actor} loses the turn (delayed too long)"),
    "delay": _simple("{actor} delays"),
    "delay_resume": _simple("{actor} stops delaying (initiative {initiative})"),
    "ready": _simple("{actor} readies a {kind} action: {trigger}"),
    "readied_triggered": _simple("{actor} takes the readied action ({trigger})"),
    "readied_lapsed": _simple("{actor}'s readied action lapses"),
    "join_combat": _simple("{actor} joins the combat"),
    "combat_end": _simple("Combat ends"),
    "move": _move,
    "charge_move": _simple("{actor} charges {targets}"),
    "attack": _attack,
    "damage": _damage,
    "healing": _healing,
    "persistent_damage": _persistent,
    "regeneration": _healing,
    "saving_throw": _save,
    "death_save": _death_save,
    "effect_ended": _ended,
    "condition_added": _added,
    "persistent_added": _added,
    "forced_move": _simple("{targets} is {kind}ed {squares}"),
    "help_attack": _simple("{actor} helps attack ({targets})"),
    "help_defense": _simple("{actor} helps defend ({targets})"),
    "aid_another": _simple("{actor} aids {targets}"),
    "total_defense": _simple("{actor}: total defense"),
    "rally": lambda d, a, t, n: f"{a} rallies (HP {d.get('healing', {}).get('hp_after')})",
    "drop_prone": _simple("{actor} drops prone"),
    "stand_up": _simple("{actor} stands up"),
    "action_point": _simple("{actor} spends an action point"),
    "escape_grapple": lambda d, a, t, n: (
        f"{a} tries to escape ({d.get('skill')} {d.get('total')} vs "
        f"{d.get('target_number')}): {'free' if d.get('success') else 'still held'}"
    ),
    "release_grapple": _simple("{actor} releases {targets}"),
    "grapple": _simple("{actor} grapples {targets} (automatic)"),
    "maintain": _simple("{actor} maintains {power}"),
    "maintain_lapsed": _simple("{actor}'s {power} ends (not maintained)"),
    "opportunity_declined": _simple("{actor} lets the opportunity pass"),
    "move_stopped": _simple("{actor} is stopped where it provoked"),
    "attack_held": _simple("{what} waits for the opportunity attacks"),
    "attack_dropped": _simple("{what} does not happen: {reason}"),
    "temp_hp": _simple("{targets}: {after} temporary HP (offered {offered})"),
}
