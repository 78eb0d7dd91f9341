"""MapView: the QGraphicsView the GM looks at: zoom, pan and fit."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from orcus_desktop.ui.map.scene import MapScene

MIN_ZOOM = 0.1
MAX_ZOOM = 8.0
ZOOM_STEP = 1.25


class MapView(QGraphicsView):
    """Shows a MapScene; the wheel zooms under the mouse, the middle button pans."""

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMinimumSize(320, 240)

    def map_scene(self) -> MapScene:
        scene = self.scene()
        assert isinstance(scene, MapScene)
        return scene

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

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(ZOOM_STEP**steps)
            event.accept()
        else:
            super().wheelEvent(event)
