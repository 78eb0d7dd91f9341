"""A power's card: the lines of 000 "Power Description" as the GM reads them at the table.

Qt-free: the Actions panel renders the lines as rich text (on hover and on click), the CLI or
a test can print them. The order follows 000 "Power Description": name, keywords (000
"Tags"), frequency and action, origin and range or area, targets, trigger, attack line, then
Hit, Miss and Effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from orcus_desktop.controller.log.words import DURATION_TEXT, defense_name, plain_label
from orcus_desktop.rules.powers import (
    ActionKind,
    Outcome,
    Power,
    PowerRange,
    TargetKind,
)
from orcus_desktop.vocabulary import Origin

Label = Callable[[str], str]
"""The encounter's ruleset's name for a term (`Ruleset.label`, 002-01 "minor")."""

_TARGETS: Final[dict[TargetKind, str]] = {
    TargetKind.ALL: "each creature in the area",
    TargetKind.ENEMIES: "each enemy in the area",
    TargetKind.ALLIES: "each ally in the area",
    TargetKind.NEAREST_ENEMY: "the nearest enemy",
    TargetKind.NEAREST_ALLY: "the nearest ally",
    TargetKind.ANY: "any creature",
    TargetKind.SELF: "the user",
}


@dataclass(frozen=True, slots=True)
class CardLine:
    """One line of a card: a heading ("Hit") and its text ("2d6 + 4 fire damage").

    `roll` is the line's damage as the dice dock rolls it for the creature, or "" (none, or
    not filled in: `controller.views.card_rolls.with_damage_rolls`).
    """

    heading: str
    text: str
    roll: str = ""


@dataclass(frozen=True, slots=True)
class PowerCard:
    """What the GM reads about a power before using it.

    Attributes:
        name: the power's name.
        usage: "At-will · Standard action" (frequency and action as the ruleset names it).
        lines: keywords, range, targets, trigger, attack, hit, miss, effect (only those the
            power has).
    """

    name: str
    usage: str
    lines: tuple[CardLine, ...]

    def plain_text(self) -> str:
        """The card as plain lines ("Hit: 1d8 + 3 damage")."""
        rows = [self.name, self.usage, *(f"{line.heading}: {line.text}" for line in self.lines)]
        return "\n".join(rows)


def power_card(power: Power, label: Label = plain_label) -> PowerCard:
    """The card of `power` in the words of the encounter's ruleset (`label`)."""
    frequency = power.frequency.value.replace("_", "-").capitalize()
    action = label(power.action.value)
    usage = f"{frequency} · {action.capitalize()}" + (
        " action" if power.action is not ActionKind.NONE else ""
    )
    lines: list[CardLine] = []
    if power.keywords:
        lines.append(CardLine("Keywords", ", ".join(k.capitalize() for k in power.keywords)))
    lines.append(CardLine("Range", _range_text(power)))
    lines.append(CardLine("Targets", _targets_text(power)))
    if power.trigger:
        lines.append(CardLine("Trigger", power.trigger))
    if power.attack is not None:
        lines.append(CardLine("Attack", _attack_text(power, label)))
    for heading, outcome in (("Hit", power.hit), ("Miss", power.miss), ("Effect", power.effect)):
        text = outcome_text(outcome, label)
        if text:
            lines.append(CardLine(heading, text))
    if power.maintain is not None:
        lines.append(CardLine("Maintain", f"{label(power.maintain.value).capitalize()} action"))
    return PowerCard(power.name, usage, tuple(lines))


def _range_text(power: Power) -> str:
    origin = power.origin.value.capitalize()
    if power.area is not None:
        area = f"{power.area.type.value} {power.area.size}"
        reach = _reach(power.range)
        return f"{origin} {area}" + (f" within {reach}" if power.origin is Origin.FAR else "")
    if power.origin is Origin.SELF:
        return "Self"
    reach = _reach(power.range)
    return f"{origin} {reach}" if reach else origin


def _reach(power_range: PowerRange) -> str:
    if power_range.weapon:
        return "weapon"
    if power_range.normal is None:
        return ""
    if power_range.long is not None:
        return f"{power_range.normal}/{power_range.long}"
    return str(power_range.normal)


def _targets_text(power: Power) -> str:
    if power.targets is TargetKind.ONE:
        if power.target_count == 1:
            return "one creature"
        return f"up to {power.target_count} creatures"
    return _TARGETS[power.targets]


def _attack_text(power: Power, label: Label) -> str:
    attack = power.attack
    assert attack is not None
    if attack.bonus is not None:
        first = f"{attack.bonus:+d}"
    elif attack.ability is not None:
        first = attack.ability.label
    else:
        first = "Attack"
    extra = f" {attack.extra:+d}" if attack.extra else ""
    return f"{first}{extra} vs {defense_name(label, attack.defense.value)}"


def outcome_text(outcome: Outcome, label: Label = plain_label) -> str:
    """A Hit, Miss or Effect line in words ("1d8 + 3 fire damage, and the target is dazed")."""
    parts: list[str] = []
    if outcome.damage is not None:
        types = " ".join(t.value for t in outcome.damage.types)
        parts.append(f"{outcome.damage.expression} {types + ' ' if types else ''}damage")
    if outcome.half_damage:
        parts.append("half damage")
    for spec in outcome.conditions:
        when = DURATION_TEXT.get(spec.duration, spec.duration.value)
        parts.append(f"{label(spec.condition.value)} ({when})")
    for persistent in outcome.persistent:
        types = " ".join(t.value for t in persistent.types)
        when = DURATION_TEXT.get(persistent.duration, persistent.duration.value)
        kinds = types + " " if types else ""
        parts.append(f"{persistent.amount} persistent {kinds}damage ({when})")
    if outcome.forced_movement is not None:
        move = outcome.forced_movement
        parts.append(f"{move.kind.value} {move.squares}")
    if outcome.temp_hp:
        parts.append(f"{outcome.temp_hp} temporary hit points")
    if outcome.healing_recovery:
        parts.append("the target spends a recovery and regains its recovery value")
    if outcome.text:
        parts.append(outcome.text)
    return "; ".join(parts)
