"""Help > Keyboard Shortcuts: every menu action with a key, then the keys that are not actions."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.ui.map_toolbar import SHORTCUT_NAME

FIXED_SHORTCUTS: Final = (
    ("Esc", "Cancel what the map tool is doing: targeting, a push, a wall, a drag"),
    (
        "Esc / Enter on the map",
        "Let the offer shown on the map pass / take it (Select or Move tool)",
    ),
    ("Right click", "Cancel targeting or a push (the token menu with the select tool)"),
    ("Enter", "Go ahead with the targets clicked so far; finish a wall"),
    ("Enter in the creature library", "Place the creature at the middle of the view"),
    ("Ctrl+Return", "End the turn (asks first while an offer or a held attack waits)"),
    ("Double-click / Enter in Actions", "Use the power or action: choose targets on the map"),
    ("Ctrl+Shift+G", "Open or close the GM edits (damage, heal, conditions) in Actions"),
    ("Shift+drag", "Shift instead of walking (000 Five-Foot Step)"),
    ("Ctrl+drag", "A GM move: no action spent, nothing provoked"),
    ("P or right-click while dragging", "Add a waypoint: the walk passes through that square"),
    ("Space+drag, middle drag", "Pan the map"),
    ("Wheel, +/-", "Zoom"),
    ("Arrow keys", "Pan the map"),
)
"""Keys that are not menu actions."""


# The keys of an ordinary keyboard: the printable ones, Esc to Page Down (Enter, Delete, the
# arrows...) and F1 to F12. A platform's standard bindings add F14, Undo, Exit or Save keys,
# which the GM's keyboard does not have.
_SPECIAL_KEYS = range(Qt.Key.Key_Escape.value, Qt.Key.Key_PageDown.value + 1)
_FUNCTION_KEYS = range(Qt.Key.Key_F1.value, Qt.Key.Key_F12.value + 1)


def _on_a_keyboard(sequence: QKeySequence) -> bool:
    """Whether every key of `sequence` is on an ordinary keyboard."""
    # PySide6's stubs lack QKeySequence.__getitem__ (the i-th key combination).
    keys = [sequence[i].key().value for i in range(sequence.count())]  # type: ignore[index]
    return all(
        key < Qt.Key.Key_Escape.value or key in _SPECIAL_KEYS or key in _FUNCTION_KEYS
        for key in keys
    )


def shortcut_rows(menu_bar: QMenuBar) -> list[tuple[str, str]]:
    """(keys, what they do) for every menu action with a shortcut, then the fixed keys."""
    rows: list[tuple[str, str]] = []
    for menu_action in menu_bar.actions():
        menu = menu_action.menu()
        if not isinstance(menu, QMenu):
            continue
        where = menu_action.text().replace("&", "")
        for act in menu.actions():
            keys = ", ".join(
                k.toString(QKeySequence.SequenceFormat.NativeText)
                for k in act.shortcuts()
                if _on_a_keyboard(k)
            )
            if keys:
                # Undo's menu text names the step ("Undo Move Brakka"); the table names the key.
                name = act.property(SHORTCUT_NAME) or act.text().replace("&", "")
                rows.append((keys, f"{where}: {name}"))
    rows.extend(FIXED_SHORTCUTS)
    return rows


class ShortcutsDialog(QDialog):
    """A table of keys and what they do, with a Close button."""

    def __init__(self, rows: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard Shortcuts")
        table = QTableWidget(len(rows), 2, self)
        table.setHorizontalHeaderLabels(["Keys", "Does"])
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, (keys, what) in enumerate(rows):
            table.setItem(row, 0, QTableWidgetItem(keys))
            table.setItem(row, 1, QTableWidgetItem(what))
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
        self.resize(620, 520)
