"""One copy of a map's art, shared by the GM's map and the players' views (issue 33, R-168).

A big map's art is never whole in memory (8,400 px a side is 282 MB decoded). What is kept:
- `overview`: the whole art fitted within `PLAYERS_ART_SIDE`, made once while the art decodes
  (R-140). The players' screens draw it, and so does the GM's map zoomed out.
- full detail for the GM zoomed in, as tiles of `TILE_PX` x `BAND_ROWS` pixels, decoded on
  demand from the file's bands (`ArtBands`: a PNG's, `png_bands.BandedPng`, or a baseline
  JPEG's, `jpeg_bands.BandedJpeg`) in the thread pool and kept in a small cache
  (`TILE_CACHE_BYTES`, least recently drawn out first). A tile not decoded yet is drawn from
  the overview meanwhile, and its region repainted when it comes.
Art of another kind (WebP, palette PNG, progressive JPEG...) or that fits a screen is decoded
whole (`full`) and drawn from that one image, as before; the players' overview is then made
from it (or is it).

Tiles also keep every image Qt draws at most `TILE_PX` wide, under any graphics card's texture
limit, however wide the art is.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

import shiboken6
from PySide6.QtCore import (
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QRunnable,
    Qt,
    QThreadPool,
    Signal,
)
from PySide6.QtGui import QImage, QPainter

from orcus_desktop.ui.map.art_cache import ArtCacheError, BandProgress
from orcus_desktop.ui.map.jpeg_bands import JpegBandError
from orcus_desktop.ui.map.png_bands import BAND_ROWS, PngBandError

PLAYERS_ART_SIDE = 4096
"""The players' view shows the whole map on one screen: its art is fitted within this side."""
TILE_PX = 512
"""Art pixels a tile is wide (its height is a band's, `png_bands.BAND_ROWS`)."""
TILE_CACHE_BYTES = 48 * 1024 * 1024
"""Decoded tiles kept beyond those the last repaint drew (about 96 tiles)."""
DETAIL_FROM = 0.6
"""Screen pixels per art pixel from which the GM's map draws full-detail tiles.

Below it a screen pixel covers more than 1.6 art pixels, and the overview (0.41-0.49 of the
full size for art 8,400-10,000 px a side) is near enough: zooming out never decodes the whole
map's tiles."""

_SLICE_PX = 4 * BAND_ROWS
"""Art pixels of a band shrunk at a time into the overview."""
ART_NICE = 10
"""The OS priority (Linux nice value) of the threads decoding art: below the GUI thread's."""

Tile = tuple[int, int]
"""(band, column) of a tile."""
BAND_ERRORS = (OSError, PngBandError, JpegBandError, ArtCacheError)
"""What reading a file's bands raises when the file is gone, changed or corrupt."""


class ArtBands(Protocol):
    """Art read a band of rows at a time (`png_bands.BandedPng`, `jpeg_bands.BandedJpeg`).

    Reads may run in the pool's threads.
    """

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def alpha(self) -> bool: ...

    @property
    def bands_a_read(self) -> int:
        """The most bands one `read` decodes."""
        ...

    @property
    def one_read_at_a_time(self) -> bool:
        """Reads gain nothing from running together (each decodes from the file's top)."""
        ...

    def sweep(
        self, wanted: tuple[int, int], each: Callable[[int, int, QImage, int], None]
    ) -> None:
        """Decode the art once, top to bottom, in pieces, each told to `each`.

        `each(first, end, image, top)`: the art's rows [first, end) from the image's row
        `top`, at least `wanted` pixels for the whole art (the image may be smaller than the
        art by a whole factor).
        """
        ...

    def read(self, first: int, end: int, left: int, right: int) -> tuple[QImage, QPoint]:
        """The art's bands [first, end) at full detail, with at least columns [left, right).

        Returns the image and the art pixel at its top left corner.
        """
        ...


