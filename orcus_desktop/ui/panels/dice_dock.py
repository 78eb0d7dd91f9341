"""The dice roller dock: roll to the table or privately, repeat, keep favourites (issue 17).

The state is the controller's Qt-free `DiceTray`; this module lists its history in a model,
keeps its favourites in `QSettings`, and shows a roll to the table through the session's
`log_dice_roll` (the façade is the only writer of the document).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QSettings,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.gm import gm_rolls
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.views.dice_tray import (
    DiceError,
    DiceRoll,
    DiceSource,
    DiceTray,
    FavouriteStore,
    HistoryHooks,
    MemoryFavourites,
    RandomSource,
    TrayRoll,
)
from orcus_desktop.ui.panels.common import ModelIndex, RowsModel, list_row_flags

FAVOURITES_KEY = "dice/favourites"
"""The QSettings key of the favourites: a mapping of name -> expression."""


class SettingsFavourites:
    """A `FavouriteStore` in QSettings (the per-user settings of the app)."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings if settings is not None else QSettings()

    def load(self) -> dict[str, str]:
        value = self._settings.value(FAVOURITES_KEY, {})
        if not isinstance(value, Mapping):
            return {}
        return {str(k): v for k, v in value.items() if isinstance(v, str)}

    def save(self, favourites: Mapping[str, str]) -> None:
        self._settings.setValue(FAVOURITES_KEY, dict(favourites))
        self._settings.sync()


