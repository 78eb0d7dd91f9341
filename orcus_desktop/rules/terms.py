"""Small vocabularies shared by stat blocks, powers and attacks: defenses and damage types."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

E = TypeVar("E", bound=StrEnum)


class Defense(StrEnum):
    """The four defenses every attack targets (000 "Power Attack Rolls")."""

    AC = "ac"
    FORTITUDE = "fortitude"
    REFLEX = "reflex"
    WILL = "will"

    @property
    def label(self) -> str:
        return "AC" if self is Defense.AC else self.value.capitalize()


class DamageType(StrEnum):
    """000 "Damage Types"; weapons "typically don't have a type of damage" (no member)."""

    ACID = "acid"
    COLD = "cold"
    FIRE = "fire"
    FORCE = "force"
    LIGHTNING = "lightning"
    NECROTIC = "necrotic"
    POISON = "poison"
    PSYCHIC = "psychic"
    RADIANT = "radiant"
    THUNDER = "thunder"


ALL_DAMAGE = "all"
"""Key for "resistance to all" (000 Petrified: "Resistance to all 20")."""


def parse_enum(enum: type[E], raw: object, field: str) -> E:
    """Read an enum member from its string value, with a one-line error naming ``field``.

    Raises:
        ValueError: ``raw`` is not one of the enum's values.
    """
    if isinstance(raw, str):
        text = raw.strip().lower().replace(" ", "_").replace("-", "_")
        for member in enum:
            if member.value == text or member.name.lower() == text:
                return member
    allowed = ", ".join(m.value for m in enum)
    raise ValueError(f"{field}: expected one of {allowed}, got {raw!r}")
