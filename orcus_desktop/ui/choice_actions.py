"""A menu's exclusive choice: one checkable action per option, the current one checked."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

K = TypeVar("K", bound=Hashable)


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
