"""001's engagement on the map: a line from each creature to the one it is Engaged With.

001-25 (001 l.250-256 "Engaged With (Target)"): the pairs are read from the snapshot
(`combat.engagements`). A line runs from the engager's centre to its target's, with a dot at
the target's end (who engages whom); the Engaged By count is a badge on the token
(`ui/map/look.py`). A scene draws only pairs whose two tokens it holds, so the players' view
never shows a line to a creature the GM hides or the fog of war covers.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.map.layers import DrawnItem, ZLayer

ENGAGED = QColor(200, 60, 20, 210)

_DOT = 6.0


class EngagementItem(DrawnItem):
    """Every engagement line of the snapshot as one item (between walls and tokens).

    Attributes:
        lines: the pairs drawn now, (engager id, target id), in the combat's order.
    """

    def __init__(self) -> None:
        super().__init__(ZLayer.PATH)
        self.lines: tuple[tuple[str, str], ...] = ()
        self._segments: tuple[QLineF, ...] = ()

    def sync(self, encounter: Encounter, rect_of: Callable[[str], QRectF | None]) -> None:
        """Draw the pairs of `encounter` whose two tokens `rect_of` places (else none)."""
        lines: list[tuple[str, str]] = []
        segments: list[QLineF] = []
        for pair in encounter.combat.engagements:
            start, end = rect_of(pair.engager), rect_of(pair.target)
            if start is None or end is None:
                continue
            lines.append((pair.engager, pair.target))
            segments.append(QLineF(start.center(), end.center()))
        bounds = QRectF()
        for segment in segments:
            bounds = bounds.united(QRectF(segment.p1(), segment.p2()).normalized())
        self._set_rect(bounds.adjusted(-_DOT, -_DOT, _DOT, _DOT) if segments else QRectF())
        self.lines = tuple(lines)
        self._segments = tuple(segments)
        self.update()

    def draw(self, painter: QPainter) -> None:
        pen = QPen(ENGAGED, 4)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setStyle(Qt.PenStyle.DashLine)
        for segment in self._segments:
            painter.setPen(pen)
            painter.drawLine(segment)
            # The target's end, a little short of its centre: who is engaged by whom.
            tip = segment.pointAt(0.8) if segment.length() > 0 else segment.p2()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ENGAGED)
            painter.drawEllipse(QPointF(tip), _DOT, _DOT)
