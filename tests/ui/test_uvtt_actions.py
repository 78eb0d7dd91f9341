"""File > Import Map… and Export Map… as the GM uses them (issue 18): one undo step, replace or
merge, cancel, a summary, and an export that reads back the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing.map_import import ImportMode
from orcus_desktop.geometry.features import WallKind
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.uvtt import load_encounter_or_map
from orcus_desktop.ui import uvtt_actions
from orcus_desktop.ui.main_window import MainWindow
from tests.ui.message_boxes import caught_warnings
from tests.uvtt_files import corridor_map, write_map

UI = "orcus_desktop.ui.uvtt_actions"
PROGRESS = "orcus_desktop.ui.progress"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    win = MainWindow(Encounter(GridBounds(6, 6), name="Empty room"), None)
    qtbot.add_widget(win)
    return win


def _import_menu_action(window: MainWindow) -> uvtt_actions.UvttActions:
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    texts = [a.text() for a in file_menu.actions()]
    assert "Import &Map (Universal VTT)…" in texts
    assert "E&xport Map (Universal VTT)…" in texts
    return window.map_files


def test_file_import_map_is_one_undo_step_with_a_summary(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_map(tmp_path / "keep.dd2vtt", corridor_map((4, 2)))
    monkeypatch.setattr(f"{UI}.QFileDialog.getOpenFileName", lambda *a, **k: (str(path), ""))
    actions = _import_menu_action(window)
    before = window.encounter
    actions.import_action.trigger()
    after = window.encounter
    assert len(after.walls) == 3
    assert after.grid == GridBounds(10, 8)
    assert after.map_image is not None
    stored = Path(after.map_image.path)
    assert stored.parent == tmp_path / "data" / "maps"  # no encounter file yet
    assert set(window.scene.drawn_walls()) == {w.id for w in after.walls}
    message = window.statusBar().currentMessage()
    # issue 20: the file's two lights lie at world (1.5, 1.5), left of this cropped map
    assert message == (
        "Imported keep.dd2vtt: 2 walls, 1 door, ambient light dark, 2 lights off the map skipped."
    )
    assert window.undo_action.text().endswith("Import map keep")
    window.undo_action.trigger()
    assert window.encounter == before
    assert window.scene.drawn_walls() == {}


def test_the_gm_chooses_merge_and_can_cancel(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_map(tmp_path / "keep.dd2vtt", corridor_map())
    assert window.map_files.import_file(path, ImportMode.REPLACE) is not None
    first = window.encounter
    answers: list[ImportMode | None] = [None, ImportMode.MERGE]
    monkeypatch.setattr(uvtt_actions, "ask_import_mode", lambda _parent, _name: answers.pop(0))
    assert window.map_files.import_file(path) is None  # cancelled: the map has walls, it asked
    assert window.encounter == first
    result = window.map_files.import_file(path)
    assert result is not None
    assert result.ok
    assert len(window.encounter.walls) == 2 * len(first.walls)


def test_cancelling_the_progress_leaves_nothing_behind(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_map(tmp_path / "keep.dd2vtt", corridor_map())
    monkeypatch.setattr(
        "orcus_desktop.ui.progress.QProgressDialog.wasCanceled", lambda _self: True
    )
    before = window.encounter
    assert window.map_files.import_file(path, ImportMode.REPLACE) is None
    assert window.encounter == before
    assert not window.session.history.can_undo
    assert not (tmp_path / "data" / "maps").exists()
    assert "cancelled; nothing changed" in window.statusBar().currentMessage()


def test_a_bad_file_is_one_message_and_changes_nothing(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = caught_warnings(monkeypatch, f"{UI}")
    data = corridor_map()
    data["line_of_sight"][0][0] = {"x": 350, "y": 0}  # pixels, not squares
    path = write_map(tmp_path / "bad.dd2vtt", data)
    before = window.encounter
    assert window.map_files.import_file(path, ImportMode.REPLACE) is None
    assert window.encounter == before
    assert len(shown) == 1
    assert "far outside" in shown[0]


def test_export_then_import_gives_the_same_map(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write_map(tmp_path / "keep.dd2vtt", corridor_map((2.5, 1.0), door_closed=False))
    assert window.map_files.import_file(source, ImportMode.REPLACE) is not None
    target = tmp_path / "out.uvtt"
    monkeypatch.setattr(f"{UI}.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    window.map_files.export_action.trigger()
    again = load_encounter_or_map(target, tmp_path / "again")
    mine = window.encounter
    assert again.grid == mine.grid
    assert sorted((w.wall.kind, w.wall.points, w.wall.is_open) for w in again.walls) == sorted(
        (w.wall.kind, w.wall.points, w.wall.is_open) for w in mine.walls
    )
    assert any(w.wall.kind is WallKind.DOOR and w.wall.is_open for w in again.walls)


def test_a_jpeg_map_image_is_exported_as_png(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QColor, QImage

    art = QImage(120, 90, QImage.Format.Format_RGB32)
    art.fill(QColor("navy"))
    jpeg = tmp_path / "art.jpg"
    assert art.save(str(jpeg))
    window.files.import_map_image(jpeg, 20.0)
    target = tmp_path / "out.uvtt"
    assert window.map_files.export_file(target)
    again = load_encounter_or_map(target, tmp_path / "again")
    assert again.map_image is not None
    assert again.map_image.path.endswith(".png")
    assert again.map_image.pixels_per_square == pytest.approx(20.0)
    assert again.grid == window.encounter.grid
