"""A big JPEG map is never whole in memory (docs/rulings.md R-230).

From the GM's side: a commercial battle map bought as a JPEG, bigger than a screen, opens as a
PNG one does (R-168): the players' screens draw its overview, the GM zoomed in sees its own
pixels in tiles, and neither ever holds the whole decode (a 10,000 px map is 400 MB). A JPEG
turned by its EXIF orientation shows turned, as before.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QImageReader
from pytestqt.qtbot import QtBot

from orcus_desktop.ui.map import image_loader, jpeg_bands, map_art
from orcus_desktop.ui.map.image_loader import load_map_art, read_map_image
from orcus_desktop.ui.map.jpeg_bands import STRIP_BYTES, jpeg_layout
from orcus_desktop.ui.map.map_art import PLAYERS_ART_SIDE, TILE_PX, MapArt
from orcus_desktop.ui.map.png_bands import BAND_ROWS
from tests.ui.test_map_art import _art_jpeg, _pixels, _render, _wait_for_tiles


class _Reads:
    """Every JPEG read the art makes: its image's size, and how many ran at once."""

    def __init__(self) -> None:
        self.sizes: list[tuple[int, int]] = []
        self.running = 0
        self.most_at_once = 0
        self._lock = threading.Lock()

    def reader(self) -> type[QImageReader]:
        reads = self

        class CountingReader(QImageReader):
            def read(self) -> QImage:
                with reads._lock:
                    reads.running += 1
                    reads.most_at_once = max(reads.most_at_once, reads.running)
                try:
                    image = super().read()
                finally:
                    with reads._lock:
                        reads.running -= 1
                reads.sizes.append((image.width(), image.height()))
                return image

        return CountingReader


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> _Reads:
    """The JPEG reads of the art, counted; a whole decode of the map fails the test."""
    counted = _Reads()
    monkeypatch.setattr(jpeg_bands, "QImageReader", counted.reader())

    def whole(path: str) -> QImage:
        raise AssertionError(f"{path} was decoded whole")

    monkeypatch.setattr(image_loader, "read_map_image", whole)
    return counted


def _load(path: str) -> MapArt:
    art = load_map_art(path)
    assert art is not None
    return art


def test_a_big_jpeg_opens_without_ever_being_whole_in_memory(
    tmp_path: Path, reads: _Reads
) -> None:
    """The overview is made from strips decoded at half size, each within `STRIP_BYTES`."""
    path = _art_jpeg(tmp_path, 8400, 1200)
    art = _load(path)
    assert art.tiled
    assert art.full is None
    assert art.size == (8400, 1200)
    assert max(art.overview.width(), art.overview.height()) <= PLAYERS_ART_SIDE
    assert reads.sizes  # read by strips
    assert all(w * h * 4 <= STRIP_BYTES for w, h in reads.sizes)
    assert {w for w, _h in reads.sizes} == {4200}  # at half size: more than the overview


@pytest.fixture
def qt_limit() -> Iterator[None]:
    """Qt's allocation limit, one for the whole app, as it was after the test."""
    before = QImageReader.allocationLimit()
    yield
    QImageReader.setAllocationLimit(before)


def test_a_big_jpeg_opens_in_bands_after_a_small_map_was_shown(
    qtbot: QtBot, tmp_path: Path, qt_limit: None
) -> None:
    """Qt's allocation limit is the app's, not a reader's: a small map shown first once set it
    to 16 MB, and the big map's strips were refused (it was then decoded whole)."""
    small = QImage(64, 64, QImage.Format.Format_RGB32)
    small.fill(QColor("sienna"))
    assert small.save(str(tmp_path / "small.png"))
    assert not read_map_image(str(tmp_path / "small.png")).isNull()
    art = _load(_art_jpeg(tmp_path, 8400, 1200))
    assert art.tiled
    target = QRectF(0, 0, 8400, 1200)
    _wait_for_tiles(qtbot, art, lambda: _render(art, target, QRectF(0, 0, 8400, 1200), 1.0))
    assert art.tile_bytes >= 8400 * 1200 * 4  # the whole map at full detail: no read refused


