"""A seeded random GM at the window: menus, panel buttons, lists, dialogs, keys and the map.

The façade's random GM (`tests/controller/random_gm.py`) plays every use case; this one plays
the Qt shell around them, as a GM with a mouse does: it triggers any enabled menu item, clicks
any enabled button of the docks and of an open dialog, picks rows in the panels' lists, drags
on the map with any tool, and answers every question box, file dialog and modal dialog itself
(with random, sometimes absurd, input). What it must never meet is an exception in a slot, a
Qt warning, or a document the file cannot keep (`tests/ui/test_random_gm_window.py`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMenu,
    QMessageBox,
    QSpinBox,
    QTreeWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX

NOT_PLAYED = ("&Quit", "S&hare with Players", "Players' &Address and QR Code…")
"""Menu items the random GM leaves alone: Quit ends the test's app; sharing binds the table's
network, which a test never does (tests reach servers on 127.0.0.1 only: tests/ui/share)."""

TEXTS = ("", " ", "Goblin", "x" * 300, "Ünïcødé ☠", "-1", "0", "99999", "1d6+2", "\n")
"""What the GM types into a text field: empty, blank, long, odd characters, numbers."""

_BUTTONS = (
    QMessageBox.StandardButton.Ok,
    QMessageBox.StandardButton.Yes,
    QMessageBox.StandardButton.No,
    QMessageBox.StandardButton.Cancel,
    QMessageBox.StandardButton.Save,
    QMessageBox.StandardButton.Discard,
)


@dataclass
class WindowGm:
    """Plays one random step at a time on `window`; `said` is what it did, step by step.

    Args:
        window: the GM's window, shown.
        rng: the only source of choices (a seed replays a run).
        folder: where files it saves and offers to open live.
    """

    qtbot: QtBot
    window: MainWindow
    rng: random.Random
    folder: Path
    said: list[str] = field(default_factory=list)

    # --- the modal world, answered by the random GM ------------------------------------------
    def answer_everything(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Question boxes, file, input and colour dialogs and modal `exec` answer at once."""
        rng = self.rng

        def box(*args: object, **_kwargs: object) -> QMessageBox.StandardButton:
            offered = args[3] if len(args) > 3 else QMessageBox.StandardButton.Ok
            choices = [b for b in _BUTTONS if _has(offered, b)] or [QMessageBox.StandardButton.Ok]
            return rng.choice(choices)

        for name in ("question", "warning", "information", "critical"):
            monkeypatch.setattr(QMessageBox, name, staticmethod(box))
        for name in ("about", "aboutQt"):
            monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *_a, **_k: None))
        monkeypatch.setattr(
            QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (self._a_file(), ""))
        )
        monkeypatch.setattr(
            QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (self._a_path(), ""))
        )
        monkeypatch.setattr(
            QInputDialog, "getText", staticmethod(lambda *_a, **_k: (rng.choice(TEXTS), _ok(rng)))
        )
        monkeypatch.setattr(
            QInputDialog,
            "getInt",
            staticmethod(lambda *_a, **_k: (rng.choice((-5, 0, 1, 3, 40, 10**6)), _ok(rng))),
        )
        monkeypatch.setattr(
            QInputDialog,
            "getDouble",
            staticmethod(lambda *_a, **_k: (rng.choice((-1.0, 0.0, 0.5, 2.0, 1e9)), _ok(rng))),
        )
        monkeypatch.setattr(QInputDialog, "getItem", staticmethod(self._pick_item))
        monkeypatch.setattr(
            QColorDialog,
            "getColor",
            staticmethod(lambda *_a, **_k: QColor(rng.randrange(256), 0, 0)),
        )

        def modal(dialog: QDialog, *_args: object) -> int:
            return self._exec(dialog)

        for kind in (QDialog, QMessageBox, QFileDialog, QInputDialog):
            monkeypatch.setattr(kind, "exec", modal)

    def _pick_item(self, *args: object, **_kwargs: object) -> tuple[str, bool]:
        items = args[3] if len(args) > 3 else []
        listed = list(items) if isinstance(items, list | tuple) else []
        return (self.rng.choice(listed) if listed else "", _ok(self.rng))

    def _exec(self, dialog: QDialog) -> int:
        """A modal dialog, played like a shown one and closed: its result."""
        if isinstance(dialog, QMessageBox):
            buttons = dialog.buttons()
            if buttons:
                chosen = self.rng.choice(buttons)
                chosen.click()
                return int(dialog.standardButton(chosen).value)
            return 0
        dialog.show()
        self.play_dialog(dialog)
        if dialog.isVisible():
            dialog.reject()
        return int(dialog.result())

    def _a_file(self) -> str:
        """A file the GM picks to open: none, one it saved, a damaged one, or nonsense."""
        saved = sorted(self.folder.glob("*"))
        return self.rng.choice(["", str(self.folder / "missing.orcus"), *map(str, saved)])

    def _a_path(self) -> str:
        """Where the GM saves: nowhere (cancel) or a new file in the folder."""
        if self.rng.random() < 0.2:
            return ""
        return str(self.folder / f"save-{self.rng.randrange(4)}.orcus")

    # --- one step ----------------------------------------------------------------------------
    def step(self) -> str:
        """Play one random step; returns what it did (for the failure report)."""
        plays: list[tuple[float, Callable[[], str]]] = [
            (3.0, self.menu_item),
            (4.0, self.dock_button),
            (2.0, self.list_row),
            (4.0, self.map_drag),
            (1.0, self.key),
            (2.0, self.open_dialog),
            (4.0, self.fight_button),
            (5.0, self.act),
        ]
        weights = [w for w, _ in plays]
        play = self.rng.choices([p for _, p in plays], weights)[0]
        did = play()
        self.said.append(did)
        settle()
        return did

    def menu_item(self) -> str:
        actions = [a for a in _menu_actions(self.window) if a.isEnabled()]
        if not actions:
            return "menu: nothing enabled"
        action = self.rng.choice(actions)
        text = action.text()  # before: an item may rebuild its own menu (Open Recent)
        action.trigger()
        return f"menu {text!r}"

    def dock_button(self) -> str:
        buttons = [
            b
            for b in self.window.findChildren(QAbstractButton)
            if b.isVisible() and b.isEnabled() and b.window() is self.window
        ]
        if not buttons:
            return "button: none"
        button = self.rng.choice(buttons)
        label = button.text() or button.toolTip()[:40] or button.objectName()
        button.click()  # may delete the button (a panel rebuilt): `label` was read before
        return f"button {label!r}"

    def fight_button(self) -> str:
        """A button of the Initiative panel or of what waits over the map (the fight's flow)."""
        self._panels_shown()
        parents = (self.window.initiative_panel, self.window.reaction_prompt)
        buttons = [
            b
            for parent in parents
            for b in parent.findChildren(QAbstractButton)
            if b.isVisible() and b.isEnabled()
        ]
        if not buttons:
            return "fight button: none"
        button = self.rng.choice(buttons)
        label = button.text() or button.toolTip()[:40]
        button.click()
        return f"fight button {label!r}"

    def act(self) -> str:
        """Select a creature on the map (the one whose turn it is, mostly), activate one of its
        actions in the Actions panel, then click a square where it asks for one."""
        self._panels_shown()
        encounter = self.window.encounter
        placed = list(encounter.creatures)
        if not placed:
            return "act: nobody on the map"
        current = encounter.combat.current if encounter.combat.active else None
        creature = next((c for c in placed if c.id == current), None)
        if creature is None or self.rng.random() < 0.15:
            creature = self.rng.choice(placed)
        self.window.activate_tool("select")
        self.qtbot.mouseClick(
            self.window.view.viewport(), Qt.MouseButton.LeftButton, pos=self._at(creature.square)
        )
        settle()
        tree = self.window.actions_panel.tree
        items = [
            item
            for n in range(tree.topLevelItemCount())
            for item in _with_children(tree.topLevelItem(n))
            if item.childCount() == 0
        ]
        if not items:
            return f"act: {creature.name} has nothing listed"
        allowed = [item for item in items if not item.isDisabled()]
        item = self.rng.choice(allowed if allowed and self.rng.random() < 0.85 else items)
        name = item.text(0)  # the tree is refilled after the action: read it first
        tree.setCurrentItem(item)
        tree.activate(item)
        settle()
        target = self.rng.choice(placed).square
        self.qtbot.mouseClick(
            self.window.view.viewport(), Qt.MouseButton.LeftButton, pos=self._at(target)
        )
        did = f"act: {creature.name} {name!r} at {target}"
        dialog = self.window.attack_dialog
        if dialog is not None and dialog.isVisible() and self.rng.random() < 0.8:
            settle()
            if self.rng.random() < 0.7:  # the dice rolled at the table, then Enter
                dice = " ".join(
                    str(self.rng.randint(1, 20)) for _ in range(self.rng.randint(1, 4))
                )
                dialog.dice.setText(dice)
                self.qtbot.keyClick(dialog.dice, Qt.Key.Key_Return)
                did += f"; dice {dice!r}, Enter"
            else:
                did += "; attack dialog: " + self.play_dialog(dialog)
        return did

    def _panels_shown(self) -> None:
        """The Initiative and Actions docks back in view, as a GM brings them back."""
        for key in ("initiative", "actions"):
            dock = self.window.docks[key]
            if not dock.isVisible():
                dock.show()

    def list_row(self) -> str:
        views = [
            v
            for v in self.window.findChildren(QAbstractItemView)
            if v.isVisible() and v.isEnabled() and v.model() is not None
        ]
        if not views:
            return "list: none"
        view = self.rng.choice(views)
        model = view.model()
        rows = model.rowCount()
        if rows == 0:
            return "list: empty"
        index = model.index(self.rng.randrange(rows), 0)
        view.setCurrentIndex(index)
        if self.rng.random() < 0.3:
            view.doubleClicked.emit(index)
            return f"list double-click row {index.row()} of {type(view).__name__}"
        return f"list row {index.row()} of {type(view).__name__}"

    def map_drag(self) -> str:
        """A press, a move or two and a release on the map, from a creature's square mostly."""
        encounter = self.window.encounter
        tool = ""
        if self.rng.random() < 0.3:
            tool = self.rng.choice(_tool_keys(self.window))
            self.window.activate_tool(tool)
        bounds = encounter.grid
        placed = [c.square for c in encounter.creatures]
        start = (
            self.rng.choice(placed)
            if placed and self.rng.random() < 0.7
            else Square(self.rng.randrange(bounds.columns), self.rng.randrange(bounds.rows))
        )
        end = Square(
            max(0, min(bounds.columns - 1, start.col + self.rng.randint(-4, 4))),
            max(0, min(bounds.rows - 1, start.row + self.rng.randint(-4, 4))),
        )
        viewport = self.window.view.viewport()
        button = (
            Qt.MouseButton.RightButton if self.rng.random() < 0.1 else Qt.MouseButton.LeftButton
        )
        if button is Qt.MouseButton.RightButton:
            # a context menu would block in exec(): its items are played as menu items instead
            return f"map: right-click skipped at {start}"
        self.qtbot.mousePress(viewport, button, pos=self._at(start))
        middle = Square((start.col + end.col) // 2, (start.row + end.row) // 2)
        self.qtbot.mouseMove(viewport, pos=self._at(middle))
        self.qtbot.mouseMove(viewport, pos=self._at(end))
        self.qtbot.mouseRelease(viewport, button, pos=self._at(end))
        return f"map {tool or 'current tool'} drag {start} -> {end}"

    def key(self) -> str:
        keys = [
            (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier, "Ctrl+Z"),
            (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier, "Ctrl+Y"),
            (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier, "Esc"),
            (Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier, "Ctrl+Return"),
            (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier, "Del"),
        ]
        key, modifier, name = self.rng.choice(keys)
        self.qtbot.keyClick(self.window.view, key, modifier)
        return f"key {name}"

    def open_dialog(self) -> str:
        """Play a non-modal dialog the window shows now (Ready…, the attack dialog…)."""
        dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog)]
        shown = [d for d in dialogs if d.isVisible()]
        if not shown:
            return "dialog: none open"
        dialog = self.rng.choice(shown)
        return f"dialog {type(dialog).__name__}: " + self.play_dialog(dialog)

    def play_dialog(self, dialog: QDialog) -> str:
        """Fill a dialog's fields at random, then press one of its buttons (or close it)."""
        done = []
        for widget in _fields(dialog):
            if self.rng.random() < 0.5:
                done.append(_poke(widget, self.rng))
        buttons = [b for b in dialog.findChildren(QAbstractButton) if b.isEnabled()]
        if buttons and self.rng.random() < 0.8:
            button = self.rng.choice(buttons)
            done.append(f"press {button.text()!r}")
            button.click()
        else:
            done.append("close")
            dialog.reject()
        return ", ".join(done)

    def _at(self, square: Square) -> QPoint:
        centre = QPointF((square.col + 0.5) * SQUARE_PX, (square.row + 0.5) * SQUARE_PX)
        return self.window.view.mapFromScene(centre)


