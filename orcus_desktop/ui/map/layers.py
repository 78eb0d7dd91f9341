"""Scene units, Z order, the palette the map is drawn with, and the base of its drawn items."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

SQUARE_PX = 64.0
"""Scene units along one grid square; the only place grid units become pixels."""


class ZLayer(IntEnum):
    """Stacking order of the map's items, bottom to top."""

    MAP = 0
    TERRAIN = 5
    GRID = 10
    REACHABLE = 15
    TEMPLATES = 20
    WALLS = 30
    PATH = 35
    TOKENS = 40
    DRAGGED = 45
    FOG = 90
    OVERLAY = 100


PAPER = QColor("#efe6d2")
OFF_MAP = QColor("#3b3a36")
GRID_LINE = QColor(60, 50, 40, 90)

TURN_MARKER = QColor("#f2c230")
BLOODIED = QColor("#d11f1f")
SELECTION = QColor("#1d8fe1")
BADGE = QColor(90, 40, 120, 230)
HP_OK = QColor("#3fae4a")
HP_BLOODIED = QColor("#e0a21b")
HP_DOWN = QColor("#b3372f")

REACHABLE_FILL = QColor(70, 160, 90, 60)
PATH_OK = QColor("#1d6fb8")
PATH_BAD = QColor("#c0392b")
TEMPLATE_FILL = QColor(230, 120, 30, 90)
AFFECTED = QColor("#e67e22")
PROVOKER = QColor("#c0392b")
CANDIDATE = QColor("#1e8449")
SIGHT_LINE = QColor("#6a1b9a")
HIDDEN_SHADE = QColor(30, 30, 30, 110)

SIDE_COLOURS: Final = {
    "heroes": QColor("#2f6db3"),
    "monsters": QColor("#b3372f"),
    "neutral": QColor("#6b7d3a"),
}
_EXTRA_SIDE_COLOURS: Final = (
    QColor("#8a4fb3"),
    QColor("#c07a1e"),
    QColor("#2a9d8f"),
    QColor("#7a6a58"),
)


def side_colour(side: str) -> QColor:
    """A stable colour per side: the common sides fixed, any other side from a small palette."""
    known = SIDE_COLOURS.get(side)
    if known is not None:
        return known
    return _EXTRA_SIDE_COLOURS[sum(side.encode()) % len(_EXTRA_SIDE_COLOURS)]


def grid_to_scene(value: float) -> float:
    return value * SQUARE_PX


class DrawnItem(QGraphicsItem):
    """A map item at one Z layer that draws itself (`draw`) inside the rect it keeps."""

    def __init__(self, layer: ZLayer) -> None:
        super().__init__()
        self.setZValue(layer)
        self._rect = QRectF()

    def _set_rect(self, rect: QRectF) -> None:
        """Take a new bounding rect (Qt must hear of it before it changes)."""
        self.prepareGeometryChange()
        self._rect = rect

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        self.draw(painter)

    def draw(self, painter: QPainter) -> None:
        """Paint the item in its own coordinates."""
        raise NotImplementedError
