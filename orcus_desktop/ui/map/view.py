"""MapView: the QGraphicsView the GM looks at: zoom, pan, fit, pointer tools and drops.

This is the only place where `QMouseEvent`s become the Qt-free `PointerEvent`s the tools in
`controller/tools/` consume (docs/design.md#tools); the tool's `ToolPreview` answer goes to
the scene to draw, and its message to whoever listens to `message`.
"""

from __future__ import annotations

import functools
import operator
from enum import Flag
from typing import Final, Protocol, TypeVar

from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QCursor,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QNativeGestureEvent,
    QPainter,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Button,
    KeyModifier,
    MapTool,
    PointerEvent,
    PointerKind,
    ToolPreview,
)
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.map.scene import MapScene

MIN_ZOOM = 0.05
MAX_ZOOM = 8.0
ZOOM_STEP = 1.25
PAN_STEP_PX = 80


class DropHandler(Protocol):
    """Decides what a drop on the map does (the palette's creatures, files)."""

    def can_drop(self, mime: QMimeData) -> bool:
        """Whether the data is something the map takes."""
        ...

    def drag_preview(self, mime: QMimeData, grid_xy: tuple[float, float]) -> ToolPreview:
        """What to draw while the data hovers over `grid_xy`."""
        ...

    def drop(self, mime: QMimeData, grid_xy: tuple[float, float]) -> str:
        """Do the drop; returns a status line the session has not reported already, or ""."""
        ...

    def drop_near(self, mime: QMimeData, grid_xy: tuple[float, float]) -> str:
        """Place the data on the free square closest to `grid_xy` (no pointer chose one)."""
        ...


_F = TypeVar("_F", bound=Flag)

_BUTTONS: Final = (
    (Qt.MouseButton.LeftButton, Button.LEFT),
    (Qt.MouseButton.RightButton, Button.RIGHT),
    (Qt.MouseButton.MiddleButton, Button.MIDDLE),
)
_MODIFIERS: Final = (
    (Qt.KeyboardModifier.ShiftModifier, KeyModifier.SHIFT),
    (Qt.KeyboardModifier.ControlModifier, KeyModifier.CTRL),
    (Qt.KeyboardModifier.AltModifier, KeyModifier.ALT),
)


def _ours(qt_flags: Flag, table: tuple[tuple[Flag, _F], ...], none: _F) -> _F:
    """The tool's flags for Qt's (`table` pairs each Qt flag with ours)."""
    return functools.reduce(operator.or_, (ours for qt, ours in table if qt_flags & qt), none)


