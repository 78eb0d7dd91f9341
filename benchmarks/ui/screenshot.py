"""Render docs/screenshot.png: the real main window on the demo, a power being aimed.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/screenshot.py [OUT.png]

Uses the app's own MainWindow: a few turns played through the session, then the wizard's
area power activated as from the Actions panel and real mouse moves over the map, so the
picture shows the template, the creatures it would attack and what each needs on the d20,
exactly as a GM sees them before the click.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.vocabulary import MoveMode

NO_MODS = Qt.KeyboardModifier.NoModifier


def brakka_cleaves_a_goblin(session: GameSession) -> None:
    """The README pictures' round on the demo: Brakka steps up to a goblin and cleaves it (the
    table's dice), then his turn ends: Sister Venn is up.
    """
    session.move_creature("brakka", Square(9, 4), MoveMode.GM)
    session.move_creature("goblin-2", Square(10, 6), MoveMode.GM)
    order = ["brakka", "sister-venn", "ilsabet", "quill", "goblin-1", "goblin-2"]
    order += [c.id for c in session.encounter.creatures if c.id not in order]
    session.run(initiative.roll_initiative, totals={cid: 30 - i for i, cid in enumerate(order)})
    session.run(initiative.start_combat)
    session.use_power("brakka", "Cleave", ["goblin-1"], dice=[17, 7])
    session.end_turn()


def main() -> int:
    default = Path(__file__).resolve().parents[2] / "docs" / "screenshot.png"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    app = QApplication.instance() or QApplication([])
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    window.resize(1440, 900)
    window.workspaces.start()  # Run the Fight, the layout the app opens in
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

    # A round in progress: Brakka stepped up to a goblin and cleaved it (the table's dice),
    # Sister Venn and Quill held; now Ilsabet aims Slumber (Far burst 2) from the Actions
    # panel. The template follows the mouse: the squares, the creatures it would attack and
    # the number each needs on the d20, before the click that places it.
    session = window.session
    brakka_cleaves_a_goblin(session)
    session.end_turn()
    window.scene.select_creature("ilsabet")
    window.start_targeting("ilsabet", power_name="Slumber")
    for step in range(1, 11):
        t = step / 10
        send(QEvent.Type.MouseMove, at(8.5 + 4.0 * t, 4.5 + 1.0 * t), Qt.MouseButton.NoButton)
    app.processEvents()
    ok = window.grab().save(str(out), "PNG")
    window.view.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape, NO_MODS))
    window.close()
    print(f"wrote {out}" if ok else f"cannot write {out}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
