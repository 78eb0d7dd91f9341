"""Regression guard for PySide6 6.12.0 on CPython 3.11 (issue 2, "Known trap").

That combination drops one reference to None on every void Qt call (setPen, setPos,
setZValue...) and the process aborts with "Fatal Python error: none_dealloc" after a few
thousand calls. pyproject.toml pins PySide6 below 6.12 on 3.11 by environment marker; this test
fails if a resolver ever brings the bad pair back.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QGraphicsRectItem

CALLS = 100_000


def test_void_qt_calls_keep_none_refcount() -> None:
    item = QGraphicsRectItem(0, 0, 10, 10)
    pen = QPen()
    point = QPointF(1.0, 2.0)
    before = sys.getrefcount(None)
    for i in range(CALLS // 4):
        item.setPen(pen)
        item.setPos(point)
        item.setZValue(float(i % 7))
        item.setVisible(True)
    after = sys.getrefcount(None)
    # Other code may take references meanwhile; a leak of one per call would lose ~100,000.
    assert after >= before - 100, f"None lost {before - after} references over {CALLS} calls"
