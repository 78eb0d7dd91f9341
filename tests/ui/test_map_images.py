"""Big map images open (issue 12): Qt's default 256 MB decode limit once made an 8000 x 8000
map fail silently; each image now gets a limit suited to its size, and a side over 16384 pixels
is scaled down to fit. Each is decoded once for every view (issue 33).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QImageReader
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.model.encounter import MapImage
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.image_loader import (
    MAX_IMAGE_SIDE,
    PLAYERS_ART_SIDE,
    players_art,
    read_map_image,
)
from orcus_desktop.ui.map.scene import MapScene


@pytest.fixture
def tight_default_limit() -> Iterator[None]:
    """Qt's default limit scaled down (1 MB) so a small image stands for an 8000 x 8000 one."""
    before = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(1)
    yield
    QImageReader.setAllocationLimit(before)


def _png(tmp_path: Path, width: int, height: int) -> str:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("sienna"))
    path = tmp_path / f"map-{width}x{height}.png"
    assert image.save(str(path))
    return str(path)


@pytest.mark.qt_log_ignore("QImageIOHandler: Rejecting image as it exceeds")
def test_an_image_over_the_default_limit_opens(tmp_path: Path, tight_default_limit: None) -> None:
    path = _png(tmp_path, 1200, 1000)  # 4.6 MB decoded, over the (scaled-down) default limit
    assert QImageReader(path).read().isNull()  # what the map used to get: nothing
    image = read_map_image(path)
    assert (image.width(), image.height()) == (1200, 1000)


def test_a_side_over_16384_pixels_is_scaled_to_fit(tmp_path: Path) -> None:
    image = read_map_image(_png(tmp_path, 20_000, 10))
    assert (image.width(), image.height()) == (MAX_IMAGE_SIDE, 8)


def test_a_corrupt_image_reads_as_null(tmp_path: Path) -> None:
    path = tmp_path / "broken.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    assert read_map_image(str(path)).isNull()


def test_a_corrupt_map_image_is_named_in_the_status_bar(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    broken = tmp_path / "cave.png"
    broken.write_bytes(b"not a picture at all")
    before = window.encounter
    window.session.run(editing.set_map_image, MapImage(str(broken), 100.0))
    expected = (
        "The map image cave.png cannot be shown (missing, corrupt or not an image format Qt "
        "reads); the grid is shown without it."
    )
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == expected)
    assert window.encounter.creatures == before.creatures  # the open work is untouched


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_gm_map_and_the_player_view_share_one_decode_of_the_art(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 33: one copy of the art; the players' view gets it fitted to a screen.

    A 6000 x 300 map: the GM's map shows it whole, the player view fitted within
    PLAYERS_ART_SIDE; a second player view shares the same pixels (no new decode or copy).
    """
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    window.session.run(editing.set_map_image, MapImage(_png(tmp_path, 6000, 300), 100.0))
    window.player_view_action.setChecked(True)
    player = window.player_window
    assert player is not None
    qtbot.waitUntil(lambda: not player.scene.map_pixmap.isNull())
    qtbot.waitUntil(lambda: not window.scene.map_pixmap.isNull())
    assert window.scene.map_pixmap.width() == 6000
    assert player.scene.map_pixmap.width() == PLAYERS_ART_SIDE
    assert abs(player.scene.map_pixmap.height() - 300 * PLAYERS_ART_SIDE / 6000) < 1
    # the art still covers the same map: the players' rect is the GM's
    assert player.scene.map_image_rect == window.scene.map_image_rect
    again = MapScene(window.session.document, gm=False)
    qtbot.waitUntil(lambda: not again.map_pixmap.isNull())
    assert again.map_pixmap.cacheKey() == player.scene.map_pixmap.cacheKey()


def test_art_that_fits_a_screen_is_the_same_pixels_for_the_players(tmp_path: Path) -> None:
    full = read_map_image(_png(tmp_path, 800, 600))
    assert players_art(full).cacheKey() == full.cacheKey()
