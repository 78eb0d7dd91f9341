"""Reading a big baseline JPEG a range of rows at a time, so its art is never whole in memory.

Qt's JPEG reader (libjpeg-turbo) honours a clip rect and a scaled size: it allocates only the
clip, and a scaled size is decoded at a DCT scale (1/2, 1/4, 1/8) for a fraction of the work.
But every read starts at the file's top: the rows above a clip are decoded and thrown away, so
a clip's cost grows with its row, to about a whole decode at the bottom (measured,
docs/benchmarks.md "Big JPEG maps"). So the overview is made in a few tall strips at a DCT
scale, and the GM's tiles are read a run of bands at a time, one read at a time
(docs/rulings.md R-230).

Only baseline JPEGs are read this way: a progressive one needs libjpeg's whole-image
coefficient buffer for any read (about 200 MB for 8,400 px), and a JPEG whose EXIF orientation
turns or mirrors it would need its clip rects mapped; both are decoded whole, as before.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO, Final

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QImage, QImageIOHandler, QImageReader

from orcus_desktop.ui.map.png_bands import BAND_ROWS

STRIP_BYTES = 32 * 1024 * 1024
"""Decoded bytes of one strip of the overview's sweep (each strip is one read from the top)."""
READ_BANDS = 8
"""The most bands one read for the GM's tiles decodes (a screenful at full detail)."""

StripHandler = Callable[[int, int, QImage, int], None]
"""Told each strip of a sweep: its art rows [first, end), its image, the image's first row."""

_SEQUENTIAL: Final = (0xC0, 0xC1)
"""Start-of-frame markers of baseline and extended sequential Huffman JPEGs."""
_OTHER_FRAMES: Final = frozenset({0xC2, 0xC3, *range(0xC5, 0xC8), *range(0xC9, 0xCC)}) | {
    0xCD,
    0xCE,
    0xCF,
}
"""Start-of-frame markers of every other kind (progressive, lossless, arithmetic)."""
PROGRESSIVE: Final = (0xC2,)
"""The start-of-frame marker of a progressive Huffman JPEG."""
_NO_LENGTH: Final = frozenset({0x01, *range(0xD0, 0xD8)})
"""Markers without a length field (TEM, RSTn)."""


def allow_decoding(width: int, height: int) -> None:
    """Let Qt decode an image of `width` x `height` 32-bit pixels (and its decoder's rounding).

    Qt's allocation limit (256 MB by default) is one for the whole app, not a reader's own: it is
    only ever raised here, so a decode in one thread is never refused for another's smaller
    image (a limit set for a small map once refused every later big one's strips).
    """
    needed = width * height * 4 // (1024 * 1024) + 16
    limit = QImageReader.allocationLimit()
    if 0 < limit < needed:  # 0: no limit
        QImageReader.setAllocationLimit(needed)


class JpegBandError(ValueError):
    """The file is not the JPEG its header promised (truncated, changed or corrupt)."""


@dataclass(frozen=True, slots=True)
class JpegLayout:
    """What reading by rows needs from a JPEG's header."""

    width: int
    height: int
    components: int


def jpeg_layout(path: str, frames: tuple[int, ...] = _SEQUENTIAL) -> JpegLayout | None:
    """The layout of a baseline JPEG read by rows, or None (another kind, or not a JPEG).

    A JPEG whose EXIF orientation is not the stored one is None too (decoded whole, R-230).
    `frames`: the start-of-frame markers taken (`PROGRESSIVE`: a progressive JPEG's, which the
    art cache's process reads in strips, R-262).
    """
    try:
        with open(path, "rb") as file:
            layout = _read_frame(file, frames)
    except (OSError, struct.error):
        return None
    if layout is None:
        return None
    reader = QImageReader(path)
    size = reader.size()
    if reader.transformation() != QImageIOHandler.Transformation.TransformationNone:
        return None
    if (size.width(), size.height()) != (layout.width, layout.height):
        return None
    return layout


