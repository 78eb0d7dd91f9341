"""What part of the map the player view shows (issue 31 item 4): the party, or the GM's frame.

On a 120x120 cave the whole map on the TV made the party's lit area a small blob in a black
screen. The player view now follows the party: the box around what the heroes see (and the
heroes themselves), with a margin of `MARGIN_SQUARES`, panned smoothly when it moves. Or it
shows the frame the GM chose (Window > Player View Framing > Show My View to the Players: what
the GM's map shows now). Either way a square is never drawn smaller than the size the GM sets
(`DEFAULT_MIN_SQUARE_PX`, about 40 px on the TV); when the box does not fit at that size the
view keeps the size and centres on the heroes (docs/rulings.md R-150). The fog of war is drawn
as before: framing only moves and scales the view.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, QSettings, QVariantAnimation
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QGraphicsView, QInputDialog, QMenu, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.views.vision import PlayerVision, player_side
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.screens import app_settings

MARGIN_SQUARES = 3
"""Squares shown around the party's box, so the players see what is next to them."""
DEFAULT_MIN_SQUARE_PX = 40
MIN_SQUARE_RANGE: Final = (8, 200)
MIN_SQUARE_KEY = "playerView/minSquarePx"
PAN_MS = 350

Settings = Callable[[], QSettings]


def remembered_min_square_px(settings: QSettings) -> int:
    """The GM's smallest square on the player view, in screen pixels (40 by default)."""
    value = settings.value(MIN_SQUARE_KEY, DEFAULT_MIN_SQUARE_PX)
    try:
        px = int(str(value))
    except ValueError:
        return DEFAULT_MIN_SQUARE_PX
    low, high = MIN_SQUARE_RANGE
    return max(low, min(high, px))


def _grid_box(points: list[tuple[float, float]]) -> QRectF | None:
    if not points:
        return None
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return QRectF(
        min(xs) * SQUARE_PX,
        min(ys) * SQUARE_PX,
        (max(xs) - min(xs)) * SQUARE_PX,
        (max(ys) - min(ys)) * SQUARE_PX,
    )


def party_spaces_box(session: GameSession) -> QRectF | None:
    """The box around the heroes' spaces (the players' side, not hidden), in scene units."""
    encounter = session.encounter
    side = player_side(encounter, session.rules)
    points: list[tuple[float, float]] = []
    for creature in encounter.creatures:
        if creature.side == side and not creature.hidden:
            x0, y0, x1, y1 = creature.space.bounds()
            points += [(x0, y0), (x1, y1)]
    return _grid_box(points)


def seen_box(vision: PlayerVision | None) -> QRectF | None:
    """The box around what the heroes see, in scene units (None: the fog is off or none sees)."""
    if vision is None:
        return None
    points: list[tuple[float, float]] = []
    if vision.lit_rings is not None:
        for ring in vision.lit_rings:
            points += [(float(x), float(y)) for x, y in ring]
    else:
        for piece in vision.pieces:
            if len(piece):
                low, high = piece.min(axis=0), piece.max(axis=0)
                points += [(float(low[0]), float(low[1])), (float(high[0]), float(high[1]))]
    return _grid_box(points)


def framed(
    view_w: float, view_h: float, box: QRectF, centre: QPointF, min_scale: float
) -> tuple[float, QPointF]:
    """The scale and centre that show `box` whole, never below `min_scale`.

    Too big a box at the smallest square size: that size, centred on `centre` (the heroes).
    """
    if box.width() <= 0 or box.height() <= 0 or view_w <= 0 or view_h <= 0:
        return min_scale, centre
    fit = min(view_w / box.width(), view_h / box.height())
    if fit >= min_scale:
        return fit, box.center()
    return min_scale, centre


