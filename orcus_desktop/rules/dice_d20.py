"""The d20 plumbing of `dice`: the only place that touches untyped d20 objects.

Imported on the first roll or the first expression beyond a plain sum (`dice`
explains why): d20 builds its grammar when it is imported.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from orcus_desktop.rules.dice_values import (
    MAX_DICE_PER_ROLL,
    DiceError,
    DiceRoll,
    DiceSource,
    DieResult,
    RollTerm,
)

# WORKAROUND: d20 1.1.2 depends on lark-parser 0.9, which imports the deprecated ``sre_parse``
# and ``sre_constants`` modules; the DeprecationWarning would fail the test suite (warnings are
# errors) and alarm users. Silence exactly that warning, for this one import only.
with warnings.catch_warnings():
    warnings.filterwarnings(
        "ignore", category=DeprecationWarning, message=r"module .sre_\w+. is deprecated"
    )
    import d20


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
def parse(expression: str) -> Any:
    """The d20 tree of a stripped expression (DiceError if it is not in the grammar)."""
    # Parsing is pure; the AST is not mutated by evaluation, so it can be cached.
    try:
        return d20.Roller().parse(expression)
    except d20.RollSyntaxError as exc:
        # Where it went wrong, in the GM's words: the parser's own line lists token names
        # ("expected INTEGER, U_OP, DECIMAL, D, LPAR").
        got = str(getattr(exc, "got", "") or "")
        what = f"unexpected {got!r} at character {exc.col}" if got else "it ends too soon"
        raise DiceError(
            f"cannot read dice expression {expression!r}: {what} (write dice like 1d20+5, "
            "2d6+1d4, 4d6kh3 or d%)"
        ) from None


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


def roll_checked(text: str, source: DiceSource) -> DiceRoll:
    """`dice.roll` of an expression `dice.validate_expression` passed."""
    roller = _SourcedRoller(_SourceContext(source, MAX_DICE_PER_ROLL))
    try:
        result = roller.roll(parse(text))
        terms = tuple(_terms(result.expr.roll))
        total = int(result.total)
    except d20.TooManyRolls:
        raise DiceError(f"{text!r} rolls more than {MAX_DICE_PER_ROLL} dice") from None
    except d20.RollError as exc:
        raise DiceError(f"cannot roll {text!r}: {exc}") from None
    return DiceRoll(expression=text, rolled_total=total, terms=terms)
