"""Dumb graphics items, one per token and wall, synced from frozen snapshots.

Items hold no rules and push no commands (HOUSE_STYLE 7.7): `sync()` copies what a snapshot
says; dragging and editing are handled by the view's tools through the session.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from orcus_desktop.geometry.features import TerrainKind, Wall, WallKind
from orcus_desktop.model.encounter import Creature
from orcus_desktop.ui.map.layers import SQUARE_PX, ZLayer, side_colour


def initials(name: str) -> str:
    """Up to two letters for a token: "Goblin Cutter" -> "GC", "Ogre" -> "OG"."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].upper() if name else "?"


class TokenItem(QGraphicsItem):
    """A creature's token: a disc over its space with initials, in its side's colour."""

    def __init__(self, creature: Creature) -> None:
        super().__init__()
        self.setZValue(ZLayer.TOKENS)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._rect = QRectF()
        self._creature = creature
        self.sync(creature)

    @property
    def creature(self) -> Creature:
        return self._creature

    def sync(self, creature: Creature) -> None:
        """Copy position, size and look from the snapshot."""
        x0, y0, x1, y1 = creature.space.bounds()
        rect = QRectF(0, 0, (x1 - x0) * SQUARE_PX, (y1 - y0) * SQUARE_PX)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self._creature = creature
        self.setPos(QPointF(x0 * SQUARE_PX, y0 * SQUARE_PX))
        self.setToolTip(f"{creature.name} ({creature.side}, {creature.size.value})")
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self._rect.adjusted(2, 2, -2, -2))
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        creature = self._creature
        inset = max(2.0, self._rect.width() * 0.06)
        disc = self._rect.adjusted(inset, inset, -inset, -inset)
        colour = side_colour(creature.side)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(colour)
        outline = QPen(colour.darker(160), max(2.0, disc.width() * 0.05))
        if creature.hidden:
            # Hidden from the players: the GM sees a ghost of the token.
            fill.setAlpha(110)
            outline.setStyle(Qt.PenStyle.DashLine)
        painter.setBrush(QBrush(fill))
        painter.setPen(outline)
        painter.drawEllipse(disc)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if lod * disc.width() < 14:
            return
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, int(disc.height() * 0.38)))
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, initials(creature.name))


_WALL_PENS: dict[tuple[WallKind, bool], QPen] = {}


def wall_pen(wall: Wall) -> QPen:
    """The pen a wall is drawn with: its kind and, for doors, whether open, are visible."""
    key = (wall.kind, wall.is_open)
    pen = _WALL_PENS.get(key)
    if pen is None:
        if wall.kind is WallKind.WALL:
            pen = QPen(QColor("#2b2520"), SQUARE_PX * 0.16)
        elif wall.kind is WallKind.WINDOW:
            pen = QPen(QColor("#5fa8d3"), SQUARE_PX * 0.12)
        elif wall.is_open:
            pen = QPen(QColor("#9c6b3c"), SQUARE_PX * 0.08, Qt.PenStyle.DashLine)
        else:
            pen = QPen(QColor("#7a4a1e"), SQUARE_PX * 0.2)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        _WALL_PENS[key] = pen
    return pen


class WallItem(QGraphicsPathItem):
    """One wall, window or door as a polyline in scene units."""

    def __init__(self, wall_id: str, wall: Wall) -> None:
        super().__init__()
        self.wall_id = wall_id
        self.setZValue(ZLayer.WALLS)
        self.sync(wall)

    def sync(self, wall: Wall) -> None:
        path = QPainterPath(QPointF(wall.points[0][0] * SQUARE_PX, wall.points[0][1] * SQUARE_PX))
        for x, y in wall.points[1:]:
            path.lineTo(x * SQUARE_PX, y * SQUARE_PX)
        self.setPath(path)
        self.setPen(wall_pen(wall))
        self.setToolTip(f"{wall.kind.value}{' (open)' if wall.is_open else ''}")


_TERRAIN_BRUSHES: dict[TerrainKind, QBrush] = {}


def terrain_brush(kind: TerrainKind) -> QBrush:
    """Fill for a terrain kind: hatching for difficult, greys by degree of obscurement."""
    brush = _TERRAIN_BRUSHES.get(kind)
    if brush is None:
        brush = {
            TerrainKind.DIFFICULT: QBrush(QColor(120, 84, 40, 150), Qt.BrushStyle.BDiagPattern),
            TerrainKind.LIGHTLY_OBSCURED: QBrush(QColor(150, 160, 170, 90)),
            TerrainKind.HEAVILY_OBSCURED: QBrush(QColor(80, 90, 100, 150)),
            TerrainKind.TOTALLY_OBSCURED: QBrush(QColor(20, 20, 28, 200)),
            TerrainKind.BLOCKING: QBrush(QColor(90, 84, 76, 255)),
        }[kind]
        _TERRAIN_BRUSHES[kind] = brush
    return brush
