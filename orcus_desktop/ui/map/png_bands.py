"""Decoding a big PNG a band of rows at a time, so its whole art is never in memory at once.

Qt decodes a PNG whole: a clip rect or a scaled size still decodes every pixel first (an 8,400
px map is 282 MB at once, issue 33; measured with QImageReader's `setClipRect` and
`setScaledSize`). A PNG's pixels are one zlib stream of filtered rows, each row depending only
on itself and the raw row above it; so a band of rows decodes alone, by Qt, as a small PNG of
its own: the raw row above the band (filter "None") and then the band's rows as stored. The
stream's state where each band starts (`zlib.Decompress.copy`) and the raw row above the band
are kept (about 60 KB a band), so any band decodes again later without the rows before it
(docs/rulings.md R-168).

Only the common kind is read this way: 8-bit RGB or RGBA, not interlaced, no transparency
chunk. `png_layout` returns None for every other image, which is decoded whole.
"""

from __future__ import annotations

import math
import struct
import threading
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QPoint
from PySide6.QtGui import QImage, QImageReader

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BAND_ROWS = 256
"""Rows of art decoded together (a band is then cut into tiles)."""
READ_BYTES = 1 << 18
"""Compressed bytes read from the file at a time."""

_FORMATS: Final = {3: QImage.Format.Format_RGB32, 4: QImage.Format.Format_ARGB32}
"""What Qt decodes an 8-bit RGB and RGBA PNG to (the raw row above a band is read back)."""


class PngBandError(ValueError):
    """The file is not the PNG its header promised (truncated or corrupt)."""


@dataclass(frozen=True, slots=True)
class PngLayout:
    """What banded decoding needs from a PNG's chunks."""

    width: int
    height: int
    channels: int
    idat: tuple[tuple[int, int], ...]
    """Each IDAT chunk's data: file offset and length (the zlib stream, in pieces)."""

    @property
    def stride(self) -> int:
        """Bytes of one stored row: its filter byte and its samples."""
        return 1 + self.width * self.channels

    @property
    def bands(self) -> int:
        return math.ceil(self.height / BAND_ROWS)

    def band_rows(self, band: int) -> tuple[int, int]:
        """The art's rows [first, end) in `band`."""
        first = band * BAND_ROWS
        return first, min(self.height, first + BAND_ROWS)


def png_layout(path: str) -> PngLayout | None:
    """The layout of a PNG decodable in bands, or None (another kind, or not a PNG)."""
    try:
        with open(path, "rb") as file:
            return _read_layout(file)
    except (OSError, struct.error):
        return None


def _read_layout(file: object) -> PngLayout | None:
    read = file.read  # type: ignore[attr-defined]
    seek = file.seek  # type: ignore[attr-defined]
    tell = file.tell  # type: ignore[attr-defined]
    if read(8) != SIGNATURE:
        return None
    header: tuple[int, int, int] | None = None
    idat: list[tuple[int, int]] = []
    while True:
        head = read(8)
        if len(head) < 8:
            return None
        length, kind = struct.unpack(">I4s", head)
        if kind == b"IHDR":
            data = read(length)
            seek(4, 1)
            width, height, depth, colour, method, filtering, interlace = struct.unpack(
                ">IIBBBBB", data
            )
            if depth != 8 or colour not in (2, 6) or method or filtering or interlace:
                return None
            header = (width, height, 3 if colour == 2 else 4)
        elif kind == b"IDAT":
            idat.append((tell(), length))
            seek(length + 4, 1)
        elif kind == b"tRNS":  # a transparent colour: Qt's pixels are not the samples
            return None
        elif kind == b"IEND":
            break
        else:
            seek(length + 4, 1)
    if header is None or not idat or header[0] <= 0 or header[1] <= 0:
        return None
    return PngLayout(header[0], header[1], header[2], tuple(idat))


@dataclass(frozen=True, slots=True)
class _Mark:
    """Where a band starts: the zlib state, compressed bytes consumed, the raw row above."""

    state: zlib._Decompress
    consumed: int
    row_above: bytes


