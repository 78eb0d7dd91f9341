"""A minimal PNG writer: pixels in, PNG bytes out, and nothing else in the file.

Qt's PNG writer takes 100 ms and more for the demo's picture at its quickest setting (it tries
every row filter); this one writes 8-bit RGB with the "Up" filter and zlib level 2, and can
compress bands of rows on several threads at once (zlib lets go of the GIL while it works): each
band is a run of raw deflate blocks ended on a byte boundary (a full flush), so the bands joined
are one deflate stream, as pigz makes them. Only the IHDR, IDAT and IEND chunks are written: no
text, time or name can ride along (issue 32).
"""

from __future__ import annotations

import itertools
import struct
import zlib
from collections.abc import Callable, Iterable, Iterator

import numpy as np
import numpy.typing as npt

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_LEVEL = 2
ZLIB_HEADER = b"\x78\x5e"  # deflate, 32 KiB window, "fast" level (2 to 5); a multiple of 31
_FILTER_UP = 2

Band = Callable[[bytes, bool], bytes]
Mapper = Callable[[Band, Iterable[bytes], Iterable[bool]], Iterator[bytes]]
"""`map` itself, or an executor's: how the bands are compressed (in order)."""


def png_bytes(rgb: npt.NDArray[np.uint8], bands: int = 1, mapper: Mapper = map) -> bytes:
    """An (height, width, 3) array of 8-bit RGB pixels as a PNG file.

    Args:
        rgb: the pixels, row by row.
        bands: how many runs of rows are compressed apart (by `mapper`, perhaps at once).
        mapper: `map`, or `executor.map` to compress the bands on its threads.
    """
    height, width, channels = rgb.shape
    if channels != 3:
        raise ValueError(f"expected RGB pixels, got {channels} channels")
    rows = rgb.reshape(height, width * 3)
    filtered = np.empty((height, width * 3 + 1), dtype=np.uint8)
    filtered[:, 0] = _FILTER_UP
    filtered[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:])  # wraps modulo 256, as PNG's does
    data = filtered.tobytes()
    row_bytes = width * 3 + 1
    cuts = [round(i * height / max(1, bands)) * row_bytes for i in range(max(1, bands) + 1)]
    pieces = [data[a:b] for a, b in itertools.pairwise(cuts) if b > a]
    lasts = [i == len(pieces) - 1 for i in range(len(pieces))]
    deflated = b"".join(mapper(_deflate_band, pieces, lasts))
    stream = ZLIB_HEADER + deflated + struct.pack(">I", zlib.adler32(data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"".join(
        (SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", stream), _chunk(b"IEND", b""))
    )


def _deflate_band(piece: bytes, last: bool) -> bytes:
    """Raw deflate blocks of `piece`: the final block if `last`, else flushed to a byte."""
    compressor = zlib.compressobj(ZLIB_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(piece) + compressor.flush(
        zlib.Z_FINISH if last else zlib.Z_FULL_FLUSH
    )


def png_chunk_types(data: bytes) -> list[bytes]:
    """The chunk types of a PNG file in order (what a reader checks carries no text)."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG file")
    types: list[bytes] = []
    at = len(SIGNATURE)
    while at + 8 <= len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        types.append(data[at + 4 : at + 8])
        at += 12 + length
    return types


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
