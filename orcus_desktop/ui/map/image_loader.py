"""Decoding map images off the GUI thread, so opening a big map shows the grid at once.

A 3000x3000 PNG takes ~150 ms to decode, as much as the whole first-frame budget
(docs/design.md#budgets); the scene lays the grid and tokens out from the image's header (its size)
and paints the art when a worker thread has decoded it.
"""

from __future__ import annotations

import contextlib

import shiboken6
from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, SignalInstance
from PySide6.QtGui import QImageReader

from orcus_desktop.model.uvtt.images import over_pixel_budget
from orcus_desktop.ui.map.art_cache import cache_folder
from orcus_desktop.ui.map.art_transcode import JpegWithPass, cached_art, transcoded_art
from orcus_desktop.ui.map.image_decode import MAX_IMAGE_SIDE, read_map_image
from orcus_desktop.ui.map.jpeg_bands import BandedJpeg, jpeg_layout
from orcus_desktop.ui.map.map_art import (
    BAND_ERRORS,
    PLAYERS_ART_SIDE,
    MapArt,
    players_art,
    run_in_background,
)
from orcus_desktop.ui.map.png_bands import BandedPng, png_layout

__all__ = [
    "MAX_IMAGE_SIDE",
    "PLAYERS_ART_SIDE",
    "ImageLoader",
    "load_map_art",
    "players_art",
    "read_map_image",
]


class ImageLoader(QObject):
    """Loads map art in the global thread pool and reports each in the GUI thread.

    One copy of the art (issue 33, R-168): loaders asking for the same file share one decode
    and one `MapArt`, and the last art loaded is kept for a loader that asks for it later (the
    player view opened after the GM's map). The GM's map draws its full detail, the players'
    views its overview (R-140).

    Args:
        parent: the owning object.

    Signals:
        loaded: (path, art) when a load finished; the art is None if the file was unreadable.
            Emitted in the GUI thread, so every receiver there has run by the time `busy`
            turns False for that path.
    """

    loaded = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pending: set[str] = set()

    def load(self, path: str) -> None:
        """Start decoding `path` (once, however often asked while it is pending)."""
        if path in self._pending:
            return
        self._pending.add(path)
        _shared().ask(path, self)

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def deliver(self, path: str, art: MapArt | None) -> None:
        """Report `art` (in the GUI thread): `busy` turns False for it, and `loaded` is emitted."""
        self._pending.discard(path)
        self.loaded.emit(path, art)


class _SharedDecodes(QObject):
    """The decodes in flight and the last art loaded, shared by every loader (GUI thread).

    One for the whole app, made in the GUI thread and never deleted: the decoding threads
    report to it, never to a loader, which a closed map deletes (a Qt object must not be used
    from another thread while its own deletes it).
    """

    _decoded = Signal(str, object)  # path, art (None: unreadable); from the decoding thread

    def __init__(self) -> None:
        super().__init__()
        self._waiting: dict[str, list[ImageLoader]] = {}
        self._latest: tuple[str, MapArt] | None = None
        self._decoded.connect(self._done)  # queued: this object lives in the GUI thread

    def ask(self, path: str, loader: ImageLoader) -> None:
        latest = self._latest
        if latest is not None and latest[0] == path:
            art = latest[1]
            # in a later event-loop pass, as from a decode: `busy` is True until then
            QTimer.singleShot(0, loader, lambda: loader.deliver(path, art))
            return
        waiting = self._waiting.setdefault(path, [])
        waiting.append(loader)
        if len(waiting) == 1:  # else decoding already
            QThreadPool.globalInstance().start(_LoadArt(path, self._decoded))

    def _done(self, path: str, art: MapArt | None) -> None:
        """The art of `path`, decoded: hand it to every loader still there waiting for it."""
        if art is not None:
            self._latest = (path, art)
        for loader in self._waiting.pop(path, []):
            if shiboken6.isValid(loader):
                loader.deliver(path, art)


_SHARED: list[_SharedDecodes] = []
"""The app's decodes, made by the first loader asking (in the GUI thread)."""


def _shared() -> _SharedDecodes:
    if not _SHARED:
        _SHARED.append(_SharedDecodes())
    return _SHARED[0]


class _LoadArt(QRunnable):
    def __init__(self, path: str, decoded: SignalInstance) -> None:
        super().__init__()
        self._path = path
        self._decoded = decoded

    def run(self) -> None:
        run_in_background()
        self._decoded.emit(self._path, load_map_art(self._path))


CACHE_FROM_PIXELS = PLAYERS_ART_SIDE * PLAYERS_ART_SIDE
"""Art Qt reads only whole goes through the art cache from this many pixels (R-262): below it,
the whole decode is no bigger than the players' overview (64 MB)."""


def load_map_art(path: str) -> MapArt | None:
    """The art of a map image file, or None when Qt cannot read the file (or it is over budget).

    Art bigger than a screen is never kept whole (R-168, R-230, R-262): a PNG of the common kind
    is read band by band; any other comes from the art cache when it was read before; a baseline
    JPEG is read by rows until its pass has filled the cache (R-263); any other kind from
    `CACHE_FROM_PIXELS` is decoded by a process of its own into the cache. Other art is decoded
    whole (`read_map_image`), and so is big art when none of that can be had.
    """
    size = image_size(path)
    if size is not None and over_pixel_budget(*size):
        return None
    if size is not None and max(size) > PLAYERS_ART_SIDE:
        with contextlib.suppress(*BAND_ERRORS):
            return _big_art(path, size)
    return _whole_art(path)


def _whole_art(path: str) -> MapArt | None:
    full = read_map_image(path)
    return None if full.isNull() else MapArt.whole(full)


def _big_art(path: str, size: tuple[int, int]) -> MapArt | None:
    """Art bigger than a screen, never whole in the app; None when it cannot be decoded.

    `size`: the image's size as Qt reads its header; the file's own header must agree.

    Raises:
        OSError, PngBandError, JpegBandError, ArtCacheError: the caller decodes it whole.
    """
    png = png_layout(path)
    if png is not None and (png.width, png.height) == size:
        return MapArt.from_bands(BandedPng(path, png))
    folder = cache_folder(path)
    cached = cached_art(folder)
    if cached is not None:
        return cached
    jpeg = jpeg_layout(path)
    if jpeg is not None and (jpeg.width, jpeg.height) == size:
        banded = JpegWithPass(BandedJpeg(path, jpeg), folder)
        return MapArt.from_bands(banded, preparing=banded.progress if banded.passes else None)
    if size[0] * size[1] < CACHE_FROM_PIXELS:
        return _whole_art(path)
    return transcoded_art(path, folder)


def image_size(path: str) -> tuple[int, int] | None:
    """An image's size from its header (fast), or None when Qt cannot read the file."""
    reader = QImageReader(path)
    size = reader.size()
    if not reader.canRead() or not size.isValid() or size.width() <= 0:
        return None
    return (size.width(), size.height())