class BandedPng:
    """A PNG decoded band by band: once in order (`decode_all`), then any band again (`band`).

    `band` may run in several threads at once; each works on its own copy of the zlib state.
    """

    bands_a_read = 1
    """Each band decodes alone from its mark, so each is read on its own, several at once."""
    one_read_at_a_time = False

    def __init__(self, path: str, layout: PngLayout) -> None:
        self.path = path
        self.layout = layout
        self._marks: list[_Mark | None] = [None] * layout.bands
        self._lock = threading.Lock()

    @property
    def size(self) -> tuple[int, int]:
        return (self.layout.width, self.layout.height)

    @property
    def alpha(self) -> bool:
        return self.layout.channels == 4

    def sweep(
        self, wanted: tuple[int, int], each: Callable[[int, int, QImage, int], None]
    ) -> None:
        """`decode_all`, telling `each(first, end, image, top)` of each band.

        The band's art rows [first, end) lie from the image's row `top`, at full size
        (whatever is `wanted`: a PNG has no cheaper smaller decode).
        """
        del wanted

        def band_rows(band: int, image: QImage) -> None:
            first, end = self.layout.band_rows(band)
            each(first, end, image, self.band_top(band))

        self.decode_all(band_rows)

    def read(self, first: int, end: int, left: int, right: int) -> tuple[QImage, QPoint]:
        """Band `first` decoded again (`end` is `first + 1`; each band is a read of its own).

        Returns the band's image (every column) and the art pixel at its top left corner.

        Raises:
            PngBandError: as `band`.
        """
        del end, left, right
        image = self.band(first)
        return image, QPoint(0, self.layout.band_rows(first)[0] - self.band_top(first))

    def decode_all(self, each: Callable[[int, QImage], None]) -> None:
        """Decode every band in order, keeping where each starts; `each(band, image)`.

        The image holds the raw row above the band first (row 0) except for band 0: use
        `band_top(band)` for the band's first row in it.

        Raises:
            PngBandError: the file is truncated or corrupt.
        """
        mark = _Mark(zlib.decompressobj(), 0, b"")
        for band in range(self.layout.bands):
            with self._lock:
                self._marks[band] = mark
            first, end = self.layout.band_rows(band)
            raw, state, consumed = self._inflate(mark, (end - first) * self.layout.stride)
            image = _band_image(self.layout, raw, mark.row_above)
            each(band, image)
            mark = _Mark(state, consumed, _last_raw_row(image, self.layout.channels))

    def band(self, band: int) -> QImage:
        """Band `band` decoded again (after `decode_all` went past it), as `decode_all` gives it.

        Raises:
            PngBandError: the band was never reached, or the file changed since.
        """
        with self._lock:
            mark = self._marks[band]
        if mark is None:
            raise PngBandError(f"band {band} was not decoded yet")
        first, end = self.layout.band_rows(band)
        raw, _state, _consumed = self._inflate(mark, (end - first) * self.layout.stride)
        return _band_image(self.layout, raw, mark.row_above)

    @staticmethod
    def band_top(band: int) -> int:
        """The row of a band's image where the band's own rows start."""
        return 0 if band == 0 else 1

    def _inflate(self, mark: _Mark, need: int) -> tuple[list[bytes], zlib._Decompress, int]:
        """`need` bytes of stored rows from `mark` on, in pieces.

        Returns the pieces, the zlib state after them and the compressed bytes consumed.
        """
        state = mark.state.copy()
        out: list[bytes] = []
        got = 0
        fed = 0
        pending = b""
        pieces = self._compressed(mark.consumed)
        while got < need:
            if not pending:
                pending = next(pieces, b"")
                if not pending:
                    raise PngBandError("the image data ends early")
                fed += len(pending)
            try:
                piece = state.decompress(pending, need - got)
            except zlib.error as exc:
                raise PngBandError(f"the image data is corrupt ({exc})") from None
            out.append(piece)
            got += len(piece)
            pending = state.unconsumed_tail
            if state.eof and got < need:
                raise PngBandError("the image data ends early")
        return out, state, mark.consumed + fed - len(pending)

    def _compressed(self, start: int) -> Iterator[bytes]:
        """The zlib stream's bytes from `start` on, in pieces read from the file."""
        with open(self.path, "rb") as file:
            position = 0
            for offset, length in self.layout.idat:
                if position + length <= start:
                    position += length
                    continue
                skip = max(0, start - position)
                file.seek(offset + skip)
                remaining = length - skip
                while remaining:
                    piece = file.read(min(remaining, READ_BYTES))
                    if not piece:
                        return
                    remaining -= len(piece)
                    yield piece
                position += length


