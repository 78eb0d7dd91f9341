"""The overlay a pointer tool draws: reachable squares, paths, templates, ghosts and labels.

A fixed handful of items, created once and updated from each `ToolPreview`. Each part is rebuilt
only when its part of the preview changed, so a drag frame that merely moves the pointer within
a square costs one token `setPos` and a label move, and the view repaints only those rects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
)

from orcus_desktop.controller.tools.pointer import EMPTY_PREVIEW, ToolPreview
from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.dialog_parts import ERROR_COLOUR
from orcus_desktop.ui.map.layers import (
    AFFECTED,
    CANDIDATE,
    HIDDEN_SHADE,
    PATH_BAD,
    PATH_OK,
    PROVOKER,
    REACHABLE_FILL,
    SIGHT_LINE,
    SQUARE_PX,
    TEMPLATE_FILL,
    DrawnItem,
    ZLayer,
)


def square_runs(squares: Iterable[Square]) -> list[tuple[int, int, int]]:
    """Squares as horizontal runs (row, first column, length), row by row."""
    runs: list[tuple[int, int, int]] = []
    for s in sorted(squares, key=lambda q: (q.row, q.col)):
        if runs and runs[-1][0] == s.row and runs[-1][1] + runs[-1][2] == s.col:
            row, col, length = runs[-1]
            runs[-1] = (row, col, length + 1)
        else:
            runs.append((s.row, s.col, 1))
    return runs


def squares_path(squares: Iterable[Square]) -> QPainterPath:
    """One path over some squares, filled with one brush in one draw call.

    Squares are merged into horizontal runs first: a speed-12 reachable area is ~500 squares
    but ~40 runs, and the path is filled again on every repaint that touches it.
    """
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for row, col, length in square_runs(squares):
        path.addRect(QRectF(col * SQUARE_PX, row * SQUARE_PX, length * SQUARE_PX, SQUARE_PX))
    return path


def centre(square: Square) -> QPointF:
    return QPointF((square.col + 0.5) * SQUARE_PX, (square.row + 0.5) * SQUARE_PX)


class LabelItem(DrawnItem):
    """A small text box near the pointer that keeps its size at every zoom."""

    def __init__(self) -> None:
        super().__init__(ZLayer.OVERLAY)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self._lines: list[str] = []
        self._font = QFont()
        self._font.setPixelSize(13)
        self._font.setBold(True)
        self._metrics = QFontMetricsF(self._font)
        self._sized_text = ""
        self._size = QSizeF(12, 6)

    @property
    def text(self) -> str:
        return "\n".join(self._lines)

    def set_text(self, text: str) -> None:
        """Show `text` (one box, a line per line) with its top-left corner at the item's pos."""
        lines = text.splitlines() if text else []
        if lines == self._lines:
            return
        rect = QRectF(QPointF(0, 0), self.box_size(text)) if lines else QRectF()
        self._set_rect(rect)
        self._lines = lines
        self.update()

    def box_size(self, text: str) -> QSizeF:
        """The box `text` needs, in device pixels (the label ignores the view's zoom)."""
        if text != self._sized_text:
            lines = text.splitlines()
            width = max((self._metrics.horizontalAdvance(line) for line in lines), default=0)
            self._sized_text = text
            self._size = QSizeF(width + 12, 18 * len(lines) + 6)
        return QSizeF(self._size)

    def draw(self, painter: QPainter) -> None:
        if not self._lines:
            return
        painter.setPen(QPen(QColor(40, 40, 40), 1))
        painter.setBrush(QColor(255, 252, 240, 235))
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setFont(self._font)
        for i, line in enumerate(self._lines):
            colour = QColor(ERROR_COLOUR) if line.startswith("⚠") else QColor(20, 20, 20)
            painter.setPen(colour)
            painter.drawText(QPointF(self._rect.left() + 6, self._rect.top() + 17 + 18 * i), line)