def _read_frame(file: BinaryIO, frames: tuple[int, ...]) -> JpegLayout | None:
    """Walk the markers before the first scan to the frame header (SOF)."""
    if file.read(2) != b"\xff\xd8":
        return None
    while True:
        byte = file.read(1)
        if not byte:
            return None
        if byte != b"\xff":
            return None  # markers follow each other before the first scan
        marker = file.read(1)
        while marker == b"\xff":  # fill bytes
            marker = file.read(1)
        if not marker:
            return None
        kind = marker[0]
        if kind in _NO_LENGTH:
            continue
        if kind in (0xDA, 0xD9):  # a scan or the end before any frame
            return None
        (length,) = struct.unpack(">H", file.read(2))
        if kind in frames:
            precision, height, width, components = struct.unpack(">BHHB", file.read(6))
            if precision != 8 or height <= 0 or width <= 0 or components not in (1, 3):
                return None
            return JpegLayout(width, height, components)
        if kind in _SEQUENTIAL or kind in _OTHER_FRAMES:
            return None
        file.seek(length - 2, 1)


class BandedJpeg:
    """A baseline JPEG read by rows: once in strips for the overview, then bands on demand.

    Reads may run in any thread (each opens its own reader); one at a time is enough, since
    each decodes every row above what it is asked (`one_read_at_a_time`).
    """

    bands_a_read = READ_BANDS
    one_read_at_a_time = True
    alpha = False

    def __init__(self, path: str, layout: JpegLayout, *, strip_bytes: int = STRIP_BYTES) -> None:
        self.path = path
        self.layout = layout
        self.strip_bytes = strip_bytes
        """Decoded bytes of one strip of a sweep (the app's: `STRIP_BYTES`)."""

    @property
    def size(self) -> tuple[int, int]:
        return (self.layout.width, self.layout.height)

    def sweep_scale(self, wanted: tuple[int, int]) -> int:
        """The DCT scale's divisor (8, 4, 2 or 1) for a sweep giving at least `wanted` pixels.

        Qt scales a clip at a DCT scale only when the clip's edges divide by its divisor.
        """
        width, height = self.size
        for divisor in (8, 4, 2):
            if (
                width % divisor == 0
                and height % divisor == 0
                and width // divisor >= wanted[0]
                and height // divisor >= wanted[1]
            ):
                return divisor
        return 1

    def sweep(self, wanted: tuple[int, int], each: StripHandler) -> None:
        """Decode the whole art once, top to bottom, in strips of at most `strip_bytes`.

        `each(first, end, image, top)`: the art's rows [first, end), at a DCT scale giving at
        least `wanted` pixels (the image's width over the art's), from the image's row `top`.
        Each strip is a read from the file's top, so strips are tall.

        Raises:
            JpegBandError: the file changed or is corrupt.
        """
        width, height = self.size
        divisor = self.sweep_scale(wanted)
        strip_rows = self.strip_bytes // (math.ceil(width / divisor) * 4) * divisor
        strip_rows = max(BAND_ROWS, strip_rows // BAND_ROWS * BAND_ROWS)
        for first in range(0, height, strip_rows):
            end = min(height, first + strip_rows)
            each(first, end, self._read(QRect(0, first, width, end - first), divisor), 0)

    def read(self, first: int, end: int, left: int, right: int) -> tuple[QImage, QPoint]:
        """The art's bands [first, end), columns [left, right), at full detail.

        Returns the image and the art pixel at its top left corner.

        Raises:
            JpegBandError: the file changed or is corrupt.
        """
        top = first * BAND_ROWS
        bottom = min(self.layout.height, end * BAND_ROWS)
        image = self._read(QRect(left, top, right - left, bottom - top), 1)
        return image, QPoint(left, top)

    def _read(self, clip: QRect, divisor: int) -> QImage:
        reader = QImageReader(self.path)
        reader.setAutoTransform(False)  # the clip is in the file's rows (no orientation)
        reader.setClipRect(clip)
        wanted = QSize(clip.width() // divisor, clip.height() // divisor)
        allow_decoding(wanted.width(), wanted.height())
        if divisor > 1:
            reader.setScaledSize(wanted)
        image = reader.read()
        if image.isNull() or image.size() != wanted:
            raise JpegBandError(f"the JPEG could not be read ({reader.errorString()})")
        return image
