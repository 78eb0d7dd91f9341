"""Dragging a token past an enemy: the offer comes before the token reaches its destination.

000 "Opportunity Attacks": "The attack occurs right before the creature leaves your reach";
000 "Immediate Actions": the interrupted creature "can continue its action right after".
From the GM's side: a real mouse drag on the map, then the offers box of the Actions panel.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Space, Square, spaces_adjacent
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_targeting import at

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

START = Square(8, 4)  # two squares left of Goblin Warrior 1 at (10, 4)
DESTINATION = Square(12, 4)  # two squares right of it: every way there passes next to it


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = shown_demo_window(qtbot)
    win.view.resetTransform()
    win.view.centerOn(10 * SQUARE_PX, 6 * SQUARE_PX)
    session = win.session
    assert session.move_creature("brakka", START, MoveMode.GM).ok
    ids = [c.id for c in session.encounter.creatures]
    assert session.run(
        initiative.roll_initiative, totals={c: 30 - i for i, c in enumerate(ids)}
    ).ok
    assert session.run(initiative.start_combat).ok
    assert session.encounter.combat.current == "brakka"
    return win


def test_dragging_past_an_enemy_waits_for_the_offer_then_goes_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = window.view
    viewport = view.viewport()
    panel = window.actions_panel
    start = at(view, START.col + 0.5, START.row + 0.5)
    end = at(view, DESTINATION.col + 0.5, DESTINATION.row + 0.5)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=at(view, 10.5, 3.5))
    qtbot.mouseMove(viewport, pos=end)
    path = window.scene.preview.current.path
    assert path[-1] == DESTINATION
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)

    # The token waits on the first square it leaves next to the goblin, the offer shown.
    goblin = window.encounter.creature("goblin-1").space
    provoking = next(s for s in path[:-1] if spaces_adjacent(Space(s, goblin.size), goblin))
    brakka = window.scene.token_item("brakka")
    assert brakka is not None
    assert window.encounter.creature("brakka").square == provoking != DESTINATION
    assert brakka.pos() == QPointF(provoking.col * SQUARE_PX, provoking.row * SQUARE_PX)
    assert panel.offers_box.isVisibleTo(panel)
    assert "goblin-1" in panel.offer_rows
    assert "opportunity attacks offered to Goblin Warrior 1" in window.statusBar().currentMessage()

    # Let it pass: the rest of the move happens, and one undo takes the answer back.
    _dice, _take, let_pass = panel.offer_rows["goblin-1"]
    qtbot.mouseClick(let_pass, Qt.MouseButton.LeftButton)
    assert window.encounter.creature("brakka").square == DESTINATION
    assert brakka.pos() == QPointF(DESTINATION.col * SQUARE_PX, DESTINATION.row * SQUARE_PX)
    assert not panel.offers_box.isVisibleTo(panel)
    window.undo_action.trigger()
    assert window.encounter.creature("brakka").square == provoking
    assert panel.offers_box.isVisibleTo(panel)
