"""Big maps of any kind are never whole in the app: the art cache (docs/rulings.md R-262, R-263).

From the GM's side: a battle map bought as a progressive JPEG, a WebP, or a photo turned by its
EXIF orientation opens as a PNG one does: the overview shows, and the GM zoomed in sees the very
pixels a whole decode gives, though the app never decodes it whole (a process of its own writes
it into the cache once). The next time, it opens from the cache. A big baseline JPEG's bottom
rows come from the cache once its one pass has written it. A damaged file is named in the
status line.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QImage, QImageReader, QImageWriter
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.model.encounter import MapImage
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map import art_transcode, image_loader, jpeg_bands
from orcus_desktop.ui.map.art_cache import trim
from orcus_desktop.ui.map.image_loader import load_map_art, read_map_image
from orcus_desktop.ui.map.map_art import MapArt
from tests.ui.test_jpeg_map_art import _turned_jpeg
from tests.ui.test_map_art import _art_jpeg, _art_png, _pixels, _render, _wait_for_tiles

WAIT_MS = 90_000
"""The cache's process on a shared 2-core machine: a few seconds, with room to spare."""


@pytest.fixture(autouse=True)
def small_maps_stand_for_big_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The maps here (4,800 x 700) are read as a 10,000 px map would be (16.8 Mpx and up)."""
    monkeypatch.setattr(image_loader, "CACHE_FROM_PIXELS", 1)


def _webp(tmp_path: Path, width: int, height: int) -> str:
    path = tmp_path / f"art-{width}x{height}.webp"
    writer = QImageWriter(str(path), QByteArray(b"webp"))
    writer.setQuality(85)
    assert writer.write(read_map_image(_art_png(tmp_path, width, height)))
    return str(path)


def _map_file(kind: str, tmp_path: Path) -> str:
    """A map bigger than a screen that Qt reads only whole."""
    if kind == "progressive":
        return _art_jpeg(tmp_path, 4800, 700, progressive=True)
    if kind == "webp":
        return _webp(tmp_path, 4800, 700)
    if kind == "palette":  # a PNG not read by bands: 256 colours
        path = tmp_path / "palette.png"
        art = read_map_image(_art_png(tmp_path, 4800, 700))
        assert art.convertToFormat(QImage.Format.Format_Indexed8).save(str(path))
        return str(path)
    return _turned_jpeg(tmp_path, 4800, 700)  # shown 700 wide and 4,800 tall


def _never_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    def whole(path: str) -> QImage:
        raise AssertionError(f"{path} was decoded whole in the app")

    monkeypatch.setattr(image_loader, "read_map_image", whole)


def _settle(qtbot: QtBot, art: MapArt) -> None:
    progress = art.preparing
    assert progress is not None
    qtbot.waitUntil(lambda: progress.done, timeout=WAIT_MS)
    assert progress.failure == ""


def _bottom_screen_matches(qtbot: QtBot, art: MapArt, whole: np.ndarray) -> None:
    """The GM zoomed in at the bottom right, across band and tile edges: the whole decode's
    pixels (screen pixel (x, y) shows the art pixel under its centre)."""
    width, height = art.size
    left, top = width - 650, height - 420
    view = QRectF(left + 0.3, top + 0.25, 600, 400)
    target = QRectF(0, 0, width, height)
    mine = _pixels(_wait_for_tiles(qtbot, art, lambda: _render(art, target, view, 1.0)))
    assert np.array_equal(mine[2:-2, 2:-2], whole[top + 2 : top + 398, left + 2 : left + 598])


@pytest.mark.parametrize("kind", ["progressive", "webp", "turned", "palette"])
def test_a_big_map_qt_reads_only_whole_shows_its_own_pixels_never_whole_in_the_app(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    path = _map_file(kind, tmp_path)
    whole = _pixels(read_map_image(path))
    _never_whole(monkeypatch)
    art = load_map_art(path)
    assert art is not None
    assert art.tiled
    assert art.full is None
    assert art.size == (whole.shape[1], whole.shape[0])  # turned: 700 x 4,800
    _bottom_screen_matches(qtbot, art, whole)
    _settle(qtbot, art)
    _bottom_screen_matches(qtbot, art, whole)  # read back from the finished cache alike


def test_the_next_time_the_map_opens_from_the_cache(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own_art_cache: Path
) -> None:
    """One folder for the file, named by its content; the second open reads no file again."""
    path = _map_file("progressive", tmp_path)
    whole = _pixels(read_map_image(path))
    first = load_map_art(path)
    assert first is not None
    _settle(qtbot, first)
    assert len(list(own_art_cache.iterdir())) == 1

    def read_again(*args: object) -> None:
        raise AssertionError("the map was decoded again")

    monkeypatch.setattr(art_transcode, "Transcode", read_again)
    _never_whole(monkeypatch)
    again = load_map_art(path)
    assert again is not None
    assert again.tiled
    assert again.preparing is None  # nothing to prepare
    assert np.array_equal(_pixels(again.overview), _pixels(first.overview))
    _bottom_screen_matches(qtbot, again, whole)


def test_a_damaged_cache_shows_the_overview_and_is_written_again_next_time(
    qtbot: QtBot, tmp_path: Path, own_art_cache: Path
) -> None:
    """A piece of the cache spoilt on disk: zoomed in, the overview stays (no error); the next
    open prepares the map again, and its tiles are right."""
    path = _map_file("progressive", tmp_path)
    whole = _pixels(read_map_image(path))
    first = load_map_art(path)
    assert first is not None
    _settle(qtbot, first)
    for piece in own_art_cache.glob("*/band-00002-004.png"):
        piece.write_bytes(b"spoilt")
    damaged = load_map_art(path)
    assert damaged is not None
    assert damaged.preparing is None  # from the cache
    target = QRectF(0, 0, *damaged.size)
    view = QRectF(4100, 500, 600, 200)  # band 2, piece 4
    shown = _pixels(_wait_for_tiles(qtbot, damaged, lambda: _render(damaged, target, view, 1.0)))
    assert np.array_equal(shown, _pixels(_render(damaged, target, view, 1.0, detail=False)))
    again = load_map_art(path)
    assert again is not None
    assert again.preparing is not None
    _settle(qtbot, again)
    _bottom_screen_matches(qtbot, again, whole)


def test_a_changed_file_is_read_again(qtbot: QtBot, tmp_path: Path, own_art_cache: Path) -> None:
    """The cache is keyed by the file's content: the GM's edited map is not shown as it was."""
    path = Path(_map_file("webp", tmp_path))
    first = load_map_art(str(path))
    assert first is not None
    _settle(qtbot, first)
    edited = read_map_image(str(path))
    edited.invertPixels()
    assert edited.save(str(path), quality=85)  # WebP, by its name
    second = load_map_art(str(path))
    assert second is not None
    assert second.preparing is not None  # a new folder, written again
    _settle(qtbot, second)
    assert len(list(own_art_cache.iterdir())) == 2
    _bottom_screen_matches(qtbot, second, _pixels(read_map_image(str(path))))


class _JpegReads:
    """How many times the app read the JPEG itself (the cache's process is not counted)."""

    def __init__(self) -> None:
        self.count = 0

    def reader(self) -> type[QImageReader]:
        reads = self

        class CountingReader(QImageReader):
            def read(self) -> QImage:
                reads.count += 1
                return super().read()

        return CountingReader


def test_a_big_jpegs_bottom_rows_come_from_the_cache_once_its_pass_is_done(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-263: the pass starts when the GM first zooms in; then no tile reads the JPEG again."""
    monkeypatch.setattr(art_transcode, "PASS_FROM_PIXELS", 1)  # this map stands for a big one
    path = _art_jpeg(tmp_path, 5000, 1700)
    whole = _pixels(QImageReader(path).read())
    reads = _JpegReads()
    monkeypatch.setattr(jpeg_bands, "QImageReader", reads.reader())
    art = load_map_art(path)
    assert art is not None
    assert art.tiled
    progress = art.preparing
    assert progress is not None
    started_at_load = progress.started
    assert not started_at_load  # the players' overview needs no pass
    target = QRectF(0, 0, 5000, 1700)
    _wait_for_tiles(qtbot, art, lambda: _render(art, target, QRectF(100, 60, 600, 400), 1.0))
    assert progress.started
    _settle(qtbot, art)
    before = reads.count
    _bottom_screen_matches(qtbot, art, whole)
    assert reads.count == before  # from the cache


def test_a_map_cut_short_is_named_in_the_status_line(qtbot: QtBot, tmp_path: Path) -> None:
    """A progressive JPEG cut short decodes, its missing part grey: the map shows, and the GM
    is told why it looks so."""
    path = Path(_map_file("progressive", tmp_path))
    data = path.read_bytes()
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(data[: len(data) * 2 // 3])
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    window.session.run(editing.set_map_image, MapImage(str(cut), 100.0))
    qtbot.waitUntil(
        lambda: "cut.jpg is damaged or cut short" in window.statusBar().currentMessage(),
        timeout=WAIT_MS,
    )
    art = window.scene.map_art
    assert art is not None
    assert art.tiled


def test_the_status_line_counts_the_preparation_then_says_it_is_ready(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """R-262: the GM is told the map is prepared once, how far it is, and when it is done."""
    path = Path(_map_file("webp", tmp_path))
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    said: list[str] = []
    window.statusBar().messageChanged.connect(said.append)
    window.session.run(editing.set_map_image, MapImage(str(path), 100.0))
    ready = f"The map image {path.name} is ready at full detail."
    qtbot.waitUntil(lambda: ready in said, timeout=WAIT_MS)
    preparing = [line for line in said if line.startswith(f"Preparing the map image {path.name}")]
    assert preparing
    assert "once (it is kept for next time)" in preparing[0]
    assert "of 3 bands; the overview shows meanwhile." in preparing[-1]
    assert said.index(preparing[0]) < said.index(ready)


def test_a_webp_qt_cannot_decode_is_named_in_the_status_line(qtbot: QtBot, tmp_path: Path) -> None:
    path = Path(_map_file("webp", tmp_path))
    data = path.read_bytes()
    cut = tmp_path / "cave.webp"
    cut.write_bytes(data[: len(data) // 2])
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    window.session.run(editing.set_map_image, MapImage(str(cut), 100.0))
    expected = (
        "The map image cave.webp cannot be shown (missing, corrupt or not an image format Qt "
        "reads); the grid is shown without it."
    )
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == expected, timeout=WAIT_MS)
    assert window.scene.map_art is None


def test_the_cache_keeps_to_its_limit_dropping_the_maps_used_least_recently(
    tmp_path: Path,
) -> None:
    now = time.time()
    folders = {}
    for age, name in ((3000, "oldest"), (2000, "older"), (1000, "newer")):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "band-00000.png").write_bytes(b"x" * 1000)
        os.utime(folder, (now - age, now - age))
        folders[name] = folder
    just_written = tmp_path / "new"
    just_written.mkdir()
    (just_written / "band-00000.png").write_bytes(b"x" * 1500)
    trim(just_written, limit=3600)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new", "newer", "older"]
    trim(just_written, limit=100)  # the one just written stays, whatever its size
    assert [p.name for p in tmp_path.iterdir()] == ["new"]
