"""The damage on a power card as the dice dock rolls it: 000's notation made plain dice.

A card writes damage as the power does ("1dW + Strength modifier"); a click on it rolls the
creature's own numbers: its weapon's die for dW (000 "dW": the weapon the power uses) and its
ability modifiers, each term annotated with its source, plus the weapon's enhancement for a
Weapon power, as the attack itself rolls it (rules/attack_rolls.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from orcus_desktop.controller.views.power_cards import PowerCard
from orcus_desktop.rules.attack_modifiers import weapon_for
from orcus_desktop.rules.dice import substitute, validate_expression
from orcus_desktop.rules.dice_values import DiceError
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.statblock import StatBlock

CARD_OUTCOMES: Final = ("Hit", "Miss", "Effect")
"""The card lines that can carry damage (000 "Power Description")."""


def damage_rolls(statblock: StatBlock | None, power: Power) -> dict[str, str]:
    """The rollable damage of each card line ("Hit" -> "1d10 + 3 [Strength modifier]").

    A line whose damage cannot be made plain dice for this creature (dW without a weapon) is
    left out: its card shows the damage as text, without a roll.
    """
    weapon = weapon_for(statblock, power) if statblock is not None else None
    modifiers = statblock.abilities.modifiers() if statblock is not None else {}
    rolls: dict[str, str] = {}
    for heading, outcome in zip(CARD_OUTCOMES, (power.hit, power.miss, power.effect), strict=True):
        if outcome.damage is None:
            continue
        try:
            text = substitute(
                outcome.damage.expression,
                weapon_die=weapon.die if weapon is not None else None,
                ability_modifiers=modifiers,
            )
            if weapon is not None and power.uses_weapon and weapon.enhancement:
                text += f" + {weapon.enhancement} [{weapon.name} enhancement]"
            validate_expression(text)
        except DiceError:
            continue
        rolls[heading] = text
    return rolls


def with_damage_rolls(card: PowerCard, rolls: Mapping[str, str]) -> PowerCard:
    """The card with each damage line's roll (`CardLine.roll`) filled in."""
    lines = tuple(replace(line, roll=rolls.get(line.heading, "")) for line in card.lines)
    return replace(card, lines=lines)
