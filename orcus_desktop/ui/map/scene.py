"""MapScene: the graphics scene that mirrors one encounter, one item per token, one for walls."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import chain
from pathlib import Path
from typing import Final

import numpy as np
import shiboken6
from PySide6.QtCore import (
    QLineF,
    QObject,
    QPointF,
    QRect,
    QRectF,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneHelpEvent, QToolTip

from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.stealth import hidden_from_players
from orcus_desktop.controller.tools.pointer import ToolPreview, wall_at
from orcus_desktop.controller.views.player_initiative import MonsterNames
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, MapImage
from orcus_desktop.model.uvtt.images import over_pixel_budget
from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.map.engagement import EngagementItem
from orcus_desktop.ui.map.image_loader import ImageLoader, image_size
from orcus_desktop.ui.map.items import TokenItem, WallLayer, terrain_brush
from orcus_desktop.ui.map.layers import GRID_LINE, OFF_MAP, PAPER, SQUARE_PX, DrawnItem, ZLayer
from orcus_desktop.ui.map.look import TokenLook, token_label, token_look
from orcus_desktop.ui.map.map_art import MapArt
from orcus_desktop.ui.map.preview import PreviewLayer

# Drawn bottom to top so heavier obscurement and solid squares stay visible over lighter ones.
_TERRAIN_ORDER: Final = (
    TerrainKind.DIFFICULT,
    TerrainKind.LIGHTLY_OBSCURED,
    TerrainKind.HEAVILY_OBSCURED,
    TerrainKind.TOTALLY_OBSCURED,
    TerrainKind.BLOCKING,
)


MIN_GRID_GAP_PX = 6.0
"""Grid lines closer than this on screen are thinned out (every 5th, every 25th...)."""


def grid_step(square_px_on_screen: float) -> int:
    """Draw every n-th grid line so that drawn lines are MIN_GRID_GAP_PX apart or more."""
    step = 1
    while square_px_on_screen * step < MIN_GRID_GAP_PX and step < 10_000:
        step *= 5
    return step


def square_runs(patches: Sequence[TerrainPatch]) -> list[tuple[int, int, int]]:
    """The patches' squares as runs along the rows: (row, first column, squares), row by row.

    One rectangle a run, not one a square (R-253: a million squares of terrain took seconds to
    add and to draw); a square in two patches is in one run.
    """
    count = sum(len(patch.squares) for patch in patches)
    if not count:
        return []
    # (column, row) pairs straight from the squares (NamedTuples), without a Python loop
    pairs = np.fromiter(
        chain.from_iterable(chain.from_iterable(p.squares for p in patches)),
        dtype=np.int64,
        count=2 * count,
    ).reshape(-1, 2)
    stride = (
        int(pairs[:, 0].max()) + 2
    )  # a row's last square and the next row's first differ by 2+
    keys = np.sort(pairs[:, 1] * stride + pairs[:, 0])  # (np.unique sorts far slower)
    keys = keys[np.diff(keys, prepend=-1) != 0]
    starts = np.flatnonzero(np.diff(keys, prepend=keys[0] - 2) != 1)
    lengths = np.diff(starts, append=len(keys))
    firsts = keys[starts]
    rows, cols = (firsts // stride).tolist(), (firsts % stride).tolist()
    return list(zip(rows, cols, lengths.tolist(), strict=True))


class TerrainItem(DrawnItem):
    """All painted terrain as one item: a cached path per terrain kind."""

    def __init__(self) -> None:
        super().__init__(ZLayer.TERRAIN)
        self._paths: dict[TerrainKind, QPainterPath] = {}

    def sync(self, patches: Iterable[TerrainPatch]) -> None:
        by_kind: dict[TerrainKind, list[TerrainPatch]] = {}
        for patch in patches:
            by_kind.setdefault(patch.kind, []).append(patch)
        paths: dict[TerrainKind, QPainterPath] = {}
        for kind, of_kind in by_kind.items():
            path = paths[kind] = QPainterPath()
            for row, col, length in square_runs(of_kind):
                path.addRect(
                    QRectF(col * SQUARE_PX, row * SQUARE_PX, length * SQUARE_PX, SQUARE_PX)
                )
        rect = QRectF()
        for path in paths.values():
            rect = rect.united(path.boundingRect())
        self._set_rect(rect)
        self._paths = paths
        self.update()

    def draw(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for kind in _TERRAIN_ORDER:
            path = self._paths.get(kind)
            if path is not None:
                painter.setBrush(terrain_brush(kind))
                painter.drawPath(path)


class MapScene(QGraphicsScene):
    """An adapter over the document: grid in the background, items for terrain, walls, tokens.

    The scene never changes the document; it connects to the document's events when built and
    mirrors each change in the one item concerned (docs/design.md#scene, napari's canvas). A
    pointer tool's preview is drawn by the `PreviewLayer`; a token being dragged is moved by
    `show_preview` and put back where its snapshot says when the drag ends.

    Args:
        document: the open encounter.
        rules: the session's rules reading of creatures (hit points, conditions), if any.
        gm: the game master's view (HP bars, hidden creatures as ghosts); a player view
            passes False and then has no item at all for a hidden creature.
        monster_names: a player view's tooltips name monsters so (the GM's strip setting).
        image_root: the folder a relative map-image path is resolved against.
        parent: the owning object (the window: the scene then outlives the panels that
            listen to its selection).

    Signals:
        image_unreadable: the map image cannot be shown (a line for the GM, naming it).
        grid_style_changed: the grid line's colour, its opacity as alpha (a player view
            follows the GM's grid look: one setting for the table).
        map_art_changed: the map image shown changed (decoded, recalibrated or removed).
    """

    image_unreadable = Signal(str)
    grid_style_changed = Signal(QColor)
    map_art_changed = Signal()

    def __init__(
        self,
        document: Document,
        *,
        rules: CombatRules | None = None,
        gm: bool = True,
        monster_names: MonsterNames = MonsterNames.LABELS,
        image_root: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._rules = rules
        self._gm = gm
        self._monster_names = monster_names
        self._hidden_seen: frozenset[str] = frozenset()
        self._image_root = image_root
        self._tokens: dict[str, TokenItem] = {}
        self._shown: frozenset[str] | None = None  # fog of war: None shows all not hidden
        self._walls = WallLayer()
        self.addItem(self._walls)
        self._terrain = TerrainItem()
        self.addItem(self._terrain)
        self.engagement = EngagementItem()  # 001-25: the Engaged With lines
        self.addItem(self.engagement)
        # The map image is painted in drawBackground, under the grid lines, rather than as a
        # pixmap item: an item would cover the grid, which must stay visible over the art.
        # One copy of the art (issue 33, R-168): the `MapArt` the loader shares with every
        # scene; the GM's map draws its full detail, the players' its overview.
        self._art: MapArt | None = None
        self._map_target = QRectF()
        self._map_image_key: tuple[str, float, tuple[float, float]] | None = None
        self._decoded: dict[str, MapArt] = {}
        self._loader = ImageLoader(self)
        self._loader.loaded.connect(self._on_image_loaded)
        self._columns = 0
        self._rows = 0
        self._grid_pen = QPen(GRID_LINE, 0)  # cosmetic: one pixel at every zoom
        self._dragged: str | None = None
        self.setBackgroundBrush(QBrush(OFF_MAP))
        self.preview = PreviewLayer(self, self.token_space_rect)
        events = document.events
        self._connections = DocumentConnections()
        self._connections.connect(events.creature_added, self._on_creature_added)
        self._connections.connect(events.creature_removed, self._on_creature_removed)
        self._connections.connect(events.creature_changed, self._on_creature_changed)
        self._connections.connect(events.walls_changed, self._on_walls_changed)
        self._connections.connect(events.terrain_changed, self._on_terrain_changed)
        self._connections.connect(events.map_changed, self._on_map_changed)
        self._connections.connect(events.combat_changed, self._on_combat_changed)
        self._connections.connect(events.reset, self._on_reset)
        self._on_reset()

    def detach(self) -> None:
        """Stop following the document (the window closes or shows another document)."""
        self._connections.disconnect_all()
        if self._loader.busy:
            # Let a map image still decoding finish before the scene can go away under it.
            QThreadPool.globalInstance().waitForDone(5000)

    @property
    def document(self) -> Document:
        return self._document

    @property
    def map_rect(self) -> QRectF:
        return QRectF(0, 0, self._columns * SQUARE_PX, self._rows * SQUARE_PX)

    def token_item(self, creature_id: str) -> TokenItem | None:
        return self._tokens.get(creature_id)

    def token_items(self) -> dict[str, TokenItem]:
        return dict(self._tokens)

    def drawn_walls(self) -> dict[str, Wall]:
        """The walls, windows and doors this scene draws, by id."""
        return self._walls.walls

    @property
    def walls_rect(self) -> QRectF:
        """Where the walls' pens paint, in scene units (empty without walls)."""
        return self._walls.sceneBoundingRect()

    def wall_tooltip_at(self, scene_pos: QPointF) -> str:
        """The GM's hover text for the wall under `scene_pos`; always "" in a player view.

        In the players' view a hover must not name a wall or door the fog hides (issue 12).
        """
        if not self._gm:
            return ""
        encounter = self._document.encounter
        wall_id = wall_at(encounter, (scene_pos.x() / SQUARE_PX, scene_pos.y() / SQUARE_PX))
        if wall_id is None:
            return ""
        wall = encounter.wall(wall_id).wall
        state = " (open)" if wall.is_open else " (secret)" if wall.secret else ""
        return f"{wall.kind.value}{state}"

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        # A token's tooltip wins (tokens lie above the walls); else the wall under the pointer.
        if not self._gm:  # the players' screen shows no tooltips (issue 31 item 6)
            event.ignore()
            return
        pos = event.scenePos()
        over_token = any(isinstance(item, TokenItem) for item in self.items(pos))
        text = "" if over_token else self.wall_tooltip_at(pos)
        if text:
            QToolTip.showText(event.screenPos(), text, event.widget())
            event.setAccepted(True)
            return
        super().helpEvent(event)

    @property
    def map_pixmap(self) -> QImage:
        """The art's overview, fitted within `map_art.PLAYERS_ART_SIDE` (null without art).

        The players' scene draws it; the GM's map draws the full detail of `map_art`.
        """
        return self._art.overview if self._art is not None else QImage()

    @property
    def map_art(self) -> MapArt | None:
        """The map's art, shared with every scene showing it (None while it decodes)."""
        return self._art

    @property
    def map_image_rect(self) -> QRectF:
        """Where the background image lies in scene units (empty without one)."""
        return QRectF(self._map_target)

    def token_space_rect(self, creature_id: str) -> QRectF | None:
        """The scene rect of a token's space where it is drawn now (dragged or not)."""
        item = self._tokens.get(creature_id)
        if item is None:
            return None
        x0, _y0, x1, _y1 = item.creature.space.bounds()
        side = (x1 - x0) * SQUARE_PX
        return QRectF(item.pos().x(), item.pos().y(), side, side)

    def set_grid_style(self, colour: QColor, opacity: float) -> None:
        """Grid line colour and opacity (0..1); a view setting, not part of the encounter."""
        pen_colour = QColor(colour)
        pen_colour.setAlphaF(max(0.0, min(1.0, opacity)))
        self._grid_pen = QPen(pen_colour, 0)
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.grid_style_changed.emit(QColor(pen_colour))

    def copy_grid_style(self, pen_colour: QColor) -> None:
        """Draw the grid as another scene does (a players' map copies the GM's).

        `pen_colour` is that scene's `grid_colour`, as `grid_style_changed` sends it: its alpha
        is the opacity.
        """
        self.set_grid_style(pen_colour, pen_colour.alphaF())

    @property
    def grid_colour(self) -> QColor:
        return self._grid_pen.color()

    def set_shown_creatures(self, creature_ids: frozenset[str] | None) -> None:
        """Fog of war (player view): only these creatures have items; None: all not hidden."""
        self._shown = creature_ids
        for creature in self._document.encounter.creatures:
            if self._shows(creature) != (creature.id in self._tokens):
                self._on_creature_added(creature)

    def set_monster_names(self, names: MonsterNames) -> None:
        """Player view: how the tokens' tooltips name monsters (the GM's strip setting)."""
        self._monster_names = names
        encounter = self._document.encounter
        by_id: dict[str, Creature] = {c.id: c for c in encounter.creatures}
        for creature_id, token in self._tokens.items():
            creature = by_id.get(creature_id)
            if creature is not None and creature_id != self._dragged:
                token.sync(creature, self._look(creature))

    def _shows(self, creature: Creature) -> bool:
        if self._gm:
            return True
        encounter = self._document.encounter
        # 003-47 Hidden, 003-48 Swallowed/Exiled: off the players' screen (docs/rulings.md R-82).
        if creature.id in hidden_from_players(self._rules, encounter):
            return False
        return not creature.hidden and (self._shown is None or creature.id in self._shown)

    # -- selection -----------------------------------------------------------------------------

    def select_creature(self, creature_id: str | None) -> None:
        """Select one token (or none); selection is a view matter, not in the document."""
        self.clearSelection()
        item = self._tokens.get(creature_id) if creature_id else None
        if item is not None:
            item.setSelected(True)

    def selected_creature_id(self) -> str | None:
        # Panels listening to selectionChanged may ask while the window tears the scene down
        # (clearing its items changes the selection): a dead scene has nothing selected.
        if not shiboken6.isValid(self):
            return None
        for item in self.selectedItems():
            if isinstance(item, TokenItem):
                return item.creature.id
        return None

    # -- tool previews -------------------------------------------------------------------------

    def show_preview(self, preview: ToolPreview, label_pos: QPointF | None = None) -> None:
        """Draw a tool's preview; a dragged token follows the pointer, else sits on its square."""
        ghost = preview.ghost
        if self._dragged is not None and (ghost is None or ghost.creature_id != self._dragged):
            item = self._tokens.get(self._dragged)
            if item is not None:
                item.setZValue(ZLayer.TOKENS)
                item.sync(self._document.encounter.find_creature(self._dragged) or item.creature)
            self._dragged = None
        if ghost is not None:
            item = self._tokens.get(ghost.creature_id)
            if item is not None:
                self._dragged = ghost.creature_id
                item.setZValue(ZLayer.DRAGGED)
                item.setPos(ghost.top_left[0] * SQUARE_PX, ghost.top_left[1] * SQUARE_PX)
        self.preview.show(preview, label_pos)

    # -- document events -----------------------------------------------------------------------

    def _look(self, creature: Creature) -> TokenLook:
        return token_look(
            self._document.encounter,
            creature,
            self._rules,
            for_players=not self._gm,
            monster_names=self._monster_names,
        )

    def _on_reset(self) -> None:
        """Rebuild everything from the whole snapshot (a file was opened)."""
        encounter = self._document.encounter
        self._columns, self._rows = encounter.grid.columns, encounter.grid.rows
        margin = SQUARE_PX
        self.setSceneRect(self.map_rect.adjusted(-margin, -margin, margin, margin))
        for creature_id in list(self._tokens):
            self._on_creature_removed(creature_id)
        for creature in encounter.creatures:
            self._place_token(creature)
        # once for them all (R-218: per token, 2,000 creatures took minutes)
        self._sync_labels()
        self._sync_engagements()
        self._on_walls_changed()
        self._on_terrain_changed()
        self._sync_map_image()
        self.update()

    def _on_creature_added(self, creature: Creature) -> None:
        self._place_token(creature)
        self._sync_labels()
        self._sync_engagements()

    def _place_token(self, creature: Creature) -> None:
        """Add, update or take away the creature's token (labels and lines are synced after)."""
        if not self._shows(creature):
            # The players' scene never holds a hidden creature, not even an invisible item
            # (docs/design.md: a player window is its own scene built with gm=False), nor one
            # the fog of war hides from the players' creatures.
            self._on_creature_removed(creature.id)
            return
        item = self._tokens.get(creature.id)
        if item is None:
            item = TokenItem(creature, self._look(creature), gm=self._gm)
            self._tokens[creature.id] = item
            self.addItem(item)
        else:
            item.sync(creature, self._look(creature))

    def _on_creature_changed(self, creature: Creature) -> None:
        if not self._gm:
            self._sync_hidden_sources()
        item = self._tokens.get(creature.id)
        if item is None or not self._shows(creature):
            self._on_creature_added(creature)
            return
        if self._dragged == creature.id:
            self._dragged = None
            item.setZValue(ZLayer.TOKENS)
        item.sync(creature, self._look(creature))
        self._sync_labels()
        self._sync_engagements()
        self.preview.refresh_rings()

    def _sync_engagements(self) -> None:
        """001-25's lines between the tokens this scene holds (`EngagementItem`)."""
        self.engagement.sync(self._document.encounter, self.token_space_rect)

    def _sync_labels(self) -> None:
        """A creature added, removed or renamed can change other tokens' labels ("GW" -> "GW1")."""
        encounter = self._document.encounter
        by_id: dict[str, Creature] = {c.id: c for c in encounter.creatures}
        for creature_id, token in self._tokens.items():
            creature = by_id.get(creature_id)
            if creature is None or creature_id == self._dragged:
                continue  # going away, or the GM is dragging it (sync would drop it back)
            label = token_label(encounter, creature, for_players=not self._gm, rules=self._rules)
            if label != token.look.label:
                token.sync(creature, self._look(creature))

    def _sync_hidden_sources(self) -> None:
        """Players' view: when who is hidden changes, redraw the badges others carry from them."""
        encounter = self._document.encounter
        hidden = frozenset(c.id for c in encounter.creatures if c.hidden) | hidden_from_players(
            self._rules, encounter
        )
        if hidden == self._hidden_seen:
            return
        self._hidden_seen = hidden
        for token in self._tokens.values():
            token.sync(token.creature, self._look(token.creature))

    def _on_creature_removed(self, creature_id: str) -> None:
        item = self._tokens.pop(creature_id, None)
        if item is not None:
            self.removeItem(item)
            self._sync_labels()
            self._sync_engagements()
        if self._dragged == creature_id:
            self._dragged = None

    def _on_walls_changed(self) -> None:
        walls = self._document.encounter.walls
        self._walls.sync({entry.id: self._drawn_wall(entry.wall) for entry in walls})

    def _drawn_wall(self, wall: Wall) -> Wall:
        """The wall as this scene draws it: the players see a secret door as a wall (R-151)."""
        if wall.secret and not self._gm:
            return Wall(WallKind.WALL, wall.points)
        return wall

    def _on_terrain_changed(self) -> None:
        self._terrain.sync(self._document.encounter.terrain)

    def _on_map_changed(self) -> None:
        encounter = self._document.encounter
        if (encounter.grid.columns, encounter.grid.rows) != (self._columns, self._rows):
            self._columns, self._rows = encounter.grid.columns, encounter.grid.rows
            margin = SQUARE_PX
            self.setSceneRect(self.map_rect.adjusted(-margin, -margin, margin, margin))
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self._sync_map_image()

    def _on_combat_changed(self) -> None:
        # Whose turn it is (and, later, HP and conditions) shows on the tokens.
        encounter = self._document.encounter
        for creature in encounter.creatures:
            item = self._tokens.get(creature.id)
            if item is not None:
                look = self._look(creature)
                if look != item.look:
                    item.sync(creature, look)
        self._sync_engagements()

    def set_image_root(self, folder: Path | None) -> None:
        self._image_root = folder
        self._map_image_key = None
        self._sync_map_image()

    @property
    def map_image_loading(self) -> bool:
        """The map image is still being decoded (the grid and tokens are already shown)."""
        return self._map_target.isValid() and self._art is None and self._loader.busy

    def _resolve_image(self, image: MapImage) -> str:
        path = Path(image.path)
        if not path.is_absolute() and self._image_root is not None:
            path = self._image_root / path
        return str(path)

    def _sync_map_image(self) -> None:
        image = self._document.encounter.map_image
        key = (image.path, image.pixels_per_square, image.offset_px) if image else None
        if key == self._map_image_key:
            return
        self._map_image_key = key
        self._set_art(None)
        self._map_target = QRectF()
        if image is not None:
            path = self._resolve_image(image)
            size = image_size(path)
            if size is None:
                # After the line of the step that set the image, so this one is the last read.
                message = _unreadable(path)
                QTimer.singleShot(0, self, lambda: self.image_unreadable.emit(message))
            else:
                # Image pixels -> scene units: one square of the image becomes SQUARE_PX.
                scale = SQUARE_PX / image.pixels_per_square
                self._map_target = QRectF(
                    -image.offset_px[0] * scale,
                    -image.offset_px[1] * scale,
                    size[0] * scale,
                    size[1] * scale,
                )
                cached = self._decoded.get(path)
                if cached is not None:
                    self._set_art(cached)  # a new calibration of the same art
                else:
                    self._loader.load(path)
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.map_art_changed.emit()

    def _on_image_loaded(self, path: str, art: MapArt | None) -> None:
        if art is None:
            self.image_unreadable.emit(_unreadable(path))
            return
        # Keep only the art in use: a map image is large.
        self._decoded = {path: art}
        current = self._document.encounter.map_image
        if current is not None and self._resolve_image(current) == path:
            self._set_art(art)
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
            self.map_art_changed.emit()

    def _set_art(self, art: MapArt | None) -> None:
        """Show `art`; the GM's map repaints where its tiles come in full detail."""
        if art is self._art:
            return
        if self._gm and self._art is not None and self._art.tiled:
            self._art.remove_detail_listener(self._on_art_detail)
        self._art = art
        if self._gm and art is not None and art.tiled:
            art.add_detail_listener(self._on_art_detail)

    def _on_art_detail(self, pixels: QRect) -> None:
        if self._art is None or not self._map_target.isValid():
            return
        per_x = self._map_target.width() / self._art.size[0]
        per_y = self._map_target.height() / self._art.size[1]
        region = QRectF(
            self._map_target.left() + pixels.left() * per_x,
            self._map_target.top() + pixels.top() * per_y,
            pixels.width() * per_x,
            pixels.height() * per_y,
        )
        self.invalidate(region, QGraphicsScene.SceneLayer.BackgroundLayer)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        # The grid is drawn here for the exposed rect only, in one drawLines call: never an
        # item per line (docs/design.md#scene).
        rect = QRectF(rect)
        super().drawBackground(painter, rect)
        map_rect = self.map_rect
        painter.fillRect(rect.intersected(map_rect), PAPER)
        if self._art is not None:
            self._art.draw(painter, rect, self._map_target, detail=self._gm)
        visible = rect.intersected(map_rect)
        if visible.isEmpty():
            return
        # Zoomed far out (a 200x200 map fitted), a line per square would be a grey mesh over
        # the whole map: draw every 5th or 25th line instead, at least MIN_GRID_GAP_PX apart.
        step = grid_step(SQUARE_PX * abs(painter.worldTransform().m11()))
        first_col = max(0, math.floor(visible.left() / SQUARE_PX))
        last_col = min(self._columns, math.ceil(visible.right() / SQUARE_PX))
        first_row = max(0, math.floor(visible.top() / SQUARE_PX))
        last_row = min(self._rows, math.ceil(visible.bottom() / SQUARE_PX))
        top, bottom = first_row * SQUARE_PX, last_row * SQUARE_PX
        left, right = first_col * SQUARE_PX, last_col * SQUARE_PX
        lines = [
            QLineF(c * SQUARE_PX, top, c * SQUARE_PX, bottom)
            for c in range(first_col, last_col + 1)
            if c % step == 0 or c == self._columns
        ]
        lines += [
            QLineF(left, r * SQUARE_PX, right, r * SQUARE_PX)
            for r in range(first_row, last_row + 1)
            if r % step == 0 or r == self._rows
        ]
        painter.setPen(self._grid_pen)
        painter.drawLines(lines)


def _unreadable(path: str) -> str:
    size = image_size(path)
    too_big = over_pixel_budget(*size) if size is not None else ""
    if too_big:
        return f"The map image {Path(path).name} is not shown: {too_big}."
    return (
        f"The map image {Path(path).name} cannot be shown (missing, corrupt or not an image "
        "format Qt reads); the grid is shown without it."
    )
