"""The players' screen gives nothing away (issue 12): no wall or door names on hover, and no
badge of a hidden creature's doing on the creatures the players see.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.ui.main_window import MainWindow
from tests.ui.test_player_view import SECRET, hide, open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    return win


def test_walls_and_doors_have_no_tooltip_for_the_players(window: MainWindow) -> None:
    # A hover once named a door under the fog, so players could find secret doors.
    players = open_player_view(window)
    assert window.scene.wall_items()  # the demo has walls and doors
    assert all(item.toolTip() for item in window.scene.wall_items().values())  # the GM's do
    assert [i.toolTip() for i in players.scene.wall_items().values() if i.toolTip()] == []


def test_a_hidden_creatures_mark_shows_no_badge_to_the_players(window: MainWindow) -> None:
    hide(window, SECRET)
    assert window.session.add_condition("brakka", Condition.MARKED, source_id=SECRET).ok
    players = open_player_view(window)
    gm_token = window.scene.token_item("brakka")
    player_token = players.scene.token_item("brakka")
    assert gm_token is not None
    assert player_token is not None
    assert [b.label for b in gm_token.look.badges] == ["marked"]
    assert player_token.look.badges == ()
    # Once the marker is shown to the players, so is its mark.
    window.session.update_creature(SECRET, hidden=False)
    shown = players.scene.token_item("brakka")
    assert shown is not None
    assert [b.label for b in shown.look.badges] == ["marked"]
