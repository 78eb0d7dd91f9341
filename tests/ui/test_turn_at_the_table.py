"""A monster's turn at the table, from the GM's side (issue 13, "The turn").

The actions panel follows the turn, and B picks the basic attack that suits the target clicked
(000 "Basic Attack": a creature has a basic melee and may have a basic ranged attack).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import shown_demo_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = shown_demo_window(qtbot)
    win.view.fit_map()
    return win


def start_combat(window: MainWindow, order: list[str]) -> None:
    session = window.session
    rest = [c.id for c in session.encounter.creatures if c.id not in order]
    totals = {cid: 40 - i for i, cid in enumerate([*order, *rest])}
    assert session.run(initiative.roll_initiative, totals=totals).ok
    assert session.run(initiative.start_combat).ok


def click_token(qtbot: QtBot, window: MainWindow, creature_id: str) -> None:
    square = window.encounter.creature(creature_id).square
    point = QPointF((square.col + 0.5) * SQUARE_PX, (square.row + 0.5) * SQUARE_PX)
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point))


def test_the_actions_panel_follows_the_turn_whatever_is_selected(window: MainWindow) -> None:
    panel = window.actions_panel
    start_combat(window, ["goblin-1", "goblin-archer"])
    assert panel.creature_id == "goblin-1"
    window.scene.select_creature("brakka")  # the GM looks at a hero during the goblin's turn
    assert panel.creature_id == "brakka"
    assert window.session.end_turn().ok
    QApplication.processEvents()
    # The archer's turn: the panel shows it, though Brakka is still selected on the map.
    assert window.scene.selected_creature_id() == "brakka"
    assert panel.creature_id == "goblin-archer"
    assert panel.title.text() == "Goblin Archer: its turn"
    # Selecting on the map shows that creature again.
    window.scene.select_creature("ogre")
    assert panel.creature_id == "ogre"


def test_a_creature_the_gm_pinned_stays_when_the_turn_changes(window: MainWindow) -> None:
    panel = window.actions_panel
    start_combat(window, ["goblin-1", "goblin-archer"])
    panel.show_creature("ogre")
    assert window.session.end_turn().ok
    assert panel.creature_id == "ogre"
    panel.show_creature(None)
    assert panel.creature_id == "goblin-archer"


def test_b_shoots_a_target_out_of_reach_and_stabs_an_adjacent_one(
    qtbot: QtBot, window: MainWindow
) -> None:
    start_combat(window, ["goblin-archer"])
    # Ilsabet is far from the archer: B then a click on her is its Shortbow.
    window.basic_attack_action.trigger()  # B
    click_token(qtbot, window, "ilsabet")
    dialog = window.attack_dialog
    assert dialog is not None
    assert dialog.choice.request.power_name == "Shortbow"
    assert dialog.windowTitle() == "Goblin Archer: Shortbow"
    dialog.reject()
    # Quill steps next to the archer: B on him is its Dagger.
    assert window.session.move_creature("quill", Square(14, 8), MoveMode.GM).ok
    window.basic_attack_action.trigger()
    click_token(qtbot, window, "quill")
    dialog = window.attack_dialog
    assert dialog is not None
    assert dialog.choice.request.power_name == "Dagger"
    dialog.reject()


def test_b_with_only_a_melee_basic_attack_keeps_it(qtbot: QtBot, window: MainWindow) -> None:
    start_combat(window, ["goblin-1"])
    assert window.session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    window.basic_attack_action.trigger()
    click_token(qtbot, window, "brakka")
    dialog = window.attack_dialog
    assert dialog is not None
    assert dialog.choice.request.power_name == "Short Sword"
    dialog.reject()
