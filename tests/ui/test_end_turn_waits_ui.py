"""End turn with an offer waiting, and the reaction prompt on the map (issue 28, GM's side).

Item 1 (docs/rulings.md R-117): Ctrl+Return, the End turn button and Combat > End Turn open a
dialog naming what waits, with "Resolve first", "Let it pass and end the turn" and Cancel;
nothing is dropped without the GM's word, and letting it pass is one undo step. Item 6: the
offer shows over the map beside the creatures involved, inside the view, answered with Enter
(take) or Esc (let it pass) as well as O / Shift+O, still listed in the Actions dock, and never
on the player view.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.end_turn_dialog import EndTurnDialog
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.reaction_prompt import ReactionPrompt
from orcus_desktop.vocabulary import MoveMode
from tests.ui.test_interaction_count import Gm, _start
from tests.ui.test_interaction_count import window as window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _provoke(qtbot: QtBot, window: MainWindow) -> Gm:
    """Goblin Warrior 1 walks off Brakka's side by a drag: Brakka's offer waits."""
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    _start(window, "goblin-1")
    gm = Gm(qtbot, window)
    gm.drag_token("goblin-1", Square(11, 5))
    assert session.encounter.creature("goblin-1").square == Square(10, 4)  # it waits
    return gm


def _dialog(qtbot: QtBot, window: MainWindow) -> EndTurnDialog:
    # The button's shortcut clicks it as a click is shown (a moment later).
    panel = window.initiative_panel
    qtbot.wait_until(lambda: panel.end_turn_dialog is not None, timeout=2000)
    dialog = panel.end_turn_dialog
    assert isinstance(dialog, EndTurnDialog)
    qtbot.wait_until(dialog.isVisible, timeout=2000)
    return dialog


def test_ctrl_return_asks_and_letting_it_pass_walks_on_then_ends_the_turn(
    qtbot: QtBot,
    window: MainWindow,
) -> None:
    session = window.session
    gm = _provoke(qtbot, window)
    held = session.encounter
    gm.key(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    dialog = _dialog(qtbot, window)
    shown = dialog.waiting.text()
    assert "Goblin Warrior 1's move waits for the opportunity attacks" in shown
    assert "Brakka may make an opportunity attack on Goblin Warrior 1" in shown
    # Resolve first: nothing happens, the turn goes on with the offer in front.
    qtbot.mouseClick(dialog.resolve_button, Qt.MouseButton.LeftButton)
    assert session.encounter == held
    assert window.reaction_prompt.isVisible()
    # Combat > End Turn asks the same; let it pass: the goblin walks on, the turn ends.
    window.end_turn_action.trigger()
    dialog = _dialog(qtbot, window)
    qtbot.mouseClick(dialog.let_pass_button, Qt.MouseButton.LeftButton)
    assert session.encounter.creature("goblin-1").square == Square(11, 5)
    assert session.encounter.combat.current != "goblin-1"
    log = [e.kind for e in session.encounter.combat.log]
    assert "opportunity_declined" in log
    assert "attack_dropped" not in log
    assert not window.reaction_prompt.isVisible()
    # One undo step puts the walk and its offer back.
    session.undo()
    assert session.encounter == held


def test_cancel_and_a_turn_with_nothing_waiting(
    qtbot: QtBot,
    window: MainWindow,
) -> None:
    session = window.session
    _provoke(qtbot, window)
    held = session.encounter
    window.initiative_panel.end_turn_button.click()
    dialog = _dialog(qtbot, window)
    dialog.reject()  # Cancel (or Esc)
    assert session.encounter == held
    assert window.initiative_panel.end_turn_dialog is None
    assert session.run(interrupts.decline_opportunity_attack, "brakka").ok
    window.initiative_panel.end_turn_button.click()  # nothing waits: no question
    assert window.initiative_panel.end_turn_dialog is None
    assert session.encounter.combat.current != "goblin-1"


def _inside(inner: QRect, outer: QRect) -> bool:
    return outer.contains(inner.topLeft()) and outer.contains(inner.bottomRight())


def test_the_offer_shows_beside_the_tokens_and_enter_takes_it(
    qtbot: QtBot,
    window: MainWindow,
) -> None:
    session = window.session
    _provoke(qtbot, window)
    prompt = window.reaction_prompt
    assert prompt.isVisible()
    assert prompt.parent() is window.view.viewport()  # over the GM's map
    assert _inside(prompt.geometry(), window.view.viewport().rect())
    # Beside the two tokens: its nearest edge within a square and a half of them.
    brakka = window.scene.token_space_rect("brakka")
    assert brakka is not None
    near = window.view.mapFromScene(brakka).boundingRect().adjusted(-80, -80, 80, 80)
    assert near.intersects(prompt.geometry())
    assert ("offer", "brakka", "take") in prompt.buttons
    assert window.actions_panel.offers_box.rows.keys() == {"brakka"}  # still in the dock
    # Enter on the map takes it (the app rolls): Brakka's attack, then the goblin walks on.
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # the map has the keyboard
    attackers = [e.actor for e in session.encounter.combat.log if e.kind == "attack"]
    assert attackers == ["brakka"]
    assert session.encounter.combat.pending is None  # the walk went on (or the goblin fell)
    assert not prompt.isVisible()


def test_esc_lets_the_offer_pass_and_the_player_view_shows_no_prompt(
    qtbot: QtBot,
    window: MainWindow,
) -> None:
    session = window.session
    _provoke(qtbot, window)
    window.player_view_action.trigger()  # F5
    players = window.player_window
    assert players is not None
    QApplication.processEvents()
    assert window.reaction_prompt.isVisible()
    assert players.findChildren(ReactionPrompt) == []
    window.activateWindow()  # the GM's keyboard is on the GM's window
    qtbot.wait_until(lambda: QApplication.activeWindow() is window, timeout=2000)
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)  # the map has the keyboard
    assert session.encounter.creature("goblin-1").square == Square(11, 5)
    assert "opportunity_declined" in [e.kind for e in session.encounter.combat.log]
    assert not window.reaction_prompt.isVisible()