class PreviewLayer:
    """The tool overlay of one scene.

    Args:
        scene: the scene the overlay items live in.
        token_rect: the scene rect of a creature's token by id (for rings), or None.
    """

    def __init__(self, scene: QGraphicsScene, token_rect: Callable[[str], QRectF | None]) -> None:
        self._token_rect = token_rect
        self._current = EMPTY_PREVIEW
        self.reachable = self._path_item(scene, ZLayer.REACHABLE, Qt.PenStyle.NoPen)
        self.reachable.setBrush(QBrush(REACHABLE_FILL))
        self.squares = self._path_item(scene, ZLayer.TEMPLATES, Qt.PenStyle.SolidLine)
        self.path = self._path_item(scene, ZLayer.PATH, Qt.PenStyle.SolidLine)
        self.destination = self._path_item(scene, ZLayer.PATH, Qt.PenStyle.SolidLine)
        self.polyline = self._path_item(scene, ZLayer.OVERLAY, Qt.PenStyle.SolidLine)
        self.shaded = self._path_item(scene, ZLayer.OVERLAY, Qt.PenStyle.NoPen)
        self.shaded.setBrush(QBrush(HIDDEN_SHADE))
        self.rings = self._path_item(scene, ZLayer.OVERLAY, Qt.PenStyle.SolidLine)
        self.affected = self._path_item(scene, ZLayer.OVERLAY, Qt.PenStyle.SolidLine)
        self.candidates = self._path_item(scene, ZLayer.OVERLAY, Qt.PenStyle.SolidLine)
        self.label = LabelItem()
        scene.addItem(self.label)

    @staticmethod
    def _path_item(scene: QGraphicsScene, z: ZLayer, style: Qt.PenStyle) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        item.setZValue(z)
        item.setPen(QPen(style) if style is Qt.PenStyle.NoPen else QPen())
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(item)
        return item

    @property
    def current(self) -> ToolPreview:
        return self._current

    def show(self, preview: ToolPreview, label_pos: QPointF | None = None) -> None:
        """Draw `preview`, touching only the parts that changed since the last one.

        Args:
            preview: what the tool wants drawn.
            label_pos: where the label's top-left goes in scene units (the view keeps it on
                screen); by default just right of `preview.label_at`.
        """
        old = self._current
        self._current = preview
        if preview.reachable is not old.reachable and preview.reachable != old.reachable:
            self.reachable.setPath(squares_path(preview.reachable))
        if preview.squares != old.squares or preview.path_ok != old.path_ok:
            colour = TEMPLATE_FILL if preview.path_ok else QColor(PATH_BAD.red(), 40, 40, 70)
            self.squares.setBrush(QBrush(colour))
            self.squares.setPen(QPen(colour.darker(150), 0))
            self.squares.setPath(squares_path(preview.squares))
        if preview.path != old.path or preview.path_ok != old.path_ok:
            self._show_path(preview)
        if preview.ghost != old.ghost:
            self._show_destination(preview)
        if preview.polyline != old.polyline or preview.path_ok != old.path_ok:
            self._show_polyline(preview)
        if preview.shaded != old.shaded:
            path = QPainterPath()
            for polygon in preview.shaded:
                if polygon:
                    path.moveTo(polygon[0][0] * SQUARE_PX, polygon[0][1] * SQUARE_PX)
                    for x, y in polygon[1:]:
                        path.lineTo(x * SQUARE_PX, y * SQUARE_PX)
                    path.closeSubpath()
            self.shaded.setPath(path)
        if preview.marked_ids != old.marked_ids:
            self.rings.setPen(QPen(PROVOKER, 4, Qt.PenStyle.DashLine))
            self.rings.setPath(self._rings(preview.marked_ids))
        if preview.affected_ids != old.affected_ids:
            self.affected.setPen(QPen(AFFECTED, 4))
            self.affected.setPath(self._rings(preview.affected_ids))
        if preview.candidate_ids != old.candidate_ids:
            # Legal targets of a targeting tool: a thin ring outside the others.
            self.candidates.setPen(QPen(CANDIDATE, 3, Qt.PenStyle.DotLine))
            self.candidates.setPath(self._rings(preview.candidate_ids, margin=7))
        self.label.set_text(preview.label)
        if label_pos is not None:
            self.label.setPos(label_pos)
        elif preview.label and preview.label_at is not None:
            x, y = preview.label_at
            self.label.setPos(x * SQUARE_PX, y * SQUARE_PX)

    def refresh_rings(self) -> None:
        """Re-place the rings after tokens moved under them."""
        self.rings.setPath(self._rings(self._current.marked_ids))
        self.affected.setPath(self._rings(self._current.affected_ids))
        self.candidates.setPath(self._rings(self._current.candidate_ids, margin=7))

    def _rings(self, ids: Iterable[str], margin: float = 3) -> QPainterPath:
        path = QPainterPath()
        for creature_id in ids:
            rect = self._token_rect(creature_id)
            if rect is not None:
                path.addEllipse(rect.adjusted(-margin, -margin, margin, margin))
        return path

    def _show_path(self, preview: ToolPreview) -> None:
        path = QPainterPath()
        if preview.path:
            path.moveTo(centre(preview.path[0]))
            for square in preview.path[1:]:
                path.lineTo(centre(square))
            for square in preview.path[1:]:
                path.addEllipse(centre(square), 5, 5)
        colour = PATH_OK if preview.path_ok else PATH_BAD
        pen = QPen(colour, 4)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.path.setPen(pen)
        self.path.setPath(path)

    def _show_destination(self, preview: ToolPreview) -> None:
        ghost = preview.ghost
        path = QPainterPath()
        if ghost is not None:
            rect = self._token_rect(ghost.creature_id)
            side = rect.width() if rect is not None else SQUARE_PX
            path.addRect(
                QRectF(
                    ghost.destination.col * SQUARE_PX,
                    ghost.destination.row * SQUARE_PX,
                    side,
                    side,
                )
            )
            colour = PATH_OK if ghost.legal else PATH_BAD
            self.destination.setPen(QPen(colour, 3, Qt.PenStyle.DashLine))
        self.destination.setPath(path)

    def _show_polyline(self, preview: ToolPreview) -> None:
        path = QPainterPath()
        points = preview.polyline
        if points:
            path.moveTo(points[0][0] * SQUARE_PX, points[0][1] * SQUARE_PX)
            for x, y in points[1:]:
                path.lineTo(x * SQUARE_PX, y * SQUARE_PX)
            for x, y in points:
                path.addEllipse(QPointF(x * SQUARE_PX, y * SQUARE_PX), 5, 5)
        colour = SIGHT_LINE if preview.path_ok else PATH_BAD
        self.polyline.setPen(QPen(colour, 4, Qt.PenStyle.DashLine))
        self.polyline.setPath(path)
