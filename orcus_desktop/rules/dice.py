"""Dice expressions on the d20 package, rolled from an injected source of die results.

000 "Dice": expressions such as "3d4+3" mean "roll three four-sided dice and add 3"; 000 "d%":
percentile dice give 1 to 100. The d20 package parses and evaluates the expression; it has no RNG
parameter (it calls the global ``random``), so this module plugs its own ``Die``/``Dice`` classes
into a ``d20.Roller`` subclass whose dice draw from a :class:`DiceSource`: a seeded
``random.Random`` (:class:`RandomSource`), the physical dice the GM rolled at the table and typed
in (:class:`ScriptedSource`), or the highest face of every die (:class:`MaxSource`, for critical
hits). Everything d20 returns is converted at once into frozen :class:`DiceRoll` trees that keep
every die, so no untyped d20 object leaves this module.
"""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

# WORKAROUND: d20 1.1.2 depends on lark-parser 0.9, which imports the deprecated ``sre_parse``
# and ``sre_constants`` modules; the DeprecationWarning would fail the test suite (warnings are
# errors) and alarm users. Silence exactly that warning, for this one import only.
with warnings.catch_warnings():
    warnings.filterwarnings(
        "ignore", category=DeprecationWarning, message=r"module .sre_\w+. is deprecated"
    )
    import d20

MAX_EXPRESSION_LENGTH = 200
"""Safety cap on user-typed expressions (docs/design.md#rules: caps for user-typed input)."""

MAX_DICE_PER_ROLL = 500
"""Safety cap on dice rolled by one expression, rerolls and explosions included."""

MAX_DIE_SIDES = 1000
"""Largest die accepted; d% counts as a d100."""


class DiceError(ValueError):
    """An expression that cannot be parsed or rolled, or a die source that cannot supply it."""


class DiceExhaustedError(DiceError):
    """A scripted source ran out of typed-in die results."""


class DiceSource(Protocol):
    """Where die results come from: one call per die rolled."""

    def draw(self, sides: int) -> int:
        """Return one die result between 1 and ``sides``."""
        ...


@dataclass(slots=True)
class RandomSource:
    """Dice from an injected ``random.Random`` (seed it for reproducible encounters).

    Attributes:
        rng: The generator; never the module-level ``random`` functions.
    """

    rng: random.Random

    def draw(self, sides: int) -> int:
        return self.rng.randint(1, sides)


@dataclass(slots=True)
class ScriptedSource:
    """Dice the GM rolled at the table and typed in, or a test's fixed sequence.

    Values are consumed in order, one per die rolled. A value outside the die's faces is refused
    with :class:`DiceError` (a typo must not become a 23 on a d20).

    Attributes:
        values: The die results, in the order the dice are rolled.
        position: How many values were consumed so far.
    """

    values: Sequence[int]
    position: int = 0

    def draw(self, sides: int) -> int:
        if self.position >= len(self.values):
            raise DiceExhaustedError(
                f"no typed-in result left for a d{sides} (got {len(self.values)} values)"
            )
        value = self.values[self.position]
        if not 1 <= value <= sides:
            raise DiceError(f"typed-in result {value} is not a face of a d{sides}")
        self.position += 1
        return value

    @property
    def remaining(self) -> int:
        """Values not consumed yet."""
        return len(self.values) - self.position


@dataclass(frozen=True, slots=True)
class MaxSource:
    """Every die shows its highest face (000 "Critical Hits": maximum damage)."""

    def draw(self, sides: int) -> int:
        return sides


@dataclass(frozen=True, slots=True)
class MinSource:
    """Every die shows 1; with :class:`MaxSource` it bounds an expression's totals."""

    def draw(self, sides: int) -> int:
        return 1


@dataclass(slots=True)
class RecordingSource:
    """Wraps another source and records every result drawn, for replay with ScriptedSource.

    Attributes:
        inner: The source actually drawn from.
        drawn: (sides, value) of every die drawn, in order.
    """

    inner: DiceSource
    drawn: list[tuple[int, int]] = field(default_factory=list)

    def draw(self, sides: int) -> int:
        value = self.inner.draw(sides)
        self.drawn.append((sides, value))
        return value

    def replay(self) -> ScriptedSource:
        """A scripted source that yields the same results again."""
        return ScriptedSource([value for _, value in self.drawn])


@dataclass(frozen=True, slots=True)
class DieResult:
    """One die of a roll.

    Attributes:
        sides: Faces of the die (100 for d%).
        value: The face it shows.
        kept: False when a keep/drop or reroll operator discarded it.
        exploded: True when it exploded (d20 syntax ``e``) and added another die.
    """

    sides: int
    value: int
    kept: bool = True
    exploded: bool = False


@dataclass(frozen=True, slots=True)
class RollTerm:
    """One added or subtracted part of an expression, with where it comes from.

    Attributes:
        value: Its signed contribution to the total.
        source: The dice notation (``2d10``) or the annotation (``Strength modifier``) or the
            literal number.
        dice: The dice behind the term (empty for a constant).
    """

    value: int
    source: str
    dice: tuple[DieResult, ...] = ()


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The frozen result of rolling one expression; keeps each die.

    Attributes:
        expression: The expression as rolled (after substitution of dW and ability names).
        rolled_total: The total of the dice and modifiers.
        terms: The expression's top-level added terms with their sources.
        forced_total: A total the GM imposed instead (a "fudge"), recorded, not hidden.
        forced_reason: Why the GM forced it.
    """

    expression: str
    rolled_total: int
    terms: tuple[RollTerm, ...]
    forced_total: int | None = None
    forced_reason: str = ""

    @property
    def total(self) -> int:
        """The total that counts: the forced one if the GM forced it."""
        return self.rolled_total if self.forced_total is None else self.forced_total

    @property
    def dice(self) -> tuple[DieResult, ...]:
        """Every die rolled, kept or not, in rolling order."""
        return tuple(die for term in self.terms for die in term.dice)

    @property
    def kept_dice(self) -> tuple[DieResult, ...]:
        return tuple(die for die in self.dice if die.kept)

    @property
    def natural(self) -> int | None:
        """The first kept d20's face (the "natural" roll of 000 "Rolling 1 or 20"), if any."""
        for die in self.kept_dice:
            if die.sides == 20:
                return die.value
        return None

    def forced(self, total: int, reason: str = "GM override") -> DiceRoll:
        """This roll with a total the GM imposed; the rolled dice stay on record."""
        return DiceRoll(self.expression, self.rolled_total, self.terms, total, reason)


