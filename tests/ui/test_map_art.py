"""One copy of the art, in bands and tiles (issue 33 item 3, docs/rulings.md R-168).

From the GM's side: a big map's art shows the same in the GM's map and the Player view as when
it was decoded whole, a map image wider than any graphics card's texture limit opens and draws,
and zooming over the whole map keeps only a bounded number of tiles in memory.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QColor, QImage, QImageWriter, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter, MapImage
from orcus_desktop.ui.map import map_art
from orcus_desktop.ui.map.image_loader import load_map_art, read_map_image
from orcus_desktop.ui.map.map_art import PLAYERS_ART_SIDE, TILE_PX, MapArt, players_art
from orcus_desktop.ui.map.png_bands import BAND_ROWS, BandedPng, png_layout
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView


def _pixels(image: QImage) -> np.ndarray:
    """An image's 32-bit pixels as a (rows, columns, 4) array (a copy)."""
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4).copy()


def _art_png(tmp_path: Path, width: int, height: int, *, alpha: bool = False) -> str:
    """Seeded art with detail at every scale: blocks of colour, noise, a gradient."""
    rng = np.random.default_rng(33)
    blocks = rng.integers(0, 256, size=(height // 37 + 1, width // 53 + 1, 4), dtype=np.uint8)
    pixels = blocks.repeat(37, axis=0).repeat(53, axis=1)[:height, :width].copy()
    pixels[..., :3] //= 2
    pixels[..., :3] += rng.integers(0, 64, size=(height, width, 3), dtype=np.uint8)
    pixels[..., 1] = np.linspace(0, 60, width, dtype=np.uint8)[None, :] + pixels[..., 1] // 2
    if not alpha:
        pixels[..., 3] = 255
    form = QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32
    image = QImage(pixels.tobytes(), width, height, width * 4, form).copy()
    path = tmp_path / f"art-{width}x{height}{'-alpha' if alpha else ''}.png"
    assert image.save(str(path))
    return str(path)


def _art_jpeg(tmp_path: Path, width: int, height: int, *, progressive: bool = False) -> str:
    """The art of `_art_png` as a JPEG (quality 90, as commercial battle maps come)."""
    path = tmp_path / f"art-{width}x{height}{'-progressive' if progressive else ''}.jpg"
    writer = QImageWriter(str(path), QByteArray(b"jpeg"))
    writer.setQuality(90)
    writer.setProgressiveScanWrite(progressive)
    assert writer.write(read_map_image(_art_png(tmp_path, width, height)))
    return str(path)


_ART_KINDS: dict[str, Callable[[Path, int, int], str]] = {"png": _art_png, "jpeg": _art_jpeg}
"""The kinds read by bands (R-168, R-230)."""


@pytest.mark.parametrize("alpha", [False, True])
def test_every_band_decodes_to_the_pixels_of_the_whole_image(tmp_path: Path, alpha: bool) -> None:
    """The banded decode is exact: the same pixels as Qt's decode of the whole file."""
    path = _art_png(tmp_path, 1500, 3 * BAND_ROWS + 77, alpha=alpha)
    layout = png_layout(path)
    assert layout is not None
    whole = _pixels(read_map_image(path))
    banded = BandedPng(path, layout)
    firsts: list[np.ndarray] = []
    banded.decode_all(lambda band, image: firsts.append(_pixels(image)))
    for band in (2, 0, 3, 1):  # any band again, in any order
        first, end = layout.band_rows(band)
        top = BandedPng.band_top(band)
        assert np.array_equal(firsts[band][top:], whole[first:end])
        assert np.array_equal(_pixels(banded.band(band))[top:], whole[first:end])


def test_a_palette_png_is_decoded_whole(tmp_path: Path) -> None:
    image = QImage(5000, 20, QImage.Format.Format_Indexed8)
    image.setColorTable([QColor("sienna").rgb(), QColor("olive").rgb()])
    image.fill(1)
    path = tmp_path / "palette.png"
    assert image.save(str(path))
    assert png_layout(str(path)) is None
    art = load_map_art(str(path))
    assert art is not None
    assert not art.tiled
    assert art.full is not None


def _render(
    art: MapArt, target: QRectF, view: QRectF, zoom: float, *, detail: bool = True
) -> QImage:
    """The art as a map at `zoom` screen pixels a scene unit paints `view` (scene units)."""
    out = QImage(
        round(view.width() * zoom), round(view.height() * zoom), QImage.Format.Format_RGB32
    )
    out.fill(QColor("black"))
    painter = QPainter(out)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)  # as the map's view does
    painter.setTransform(QTransform().scale(zoom, zoom).translate(-view.left(), -view.top()))
    art.draw(painter, view, target, detail=detail)
    painter.end()
    return out


def _the_previous_way(full: QImage, target: QRectF, view: QRectF, zoom: float) -> QImage:
    """The whole decoded image drawn as the map drew it before tiles (the exposed part)."""
    out = QImage(
        round(view.width() * zoom), round(view.height() * zoom), QImage.Format.Format_RGB32
    )
    out.fill(QColor("black"))
    painter = QPainter(out)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setTransform(QTransform().scale(zoom, zoom).translate(-view.left(), -view.top()))
    area = view.intersected(target)
    scale = full.width() / target.width()
    source = QRectF(
        (area.left() - target.left()) * scale,
        (area.top() - target.top()) * scale,
        area.width() * scale,
        area.height() * scale,
    )
    painter.drawImage(area, full, source)
    painter.end()
    return out


def _wait_for_tiles(qtbot: QtBot, art: MapArt, draw: Callable[[], QImage]) -> QImage:
    """Draw, let the asked tiles come, draw again: what the GM sees once the map settles."""
    draw()
    qtbot.waitUntil(lambda: not art.detail_pending, timeout=20_000)
    return draw()


def _within_a_pixel(mine: np.ndarray, before: np.ndarray) -> float:
    """The share of `mine`'s pixels whose colour `before` has at most one pixel away.

    Both draw every screen pixel from one art pixel (no smoothing); where a screen pixel's
    centre falls within a rounding step of an art pixel's edge, the two may pick its neighbour.
    """
    inner = mine[1:-1, 1:-1]
    found = np.zeros(inner.shape[:2], dtype=bool)
    height, width = mine.shape[:2]
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            near = before[1 + dy : height - 1 + dy, 1 + dx : width - 1 + dx]
            found |= np.all(inner == near, axis=2)
    return float(found.mean())


@pytest.mark.parametrize(
    ("kind", "zoom"), [("png", 1.0), ("png", 0.9), ("png", 2.5), ("jpeg", 1.0)]
)
def test_the_gm_map_shows_the_art_as_when_it_was_decoded_whole(
    qtbot: QtBot, tmp_path: Path, kind: str, zoom: float
) -> None:
    """A region of the GM's map at full detail, across tile and band edges: each screen pixel
    shows the art pixel the whole image showed there, or its neighbour (rounding)."""
    path = _ART_KINDS[kind](tmp_path, 4700, 1400)
    art = load_map_art(path)
    assert art is not None
    assert art.tiled
    assert art.full is None  # never decoded whole
    full = read_map_image(path)
    target = QRectF(-37.5, 12.25, 4700 * 64 / 70, 1400 * 64 / 70)  # 70 art px a square
    view = QRectF(1500.3, 300.7, 900, 500)
    mine = _pixels(_wait_for_tiles(qtbot, art, lambda: _render(art, target, view, zoom)))
    before = _pixels(_the_previous_way(full, target, view, zoom))
    assert mine.shape == before.shape
    assert _within_a_pixel(mine, before) > 0.999
    assert np.all(mine == before, axis=2).mean() > 0.6  # mostly the very same pixels
    # and the noise makes a misplaced tile show: one band lower is another picture
    lower = _pixels(_the_previous_way(full, target, view.translated(0, 256 * 64 / 70), zoom))
    assert _within_a_pixel(mine, lower) < 0.5


@pytest.mark.parametrize("kind", ["png", "jpeg"])
def test_the_player_view_shows_the_art_as_its_fitted_copy_did(
    qtbot: QtBot, tmp_path: Path, kind: str
) -> None:
    """The players' screen (R-140) draws the overview: the fitted copy made whole, within a
    tolerance (the overview is shrunk band by band; a JPEG's from a decode at half size)."""
    path = _ART_KINDS[kind](tmp_path, 8400, 600)
    art = load_map_art(path)
    assert art is not None
    assert art.tiled
    assert max(art.overview.width(), art.overview.height()) <= PLAYERS_ART_SIDE
    target = QRectF(0, 0, 8400 * 64 / 70, 600 * 64 / 70)
    zoom = 1200 / target.width()  # the whole map on a players' screen
    mine = _pixels(_render(art, target, target, zoom, detail=False)).astype(int)
    fitted = players_art(read_map_image(path))
    before = _pixels(_the_previous_way(fitted, target, target, zoom)).astype(int)
    difference = np.abs(mine - before)[..., :3]
    assert difference.mean() < 6.0, difference.mean()
    assert np.percentile(difference, 99) < 60


def test_the_gm_zoomed_out_sees_the_overview_and_decodes_no_tiles(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = _art_png(tmp_path, 6000, 800)
    art = load_map_art(path)
    assert art is not None
    target = QRectF(0, 0, 6000 * 64 / 70, 800 * 64 / 70)
    _render(art, target, target, 0.3, detail=True)
    assert not art.detail_pending
    assert art.tile_bytes == 0


def _block_means(pixels: np.ndarray, side: int = 8) -> np.ndarray:
    height, width = (pixels.shape[0] // side) * side, (pixels.shape[1] // side) * side
    cut = pixels[:height, :width, :3].astype(float)
    means: np.ndarray = cut.reshape(height // side, side, width // side, side, 3).mean(axis=(1, 3))
    return means


def test_the_gm_zoomed_out_sees_the_art_as_before_within_a_tolerance(tmp_path: Path) -> None:
    """Zoomed out to 0.45 screen pixels an art pixel, the GM's map draws the overview: each
    8 x 8 block of the screen averages what the whole image drawn as before did, within a
    tolerance (the overview is smoothed, the whole image was sampled a pixel in two)."""
    path = _art_png(tmp_path, 6000, 800)
    art = load_map_art(path)
    assert art is not None
    target = QRectF(0, 0, 6000 * 64 / 70, 800 * 64 / 70)
    zoom = 0.45 * 70 / 64
    mine = _block_means(_pixels(_render(art, target, target, zoom)))
    before = _block_means(_pixels(_the_previous_way(read_map_image(path), target, target, zoom)))
    difference = np.abs(mine - before)
    assert difference.mean() < 4.0, difference.mean()
    assert np.percentile(difference, 99) < 30
    assert art.tile_bytes == 0


def test_panning_over_the_whole_map_keeps_a_bounded_cache(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory (issue 33): the GM looking at every corner at full detail keeps only the tiles
    of about one screen (here a cache of 8 tiles, and the 9 one view needs), never the whole
    art (80 tiles)."""
    tile_bytes = TILE_PX * BAND_ROWS * 4
    monkeypatch.setattr(map_art, "TILE_CACHE_BYTES", 8 * tile_bytes)
    path = _art_png(tmp_path, 5000, 1800)
    art = load_map_art(path)
    assert art is not None
    target = QRectF(0, 0, 5000, 1800)
    for left in range(0, 5000, 700):
        for top in range(0, 1800, 500):
            view = QRectF(left, top, 700, 500)
            _wait_for_tiles(qtbot, art, functools.partial(_render, art, target, view, 1.0))
            assert art.tile_bytes <= 9 * tile_bytes * 5 / 4
    whole = 10 * 8 * tile_bytes  # 10 columns of tiles, 8 bands
    assert art.tile_bytes < whole / 5


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_a_map_wider_than_any_texture_limit_opens_and_draws(qtbot: QtBot, tmp_path: Path) -> None:
    """A 20,000 px wide map (over the 16,384 px texture limit of most graphics cards) opens in
    the GM's map and the Player view; the GM sees its far right end at full detail, and no
    image Qt draws is wider than a tile."""
    width, height = 20_000, 300
    pixels = np.zeros((height, width, 4), dtype=np.uint8)
    pixels[..., 3] = 255
    pixels[:, :10_000, 2] = 200  # the west half red
    pixels[:, 19_000:, 1] = 180  # the last thousand columns green
    image = QImage(pixels.tobytes(), width, height, width * 4, QImage.Format.Format_RGB32)
    path = tmp_path / "long-cave.png"
    assert image.copy().save(str(path))
    del image, pixels
    squares = width // 100
    grid = GridBounds(squares, height // 100)
    document = Document(Encounter(grid=grid, map_image=MapImage(str(path), 100.0)))
    gm = MapScene(document, gm=True)
    players = MapScene(document, gm=False)
    qtbot.waitUntil(lambda: gm.map_art is not None and players.map_art is not None)
    art = gm.map_art
    assert art is players.map_art  # one copy for both windows
    assert art is not None
    assert art.size == (width, height)
    assert art.tiled

    def far_end() -> QImage:
        out = QImage(640, 192, QImage.Format.Format_RGB32)
        painter = QPainter(out)
        gm.render(painter, QRectF(0, 0, 640, 192), QRectF(squares * 64 - 640, 0, 640, 192))
        painter.end()
        return out

    shown = _pixels(_wait_for_tiles(qtbot, art, far_end))
    assert shown[100, 600, :3].tolist() == [0, 180, 0]  # BGR of green, at full detail
    assert all(tile.width() <= TILE_PX for tile in art._tiles.values())
    whole_players = QImage(1000, 15, QImage.Format.Format_RGB32)
    painter = QPainter(whole_players)
    players.render(painter)
    painter.end()
    assert _pixels(whole_players)[7, 100, 2] > 150  # the red west half on the players' screen


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
@pytest.mark.parametrize("kind", ["png", "jpeg"])
def test_the_gm_window_at_full_detail_decodes_only_the_tiles_on_screen(
    qtbot: QtBot, tmp_path: Path, kind: str
) -> None:
    """The GM's map window (its view caches the background and may pass the whole scene as
    exposed) shows the art at full detail and decodes only the tiles its screen shows."""
    path = _ART_KINDS[kind](tmp_path, 4800, 1600)
    document = Document(Encounter(grid=GridBounds(48, 16), map_image=MapImage(path, 100.0)))
    scene = MapScene(document, gm=True)
    view = MapView(scene)
    qtbot.add_widget(view)
    view.resize(640, 400)
    view.show()
    view.resetTransform()
    view.scale(100 / 64, 100 / 64)  # one art pixel a screen pixel
    view.centerOn(2450 * 64 / 100, 850 * 64 / 100)  # off the grid lines
    qtbot.waitUntil(lambda: scene.map_art is not None, timeout=30_000)
    art = scene.map_art
    assert art is not None
    scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
    qtbot.waitUntil(lambda: art.tile_bytes > 0 and not art.detail_pending, timeout=20_000)
    on_screen = (640 // TILE_PX + 2) * (400 // BAND_ROWS + 2)  # at most, with the edges
    assert art.tile_bytes <= on_screen * TILE_PX * BAND_ROWS * 4
    shown = _pixels(view.grab().toImage())
    full = _pixels(read_map_image(path))
    middle = view.mapToScene(view.viewport().rect().center())
    x, y = round(middle.x() * 100 / 64), round(middle.y() * 100 / 64)
    centre = view.viewport().rect().center()
    patch = shown[centre.y() - 3 : centre.y() + 4, centre.x() - 3 : centre.x() + 4]
    assert any(
        np.array_equal(patch, full[y - 3 + dy : y + 4 + dy, x - 3 + dx : x + 4 + dx])
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
    )  # the art's own pixels, one for one
