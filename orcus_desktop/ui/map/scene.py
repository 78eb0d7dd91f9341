"""MapScene: the graphics scene that mirrors one encounter, one item per token and wall."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QLineF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from orcus_desktop.geometry.features import TerrainKind, TerrainPatch
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.ui.map.items import TokenItem, WallItem, terrain_brush
from orcus_desktop.ui.map.layers import GRID_LINE, OFF_MAP, PAPER, SQUARE_PX, ZLayer

# Drawn bottom to top so heavier obscurement and solid squares stay visible over lighter ones.
_TERRAIN_ORDER = (
    TerrainKind.DIFFICULT,
    TerrainKind.LIGHTLY_OBSCURED,
    TerrainKind.HEAVILY_OBSCURED,
    TerrainKind.TOTALLY_OBSCURED,
    TerrainKind.BLOCKING,
)


class TerrainItem(QGraphicsItem):
    """All painted terrain as one item: a cached path per terrain kind."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(ZLayer.TERRAIN)
        self._paths: dict[TerrainKind, QPainterPath] = {}
        self._rect = QRectF()

    def sync(self, patches: Iterable[TerrainPatch]) -> None:
        paths: dict[TerrainKind, QPainterPath] = {}
        for patch in patches:
            path = paths.setdefault(patch.kind, QPainterPath())
            for square in patch.squares:
                path.addRect(
                    QRectF(square.col * SQUARE_PX, square.row * SQUARE_PX, SQUARE_PX, SQUARE_PX)
                )
        rect = QRectF()
        for path in paths.values():
            rect = rect.united(path.boundingRect())
        self.prepareGeometryChange()
        self._paths = paths
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for kind in _TERRAIN_ORDER:
            path = self._paths.get(kind)
            if path is not None:
                painter.setBrush(terrain_brush(kind))
                painter.drawPath(path)


class MapScene(QGraphicsScene):
    """An adapter over an encounter: grid in the background, items for terrain, walls, tokens.

    The scene never changes the encounter; it is told about changes (`set_encounter`, or the
    fine-grained `sync_*` methods the document's events call) and mirrors them.
    """

    def __init__(self, encounter: Encounter) -> None:
        super().__init__()
        self._tokens: dict[str, TokenItem] = {}
        self._walls: dict[str, WallItem] = {}
        self._terrain = TerrainItem()
        self.addItem(self._terrain)
        self._columns = 0
        self._rows = 0
        self._grid_pen = QPen(GRID_LINE, 0)  # cosmetic: one pixel at every zoom
        self.setBackgroundBrush(QBrush(OFF_MAP))
        self.set_encounter(encounter)

    @property
    def map_rect(self) -> QRectF:
        return QRectF(0, 0, self._columns * SQUARE_PX, self._rows * SQUARE_PX)

    def token_item(self, creature_id: str) -> TokenItem | None:
        return self._tokens.get(creature_id)

    def token_items(self) -> dict[str, TokenItem]:
        return dict(self._tokens)

    def wall_items(self) -> dict[str, WallItem]:
        return dict(self._walls)

    def set_encounter(self, encounter: Encounter) -> None:
        """Rebuild everything from a whole snapshot (a file was opened)."""
        self._columns, self._rows = encounter.grid.columns, encounter.grid.rows
        margin = SQUARE_PX
        self.setSceneRect(self.map_rect.adjusted(-margin, -margin, margin, margin))
        for creature_id in list(self._tokens):
            self.remove_creature(creature_id)
        for creature in encounter.creatures:
            self.sync_creature(creature)
        self.sync_walls(encounter.walls)
        self._terrain.sync(encounter.terrain)
        self.update()

    def sync_creature(self, creature: Creature) -> None:
        item = self._tokens.get(creature.id)
        if item is None:
            item = TokenItem(creature)
            self._tokens[creature.id] = item
            self.addItem(item)
        else:
            item.sync(creature)

    def remove_creature(self, creature_id: str) -> None:
        item = self._tokens.pop(creature_id, None)
        if item is not None:
            self.removeItem(item)

    def sync_walls(self, walls: Iterable[WallEntry]) -> None:
        wanted = {entry.id: entry for entry in walls}
        for wall_id in [w for w in self._walls if w not in wanted]:
            self.removeItem(self._walls.pop(wall_id))
        for wall_id, entry in wanted.items():
            item = self._walls.get(wall_id)
            if item is None:
                item = WallItem(wall_id, entry.wall)
                self._walls[wall_id] = item
                self.addItem(item)
            else:
                item.sync(entry.wall)

    def sync_terrain(self, patches: Iterable[TerrainPatch]) -> None:
        self._terrain.sync(patches)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        # The grid is drawn here for the exposed rect only, in one drawLines call: never an
        # item per line (HOUSE_STYLE 7.7).
        rect = QRectF(rect)
        super().drawBackground(painter, rect)
        map_rect = self.map_rect
        painter.fillRect(rect.intersected(map_rect), PAPER)
        visible = rect.intersected(map_rect)
        if visible.isEmpty():
            return
        first_col = max(0, math.floor(visible.left() / SQUARE_PX))
        last_col = min(self._columns, math.ceil(visible.right() / SQUARE_PX))
        first_row = max(0, math.floor(visible.top() / SQUARE_PX))
        last_row = min(self._rows, math.ceil(visible.bottom() / SQUARE_PX))
        top, bottom = first_row * SQUARE_PX, last_row * SQUARE_PX
        left, right = first_col * SQUARE_PX, last_col * SQUARE_PX
        lines = [
            QLineF(c * SQUARE_PX, top, c * SQUARE_PX, bottom)
            for c in range(first_col, last_col + 1)
        ]
        lines += [
            QLineF(left, r * SQUARE_PX, right, r * SQUARE_PX)
            for r in range(first_row, last_row + 1)
        ]
        painter.setPen(self._grid_pen)
        painter.drawLines(lines)
