"""Opening a file that takes a while (R-252), as the GM sees it: a progress dialog with Cancel,
a window that keeps repainting, Cancel keeping the open work with its undo history, and no
dialog at all for a small file.

"A big file" here is the real reader made slow: every step of its progress also waits, as a
file of tens of megabytes on a busy machine does (benchmarks/model/bench_big_file.py's "every"
file takes about 10 s to read there).
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Generic, TypeVar

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from orcus_desktop import app as orcus_app
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.model.progress import Progress, tell
from orcus_desktop.model.serialization import (
    ReadEncounter,
    load_encounter,
    read_encounter_file,
    save_encounter,
)
from orcus_desktop.model.uvtt import load_encounter_or_map
from orcus_desktop.ui.main_window import MainWindow
from tests.ui.message_boxes import caught_warnings

T = TypeVar("T")

FILES = "orcus_desktop.ui.file_actions"
OPENING = "orcus_desktop.controller.session.opening"
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LONGEST_WAIT_S = 20.0
"""No test waits longer for the slow read (bounded loops)."""


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    path = tmp_path / "shrine.orcus"
    save_encounter(path, load_encounter(demo_encounter_path()))
    win = MainWindow(load_encounter(path), path)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    return win


@pytest.fixture
def big_file(tmp_path: Path) -> Path:
    path = tmp_path / "big.orcus"
    encounter = load_encounter(demo_encounter_path())
    save_encounter(path, encounter.__class__(encounter.grid, name="Big Cave"))
    return path


class SlowReader(Generic[T]):
    """A real reader, each of its steps taking a while until `finish` is set (or the bound).

    Called as the reader is, its `Progress` last.
    """

    def __init__(self, read: Callable[..., T]) -> None:
        self.read = read
        self.finish = threading.Event()
        self.stopped = threading.Event()

    def __call__(self, *args: Any) -> T:
        progress: Progress = args[-1]
        started = time.monotonic()
        step = 0
        try:
            while not self.finish.is_set() and time.monotonic() - started < LONGEST_WAIT_S:
                tell(progress, "Reading the creatures", min(0.5, step / 100))
                step += 1
                time.sleep(0.02)
        except BaseException:
            self.stopped.set()
            raise
        return self.read(*args)


@pytest.fixture
def slow_reader(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowReader[ReadEncounter]]:
    reader = SlowReader(read_encounter_file)
    monkeypatch.setattr(f"{OPENING}.read_encounter_file", reader)
    yield reader
    reader.finish.set()


def shown_progress() -> QProgressDialog | None:
    return next(
        (
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QProgressDialog) and w.isVisible()
        ),
        None,
    )


def when_progress_shows(then: Callable[[QProgressDialog], None]) -> None:
    """Call `then` with the progress dialog once it shows (polled, bounded)."""
    deadline = time.monotonic() + LONGEST_WAIT_S

    def look() -> None:
        dialog = shown_progress()
        if dialog is not None:
            then(dialog)
        elif time.monotonic() < deadline:
            QTimer.singleShot(50, look)

    QTimer.singleShot(50, look)


class Paints(QObject):
    """Counts the map view's paint events."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.count = 0
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_big_file_shows_its_progress_and_the_window_keeps_repainting(
    window: MainWindow, big_file: Path, slow_reader: SlowReader[ReadEncounter]
) -> None:
    paints = Paints(window)
    seen: dict[str, object] = {}

    def while_reading(dialog: QProgressDialog) -> None:
        seen["label"] = dialog.labelText()
        seen["title"] = dialog.windowTitle()
        seen["has cancel"] = dialog.findChild(QPushButton) is not None
        before = paints.count
        window.view.viewport().update()  # something changed on the map: it must repaint

        def after_repaint() -> None:
            seen["repainted"] = paints.count > before
            slow_reader.finish.set()

        QTimer.singleShot(200, after_repaint)

    when_progress_shows(while_reading)
    assert window.files.open_file(big_file)
    assert seen["title"] == "Open encounter"
    assert "Opening big.orcus" in str(seen["label"])
    assert "Reading the creatures" in str(seen["label"])
    assert seen["has cancel"]
    assert seen["repainted"]
    assert window.encounter.name == "Big Cave"
    assert window.files.path == big_file
    assert shown_progress() is None
    assert "Opened Big Cave from big.orcus." in window.statusBar().currentMessage()