class DiceHistoryModel(RowsModel[TrayRoll]):
    """The tray's history as a list, newest first (the tray tells it of every change)."""

    ExpressionRole = Qt.ItemDataRole.UserRole + 1
    ShownRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, tray: DiceTray) -> None:
        super().__init__()
        self.tray = tray
        tray.hooks = HistoryHooks(
            begin_insert=lambda: self.beginInsertRows(QModelIndex(), 0, 0),
            end_insert=self.endInsertRows,
            begin_trim=lambda first: self.beginRemoveRows(
                QModelIndex(), first, len(tray.history) - 1
            ),
            end_trim=self.endRemoveRows,
        )

    def rows(self) -> Sequence[TrayRoll]:
        return self.tray.history

    def row_data(self, entry: TrayRoll, row: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return entry.text
        if role == Qt.ItemDataRole.ToolTipRole:
            where = "shown in the combat log" if entry.shown else "private to the GM"
            return f"{entry.roll.expression}: {entry.roll.total}, {where}"
        if role == self.ExpressionRole:
            return entry.roll.expression
        if role == self.ShownRole:
            return entry.shown
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        return list_row_flags(index)


class DiceDock(QWidget):
    """Expression, what it is for, private or to the table, Roll; history; favourites.

    Args:
        session: the game session (a shown roll goes to its combat log).
        favourites: where favourites are kept (QSettings by default).
        source: where the dice come from (by default the session's seeded RNG).
    """

    def __init__(
        self,
        session: GameSession,
        favourites: FavouriteStore | None = None,
        source: DiceSource | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.tray = DiceTray(
            source if source is not None else RandomSource(session.rng),
            self._publish,
            favourites if favourites is not None else MemoryFavourites(),
        )
        self.model = DiceHistoryModel(self.tray)
        self.expression = QLineEdit()
        self.expression.setObjectName("diceExpression")
        self.expression.setPlaceholderText("1d20+5, 4d6kh3, 1d20ro1, d%")
        self.expression.setMaxLength(200)
        self.expression.returnPressed.connect(self.roll_typed)
        self.label = QLineEdit()
        self.label.setPlaceholderText("For (optional): Treasure, Perception…")
        self.label.setMaxLength(60)
        self.private = QCheckBox("Private (GM only)")
        self.private.setToolTip("A private roll stays here; otherwise it joins the combat log")
        self.roll_button = QPushButton("Roll")
        self.roll_button.clicked.connect(self.roll_typed)
        self.repeat_button = QPushButton("Repeat")
        self.repeat_button.setToolTip("Roll the selected (or the latest) roll again")
        self.repeat_button.clicked.connect(self.repeat_selected)
        self.result = QLabel("")
        self.result.setObjectName("diceResult")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.history_view = QListView()
        self.history_view.setModel(self.model)
        self.history_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.history_view.activated.connect(lambda index: self.repeat_row(index.row()))
        self.favourite_box = QComboBox()
        self.favourite_box.setToolTip("Named favourites (kept between runs)")
        self.favourite_roll = QPushButton("Roll favourite")
        self.favourite_roll.clicked.connect(self.roll_chosen_favourite)
        self.favourite_save = QPushButton("Save as favourite")
        self.favourite_save.setToolTip("Keep the expression under the name in 'For'")
        self.favourite_save.clicked.connect(self.save_favourite)
        self.favourite_remove = QPushButton("Remove")
        self.favourite_remove.clicked.connect(self.remove_chosen_favourite)
        form = QGridLayout()
        form.addWidget(self.expression, 0, 0, 1, 2)
        form.addWidget(self.roll_button, 0, 2)
        form.addWidget(self.label, 1, 0, 1, 2)
        form.addWidget(self.repeat_button, 1, 2)
        form.addWidget(self.private, 2, 0, 1, 3)
        favourites_row = QHBoxLayout()
        favourites_row.addWidget(self.favourite_box, 2)
        for button in (self.favourite_roll, self.favourite_save, self.favourite_remove):
            favourites_row.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(form)
        layout.addWidget(self.result)
        layout.addLayout(favourites_row)
        layout.addWidget(self.history_view, 1)
        self._fill_favourites()

    # -- rolling -------------------------------------------------------------------------

    def roll_typed(self) -> TrayRoll | None:
        """Roll the typed expression (Enter or Roll); a bad one is explained, not rolled."""
        expression, label = self.expression.text(), self.label.text()
        return self._roll(
            lambda: self.tray.roll(expression, label, private=self.private.isChecked())
        )

    def roll_expression(self, expression: str, label: str) -> TrayRoll | None:
        """Roll an expression from elsewhere (a power card's damage) as if typed here.

        It joins the combat log unless "Private" is checked, like a typed roll.
        """
        self.expression.setText(expression)
        self.label.setText(label)
        return self.roll_typed()

    def repeat_row(self, row: int) -> TrayRoll | None:
        """Roll history row `row` again, to the table or privately as the checkbox says."""
        return self._roll(lambda: self.tray.repeat(row, private=self.private.isChecked()))

    def repeat_selected(self) -> TrayRoll | None:
        selected = self.history_view.selectionModel().selectedRows()
        return self.repeat_row(selected[0].row() if selected else 0)

    def roll_chosen_favourite(self) -> TrayRoll | None:
        name = self.favourite_box.currentData()
        if not isinstance(name, str):
            self.result.setText("No favourite chosen.")
            return None
        return self._roll(lambda: self.tray.roll_favourite(name, private=self.private.isChecked()))

    def _roll(self, do_roll: Callable[[], TrayRoll]) -> TrayRoll | None:
        try:
            entry: TrayRoll = do_roll()
        except DiceError as exc:
            self.result.setText(f"Cannot roll: {exc}")
            return None
        self.result.setText(f"<b>{entry.roll.total}</b> — {entry.text}")
        return entry

    def _publish(self, roll: DiceRoll, label: str) -> bool:
        return self.session.by(self).run(gm_rolls.log_roll, roll, label).ok

    # -- favourites ----------------------------------------------------------------------

    def save_favourite(self) -> bool:
        """Keep the typed expression under the name typed in "For"."""
        name = self.label.text().strip() or self.expression.text().strip()
        try:
            self.tray.add_favourite(name, self.expression.text())
        except DiceError as exc:
            self.result.setText(f"Not saved: {exc}")
            return False
        self._fill_favourites(name)
        self.result.setText(f"Saved favourite {name}.")
        return True

    def remove_chosen_favourite(self) -> None:
        name = self.favourite_box.currentData()
        if isinstance(name, str):
            self.tray.remove_favourite(name)
            self._fill_favourites()

    def _fill_favourites(self, current: str = "") -> None:
        self.favourite_box.clear()
        for name, expression in self.tray.favourites.items():
            self.favourite_box.addItem(f"{name}: {expression}", name)
        if current:
            self.favourite_box.setCurrentIndex(self.favourite_box.findData(current))
        has_any = self.favourite_box.count() > 0
        self.favourite_roll.setEnabled(has_any)
        self.favourite_remove.setEnabled(has_any)
