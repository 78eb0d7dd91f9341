"""Fog of war on the player view: one item painting what the players' creatures cannot see.

`FogItem` is dumb (docs/design.md#scene): it paints the map dark outside a region it is given.
On a map without lighting the region comes as overlapping pieces (`PlayerVision.pieces`): the
item paints the fog into a layer (a band of the rows being repainted at a time) and clears
every piece from it, so the union of the pieces is never made (its GEOS work took a second and
25 MB at 200x200 with 100 heroes, issue 14).

`PlayerFog` adapts a player `MapScene` to `controller.views.vision.player_vision`: on every
document
event that can change what the players see it schedules one rebuild for the next pass of the
event loop (a command emits several events), then sets the fog's path and tells the scene which
creatures may have items at all: a creature no player creature sees never exists in the
players' scene, so nothing of it leaks through a tooltip or an anti-aliased edge.

On a map where light limits sight (`Lighting.shapes_sight`) the fog remembers: what the heroes
saw before and see no longer is drawn dimmed, not black (the map and walls, never creatures);
the memory goes with the encounter (docs/rulings.md R-62).
"""

from __future__ import annotations

import struct
import time

import numpy as np
from PySide6.QtCore import QByteArray, QDataStream, QObject, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.views.vision import PlayerVision, player_vision
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.view_union import Ring
from orcus_desktop.geometry.walls import FloatArray
from orcus_desktop.geometry.work_arrays import release_free_heap
from orcus_desktop.model.encounter import Creature
from orcus_desktop.ui.connections import CoalescedRebuild, battlefield_changes
from orcus_desktop.ui.map.layers import SQUARE_PX, DrawnItem, ZLayer
from orcus_desktop.ui.map.scene import MapScene

FOG = QColor("#121212")
"""Opaque: what the players' creatures do not see is not on the players' screen at all."""

MEMORY = QColor(18, 18, 18, 185)
"""Seen before, not now: the map shows through dimmed (issue 20)."""

BAND_PX = 128
"""Device rows of fog painted through one layer (a multiple of 4: see `FogItem`)."""


