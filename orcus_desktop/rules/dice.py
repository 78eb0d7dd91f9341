"""Dice expressions on the d20 package, rolled from an injected source of die results.

000 "Dice": expressions such as "3d4+3" mean "roll three four-sided dice and add 3"; 000 "d%":
percentile dice give 1 to 100. The d20 package parses and evaluates the expression; it has no RNG
parameter (it calls the global ``random``), so `dice_d20` plugs its own ``Die``/``Dice`` classes
into a ``d20.Roller`` subclass whose dice draw from a :class:`DiceSource`: a seeded
``random.Random`` (:class:`RandomSource`), the physical dice the GM rolled at the table and typed
in (:class:`ScriptedSource`), or the highest face of every die (:class:`MaxSource`, for critical
hits). Everything d20 returns is converted at once into frozen :class:`DiceRoll` trees that keep
every die, so no untyped d20 object leaves it. The sources and the frozen roll live in
`dice_values`, which this module and `dice_d20` both import, so neither imports the other back.

The d20 plumbing lives in `dice_d20`, imported on the first roll or the first expression that
is more than a plain sum: building d20's grammar costs 9 MB of the resident set, and the
powers' plain sums ("2d6 + 4", "1d8 + 0 [Strength modifier]"), checked when the creature
library loads, need no grammar (issue 14).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

from orcus_desktop.rules.dice_values import (
    DiceError,
    DiceRoll,
    DiceSource,
    MaxSource,
    MinSource,
)

MAX_EXPRESSION_LENGTH = 200
"""Safety cap on user-typed expressions (docs/design.md#rules: caps for user-typed input)."""

MAX_DIE_SIDES = 1000
"""Largest die accepted; d% counts as a d100."""


_DICE_SIZE = re.compile(r"d\s*(\d+)", re.IGNORECASE)

# A sum of dice ("2d6", "d8") and numbers, each with an optional annotation: every such text is
# in d20's grammar (tests/rules/test_dice.py checks it against the grammar).
_TERM = r"(?:\d*d[1-9]\d*|\d+)(?:\s*\[[^\[\]]*\])?"
_PLAIN_SUM = re.compile(rf"{_TERM}(?:\s*[-+]\s*{_TERM})*", re.IGNORECASE)


def validate_expression(expression: str) -> str:
    """Check a user-typed expression against the safety caps and the grammar.

    Args:
        expression: d20 syntax after substitution, e.g. ``"3d4+3"``.

    Returns:
        The expression, stripped.

    Raises:
        DiceError: Empty, too long, a die too large, or not parseable.
    """
    text = expression.strip()
    if not text:
        raise DiceError("empty dice expression")
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise DiceError(f"dice expression longer than {MAX_EXPRESSION_LENGTH} characters")
    for match in _DICE_SIZE.finditer(text):
        if int(match.group(1)) > MAX_DIE_SIDES:
            raise DiceError(f"a d{match.group(1)} has more than {MAX_DIE_SIDES} faces")
    if not _PLAIN_SUM.fullmatch(text):
        from orcus_desktop.rules.dice_d20 import parse

        parse(text)
    return text


def roll(expression: str, source: DiceSource) -> DiceRoll:
    """Roll an expression with dice from ``source``.

    Args:
        expression: d20 syntax (``"1d20+5"``, ``"2d10 + 3 [Strength modifier]"``, ``"d%"``).
            Use :func:`substitute` first for 000's ``dW`` and ability names.
        source: Where every die result comes from.

    Returns:
        The frozen roll, keeping each die.

    Raises:
        DiceError: The expression breaks a safety cap, is not valid, or the source refused.
    """
    from orcus_desktop.rules.dice_d20 import roll_checked

    return roll_checked(validate_expression(expression), source)


def bounds(expression: str) -> tuple[int, int]:
    """(lowest, highest) total of an expression made of + and - terms."""
    low = roll(expression, MinSource())
    high = roll(expression, MaxSource())
    # A subtracted die lowers the total when it rolls high: combine term by term.
    lo = sum(min(a.value, b.value) for a, b in zip(low.terms, high.terms, strict=True))
    hi = sum(max(a.value, b.value) for a, b in zip(low.terms, high.terms, strict=True))
    return lo, hi


# --- 000's own notation: dW and ability modifiers --------------------------------------------

_WEAPON_DICE = re.compile(r"(\d*)\s*d\s*W\b", re.IGNORECASE)
_WEAPON_DIE_SPEC = re.compile(r"^\s*(\d*)\s*d\s*(\d+)\s*$", re.IGNORECASE)
_NAMED_TERM = re.compile(
    r"\b(strength|constitution|dexterity|intelligence|wisdom|charisma|str|con|dex|int|wis|cha)"
    r"(?:\s+(?:modifier|mod))?\b",
    re.IGNORECASE,
)
_ANNOTATION = re.compile(r"(\[[^\]]*\])")
_ABBREVIATION: Final = {
    "str": "strength",
    "con": "constitution",
    "dex": "dexterity",
    "int": "intelligence",
    "wis": "wisdom",
    "cha": "charisma",
}


def weapon_dice(count: int, weapon_die: str) -> str:
    """``count`` weapon dice as plain notation: 3dW with a 1d10 weapon is ``3d10``.

    Args:
        count: How many dW (000 "dW": "Roll that die as many times as specified").
        weapon_die: The weapon's damage die, ``"1d10"`` or ``"d8"`` (``"2d4"`` doubles).

    Raises:
        DiceError: ``weapon_die`` is not ``NdS``.
    """
    match = _WEAPON_DIE_SPEC.match(weapon_die)
    if match is None:
        raise DiceError(f"weapon die {weapon_die!r} is not written like 1d8")
    per = int(match.group(1) or 1)
    return f"{count * per}d{match.group(2)}"


def substitute(
    expression: str,
    *,
    weapon_die: str | None = None,
    ability_modifiers: Mapping[str, int] | None = None,
) -> str:
    """Turn 000's notation into d20 syntax with annotated sources.

    ``"2dW + Strength modifier"`` with a 1d10 weapon and Strength +3 becomes
    ``"2d10 + 3 [Strength modifier]"`` (000 "dW"). A negative modifier is written
    ``(-1) [...]`` so the expression stays well formed.

    Args:
        expression: As a power writes it.
        weapon_die: The wielded weapon's die, needed when the expression has dW.
        ability_modifiers: Modifier by full lowercase ability name (``"strength"``).

    Raises:
        DiceError: dW without a weapon, or an ability without its modifier.
    """

    def weapon(match: re.Match[str]) -> str:
        if weapon_die is None:
            raise DiceError(f"{expression!r} uses dW but no weapon die was given")
        return weapon_dice(int(match.group(1) or 1), weapon_die)

    def ability(match: re.Match[str]) -> str:
        word = match.group(1).lower()
        name = _ABBREVIATION.get(word, word)
        if ability_modifiers is None or name not in ability_modifiers:
            raise DiceError(f"{expression!r} needs the {name} modifier")
        value = ability_modifiers[name]
        number = str(value) if value >= 0 else f"({value})"
        return f"{number} [{name.capitalize()} modifier]"

    # Annotations ("[Strength modifier]") are sources, not terms: leave them untouched.
    pieces = _ANNOTATION.split(expression)
    for index in range(0, len(pieces), 2):
        pieces[index] = _NAMED_TERM.sub(ability, _WEAPON_DICE.sub(weapon, pieces[index]))
    return "".join(pieces)


def roll_all(expressions: Iterable[str], source: DiceSource) -> tuple[DiceRoll, ...]:
    """Roll several expressions in order from one source."""
    return tuple(roll(e, source) for e in expressions)
