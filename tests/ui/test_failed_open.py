"""A failed open while the player view is open (issue 12): both views keep showing the same
encounter, its undo history is intact, and Ctrl+S saves that work to its own file only.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.player_window import PlayerWindow
from tests.ui.message_boxes import answer_questions, caught_warnings
from tests.ui.test_player_fog import settle
from tests.ui.test_player_view import open_player_view, render

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TRAP = "Trap"
"""The name of the encounter whose showing fails in the players' view."""


@pytest.fixture
def saved_file(tmp_path: Path) -> Path:
    path = tmp_path / "shrine.orcus"
    save_encounter(path, load_encounter(demo_encounter_path()))
    return path


@pytest.fixture
def window(qtbot: QtBot, saved_file: Path) -> MainWindow:
    win = MainWindow(load_encounter(saved_file), saved_file)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    return win


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return caught_warnings(monkeypatch, "orcus_desktop.ui.file_actions")


def choose_in_open_dialog(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args, **_kw: (str(path), ""))


def draw_a_wall(window: MainWindow) -> None:
    window.session.run(editing.add_wall, Wall(WallKind.WALL, ((4.0, 2.0), (6.0, 2.0))))
    assert window.undo_action.isEnabled()


def work_with_a_wall_drawn(window: MainWindow) -> tuple[PlayerWindow, str, str, QImage]:
    """The GM's work before an open: the Player view open, a wall just drawn (undoable).

    Returns the players' window and what a failed open must leave as it is: the encounter's
    name, the Undo entry, the players' picture.
    """
    players = open_player_view(window)
    draw_a_wall(window)
    settle()
    return players, window.encounter.name, window.undo_action.text(), render(players.scene)


def assert_same_work(window: MainWindow, *, encounter_name: str, undo_text: str) -> None:
    players = window.player_window
    assert players is not None
    assert window.encounter.name == encounter_name
    assert players.scene.document.encounter is window.encounter
    walls = {entry.id for entry in window.encounter.walls}
    assert set(window.scene.drawn_walls()) == walls
    assert set(players.scene.drawn_walls()) == walls
    assert window.undo_action.isEnabled()
    assert window.undo_action.text() == undo_text


def test_an_unreadable_file_leaves_both_views_and_the_history_as_they_were(
    window: MainWindow,
    saved_file: Path,
    tmp_path: Path,
    warnings: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    players, name, undo_text, before = work_with_a_wall_drawn(window)
    bad = tmp_path / "bad.orcus"
    bad.write_text('{"format": "orcus-encounter", "creatures": [', encoding="utf-8")
    choose_in_open_dialog(monkeypatch, bad)
    window.files.open_action.trigger()  # Ctrl+O
    settle()
    assert len(warnings) == 1
    assert_same_work(window, encounter_name=name, undo_text=undo_text)
    assert render(players.scene) == before
    window.undo_action.trigger()  # the wall drawn before the failed open goes again
    assert set(players.scene.drawn_walls()) == {e.id for e in window.encounter.walls}
    window.redo_action.trigger()
    window.files.save_action.trigger()  # Ctrl+S: to the open work's own file
    assert load_encounter(saved_file) == window.encounter
    assert bad.read_text(encoding="utf-8") == '{"format": "orcus-encounter", "creatures": ['


def test_a_file_the_player_view_fails_to_show_leaves_the_old_work_everywhere(
    window: MainWindow,
    saved_file: Path,
    tmp_path: Path,
    warnings: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The players' fog breaks on one encounter, after the GM's map already shows it.
    rebuild = PlayerFog.rebuild

    def breaking_rebuild(fog: PlayerFog) -> None:
        if fog._scene.document.encounter.name == TRAP:
            raise RuntimeError("the players' view broke")
        rebuild(fog)

    monkeypatch.setattr(PlayerFog, "rebuild", breaking_rebuild)
    players, name, undo_text, before = work_with_a_wall_drawn(window)
    trap = tmp_path / "trap.orcus"
    save_encounter(trap, replace(load_encounter(saved_file), name=TRAP, walls=()))
    trap_bytes = trap.read_bytes()
    choose_in_open_dialog(monkeypatch, trap)
    # unsaved changes: the GM says Discard, and the open still fails
    answer_questions(
        monkeypatch, "orcus_desktop.ui.file_actions", QMessageBox.StandardButton.Discard
    )
    window.files.open_action.trigger()  # Ctrl+O
    settle()
    assert len(warnings) == 1
    assert "trap.orcus could not be shown" in warnings[0]
    assert f"{name} is still open, with its undo history" in warnings[0]
    assert_same_work(window, encounter_name=name, undo_text=undo_text)
    assert window.files.path == saved_file
    assert TRAP not in window.windowTitle()
    assert window.isWindowModified()  # the drawn wall is still unsaved: "*" in the title
    assert render(players.scene) == before
    # Ctrl+S writes the open work to its own file; the trap file is untouched.
    window.files.save_action.trigger()
    assert load_encounter(saved_file) == window.encounter
    assert trap.read_bytes() == trap_bytes
    window.undo_action.trigger()
    assert set(players.scene.drawn_walls()) == {e.id for e in window.encounter.walls}
