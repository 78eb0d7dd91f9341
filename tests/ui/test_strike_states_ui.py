"""001's Hide and Crouch from the GM's side: Combat > Hide… and Crouch Behind Cover, the
token's badge, undo, and the players' view that never shows a Hidden creature's token.

001-15 (001 l.304-310 "Hide"), 001-12 (l.146); docs/rulings.md R-90 (picks) and R-82 (the
players' screen leaves out a Hidden creature of the other side).
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.variants.strike.engagement_actions import EngagementActions
from tests.controller.conftest import fighter, orc
from tests.ui.test_player_view import open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    """The orc in a closed room (north-west), the hero outside it; 001 (`strike`)."""
    encounter = Encounter(
        GridBounds(12, 8),
        creatures=(orc("orc", 1, 1), fighter("hero", 9, 1), fighter("scout", 9, 6)),
        walls=(
            WallEntry(WallId("split"), Wall(WallKind.WALL, ((6.0, 0.0), (6.0, 5.0)))),
            WallEntry(WallId("room"), Wall(WallKind.WALL, ((0.0, 5.0), (6.0, 5.0)))),
        ),
        ruleset_id="strike",
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    session = win.session
    assert session.run(initiative.roll_initiative, totals={"orc": 20, "hero": 15, "scout": 10}).ok
    assert session.run(initiative.start_combat).ok
    return win


def _badges(scene: MapScene, creature_id: str) -> set[str]:
    item = scene.token_item(creature_id)
    assert item is not None
    return {b.label for b in item.look.badges}


def test_the_gm_hides_a_monster_and_the_players_lose_its_token(window: MainWindow) -> None:
    session = window.session
    players = open_player_view(window)
    # The fog of war off: the players' map shows every token the GM does not hide, even the
    # orc out of their sight (with the fog on, sight alone would leave it out).
    players.set_fog_enabled(False)
    assert players.scene.token_item("orc") is not None
    asked: list[str] = []

    def at_the_table(parent: QWidget, label: str) -> int | None:
        asked.append(label)
        return 18  # 18 + Dex 0 + half level 1 - 1 = 18 vs the heroes' passive Perception 10

    actions = window.plugged(EngagementActions)
    actions.ask_die = at_the_table
    assert actions.hide_action.isEnabled()
    actions.hide_action.trigger()
    assert asked == ["Orc's Stealth d20 (Cancel: the app rolls)"]
    # The GM still sees the orc, marked Hidden; the players' map has no token for it.
    assert "Hidden" in _badges(window.scene, "orc")
    assert players.scene.token_item("orc") is None
    # One undo step brings it back for the players.
    session.undo()
    assert players.scene.token_item("orc") is not None
    assert "Hidden" not in _badges(window.scene, "orc")


def test_crouch_from_the_combat_menu_marks_the_token_and_undoes(window: MainWindow) -> None:
    session = window.session
    actions = window.plugged(EngagementActions)
    assert actions.crouch_action.isEnabled()
    actions.crouch_action.trigger()
    assert "Crouching" in _badges(window.scene, "orc")
    # Its action is spent (001-05): a second Crouch is refused, with the reason for the GM.
    actions.crouch_action.trigger()
    assert window.statusBar().currentMessage() == "Refused: Orc has no action left to crouch"
    session.undo()
    assert "Crouching" not in _badges(window.scene, "orc")
