"""The main window as a GM opens it: the demo's map, tokens and walls, docks, menus, files."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.ui.message_boxes import caught_warnings


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    encounter = load_encounter(demo_encounter_path())
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    return win


def test_demo_shows_every_creature_and_wall(window: MainWindow) -> None:
    encounter = window.encounter
    tokens = window.scene.token_items()
    assert set(tokens) == {c.id for c in encounter.creatures}
    assert set(window.scene.drawn_walls()) == {w.id for w in encounter.walls}
    # A large creature's token covers its 2x2 space (000 Table - Size Categories).
    ogre = tokens["ogre"]
    space = window.scene.token_space_rect("ogre")
    assert space is not None
    assert space.width() == pytest.approx(2 * 64)
    assert ogre.shape().boundingRect().width() == pytest.approx(2 * 64 - 4)
    assert ogre.pos().x() == pytest.approx(13 * 64)


def test_docks_and_standard_menus_exist(window: MainWindow) -> None:
    assert set(window.docks) == {"library", "creatures", "initiative", "actions", "log", "dice"}
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus == [
        "&File",
        "&Edit",
        "&View",
        "&Tools",
        "E&ncounter",
        "&Combat",
        "&Window",
        "&Help",
    ]
    assert not window.files.open_action.shortcut().isEmpty()
    assert not window.files.save_action.shortcut().isEmpty()


def test_opening_a_corrupt_file_keeps_the_open_encounter(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = caught_warnings(monkeypatch, "orcus_desktop.ui.file_actions")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    before = window.encounter
    assert window.open_file(bad) is False
    assert window.encounter is before
    assert len(window.scene.token_items()) == len(before.creatures)
    assert len(shown) == 1
    assert "invalid JSON" in shown[0]


def test_save_then_open_round_trips(window: MainWindow, tmp_path: Path) -> None:
    target = tmp_path / "saved.json"
    assert window.save_to(target)
    assert load_encounter(target) == window.encounter
    assert window.open_file(target)
    assert window.path == target


def test_zoom_actions_change_the_view(window: MainWindow) -> None:
    start = window.view.zoom_factor()
    window.zoom_in_action.trigger()
    assert window.view.zoom_factor() > start
    window.zoom_out_action.trigger()
    window.zoom_out_action.trigger()
    assert window.view.zoom_factor() < start
