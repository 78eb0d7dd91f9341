"""`AttackChoices`: the GM's calls on one attack, beyond its user, power, targets and dice.

One value for what `GameSession.use_power`, `preview_attack` and `basic_attack` take, what
`stage_attack` and `attack` read, and what an attack held for opportunity attacks keeps in
`combat.pending` (as JSON-like options, so undo, autosave and files keep it; the keys are the
ones files saved since issue 5 hold).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from orcus_desktop.geometry.grid import Square
from orcus_desktop.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class AttackChoices:
    """What the GM decides about an attack; the defaults leave everything to the rules.

    Attributes:
        cover: cover degree per target id, overriding the measured one ("none", a degree of
            the ruleset's scale (`cover_choices`), "total"; docs/design.md#cover).
        concealment: concealment degree per target id, overriding the one light and obscured
            squares give ("none", "concealed", "total"; docs/design.md#lighting).
        combat_advantage: extra reasons for combat advantage the GM states.
        knock_out: targets to knock out rather than kill (000 "Knocking a Creature Out").
        damage_overrides: damage per target id the GM imposes.
        area_origin: the origin square of a Far area.
        area_squares: the area's squares as the GM placed them (arcs, walls); default: the
            burst around the user (Near) or the origin (Far).
        crouching: targets that crouch or work their cover: one level more cover (001-12).
        taunt_held: the attack did not ignore a Taunt when declared (003 l.395-396, R-157).
    """

    cover: Mapping[str, str] = field(default_factory=dict)
    concealment: Mapping[str, str] = field(default_factory=dict)
    combat_advantage: Sequence[str] = ()
    knock_out: Sequence[str] = ()
    damage_overrides: Mapping[str, int] = field(default_factory=dict)
    area_origin: Square | None = None
    area_squares: Sequence[Square] | None = None
    crouching: Sequence[str] = ()
    taunt_held: bool = False

    def to_options(self) -> dict[str, Any]:
        """The JSON-like form a held attack keeps (`PendingAttack.options`)."""
        origin, squares = self.area_origin, self.area_squares
        options: dict[str, Any] = {
            "cover": dict(self.cover),
            "combat_advantage": list(self.combat_advantage),
            "knock_out": list(self.knock_out),
            "damage_overrides": dict(self.damage_overrides),
            "area_origin": None if origin is None else list(origin),
            "area_squares": None if squares is None else [list(q) for q in squares],
            # 001-12: written only when used (files before it have no such key)
            **({"crouching": list(self.crouching)} if self.crouching else {}),
            **({"taunt_held": True} if self.taunt_held else {}),  # 003 l.395
        }
        if self.concealment:  # (held attacks saved before issue 20 have none)
            options["concealment"] = dict(self.concealment)
        return options

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> AttackChoices:
        """The choices `to_options` wrote (missing keys take the defaults)."""
        origin = options.get("area_origin")
        squares = options.get("area_squares")
        return cls(
            cover={str(k): str(v) for k, v in options.get("cover", {}).items()},
            concealment={str(k): str(v) for k, v in options.get("concealment", {}).items()},
            combat_advantage=tuple(str(r) for r in options.get("combat_advantage", ())),
            knock_out=tuple(str(k) for k in options.get("knock_out", ())),
            damage_overrides={
                str(k): int(v) for k, v in options.get("damage_overrides", {}).items()
            },
            area_origin=None if origin is None else Square(*origin),
            area_squares=None if squares is None else tuple(Square(*q) for q in squares),
            crouching=tuple(str(k) for k in options.get("crouching", ())),
            taunt_held=options.get("taunt_held") is True,
        )


NO_CHOICES = AttackChoices()
"""The rules decide everything (a shared default; never mutated)."""


def cover_choices(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """The cover override per target: the measured degree, or what the GM rules.

    One entry per level of the ruleset's cover scale with its name and number (000 "Cover":
    half -2, three-quarters -5; 001-11: four levels from 1/4 +0 to 7/8 -3).
    """
    levels = tuple(
        (degree.value, f"{level.label} ({level.modifier:+d})")
        for degree, level in zip(ruleset.cover.degrees(), ruleset.cover.levels, strict=True)
    )
    return (
        ("", "as measured"),
        ("none", "no cover"),
        *levels,
        ("total", "total cover (cannot be targeted)"),
    )
