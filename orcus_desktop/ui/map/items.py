"""Dumb graphics items, one per token and one for all walls, synced from frozen snapshots.

Items hold no rules and push no commands (docs/design.md#scene): `sync()` copies what a snapshot
says; dragging and editing are handled by the view's tools through the session.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

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
    QStyleOptionGraphicsItem,
    QWidget,
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

_ART_CACHE: Final[dict[tuple[str, int], QPixmap | None]] = {}
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
        # The stat summary (HP, defenses) is the GM's; the players' screen has no tooltips at
        # all (issue 31 item 6: nobody hovers on the TV, and a hover must give nothing away).
        fallback = f"{creature.name} ({creature.side})"
        self.setToolTip((self._look.tooltip or fallback) if self._gm else "")
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
        elif look.invisible:
            fill.setAlpha(110)  # docs/rulings.md R-115: the GM still sees where it stands
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


_WALL_PENS: Final[dict[tuple[WallKind, bool, bool], QPen]] = {}


def wall_pen(wall: Wall) -> QPen:
    """The pen a wall is drawn with: its kind and, for doors, whether open or secret.

    Secret shows on the GM's map only: the players' scene draws a secret door as a wall (R-151).
    """
    key = (wall.kind, wall.is_open, wall.secret)
    pen = _WALL_PENS.get(key)
    if pen is None:
        if wall.secret:
            pen = QPen(QColor("#7a4a1e"), SQUARE_PX * 0.2, Qt.PenStyle.DotLine)
        elif wall.kind is WallKind.WALL:
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


_WALL_TILE = 16
"""Walls are bucketed by the 16x16-square tile their first point lies in: a repaint of a small
exposed rect (a token dragged) strokes only the tiles it touches, not every wall of the map."""

_WALL_DRAW_ORDER: Final = (
    (WallKind.WALL, False, False),
    (WallKind.WINDOW, False, False),
    (WallKind.DOOR, False, False),
    (WallKind.DOOR, True, False),
    (WallKind.DOOR, False, True),
)
"""Doors over walls and windows where they overlap (a door set into a wall stays visible)."""


class WallLayer(DrawnItem):
    """Every wall, window and door of the map as one painted item (issue 14: memory).

    One `QGraphicsPathItem` per wall cost about 7 KB each (the item, its path, its tooltip
    string, the scene index), 14 MB for 2,000 walls in each of the two scenes. Here the walls
    are kept as one path per pen and tile and stroked by pen (`wall_pen`); what lies under the
    pointer is the session's question (`controller.tools.pointer.wall_at`), so the item takes
    no mouse buttons and names no wall: the GM's tooltip comes from `MapScene.helpEvent`.
    """

    def __init__(self) -> None:
        super().__init__(ZLayer.WALLS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._walls: dict[str, Wall] = {}
        # per tile: its walls by id, and its strokes (bounds, pen and path)
        self._tile_walls: dict[tuple[int, int], dict[str, Wall]] = {}
        self._tile_strokes: dict[tuple[int, int], _TileStrokes] = {}
        self._tiles: list[_TileStrokes] = []

    @property
    def walls(self) -> dict[str, Wall]:
        """The walls drawn, by id (a copy)."""
        return dict(self._walls)

    def sync(self, walls: dict[str, Wall]) -> None:
        """Draw exactly these walls from now on (a no-op when they did not change).

        Only the tiles holding a wall that changed are drawn again (issue 33: a door opened
        on a map of 12,000 walls redrew every tile, 40 ms in each window).
        """
        if walls == self._walls:
            return
        old = self._walls
        changed = {i for i, wall in walls.items() if old.get(i) is not wall}
        changed.update(i for i in old if i not in walls)
        self._walls = dict(walls)
        touched: set[tuple[int, int]] = set()
        for wall_id in changed:
            for wall in (old.get(wall_id), walls.get(wall_id)):
                if wall is not None:
                    tile = _tile_of(wall)
                    touched.add(tile)
                    self._tile_walls.get(tile, {}).pop(wall_id, None)
        for wall_id in changed:
            wall = walls.get(wall_id)
            if wall is not None:
                self._tile_walls.setdefault(_tile_of(wall), {})[wall_id] = wall
        for tile in touched:
            held = self._tile_walls.get(tile)
            if held:
                self._tile_strokes[tile] = _tile_strokes(held.values())
            else:
                self._tile_walls.pop(tile, None)
                self._tile_strokes.pop(tile, None)
        self._tiles = list(self._tile_strokes.values())
        rect = QRectF()
        for bounds, _ in self._tiles:
            rect = rect.united(bounds)
        self._set_rect(rect)
        self.update()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        self._stroke(painter, option.exposedRect)

    def draw(self, painter: QPainter) -> None:
        self._stroke(painter, self._rect)

    def _stroke(self, painter: QPainter, exposed: QRectF) -> None:
        for bounds, strokes in self._tiles:
            if bounds.intersects(exposed):
                for pen, path in strokes:
                    painter.strokePath(path, pen)


_TileStrokes = tuple[QRectF, list[tuple[QPen, QPainterPath]]]
"""A tile's bounds and its strokes, in drawing order."""


def _tile_of(wall: Wall) -> tuple[int, int]:
    """The tile a wall is kept in: the one its first point lies in."""
    x, y = wall.points[0]
    return (int(x) // _WALL_TILE, int(y) // _WALL_TILE)


def _tile_strokes(walls: Iterable[Wall]) -> _TileStrokes:
    """One tile's walls as one path per pen, with the tile's bounds."""
    paths: dict[tuple[WallKind, bool, bool], QPainterPath] = {}
    margin = 0.0
    for wall in walls:
        (x, y), *rest = wall.points
        key = (wall.kind, wall.is_open and wall.kind is WallKind.DOOR, wall.secret)
        path = paths.setdefault(key, QPainterPath())
        path.moveTo(x * SQUARE_PX, y * SQUARE_PX)
        for px, py in rest:
            path.lineTo(px * SQUARE_PX, py * SQUARE_PX)
        # A mitred corner reaches past the pen's half width: keep a whole width around.
        margin = max(margin, wall_pen(wall).widthF())
    bounds = QRectF()
    strokes = []
    for kind, is_open, secret in _WALL_DRAW_ORDER:
        kept = paths.get((kind, is_open, secret))
        if kept is not None:
            bounds = bounds.united(kept.boundingRect())
            strokes.append((_pen_for(kind, is_open, secret), kept))
    return bounds.adjusted(-margin, -margin, margin, margin), strokes


def _pen_for(kind: WallKind, is_open: bool, secret: bool = False) -> QPen:
    return wall_pen(Wall(kind, ((0.0, 0.0), (1.0, 0.0)), is_open=is_open, secret=secret))


_TERRAIN_BRUSHES: Final[dict[TerrainKind, QBrush]] = {}


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
