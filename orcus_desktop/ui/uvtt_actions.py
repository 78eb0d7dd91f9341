"""File > Import Map… and Export Map… for Universal VTT files (issue 18).

The reading is Qt-free (`model.uvtt`); here are the dialogs around it: the file, replace or
merge, a progress dialog with Cancel for big files, and the summary in the status bar. The
import is one undo step (`map_import.import_map`); a refused or cancelled import leaves
nothing behind, not even the image file it wrote.

The map image is written beside the encounter's file, or in the per-user data folder
(`maps/`) while the encounter has no file of its own.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QObject, QStandardPaths
from PySide6.QtGui import QImage, QImageReader
from PySide6.QtWidgets import (
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from orcus_desktop.assets import resources_dir
from orcus_desktop.controller.editing import map_import
from orcus_desktop.controller.editing.map_import import ImportMode
from orcus_desktop.controller.files.autosave import DATA_DIR_ENV
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.file_reading import UnreadableFileError, read_capped
from orcus_desktop.model.serialization import EncounterFileError
from orcus_desktop.model.text_repair import describe_exception, error_line
from orcus_desktop.model.uvtt import (
    ImportCancelledError,
    ImportedMap,
    import_uvtt_file,
    write_uvtt,
)
from orcus_desktop.model.uvtt.images import read_header
from orcus_desktop.ui.dialog_parts import ask_choice
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.progress import dialog_progress, progress_dialog
from orcus_desktop.ui.status_report import StatusReport

MAP_FILTER = "Universal VTT maps (*.dd2vtt *.uvtt *.df2vtt *.json);;All files (*)"
EXPORT_FILTER = "Universal VTT map (*.uvtt);;Dungeondraft map (*.dd2vtt)"
MAPS_SUBDIR = "maps"
MAX_IMAGE_BYTES = 256 * 1024 * 1024
"""The largest map image exported (a Universal VTT file holds at most as much)."""


def ask_import_mode(parent: QWidget, name: str) -> ImportMode | None:
    """Ask whether the file replaces the current map or merges into it (None: cancelled)."""
    return ask_choice(
        parent,
        "Import map",
        f"Import {name} into this encounter:",
        [("Replace the map", ImportMode.REPLACE), ("Merge into the map", ImportMode.MERGE)],
        "Replace: the file's grid, image, walls and doors become the map (creatures stay).\n"
        "Merge: its walls and doors are added to the current map.",
    )


def data_folder() -> Path:
    """The per-user data folder (`$ORCUS_DESKTOP_DATA_DIR` when set, as for autosave)."""
    override = os.environ.get(DATA_DIR_ENV, "")
    if override:
        return Path(override)
    location = QStandardPaths.StandardLocation.AppDataLocation
    return Path(QStandardPaths.writableLocation(location))


class UvttActions(QObject):
    """File > Import Map… and Export Map… of one window.

    Args:
        window: the window (dialogs' parent).
        session: the game session the import goes through.
        encounter_path: the encounter's file now, or None (where the map image is written).
        status: where the summary is reported.
        menu: the File menu the two actions are added to.
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        encounter_path: Callable[[], Path | None],
        status: StatusReport,
        menu: QMenu,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._encounter_path = encounter_path
        self._status = status
        self.import_action = make_action(
            window, "Import &Map (Universal VTT)…", slot=self._on_import
        )
        self.export_action = make_action(
            window, "E&xport Map (Universal VTT)…", slot=self._on_export
        )
        menu.addActions([self.import_action, self.export_action])

    def import_file(self, path: Path, mode: ImportMode | None = None) -> OperationResult | None:
        """Import a map file (asking replace or merge unless `mode` is given).

        Returns the session's result, or None when the GM cancelled or the file was bad
        (said in a message box and the status bar); nothing changed then.
        """
        encounter = self._session.encounter
        if mode is None:
            has_map = encounter.walls or encounter.terrain or encounter.map_image
            mode = ask_import_mode(self._window, path.name) if has_map else ImportMode.REPLACE
        if mode is None:
            self._status.say(f"Import of {path.name} cancelled.")
            return None
        dialog = progress_dialog(self._window, "Import map", f"Reading {path.name}")
        try:
            imported, created = import_uvtt_file(
                path, self._image_folder(), dialog_progress(dialog)
            )
        except ImportCancelledError:
            self._status.say(f"Import of {path.name} cancelled; nothing changed.")
            return None
        except EncounterFileError as exc:
            self._refused(path, str(exc))
            return None
        except Exception as exc:  # the last line of defence: one line, never a traceback
            self._refused(path, f"{path.name}: cannot be imported ({describe_exception(exc)})")
            return None
        finally:
            dialog.close()
            dialog.deleteLater()
        problem = _unreadable_image(imported)
        if problem:
            _forget(imported, created)
            self._refused(path, f"{path.name}: {problem}")
            return None
        result = self._session.by(self._window).run(map_import.import_map, imported, mode)
        if result.ok:
            self._status.say(f"Imported {path.name}: {result.details['summary']}.")
        else:
            _forget(imported, created)
            self._status.say(f"Refused: {result.reason}")
        return result

    def _refused(self, path: Path, message: str) -> None:
        line = error_line(message)
        QMessageBox.warning(self._window, "Cannot import map", line)
        self._status.say(error_line(f"Could not import {path.name}: {message}"))

    def export_file(self, path: Path) -> bool:
        """Write the map as Universal VTT 0.3; False (and a message) when it failed."""
        encounter = self._session.encounter
        try:
            image = None if encounter.map_image is None else _image_bytes(encounter.map_image.path)
            write_uvtt(path, encounter, image)
        except (OSError, EncounterFileError) as exc:
            text = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            QMessageBox.warning(self._window, "Cannot export map", f"{path}: {text}")
            return False
        walls = len(encounter.walls)
        self._status.say(f"Exported the map ({walls} walls, windows and doors) to {path.name}.")
        return True

    def _image_folder(self) -> Path:
        path = self._encounter_path()
        if path is not None and not _is_inside(path, resources_dir()):
            return path.parent
        return data_folder() / MAPS_SUBDIR

    def _on_import(self) -> None:
        start = self._encounter_path()
        file_name, _ = QFileDialog.getOpenFileName(
            self._window, "Import map", str(start.parent) if start else "", MAP_FILTER
        )
        if file_name:
            self.import_file(Path(file_name))

    def _on_export(self) -> None:
        name = f"{self._session.encounter.name}.uvtt"
        file_name, _ = QFileDialog.getSaveFileName(self._window, "Export map", name, EXPORT_FILTER)
        if file_name:
            self.export_file(Path(file_name))


def _unreadable_image(imported: ImportedMap) -> str:
    """Why Qt cannot show the stored image ("" when it can): its header was fine, not its data."""
    if imported.map_image is None:
        return ""
    reader = QImageReader(imported.map_image.path)
    return "" if reader.canRead() else f"its image cannot be read ({reader.errorString()})"


def _forget(imported: ImportedMap, created: bool) -> None:
    """Delete the image file an import wrote, when the import did not happen."""
    if created and imported.map_image is not None:
        Path(imported.map_image.path).unlink(missing_ok=True)


def _image_bytes(path: str) -> bytes:
    """The map image as PNG or WebP bytes (other formats are re-encoded as PNG).

    Raises:
        OSError: the image cannot be read.
    """
    try:
        data = read_capped(path, MAX_IMAGE_BYTES, "an image")
    except UnreadableFileError as exc:
        raise OSError(str(exc)) from None
    if read_header(data) is not None:
        return data
    image = QImage(path)
    if image.isNull():
        raise OSError(f"the map image {Path(path).name} cannot be read")
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # The stubs want bytes for the format; PySide6 itself takes only text.
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(buffer.data().data())


def _is_inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True