def test_the_gm_zoomed_in_at_the_bottom_reads_one_run_of_bands_for_the_screen(
    qtbot: QtBot, tmp_path: Path, reads: _Reads
) -> None:
    """Every JPEG read decodes the rows above it (Qt starts at the file's top), so a screen at
    full detail is one read of its rows and columns, and reads run one at a time."""
    path = _art_jpeg(tmp_path, 5000, 1700)
    art = _load(path)
    whole = _pixels(QImageReader(path).read())
    reads.sizes.clear()
    target = QRectF(0, 0, 5000, 1700)
    view = QRectF(1800.3, 1100.25, 900, 500)  # the bottom rows, across band and tile edges
    mine = _pixels(_wait_for_tiles(qtbot, art, lambda: _render(art, target, view, 1.0)))
    assert len(reads.sizes) == 1
    assert reads.sizes[0][0] <= 3 * 512  # the screen's columns of tiles only
    # screen pixel (x, y) shows the art pixel under its centre, (1800 + x, 1100 + y)
    assert np.array_equal(mine[2:-2, 2:-2], whole[1102:1598, 1802:2698])
    far = QRectF(100, 30, 900, 500)  # the top rows, then the bottom again, quickly
    _render(art, target, far, 1.0)
    _render(art, target, view.translated(1500, 0), 1.0)
    qtbot.waitUntil(lambda: not art.detail_pending, timeout=30_000)
    assert reads.most_at_once == 1


def test_tiles_of_screens_the_gm_left_never_push_out_the_screen_shown_now(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The GM scrolled past three places at full detail and stopped on a fourth: its tiles come
    first (its read was asked last), and the places passed, read after it, go first from the
    cache (8 tiles here) rather than the tiles on screen."""
    monkeypatch.setattr(map_art, "TILE_CACHE_BYTES", 8 * TILE_PX * BAND_ROWS * 4)
    path = _art_jpeg(tmp_path, 5000, 4 * 2 * BAND_ROWS)
    art = _load(path)
    target = QRectF(0, 0, 5000, 4 * 2 * BAND_ROWS)
    places = [
        QRectF(100, 2 * BAND_ROWS * n + 10, 2 * TILE_PX - 200, BAND_ROWS + 100) for n in range(4)
    ]
    for place in places:  # each 2 x 2 tiles, passed without waiting
        _render(art, target, place, 1.0)
    qtbot.waitUntil(lambda: not art.detail_pending, timeout=60_000)
    shown_now = {(2 * 3 + dy, dx) for dy in (0, 1) for dx in (0, 1)}
    assert shown_now <= set(art._tiles)


def test_a_progressive_jpeg_is_decoded_whole_as_before(tmp_path: Path) -> None:
    """A progressive JPEG needs libjpeg's whole-image buffer for any read (R-230); one of
    fewer pixels than the players' overview is decoded whole in the app (R-262)."""
    path = _art_jpeg(tmp_path, 4800, 600, progressive=True)
    assert jpeg_layout(path) is None
    art = _load(path)
    assert not art.tiled
    assert art.full is not None


def _turned_jpeg(tmp_path: Path, width: int, height: int) -> str:
    """A JPEG stored `width` x `height`, west column red, whose EXIF says: turn it a quarter
    clockwise (orientation 6, as a camera held upright writes)."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(40, 60, 200))
    for x in range(64):
        for y in range(height):
            image.setPixelColor(x, y, QColor(220, 20, 20))
    plain = tmp_path / "plain.jpg"
    assert image.save(str(plain), quality=95)
    ifd = struct.pack("<HHHIHH", 1, 0x0112, 3, 1, 6, 0) + struct.pack("<I", 0)
    exif = b"Exif\x00\x00" + b"II*\x00" + struct.pack("<I", 8) + ifd
    data = plain.read_bytes()
    turned = tmp_path / "turned.jpg"
    turned.write_bytes(data[:2] + b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif + data[2:])
    return str(turned)


def test_a_big_jpeg_turned_by_its_exif_orientation_shows_turned(tmp_path: Path) -> None:
    """Honoured as before (`setAutoTransform`): the map is 300 wide and 4,800 tall, its stored
    west edge on top."""
    path = _turned_jpeg(tmp_path, 4800, 300)
    assert jpeg_layout(path) is None  # its rows are not the map's rows: decoded whole
    art = _load(path)
    assert art.size == (300, 4800)
    shown = _pixels(_render(art, QRectF(0, 0, 300, 4800), QRectF(0, 0, 300, 200), 1.0))
    assert shown[10, 150, 2] > 180  # red (BGR) across the top
    assert shown[150, 150, 0] > 150  # blue below
    assert art.full is not None
    assert np.array_equal(_pixels(art.full), _pixels(read_map_image(path)))


def test_a_jpeg_gone_after_it_opened_keeps_its_overview(qtbot: QtBot, tmp_path: Path) -> None:
    """The GM moved the map file away mid-session: zooming in shows the overview, no error."""
    path = _art_jpeg(tmp_path, 5000, 800)
    art = _load(path)
    Path(path).unlink()
    target = QRectF(0, 0, 5000, 800)
    view = QRectF(2000, 200, 600, 400)
    shown = _pixels(_wait_for_tiles(qtbot, art, lambda: _render(art, target, view, 1.0)))
    assert art.tile_bytes == 0
    overview = _pixels(_render(art, target, view, 1.0, detail=False))
    assert np.array_equal(shown, overview)
