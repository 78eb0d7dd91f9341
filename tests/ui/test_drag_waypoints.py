"""P during a drag makes a waypoint (issue 28): the GM steers the walk with the mouse and a key."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    """The hero's turn at (0,4), a wall of blocking squares at column 2, an orc at (2,7)."""
    encounter = Encounter(
        GridBounds(12, 10),
        creatures=(fighter("hero", 0, 4), orc("orc", 2, 7)),
        terrain=(TerrainPatch(TerrainKind.BLOCKING, frozenset(Square(2, r) for r in (3, 4, 5))),),
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    win.view.fit_map()
    assert win.session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert win.session.run(initiative.start_combat).ok
    return win


def _at(window: MainWindow, col: int, row: int) -> QPoint:
    return window.view.mapFromScene(QPointF((col + 0.5) * SQUARE_PX, (row + 0.5) * SQUARE_PX))


def test_p_while_dragging_makes_the_walk_pass_the_square(qtbot: QtBot, window: MainWindow) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=_at(window, 0, 4))
    for col, row in ((1, 5), (1, 6), (2, 6)):
        qtbot.mouseMove(viewport, pos=_at(window, col, row))
    qtbot.keyClick(window.view, Qt.Key.Key_P)
    qtbot.mouseMove(viewport, pos=_at(window, 4, 4))
    preview = window.scene.preview.current
    assert Square(2, 6) in preview.path
    assert "via 1 waypoint" in preview.label
    assert preview.marked_ids == ("orc",)  # the preview names who the route provokes
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_at(window, 4, 4))
    walked = next(e for e in reversed(window.encounter.combat.log) if e.kind == "move")
    assert [2, 6] in [list(p) for p in walked.data["path"]]
    assert window.encounter.combat.combatant("hero").budget.move == 0
    assert window.encounter.combat.combatant("hero").budget.standard == 1