def test_cancel_keeps_the_open_encounter_and_its_undo_history(
    window: MainWindow, big_file: Path, slow_reader: SlowReader[ReadEncounter]
) -> None:
    window.session.run(editing.add_wall, Wall(WallKind.WALL, ((4.0, 2.0), (6.0, 2.0))))
    before, undo_text, path = window.encounter, window.undo_action.text(), window.files.path

    def cancel(dialog: QProgressDialog) -> None:
        # The GM's Ctrl+Z meanwhile is set aside: nothing changes under the read.
        QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        click_cancel(dialog)

    when_progress_shows(cancel)
    assert not window.files.open_file(big_file)
    assert window.encounter is before
    assert window.files.path == path
    assert window.undo_action.isEnabled()
    assert window.undo_action.text() == undo_text
    assert shown_progress() is None
    message = window.statusBar().currentMessage()
    assert message == f"Opening big.orcus cancelled; {before.name} is still open."
    assert slow_reader.stopped.wait(LONGEST_WAIT_S)  # the read itself stopped too
    window.undo_action.trigger()  # the history is whole: the wall goes
    assert len(window.encounter.walls) == len(before.walls) - 1


def test_a_small_file_opens_without_a_dialog(window: MainWindow, big_file: Path) -> None:
    shown: list[QObject] = []

    class Shows(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Show and isinstance(watched, QProgressDialog):
                shown.append(watched)
            return False

    spy = Shows()
    app = QCoreApplication.instance()
    assert app is not None
    app.installEventFilter(spy)
    try:
        assert window.files.open_file(big_file)  # a few hundred bytes
    finally:
        app.removeEventFilter(spy)
    assert window.encounter.name == "Big Cave"
    assert shown == []


def test_a_bad_file_read_in_the_worker_is_one_clear_message(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warnings = caught_warnings(monkeypatch, FILES)
    bad = tmp_path / "bad.orcus"
    bad.write_text('{"format": "orcus-encounter", "version": 1, "grid": 7}', encoding="utf-8")
    before = window.encounter
    assert not window.files.open_file(bad)
    assert warnings == ["bad.orcus: grid: expected an object"]
    assert window.encounter is before


def click_cancel(dialog: QProgressDialog) -> None:
    button = dialog.findChild(QPushButton)
    assert button is not None
    button.click()


def test_a_file_named_at_start_shows_progress_and_cancel_opens_no_window(
    big_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    reader = SlowReader(load_encounter_or_map)
    monkeypatch.setattr(f"{OPENING}.load_encounter_or_map", reader)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # the app sets its own
    app = QCoreApplication.instance()
    assert app is not None
    names = (app.applicationName(), app.organizationName(), app.applicationVersion())
    when_progress_shows(click_cancel)
    try:
        assert orcus_app.main([str(big_file)]) == 0
    finally:
        app.setApplicationName(names[0])
        app.setOrganizationName(names[1])
        app.setApplicationVersion(names[2])
    assert "orcus-desktop: opening big.orcus cancelled" in capsys.readouterr().err
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    assert reader.stopped.wait(LONGEST_WAIT_S)


def test_the_gui_threads_collector_waits_while_a_file_is_read(
    window: MainWindow, big_file: Path, slow_reader: SlowReader[ReadEncounter], qtbot: QtBot
) -> None:
    # collecting the worker's millions of new objects froze the window for seconds.
    collections: list[str] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collections.append("reading" if reading.is_set() else "after")

    reading = threading.Event()
    junk: list[object] = []

    def while_reading(_dialog: QProgressDialog) -> None:
        junk.extend([i] for i in range(5_000))  # far past the collector's threshold
        QTimer.singleShot(600, slow_reader.finish.set)  # two of its ticks and more

    gc.callbacks.append(note)
    try:
        reading.set()
        when_progress_shows(while_reading)
        assert window.files.open_file(big_file)
        reading.clear()
        junk.extend([i] for i in range(5_000))
        qtbot.waitUntil(lambda: "after" in collections, timeout=5_000)
    finally:
        gc.callbacks.remove(note)
    assert "reading" not in collections
