"""Autosave's Qt side: the debounce timer, the run lock and the recovery dialog.

The decisions (when to write, which file, what to keep) live in the Qt-free
`orcus_desktop.controller.files.autosave`; this module only feeds it the history's changes and the
timer's ticks, writes when it says so, and reports a failed write once in the status bar.

`start_autosave` is what the app calls for its window: it takes this run's lock, attaches an
`Autosaver` and offers what earlier runs left behind (Restore / Discard / Later).
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.files.autosave import (
    AutosavePolicy,
    RecoveryEntry,
    RecoveryStore,
    load_saved,
    recovery_folder,
    restore_encounter,
)
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import EncounterFileError
from orcus_desktop.ui.main_window import MainWindow

log = logging.getLogger(__name__)

STATUS_MS = 10000


class RecoveryChoice(Enum):
    """What the GM chose in the recovery dialog."""

    RESTORE = "restore"
    DISCARD = "discard"
    LATER = "later"


AskRecovery = Callable[[QWidget | None, Sequence[RecoveryEntry]], tuple[RecoveryChoice, int]]
"""Shows the leftovers and returns the choice and the index of the entry it applies to."""


def default_recovery_folder() -> Path:
    """`<AppDataLocation>/autosave`, or `$ORCUS_DESKTOP_DATA_DIR/autosave` when that is set."""
    app_data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return recovery_folder(Path(app_data))


class RunLock:
    """This run's lock file in the recovery folder: how another run tells we are alive.

    A crashed run's lock names a dead process, so `QLockFile` sees it as stale; a running
    copy of the app (a second encounter opened from the file manager) keeps its slots.
    """

    def __init__(self, folder: Path, run_id: str) -> None:
        self.folder = folder
        self._lock = QLockFile(str(folder / f"{run_id}.lock"))
        # Only a dead owner makes a lock stale, never its age: a fight lasts hours.
        self._lock.setStaleLockTime(0)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            log.warning("Cannot create the recovery folder %s: %s", folder, exc)
            return
        if not self._lock.tryLock(0):
            log.warning("Cannot lock %s: %s", folder, self._lock.error())

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()

    def is_live(self, run_id: str) -> bool:
        """Whether the run `run_id` still holds its lock (is still running)."""
        other = QLockFile(str(self.folder / f"{run_id}.lock"))
        other.setStaleLockTime(0)
        if other.tryLock(0):
            other.unlock()  # also removes the dead run's lock file
            return False
        return other.error() == QLockFile.LockError.LockFailedError


class Autosaver(QObject):
    """Keeps one window's recovery slot up to date.

    The timer's writes run on a worker thread: the encounter is a frozen snapshot, so the
    worker can encode it while the GM drags on (a 200-creature fight takes tens of
    milliseconds to encode, several frames). Closing and restoring write synchronously.

    Args:
        window: the window whose encounter is autosaved; the autosaver is its child.
        store: the recovery folder.
        policy: when to write (a short debounce in tests).
        clock: monotonic seconds (injectable for tests).
    """

    _write_finished = Signal(int, object)  # (write number, the exception or None)

    def __init__(
        self,
        window: MainWindow,
        store: RecoveryStore,
        policy: AutosavePolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.store = store
        self.policy = policy or AutosavePolicy()
        self.slot = store.new_slot()
        self.run_lock: RunLock | None = None
        self._clock = clock
        self._discarded = False
        self._failing = False
        self._attached = True
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="orcus-autosave")
        self._future: Future[None] | None = None
        self._writes = 0
        self._write_finished.connect(self._on_write_finished)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._on_timeout)
        window.session.history.changed.connect(self._on_history_changed)
        window.unsaved_discarded.connect(self._on_discarded)
        window.closed.connect(self._on_window_closed)
        if not window.session.history.is_clean:
            self._on_history_changed()

    @property
    def recovery_file(self) -> Path:
        return self.store.encounter_file(self.slot)

    @property
    def busy(self) -> bool:
        """True while a background write is running."""
        return self._future is not None

    def write_now(self) -> bool:
        """Write the slot now, on this thread; never raises. True when it was written."""
        self.timer.stop()
        self._wait_for_write()
        self.policy.started(self._clock())
        try:
            self._write(self.window.encounter, self.window.path)
        except Exception as exc:
            self._finish(exc)
            return False
        self._finish(None)
        return True

    def detach(self) -> None:
        """Stop following the window (it closed); waits for a running write."""
        if not self._attached:
            return
        self._attached = False
        self.timer.stop()
        self._wait_for_write()
        self._executor.shutdown(wait=True)
        self.window.session.history.changed.disconnect(self._on_history_changed)
        self.window.unsaved_discarded.disconnect(self._on_discarded)
        self.window.closed.disconnect(self._on_window_closed)

    # --- slots ----------------------------------------------------------------------------
    def _on_history_changed(self) -> None:
        # Runs inside every push (a drag's every step): only bookkeeping and a timer restart.
        if self.window.session.history.is_clean:
            self.policy.cleared()
            self.timer.stop()
            self._remove()
            return
        self._discarded = False
        self.policy.changed(self._clock())
        self._schedule()

    def _on_timeout(self) -> None:
        if not self._attached or not self.policy.due(self._clock()):
            self._schedule()
            return
        self.policy.started(self._clock())
        self._writes += 1
        number = self._writes
        future = self._executor.submit(
            self._write, self.window.encounter, self.window.path, share_gil=True
        )
        self._future = future
        future.add_done_callback(lambda done: self._report_from_worker(number, done))

    def _report_from_worker(self, number: int, future: Future[None]) -> None:
        # On the worker thread: the signal queues the outcome to the GUI thread.
        with contextlib.suppress(RuntimeError):  # the window (and we) already deleted
            self._write_finished.emit(number, future.exception())

    def _on_write_finished(self, number: int, error: object) -> None:
        if number != self._writes or self._future is None:
            return  # already handled (a close or a synchronous write waited for it)
        self._future = None
        self._finish(error if isinstance(error, BaseException) else None)

    def _on_discarded(self) -> None:
        self._discarded = True
        self.policy.cleared()
        self.timer.stop()
        self._remove()

    def _on_window_closed(self) -> None:
        self._wait_for_write()
        clean = self._discarded or self.window.session.history.is_clean
        if clean:
            self._remove()
        else:
            # Closed without the Save/Discard question (the session ending, a script): keep
            # the work for the next start rather than guess.
            self.write_now()
        self.detach()
        if self.run_lock is not None:
            self.run_lock.release()

    # --- internals ------------------------------------------------------------------------
    def _write(
        self, encounter: Encounter, original_path: Path | None, *, share_gil: bool = False
    ) -> None:
        self.store.write(
            self.slot, encounter, original_path, datetime.now(UTC), share_gil=share_gil
        )

    def _wait_for_write(self) -> None:
        future = self._future
        if future is None:
            return
        self._future = None
        self._finish(future.exception())

    def _finish(self, error: BaseException | None) -> None:
        """Book a write's outcome; a failure is said once, not once per retry."""
        now = self._clock()
        if error is None:
            self.policy.written(now)
            if self._failing:
                self._failing = False
                self.window.statusBar().showMessage("Autosave works again", STATUS_MS)
        else:
            # A full disk or a vanished folder must not reach the GUI: say it once, retry.
            log.warning("Autosave to %s failed: %s", self.recovery_file, error)
            self.policy.failed(now)
            if not self._failing:
                self._failing = True
                self.window.statusBar().showMessage(
                    f"Autosave failed ({_reason(error)}); trying again shortly", STATUS_MS
                )
        if self._discarded or self.window.session.history.is_clean:
            # Saved or discarded while the worker wrote: its file is stale already.
            self._remove()
        elif self._attached:
            self._schedule()

    def _schedule(self) -> None:
        delay = self.policy.delay(self._clock())
        if delay is None:
            self.timer.stop()
        else:
            self.timer.start(max(0, round(delay * 1000)))

    def _remove(self) -> None:
        # A running write would put the file back: let it finish first (a few milliseconds,
        # and only on a save, a discard or a close).
        self._wait_for_write()
        try:
            self.store.remove(self.slot)
        except OSError as exc:
            log.warning("Cannot remove %s: %s", self.recovery_file, exc)


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc) or type(exc).__name__


