"""Decoding map images off the GUI thread, so opening a big map shows the grid at once.

A 3000x3000 PNG takes ~150 ms to decode, as much as the whole first-frame budget
(docs/design.md#budgets); the scene lays the grid and tokens out from the image's header (its size)
and paints the art when a worker thread has decoded it.
"""

from __future__ import annotations

import contextlib

import shiboken6
from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, SignalInstance
from PySide6.QtGui import QImage, QImageReader

from orcus_desktop.model.uvtt.images import over_pixel_budget
from orcus_desktop.ui.map.jpeg_bands import BandedJpeg, allow_decoding, jpeg_layout
from orcus_desktop.ui.map.map_art import (
    BAND_ERRORS,
    PLAYERS_ART_SIDE,
    ArtBands,
    MapArt,
    players_art,
    run_in_background,
)
from orcus_desktop.ui.map.png_bands import BandedPng, png_layout

__all__ = ["PLAYERS_ART_SIDE", "ImageLoader", "load_map_art", "players_art", "read_map_image"]


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


def load_map_art(path: str) -> MapArt | None:
    """The art of a map image file, or None when Qt cannot read it (or it is over budget).

    Art bigger than a screen in the common PNG kind or a baseline JPEG is read band by band
    and never kept whole (R-168, R-230); any other is decoded whole (`read_map_image`).
    """
    size = image_size(path)
    if size is not None and over_pixel_budget(*size):
        return None
    if size is not None and max(size) > PLAYERS_ART_SIDE:
        banded = read_by_bands(path, size)
        if banded is not None:
            with contextlib.suppress(*BAND_ERRORS):
                return MapArt.from_bands(banded)
    full = read_map_image(path)
    return None if full.isNull() else MapArt.whole(full)


def read_by_bands(path: str, size: tuple[int, int]) -> ArtBands | None:
    """The file's art as bands, if it is of a kind read that way (else None: decode it whole).

    `size`: the image's size as Qt reads its header; the file's own header must agree.
    """
    png = png_layout(path)
    if png is not None:
        return BandedPng(path, png) if (png.width, png.height) == size else None
    jpeg = jpeg_layout(path)
    if jpeg is not None and (jpeg.width, jpeg.height) == size:
        return BandedJpeg(path, jpeg)
    return None


MAX_IMAGE_SIDE = 16384
"""Map images up to 16384 x 16384 pixels decode at full size; larger ones are scaled to fit."""


def read_map_image(path: str) -> QImage:
    """Decode a map image, however big: a null image only when Qt cannot read the file.

    Qt refuses to decode past its default allocation limit (256 MB, so an 8000 x 8000 map
    failed silently); the limit is raised for the image from its header instead (it is one
    for the whole app, so it is never lowered: `allow_decoding`), and a side over
    `MAX_IMAGE_SIDE` is scaled down to it. An image over the pixel budget (R-135) is not
    decoded at all: a null image.
    """
    reader = QImageReader(path)
    reader.setAutoTransform(True)
    size = reader.size()
    if size.isValid() and over_pixel_budget(size.width(), size.height()):
        return QImage()  # Qt would allocate it whole before any scaling
    if size.isValid() and size.width() > 0 and size.height() > 0:
        scale = min(1.0, MAX_IMAGE_SIDE / max(size.width(), size.height()))
        if scale < 1.0:
            size = size * scale
            reader.setScaledSize(size)
        allow_decoding(size.width(), size.height())
    return reader.read()


def image_size(path: str) -> tuple[int, int] | None:
    """An image's size from its header (fast), or None when Qt cannot read the file."""
    reader = QImageReader(path)
    size = reader.size()
    if not reader.canRead() or not size.isValid() or size.width() <= 0:
        return None
    return (size.width(), size.height())