class PlayerFraming(QObject):
    """Moves and scales a player view to the party, or to the GM's frame.

    Args:
        view: the players' map view (no scroll bars).
        scene: its scene.
        session: the GM's session (the heroes are its players' side).
        vision: what the heroes see now (None with the fog off).

    Attributes:
        min_square_px: the smallest square drawn, in screen pixels.
        gm_frame: the frame the GM chose, in scene units; None: follow the party.
        whole_map: the GM chose the whole map (it follows a resized grid).
    """

    def __init__(
        self,
        view: QGraphicsView,
        scene: MapScene,
        session: GameSession,
        vision: Callable[[], PlayerVision | None],
    ) -> None:
        super().__init__(view)
        self._view = view
        self._scene = scene
        self._session = session
        self._vision = vision
        self.min_square_px = DEFAULT_MIN_SQUARE_PX
        self.gm_frame: QRectF | None = None
        self.whole_map = False
        self.turned = False  # Window > Turn Player View by 180° (issue 32)
        self._from: tuple[float, QPointF] | None = None
        self._to: tuple[float, QPointF] | None = None
        self._pan = QVariantAnimation(self)
        self._pan.setDuration(PAN_MS)
        self._pan.setStartValue(0.0)
        self._pan.setEndValue(1.0)
        self._pan.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._pan.valueChanged.connect(self._step)

    def set_min_square_px(self, px: int) -> None:
        self.min_square_px = px
        self.refresh(animated=False)

    def set_gm_frame(self, frame: QRectF | None, *, whole_map: bool = False) -> None:
        """Show `frame` (scene units) or the whole map to the players; else follow the party."""
        self.gm_frame = frame
        self.whole_map = whole_map
        self.refresh()

    def target(self) -> tuple[float, QPointF]:
        """The scale and the scene point at the view's centre the framing asks for now."""
        heroes = party_spaces_box(self._session)
        whole = self._scene.map_rect
        if self.whole_map:
            box = whole
        elif self.gm_frame is not None:
            box = self.gm_frame
        else:
            box = self._party_frame(heroes, whole)
        centre = heroes.center() if heroes is not None else box.center()
        viewport = self._view.viewport()
        return framed(
            viewport.width(),
            viewport.height(),
            box,
            centre,
            self.min_square_px / SQUARE_PX,
        )

    def _party_frame(self, heroes: QRectF | None, whole: QRectF) -> QRectF:
        """What the heroes see and where they stand, with a margin; the map without heroes."""
        seen = seen_box(self._vision())
        found = [box for box in (seen, heroes) if box is not None]
        if not found:
            return whole
        box = found[0].united(found[-1])
        margin = MARGIN_SQUARES * SQUARE_PX
        return box.adjusted(-margin, -margin, margin, margin).intersected(whole)

    def refresh(self, *, animated: bool = True) -> None:
        """Frame the view again: panned smoothly when it shows, at once otherwise."""
        target = self.target()
        if self._to is not None and _close(target, self._to):
            return
        self._pan.stop()
        if not animated or not self._view.isVisible():
            self._to = target
            self._apply(target)
            return
        self._from = self.current()
        self._to = target
        self._pan.start()

    @property
    def panning(self) -> bool:
        """A smooth pan is under way."""
        return self._pan.state() == QVariantAnimation.State.Running

    def finish(self) -> None:
        """Jump to the end of a pan under way."""
        self._pan.stop()
        if self._to is not None:
            self._apply(self._to)

    def set_turned(self, turned: bool) -> None:
        """Turn the map by 180° (or back), keeping the frame."""
        self.turned = turned
        self._pan.stop()
        self._to = self.target()
        self._apply(self._to)

    def current(self) -> tuple[float, QPointF]:
        view = self._view
        t = view.transform()
        scale = math.hypot(t.m11(), t.m12())  # the same turned by 180°
        return scale, view.mapToScene(view.viewport().rect().center())

    def _step(self, value: object) -> None:
        if self._from is None or self._to is None or not isinstance(value, float):
            return
        (s0, c0), (s1, c1) = self._from, self._to
        scale = s0 + (s1 - s0) * value
        self._apply((scale, c0 + (c1 - c0) * value))

    def _apply(self, frame: tuple[float, QPointF]) -> None:
        scale, centre = frame
        view = self._view
        view.resetTransform()
        if self.turned:
            view.rotate(180)
        view.scale(scale, scale)
        view.centerOn(centre)


def _close(a: tuple[float, QPointF], b: tuple[float, QPointF]) -> bool:
    return abs(a[0] - b[0]) < 1e-6 and (a[1] - b[1]).manhattanLength() < 0.5