class _TileCourier(QObject):
    """Brings decoded tiles from the pool's threads to their art, in the GUI thread.

    One for the whole app, made in the GUI thread and never deleted: a worker thread emits on
    it, so it must outlive every decode. An art owns no Qt object of its own, so the last
    reference to one may drop in any thread (a finished decode's) without deleting a Qt object
    outside the thread that owns it, which crashed the suite (a segfault making the next one).
    """

    decoded = Signal(object, object, object)  # art, bands, {tile: QImage} (empty: failed)

    def __init__(self) -> None:
        super().__init__()
        self.decoded.connect(self._deliver)  # queued: this object lives in the GUI thread

    def _deliver(self, art: MapArt, bands: tuple[int, ...], tiles: dict[Tile, QImage]) -> None:
        # a method of this object, not a static one: Qt then runs it in this object's thread
        art.take_tiles(bands, tiles)


_COURIER: list[_TileCourier] = []
"""The app's one courier, made by the first art asking for tiles (in the GUI thread)."""


def _courier() -> _TileCourier:
    if not _COURIER:
        _COURIER.append(_TileCourier())
    return _COURIER[0]


DetailListener = Callable[[QRect], object]
"""Told the art pixels (QRect) a decoded tile now shows in full detail."""


class MapArt:
    """The art of one map file: its overview, and its full detail whole or in tiles.

    Made in a worker thread; drawn and asked for tiles only in the GUI thread.
    """

    def __init__(
        self,
        size: tuple[int, int],
        overview: QImage,
        *,
        full: QImage | None = None,
        banded: ArtBands | None = None,
        preparing: BandProgress | None = None,
        notice: str = "",
    ) -> None:
        self.size = size
        self.overview = overview
        self.full = full
        self.preparing = preparing
        """The cache being written for the full detail, one time (R-262, R-263), or None."""
        self.notice = notice
        """What went wrong reading the file, though it shows (a JPEG cut short), or ""."""
        self._banded = banded
        self._tiles: OrderedDict[Tile, QImage] = OrderedDict()
        self._tile_bytes = 0
        self._wanted: dict[int, set[int]] = {}
        self._latest: set[int] = set()
        """The bands the last repaint wanted tiles of: read first, one read at a time."""
        self._in_flight: set[int] = set()
        self._last_drawn_bytes = 0
        self._detail_listeners: list[weakref.WeakMethod[DetailListener]] = []
        self._broken = False

    @classmethod
    def whole(cls, full: QImage) -> MapArt:
        """Art decoded whole: the overview is fitted from it (or is it, when it fits)."""
        return cls((full.width(), full.height()), players_art(full), full=full)

    @classmethod
    def from_bands(cls, banded: ArtBands, *, preparing: BandProgress | None = None) -> MapArt:
        """Decode `banded` once in order, building the overview; tiles come later on demand.

        Raises:
            PngBandError, JpegBandError: the file is truncated or corrupt.
        """
        maker = OverviewMaker(banded.size, alpha=banded.alpha)
        try:
            banded.sweep(maker.wanted, maker.strip)
        finally:
            overview = maker.finish()
        return cls(banded.size, overview, banded=banded, preparing=preparing)

    # -- tiles (GUI thread) ----------------------------------------------------------------

    def add_detail_listener(self, listener: DetailListener) -> None:
        """Call the bound method `listener` when a decoded tile shows more detail.

        Held weakly: the art is shared (and the last one kept for a later view), so it must not
        keep a closed map alive.
        """
        self._detail_listeners.append(weakref.WeakMethod(listener))

    def remove_detail_listener(self, listener: DetailListener) -> None:
        """Stop calling `listener` (added by `add_detail_listener`); an unknown one is ignored."""
        self._detail_listeners = [
            ref for ref in self._detail_listeners if ref() not in (None, listener)
        ]

    @property
    def detail_pending(self) -> bool:
        """Tiles asked for are still being decoded."""
        return bool(self._in_flight)

    @property
    def tiled(self) -> bool:
        """The full detail comes in tiles (the art is not decoded whole)."""
        return self._banded is not None

    @property
    def tile_bytes(self) -> int:
        """Bytes of decoded tiles kept now."""
        return self._tile_bytes

    def _tile(self, tile: Tile) -> QImage | None:
        image = self._tiles.get(tile)
        if image is not None:
            self._tiles.move_to_end(tile)
        return image

    def _want(self, tile: Tile) -> None:
        band, column = tile
        self._wanted.setdefault(band, set()).add(column)

    def _start_wanted(self) -> None:
        """Read the bands with tiles wanted, once for all their wanted tiles.

        A PNG's bands are read each on its own, several at once; a JPEG's a run of bands a
        read, one read at a time, the last repaint's first (R-230).
        """
        assert self._banded is not None
        serial = self._banded.one_read_at_a_time
        if serial and self._in_flight:
            return
        busy = self._in_flight
        waiting = sorted(b for b, cols in self._wanted.items() if cols and b not in busy)
        latest = [band for band in waiting if band in self._latest]
        while waiting:
            first = (latest or waiting)[0]
            run = [b for b in waiting if first <= b < first + self._banded.bands_a_read]
            self._start({band: frozenset(self._wanted[band]) for band in run})
            if serial:
                return
            waiting = [band for band in waiting if band not in run]
            latest = [band for band in latest if band not in run]

    def _start(self, wanted: dict[int, frozenset[int]]) -> None:
        assert self._banded is not None
        self._in_flight.update(wanted)
        QThreadPool.globalInstance().start(_DecodeBands(self._banded, wanted, self, _courier()))

    def take_tiles(self, bands: tuple[int, ...], tiles: dict[Tile, QImage]) -> None:
        """Keep the tiles read from `bands` (from the pool, in the GUI thread)."""
        self._in_flight.difference_update(bands)
        if not tiles:  # the file changed or went away: the overview stays, no retrying
            for band in bands:
                self._wanted.pop(band, None)
            self._broken = True
            return
        for (band, column), image in tiles.items():
            self._wanted.get(band, set()).discard(column)
            old = self._tiles.pop((band, column), None)
            if old is not None:
                self._tile_bytes -= old.sizeInBytes()
            self._tiles[(band, column)] = image
            self._tile_bytes += image.sizeInBytes()
            if band not in self._latest:
                # asked by a screen the GM has since left: the first to go, never before
                # the tiles of the screen shown now (which a JPEG's read takes a second for)
                self._tiles.move_to_end((band, column), last=False)
        self._evict()
        self._start_wanted()  # what is still wanted, or was wanted meanwhile
        pixels = QRect()
        for band, column in tiles:
            pixels = pixels.united(QRect(column * TILE_PX, band * BAND_ROWS, TILE_PX, BAND_ROWS))
        for ref in list(self._detail_listeners):
            listener = ref()
            # a map whose Qt side is gone (closed) while Python still holds it hears nothing
            if listener is not None and shiboken6.isValid(getattr(listener, "__self__", None)):
                listener(pixels)

    def _evict(self) -> None:
        budget = max(TILE_CACHE_BYTES, self._last_drawn_bytes * 5 // 4)
        while self._tile_bytes > budget and self._tiles:
            _tile, image = self._tiles.popitem(last=False)
            self._tile_bytes -= image.sizeInBytes()

    # -- drawing (GUI thread) --------------------------------------------------------------

    def draw(self, painter: QPainter, exposed: QRectF, target: QRectF, *, detail: bool) -> None:
        """Paint the art lying on `target` (scene units) where it meets `exposed`.

        `detail`: the GM's map, which shows the full detail when zoomed in; the players'
        screens draw the overview only (R-140).
        """
        area = exposed.intersected(target).intersected(_on_device(painter))
        if area.isEmpty() or target.width() <= 0 or target.height() <= 0:
            return
        art_per_unit = self.size[0] / target.width()
        screen_per_art = abs(painter.worldTransform().m11()) / art_per_unit
        if detail and self.full is not None:
            _draw_part(painter, self.full, area, target)
        elif not detail or self._banded is None or self._broken or screen_per_art < DETAIL_FROM:
            _draw_part(painter, self.overview, area, target)
        else:
            self._draw_tiles(painter, area, target)

    def _draw_tiles(self, painter: QPainter, area: QRectF, target: QRectF) -> None:
        width, height = self.size
        per_x = target.width() / width  # scene units per art pixel
        per_y = target.height() / height
        left = max(0, math.floor((area.left() - target.left()) / per_x))
        right = min(width, math.ceil((area.right() - target.left()) / per_x))
        top = max(0, math.floor((area.top() - target.top()) / per_y))
        bottom = min(height, math.ceil((area.bottom() - target.top()) / per_y))
        drawn = 0
        missing: set[int] = set()
        for band in range(top // BAND_ROWS, math.ceil(bottom / BAND_ROWS)):
            for column in range(left // TILE_PX, math.ceil(right / TILE_PX)):
                tile_rect = QRectF(
                    target.left() + column * TILE_PX * per_x,
                    target.top() + band * BAND_ROWS * per_y,
                    min(TILE_PX, width - column * TILE_PX) * per_x,
                    min(BAND_ROWS, height - band * BAND_ROWS) * per_y,
                )
                image = self._tile((band, column))
                if image is None:
                    drawn += TILE_PX * BAND_ROWS * 4  # it will be kept when it comes
                    self._want((band, column))
                    missing.add(band)
                    _draw_part(painter, self.overview, tile_rect.intersected(area), target)
                else:
                    drawn += image.sizeInBytes()
                    self._draw_tile(painter, image, tile_rect.intersected(area), tile_rect)
        if missing:
            self._latest = missing
        self._start_wanted()
        self._last_drawn_bytes = drawn  # the cache keeps at least what one repaint draws

    @staticmethod
    def _draw_tile(painter: QPainter, image: QImage, part: QRectF, tile_rect: QRectF) -> None:
        """Paint a tile's `part`, its edges on whole screen pixels.

        Each screen pixel then shows the art pixel under its centre, as when the art was one
        image drawn on the exposed (whole-pixel) rect, and tiles meet without an antialiased
        seam (the map's view antialiases, which also makes Qt sample exactly).
        """
        transform = painter.worldTransform()
        inverse, invertible = transform.inverted()
        if not invertible:
            return
        screen = transform.mapRect(part)
        snapped = QRectF(
            QPointF(round(screen.left()), round(screen.top())),
            QPointF(round(screen.right()), round(screen.bottom())),
        )
        _draw_part(painter, image, inverse.mapRect(snapped), tile_rect)


def _on_device(painter: QPainter) -> QRectF:
    """What the painter can paint on, in its world's units.

    The map's view may pass a whole scene as the exposed rect when it rebuilds its background
    cache; only the tiles on the screen are wanted.
    """
    device = painter.device()
    bounds = QRectF(0, 0, device.width(), device.height())
    if painter.hasClipping():
        bounds = bounds.intersected(painter.deviceTransform().mapRect(painter.clipBoundingRect()))
    inverse, invertible = painter.deviceTransform().inverted()
    if not invertible or bounds.isEmpty():
        return QRectF()
    return inverse.mapRect(bounds)


def _draw_part(painter: QPainter, image: QImage, area: QRectF, target: QRectF) -> None:
    """Paint the part of `image` (lying on `target`) that falls on `area`."""
    if area.isEmpty():
        return
    scale_x = image.width() / target.width()
    scale_y = image.height() / target.height()
    source = QRectF(
        (area.left() - target.left()) * scale_x,
        (area.top() - target.top()) * scale_y,
        area.width() * scale_x,
        area.height() * scale_y,
    )
    painter.drawImage(area, image, source)


class OverviewMaker:
    """The overview of art told strip by strip, top to bottom (`strip`, then `finish`)."""

    def __init__(self, size: tuple[int, int], *, alpha: bool) -> None:
        scale = overview_scale(*size)
        self.wanted = overview_size(size)
        """The overview's size: a sweep gives at least these pixels for the whole art."""
        self._image = QImage(
            *self.wanted,
            QImage.Format.Format_ARGB32_Premultiplied if alpha else QImage.Format.Format_RGB32,
        )
        # not filled: the bands' rows and slices' columns cover every pixel, edge to edge
        self._painter = QPainter(self._image)
        self._painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        self.strip = _Shrinker(self._painter, size, scale).strip
        """Shrink the art's rows [first, end) lying in `image` from its row `top` (a
        `StripHandler`)."""

    def finish(self) -> QImage:
        """The overview (once every strip was told)."""
        if self._painter.isActive():
            self._painter.end()
        return self._image


class _Shrinker:
    """Shrinks the art's strips into the overview, a band's slice at a time."""

    def __init__(self, painter: QPainter, size: tuple[int, int], scale: float) -> None:
        self._painter = painter
        self._width = size[0]
        self._scale = scale

    def strip(self, first: int, end: int, image: QImage, top: int) -> None:
        """Shrink the art's rows [first, end), lying in `image` from its row `top`."""
        factor = image.width() / self._width  # the image's pixels an art pixel
        for band_first in range(first, end, BAND_ROWS):
            band_end = min(end, band_first + BAND_ROWS)
            rows = (
                top + round((band_first - first) * factor),
                min(image.height(), top + round((band_end - first) * factor)),
            )
            self._band(band_first, band_end, image, rows, factor)

    def _band(
        self, first: int, end: int, image: QImage, rows: tuple[int, int], factor: float
    ) -> None:
        scale = self._scale
        top, bottom = round(first * scale), round(end * scale)
        if bottom <= top or rows[1] <= rows[0]:
            return
        # A slice at a time: QImage.scaled holds Python's lock while it runs (9 ms for a
        # whole band), which stalled the GUI thread; a slice is about 1 ms. Slices are
        # `_SLICE_PX` wide, a whole number of overview pixels (`overview_scale`).
        for left in range(0, self._width, _SLICE_PX):
            right = min(self._width, left + _SLICE_PX)
            x0, x1 = round(left * scale), round(right * scale)
            image_left = round(left * factor)
            image_right = min(image.width(), round(right * factor))
            if x1 <= x0 or image_right <= image_left:
                continue
            piece = image.copy(image_left, rows[0], image_right - image_left, rows[1] - rows[0])
            self._painter.drawImage(
                x0,
                top,
                piece.scaled(
                    x1 - x0,
                    bottom - top,
                    Qt.AspectRatioMode.IgnoreAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                ),
            )


class _DecodeBands(QRunnable):
    """Read a run of bands again in the pool and cut the wanted tiles from it."""

    def __init__(
        self,
        banded: ArtBands,
        wanted: dict[int, frozenset[int]],
        art: MapArt,
        courier: _TileCourier,
    ) -> None:
        super().__init__()
        self._banded = banded
        self._wanted = wanted
        self._art = art
        self._courier = courier

    def run(self) -> None:
        run_in_background()
        tiles: dict[Tile, QImage] = {}
        with contextlib.suppress(*BAND_ERRORS):
            tiles = self._tiles()
        self._courier.decoded.emit(self._art, tuple(self._wanted), tiles)

    def _tiles(self) -> dict[Tile, QImage]:
        width, height = self._banded.size
        columns = [column for wanted in self._wanted.values() for column in wanted]
        left = min(columns) * TILE_PX
        right = min(width, (max(columns) + 1) * TILE_PX)
        image, corner = self._banded.read(min(self._wanted), max(self._wanted) + 1, left, right)
        tiles: dict[Tile, QImage] = {}
        for band, wanted in self._wanted.items():
            top = band * BAND_ROWS
            rows = min(BAND_ROWS, height - top)
            for column in wanted:
                x = column * TILE_PX
                tiles[(band, column)] = image.copy(
                    x - corner.x(), top - corner.y(), min(TILE_PX, width - x), rows
                )
        return tiles


def run_in_background() -> None:
    """Lower this (pool) thread's OS priority, so a busy machine runs the GUI thread first.

    Decoding the art overlaps the GM's first drags after an import; at the same priority it
    took CPU and Python's lock from them (drag frames and the players' fog twice as slow on
    the big-map benchmark). Linux only (elsewhere the call would lower the whole process);
    the pool's threads serve only the art.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), ART_NICE)


def overview_scale(width: int, height: int) -> float:
    """The overview's size over the art's: a whole number of rows a band, within the side."""
    longest = max(width, height)
    if longest <= PLAYERS_ART_SIDE:
        return 1.0
    return max(1, math.floor(PLAYERS_ART_SIDE * BAND_ROWS / longest)) / BAND_ROWS


def overview_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size of the overview of art of `size` (`overview_scale`)."""
    scale = overview_scale(*size)
    return (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))


def players_art(full: QImage) -> QImage:
    """The art fitted within `PLAYERS_ART_SIDE` (itself, shared, when it already fits)."""
    if max(full.width(), full.height()) <= PLAYERS_ART_SIDE:
        return full
    return full.scaled(
        PLAYERS_ART_SIDE,
        PLAYERS_ART_SIDE,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
