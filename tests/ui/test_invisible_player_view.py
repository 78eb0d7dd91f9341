"""The GM makes the goblin archer invisible from the GM box: the players lose its token.

000 "Concealment": "An invisible target also has total concealment" (docs/rulings.md R-115):
the players' creatures do not see it, so their screen shows no token for it, with the fog of
war on or off; the GM's token stays, see-through and badged, so the GM sees the state. Undo
and clearing the effect bring it back to the players.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.player_window import PlayerWindow
from tests.ui import test_player_view as player_view
from tests.ui.test_player_view import SECRET, open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

window = player_view.window
"""The demo encounter, the goblin archer in the heroes' sight (test_player_view's fixture)."""


def _make_invisible(window: MainWindow, qtbot: QtBot) -> None:
    """Select the archer's token, pick Invisible in the GM box, Add (as the GM does)."""
    window.scene.select_creature(SECRET)
    panel = window.actions_panel
    assert panel.creature_id == SECRET
    box = panel.gm_box
    index = box.condition.findData(Condition.INVISIBLE.value)
    assert index >= 0, "the GM box offers Invisible"
    assert box.condition.itemText(index) == "Invisible"
    box.condition.setCurrentIndex(index)
    box.duration.setCurrentIndex(box.duration.findData(DurationKind.SAVE_ENDS.value))
    qtbot.mouseClick(panel.buttons["add_condition"], Qt.MouseButton.LeftButton)


def _players_see(players: PlayerWindow) -> bool:
    QApplication.processEvents()
    return players.scene.token_item(SECRET) is not None


def test_the_players_lose_the_invisible_archer_and_the_gm_keeps_it_marked(
    window: MainWindow, qtbot: QtBot
) -> None:
    players = open_player_view(window)
    assert _players_see(players)
    _make_invisible(window, qtbot)
    assert not _players_see(players)
    gm_token = window.scene.token_item(SECRET)
    assert gm_token is not None
    assert gm_token.look.invisible
    assert "invisible" in [b.label for b in gm_token.look.badges]
    # Without the fog of war the players see every creature the GM shows, but not this one.
    window.fog_action.trigger()
    assert not window.fog_action.isChecked()
    assert not _players_see(players)
    window.fog_action.trigger()
    assert window.session.undo().ok
    assert _players_see(players)
    gm_token = window.scene.token_item(SECRET)
    assert gm_token is not None
    assert not gm_token.look.invisible
    assert window.session.redo().ok
    assert not _players_see(players)
    # The spell ends: the GM clears the effect, and the archer is back on the players' screen.
    state = window.session.rules.state(window.encounter.creature(SECRET))
    assert state is not None
    (effect,) = [c for c in state.conditions if c.condition is Condition.INVISIBLE]
    assert window.session.run(gm_edits.remove_effect, SECRET, effect.effect_id).ok
    assert _players_see(players)
