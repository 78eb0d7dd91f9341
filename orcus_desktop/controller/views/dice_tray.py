"""The dice roller's model: rolls the rules do not model, a history, repeat and favourites.

Issue 17: treasure, a skill check called on the spot, a random encounter. Any expression the
app's dice library accepts (`rules.dice`, the d20 package: ``4d6kh3``, ``1d20ro1``, ``d%``) is
rolled from an injected `DiceSource`. A roll is either shown to the table, handed to `publish`
(the session's `log_dice_roll`: the façade is the only writer of the document), or private to
the GM, kept only here. Favourites are named expressions kept by a `FavouriteStore` (QSettings
in the app, a dict in tests). Qt-free: the dock wraps it in a list model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from orcus_desktop.rules.dice import roll, validate_expression
from orcus_desktop.rules.dice_values import DiceError, DiceRoll, DiceSource, RandomSource
from orcus_desktop.rules.format import format_roll

__all__ = [
    "HISTORY_LIMIT",
    "DiceError",
    "DiceRoll",
    "DiceSource",
    "DiceTray",
    "FavouriteStore",
    "HistoryHooks",
    "MemoryFavourites",
    "RandomSource",
    "TrayRoll",
]

HISTORY_LIMIT = 200
"""Rolls kept in the history (the oldest go first); the shown ones stay in the combat log."""

MAX_FAVOURITE_NAME = 60
"""Safety cap on a favourite's name (docs/design.md#rules: caps for user-typed input)."""

Publish = Callable[[DiceRoll, str], bool]
"""Shows a roll to the table under a label; False when the session refused it."""


class FavouriteStore(Protocol):
    """Where the named favourites live between runs."""

    def load(self) -> dict[str, str]:
        """Name -> expression, as last saved."""
        ...

    def save(self, favourites: Mapping[str, str]) -> None:
        """Replace every stored favourite with `favourites`."""
        ...


@dataclass
class MemoryFavourites:
    """A `FavouriteStore` that forgets at exit (tests, and a window without settings)."""

    stored: dict[str, str] = field(default_factory=dict)

    def load(self) -> dict[str, str]:
        return dict(self.stored)

    def save(self, favourites: Mapping[str, str]) -> None:
        self.stored = dict(favourites)


def _nothing(*_args: int) -> None:
    return None


@dataclass
class HistoryHooks:
    """Told around every change of the history, so a list model stays in step.

    Attributes:
        begin_insert / end_insert: around a new roll going in as row 0.
        begin_trim / end_trim: around the oldest rows (from the row given) leaving.
    """

    begin_insert: Callable[[], None] = _nothing
    end_insert: Callable[[], None] = _nothing
    begin_trim: Callable[[int], None] = _nothing
    end_trim: Callable[[], None] = _nothing


@dataclass(frozen=True, slots=True)
class TrayRoll:
    """One roll of the history.

    Attributes:
        roll: the dice and the total.
        label: what it was rolled for ("" when the GM gave no name).
        shown: True when it went to the combat log, False when private to the GM.
    """

    roll: DiceRoll
    label: str
    shown: bool

    @property
    def text(self) -> str:
        """``Treasure: 1d% (42) = 42 [private]``: the line the history shows."""
        where = "table" if self.shown else "private"
        return f"{self.label or self.roll.expression}: {format_roll(self.roll)} [{where}]"


class DiceTray:
    """The dice roller's state: the history (newest first) and the favourites.

    Args:
        source: where the dice come from (the session's seeded RNG in the app).
        publish: shows a roll to the table (the session's `log_dice_roll`).
        favourites: where the named favourites are kept.
    """

    def __init__(self, source: DiceSource, publish: Publish, favourites: FavouriteStore) -> None:
        self.source = source
        self._publish = publish
        self._store = favourites
        self._favourites = {
            name: text for name, text in favourites.load().items() if _valid_favourite(name, text)
        }
        self.history: list[TrayRoll] = []
        self.hooks = HistoryHooks()

    def roll(self, expression: str, label: str = "", *, private: bool = False) -> TrayRoll:
        """Roll `expression`; shown to the table unless `private`. Newest first in `history`.

        Raises:
            DiceError: the expression is not one the dice library accepts.
        """
        result = roll(expression, self.source)
        label = label.strip()
        shown = not private and self._publish(result, label)
        entry = TrayRoll(result, label, shown)
        self.hooks.begin_insert()
        self.history.insert(0, entry)
        self.hooks.end_insert()
        if len(self.history) > HISTORY_LIMIT:
            self.hooks.begin_trim(HISTORY_LIMIT)
            del self.history[HISTORY_LIMIT:]
            self.hooks.end_trim()
        return entry

    def repeat(self, row: int = 0, *, private: bool | None = None) -> TrayRoll:
        """Roll history row `row` again (0 is the latest), shown as it was unless told.

        Raises:
            DiceError: there is no such roll in the history.
        """
        if not 0 <= row < len(self.history):
            raise DiceError("no roll to repeat yet")
        old = self.history[row]
        keep_private = not old.shown if private is None else private
        return self.roll(old.roll.expression, old.label, private=keep_private)

    @property
    def favourites(self) -> dict[str, str]:
        """Name -> expression, by name."""
        return dict(sorted(self._favourites.items(), key=lambda item: item[0].lower()))

    def add_favourite(self, name: str, expression: str) -> None:
        """Keep `expression` under `name` (replacing one of that name) and store the lot.

        Raises:
            DiceError: no name, a name too long, or an expression the dice library refuses.
        """
        name = name.strip()
        if not name:
            raise DiceError("a favourite needs a name")
        if len(name) > MAX_FAVOURITE_NAME:
            raise DiceError(f"a favourite's name is longer than {MAX_FAVOURITE_NAME} characters")
        self._favourites[name] = validate_expression(expression)
        self._store.save(self.favourites)

    def remove_favourite(self, name: str) -> None:
        if self._favourites.pop(name, None) is not None:
            self._store.save(self.favourites)

    def roll_favourite(self, name: str, *, private: bool = False) -> TrayRoll:
        """Roll the favourite `name`, labelled with its name.

        Raises:
            DiceError: there is no favourite of that name.
        """
        expression = self._favourites.get(name)
        if expression is None:
            raise DiceError(f"no favourite named {name!r}")
        return self.roll(expression, name, private=private)


def _valid_favourite(name: object, expression: object) -> bool:
    """A stored favourite worth offering (settings files can be edited by hand)."""
    if not (isinstance(name, str) and name.strip() and isinstance(expression, str)):
        return False
    try:
        validate_expression(expression)
    except DiceError:
        return False
    return len(name) <= MAX_FAVOURITE_NAME
