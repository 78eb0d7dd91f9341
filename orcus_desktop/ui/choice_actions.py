"""A menu's exclusive choice: one checkable action per option, the current one checked.

The choice is kept between runs in the app's settings (`remembered_choice`, `remember_choice`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from enum import StrEnum
from typing import TypeVar

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

K = TypeVar("K", bound=Hashable)
E = TypeVar("E", bound=StrEnum)


def choice_actions(
    menu: QMenu,
    options: Iterable[tuple[K, str, str]],
    current: K,
    picked: Callable[[K], None],
) -> dict[K, QAction]:
    """Add one checkable action per ``(key, text, object name)`` to `menu`, exclusive.

    The action of `current` starts checked; triggering an action calls ``picked(key)``.
    Returns the actions by key (tests and the caller's sync use them).
    """
    group = QActionGroup(menu)
    actions: dict[K, QAction] = {}
    for key, text, name in options:
        action = menu.addAction(text)
        action.setCheckable(True)
        action.setChecked(key == current)
        action.setObjectName(name)
        group.addAction(action)
        action.triggered.connect(lambda _checked=False, key=key: picked(key))
        actions[key] = action
    return actions


def remembered_choice(settings: QSettings, key: str, default: E) -> E:
    """The choice kept under `key` (`default` when none was, or the value is unknown)."""
    value = settings.value(key)
    try:
        return type(default)(str(value)) if value is not None else default
    except ValueError:
        return default


def remember_choice(settings: QSettings, key: str, choice: StrEnum) -> None:
    """Keeps `choice` under `key` now (read back by `remembered_choice`)."""
    settings.setValue(key, choice.value)
    settings.sync()