def _chunk(kind: bytes, *parts: bytes | memoryview) -> list[bytes | memoryview]:
    """A chunk as pieces to join: its length, kind, data pieces and CRC."""
    crc = zlib.crc32(kind)
    for part in parts:
        crc = zlib.crc32(part, crc)
    length = sum(len(part) for part in parts)
    return [struct.pack(">I", length), kind, *parts, struct.pack(">I", crc)]


def _stored_zlib(parts: list[bytes]) -> list[bytes | memoryview]:
    """`parts` as one zlib stream of stored (uncompressed) blocks, as pieces to join.

    Qt needs a zlib stream; storing costs a checksum and no compression.
    """
    pieces: list[bytes | memoryview] = [b"\x78\x01"]
    adler = 1
    views = [memoryview(part) for part in parts if part]
    for index, view in enumerate(views):
        adler = zlib.adler32(view, adler)
        for start in range(0, len(view), _STORED_BLOCK):
            block = view[start : start + _STORED_BLOCK]
            final = index == len(views) - 1 and start + _STORED_BLOCK >= len(view)
            pieces.append(struct.pack("<BHH", final, len(block), len(block) ^ 0xFFFF))
            pieces.append(block)
    pieces.append(struct.pack(">I", adler))
    return pieces


_STORED_BLOCK = 65535
"""The most bytes a stored deflate block holds."""


def _band_image(layout: PngLayout, raw: list[bytes], row_above: bytes) -> QImage:
    """Qt's decode of the stored rows `raw`, under the raw row above them (when there is one)."""
    rows = sum(len(piece) for piece in raw) // layout.stride + (1 if row_above else 0)
    colour = 2 if layout.channels == 3 else 6
    header = struct.pack(">IIBBBBB", layout.width, rows, 8, colour, 0, 0, 0)
    stored = _stored_zlib([b"\x00" + row_above, *raw] if row_above else raw)
    data = QByteArray(
        b"".join(
            [SIGNATURE, *_chunk(b"IHDR", header), *_chunk(b"IDAT", *stored), *_chunk(b"IEND")]
        )
    )
    # QImageReader lets other threads run while it decodes (QImage.fromData held Python's
    # lock: the GUI thread stalled up to 150 ms a band).
    buffer = QBuffer(data)
    reader = QImageReader(buffer, QByteArray(b"PNG"))
    image = reader.read()
    if image.isNull() or image.height() != rows:
        raise PngBandError("the image data is corrupt")
    if image.format() != _FORMATS[layout.channels]:
        raise PngBandError(f"Qt decoded a band as {image.format()}")
    return image


def _last_raw_row(image: QImage, channels: int) -> bytes:
    """The samples of the image's last row as the PNG stores them (R, G, B[, A])."""
    row = image.height() - 1
    start = row * image.bytesPerLine()
    pixels = np.frombuffer(
        image.constBits(), dtype=np.uint8, count=image.width() * 4, offset=start
    ).reshape(-1, 4)
    # 32-bit pixels 0xAARRGGBB in the machine's byte order: little-endian B, G, R, A
    order = [2, 1, 0] if channels == 3 else [2, 1, 0, 3]
    if np.little_endian:
        return pixels[:, order].tobytes()
    return pixels[:, [1, 2, 3] if channels == 3 else [1, 2, 3, 0]].tobytes()
