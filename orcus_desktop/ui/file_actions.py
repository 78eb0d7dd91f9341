"""File > Open, Save, Save As, Import Map Image, the unsaved-changes question, image drops.

Opening a bad file reports it and keeps the open encounter. Closing the window or opening
another file with unsaved changes asks Save / Discard / Cancel first. The bundled demo is
read-only data: saving it goes to a new file. A file that takes more than a moment to read
shows its progress with Cancel while the window keeps repainting (R-252, `ui/progress.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QMessageBox, QWidget

from orcus_desktop.assets import resources_dir
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.session.opening import read_to_open
from orcus_desktop.controller.tools.pointer import result_message
from orcus_desktop.model.atomic_file import describe_write_error
from orcus_desktop.model.encounter import Encounter, MapImage
from orcus_desktop.model.progress import ReadCancelledError
from orcus_desktop.model.serialization import (
    EncounterFileError,
    ReadEncounter,
    UnreadableCreature,
    save_encounter,
)
from orcus_desktop.model.text_repair import error_line
from orcus_desktop.model.uvtt.images import over_pixel_budget
from orcus_desktop.ui.dialog_parts import ask_choice
from orcus_desktop.ui.map.drops import ImageUse
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.progress import run_in_worker
from orcus_desktop.ui.recent_files import RecentFiles, RecentFilesMenu, default_file_name
from orcus_desktop.ui.status_report import StatusReport

ENCOUNTER_FILTER = "Orcus encounters (*.orcus *.json);;All files (*)"
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.webp)"


class FileActions(QObject):
    """The File menu's actions of one window, and the file the encounter belongs to.

    Args:
        window: the window (dialogs' parent).
        session: the game session whose document is saved.
        path: the file the encounter came from, or None (unsaved or the bundled demo).
        show_encounter: shows another encounter from a file (the window's `set_encounter`).
        saved: called after a save (the window's title loses its star).
        discarded: called when the GM chose Discard for unsaved changes.
        status: where files opened and saved are reported.
        recent: the recent files and last-used folder (the app's settings by default).

    Attributes:
        path: the encounter's file, or None.
        open_action, save_action, save_as_action, import_map_action: the menu actions.
        recent_menu: File > Open Recent.
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        path: Path | None,
        show_encounter: Callable[[Encounter, Path | None], None],
        saved: Callable[[], None],
        discarded: Callable[[], None],
        status: StatusReport,
        recent: RecentFiles | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._show_encounter = show_encounter
        self._saved = saved
        self._discarded = discarded
        self._status = status
        self.path = path
        keys = QKeySequence.StandardKey
        self.open_action = make_action(window, "&Open…", keys.Open, slot=self._on_open)
        self.save_action = make_action(window, "&Save", keys.Save, slot=self._on_save)
        self.save_as_action = make_action(window, "Save &As…", keys.SaveAs, slot=self._on_save_as)
        self.import_map_action = make_action(
            window, "&Import Map Image…", slot=self._on_import_map
        )
        self.recent = recent if recent is not None else RecentFiles()
        self.recent_menu = RecentFilesMenu(self.recent, self.open_file, window)
        self._opening: Path | None = None

    def open_file(self, path: Path) -> bool:
        """Open an encounter file; a bad file is reported and the open encounter is kept.

        Creatures whose stat blocks cannot be read are left out only if the GM agrees;
        repaired text is reported in the status bar. A long read shows its progress and can
        be cancelled, which keeps the open encounter with its undo history (R-252).
        """
        if self._opening is not None:  # a file handed over by the desktop while one is read
            self._status.say(f"Still opening {self._opening.name}; {path.name} was not opened.")
            return False
        self._opening = path
        try:
            return self._open(path)
        finally:
            self._opening = None

    def _open(self, path: Path) -> bool:
        try:
            result = self._read(path)
        except ReadCancelledError:
            name = self._session.encounter.name
            self._status.say(f"Opening {path.name} cancelled; {name} is still open.")
            return False
        except EncounterFileError as exc:
            QMessageBox.warning(self._window, "Cannot open encounter", error_line(str(exc)))
            self._status.say(error_line(f"Could not open {path.name}: {exc}"))
            return False
        if result.unreadable and not ask_open_without(self._window, path, result.unreadable):
            self._status.say(f"Kept {self._session.encounter.name} open.")
            return False
        if not self.confirm_unsaved(f"opening {path.name}"):
            self._status.say(f"Kept {self._session.encounter.name} open.")
            return False
        encounter = result.encounter
        problem = self._show_busy(encounter, path)
        if problem is not None:
            message = (
                f"{path.name} could not be shown ({problem}); "
                f"{self._session.encounter.name} is still open, with its undo history."
            )
            QMessageBox.warning(self._window, "Cannot open encounter", message)
            self._status.say(message)
            return False
        self.recent.add(path)
        said = f"Opened {encounter.name} from {path.name}."
        if result.unreadable:
            said += f" Left out {len(result.unreadable)} creatures with unreadable stat blocks."
        if result.repairs:
            said += (
                f" Repaired text in {len(result.repairs)} places: {'; '.join(result.repairs[:3])}"
            )
        self._status.say(said)
        return True

    def _read(self, path: Path) -> ReadEncounter:
        """The file read in a worker thread, with progress and Cancel when it takes a while.

        Raises:
            EncounterFileError: the file cannot be opened.
            ReadCancelledError: the GM pressed Cancel.
        """
        return run_in_worker(
            self._window, "Open encounter", f"Opening {path.name}", lambda p: read_to_open(path, p)
        )

    def _show_busy(self, encounter: Encounter, path: Path) -> str | None:
        """`_show_or_keep`, with a word in the status bar and a busy cursor meanwhile.

        The window is built in the GUI thread (Qt's rule), so it does not repaint meanwhile.
        """
        self._status.say(f"Showing {encounter.name}…")
        self._window.statusBar().repaint()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            return self._show_or_keep(encounter, path)
        finally:
            QApplication.restoreOverrideCursor()

    def remember(self, path: Path) -> None:
        """Put a file opened another way (at start) on File > Open Recent; not bundled data."""
        if not _is_bundled(path):
            self.recent.add(path)

    def _show_or_keep(self, encounter: Encounter, path: Path) -> str | None:
        """Show `encounter` in every view, or keep the open one as it was; None when shown.

        If a view fails halfway (the GM's map rebuilt, the players' not), the old encounter is
        shown again everywhere with its file and undo history, so both views agree and Ctrl+S
        saves the old work to its own file, never a half-switched state (issue 12).
        """
        session = self._session
        old_encounter, old_path, old_steps = session.encounter, self.path, session.history.state()
        try:
            self._show_encounter(encounter, path)
        except Exception as exc:  # any failure of any view: put the old encounter back
            self._show_encounter(old_encounter, old_path)
            session.history.restore(old_steps)
            return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        return None

    def save(self) -> bool:
        """Save to the encounter's file, or ask for one; True when it was saved."""
        if self.path is None or _is_bundled(self.path):
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        """Ask for a file and save there; False when the GM cancels or it fails.

        The dialog proposes the encounter's name as the file name, in the folder of the
        encounter's own file, else the folder the GM last used.
        """
        file_name, _ = QFileDialog.getSaveFileName(
            self._window, "Save encounter as", str(self.proposed_path()), ENCOUNTER_FILTER
        )
        return bool(file_name) and self.save_to(Path(file_name))

    def proposed_path(self) -> Path:
        """Where Save As starts: the encounter's name in its own or the last-used folder."""
        name = default_file_name(self._session.encounter.name)
        own = self.path.parent if self.path is not None and not _is_bundled(self.path) else None
        folder = own or self.recent.last_folder()
        return folder / name if folder is not None else Path(name)

    def save_to(self, path: Path) -> bool:
        """Save the encounter to `path`, which becomes its file; False when it failed."""
        try:
            save_encounter(path, self._session.encounter)
        except OSError as exc:
            message = f"Could not save {path.name}: {describe_write_error(exc)}."
            QMessageBox.warning(self._window, "Cannot save encounter", message)
            self._status.say(message)
            return False
        self.path = path
        self.recent.add(path)
        self._session.history.mark_clean()
        self._saved()
        self._status.say(f"Saved to {path.name}.")
        return True

    def confirm_unsaved(self, doing: str) -> bool:
        """Ask Save / Discard / Cancel when the encounter has unsaved changes.

        Args:
            doing: what would lose them ("closing", "opening cave.json").

        Returns:
            True to go ahead (saved, discarded or nothing unsaved); False to stay.
        """
        if self._session.history.is_clean:
            return True
        answer = QMessageBox.question(
            self._window,
            "Unsaved changes",
            f"{self._session.encounter.name} has unsaved changes. Save them before {doing}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self._discarded()
            return True
        return False

    def import_map_image(
        self,
        path: Path,
        pixels_per_square: float | None = None,
        offset_px: tuple[float, float] = (0.0, 0.0),
    ) -> str:
        """Make an image the map background (one undo step); returns its status line.

        The GM is told once: an unreadable file here, the session's answer by the window's
        `ResultReporter`. Without `pixels_per_square` the image is stretched so its width
        spans the grid.
        """
        from PySide6.QtGui import QImageReader

        reader = QImageReader(str(path))
        size = reader.size()
        if not reader.canRead() or size.width() <= 0:
            refusal = f"Refused: {path.name} is not an image Qt can read"
            self._status.say(refusal)
            return refusal
        too_big = over_pixel_budget(size.width(), size.height())
        if too_big:
            refusal = f"Refused: {path.name}: {too_big}"
            self._status.say(refusal)
            return refusal
        grid = self._session.encounter.grid
        per_square = pixels_per_square or size.width() / max(1, grid.columns)
        image = MapImage(str(path), per_square, offset_px)
        return result_message(self._session.by(self._window).run(editing.set_map_image, image))

    def _on_save(self) -> None:
        self.save()

    def _on_save_as(self) -> None:
        self.save_as()

    def _on_open(self) -> None:
        folder = self.recent.last_folder() or (self.path.parent if self.path else None)
        start = str(folder) if folder is not None else ""
        file_name, _ = QFileDialog.getOpenFileName(
            self._window, "Open encounter", start, ENCOUNTER_FILTER
        )
        if file_name:
            self.open_file(Path(file_name))

    def _on_import_map(self) -> None:
        file_name, _ = QFileDialog.getOpenFileName(
            self._window, "Import map image", "", IMAGE_FILTER
        )
        if file_name:
            self.import_map_image(Path(file_name))


def open_without_question(path: Path, unreadable: Sequence[UnreadableCreature]) -> str:
    """The question asked before opening a file without the creatures it cannot read."""
    shown = [f"• {c.name} ({c.where}): {c.problem}" for c in unreadable[:_LISTED]]
    if len(unreadable) > _LISTED:
        shown.append(f"• and {len(unreadable) - _LISTED} more")
    count = len(unreadable)
    these = "this creature" if count == 1 else f"these {count} creatures"
    return (
        f"The stat blocks of {count} creature{'s' if count != 1 else ''} in {path.name} "
        "cannot be read:\n\n" + "\n".join(shown) + f"\n\nOpen anyway without {these}?"
    )


_LISTED = 10


def ask_open_without(
    parent: QWidget, path: Path, unreadable: Sequence[UnreadableCreature]
) -> bool:
    """Ask "open anyway without these N creatures?"; True when the GM says Open."""
    answer = QMessageBox.question(
        parent,
        "Open without some creatures?",
        open_without_question(path, unreadable),
        QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Open


def ask_image_use(parent: QWidget, path: Path) -> ImageUse | None:
    """Ask whether a dropped image is a token or the map background (None: cancelled)."""
    answers = [("A token", ImageUse.TOKEN), ("The map background", ImageUse.MAP)]
    return ask_choice(parent, "Dropped an image", f"Use {path.name} as…", answers)


def _is_bundled(path: Path) -> bool:
    """The bundled demo is read-only data: saving goes to a new file instead."""
    try:
        path.resolve().relative_to(resources_dir().resolve())
    except ValueError:
        return False
    return True
