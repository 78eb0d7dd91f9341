"""Decoding map images off the GUI thread, so opening a big map shows the grid at once.

A 3000x3000 PNG takes ~150 ms to decode, as much as the whole first-frame budget
(docs/design.md#budgets); the scene lays the grid and tokens out from the image's header (its size)
and paints the art when a worker thread has decoded it.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QImage, QImageReader

from orcus_desktop.model.uvtt.images import over_pixel_budget

PLAYERS_ART_SIDE = 4096
"""The players' view shows the whole map on one screen: its art is fitted within this side."""


class ImageLoader(QObject):
    """Loads images in the global thread pool and reports each in the GUI thread.

    One copy of the art (issue 33): loaders asking for the same file share one decode, and the
    last art decoded is kept for a loader that asks for it later (the player view opened after
    the GM's map). A loader for the players' view gets the art fitted within
    `PLAYERS_ART_SIDE`, made once from the same decode; QImage data is shared, not copied.

    Args:
        parent: the owning object.
        players: the players' view: the fitted art, not the full one.

    Signals:
        loaded: (path, image) when a load finished; the image is null if it was unreadable.
            Emitted in the GUI thread, so every receiver there has run by the time `busy`
            turns False for that path.
    """

    loaded = Signal(str, QImage)
    # The worker reports here, and only this one slot listens. A cross-thread emit posts one
    # event per receiver, so if `loaded` itself came from the worker, the pending set could be
    # cleared (busy False) before the scene's slot had put the art in place: a screenshot or a
    # test waiting on `busy` would then see an empty background.
    _decoded = Signal(str, QImage)

    def __init__(self, parent: QObject | None = None, *, players: bool = False) -> None:
        super().__init__(parent)
        self.players = players
        self._pending: set[str] = set()
        self._decoded.connect(self._on_decoded)

    def load(self, path: str) -> None:
        """Start decoding `path` (once, however often asked while it is pending)."""
        if path in self._pending:
            return
        self._pending.add(path)
        _SHARED.ask(path, self)

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def deliver(self, path: str, art: _Art) -> None:
        """Report `art` (from any thread): the GUI thread gets it as a queued `loaded`."""
        with contextlib.suppress(RuntimeError):  # the loader went away meanwhile
            self._decoded.emit(path, art.players if self.players else art.full)

    def _on_decoded(self, path: str, image: QImage) -> None:
        self._pending.discard(path)
        self.loaded.emit(path, image)


@dataclass(frozen=True, slots=True)
class _Art:
    """One file's art: full size, and fitted for the players' view (null if not made)."""

    full: QImage
    players: QImage


class _SharedDecodes:
    """The decodes in flight and the last art decoded, shared by every loader."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[str, list[ImageLoader]] = {}
        self._latest: tuple[str, _Art] | None = None

    def ask(self, path: str, loader: ImageLoader) -> None:
        with self._lock:
            latest = self._latest
            if latest is not None and latest[0] == path:
                art = latest[1]
                if not loader.players or not art.players.isNull():
                    # queued, as from a worker: `busy` turns False in a later event-loop pass
                    QTimer.singleShot(0, loader, lambda: loader.deliver(path, art))
                    return
            waiting = self._waiting.setdefault(path, [])
            waiting.append(loader)
            if len(waiting) > 1:
                return  # decoding already
        known = latest[1].full if latest is not None and latest[0] == path else None
        QThreadPool.globalInstance().start(_LoadImage(path, known, self))

    def done(self, path: str, full: QImage) -> None:
        """From the worker: the art of `path`; hands it to every loader waiting for it."""
        readable = not full.isNull()
        players = players_art(full) if readable and self._wants_players(path) else QImage()
        with self._lock:
            loaders = self._waiting.pop(path, [])
        if readable and players.isNull() and any(loader.players for loader in loaders):
            players = players_art(full)  # a players' loader came while the art decoded
        art = _Art(full, players)
        if readable:
            with self._lock:
                self._latest = (path, art)
        for loader in loaders:
            loader.deliver(path, art)

    def _wants_players(self, path: str) -> bool:
        with self._lock:
            return any(loader.players for loader in self._waiting.get(path, []))


_SHARED = _SharedDecodes()


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


class _LoadImage(QRunnable):
    def __init__(self, path: str, known: QImage | None, shared: _SharedDecodes) -> None:
        super().__init__()
        self._path = path
        self._known = known
        self._shared = shared

    def run(self) -> None:
        # a loader for the players asking for the art already decoded: only the fitting
        image = self._known if self._known is not None else read_map_image(self._path)
        self._shared.done(self._path, image)


MAX_IMAGE_SIDE = 16384
"""Map images up to 16384 x 16384 pixels decode at full size; larger ones are scaled to fit."""


def read_map_image(path: str) -> QImage:
    """Decode a map image, however big: a null image only when Qt cannot read the file.

    Qt refuses to decode past its default allocation limit (256 MB, so an 8000 x 8000 map
    failed silently); the limit is set per image from its header instead, and a side over
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
        # 4 bytes a pixel (32-bit), in whole megabytes, with room for the decoder's rounding.
        reader.setAllocationLimit(size.width() * size.height() * 4 // (1024 * 1024) + 16)
    return reader.read()


def image_size(path: str) -> tuple[int, int] | None:
    """An image's size from its header (fast), or None when Qt cannot read the file."""
    reader = QImageReader(path)
    size = reader.size()
    if not reader.canRead() or not size.isValid() or size.width() <= 0:
        return None
    return (size.width(), size.height())