def seen_path(rings: tuple[Ring, ...]) -> QPainterPath:
    """The seen region itself, in scene units (odd-even, as the rings are made)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in rings:
        path.addPolygon(scene_polygon(ring))
        path.closeSubpath()
    return path


def scene_polygon(ring: FloatArray | Ring) -> QPolygonF:
    """A ring of grid points as a polygon in scene units, read in one go.

    The array is written as Qt's own stream form of a polygon (a count, then each point's x and
    y as big-endian doubles, QDataStream's default) and read back: the same doubles as a
    `QPointF(x * SQUARE_PX, y * SQUARE_PX)` per point, without a Python list, float and QPointF
    per vertex (24,000 of each for every fog of a 200x200 map with 100 heroes, issue 14).
    """
    points = np.asarray(ring, dtype=np.float64).reshape(-1, 2) * SQUARE_PX
    data = QByteArray(struct.pack(">I", len(points)) + points.astype(">f8").tobytes())
    polygon = QPolygonF()
    QDataStream(data) >> polygon
    return polygon


def fog_cover(scene: MapScene) -> QRectF:
    """All the players' scene can paint: the grid, the map art overhanging it, every wall's pen.

    The art beyond the grid and a pen on the grid's edge are outside the players' sight too
    (issue 12): the fog covers them, with a square to spare for pens and anti-aliasing.
    """
    cover = scene.map_rect.united(scene.sceneRect())
    art = scene.map_image_rect
    if art.isValid():
        cover = cover.united(art)
    walls = scene.walls_rect
    if walls.isValid():
        cover = cover.united(walls)
    return cover.adjusted(-SQUARE_PX, -SQUARE_PX, SQUARE_PX, SQUARE_PX)


Piece = tuple[QRectF, QPolygonF]
"""A piece of the seen region in scene units, with its bounding rect."""


def scene_piece(ring: FloatArray) -> Piece:
    """A `PlayerVision.pieces` array (grid units) as a polygon in scene units."""
    polygon = scene_polygon(ring)
    return polygon.boundingRect(), polygon


class FogItem(DrawnItem):
    """The fog over the whole map but the region the players' creatures see."""

    def __init__(self) -> None:
        super().__init__(ZLayer.FOG)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # The layer is only as big as the repainted part (exposedRect), not the whole map.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._path = QPainterPath()
        self._memory = QPainterPath()
        self._pieces: tuple[Piece, ...] | None = None

    def set_path(self, path: QPainterPath, memory: QPainterPath | None = None) -> None:
        """Fog over `path`, and the dimmed fog of remembered places over `memory`."""
        memory = memory if memory is not None else QPainterPath()
        self._set_rect(path.boundingRect().united(memory.boundingRect()))
        self._path = path
        self._memory = memory
        self._pieces = None
        self.update()

    def set_pieces(self, cover: QRectF, pieces: tuple[Piece, ...]) -> None:
        """Fog over `cover` but the union of `pieces` (simple polygons)."""
        self._set_rect(QRectF(cover))
        self._path = QPainterPath()
        self._memory = QPainterPath()
        self._pieces = pieces
        self.update()

    @property
    def memory(self) -> QPainterPath:
        return QPainterPath(self._memory)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if self._pieces is None:
            self.draw(painter)
            return
        area = option.exposedRect.intersected(self._rect)
        if painter.hasClipping():
            # `QGraphicsScene.render` exposes the whole item: paint only what is clipped in
            # (a strip of a shared picture, ui/share/pictures.py).
            area = area.intersected(painter.clipBoundingRect())
        self._paint_cleared(painter, area)

    def draw(self, painter: QPainter) -> None:
        painter.fillPath(self._path, FOG)
        painter.fillPath(self._memory, MEMORY)

    def _paint_cleared(self, painter: QPainter, area: QRectF) -> None:
        """Fog over `area` (item units) with the pieces cleared, painted band by band.

        Each band of `BAND_PX` device rows is painted into a layer of its own and then onto
        the device: the layer is a band, not the whole repainted part (3 MB for a 1024x768
        player view, issue 14). A band starts a whole number of device pixels below the
        first (its height is a multiple of 4, so at ratios in quarters too): a pixel is
        decided as in one layer, by its centre, up to the rounding of a vertex lying on a
        centre, which a layer's origin has always moved (a repaint of part of the view has
        its own): 3 pixels of 611,000 on a 200x200 map, none on the demo.
        """
        assert self._pieces is not None
        device = painter.device()
        to_device = painter.worldTransform()
        box = to_device.mapRect(area).toAlignedRect()
        box = box.intersected(QRect(0, 0, device.width(), device.height()))
        if box.isEmpty():
            return
        from_device, _invertible = to_device.inverted()
        painter.save()
        painter.resetTransform()
        for top in range(box.top(), box.bottom() + 1, BAND_PX):
            band = QRect(box.left(), top, box.width(), min(BAND_PX, box.bottom() + 1 - top))
            band_area = from_device.mapRect(QRectF(band)).intersected(area)
            layer = self._band_layer(band, band_area, to_device, device.devicePixelRatioF())
            painter.drawImage(band.topLeft(), layer)
        painter.restore()

    def _band_layer(
        self, band: QRect, area: QRectF, to_device: QTransform, ratio: float
    ) -> QImage:
        """The fog over `band` (device pixels; `area`, item units) with the pieces cleared."""
        assert self._pieces is not None
        layer = QImage(band.size() * ratio, QImage.Format.Format_ARGB32_Premultiplied)
        layer.setDevicePixelRatio(ratio)
        layer.fill(Qt.GlobalColor.transparent)
        with_layer = QPainter(layer)
        try:
            # Without anti-aliasing a pixel is seen when its centre is in some piece: the union
            # exactly, at a ninth of the cost (an anti-aliased edge of one piece would blend
            # into the next piece's, and a single winding path of them all is slower still).
            with_layer.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            with_layer.translate(-band.left(), -band.top())
            with_layer.setWorldTransform(to_device, combine=True)
            with_layer.fillRect(area, FOG)
            with_layer.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            with_layer.setPen(Qt.PenStyle.NoPen)
            with_layer.setBrush(Qt.GlobalColor.transparent)
            for bounds, polygon in self._pieces:
                if bounds.intersects(area):
                    with_layer.drawPolygon(polygon)
        finally:
            with_layer.end()
        return layer