def settle() -> None:
    """Let queued signals, timers due now and deferred deletes run."""
    for _ in range(3):
        QApplication.processEvents()


def _has(offered: object, button: QMessageBox.StandardButton) -> bool:
    """Whether a static box's `buttons` argument offers `button` (Ok when it offers none)."""
    if isinstance(offered, QMessageBox.StandardButton):
        return bool(offered & button)
    return button is QMessageBox.StandardButton.Ok


def _ok(rng: random.Random) -> bool:
    return rng.random() < 0.8


def _menu_actions(window: MainWindow) -> Iterator[QAction]:
    def walk(menu: QMenu) -> Iterator[QAction]:
        for action in menu.actions():
            if action.isSeparator():
                continue
            sub = action.menu()
            if isinstance(sub, QMenu):
                yield from walk(sub)
            elif action.text() not in NOT_PLAYED:
                yield action

    for top in window.menuBar().actions():
        sub = top.menu()
        if isinstance(sub, QMenu):
            yield from walk(sub)


def _with_children(item: QTreeWidgetItem | None) -> Iterator[QTreeWidgetItem]:
    if item is None:
        return
    yield item
    for n in range(item.childCount()):
        yield from _with_children(item.child(n))


def _tool_keys(window: MainWindow) -> list[str]:
    return sorted(window.toolbar.tools)


def _fields(dialog: QWidget) -> list[QWidget]:
    kinds = (QLineEdit, QAbstractSpinBox, QComboBox, QCheckBox)
    return [w for w in dialog.findChildren(QWidget) if isinstance(w, kinds) and w.isEnabled()]


def _poke(widget: QWidget, rng: random.Random) -> str:
    """One random edit of a field, as a GM's typing or clicking would make it."""
    name = widget.objectName() or type(widget).__name__
    if isinstance(widget, QComboBox) and widget.count():
        widget.setCurrentIndex(rng.randrange(widget.count()))
        return f"{name}={widget.currentText()!r}"
    if isinstance(widget, QSpinBox | QDoubleSpinBox):
        value = rng.choice((widget.minimum(), widget.maximum(), widget.value() + 1))
        widget.setValue(value)  # type: ignore[arg-type]
        return f"{name}={value}"
    if isinstance(widget, QCheckBox):
        widget.toggle()
        return f"{name} toggled"
    if isinstance(widget, QLineEdit) and not widget.isReadOnly():
        text = rng.choice(TEXTS)
        widget.setText(text)
        return f"{name}={text!r}"
    return f"{name} left"
