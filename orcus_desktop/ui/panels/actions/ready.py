"""Asking the GM what a creature readies (000 "Ready"): its action type and trigger."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QInputDialog, QWidget

from orcus_desktop.rules.powers import ActionKind

AskReady = Callable[[QWidget, str], tuple[ActionKind, str] | None]
"""Asks the GM what a creature readies: (action type, trigger), or None when cancelled."""

READY_KINDS = (ActionKind.STANDARD, ActionKind.MOVE, ActionKind.SWIFT)
"""000 "Ready": a standard, move or swift action can be readied."""


def ask_ready_dialog(parent: QWidget, name: str) -> tuple[ActionKind, str] | None:
    """Ask for the readied action's type and its trigger with two input dialogs."""
    labels = [kind.value for kind in READY_KINDS]
    label, ok = QInputDialog.getItem(
        parent, "Ready an action", f"Action {name} readies:", labels, 0, False
    )
    if not ok:
        return None
    trigger, ok = QInputDialog.getText(parent, "Ready an action", "Trigger:")
    if not ok or not trigger.strip():
        return None
    return ActionKind(label), trigger.strip()
