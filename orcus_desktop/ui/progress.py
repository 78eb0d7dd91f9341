"""A long read with a progress dialog and Cancel (R-252): the one home of that dialog.

Two ways to use it, both with the same dialog (`progress_dialog`: window-modal, Cancel, shown
only once the work has taken `SHOW_AFTER_MS`, so a small file opens without a flash):

- `dialog_progress`: the work runs in the GUI thread and reports through the returned
  `Progress`; each report lets the modal dialog process events (Import Map).
- `run_in_worker`: the Qt-free work runs in a worker thread while the GUI thread keeps
  processing events, so the window repaints (File > Open). The worker never touches a Qt
  object: it writes how far it is into a plain `_Shared` that the GUI thread reads on a timer.
  Until the work ends the GM's clicks and keys to every other window are set aside (the
  dialog, once shown, is window-modal anyway), so nothing changes the encounter meanwhile, and
  the GUI thread's cycle collector pauses (R-253: collecting the millions of objects a big
  file's reading makes froze the window for a second at a time).

Cancel stops the waiting at once: the caller gets `ReadCancelledError` and keeps what it had;
the worker stops at its next report and its work is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import nullcontext
from typing import Final, Generic, TypeVar, cast

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from orcus_desktop.model.progress import Progress, ReadCancelledError
from orcus_desktop.ui.gui_thread_gc import gui_thread_collector

T = TypeVar("T")

PROGRESS_STEPS: Final = 1000
"""The dialog's bar counts to this."""
SHOW_AFTER_MS: Final = 400
"""Work done sooner shows no dialog at all."""
QUICK_WAIT_S: Final = 0.1
"""The worker is first waited for this long without processing events: a small file then opens
with no event processed in between, as it did before."""
POLL_MS: Final = 30
"""How often the GUI thread reads the worker's progress."""

_INPUT_EVENTS: Final = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.MouseMove,
        QEvent.Type.Wheel,
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.Shortcut,
        QEvent.Type.ShortcutOverride,
        QEvent.Type.ContextMenu,
        QEvent.Type.TouchBegin,
        QEvent.Type.TouchUpdate,
        QEvent.Type.TouchEnd,
        QEvent.Type.DragEnter,
        QEvent.Type.DragMove,
        QEvent.Type.Drop,
        QEvent.Type.Close,
    }
)
"""What the GM does to a window: set aside while a read runs (a Close too, so the window is not
closed under the read; the GM can Cancel first)."""


def progress_dialog(parent: QWidget | None, title: str, label: str) -> QProgressDialog:
    """The progress dialog with Cancel, window-modal, shown after `SHOW_AFTER_MS`."""
    dialog = QProgressDialog(label, "Cancel", 0, PROGRESS_STEPS, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)  # starts the clock: without it the dialog would show after Qt's 4 s
    return dialog


def dialog_progress(dialog: QProgressDialog) -> Progress:
    """A `Progress` for work in the GUI thread, answering False once the GM pressed Cancel.

    Each report updates `dialog` and lets it process events (it is modal).
    """

    def report(label: str, done: float) -> bool:
        dialog.setLabelText(label)
        dialog.setValue(round(done * PROGRESS_STEPS))  # a modal dialog processes events here
        return not dialog.wasCanceled()

    return report


class _Shared(Generic[T]):
    """What the worker and the GUI thread share: plain Python, never a Qt object."""

    def __init__(self) -> None:
        self.label = ""
        self.done = 0.0
        self.cancelled = threading.Event()
        self.finished = threading.Event()
        self.result: T | None = None
        self.error: BaseException | None = None

    def report(self, label: str, done: float) -> bool:
        """The worker's `Progress`: remembered for the GUI thread to show."""
        self.label, self.done = label, done
        return not self.cancelled.is_set()

    def run(self, work: Callable[[Progress], T]) -> None:
        try:
            self.result = work(self.report)
        except BaseException as exc:  # handed to the GUI thread, raised there
            self.error = exc
        finally:
            self.finished.set()


def run_in_worker(
    parent: QWidget | None, title: str, heading: str, work: Callable[[Progress], T]
) -> T:
    """Run the Qt-free `work` in a worker thread, with the progress dialog, and return its result.

    Args:
        parent: the window the dialog belongs to (None: the app has no window yet).
        title: the dialog's title ("Open encounter").
        heading: the dialog's first line ("Opening cave.orcus"); the work's report follows it.
        work: called in the worker thread with a `Progress`; it must not touch Qt.

    Raises:
        ReadCancelledError: the GM pressed Cancel (or the app quit) before the work ended.
        Exception: whatever `work` raised, raised again here.
    """
    shared: _Shared[T] = _Shared()
    worker = threading.Thread(target=shared.run, args=(work,), name="orcus-read", daemon=True)
    collector = gui_thread_collector(QCoreApplication.instance())
    with collector.paused() if collector is not None else nullcontext():
        worker.start()
        if not shared.finished.wait(QUICK_WAIT_S):
            _wait_with_dialog(parent, title, heading, shared)
    if not shared.finished.is_set():
        shared.cancelled.set()  # the worker stops at its next report; its work is dropped
        raise ReadCancelledError(heading)
    if shared.error is not None:
        raise shared.error
    return cast(T, shared.result)  # set: the work ended without an error


def _wait_with_dialog(
    parent: QWidget | None, title: str, heading: str, shared: _Shared[T]
) -> None:
    """Process events (the windows repaint) until the work ends or the GM cancels."""
    dialog = progress_dialog(parent, title, heading)
    loop = QEventLoop()
    hands_off = _SetAside(dialog)
    dialog.canceled.connect(loop.quit)

    def poll() -> None:
        if shared.finished.is_set():
            loop.quit()
            return
        dialog.setLabelText(f"{heading}\n{shared.label}" if shared.label else heading)
        if dialog.isVisible():  # before it shows, setValue would process events itself
            dialog.setValue(round(shared.done * PROGRESS_STEPS))

    timer = QTimer()
    timer.setInterval(POLL_MS)
    timer.timeout.connect(poll)
    timer.start()
    try:
        loop.exec()
    finally:
        timer.stop()
        hands_off.release()
        dialog.close()
        dialog.deleteLater()


class _SetAside(QObject):
    """Sets aside the GM's input to every window but the dialog, while installed."""

    def __init__(self, dialog: QProgressDialog) -> None:
        super().__init__()
        self._dialog = dialog
        self._app = QCoreApplication.instance()
        if self._app is not None:
            self._app.installEventFilter(self)

    def release(self) -> None:
        if self._app is not None:
            self._app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in _INPUT_EVENTS or self._belongs_to_dialog(watched):
            return False
        event.ignore()
        return True

    def _belongs_to_dialog(self, watched: QObject) -> bool:
        if isinstance(watched, QWidget):
            return watched.window() is self._dialog
        return watched is self._dialog.windowHandle()
