"""Decoding a map image whole, however big (the kinds not read by bands, and small art)."""

from __future__ import annotations

from PySide6.QtGui import QImage, QImageReader

from orcus_desktop.ui.map.jpeg_bands import allow_decoding

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
    # here, not at the top: the art cache's process then imports no document model
    from orcus_desktop.model.uvtt.images import over_pixel_budget

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
