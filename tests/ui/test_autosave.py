"""Autosave and recovery as the GM meets them: a crash, a power cut, a closed lid."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.files.autosave import AutosavePolicy, RecoveryEntry, RecoveryStore
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.ui.autosave import (
    Autosaver,
    RecoveryChoice,
    RecoveryDialog,
    describe_entry,
    start_autosave,
)
from orcus_desktop.ui.main_window import MainWindow
from tests.conftest import REPO_ROOT
from tests.ui.message_boxes import answer_questions

FAST = {"debounce": 0.05, "max_wait": 0.5, "retry": 0.05}


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # Never the GM's real folder: the app's own override points at the test's tmp_path.
    folder = tmp_path / "data"
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(folder))
    return folder / "autosave"


@pytest.fixture
def saved_path(tmp_path: Path) -> Path:
    path = tmp_path / "shrine.json"
    save_encounter(path, load_encounter(demo_encounter_path()))
    return path


Ask = Callable[[object, Sequence[RecoveryEntry]], tuple[RecoveryChoice, int]]


class Asked:
    """A stand-in for the recovery dialog: records what it was shown, answers from a script."""

    def __init__(self, *answers: tuple[RecoveryChoice, int]) -> None:
        self.answers = list(answers)
        self.shown: list[list[RecoveryEntry]] = []

    def __call__(
        self, _parent: object, entries: Sequence[RecoveryEntry]
    ) -> tuple[RecoveryChoice, int]:
        self.shown.append(list(entries))
        return self.answers.pop(0) if self.answers else (RecoveryChoice.LATER, 0)


@pytest.fixture
def open_window(
    qtbot: QtBot, data_dir: Path, saved_path: Path
) -> Callable[..., tuple[MainWindow, Autosaver]]:
    """Open the saved encounter in a window that autosaves fast (what the app does)."""

    def open_one(
        ask: Ask | None = None, path: Path | None = saved_path, *, crashes: bool = False
    ) -> tuple[MainWindow, Autosaver]:
        encounter = load_encounter(path) if path else load_encounter(demo_encounter_path())
        window = MainWindow(encounter, path)
        if not crashes:  # a window that will "crash" is deleted by the test, not closed
            qtbot.add_widget(window)
        saver = start_autosave(window, policy=AutosavePolicy(**FAST), ask=ask or Asked())
        return window, saver

    return open_one


def _move(window: MainWindow) -> None:
    result = window.session.move_creature("brakka", Square(5, 6), initiator=None)
    assert result.ok, result.reason


def _fight(window: MainWindow) -> None:
    """A few real steps: initiative, the combat started, a move: state a crash must not lose."""
    session = window.session
    assert session.run(initiative.roll_initiative).ok
    assert session.run(initiative.start_combat).ok
    current = session.encounter.combat.current
    assert current is not None
    creature = session.encounter.creature(current)
    for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        target = Square(creature.square.col + step[0], creature.square.row + step[1])
        if session.move_creature(current, target).ok:
            break
    assert session.encounter.combat.log


def _autosaved(saver: Autosaver) -> bool:
    """The recovery file is written and holds every change so far."""
    return saver.recovery_file.exists() and not saver.busy and not saver.policy.pending


def _move_and_wait_for_the_autosave(window: MainWindow, saver: Autosaver, qtbot: QtBot) -> None:
    """The GM moves Brakka; the recovery file is written after the debounce."""
    _move(window)
    qtbot.wait_until(lambda: _autosaved(saver), timeout=3000)


def _crash(window: MainWindow, saver: Autosaver) -> None:
    """The process dies: no close event, no clean-up; the OS drops its lock file."""
    assert saver.run_lock is not None
    saver.run_lock.release()
    shiboken6.delete(window)


def test_a_change_leads_to_a_recovery_file_after_the_debounce(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], qtbot: QtBot, saved_path: Path
) -> None:
    window, saver = open_window()
    assert not saver.recovery_file.exists()
    _move(window)
    assert not saver.recovery_file.exists()  # not inside the drag: after the debounce
    qtbot.wait_until(lambda: _autosaved(saver), timeout=3000)
    assert load_encounter(saver.recovery_file) == window.encounter
    [entry] = RecoveryStore(saver.store.folder, "someone-else").entries()
    assert entry.original_path == saved_path
    assert entry.name == window.encounter.name


def test_save_removes_the_recovery_file(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], qtbot: QtBot, tmp_path: Path
) -> None:
    window, saver = open_window()
    _move_and_wait_for_the_autosave(window, saver, qtbot)
    assert window.save_to(tmp_path / "saved-again.json")
    assert not saver.recovery_file.exists()
    assert not saver.store.sidecar_file(saver.slot).exists()


def test_undo_back_to_the_saved_state_removes_it(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], qtbot: QtBot
) -> None:
    window, saver = open_window()
    _move_and_wait_for_the_autosave(window, saver, qtbot)
    window.undo_action.trigger()
    assert window.session.history.is_clean
    assert not saver.recovery_file.exists()


def test_discard_on_close_removes_it(
    open_window: Callable[..., tuple[MainWindow, Autosaver]],
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, saver = open_window()
    _move_and_wait_for_the_autosave(window, saver, qtbot)
    answer_questions(
        monkeypatch, "orcus_desktop.ui.file_actions", QMessageBox.StandardButton.Discard
    )
    window.quit_action.trigger()
    assert not window.isVisible()
    assert not saver.recovery_file.exists()
    assert not any(saver.store.folder.glob("*.lock"))  # the run let go of its lock


def test_cancel_keeps_the_window_and_the_recovery_file(
    open_window: Callable[..., tuple[MainWindow, Autosaver]],
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, saver = open_window()
    _move_and_wait_for_the_autosave(window, saver, qtbot)
    answer_questions(
        monkeypatch, "orcus_desktop.ui.file_actions", QMessageBox.StandardButton.Cancel
    )
    with qtbot.assert_not_emitted(window.closed):
        window.quit_action.trigger()
    assert saver.recovery_file.exists()
    # Still autosaving: the next change reaches the file too.
    assert window.session.run(editing.update_creature, "brakka", hidden=True).ok
    qtbot.wait_until(
        lambda: _autosaved(saver) and load_encounter(saver.recovery_file) == window.encounter
    )


def test_a_close_that_asks_nothing_keeps_unsaved_work_for_the_next_start(
    open_window: Callable[..., tuple[MainWindow, Autosaver]],
) -> None:
    # The desktop session ending closes the window from code: nothing is asked, so the
    # work is written at once (not after the debounce) and offered at the next start.
    window, saver = open_window()
    _move(window)
    window.close()
    assert load_encounter(saver.recovery_file) == window.encounter
    asked = Asked()
    open_window(ask=asked)
    assert [e.slot for e in asked.shown[0]] == [saver.slot]


def test_a_clean_close_leaves_nothing(
    open_window: Callable[..., tuple[MainWindow, Autosaver]],
) -> None:
    window, saver = open_window()
    window.close()
    assert list(saver.store.folder.iterdir()) == []


def test_a_crash_leaves_the_file_and_restore_brings_back_the_exact_fight(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], qtbot: QtBot, saved_path: Path
) -> None:
    window, saver = open_window(crashes=True)
    _fight(window)
    qtbot.wait_until(lambda: _autosaved(saver), timeout=3000)
    before: Encounter = window.encounter
    old_slot = saver.slot
    _crash(window, saver)
    assert saver.store.encounter_file(old_slot).exists()

    asked = Asked((RecoveryChoice.RESTORE, 0))
    restored, new_saver = open_window(ask=asked)
    [entries] = asked.shown
    assert [(e.slot, e.original_path, e.name) for e in entries] == [
        (old_slot, saved_path, before.name)
    ]
    assert restored.encounter == before  # combat state, rolls and the log included
    assert restored.encounter.combat.active
    assert restored.path == saved_path
    assert not restored.session.history.is_clean
    assert restored.windowTitle().startswith(f"{before.name} (shrine.json)[*]")
    assert restored.isWindowModified()  # Qt shows the "[*]" as "*"
    # The restored window's own slot holds it; the crashed run's slot is gone.
    assert load_encounter(new_saver.recovery_file) == before
    assert not saver.store.encounter_file(old_slot).exists()
    # Undo goes back to the file as saved.
    restored.undo_action.trigger()
    assert restored.encounter == load_encounter(saved_path)


def test_a_never_saved_encounter_restores_unsaved_with_no_path(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], qtbot: QtBot
) -> None:
    window, saver = open_window(path=None, crashes=True)
    _move_and_wait_for_the_autosave(window, saver, qtbot)
    before = window.encounter
    _crash(window, saver)
    restored, _ = open_window(ask=Asked((RecoveryChoice.RESTORE, 0)), path=None)
    assert restored.encounter == before
    assert restored.path is None
    assert not restored.session.history.is_clean


def test_later_keeps_every_file_and_discard_removes_one(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], qtbot: QtBot
) -> None:
    slots = []
    for _ in range(2):
        window, saver = open_window(crashes=True)
        _move(window)
        qtbot.wait_until(partial(_autosaved, saver), timeout=3000)
        slots.append(saver.slot)
        _crash(window, saver)
    later = Asked((RecoveryChoice.LATER, 0))
    window, saver = open_window(ask=later)
    assert len(later.shown) == 1
    assert sorted(e.slot for e in later.shown[0]) == sorted(slots)
    assert window.session.history.is_clean  # nothing restored
    window.close()

    discard = Asked((RecoveryChoice.DISCARD, 0), (RecoveryChoice.LATER, 0))
    open_window(ask=discard)
    kept = discard.shown[1]
    assert len(kept) == 1
    gone = next(e for e in discard.shown[0] if e.slot != kept[0].slot)
    assert not gone.encounter_file.exists()
    assert kept[0].encounter_file.exists()


def test_a_running_copy_of_the_app_keeps_its_own_slot(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], qtbot: QtBot
) -> None:
    # Its lock is held (here by this very process): its work is not a leftover.
    window, saver = open_window()
    _move_and_wait_for_the_autosave(window, saver, qtbot)
    asked = Asked()
    open_window(ask=asked)
    assert asked.shown == []


def test_a_failed_autosave_says_so_once_and_retries(
    open_window: Callable[..., tuple[MainWindow, Autosaver]],
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, saver = open_window()
    real_write = saver.store.write
    failures: list[int] = []

    def flaky(*args: object, **kwargs: object) -> None:
        if len(failures) < 3:
            failures.append(1)
            raise OSError(28, "No space left on device")
        real_write(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(saver.store, "write", flaky)
    messages: list[str] = []
    window.statusBar().messageChanged.connect(lambda text: messages.append(text))
    _move_and_wait_for_the_autosave(window, saver, qtbot)
    assert len(failures) == 3
    assert [m for m in messages if "Autosave" in m] == [
        "Autosave failed (No space left on device); trying again shortly",
        "Autosave works again",
    ]


def test_the_dialog_lists_name_path_and_time(
    qtbot: QtBot, tmp_path: Path, saved_path: Path
) -> None:
    store = RecoveryStore(tmp_path, "old")
    encounter = load_encounter(saved_path)
    store.write(store.new_slot(), encounter, saved_path, datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    [entry] = RecoveryStore(tmp_path, "new").entries()
    line = describe_entry(entry)
    assert encounter.name in line
    assert str(saved_path) in line
    assert "2026-01-0" in line
    dialog = RecoveryDialog([entry])
    qtbot.add_widget(dialog)
    assert dialog.list.count() == 1
    dialog.discard_button.click()
    assert dialog.choice is RecoveryChoice.DISCARD


def test_a_real_crash_is_offered_at_the_next_start(
    open_window: Callable[..., tuple[MainWindow, Autosaver]], data_dir: Path, saved_path: Path
) -> None:
    # Another process autosaves and dies (os._exit: no clean-up, its lock left behind).
    expected = data_dir.parent / "expected.json"
    script = textwrap.dedent(
        f"""
        import os, sys
        from pathlib import Path
        from PySide6.QtWidgets import QApplication
        from orcus_desktop.controller.files.autosave import AutosavePolicy
        from orcus_desktop.model.serialization import load_encounter, save_encounter
        from orcus_desktop.ui.autosave import start_autosave
        from orcus_desktop.ui.main_window import MainWindow
        from tests.ui.test_autosave import _fight
        app = QApplication([])
        path = Path({str(saved_path)!r})
        window = MainWindow(load_encounter(path), path)
        saver = start_autosave(window, policy=AutosavePolicy(debounce=0.01), offer=False)
        _fight(window)
        while saver.policy.pending or saver.busy:
            app.processEvents()
        save_encounter({str(expected)!r}, window.encounter)
        os._exit(3)
        """
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 3, result.stderr
    assert any(data_dir.glob("*.lock"))  # the dead run's lock is still there

    asked = Asked((RecoveryChoice.RESTORE, 0))
    restored, _ = open_window(ask=asked)
    assert len(asked.shown) == 1
    assert restored.encounter == load_encounter(expected)
    assert restored.path == saved_path


def test_headless_modes_never_touch_the_recovery_folder(data_dir: Path, saved_path: Path) -> None:
    store = RecoveryStore(data_dir, "crashed")
    store.write(store.new_slot(), load_encounter(saved_path), saved_path, datetime.now(UTC))
    before = sorted(p.name for p in data_dir.iterdir())
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for args in (["--smoke-test"], ["--screenshot", str(data_dir.parent / "x.png")]):
        result = subprocess.run(
            [sys.executable, "-m", "orcus_desktop", *args],
            cwd=REPO_ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in data_dir.iterdir()) == before
