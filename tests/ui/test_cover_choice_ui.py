"""004 l.760 from the GM's side: the covering creature chooses to take the hit (R-154).

004 "Striking the Cover Instead of a Missed Target": "Attack Misses Covering Character: ... the
original target is struck as he or she dodges out of the way. Note: The covering character can
choose to take the hit." The hero's bolt at the orc misses only through the goblin's cover and
misses the goblin too: the hit waits, shown over the map beside the tokens and in the Actions
dock; the GM answers there.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.alloy_heroes.cover_choice import CoverChoiceBox
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    goblin = orc("goblin", 3, 1, defenses={"ac": 15, "fortitude": 15, "reflex": 14, "will": 11})
    encounter = Encounter(
        GridBounds(12, 6),
        creatures=(fighter("hero", 1, 1), goblin, orc("orc", 5, 1)),
        ruleset_id="alloy-heroes",
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    session = win.session
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10, "goblin": 5}).ok
    assert session.run(initiative.start_combat).ok
    # d20 9 + 3 Int - 2 cover = 10 misses the orc's Reflex 12; 12 misses the goblin's 14.
    assert session.use_power("hero", "Arcane Bolt", ["orc"], dice=[9]).ok
    QApplication.processEvents()
    return win


def _hp(window: MainWindow, cid: str) -> int:
    state = window.session.rules.state(window.session.encounter.creature(cid))
    assert state is not None
    return state.current_hp


def test_the_gm_clicks_takes_the_hit_in_the_actions_dock(window: MainWindow) -> None:
    box = window.actions_panel.part(CoverChoiceBox)
    assert box.isVisible()
    assert window.reaction_prompt.isVisible()
    assert ("cover", "goblin", "take") in window.reaction_prompt.buttons
    box.take["goblin"].click()
    assert _hp(window, "goblin") < 30
    assert _hp(window, "orc") == 30
    QApplication.processEvents()
    assert not box.isVisible()
    assert not window.reaction_prompt.isVisible()
    window.undo_action.trigger()  # Ctrl+Z: the hit waits again
    QApplication.processEvents()
    assert _hp(window, "goblin") == 30
    assert box.isVisible()


def test_esc_on_the_map_lets_it_pass_and_the_target_is_struck(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.wait_until(lambda: QApplication.activeWindow() is window, timeout=2000)
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)  # the map has the keyboard
    assert _hp(window, "orc") < 30
    assert _hp(window, "goblin") == 30
    assert window.session.ask(waiting_decisions.decisions) == ()
