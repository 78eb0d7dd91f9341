"""File > New (with its ruleset and grid) and Encounter > Ruleset… of one window.

An encounter is played by a ruleset (docs/rulesets.md): File > New asks which (Orcus by
default), how big a grid and, optionally, a map image stretched across the grid's width (a
file Qt cannot read, or one too small or too big for the grid, is refused with the reason);
Encounter > Ruleset… shows the current one with its description and source and lets the GM
switch outside combat, one undoable step that lists what changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import Final

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.editing.ruleset_choice import (
    DEFAULT_CHOICE,
    IN_COMBAT,
    changes_between,
    new_encounter,
    ruleset_choices,
    ruleset_info,
)
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.encounter import Encounter, MapImage
from orcus_desktop.model.file_format.limits import MAX_GRID_SIDE
from orcus_desktop.model.uvtt.reader import MAX_PIXELS_PER_GRID, MIN_PIXELS_PER_GRID
from orcus_desktop.ui.dialog_parts import ok_cancel_buttons
from orcus_desktop.ui.map.image_loader import MAX_IMAGE_SIDE, image_size
from orcus_desktop.ui.map.png_bands import png_layout
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.status_report import StatusReport

NEW_GRID: Final = (20, 15)
"""The grid File > New offers (columns, rows)."""


IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.webp);;All files (*)"


def map_image_problem(path: Path, columns: int) -> str:
    """Why `path` cannot be the map of a grid `columns` wide, or "" when it can.

    The image's width spans the grid, so one square is width / columns pixels; an encounter
    file keeps 4 to 4096 pixels a square (as a Universal VTT file does).
    """
    if not path.is_file():
        return f"{path.name} does not exist"
    size = image_size(str(path))
    if size is None:
        return f"{path.name} is not an image Qt can read (PNG, JPEG or WebP)"
    width = size[0]
    per_square = width / max(1, columns)
    if not MIN_PIXELS_PER_GRID <= per_square <= MAX_PIXELS_PER_GRID:
        fits = max(1, width // MAX_PIXELS_PER_GRID), max(1, width // MIN_PIXELS_PER_GRID)
        return (
            f"{path.name} is {width} pixels wide: across {columns} columns that is "
            f"{per_square:.1f} pixels a square (4 to 4096 fit); choose {fits[0]} to "
            f"{fits[1]} columns"
        )
    return ""


def map_image_note(path: Path) -> str:
    """What the GM should know about an accepted map image ("" when nothing).

    A PNG read in bands is shown at full size however big (R-168); others are scaled down.
    """
    size = image_size(str(path))
    if size is not None and max(size) > MAX_IMAGE_SIDE and png_layout(str(path)) is None:
        return (
            f"{path.name} is {size[0]}×{size[1]} pixels: the map shows it scaled down to "
            f"{MAX_IMAGE_SIDE} pixels a side, which can blur it."
        )
    return ""


def _ruleset_box(current: str) -> QComboBox:
    box = QComboBox()
    for info in ruleset_choices():
        box.addItem(info.title, info.id)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


class NewEncounterDialog(QDialog):
    """Asks for a new encounter's ruleset (default Orcus), grid size and optional map image."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New encounter")
        self.ruleset_box = _ruleset_box(DEFAULT_CHOICE)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.columns = QSpinBox()
        self.rows = QSpinBox()
        for spin, value in ((self.columns, NEW_GRID[0]), (self.rows, NEW_GRID[1])):
            spin.setRange(1, MAX_GRID_SIDE)
            spin.setValue(value)
        form = QFormLayout()
        form.addRow("Ruleset", self.ruleset_box)
        form.addRow("", self.about)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        self.image_path = QLineEdit()
        self.image_path.setPlaceholderText("None (optional): its width spans the grid")
        self.image_path.setReadOnly(True)
        self.image_button = QPushButton("Choose…")
        self.image_button.clicked.connect(self._on_choose_image)
        self.image_clear = QPushButton("Clear")
        self.image_clear.clicked.connect(lambda: self.choose_image(None))
        image_row = QHBoxLayout()
        image_row.addWidget(self.image_path, 1)
        image_row.addWidget(self.image_button)
        image_row.addWidget(self.image_clear)
        form.addRow("Map image", image_row)
        self.problem = QLabel("")
        self.problem.setObjectName("newEncounterProblem")
        self.problem.setWordWrap(True)
        self.buttons = ok_cancel_buttons(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.ruleset_box.currentIndexChanged.connect(self._show_about)
        self.columns.valueChanged.connect(self._check_image)
        self._show_about()
        self._image: Path | None = None

    def chosen(self) -> tuple[str, int, int]:
        """(ruleset id, columns, rows)."""
        return str(self.ruleset_box.currentData()), self.columns.value(), self.rows.value()

    def image(self) -> Path | None:
        """The map image chosen (None: none)."""
        return self._image

    def choose_image(self, path: Path | None) -> str:
        """Take `path` as the map image (None: no image); returns why it cannot be, or ""."""
        self._image = path
        self.image_path.setText(str(path) if path is not None else "")
        return self._check_image()

    def _check_image(self) -> str:
        image = self._image
        problem = map_image_problem(image, self.columns.value()) if image is not None else ""
        note = map_image_note(image) if image is not None and not problem else ""
        self.problem.setText(f"Map image refused: {problem}." if problem else note)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not problem)
        return problem

    def _on_choose_image(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Map image", "", IMAGE_FILTER)
        if name:
            self.choose_image(Path(name))

    def _show_about(self) -> None:
        self.about.setText(ruleset_info(str(self.ruleset_box.currentData())).summary)


class RulesetDialog(QDialog):
    """Encounter > Ruleset…: the current ruleset, and another to switch to with its changes."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Ruleset")
        self._session = session
        current = ruleset_info(session.ruleset.id)
        # Rich text for the bold title: its line breaks must be <br>, "\n" runs the lines on.
        lines = (f"<b>{escape(current.title)}</b>", *map(escape, current.summary.splitlines()))
        self.current = QLabel("<br>".join(lines))
        self.current.setWordWrap(True)
        self.ruleset_box = _ruleset_box(current.id)
        self.changes = QPlainTextEdit()
        self.changes.setReadOnly(True)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        buttons = ok_cancel_buttons(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.current)
        form = QFormLayout()
        form.addRow("Play by", self.ruleset_box)
        layout.addLayout(form)
        layout.addWidget(QLabel("What changes:"))
        layout.addWidget(self.changes)
        layout.addWidget(self.reason)
        layout.addWidget(buttons)
        if session.encounter.combat.active:
            self.ruleset_box.setEnabled(False)
            self.reason.setText(IN_COMBAT.capitalize() + ".")
        self.ruleset_box.currentIndexChanged.connect(self._show_changes)
        self._show_changes()

    def chosen(self) -> str:
        return str(self.ruleset_box.currentData())

    def _show_changes(self) -> None:
        current, chosen = self._session.ruleset.id, self.chosen()
        lines = changes_between(current, chosen)
        self.changes.setPlainText("\n".join(lines) if chosen != current else "(the current one)")


class RulesetActions:
    """File > New and Encounter > Ruleset… of one window.

    Args:
        window: the window (dialogs' parent).
        session: the game session.
        confirm_unsaved: asks Save / Discard / Cancel (the window's, as for File > Open).
        show_encounter: shows another encounter (the window's `set_encounter`).
        status: where the changes are reported.
        file_menu: File > New is put first in it.
        encounter_menu: Encounter > Ruleset… is added to it.
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        confirm_unsaved: Callable[[str], bool],
        show_encounter: Callable[[Encounter, Path | None], None],
        status: StatusReport,
        file_menu: QMenu,
        encounter_menu: QMenu,
    ) -> None:
        self._window = window
        self._session = session
        self._confirm_unsaved = confirm_unsaved
        self._show_encounter = show_encounter
        self._status = status
        self.new_action = make_action(
            window, "&New…", QKeySequence.StandardKey.New, slot=self._on_new
        )
        first = file_menu.actions()[0] if file_menu.actions() else None
        file_menu.insertAction(first, self.new_action)  # type: ignore[arg-type]
        self.ruleset_action = make_action(window, "&Ruleset…", slot=self._on_ruleset)
        encounter_menu.addAction(self.ruleset_action)

    def new_encounter(
        self, ruleset_id: str, columns: int, rows: int, image: Path | None = None
    ) -> bool:
        """Start an empty encounter played by a ruleset, on `image` if given.

        Returns:
            False when the GM kept the old one, or the image was refused (with a message).
        """
        problem = map_image_problem(image, columns) if image is not None else ""
        if problem:
            QMessageBox.warning(self._window, "Cannot use the map image", problem + ".")
            self._status.say(f"No new encounter: {problem}.")
            return False
        if not self._confirm_unsaved("starting a new encounter"):
            return False
        encounter = new_encounter(ruleset_id, columns, rows)
        size = image_size(str(image)) if image is not None else None
        if image is not None and size is not None:
            # Its width spans the grid, as File > Import Map Image stretches it.
            fitted = MapImage(str(image.absolute()), size[0] / columns, (0.0, 0.0))
            encounter = replace(encounter, map_image=fitted)
        self._show_encounter(encounter, None)
        on = f" on {image.name}" if image is not None else ""
        self._status.say(f"New encounter{on}, played by {ruleset_info(ruleset_id).name}.")
        return True

    def switch_ruleset(self, ruleset_id: str) -> OperationResult:
        """Play the encounter by another ruleset (refused in combat, with the reason)."""
        result = self._session.switch_ruleset(ruleset_id, initiator=self)
        if result.ok:
            changes = result.details.get("changes", ())
            self._status.say(
                f"{result.text}: {len(changes)} rule values change (Encounter > Ruleset… "
                "lists them)."
            )
        return result

    def _on_new(self) -> None:
        dialog = NewEncounterDialog(self._window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.new_encounter(*dialog.chosen(), image=dialog.image())

    def _on_ruleset(self) -> None:
        dialog = RulesetDialog(self._session, self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        if dialog.chosen() != self._session.ruleset.id:
            self.switch_ruleset(dialog.chosen())
