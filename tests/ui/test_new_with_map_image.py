"""File > New with an optional map image, from the GM's side (issue 17).

Issue 17: "File → New with grid size, ruleset and an optional map image." The image's width
spans the grid (as File > Import Map Image does); a file Qt cannot read, or an image too
narrow or too wide for the grid, is refused with the reason and the open encounter is kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialog, QFileDialog
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.image_loader import MAX_IMAGE_SIDE
from orcus_desktop.ui.ruleset_actions import NewEncounterDialog
from tests.ui.message_boxes import caught_warnings

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(win)
    return win


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return caught_warnings(monkeypatch, "orcus_desktop.ui.ruleset_actions")


def png(folder: Path, name: str, width: int, height: int) -> Path:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("darkgreen"))
    path = folder / name
    assert image.save(str(path))
    return path


def test_file_new_with_a_map_image_through_to_a_saved_file_that_reopens(
    window: MainWindow, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    cave = png(tmp_path, "cave.png", 1280, 960)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(cave), ""))

    def fill_in(dialog: NewEncounterDialog) -> int:
        dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("alloy-heroes"))
        dialog.columns.setValue(20)
        dialog.rows.setValue(15)
        dialog.image_button.click()  # Choose… (the file dialog answers cave.png)
        assert dialog.problem.text() == ""
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(NewEncounterDialog, "exec", fill_in)
    window.rulesets.new_action.trigger()  # File > New…
    image = window.encounter.map_image
    assert image is not None
    assert Path(image.path).name == "cave.png"
    assert image.pixels_per_square == pytest.approx(64.0)  # 1280 pixels over 20 columns
    assert window.encounter.ruleset_id == "alloy-heroes"
    assert window.session.history.is_clean  # a new encounter: nothing to save yet
    saved = tmp_path / "cave.orcus"
    assert window.save_to(saved)
    assert window.open_file(saved)
    reopened = window.encounter.map_image
    assert reopened is not None
    assert Path(reopened.path).resolve() == cave.resolve()
    assert reopened.pixels_per_square == pytest.approx(64.0)


def test_a_file_that_is_not_an_image_is_refused_in_the_dialog(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = NewEncounterDialog()
    qtbot.add_widget(dialog)
    notes = tmp_path / "notes.png"
    notes.write_text("not a picture", encoding="utf-8")
    assert "notes.png is not an image Qt can read" in dialog.choose_image(notes)
    assert dialog.problem.text().startswith("Map image refused: notes.png is not an image")
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled()
    dialog.image_clear.click()
    assert dialog.image() is None
    assert ok.isEnabled()


def test_an_image_too_narrow_for_the_grid_names_the_columns_that_fit(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = NewEncounterDialog()
    qtbot.add_widget(dialog)
    dialog.columns.setValue(20)
    small = png(tmp_path, "tiny.png", 40, 30)
    problem = dialog.choose_image(small)
    assert "across 20 columns that is 2.0 pixels a square" in problem
    assert "choose 1 to 10 columns" in problem
    dialog.columns.setValue(10)  # the GM follows the advice
    assert dialog.problem.text() == ""


def test_a_huge_image_is_accepted_with_a_note_only_when_it_is_scaled(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """An RGB PNG over 16,384 px is shown at full size in tiles (R-168): no note. A palette
    PNG is still decoded whole and scaled down: the note says so."""
    dialog = NewEncounterDialog()
    qtbot.add_widget(dialog)
    dialog.columns.setValue(1000)
    huge = png(tmp_path, "huge.png", MAX_IMAGE_SIDE + 4000, 8)
    assert dialog.choose_image(huge) == ""
    assert dialog.problem.text() == ""
    palette = QImage(MAX_IMAGE_SIDE + 4000, 8, QImage.Format.Format_Indexed8)
    palette.setColorTable([QColor("darkgreen").rgb()])
    palette.fill(0)
    assert palette.save(str(tmp_path / "palette.png"))
    assert dialog.choose_image(tmp_path / "palette.png") == ""
    assert f"scaled down to {MAX_IMAGE_SIDE} pixels a side" in dialog.problem.text()


def test_new_with_a_bad_image_keeps_the_open_encounter(
    window: MainWindow, tmp_path: Path, warnings: list[str]
) -> None:
    before = window.encounter
    missing = tmp_path / "gone.png"
    assert not window.rulesets.new_encounter("orcus", 20, 15, image=missing)
    assert window.encounter is before
    assert warnings == ["gone.png does not exist."]
