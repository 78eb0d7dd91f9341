"""001's "Against Who?" at the GM's screen: the Actions panel's box offers the creatures that
may declare themselves the target of a declared attack (001-10, 001 l.136) and resolves it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    encounter = Encounter(
        GridBounds(10, 6),
        creatures=(orc("orc", 3, 2), fighter("hero", 2, 2), fighter("squire", 2, 3)),
        ruleset_id="strike",
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    assert win.session.roll_initiative(totals={"orc": 20, "hero": 15, "squire": 10}).ok
    assert win.session.start_combat().ok
    return win


def _attacked(window: MainWindow) -> list[tuple[str, ...]]:
    log = window.session.encounter.combat.log
    return [tuple(e.targets) for e in log if e.kind == "attack"]


def test_the_gm_lets_the_squire_step_in_from_the_actions_panel(
    window: MainWindow, qtbot: QtBot
) -> None:
    session = window.session
    box = window.actions_panel.interpose_box
    assert not box.isVisible()
    # The orc's Strike! on the hero is declared; the panel asks who is its target.
    assert session.use_power("orc", "Basic Melee Attack", ["hero"], dice=[15, 6]).ok
    assert box.isVisible()
    assert set(box.step_in) == {"squire"}
    assert box.step_in["squire"].text() == "Squire steps in"
    qtbot.mouseClick(box.step_in["squire"], Qt.MouseButton.LeftButton)
    assert _attacked(window) == [("squire",)]
    assert not box.isVisible()
    # Undo (one step) brings the question back; this time the hero stays the target.
    session.undo()
    assert box.isVisible()
    assert box.keep is not None
    assert box.keep.text() == "Nobody: Hero stays the target"
    qtbot.mouseClick(box.keep, Qt.MouseButton.LeftButton)
    assert _attacked(window) == [("hero",)]
