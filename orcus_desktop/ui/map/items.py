"""Dumb graphics items, one per token and wall, synced from frozen snapshots.

Items hold no rules and push no commands (docs/design.md#scene): `sync()` copies what a snapshot
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
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
)

from orcus_desktop.geometry.features import TerrainKind, Wall, WallKind
from orcus_desktop.model.encounter import Creature
from orcus_desktop.ui.map.layers import (
    BADGE,
    BLOODIED,
    HP_BLOODIED,
    HP_DOWN,
    HP_OK,
    SELECTION,
    SQUARE_PX,
    TURN_MARKER,
    DrawnItem,
    ZLayer,
    side_colour,
)
from orcus_desktop.ui.map.look import TokenLook, TokenState

_ART_CACHE: dict[tuple[str, int], QPixmap | None] = {}
_ART_CACHE_LIMIT = 256


def token_art(path: str, side_px: float) -> QPixmap | None:
    """A token picture scaled to `side_px`, loaded once per (file, size); None if unreadable.

    Tokens of one kind share the pixmap (docs/design.md: cached art), and the item's
    DeviceCoordinateCache keeps the rendered result per zoom level.
    """
    key = (path, max(8, round(side_px)))
    if key not in _ART_CACHE:
        if len(_ART_CACHE) >= _ART_CACHE_LIMIT:
            _ART_CACHE.clear()
        pixmap = QPixmap(path)
        _ART_CACHE[key] = (
            None
            if pixmap.isNull()
            else pixmap.scaled(
                key[1],
                key[1],
                Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                Qt.TransformationMode.SmoothTransformation,
            )
        )
    return _ART_CACHE[key]


class TokenItem(DrawnItem):
    """A creature's token: a disc (or its image) over its space, in its side's colour.

    Overlays (HP bar for the GM, condition badges, the turn marker) are painted only when the
    token is big enough on screen to read them (level of detail, docs/design.md#scene).
    """

    def __init__(
        self, creature: Creature, look: TokenLook | None = None, *, gm: bool = True
    ) -> None:
        super().__init__(ZLayer.TOKENS)
        self.setAcceptHoverEvents(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._gm = gm
        self._creature = creature
        self._look = look or TokenLook()
        self.sync(creature, self._look)

    @property
    def creature(self) -> Creature:
        return self._creature

    @property
    def look(self) -> TokenLook:
        return self._look

    def sync(self, creature: Creature, look: TokenLook | None = None) -> None:
        """Copy position, size and look from the snapshot."""
        x0, y0, x1, _y1 = creature.space.bounds()
        # A margin around the space for the turn marker and badges that stick out.
        side = (x1 - x0) * SQUARE_PX
        margin = SQUARE_PX * 0.12
        rect = QRectF(-margin, -margin, side + 2 * margin, side + 2 * margin)
        if rect != self._rect:
            self._set_rect(rect)
        self._side_px = side
        self._creature = creature
        if look is not None:
            self._look = look
        self.setPos(QPointF(x0 * SQUARE_PX, y0 * SQUARE_PX))
        # The stat summary (HP, defenses) is for the GM; the players see a name.
        tooltip = self._look.tooltip if self._gm else ""
        self.setToolTip(tooltip or f"{creature.name} ({creature.side})")
        self.update()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QRectF(0, 0, self._side_px, self._side_px).adjusted(2, 2, -2, -2))
        return path

    def draw(self, painter: QPainter) -> None:
        creature = self._creature
        look = self._look
        space = QRectF(0, 0, self._side_px, self._side_px)
        inset = max(2.0, space.width() * 0.06)
        disc = space.adjusted(inset, inset, -inset, -inset)
        colour = QColor(side_colour(creature.side))
        if look.state in (TokenState.DEAD, TokenState.UNCONSCIOUS):
            # Down creatures fade towards grey so the living stand out at a glance.
            grey = colour.lightness()
            colour = (
                QColor(grey, grey, grey) if look.state == TokenState.DEAD else colour.darker(130)
            )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if look.current_turn:
            painter.setPen(QPen(TURN_MARKER, max(3.0, space.width() * 0.07)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(space.adjusted(-2, -2, 2, 2))
        fill = QColor(colour)
        outline = QPen(colour.darker(160), max(2.0, disc.width() * 0.05))
        if look.state == TokenState.BLOODIED:
            outline = QPen(BLOODIED, max(3.0, disc.width() * 0.09))
        if creature.hidden:
            # Hidden from the players: the GM sees a ghost of the token.
            fill.setAlpha(110)
            outline.setStyle(Qt.PenStyle.DashLine)
        if look.state == TokenState.UNCONSCIOUS:
            outline.setStyle(Qt.PenStyle.DotLine)
        painter.setBrush(QBrush(fill))
        painter.setPen(outline)
        painter.drawEllipse(disc)
        art = token_art(look.image_path, disc.width()) if look.image_path else None
        if art is not None:
            clip = QPainterPath()
            clip.addEllipse(disc)
            painter.save()
            painter.setClipPath(clip)
            painter.drawPixmap(disc.toRect(), art)
            painter.restore()
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(disc)
        if self.isSelected():
            painter.setPen(QPen(SELECTION, 3.0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(space.adjusted(1, 1, -1, -1))
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if lod * disc.width() < 14:
            return
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, int(disc.height() * 0.38)))
        painter.setFont(font)
        painter.setPen(QColor("white"))
        if art is None:
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, look.label or creature.name[:2])
        if look.state == TokenState.DEAD:
            painter.setPen(QPen(QColor(40, 20, 20, 220), max(2.0, disc.width() * 0.08)))
            painter.drawLine(disc.topLeft() + QPointF(6, 6), disc.bottomRight() - QPointF(6, 6))
            painter.drawLine(disc.topRight() + QPointF(-6, 6), disc.bottomLeft() + QPointF(6, -6))
        # The HP bar reads at any size the initials read at (it is what the GM scans for);
        # the badges' text needs the token at half size or more.
        if look.hp is not None and self._gm and look.max_hp > 0:
            self._paint_hp_bar(painter, space, look.hp, look.max_hp, lod)
        if look.badges and lod >= 0.5:
            self._paint_badges(painter, space, look)

    @staticmethod
    def _paint_hp_bar(painter: QPainter, space: QRectF, hp: int, max_hp: int, lod: float) -> None:
        # At least 4 screen pixels tall however far the GM zooms out.
        height = max(6.0, 4.0 / max(lod, 0.05))
        bar = QRectF(space.left() + 4, space.bottom() - 3 - height, space.width() - 8, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 20, 180))
        painter.drawRect(bar)
        share = max(0.0, min(1.0, hp / max_hp))
        colour = HP_OK if share > 0.5 else (HP_BLOODIED if share > 0 else HP_DOWN)
        painter.setBrush(colour)
        painter.drawRect(QRectF(bar.left(), bar.top(), bar.width() * share, bar.height()))

    @staticmethod
    def _paint_badges(painter: QPainter, space: QRectF, look: TokenLook) -> None:
        font = QFont()
        font.setPixelSize(10)
        font.setBold(True)
        painter.setFont(font)
        x = space.left() - 4
        y = space.top() - 4
        for badge in look.badges[:4]:
            text = badge.label[:3].upper() + (f" {badge.remaining}" if badge.remaining else "")
            width = 6 + 7 * len(text)
            rect = QRectF(x, y, width, 13)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(BADGE)
            painter.drawRoundedRect(rect, 4, 4)
            painter.setPen(QColor("white"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            y += 14


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
    """One wall, window or door as a polyline in scene units.

    Only the GM's items have a tooltip: in the players' view a hover must not name a wall or
    door the fog hides (issue 12).
    """

    def __init__(self, wall_id: str, wall: Wall, *, gm: bool = True) -> None:
        super().__init__()
        self.wall_id = wall_id
        self._gm = gm
        self.setZValue(ZLayer.WALLS)
        self.sync(wall)

    def sync(self, wall: Wall) -> None:
        self.wall = wall
        path = QPainterPath(QPointF(wall.points[0][0] * SQUARE_PX, wall.points[0][1] * SQUARE_PX))
        for x, y in wall.points[1:]:
            path.lineTo(x * SQUARE_PX, y * SQUARE_PX)
        self.setPath(path)
        self.setPen(wall_pen(wall))
        if self._gm:
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
