"""The pictures the players' devices get: a players' scene rendered to PNG when it changes.

A `SharedPicture` is the Player view's map without its window: its own `MapScene` built with
`gm=False` (no item exists for a creature the GM hides, no hit points are drawn), the
`PlayerFog` (only what the party, or one hero, sees), the zones the GM shows and the players'
light. What leaves the GM's machine is its rendered pixels, nothing else: no name, id, path or
number of the document (issue 32).

Rendering runs on the GUI thread once per event-loop turn after the scene changed (a move
fires several changes: one picture); the PNG encoding runs on a worker thread, so the GM's
window waits only for the painting.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np
from PySide6.QtCore import QObject, QRectF, QTimer
from PySide6.QtGui import QColor, QImage, QPainter

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.map.layers import OFF_MAP
from orcus_desktop.ui.map.light_layer import LightLayer
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.share.png import png_bytes
from orcus_desktop.ui.zones import ZoneLayer

MAX_SIDE_PX = 2560
"""The longest side of a picture: the whole map at full detail up to 40 squares, then scaled."""


def encode_png(image: QImage) -> bytes:
    """A rendered picture (`QImage.Format_RGB32`) as PNG bytes (`png.png_bytes`).

    Safe on a worker thread: it only reads the image's pixels.
    """
    if image.format() != QImage.Format.Format_RGB32:
        raise ValueError("expected an RGB32 image")
    height, width = image.height(), image.width()
    pixels = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    bgra = pixels.reshape(height, image.bytesPerLine())[:, : width * 4].reshape(height, width, 4)
    rgb = bgra[:, :, 2::-1]  # RGB32 is B, G, R, unused in memory (little-endian)
    return png_bytes(rgb, DEFLATE_BANDS, _deflaters().map)


DEFLATE_BANDS = 2
"""Bands of rows compressed at once: the machine's second core halves the wait for a picture."""

_DEFLATERS: list[ThreadPoolExecutor] = []


def _deflaters() -> ThreadPoolExecutor:
    """The threads that compress a picture's bands (made on first use, kept for the run)."""
    if not _DEFLATERS:
        _DEFLATERS.append(
            ThreadPoolExecutor(max_workers=DEFLATE_BANDS, thread_name_prefix="orcus-share-zlib")
        )
    return _DEFLATERS[0]


class SharedPicture(QObject):
    """One view shared with the players: the party's, or one hero's own sight (R-145).

    Args:
        session: the GM's session (read, never changed).
        view: the name the server knows this view by.
        deliver: called on a worker thread with (view, PNG bytes) after each change.
        encoder: the worker that encodes (one for all pictures: they are sent in order).
        fog: the fog of war on (the GM's View > Fog of War on Player View).
        eyes: the one hero whose sight this view shows; None for the whole party.
        grid: the GM's grid line colour (the table sees one grid look), if known.
    """

    def __init__(
        self,
        session: GameSession,
        view: str,
        deliver: Callable[[str, bytes], None],
        encoder: ThreadPoolExecutor,
        *,
        fog: bool,
        eyes: str | None = None,
        grid: QColor | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.view = view
        self._deliver = deliver
        self._encoder = encoder
        self.scene = MapScene(session.document, rules=session.rules, gm=False, parent=self)
        if grid is not None:
            self.scene.set_grid_style(grid, grid.alphaF())
        self.fog = PlayerFog(
            self.scene,
            session.rules,
            enabled=fog,
            eyes=frozenset({eyes}) if eyes is not None else None,
            parent=self,
        )
        self.zones = ZoneLayer(self.scene, gm=False)
        self.light = LightLayer(self.scene, session, players=True, parent=self)
        self.renders = 0
        self.sent = 0
        self._last = QImage()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.render)
        self.scene.changed.connect(self._timer.start)
        self._timer.start()

    def set_fog_enabled(self, enabled: bool) -> None:
        self.fog.set_enabled(enabled)

    def set_grid_style(self, colour: QColor) -> None:
        self.scene.set_grid_style(colour, colour.alphaF())

    def render(self) -> QImage:
        """Paint the players' scene now and send it off to be encoded and delivered.

        A picture equal to the last one sent is not sent again (a repaint that changed nothing
        the players see costs the phones nothing).
        """
        self._timer.stop()
        image = render_scene(self.scene)
        self.renders += 1
        if image == self._last:
            return image
        self._last = image
        self.sent += 1
        future: Future[bytes] = self._encoder.submit(encode_png, image)
        view, deliver = self.view, self._deliver
        future.add_done_callback(lambda done: done.exception() or deliver(view, done.result()))
        return image

    def detach(self) -> None:
        """Stop following the document (the view is no longer shared)."""
        self._timer.stop()
        self.scene.changed.disconnect(self._timer.start)
        self.fog.detach()
        self.zones.detach()
        self.light.detach()
        self.scene.detach()


def render_scene(scene: MapScene) -> QImage:
    """The whole scene (the map and its margin) as an image, at most `MAX_SIDE_PX` a side."""
    source = scene.sceneRect()
    scale = min(1.0, MAX_SIDE_PX / max(source.width(), source.height(), 1.0))
    width = max(1, math.ceil(source.width() * scale))
    height = max(1, math.ceil(source.height() * scale))
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(OFF_MAP)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        scene.render(painter, QRectF(image.rect()), source)
    finally:
        painter.end()
    return image
