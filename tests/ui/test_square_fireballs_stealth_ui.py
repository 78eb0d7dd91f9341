"""003-47 stealth maneuvers at the GM's screen: the Actions panel's Stealth box, the Hide
check's dialog answer, the sneak tool on the map, undo, and a player view that never shows
the hidden orc (003 "5.10.5 Stealth Maneuvers", "5.8.3 Stealth status effects"; R-82, R-99).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.stealth import hidden_from_players
from orcus_desktop.controller.variants.square_fireballs.stealth_maneuvers import StealthCheck
from orcus_desktop.geometry.grid import Square
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.ui.variants.square_fireballs.stealth_box import StealthBox
from tests.controller.test_square_fireballs_stealth import _fight


def _held(s: GameSession, cid: str) -> set[Condition]:
    return set(s.rules.conditions(s.encounter, cid)) & {Condition.SHROUDED, Condition.HIDDEN}


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_orc_hides_and_sneaks_and_the_players_never_see_it(qtbot: QtBot) -> None:
    from orcus_desktop.controller.variants.square_fireballs.sneak_tool import SneakTool
    from orcus_desktop.ui.main_window import MainWindow
    from orcus_desktop.ui.map.layers import SQUARE_PX
    from tests.ui.test_player_view import open_player_view
    from tests.ui.test_targeting import at

    session = _fight()  # the wall between the hero and the orc
    assert session.end_turn().ok  # the orc's turn
    window = MainWindow(session.encounter, None, session=session)
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    window.view.resetTransform()
    window.view.centerOn(7 * SQUARE_PX, 4 * SQUARE_PX)
    players = open_player_view(window)
    panel = window.actions_panel
    window.scene.select_creature("orc")
    panel.refresh()
    box = panel.part(StealthBox)
    assert box.isVisible()
    assert box.buttons["enshroud"].isEnabled()
    assert not box.buttons["sneak"].isEnabled()  # neither shrouded nor hidden yet
    assert box.buttons["sneak"].toolTip() == "Orc is neither shrouded nor hidden: no Sneak"
    asked: list[str] = []

    def ask(_parent: object, title: str, opposing: str) -> StealthCheck:
        asked.append(f"{title} / {opposing}")
        return StealthCheck(dc=10, die=18)

    box.ask_check = ask
    qtbot.mouseClick(box.buttons["hide"], Qt.MouseButton.LeftButton)
    assert asked == ["Orc: Hide (003-47) / Enemies' Perception"]
    assert _held(session, "orc") == {Condition.HIDDEN}
    # "Location unknown to other characters": left out of the players' screen (R-82).
    assert hidden_from_players(session.rules, session.encounter) == {"orc"}
    assert players.scene.token_item("orc") is None
    assert window.scene.token_item("orc") is not None
    assert not box.buttons["hide"].isEnabled()  # already hidden (and no standard left)
    # Sneak: the tool shades half its speed; a click there moves it, still hidden.
    qtbot.mouseClick(box.buttons["sneak"], Qt.MouseButton.LeftButton)
    tool = window.view.tool
    assert isinstance(tool, SneakTool)
    assert Square(9, 3) in tool.destinations
    assert Square(12, 3) not in tool.destinations  # speed 6: 3 squares
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window.view, 9.5, 2.5)
    )
    assert session.encounter.creature("orc").square == Square(9, 2)
    assert _held(session, "orc") == {Condition.HIDDEN}
    assert players.scene.token_item("orc") is None
    assert not isinstance(window.view.tool, SneakTool)
    window.undo_action.trigger()  # the sneak
    window.undo_action.trigger()  # the hide
    assert _held(session, "orc") == set()
    # Behind the wall the heroes do not see it anyway; it is no longer left out for hiding.
    assert hidden_from_players(session.rules, session.encounter) == frozenset()


def test_no_stealth_box_outside_003(qtbot: QtBot) -> None:
    from orcus_desktop.ui.panels.actions.panel import ActionsPanel

    session = _fight("orcus")
    panel = ActionsPanel(session, lambda: "hero")
    qtbot.add_widget(panel)
    panel.refresh()
    assert not panel.part(StealthBox).isVisibleTo(panel)
    assert not panel.buttons["enshroud"].isEnabled()
