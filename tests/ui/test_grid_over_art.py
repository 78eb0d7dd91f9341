"""A grid that stays readable over any art (issue 31 item 3, docs/rulings.md R-160).

"The faint grid competes with the floor art (about two bricks a square), so counting squares
is harder than it should be." By default the grid now follows the map art the GM imports:
light lines over a dark cave, dark lines over a bright meadow, stronger over busy art; the
GM's pick in View > Grid Contrast and the Map Grid dialog's colour and opacity still win.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.model.encounter import MapImage
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.grid_tone import MIN_LINE_CONTRAST, art_tone, luminance
from orcus_desktop.ui.screens import app_settings
from orcus_desktop.ui.window_prefs import CONTRAST_KEY, GridContrast
from tests.ui.test_player_view import open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def plain_art(tmp_path: Path, name: str, colour: QColor) -> str:
    image = QImage(400, 400, QImage.Format.Format_RGB32)
    image.fill(colour)
    path = tmp_path / f"{name}.png"
    assert image.save(str(path))
    return str(path)


def brick_art(tmp_path: Path, dark: QColor, light: QColor) -> str:
    """Bricks of two tones, about two a square (100 px squares), as the GM's floor art."""
    image = QImage(400, 400, QImage.Format.Format_RGB32)
    image.fill(light)
    painter = QPainter(image)
    for row in range(0, 400, 25):
        shift = 25 if row % 50 else 0
        for col in range(-50, 400, 50):
            painter.fillRect(col + shift, row, 46, 22, dark)
    painter.end()
    path = tmp_path / "bricks.png"
    assert image.save(str(path))
    return str(path)


def open_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    return window


def show_art(qtbot: QtBot, window: MainWindow, path: str) -> QImage:
    assert window.session.run(editing.set_map_image, MapImage(path, 100.0)).ok
    qtbot.waitUntil(lambda: not window.scene.map_pixmap.isNull())
    return window.scene.map_pixmap


def line_contrast(window: MainWindow, art: QColor) -> float:
    """How far a grid line drawn over plain `art` lies from it in brightness."""
    line = window.scene.grid_colour
    over = luminance(art) + line.alphaF() * (luminance(line) - luminance(art))
    return abs(over - luminance(art))


@pytest.mark.parametrize(
    "art",
    ["#000000", "#1b1a22", "#4a4038", "#7f7f7f", "#8a7a5c", "#c8c0a8", "#ffffff"],
)
def test_by_default_the_grid_stands_out_over_plain_art_of_any_brightness(
    qtbot: QtBot, tmp_path: Path, art: str
) -> None:
    window = open_window(qtbot)
    assert window.grid_contrast.actions[GridContrast.AUTOMATIC].isChecked()
    show_art(qtbot, window, plain_art(tmp_path, "floor", QColor(art)))
    assert line_contrast(window, QColor(art)) >= MIN_LINE_CONTRAST - 0.01
    window.close()


def test_light_lines_over_a_dark_cave_and_dark_lines_over_a_bright_meadow(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = open_window(qtbot)
    show_art(qtbot, window, plain_art(tmp_path, "cave", QColor("#15131a")))
    assert window.scene.grid_colour.lightness() > 200
    show_art(qtbot, window, plain_art(tmp_path, "meadow", QColor("#d8e6b0")))
    assert window.scene.grid_colour.lightness() < 60
    window.close()


def test_busy_art_gets_a_stronger_grid_than_plain_art_of_the_same_brightness(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dark, light = QColor("#6b5a48"), QColor("#c9b79c")
    window = open_window(qtbot)
    bricks = show_art(qtbot, window, brick_art(tmp_path, dark, light))
    busy = window.scene.grid_colour.alphaF()
    tone = art_tone(bricks)
    assert tone is not None
    grey = round(tone.brightness * 255)
    show_art(qtbot, window, plain_art(tmp_path, "plain", QColor(grey, grey, grey)))
    assert window.scene.grid_colour.alphaF() < busy
    window.close()


def test_the_gms_pick_and_the_map_grid_colour_override_the_art(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = open_window(qtbot)
    show_art(qtbot, window, plain_art(tmp_path, "cave", QColor("#15131a")))
    players = open_player_view(window)
    assert players.scene.grid_colour == window.scene.grid_colour  # the table sees it too
    # The GM picks Strong: it stays, whatever the art.
    window.grid_contrast.actions[GridContrast.STRONG].trigger()
    strong = window.scene.grid_colour
    show_art(qtbot, window, plain_art(tmp_path, "meadow", QColor("#d8e6b0")))
    assert window.scene.grid_colour == strong
    saved = QSettings(app_settings().fileName(), QSettings.Format.IniFormat)
    assert saved.value(CONTRAST_KEY) == "strong"
    # Back to Automatic; then the Map Grid dialog's colour and opacity slider win over it.
    window.grid_contrast.actions[GridContrast.AUTOMATIC].trigger()
    assert window.scene.grid_colour.lightness() < 60  # the meadow's dark lines
    window.map_settings.apply(QColor(200, 30, 30), 0.5)
    assert not any(a.isChecked() for a in window.grid_contrast.actions.values())
    show_art(qtbot, window, plain_art(tmp_path, "cave2", QColor("#15131a")))
    assert window.scene.grid_colour.rgb() == QColor(200, 30, 30).rgb()
    assert abs(window.scene.grid_colour.alphaF() - 0.5) < 0.01
    assert players.scene.grid_colour == window.scene.grid_colour
    players.close()
    window.close()
