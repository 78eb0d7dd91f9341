"""Files the desktop hands the running app, opened as File > Open would.

macOS does not pass a double-clicked document on the command line: Finder sends an
open-document event, which Qt delivers to the application as a `QFileOpenEvent` (also when the
double-click started the app). The .app's Info.plist (packaging/macos/Info.plist) declares the
encounter files; this filter is what makes the double-click open them. Elsewhere the launcher
passes the file as an argument and this filter simply never fires.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QFileOpenEvent

from orcus_desktop.ui.file_actions import FileActions


class FileOpenEvents(QObject):
    """Hands every file-open event the application receives to `files.open_file`.

    Args:
        files: the window's File actions (which report a bad file and ask about unsaved
            changes); the filter is their child, so it goes when the window goes.
    """

    def __init__(self, files: FileActions) -> None:
        super().__init__(files)
        self._files = files
        app = QCoreApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QFileOpenEvent) and event.file():
            self._files.open_file(Path(event.file()))
            return True
        return super().eventFilter(watched, event)
