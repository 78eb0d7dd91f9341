"""Decoding map images off the GUI thread, so opening a big map shows the grid at once.

A 3000x3000 PNG takes ~150 ms to decode, as much as the whole first-frame budget
(docs/design.md#budgets); the scene lays the grid and tokens out from the image's header (its size)
and paints the art when a worker thread has decoded it.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QImage, QImageReader

from orcus_desktop.model.uvtt.images import over_pixel_budget


class ImageLoader(QObject):
    """Loads images in the global thread pool and reports each in the GUI thread.

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

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pending: set[str] = set()
        self._decoded.connect(self._on_decoded)

    def load(self, path: str) -> None:
        """Start decoding `path` (once, however often asked while it is pending)."""
        if path in self._pending:
            return
        self._pending.add(path)
        QThreadPool.globalInstance().start(_LoadImage(path, self))

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def _on_decoded(self, path: str, image: QImage) -> None:
        self._pending.discard(path)
        self.loaded.emit(path, image)


class _LoadImage(QRunnable):
    def __init__(self, path: str, sink: ImageLoader) -> None:
        super().__init__()
        self._path = path
        self._sink = sink

    def run(self) -> None:
        image = read_map_image(self._path)
        # Queued to the sink's (GUI) thread because it lives there; RuntimeError: the scene
        # (and its loader) went away while this image decoded.
        with contextlib.suppress(RuntimeError):
            self._sink._decoded.emit(self._path, image)


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
