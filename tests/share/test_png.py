"""The pictures' PNG files: what a browser decodes is the picture, and nothing else is in them."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from PySide6.QtGui import QImage

from orcus_desktop.ui.share.png import png_bytes, png_chunk_types


def decoded(data: bytes) -> np.ndarray:
    image = QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB888)
    assert not image.isNull()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    rows = raw.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 3]
    return rows.reshape(image.height(), image.width(), 3).copy()  # before the image goes


@pytest.mark.parametrize("bands", [1, 2, 3, 7])
def test_a_picture_decodes_to_its_own_pixels_however_it_was_banded(bands: int) -> None:
    rng = np.random.default_rng(bands)
    pixels = rng.integers(0, 256, size=(37, 53, 3), dtype=np.uint8)
    pixels[10:20] = 200  # flat runs as a map has, and noise
    with ThreadPoolExecutor(2) as pool:
        data = png_bytes(pixels, bands, pool.map)
    assert np.array_equal(decoded(data), pixels)


def test_only_the_picture_s_own_chunks_are_written() -> None:
    data = png_bytes(np.zeros((4, 4, 3), dtype=np.uint8))
    assert png_chunk_types(data) == [b"IHDR", b"IDAT", b"IEND"]
