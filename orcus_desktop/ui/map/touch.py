"""Touch on a map view: one finger pans, two fingers pinch-zoom (a touchscreen TV laid flat).

`TouchNavigation` watches a `MapView`'s viewport for Qt's touch events (issue 32, item 5): a
finger dragged moves the map with it; two fingers moving apart or together zoom about the
point between them, which stays under them. It works the same with the view turned by 180°
(the far side of the table), since it speaks in the viewport's own pixels. Trackpad pinches
stay with `MapView` (native gestures).
"""

from __future__ import annotations

import math
from typing import Final

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QTouchEvent

from orcus_desktop.ui.map.view import MapView

_TOUCH: Final = (QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd)


class TouchNavigation(QObject):
    """Pan and pinch-zoom `view` by touch.

    Args:
        view: the map view (the player view's).
    """

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self._view = view
        self._last: tuple[QPointF, ...] = ()
        viewport = view.viewport()
        viewport.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.TouchCancel:
            self._last = ()
            return True
        if event.type() not in _TOUCH or not isinstance(event, QTouchEvent):
            return False
        points = tuple(
            p.position()
            for p in event.points()
            if p.state() != p.State.Released  # a lifted finger no longer steers
        )
        if event.type() != QEvent.Type.TouchBegin and len(points) == len(self._last):
            self._follow(self._last, points)
        self._last = points if event.type() != QEvent.Type.TouchEnd else ()
        event.accept()
        return True

    def _follow(self, before: tuple[QPointF, ...], now: tuple[QPointF, ...]) -> None:
        if len(now) == 1:
            moved = now[0] - before[0]
            self._view.pan_by(-moved.x(), -moved.y())
        elif len(now) >= 2:
            self._pinch((before[0], before[1]), (now[0], now[1]))

    def _pinch(self, before: tuple[QPointF, QPointF], now: tuple[QPointF, QPointF]) -> None:
        """Zoom by the change of the fingers' spread about the point between them.

        The scene point under their middle follows the middle (fingers also pan as they pinch).
        """
        view = self._view
        spread_before = _distance(*before)
        spread_now = _distance(*now)
        middle_before = (before[0] + before[1]) / 2
        middle_now = (now[0] + now[1]) / 2
        held = view.mapToScene(middle_before.toPoint())
        if spread_before > 0 and spread_now > 0:
            view.zoom_by(spread_now / spread_before)
        landed = QPointF(view.mapFromScene(held))
        view.pan_by(landed.x() - middle_now.x(), landed.y() - middle_now.y())


def _distance(a: QPointF, b: QPointF) -> float:
    return math.hypot(a.x() - b.x(), a.y() - b.y())
