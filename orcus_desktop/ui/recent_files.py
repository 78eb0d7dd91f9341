"""File > Open Recent, the last-used folder and Save As's proposed name.

The recent files and the folder the GM last opened or saved in are kept in the app's settings
(`screens.app_settings`, an INI file in the per-user config folder; tests point it at a folder
of their own). A recent file that is gone is taken off the list with a message that says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from orcus_desktop.ui.screens import app_settings

RECENT_KEY = "files/recent"
LAST_FOLDER_KEY = "files/lastFolder"
MAX_RECENT = 8
"""How many files File > Open Recent lists, newest first."""

ENCOUNTER_SUFFIX = ".orcus"
_NOT_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


def default_file_name(encounter_name: str) -> str:
    """The file name Save As proposes: the encounter's name, made safe on every system.

    >>> default_file_name('Goblins: the "Ambush"')
    'Goblins the Ambush.orcus'
    """
    stem = " ".join(_NOT_IN_FILE_NAMES.sub(" ", encounter_name).split()).strip(" .")
    return (stem or "encounter") + ENCOUNTER_SUFFIX


class RecentFiles:
    """The GM's recent encounter files and last-used folder, kept in the app's settings.

    Args:
        settings: builds the settings to read and write (by default the app's).
    """

    def __init__(self, settings: Callable[[], QSettings] = app_settings) -> None:
        self._settings = settings

    def paths(self) -> list[Path]:
        """The recent files, newest first (at most `MAX_RECENT`)."""
        value = self._settings().value(RECENT_KEY)
        if isinstance(value, str):  # an INI list of one comes back as a plain string
            value = [value]
        if not isinstance(value, list):
            return []
        return [Path(item) for item in value if isinstance(item, str) and item][:MAX_RECENT]

    def add(self, path: Path) -> None:
        """Put `path` first (once) and remember its folder as the last used."""
        path = path.absolute()
        kept = [p for p in self.paths() if p != path]
        settings = self._settings()
        settings.setValue(RECENT_KEY, [str(p) for p in [path, *kept][:MAX_RECENT]])
        settings.setValue(LAST_FOLDER_KEY, str(path.parent))
        settings.sync()

    def remove(self, path: Path) -> None:
        self._store([p for p in self.paths() if p != path])

    def clear(self) -> None:
        self._store([])

    def last_folder(self) -> Path | None:
        """The folder the GM last opened or saved an encounter in, if it still exists."""
        value = self._settings().value(LAST_FOLDER_KEY)
        if isinstance(value, str) and value and Path(value).is_dir():
            return Path(value)
        return None

    def _store(self, paths: list[Path]) -> None:
        settings = self._settings()
        settings.setValue(RECENT_KEY, [str(p) for p in paths])
        settings.sync()


class RecentFilesMenu(QMenu):
    """File > Open Recent: the recent files, newest first, and Clear Recent Files.

    Built anew each time it opens, so it shows what the settings hold now.

    Args:
        recent: the list it shows.
        open_file: opens a file (the window's `open_file`); returns whether it opened.
        parent: the dialogs' parent.
    """

    def __init__(
        self, recent: RecentFiles, open_file: Callable[[Path], bool], parent: QWidget
    ) -> None:
        super().__init__("Open &Recent", parent)
        self._recent = recent
        self._open_file = open_file
        self.aboutToShow.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> None:
        self.clear()
        paths = self._recent.paths()
        for number, path in enumerate(paths, start=1):
            # &1..&8: keyboard access; the full path in the tooltip tells same-named files apart.
            action = self.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_recent(p))
        if not paths:
            self.addAction("(no recent files)").setEnabled(False)
        self.addSeparator()
        clear = self.addAction("&Clear Recent Files")
        clear.setEnabled(bool(paths))
        clear.triggered.connect(self._on_clear)
        self.setToolTipsVisible(True)

    def open_recent(self, path: Path) -> bool:
        """Open a recent file; one that is gone is taken off the list, and the GM is told."""
        if not path.is_file():
            self._recent.remove(path)
            self.rebuild()
            QMessageBox.warning(
                self.parentWidget(),
                "Recent file not found",
                f"{path.name} is no longer at {path.parent}, so it was removed from "
                "File > Open Recent.",
            )
            return False
        return self._open_file(path)

    def _on_clear(self) -> None:
        self._recent.clear()
        self.rebuild()
