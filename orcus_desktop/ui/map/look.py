"""What a token shows, worked out from the snapshots once per change rather than in `paint()`.

`TokenLook` is a plain value: the scene builds one per creature from the encounter (whose turn
it is, hit points, conditions) and hands it to the dumb `TokenItem`, which only paints it.

Hit points and conditions are read from the creature's stat block mapping (`hp`, `max_hp` or
`hit_points`, `conditions`) because the document does not yet carry a per-creature rules state;
when it does, only `vitals()` and `conditions()` change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from orcus_desktop.model.encounter import Creature, Encounter


class TokenState:
    """How the token is drawn besides its colour (000 "Hit Points": bloodied, dying, dead)."""

    NORMAL = "normal"
    BLOODIED = "bloodied"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class Badge:
    """A condition badge: a short label and the remaining duration ("" when open-ended)."""

    label: str
    remaining: str = ""


@dataclass(frozen=True, slots=True)
class TokenLook:
    """Everything a token paints.

    Attributes:
        hp: current hit points, or None when the creature has none recorded (no bar drawn).
        max_hp: maximum hit points (> 0 when `hp` is not None).
        state: normal, bloodied, unconscious or dead.
        badges: condition badges.
        current_turn: it is this creature's turn (a marker ring is drawn).
        tooltip: the hover stat summary.
    """

    hp: int | None = None
    max_hp: int = 0
    state: str = TokenState.NORMAL
    badges: tuple[Badge, ...] = ()
    current_turn: bool = False
    tooltip: str = ""


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Mapping):
        return _int(value.get("max") or value.get("value"))
    return None


def vitals(creature: Creature) -> tuple[int, int] | None:
    """(current, maximum) hit points, or None when the creature has no hit points recorded."""
    block = creature.statblock
    max_hp = _int(block.get("max_hp")) or _int(block.get("hit_points")) or _int(block.get("hp"))
    if not max_hp or max_hp <= 0:
        return None
    current = _int(block.get("current_hp"))
    if current is None:
        current = _int(block.get("hp")) if "max_hp" in block else max_hp
    return (current if current is not None else max_hp, max_hp)


def conditions(creature: Creature) -> tuple[Badge, ...]:
    """Condition badges from the stat block's `conditions` list (names or {name, duration})."""
    raw = creature.statblock.get("conditions", ())
    badges: list[Badge] = []
    if isinstance(raw, list | tuple):
        for entry in raw:
            if isinstance(entry, str):
                badges.append(Badge(entry))
            elif isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
                badges.append(Badge(str(entry["name"]), str(entry.get("duration", "") or "")))
    return tuple(badges)


def token_look(encounter: Encounter, creature: Creature) -> TokenLook:
    """The look of `creature`'s token in `encounter`."""
    hp_pair = vitals(creature)
    badges = conditions(creature)
    names = {b.label.lower() for b in badges}
    state = TokenState.NORMAL
    if hp_pair is not None:
        hp, max_hp = hp_pair
        # 000 "Hit Points": bloodied at half or less; dying at 0; dead at minus bloodied value.
        if hp <= -(max_hp // 2) or "dead" in names:
            state = TokenState.DEAD
        elif hp <= 0 or "unconscious" in names or "dying" in names:
            state = TokenState.UNCONSCIOUS
        elif hp <= max_hp // 2:
            state = TokenState.BLOODIED
    elif "dead" in names:
        state = TokenState.DEAD
    elif "unconscious" in names or "dying" in names:
        state = TokenState.UNCONSCIOUS
    lines = [f"<b>{creature.name}</b>", f"{creature.side}, {creature.size.value}"]
    lines.append(f"Speed {creature.speed}")
    if hp_pair is not None:
        lines.append(
            f"HP {hp_pair[0]} / {hp_pair[1]}" + (f" ({state})" if state != "normal" else "")
        )
    for key, label in (("ac", "AC"), ("fortitude", "Fort"), ("reflex", "Ref"), ("will", "Will")):
        value = _int(creature.statblock.get(key))
        if value is not None:
            lines.append(f"{label} {value}")
    if badges:
        lines.append(
            "Conditions: "
            + ", ".join(b.label + (f" ({b.remaining})" if b.remaining else "") for b in badges)
        )
    if creature.hidden:
        lines.append("<i>hidden from the players</i>")
    return TokenLook(
        hp=hp_pair[0] if hp_pair else None,
        max_hp=hp_pair[1] if hp_pair else 0,
        state=state,
        badges=badges,
        current_turn=encounter.combat.current == creature.id,
        tooltip="<br>".join(lines),
    )
