"""The combat log panel: the document's structured log, one formatted line per event.

The log lives in the document (`Combat.log`, frozen `LogEntry`s with every roll and state
change); this panel only mirrors it. New entries are appended as rows, and an undo, which
puts back a shorter log, removes the rows it undid. The wording is the controller's
(`controller.log.text`, the same text any export prints); this module only displays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QListView, QVBoxLayout, QWidget

from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.log.words import Label
from orcus_desktop.controller.log.writers.base import NameOf
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.model.log_sequence import LogSequence
from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.panels.common import RowsModel, name_of
from orcus_desktop.ui.status_report import one_line

HEADING_KINDS: Final = frozenset({"combat_start", "round_start", "combat_end"})
"""Entries shown bold: they divide the log into rounds."""


# -- the Qt model and panel --------------------------------------------------------------------


class CombatLogModel(RowsModel[LogEntry]):
    """One row per `LogEntry` of the document's combat log, oldest first.

    The rows mirror `document.encounter.combat.log`: on `combat_changed` the entries after
    the common prefix are removed and the new ones inserted (an undo shortens the log, an
    action lengthens it); `reset` rebuilds everything. A line is worded with the names of the
    encounter as it was when its entry arrived, so a creature removed later keeps its name in
    the log. The entries a file opened with are worded when first shown (R-253: 100,000
    entries took seconds), with the opened encounter's names.

    Args:
        session: the game session whose document is shown.
        parent: the Qt parent.
    """

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._name = lambda cid: name_of(session, cid)
        # Conditions named as the encounter's ruleset names them (004 "Snared").
        self._label = lambda key: session.ruleset.label(key)
        self._entries: Sequence[LogEntry] = ()
        self._lines: list[str | None] = []
        """Each row's line; None: not worded yet, with `_opened_words`."""
        self._opened_words: tuple[NameOf, Label] = (self._name, self._label)
        self._connections = DocumentConnections()
        events = session.document.events
        self._connections.connect(events.combat_changed, self._on_combat_changed)
        self._connections.connect(events.reset, self._on_reset)
        self._connections.bind(self)
        self._take_whole_log()

    # -- Qt model API ----------------------------------------------------------------------

    def rows(self) -> Sequence[LogEntry]:
        return self._entries

    def row_data(self, entry: LogEntry, row: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            # Rows are one line high (uniform sizes, measured on the newest row): an attack's
            # lines, run together as the status bar runs them, keep every row one line high.
            return one_line(self._line(row))
        if role == Qt.ItemDataRole.ToolTipRole:
            # The whole entry, line by line: the row elides long text.
            where = "before combat" if entry.round == 0 else f"round {entry.round}"
            return f"#{entry.seq}, {where}: {entry.kind}\n{self._line(row)}"
        if role == Qt.ItemDataRole.FontRole and entry.kind in HEADING_KINDS:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.UserRole:
            return entry.kind
        return None

    # -- reading ---------------------------------------------------------------------------

    def lines(self) -> list[str]:
        """Every entry's text, oldest first (the panel shows each on one line)."""
        return [self._line(row) for row in range(len(self._lines))]

    def _line(self, row: int) -> str:
        line = self._lines[row]
        if line is None:
            name, label = self._opened_words
            line = self._lines[row] = entry_text(self._entries[row], name, label)
        return line

    def _take_whole_log(self) -> None:
        """Every entry of the document's log, worded when first shown (see the class)."""
        encounter = self._session.encounter
        self._entries = encounter.combat.log
        self._lines = [None] * len(self._entries)
        names: dict[str, str] = {c.id: c.name for c in encounter.creatures}  # as opened
        self._opened_words = (
            lambda cid: "" if cid is None else names.get(cid, str(cid)),
            self._session.ruleset.label,
        )

    def disconnect_document(self) -> None:
        self._connections.disconnect_all()

    # -- document events -------------------------------------------------------------------

    def _on_combat_changed(self) -> None:
        new = self._session.encounter.combat.log
        old = self._entries
        if new is old:
            return
        keep = _common_prefix(old, new)
        if keep < len(old):
            self.beginRemoveRows(QModelIndex(), keep, len(old) - 1)
            self._entries = old[:keep]
            del self._lines[keep:]
            self.endRemoveRows()
        if keep < len(new):
            self.beginInsertRows(QModelIndex(), keep, len(new) - 1)
            self._lines.extend(entry_text(e, self._name, self._label) for e in new[keep:])
            self._entries = new
            self.endInsertRows()
        self._entries = new

    def _on_reset(self) -> None:
        self.beginResetModel()
        self._take_whole_log()
        self.endResetModel()


def _common_prefix(old: Sequence[LogEntry], new: Sequence[LogEntry]) -> int:
    """How many entries `old` and `new` share at their start.

    A log that only grew shares its `LogSequence` buffer with the one before: that answer
    costs nothing however long the log, so an action does not pay for the log's length.
    """
    if (
        isinstance(old, LogSequence)
        and isinstance(new, LogSequence)
        and len(old) <= len(new)
        and old.shares_items_with(new)
    ):
        return len(old)
    keep = 0
    for before, after in zip(old, new, strict=False):
        if before is not after and before != after:
            break
        keep += 1
    return keep


class CombatLogPanel(QWidget):
    """The combat log dock: the formatted log, scrolled to the newest line as it grows.

    Args:
        session: the game session whose document's log is shown.
        parent: the Qt parent.

    Attributes:
        model: the `CombatLogModel` shown.
        view: the list view.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("combatLogPanel")
        self.model = CombatLogModel(session, self)
        self.view = QListView(self)
        self.view.setObjectName("combatLogView")
        self.view.setModel(self.model)
        # One line per row, all rows alike: the view then places rows by arithmetic instead of
        # measuring each one, so appending a line costs the same at 10 or 5,000 entries. Long
        # lines are elided; the tooltip carries the whole line.
        self.view.setUniformItemSizes(True)
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        # Scroll once per burst of new entries (an
        # end of turn logs several), after the event loop has caught up.
        self._scroll_timer = QTimer(self)
        self._scroll_timer.setSingleShot(True)
        self._scroll_timer.setInterval(0)
        self._scroll_timer.timeout.connect(self._on_scroll_timer)
        self.model.rowsInserted.connect(self._on_rows_inserted)
        # A fight opened from its file (or restored) shows where it stands, not its first lines.
        self.model.modelReset.connect(self._on_rows_inserted)
        self.view.scrollToBottom()

    def _on_rows_inserted(self, *_where: object) -> None:
        if self.isVisible():
            self._scroll_timer.start()

    def _on_scroll_timer(self) -> None:
        self.view.scrollToBottom()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._scroll_timer.start()