class MapView(QGraphicsView):
    """Shows a MapScene and feeds pointer events to the current tool.

    The wheel and pinch zoom under the mouse; the middle button or space + drag pans; arrow
    keys pan and +/- zoom. Everything else goes to the tool.

    Signals:
        message: a status line from a tool or a drop (what was done, or why not).
        hovered_square: the square under the pointer as (col, row), or (-1, -1) off the map.
        context_menu_requested: (grid x, grid y, global position) of a right click.
    """

    message = Signal(str)
    hovered_square = Signal(int, int)
    context_menu_requested = Signal(float, float, QPoint)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        # Only the changed rects are repainted (never the whole viewport), and the background
        # (grid and map image) is cached so that panning does not redraw it. The cache is a
        # viewport-sized pixmap (2.7 MB resident at 1600x1000, issue 14), kept: without it a
        # 160x160 repaint of a 100x100 map took 0.33 ms instead of 0.07.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setMinimumSize(320, 240)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._tool: MapTool | None = None
        self._drop_handler: DropHandler | None = None
        self._pan_from: QPointF | None = None
        self._space_held = False
        # A button is held over the map (a drag may be under way), and whether the rest of
        # that press is ignored because the drag was cancelled (Ctrl+Z mid-drag).
        self._button_held = False
        self._drag_cancelled = False
        self._last_square = (-2, -2)
        self._watched_window: QWidget | None = None

    def map_scene(self) -> MapScene:
        scene = self.scene()
        assert isinstance(scene, MapScene)
        return scene

    # -- tools ---------------------------------------------------------------------------------

    @property
    def tool(self) -> MapTool | None:
        return self._tool

    def set_tool(self, tool: MapTool | None) -> None:
        """Make `tool` the one pointer events go to; the previous tool's work is dropped."""
        if self._tool is not None:
            self._show(self._tool.cancel())
        self._tool = tool
        self._show(EMPTY_PREVIEW)

    def show_tool_preview(self) -> None:
        """Ask the tool what to draw with the pointer where it is now (a new tool's rings)."""
        if self._tool is None:
            return
        pos = self.viewport().mapFromGlobal(QCursor.pos())
        self._feed(PointerEvent(PointerKind.MOVE, self.grid_point(QPointF(pos)), Button.NONE))

    def set_drop_handler(self, handler: DropHandler | None) -> None:
        self._drop_handler = handler

    def drop_at_centre(self, mime: QMimeData) -> None:
        """Place what `mime` carries near the middle of the view (Enter in the library)."""
        if self._drop_handler is None:
            return
        centre = QPointF(self.viewport().rect().center())
        before = set(self.map_scene().token_items())
        text = self._drop_handler.drop_near(mime, self.grid_point(centre))
        if text:
            self.message.emit(text)
        # No room near the middle (a gargantuan creature on a crowded map): it went to the
        # nearest free place, maybe out of sight; the view follows so the GM sees it.
        for placed in set(self.map_scene().token_items()) - before:
            rect = self.map_scene().token_space_rect(placed)
            if rect is not None:
                self.ensureVisible(rect, 8, 8)

    def grid_point(self, view_pos: QPointF) -> tuple[float, float]:
        """A viewport position in grid units."""
        scene_pos = self.mapToScene(view_pos.toPoint())
        return (scene_pos.x() / SQUARE_PX, scene_pos.y() / SQUARE_PX)

    def _pointer(self, kind: PointerKind, event: QMouseEvent) -> PointerEvent:
        changed = event.button() if kind is not PointerKind.MOVE else event.buttons()
        return PointerEvent(
            kind,
            self.grid_point(event.position()),
            _ours(changed, _BUTTONS, Button.NONE),
            _ours(event.modifiers(), _MODIFIERS, KeyModifier.NONE),
        )

    def _show(self, preview: ToolPreview) -> None:
        label_pos: QPointF | None = None
        if preview.label and preview.label_at is not None:
            ghost = preview.ghost
            rect = self.map_scene().token_space_rect(ghost.creature_id) if ghost else None
            width_units = rect.width() / SQUARE_PX if rect is not None else 1.0
            label_pos = self._label_pos(preview.label, preview.label_at, width_units)
        self.map_scene().show_preview(preview, label_pos)
        if preview.message:
            self.message.emit(preview.message)

    def _label_pos(
        self, text: str, label_at: tuple[float, float], width_units: float = 1.0
    ) -> QPointF:
        """Where a tool's label goes: right of its anchor, kept inside the viewport.

        `label_at` is the top-right corner of what the label talks about (a token `width_units`
        squares wide). Off the right edge the label goes to that thing's left; when there is
        no room there either, below it, pulled in from the edge: never off screen, and over
        the thing itself only as a last resort.
        """
        size = self.map_scene().preview.label.box_size(text)
        x, y = label_at
        anchor = QPointF(self.mapFromScene(QPointF(x * SQUARE_PX, y * SQUARE_PX)))
        left, top = anchor.x() + 8, anchor.y() - 4
        port_w, port_h = self.viewport().width(), self.viewport().height()
        if left + size.width() > port_w - 4:
            far_side = self.mapFromScene(QPointF((x - width_units) * SQUARE_PX, y * SQUARE_PX))
            left = far_side.x() - 8 - size.width()
            if left < 4:
                left = port_w - 4 - size.width()
                top = self.mapFromScene(QPointF(x * SQUARE_PX, (y + 1) * SQUARE_PX)).y() + 4
        left = max(4.0, left)
        top = max(4.0, min(top, port_h - 4 - size.height()))
        return self.mapToScene(round(left), round(top))

    def _feed(self, event: PointerEvent) -> None:
        if self._tool is not None:
            self._show(self._tool.on_pointer(event))

    # -- zoom ----------------------------------------------------------------------------------

    def zoom_factor(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        """Zoom by `factor`, kept between MIN_ZOOM and MAX_ZOOM."""
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom_factor() * factor))
        applied = target / self.zoom_factor()
        if abs(applied - 1.0) > 1e-9:
            self.scale(applied, applied)

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def fit_map(self) -> None:
        """Show the whole map."""
        self.fitInView(self.map_scene().map_rect, Qt.AspectRatioMode.KeepAspectRatio)

    def pan_by(self, dx_px: float, dy_px: float) -> None:
        """Scroll the view by a number of screen pixels."""
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(dx_px))
        v.setValue(v.value() + round(dy_px))

    # -- Qt event handlers ---------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.zoom_by(ZOOM_STEP**steps)
            event.accept()
        else:
            # Shift + wheel (and horizontal wheels) scroll, as elsewhere on the desktop.
            super().wheelEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if (
            isinstance(event, QNativeGestureEvent)
            and event.gestureType() == Qt.NativeGestureType.ZoomNativeGesture
        ):
            # Trackpad pinch: value() is the change of scale since the last event.
            self.zoom_by(1.0 + event.value())
            return True
        return super().viewportEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton or (
            self._space_held and event.button() == Qt.MouseButton.LeftButton
        ):
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self._button_held, self._drag_cancelled = True, False
        self._feed(self._pointer(PointerKind.PRESS, event))
        event.accept()

    def add_waypoint(self) -> None:
        """P during a drag: the square under the dragged token becomes a waypoint (issue 28)."""
        add = getattr(self._tool, "add_waypoint", None)
        if callable(add):
            self._show(add())

    @property
    def dragging(self) -> bool:
        """True while a button pressed on the map is held (a drag not cancelled by Ctrl+Z)."""
        return self._button_held and not self._drag_cancelled

    def cancel_drag(self) -> bool:
        """Cancel a drag under way (Undo pressed mid-drag); False when there is none.

        The drag's preview goes, nothing changes, and the rest of the press (moves, the
        release) is ignored, so Undo during a drag never undoes an earlier action.
        """
        if not self._button_held or self._drag_cancelled or self._tool is None:
            return False
        self._drag_cancelled = True
        self._show(self._tool.cancel())
        return True

    def release_pointer(self) -> None:
        """Forget the button held over the map: a dialog took the rest of the press.

        Issue 28: the press that confirms a target opens the attack dialog, and its release
        goes to the dialog; the map must not go on thinking a drag is under way (the next
        Ctrl+Z would cancel that phantom drag instead of undoing the attack).
        """
        self._button_held = self._drag_cancelled = False
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()

    def showEvent(self, event: QShowEvent) -> None:
        # Watch the window the view is in: a modal dialog blocking it (WindowBlocked) takes
        # the pointer (`release_pointer`).
        window = self.window()
        if window is not self._watched_window:
            if self._watched_window is not None:
                self._watched_window.removeEventFilter(self)
            window.installEventFilter(self)
            self._watched_window = window
        super().showEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched_window and event.type() == QEvent.Type.WindowBlocked:
            self.release_pointer()
        return super().eventFilter(watched, event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.pan_by(-delta.x(), -delta.y())
            event.accept()
            return
        pointer = self._pointer(PointerKind.MOVE, event)
        square = (pointer.square.col, pointer.square.row)
        if square != self._last_square:
            self._last_square = square
            self.hovered_square.emit(*square)
        if not self._drag_cancelled:
            self._feed(pointer)
        # Hover (tooltips) still goes through the scene when no button is held.
        if not event.buttons():
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        cancelled = self._drag_cancelled
        if not event.buttons() & Qt.MouseButton.LeftButton:  # not a right-click's waypoint
            self._button_held = self._drag_cancelled = False
        if not cancelled:
            self._feed(self._pointer(PointerKind.RELEASE, event))
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self._feed(self._pointer(PointerKind.DOUBLE_CLICK, event))
        event.accept()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self._button_held and QGuiApplication.mouseButtons() & Qt.MouseButton.LeftButton:
            event.accept()  # a right-click during a drag adds a waypoint (MoveTool), no menu
            return
        x, y = self.grid_point(QPointF(event.pos()))
        self.context_menu_requested.emit(x, y, event.globalPos())
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        self.hovered_square.emit(-1, -1)
        self._last_square = (-2, -2)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        elif key == Qt.Key.Key_Escape and self._tool is not None:
            self._show(self._tool.cancel())
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._tool is not None:
            self._show(self._tool.finish())
        elif key == Qt.Key.Key_P and self._button_held and not self._drag_cancelled:
            self.add_waypoint()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_Left:
            self.pan_by(-PAN_STEP_PX, 0)
        elif key == Qt.Key.Key_Right:
            self.pan_by(PAN_STEP_PX, 0)
        elif key == Qt.Key.Key_Up:
            self.pan_by(0, -PAN_STEP_PX)
        elif key == Qt.Key.Key_Down:
            self.pan_by(0, PAN_STEP_PX)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            if self._pan_from is None:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    # -- drag and drop -------------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.dragMoveEvent(event)  # entering is the first move: the same answer and preview

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        handler = self._drop_handler
        if handler is not None and handler.can_drop(event.mimeData()):
            event.acceptProposedAction()
            self._show(handler.drag_preview(event.mimeData(), self.grid_point(event.position())))
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._show(EMPTY_PREVIEW)
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        handler = self._drop_handler
        self._show(EMPTY_PREVIEW)
        if handler is None or not handler.can_drop(event.mimeData()):
            event.ignore()
            return
        event.acceptProposedAction()
        text = handler.drop(event.mimeData(), self.grid_point(event.position()))
        if text:
            self.message.emit(text)