def constant_roll(value: int, source: str) -> DiceRoll:
    """A "roll" with no dice: a fixed amount such as persistent damage 5."""
    return DiceRoll(str(value), value, (RollTerm(value, source),))


# --- d20 plumbing: the only place that touches untyped d20 objects ---------------------------


class _SourceContext(d20.RollContext):  # type: ignore[misc]  # d20 is untyped
    """A RollContext that also carries the die source, so our dice can reach it."""

    def __init__(self, source: DiceSource, max_rolls: int) -> None:
        super().__init__(max_rolls=max_rolls)
        self.source = source


class _SourcedDie(d20.Die):  # type: ignore[misc]  # d20 is untyped
    """A d20 Die that draws from the context's DiceSource instead of the global random."""

    __slots__ = ()

    @classmethod
    def new(cls, size: Any, context: Any = None) -> _SourcedDie:
        inst = cls(size, [], context=context)
        inst._add_roll()
        return inst

    def _add_roll(self) -> None:
        sides = 100 if self.size == "%" else int(self.size)
        if sides < 1:
            raise DiceError("cannot roll a die with no faces")
        context = self._context
        context.count_roll()
        self.values.append(d20.Literal(context.source.draw(sides)))


class _SourcedDice(d20.Dice):  # type: ignore[misc]  # d20 is untyped
    """A d20 Dice set made of _SourcedDie (also for dice added by rerolls and explosions)."""

    __slots__ = ()

    @classmethod
    def new(cls, num: int, size: Any, context: Any = None) -> _SourcedDice:
        return cls(
            num,
            size,
            [_SourcedDie.new(size, context=context) for _ in range(num)],
            context=context,
        )

    def roll_another(self) -> None:
        self.values.append(_SourcedDie.new(self.size, context=self._context))


class _SourcedRoller(d20.Roller):  # type: ignore[misc]  # d20 is untyped
    def _eval_dice(self, node: Any) -> Any:
        return _SourcedDice.new(node.num, node.size, context=self.context)


@lru_cache(maxsize=512)
def _parse(expression: str) -> Any:
    # Parsing is pure; the AST is not mutated by evaluation, so it can be cached.
    try:
        return d20.Roller().parse(expression)
    except d20.RollSyntaxError as exc:
        first_line = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise DiceError(f"cannot read dice expression {expression!r}: {first_line}") from None


_DICE_SIZE = re.compile(r"d\s*(\d+)", re.IGNORECASE)


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
    _parse(text)
    return text


def _dice_of(node: Any) -> tuple[DieResult, ...]:
    """Every die under a d20 expression node, in rolling order."""
    found: list[DieResult] = []

    def walk(n: Any) -> None:
        if isinstance(n, d20.Dice):
            set_kept = bool(n.kept)
            for die in n.values:
                sides = 100 if die.size == "%" else int(die.size)
                for lit in die.values:
                    found.append(
                        DieResult(
                            sides=sides,
                            value=int(lit.number),
                            kept=set_kept and bool(die.kept) and bool(lit.kept),
                            exploded=bool(lit.exploded),
                        )
                    )
            return
        for child in n.children:
            walk(child)

    walk(node)
    return tuple(found)


def _notation(node: Any) -> str:
    if isinstance(node, d20.Dice):
        size = "%" if node.size == "%" else str(node.size)
        ops = "".join(
            str(op.op) + "".join(f"{sel.cat or ''}{sel.num}" for sel in op.sels)
            for op in node.operations
        )
        return f"{node.num}d{size}{ops}"
    if isinstance(node, d20.Literal):
        return str(node.number)
    return "(...)"


def _terms(node: Any, sign: int = 1) -> Iterator[RollTerm]:
    """Split a tree at top-level + and - into signed terms with their sources."""
    if isinstance(node, d20.BinOp) and node.op in ("+", "-"):
        yield from _terms(node.left, sign)
        yield from _terms(node.right, sign if node.op == "+" else -sign)
        return
    if isinstance(node, d20.UnOp) and node.op in ("+", "-"):
        yield from _terms(node.value, sign if node.op == "+" else -sign)
        return
    annotation = node.annotation
    source = annotation.strip("[] ") if annotation else _notation(node)
    yield RollTerm(value=sign * int(node.total), source=source, dice=_dice_of(node))


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
    text = validate_expression(expression)
    roller = _SourcedRoller(_SourceContext(source, MAX_DICE_PER_ROLL))
    try:
        result = roller.roll(_parse(text))
        terms = tuple(_terms(result.expr.roll))
        total = int(result.total)
    except d20.TooManyRolls:
        raise DiceError(f"{text!r} rolls more than {MAX_DICE_PER_ROLL} dice") from None
    except d20.RollError as exc:
        raise DiceError(f"cannot roll {text!r}: {exc}") from None
    return DiceRoll(expression=text, rolled_total=total, terms=terms)


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
_ABBREVIATION = {
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
