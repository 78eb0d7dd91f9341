"""Cycles are freed in the GUI thread only (`ui.gui_thread_gc`).

A Qt object freed in a worker thread crashed the suite (a segfault in `tests/ui/test_map_art.py`,
making a QObject right after an art's tile feed had been freed in a decoder thread). These tests
stand for the GM's app, which must never crash mid-evening that way.
"""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.ui.gui_thread_gc import collect_in_gui_thread
from orcus_desktop.ui.map.map_art import MapArt
from orcus_desktop.ui.map.png_bands import BAND_ROWS, BandedPng, png_layout


class _Cycle:
    """Garbage in a cycle that notes the thread it is freed in."""

    def __init__(self, freed_in: list[str]) -> None:
        self.me = self
        self._freed_in = freed_in

    def __del__(self) -> None:
        self._freed_in.append(threading.current_thread().name)


def _allocate_a_lot(kept: list[object]) -> None:
    """What a decoder thread does to Python's counts: many new objects, kept."""
    kept.extend([n] for n in range(200_000))


def test_a_worker_threads_allocations_never_free_cycles_there(
    qtbot: QtBot, qapp: QApplication
) -> None:
    collector = collect_in_gui_thread(qapp)
    assert not gc.isenabled()  # the app's collector owns collection
    freed_in: list[str] = []
    _Cycle(freed_in)  # unreachable at once, but only a collection frees it
    kept: list[object] = []
    worker = threading.Thread(target=_allocate_a_lot, args=(kept,), name="decoder")
    worker.start()
    worker.join()
    assert freed_in == []  # the worker's allocations collected nothing in the worker
    qtbot.waitUntil(lambda: bool(freed_in), timeout=5_000)  # the GUI thread's timer did
    assert freed_in == [threading.main_thread().name]
    assert collect_in_gui_thread(qapp) is collector  # one per application


def test_a_closed_map_hears_nothing_of_tiles_decoded_after_it_closed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Tiles the GM's map asked for and that come after it closed change nothing, raise nothing;
    the art, shared with the maps still open, keeps them."""
    path = _banded_png(tmp_path, 2000, 3 * BAND_ROWS)
    layout = png_layout(path)
    assert layout is not None
    art = MapArt.from_bands(BandedPng(path, layout))
    heard: dict[str, list[QRect]] = {"open": [], "closed": []}
    open_map = _Listening(heard["open"])
    closed_map = _Listening(heard["closed"])
    art.add_detail_listener(open_map.heard)
    art.add_detail_listener(closed_map.heard)
    _draw_at_full_detail(art)  # asks the decoder threads for the tiles on screen
    assert art.detail_pending
    shiboken6.delete(closed_map)  # the GM closed that map meanwhile
    qtbot.waitUntil(lambda: not art.detail_pending, timeout=20_000)
    assert heard["open"]
    assert not heard["closed"]
    assert art.tile_bytes > 0


class _Listening(QObject):
    def __init__(self, heard: list[QRect]) -> None:
        super().__init__()
        self._heard = heard

    def heard(self, pixels: QRect) -> None:
        assert threading.current_thread() is threading.main_thread()  # the GUI thread's
        self._heard.append(pixels)


def _banded_png(tmp_path: Path, width: int, height: int) -> str:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("olive"))
    path = tmp_path / "art.png"
    assert image.save(str(path))
    return str(path)


def _draw_at_full_detail(art: MapArt) -> None:
    """One screen of the GM's map, one art pixel a screen pixel, at the art's top left."""
    out = QImage(600, 400, QImage.Format.Format_RGB32)
    painter = QPainter(out)
    size = QRectF(0, 0, art.size[0], art.size[1])
    art.draw(painter, QRectF(0, 0, 600, 400), size, detail=True)
    painter.end()
