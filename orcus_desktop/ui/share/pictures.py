"""The pictures the players' devices get: a players' scene rendered to PNG when it changes.

A `SharedPicture` is the Player view's map without its window: its own `MapScene` built with
`gm=False` (no item exists for a creature the GM hides, no hit points are drawn), the
`PlayerFog` (only what the party, or one hero, sees), the zones the GM shows and the players'
light. What leaves the GM's machine is its rendered pixels and the initiative strip's line the
Player view shows, nothing else: no id, path or number of the document (issue 32, R-146).

Painting starts on the event-loop turn after the scene changed (a move fires several changes:
one picture) and goes in strips of rows, a few milliseconds per turn, so the GM's window never
waits long; the PNG encoding runs on worker threads.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Final

import numpy as np
from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.map.layers import OFF_MAP
from orcus_desktop.ui.map.light_layer import LightLayer
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.player_strip import StripMode, players_strip, strip_text
from orcus_desktop.ui.share.png import png_bytes
from orcus_desktop.ui.zones import ZoneLayer

STRIP_PX = 64
"""Rows of a picture painted at a time (a few ms on a 100x100 map)."""

TURN_MS = 6.0
"""Painting goes on in one event-loop turn while it has taken less than this (then the GM's
window has its turn): the demo's picture in one or two turns, a big map's in many short ones."""

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


DEFLATE_BANDS = 1
"""Bands of rows compressed at once. One: on a 2-core machine the other core stays with the GM's
window (two bands did not make the demo's picture reach a browser sooner, and slowed drags)."""

_DEFLATERS: Final[list[ThreadPoolExecutor]] = []


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
        strip: the initiative strip's line for this view, when it changes: called with
            (view, text) after the fog's rebuild ("" when the strip shows nothing).
        strip_mode: the GM's Window > Initiative Strip on Player View choice, asked each time.
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
        strip: Callable[[str, str], None] | None = None,
        strip_mode: Callable[[], StripMode] = lambda: StripMode.NAMES,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.view = view
        self._session = session
        self._deliver_strip = strip
        self._strip_mode = strip_mode
        self.strip_text: str | None = None
        self._deliver = deliver
        self._encoder = encoder
        self.scene = MapScene(session.document, rules=session.rules, gm=False, parent=self)
        if grid is not None:
            self.scene.copy_grid_style(grid)
        self.fog = PlayerFog(
            self.scene,
            session.rules,
            enabled=fog,
            eyes=frozenset({eyes}) if eyes is not None else None,
            parent=self,
        )
        self.fog.rebuilt.connect(self.sync_strip)
        self.zones = ZoneLayer(self.scene, gm=False)
        self.light = LightLayer(self.scene, session, players=True, parent=self)
        self.renders = 0
        self.sent = 0
        self._last = QImage()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.render)
        self._painting: Picture | None = None
        self._detached = False
        self._strips = QTimer(self)
        self._strips.setSingleShot(True)
        self._strips.setInterval(0)
        self._strips.timeout.connect(self._paint_strip)
        self.scene.changed.connect(self._timer.start)
        self._timer.start()

    def sync_strip(self) -> None:
        """Work the strip's line out again (the fog was rebuilt: what is shown is current)."""
        vision = self.fog.vision
        shown = vision.seen if vision is not None else None
        strip, counters = players_strip(self._session, shown, self._strip_mode())
        text = strip_text(strip, counters)
        if text != self.strip_text:
            self.strip_text = text
            if self._deliver_strip is not None:
                self._deliver_strip(self.view, text)

    def set_fog_enabled(self, enabled: bool) -> None:
        self.fog.set_enabled(enabled)

    def set_grid_style(self, colour: QColor) -> None:
        self.scene.copy_grid_style(colour)

    def render(self) -> None:
        """Start painting the players' scene anew, a strip of rows per event-loop turn.

        A change while it paints starts it over (`scene.changed`): a picture is always of one
        moment. Each strip is a short job, so the GM's window stays smooth on a big map (the
        whole picture of a 100x100 map takes 150 ms and more to paint).
        """
        self._timer.stop()
        self._painting = new_picture(self.scene)
        self._strips.start()

    def _paint_strip(self) -> None:
        """Paint strips for up to `TURN_MS`, then let the GM's window have the event loop."""
        picture = self._painting
        if picture is None:
            return
        started = time.perf_counter()
        picture.paint_strip(self.scene)
        while not picture.done and (time.perf_counter() - started) * 1000 < TURN_MS:
            picture.paint_strip(self.scene)
        if picture.done:
            self._painting = None
            self._send(picture.image)
        else:
            self._strips.start()

    def _send(self, image: QImage) -> None:
        """Encode and deliver `image`, unless it equals the last one sent.

        A repaint that changed nothing the players see costs the phones nothing.
        """
        self.renders += 1
        if image == self._last:
            return
        self._last = image
        self.sent += 1
        future: Future[bytes] = self._encoder.submit(encode_png, image)
        view, deliver = self.view, self._deliver
        future.add_done_callback(lambda done: done.exception() or deliver(view, done.result()))

    def detach(self) -> None:
        """Stop following the document (the view is no longer shared); once is enough."""
        self._timer.stop()
        self._strips.stop()
        self._painting = None
        if self._detached:
            return
        self._detached = True
        self.scene.changed.disconnect(self._timer.start)
        self.fog.detach()
        self.zones.detach()
        self.light.detach()
        self.scene.detach()


class Picture:
    """A picture of a scene being painted, `STRIP_PX` rows at a time.

    Strips are painted with the same mapping from the scene to the image, so a picture painted
    in strips has the pixels of one painted whole (each strip is clipped to its rows).
    """

    def __init__(self, source: QRectF, width: int, height: int) -> None:
        self.source = source
        self.image = QImage(width, height, QImage.Format.Format_RGB32)
        self.image.fill(OFF_MAP)
        self.next_row = 0

    @property
    def done(self) -> bool:
        return self.next_row >= self.image.height()

    def paint_strip(self, scene: MapScene) -> None:
        """Paint the next strip of rows."""
        top = self.next_row
        rows = min(STRIP_PX, self.image.height() - top)
        y_scale = self.image.height() / self.source.height()
        target = QRectF(0, top, self.image.width(), rows)
        source = QRectF(
            self.source.left(),
            self.source.top() + top / y_scale,
            self.source.width(),
            rows / y_scale,
        )
        painter = QPainter(self.image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        finally:
            painter.end()
        self.next_row = top + rows


def new_picture(scene: MapScene) -> Picture:
    """A blank picture of the whole scene (the map and its margin), `MAX_SIDE_PX` a side."""
    source = scene.sceneRect()
    scale = min(1.0, MAX_SIDE_PX / max(source.width(), source.height(), 1.0))
    width = max(1, math.ceil(source.width() * scale))
    height = max(1, math.ceil(source.height() * scale))
    return Picture(source, width, height)


def render_scene(scene: MapScene) -> QImage:
    """The whole scene as the players' devices get it, painted at once."""
    picture = new_picture(scene)
    while not picture.done:
        picture.paint_strip(scene)
    return picture.image
