"""Light on the map: darkness and dim light shaded lightly, and a marker per light source.

`LightingItem` is dumb (docs/design.md#scene): it paints what it is given. `LightLayer` keeps
one in step with the document: on every event that can change the light (a light, the ambient
level, walls and doors, a bearer moving) it schedules one rebuild for the next pass of the event
loop, and asks the session for the illumination (`questions.illumination`). A map in bright
light without lights draws nothing.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np
from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.lighting import NO_LIGHTING
from orcus_desktop.ui.connections import CoalescedRebuild, battlefield_changes
from orcus_desktop.ui.map.layers import SQUARE_PX, DrawnItem, ZLayer
from orcus_desktop.ui.map.scene import MapScene

DARKNESS_SHADE = QColor(10, 10, 30, 45)
DIM_SHADE = QColor(10, 10, 30, 20)
PUT_OUT = QColor("#777777")


class LightingItem(DrawnItem):
    """Shades over dark and dim squares, and the light markers (centre, colour, lit).

    The shade is an image of one pixel a square, drawn stretched over the map without
    smoothing (issue 33: on a 120x120 dark cave a path of one rectangle per run of squares took
    10-20 ms to build for each window at every torch step, and as long to fill at each paint).
    """

    def __init__(self) -> None:
        super().__init__(ZLayer.TERRAIN)
        self.setZValue(ZLayer.TERRAIN + 1)  # over painted terrain, under the grid
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.shade = QImage()
        self.markers: tuple[tuple[QPointF, QColor], ...] = ()

    def set_light(
        self,
        shade: QImage,
        markers: tuple[tuple[QPointF, QColor], ...],
        rect: QRectF,
    ) -> None:
        self._set_rect(rect)
        self.shade, self.markers = shade, markers
        self.update()

    def shade_at(self, point: QPointF) -> QColor:
        """The shade drawn at a scene point (transparent where there is none)."""
        if self.shade.isNull():
            return QColor(0, 0, 0, 0)
        col, row = int(point.x() // SQUARE_PX), int(point.y() // SQUARE_PX)
        if not self.shade.rect().contains(col, row):
            return QColor(0, 0, 0, 0)
        return self.shade.pixelColor(col, row)

    def draw(self, painter: QPainter) -> None:
        if not self.shade.isNull():
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.drawImage(self._rect, self.shade)
            painter.restore()
        radius = SQUARE_PX * 0.18
        for centre, colour in self.markers:
            painter.setPen(QPen(QColor(40, 30, 10), 2.0))
            painter.setBrush(colour)
            painter.drawEllipse(centre, radius, radius)


def _argb(colour: QColor) -> int:
    """A colour as one ARGB32 pixel."""
    return (colour.alpha() << 24) | (colour.red() << 16) | (colour.green() << 8) | colour.blue()


def _shade_image(levels: np.ndarray[tuple[int, int], np.dtype[np.int8]]) -> QImage:
    """The shade of each square (darkness, dim light, none) as an image of one pixel a square."""
    rows, columns = levels.shape
    pixels = np.zeros((rows, columns), dtype=np.uint32)
    pixels[levels == Illumination.DARK] = _argb(DARKNESS_SHADE)
    pixels[levels == Illumination.DIM] = _argb(DIM_SHADE)
    data = np.ascontiguousarray(pixels).tobytes()
    return QImage(data, columns, rows, columns * 4, QImage.Format.Format_ARGB32).copy()


class LightLayer(QObject):
    """Keeps a scene's `LightingItem` in step with the document's light.

    Args:
        scene: the map scene (the GM's or the players').
        session: the game session (asked for the illumination; nothing is changed).
        players: the players' scene: no markers, and no light of creatures the GM hides.
        parent: the owning object.
    """

    def __init__(
        self,
        scene: MapScene,
        session: GameSession,
        *,
        players: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._scene = scene
        self._session = session
        self._players = players
        self.item = LightingItem()
        scene.addItem(self.item)
        self._shown: Hashable = None  # what the item shows: levels, markers, grid
        self._updates = CoalescedRebuild(self, self.rebuild)
        events = scene.document.events
        self._updates.follow(*battlefield_changes(events), events.creature_changed)
        self._updates.connections.connect(events.reset, self.rebuild)
        self.rebuild()

    def detach(self) -> None:
        self._updates.detach()

    def rebuild(self) -> None:
        """Work out the light now and show it."""
        self._updates.cancel()
        encounter = self._session.encounter
        lighting = encounter.lighting
        if lighting == NO_LIGHTING:
            self._shown = None
            self.item.set_light(QImage(), (), QRectF())
            return
        # the players' screen: no light of a creature the GM hides (issue 20)
        levels = self._session.ask(questions.illumination, players=self._players)
        markers = self._markers()
        grid = encounter.grid
        shown = (levels.tobytes(), tuple((m.x(), m.y(), c.name()) for m, c in markers), grid)
        if shown == self._shown:
            return  # a creature without a light moved: the same light (issue 33: big maps)
        self._shown = shown
        rect = QRectF(0, 0, grid.columns * SQUARE_PX, grid.rows * SQUARE_PX)
        self.item.set_light(_shade_image(levels), markers, rect)

    def _markers(self) -> tuple[tuple[QPointF, QColor], ...]:
        """Each light's marker on the GM's map (none on the players'): where, what colour."""
        encounter = self._session.encounter
        markers: list[tuple[QPointF, QColor]] = []
        for source in encounter.lighting.sources if not self._players else ():
            bearer = encounter.find_creature(source.carried_by) if source.carried_by else None
            if bearer is not None:
                x0, y0, _, _ = bearer.space.bounds()
                # near the bearer's top-left corner, where the token leaves room
                centre = QPointF((x0 + 0.2) * SQUARE_PX, (y0 + 0.2) * SQUARE_PX)
            else:
                cx, cy = source.position  # where it stands in its square
                centre = QPointF(cx * SQUARE_PX, cy * SQUARE_PX)
            markers.append((centre, QColor(source.colour) if source.lit else PUT_OUT))
        return tuple(markers)
