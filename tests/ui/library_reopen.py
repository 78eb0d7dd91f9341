"""The GM's creature library read again from its folder, as after a restart (editor tests)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from orcus_desktop.assets import resource_path
from orcus_desktop.controller.files.creature_library import UserLibrary
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.ui.panels.palette import load_library


def library_panel(qtbot: QtBot, folder: Path) -> LibraryPanel:
    """The library panel on the bundled creatures and the GM's library in `folder`."""
    panel = LibraryPanel(load_library(resource_path("creatures")), UserLibrary(folder))
    qtbot.add_widget(panel)
    return panel


def reopened_entry(qtbot: QtBot, tmp_path: Path, name: str) -> LibraryPanel:
    """A new library panel on the folder `tmp_path`, the first entry matching `name` selected."""
    again = library_panel(qtbot, tmp_path)
    again.search.setText(name)
    again.list_view.setCurrentIndex(again.proxy.index(0, 0))
    return again
