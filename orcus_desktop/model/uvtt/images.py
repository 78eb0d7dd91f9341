"""The map image inside a Universal VTT file: its kind and size from its header, and storage.

Qt-free on purpose: the reader must tell a bad file from a good one before anything is written,
and the size in pixels (read from the PNG or WebP header, no decoding) calibrates the grid.
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from orcus_desktop.model.atomic_file import write_atomically

MAX_IMAGE_SIDE = 32768
"""Pixels along either side; a larger image is refused as absurd (no tool exports one)."""
MAX_IMAGE_PIXELS = 100_000_000
"""The pixel budget of a map image, checked from its header before it is decoded (R-135): a
100 x 100-square map at 100 pixels a square. Decoded, it takes 4 bytes a pixel (400 MB); a
1.4 MB file can hold a 16,384 x 16,384 image that would take over 1 GB (issue 29)."""


def over_pixel_budget(width: int, height: int) -> str:
    """Why an image of this size is not decoded, or "" when it is within `MAX_IMAGE_PIXELS`."""
    if width * height <= MAX_IMAGE_PIXELS:
        return ""
    return (
        f"{width:,} x {height:,} pixels is more than the {MAX_IMAGE_PIXELS // 1_000_000} "
        "megapixels a map image may have (docs/rulings.md R-135)"
    )


class ImageKind(StrEnum):
    """The image formats a Universal VTT file embeds (its file suffix)."""

    PNG = "png"
    WEBP = "webp"


@dataclass(frozen=True, slots=True)
class ImageHeader:
    """What an image's first bytes say: its format and its size in pixels."""

    kind: ImageKind
    width: int
    height: int


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def read_header(data: bytes) -> ImageHeader | None:
    """The kind and size of a PNG or WebP image, or None when `data` is neither (or truncated)."""
    if data.startswith(_PNG_SIGNATURE) and len(data) >= 24 and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return ImageHeader(ImageKind.PNG, width, height)
    if len(data) >= 30 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_header(data)
    return None


def _webp_header(data: bytes) -> ImageHeader | None:
    chunk = data[12:16]
    if chunk == b"VP8 " and data[23:26] == b"\x9d\x01\x2a":  # lossy: key frame start code
        width, height = struct.unpack("<HH", data[26:30])
        return ImageHeader(ImageKind.WEBP, width & 0x3FFF, height & 0x3FFF)
    if chunk == b"VP8L" and data[20] == 0x2F:  # lossless: 14-bit width-1, height-1
        bits = int.from_bytes(data[21:25], "little")
        return ImageHeader(ImageKind.WEBP, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if chunk == b"VP8X":  # extended: 24-bit canvas width-1, height-1
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return ImageHeader(ImageKind.WEBP, width, height)
    return None


def blank_png(width: int, height: int) -> bytes:
    """A white 1-bit greyscale PNG: the art of a map exported without an image."""
    row = b"\x00" + b"\xff" * ((width + 7) // 8)  # filter byte "none", then the pixels
    compressor = zlib.compressobj(9)
    parts = [compressor.compress(row) for _ in range(height)]
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        _PNG_SIGNATURE
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", b"".join(parts))
        + _png_chunk(b"IEND", b"")
    )


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def store_image(data: bytes, kind: ImageKind, folder: Path, stem: str) -> tuple[Path, bool]:
    """Write an image as `<folder>/<stem>.<kind>` (or `<stem>-2...` when that name is taken).

    A file there with the same bytes is reused, so importing a map twice writes it once.

    Returns:
        The image's path and whether this call created the file (the caller deletes a created
        file again when the import is refused or cancelled: nothing half-imported stays).

    Raises:
        OSError: the folder cannot be created or written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    safe = _UNSAFE.sub("-", stem).strip(".-") or "map"
    # Bytes compared as they are: hashlib would load OpenSSL's libcrypto (3.4 MB resident) into
    # every start of the app (issue 14) for a comparison of two files.
    for n in range(1, 1000):
        target = folder / (f"{safe}.{kind.value}" if n == 1 else f"{safe}-{n}.{kind.value}")
        if target.exists():
            same_size = target.is_file() and target.stat().st_size == len(data)
            if same_size and target.read_bytes() == data:
                return target, False
            continue
        write_atomically(target, data)
        return target, True
    raise OSError(f"{folder}: too many images named {safe}")
