"""The creature palette: the bundled creature library, searchable, dragged onto the map.

The first form of the creature library (issue 6): every `resources/creatures/*.json` file is
listed with its size and side; a row dragged out carries `CREATURE_MIME` data that the map's
drop handler turns into a `place_creature` call.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QByteArray,
    QMimeData,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.files.creature_library import CreatureFacts, facts_of
from orcus_desktop.controller.tools.library_drop import LibraryEntry
from orcus_desktop.geometry.grid import Size
from orcus_desktop.rules.statblock_dicts import statblock_from_dict
from orcus_desktop.ui.panels.common import ModelIndex, RowsModel, list_row_flags

CREATURE_MIME = "application/x-orcus-creature"
"""Mime type of a palette row being dragged: the entry as JSON."""

ALL_SIDES = "All sides"


def _entry_from_dict(data: Mapping[str, Any], source: str) -> LibraryEntry | None:
    """A library entry for a stat block (validated by the rules' `statblock_from_dict`).

    A file that is not a valid stat block but names a creature still gives an entry (it places a
    token without rules numbers); one without a name gives none.
    """
    try:
        block = statblock_from_dict(data)
    except (ValueError, TypeError, KeyError):
        block = None
    if block is not None:
        return LibraryEntry(
            block.name, block.side.value, block.size, block.speed, dict(data), source
        )
    name = data.get("name")
    if not isinstance(name, str) or not name:
        return None
    try:
        size = Size(str(data.get("size", "medium")).lower())
    except ValueError:
        size = Size.MEDIUM
    side = data.get("side")
    speed = data.get("speed", 6)
    return LibraryEntry(
        name,
        side if isinstance(side, str) and side else "monsters",
        size,
        speed if isinstance(speed, int) and not isinstance(speed, bool) else 6,
        dict(data),
        source,
    )


def load_library(folder: Path) -> list[LibraryEntry]:
    """Every creature in the JSON files of `folder` (a file holds one creature or a list).

    Unreadable files are skipped: the palette shows what it can rather than nothing.
    """
    entries: list[LibraryEntry] = []
    if not folder.is_dir():
        return entries
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        items: Iterable[Any]
        if isinstance(data, Mapping) and isinstance(data.get("creatures"), list):
            items = data["creatures"]
        elif isinstance(data, list):
            items = data
        else:
            items = [data]
        for item in items:
            if isinstance(item, Mapping):
                entry = _entry_from_dict(item, path.name)
                if entry is not None:
                    entries.append(entry)
    entries.sort(key=lambda e: (e.side, e.name.lower()))
    return entries


def entry_to_mime(entry: LibraryEntry) -> QMimeData:
    mime = QMimeData()
    payload = {
        "name": entry.name,
        "side": entry.side,
        "size": entry.size.value,
        "speed": entry.speed,
        "statblock": dict(entry.statblock),
        "source": entry.source,
    }
    mime.setData(CREATURE_MIME, QByteArray(json.dumps(payload).encode("utf-8")))
    mime.setText(entry.name)
    return mime


def entry_from_mime(mime: QMimeData) -> LibraryEntry | None:
    """The library entry a palette drag carries, or None for other data."""
    if not mime.hasFormat(CREATURE_MIME):
        return None
    try:
        data = json.loads(bytes(mime.data(CREATURE_MIME).data()).decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(data, Mapping):
        return None
    name, side, size = data.get("name"), data.get("side"), data.get("size")
    speed, statblock = data.get("speed"), data.get("statblock")
    if not (isinstance(name, str) and name and isinstance(side, str) and isinstance(speed, int)):
        return None
    try:
        size_value = Size(str(size))
    except ValueError:
        return None
    return LibraryEntry(
        name,
        side,
        size_value,
        speed,
        dict(statblock) if isinstance(statblock, Mapping) else {},
        str(data.get("source", "")),
    )


class CreatureLibraryModel(RowsModel[LibraryEntry]):
    """The library entries as a list model whose rows drag out as `CREATURE_MIME` data."""

    EntryRole = Qt.ItemDataRole.UserRole + 1
    SideRole = Qt.ItemDataRole.UserRole + 2
    FactsRole = Qt.ItemDataRole.UserRole + 3

    def __init__(self, entries: Sequence[LibraryEntry] = ()) -> None:
        super().__init__()
        self._entries = list(entries)

    def set_entries(self, entries: Sequence[LibraryEntry]) -> None:
        self.beginResetModel()
        self._entries = list(entries)
        self.endResetModel()

    def rows(self) -> Sequence[LibraryEntry]:
        return self._entries

    def row_data(self, entry: LibraryEntry, row: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{entry.name}  ({entry.size.value}, {entry.side})"
        if role == Qt.ItemDataRole.ToolTipRole:
            rulesets = facts_of(entry.statblock).rulesets
            return (
                f"{entry.name}: {entry.size.value} {entry.side}, speed {entry.speed}"
                + (f"\nfrom {entry.source}" if entry.source else "")
                + (f"\nbuilt for {', '.join(rulesets)}" if rulesets else "")
            )
        if role == self.EntryRole:
            return entry.name
        if role == self.SideRole:
            return entry.side
        if role == self.FactsRole:
            return facts_of(entry.statblock)
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        return list_row_flags(index, Qt.ItemFlag.ItemIsDragEnabled)

    def mimeTypes(self) -> list[str]:
        return [CREATURE_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        rows = [i.row() for i in indexes if i.isValid()]
        if not rows:
            return QMimeData()
        return entry_to_mime(self._entries[rows[0]])

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


class _SideFilterModel(QSortFilterProxyModel):
    """Filters by the search text (the row or a keyword), side, level range and role or rank."""

    def __init__(self) -> None:
        super().__init__()
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._side = ""
        self._levels = (1, 99)
        self._role = ""
        self._ruleset = ""
        self.search_text = ""

    def set_search(self, text: str) -> None:
        """Rows whose text or one of whose keywords holds `text`."""
        self.search_text = text
        self.setFilterFixedString(text)

    def set_levels(self, lowest: int, highest: int) -> None:
        self.beginFilterChange()
        self._levels = (lowest, highest)
        self.endFilterChange()

    def set_role(self, role: str) -> None:
        """A tactical role (a keyword) or a rank ("elite", "solo"); "" for any."""
        self.beginFilterChange()
        self._role = role
        self.endFilterChange()

    def set_ruleset(self, ruleset_id: str) -> None:
        """Creatures that suit a ruleset (built for it, or for none in particular); "" any."""
        self.beginFilterChange()
        self._ruleset = ruleset_id
        self.endFilterChange()

    def set_side(self, side: str) -> None:
        self.beginFilterChange()
        self._side = side
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        if self._side and model.data(index, CreatureLibraryModel.SideRole) != self._side:
            return False
        facts: CreatureFacts = model.data(index, CreatureLibraryModel.FactsRole)
        if facts.level and not self._levels[0] <= facts.level <= self._levels[1]:
            return False
        if self._role and self._role not in (facts.tactical_role, facts.rank):
            return False
        if self._ruleset and not facts.suits(self._ruleset):
            return False
        text = self.search_text.strip().lower()
        if text and any(text in k.lower() for k in facts.keywords):
            return True
        return super().filterAcceptsRow(source_row, source_parent)


class CreaturePalette(QWidget):
    """Search box, side filter and the draggable list of library creatures.

    Args:
        entries: the library entries to list.
        parent: the owning widget.

    Signals:
        place_requested: the drag data of an entry the GM pressed Enter on (or double-clicked):
            the map places it near the middle of the view, as if dropped there.
    """

    place_requested = Signal(QMimeData)

    def __init__(self, entries: Sequence[LibraryEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = CreatureLibraryModel(entries)
        self.proxy = _SideFilterModel()
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search creatures…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._on_search_changed)
        self.side_filter = QComboBox()
        self.side_filter.addItem(ALL_SIDES)
        for side in sorted({e.side for e in entries}):
            self.side_filter.addItem(side)
        self.side_filter.currentTextChanged.connect(self._on_side_changed)
        self.list_view = QListView()
        self.list_view.setObjectName("creaturePalette")
        self.list_view.setModel(self.proxy)
        self.list_view.setDragEnabled(True)
        self.list_view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.list_view.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.list_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list_view.activated.connect(self._on_activated)
        # Whole names, wrapped in a narrow column: never "Cinderwing Drake (large, mons".
        self.list_view.setWordWrap(True)
        self.list_view.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list_view.setResizeMode(QListView.ResizeMode.Adjust)
        self.list_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 2)
        filters.addWidget(self.side_filter, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(filters)
        layout.addWidget(self.list_view)
        if not entries:
            empty = QLabel("No creatures in the library folder.")
            empty.setWordWrap(True)
            layout.addWidget(empty)

    def visible_names(self) -> list[str]:
        """The names listed now (after search and side filter)."""
        return [
            str(self.proxy.data(self.proxy.index(r, 0), CreatureLibraryModel.EntryRole))
            for r in range(self.proxy.rowCount())
        ]

    def mime_for_row(self, row: int) -> QMimeData:
        """The drag data of the visible row `row` (what dragging it out carries)."""
        source = self.proxy.mapToSource(self.proxy.index(row, 0))
        return self.model.mimeData([source])

    def _on_activated(self, index: QModelIndex) -> None:
        # Enter (or a double-click) places the creature without a mouse drag.
        self.place_requested.emit(self.mime_for_row(index.row()))

    def _on_search_changed(self, text: str) -> None:
        self.proxy.set_search(text)

    def _on_side_changed(self, side: str) -> None:
        self.proxy.set_side("" if side == ALL_SIDES else side)