class PlayerFog(QObject):
    """Keeps a player scene's fog and its set of shown creatures in step with the document.

    Args:
        scene: the players' scene (built with gm=False).
        rules: the session's rules reading (stat blocks, conditions, death).
        enabled: fog on (the GM's View > Fog of War on Player View); off shows the whole map
            and every creature the GM does not hide.
        eyes: only these creatures' sight (one hero's view on a player's device, R-145);
            by default the whole party's.
        parent: the owning object.

    Signals:
        rebuilt: the players' vision was worked out again (what the scene shows is current).
    """

    rebuilt = Signal()

    def __init__(
        self,
        scene: MapScene,
        rules: CombatRules,
        *,
        enabled: bool = True,
        eyes: frozenset[str] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._scene = scene
        self._rules = rules
        self._enabled = enabled
        self._eyes = eyes
        self.item = FogItem()
        scene.addItem(self.item)
        self.vision: PlayerVision | None = None
        self.last_rebuild_ms = 0.0
        self._spaces: dict[str, Space] = {}
        self._explored = QPainterPath()
        self._pieces: dict[bytes, Piece] = {}
        self._updates = CoalescedRebuild(self, self.rebuild)
        events = scene.document.events
        self._updates.follow(*battlefield_changes(events), events.combat_changed)
        self._updates.connections.connect(events.creature_changed, self._on_creature_changed)
        # A new encounter: the old one's answers must not show a single frame of it.
        self._updates.connections.connect(events.reset, self._on_reset)
        self.rebuild()

    @property
    def enabled(self) -> bool:
        return self._enabled

    def set_enabled(self, enabled: bool) -> None:
        if enabled != self._enabled:
            self._enabled = enabled
            self.rebuild()

    def detach(self) -> None:
        """Stop following the document (the player window closes)."""
        self._updates.detach()

    def _on_reset(self) -> None:
        self._explored = QPainterPath()  # another encounter: nothing of it was seen yet
        self.rebuild()

    def _on_creature_changed(self, creature: Creature) -> None:
        vision = self.vision
        if (
            self._enabled
            and vision is not None
            and creature.id not in vision.viewers
            and self._spaces.get(creature.id, creature.space) != creature.space
        ):
            # A creature moved: until the rebuild says it is still seen, it is not shown (it
            # may have stepped behind a wall, and the fog's old holes include its old space).
            self._scene.set_shown_creatures(vision.seen - {creature.id})
        self._updates.schedule()

    def _scene_pieces(self, pieces: tuple[FloatArray, ...]) -> tuple[Piece, ...]:
        """The pieces in scene units; a piece still seen from the last rebuild is reused."""
        kept = self._pieces
        self._pieces = {}
        for ring in pieces:
            key = ring.tobytes()
            self._pieces[key] = kept.get(key) or scene_piece(ring)
        return tuple(self._pieces.values())

    def rebuild(self) -> None:
        """Work out the players' vision now and show it."""
        self._updates.cancel()
        started = time.perf_counter()
        scene = self._scene
        encounter = scene.document.encounter
        if not self._enabled:
            self.vision = None
            self._spaces = {}
            self.item.setVisible(False)
            scene.set_shown_creatures(None)
        else:
            vision = player_vision(encounter, self._rules, eyes=self._eyes)
            self.vision = vision
            self._spaces = {c.id: c.space for c in encounter.creatures}
            cover = fog_cover(scene)
            if encounter.lighting.shapes_sight:
                seen = seen_path(vision.rings)
                self._explored = self._explored.united(seen).simplified()
                whole = QPainterPath()
                whole.addRect(cover)
                self.item.set_path(
                    whole.subtracted(self._explored), self._explored.subtracted(seen)
                )
            else:
                self._explored = QPainterPath()
                self.item.set_pieces(cover, self._scene_pieces(vision.pieces))
            self.item.setVisible(True)
            scene.set_shown_creatures(vision.seen)
            # The sight pairs and the union leave their freed work arrays scattered in the
            # heap (29 MB at 200x200 with 100 heroes, issue 14): give them back now.
            release_free_heap()
        self.last_rebuild_ms = (time.perf_counter() - started) * 1000
        self.rebuilt.emit()