class FramingMenu:
    """Window > Player View Framing: follow the party, the GM's view or frame, smallest square.

    The check in the menu is what the players are shown now (no undo: a view setting).

    Args:
        menu: the submenu to fill.
        framing: the open player view's framing, or None (looked up on each choice).
        gm_view: the GM's map view (its visible part is the frame "Show My View" sends).
        parent: the dialogs' parent.
        settings: where the smallest square is kept.

    Attributes:
        drawn_frame: the rectangle the GM dragged ("Show This to the Players"), scene units.
        draw_frame: starts the dragging of one (set by `ui/players_frame.py`), or None.
    """

    def __init__(
        self,
        menu: QMenu,
        framing: Callable[[], PlayerFraming | None],
        gm_view: Callable[[], QGraphicsView | None],
        parent: QWidget,
        settings: Settings = app_settings,
    ) -> None:
        self._framing = framing
        self._gm_view = gm_view
        self._parent = parent
        self._settings = settings
        group = QActionGroup(menu)
        self.follow_action = QAction("&Follow the Party", menu, checkable=True, checked=True)
        self.gm_view_action = QAction("Show &My View to the Players", menu, checkable=True)
        self.frame_action = QAction("Show &This to the Players…", menu, checkable=True)
        self.frame_action.setToolTip("Drag a rectangle on your map: the players see that part")
        self.whole_map_action = QAction("Show the &Whole Map", menu, checkable=True)
        choices = (self.follow_action, self.gm_view_action, self.frame_action)
        for action in (*choices, self.whole_map_action):
            group.addAction(action)
            menu.addAction(action)
        self.drawn_frame: QRectF | None = None
        self.draw_frame: Callable[[], None] | None = None
        self._shown: QAction = self.follow_action
        group.triggered.connect(self._on_choice)
        self.follow_action.triggered.connect(self._follow)
        self.gm_view_action.triggered.connect(self.show_gm_view)
        self.frame_action.triggered.connect(self._ask_for_frame)
        self.whole_map_action.triggered.connect(self.show_whole_map)
        menu.addSeparator()
        self.min_square_action = menu.addAction("&Smallest Square on Player View…")
        self.min_square_action.triggered.connect(self._ask_min_square)

    def apply(self, framing: PlayerFraming) -> None:
        """A player view opened: it takes the GM's choices."""
        framing.min_square_px = remembered_min_square_px(self._settings())
        if self.gm_view_action.isChecked():
            framing.gm_frame = self._gm_frame()
        elif self.frame_action.isChecked():
            framing.gm_frame = self.drawn_frame
        framing.whole_map = self.whole_map_action.isChecked()
        framing.refresh(animated=False)

    def show_whole_map(self) -> None:
        """The players see the whole map (at no less than the smallest square size)."""
        self.whole_map_action.setChecked(True)
        self._shown = self.whole_map_action
        framing = self._framing()
        if framing is not None:
            framing.set_gm_frame(None, whole_map=True)

    def _gm_frame(self) -> QRectF | None:
        view = self._gm_view()
        if view is None:
            return None
        return view.mapToScene(view.viewport().rect()).boundingRect()

    def show_gm_view(self) -> None:
        """The players see what the GM's map shows now (until the GM picks Follow the Party)."""
        self.gm_view_action.setChecked(True)
        self._shown = self.gm_view_action
        framing = self._framing()
        if framing is not None:
            framing.set_gm_frame(self._gm_frame())

    def show_frame(self, frame: QRectF) -> None:
        """The players see `frame` (scene units; until the GM picks another choice)."""
        self.drawn_frame = QRectF(frame)
        self.frame_action.setChecked(True)
        self._shown = self.frame_action
        framing = self._framing()
        if framing is not None:
            framing.set_gm_frame(self.drawn_frame)

    def _on_choice(self, action: QAction) -> None:
        if action is not self.frame_action:
            self._shown = action

    def _ask_for_frame(self) -> None:
        # The check stays on what the players see until the GM has dragged the new frame.
        self._shown.setChecked(True)
        if self.draw_frame is not None:
            self.draw_frame()

    def _follow(self) -> None:
        self._shown = self.follow_action
        framing = self._framing()
        if framing is not None:
            framing.set_gm_frame(None)

    def set_min_square_px(self, px: int) -> None:
        """Keep the GM's smallest square and apply it to the open view."""
        low, high = MIN_SQUARE_RANGE
        px = max(low, min(high, px))
        self._settings().setValue(MIN_SQUARE_KEY, px)
        framing = self._framing()
        if framing is not None:
            framing.set_min_square_px(px)

    def _ask_min_square(self) -> None:
        low, high = MIN_SQUARE_RANGE
        px, ok = QInputDialog.getInt(
            self._parent,
            "Smallest Square on Player View",
            "A square on the players' screen is never drawn smaller than (pixels):",
            remembered_min_square_px(self._settings()),
            low,
            high,
        )
        if ok:
            self.set_min_square_px(px)