class RecoveryDialog(QDialog):
    """Lists what earlier runs left behind: Restore / Discard / Later."""

    def __init__(self, entries: Sequence[RecoveryEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recoveryDialog")
        self.setWindowTitle("Recover unsaved encounters")
        self.choice = RecoveryChoice.LATER
        text = QLabel(
            "Orcus Desktop did not close cleanly last time. These encounters were autosaved:"
        )
        text.setWordWrap(True)
        self.list = QListWidget(self)
        for entry in entries:
            item = QListWidgetItem(describe_entry(entry))
            item.setToolTip(str(entry.encounter_file))
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        buttons = QDialogButtonBox(self)
        self.restore_button = QPushButton("Restore")
        self.discard_button = QPushButton("Discard")
        self.later_button = QPushButton("Later")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.setDefault(True)
        self.restore_button.clicked.connect(lambda: self._finish(RecoveryChoice.RESTORE))
        self.discard_button.clicked.connect(lambda: self._finish(RecoveryChoice.DISCARD))
        self.later_button.clicked.connect(lambda: self._finish(RecoveryChoice.LATER))
        self.list.itemDoubleClicked.connect(lambda _item: self._finish(RecoveryChoice.RESTORE))
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(620, 300)

    def _finish(self, choice: RecoveryChoice) -> None:
        self.choice = choice
        if choice is RecoveryChoice.LATER:
            self.reject()
        else:
            self.accept()


def describe_entry(entry: RecoveryEntry) -> str:
    """One line per leftover: name, original file and when it was autosaved (local time)."""
    name = entry.name or entry.encounter_file.name
    where = str(entry.original_path) if entry.original_path else "never saved"
    when = entry.saved_at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    return f"{name} — {where} — autosaved {when}"


def ask_recovery(
    parent: QWidget | None, entries: Sequence[RecoveryEntry]
) -> tuple[RecoveryChoice, int]:
    """The real dialog (tests replace this function)."""
    dialog = RecoveryDialog(entries, parent)
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.exec()
    row = max(0, dialog.list.currentRow())
    choice = dialog.choice
    dialog.deleteLater()
    return choice, row


def offer_recovery(
    saver: Autosaver,
    is_live: Callable[[str], bool] = lambda _run_id: False,
    ask: AskRecovery | None = None,
) -> RecoveryEntry | None:
    """Offer earlier runs' leftovers; returns the entry restored into the window, if any.

    Discard removes an entry and asks again about the rest; Later keeps them all for the next
    start; Restore replaces the window's encounter (it has one window, so one restore per
    start; the others wait for the next).
    """
    ask = ask or ask_recovery
    window = saver.window
    while entries := saver.store.entries(is_live):
        choice, index = ask(window, entries)
        if choice is RecoveryChoice.LATER or not 0 <= index < len(entries):
            return None
        entry = entries[index]
        if choice is RecoveryChoice.DISCARD:
            try:
                saver.store.remove(entry.slot)
            except OSError as exc:
                window.log(f"Cannot discard {entry.encounter_file.name}: {_reason(exc)}")
                return None
            continue
        try:
            recovered = saver.store.load(entry)
        except EncounterFileError as exc:
            window.log(f"Cannot restore: {exc}")
            return None
        window.set_encounter(load_saved(entry.original_path) or recovered, entry.original_path)
        restore_encounter(window.session, recovered, initiator=window)
        # Our own slot holds it now; only then is the old one safe to drop.
        if saver.write_now():
            try:
                saver.store.remove(entry.slot)
            except OSError as exc:
                log.warning("Cannot remove %s: %s", entry.encounter_file, exc)
        window.log(f"Restored {recovered.name} (autosaved); save it to keep it.")
        return entry
    return None


def start_autosave(
    window: MainWindow,
    folder: Path | None = None,
    *,
    policy: AutosavePolicy | None = None,
    ask: AskRecovery | None = None,
    offer: bool = True,
) -> Autosaver:
    """Autosave `window` into the recovery folder and offer what earlier runs left there.

    Args:
        window: the app's window.
        folder: the recovery folder (default `default_recovery_folder()`).
        policy: when to write (default: 2 s after the last change, at most 30 s apart).
        ask: shows the recovery dialog (tests pass a stand-in).
        offer: False to autosave without looking for leftovers.
    """
    folder = folder or default_recovery_folder()
    run_id = uuid.uuid4().hex
    store = RecoveryStore(folder, run_id)
    lock = RunLock(folder, run_id)
    saver = Autosaver(window, store, policy)
    saver.run_lock = lock
    if offer:
        offer_recovery(saver, lock.is_live, ask)
    return saver
