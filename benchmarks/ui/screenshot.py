"""Render docs/screenshot.png: the real main window on the demo, a token drag in progress.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/screenshot.py [OUT.png]

Uses the app's own MainWindow and sends it real mouse events (press on a hero, move towards
the goblins without releasing), so the picture shows the live path, its cost, the reachable
squares and the opportunity-attack warning exactly as a GM sees them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.results import MoveMode
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX


def main() -> int:
    default = Path(__file__).resolve().parents[2] / "docs" / "screenshot.png"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    app = QApplication.instance() or QApplication([])
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    window.resize(1440, 900)
    window.show()
    for _ in range(3):
        app.processEvents()
    window.view.fit_map()
    app.processEvents()
    view = window.view
    viewport = view.viewport()

    def at(gx: float, gy: float) -> QPointF:
        return QPointF(view.mapFromScene(QPointF(gx * SQUARE_PX, gy * SQUARE_PX)))

    def send(kind: QEvent.Type, pos: QPointF, button: Qt.MouseButton) -> None:
        held = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseButtonRelease else button
        event = QMouseEvent(kind, pos, pos, button, held, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(viewport, event)
        app.processEvents()

    # Brakka is engaged with a goblin (a GM move puts her there), then the GM drags her away
    # through the rubble: the preview shows the path, its cost, both warnings and who gets an
    # opportunity attack, before the mouse is released.
    window.session.move_creature("brakka", Square(9, 5), MoveMode.GM)
    start = at(9.5, 5.5)
    send(QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, 11):
        t = step / 10
        send(QEvent.Type.MouseMove, at(9.5 + 2.0 * t, 5.5 + 1.0 * t), Qt.MouseButton.NoButton)
    app.processEvents()
    ok = window.grab().save(str(out), "PNG")
    send(QEvent.Type.MouseButtonRelease, start, Qt.MouseButton.LeftButton)
    window.close()
    print(f"wrote {out}" if ok else f"cannot write {out}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
