"""001's "Against Who?" at the GM's screen: the Actions panel's box offers the creatures that
may declare themselves the target of a declared attack (001-10, 001 l.136) and resolves it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.strike.interpose import InterposeBox
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
    assert win.session.run(
        initiative.roll_initiative, totals={"orc": 20, "hero": 15, "squire": 10}
    ).ok
    assert win.session.run(initiative.start_combat).ok
    return win


def _attacked(window: MainWindow) -> list[tuple[str, ...]]:
    log = window.session.encounter.combat.log
    return [tuple(e.targets) for e in log if e.kind == "attack"]


def test_the_gm_lets_the_squire_step_in_from_the_actions_panel(
    window: MainWindow, qtbot: QtBot
) -> None:
    session = window.session
    box = window.actions_panel.part(InterposeBox)
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


def test_against_who_and_the_counter_strike_show_on_the_map_and_end_turn_asks(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Issue 28: 001-10's question and 001-23's Counter Strike! wait beside the creatures on
    the map; End turn names them instead of dropping the Strike! (docs/rulings.md R-117)."""
    session = window.session
    prompt = window.reaction_prompt
    assert session.use_power("orc", "Basic Melee Attack", ["hero"], dice=[15, 6]).ok
    assert prompt.isVisible()
    assert ("interpose", "orc", "step_in:squire") in prompt.buttons
    window.initiative_panel.end_turn_button.click()
    dialog = window.initiative_panel.end_turn_dialog
    assert dialog is not None
    assert "Against who? Squire may declare itself the target" in dialog.waiting.text()
    dialog.reject()  # Cancel: the GM answers on the map instead
    assert session.encounter.combat.current == "orc"
    qtbot.mouseClick(
        prompt.buttons[("interpose", "orc", "step_in:squire")], Qt.MouseButton.LeftButton
    )
    assert _attacked(window) == [("squire",)]
    # The squire, struck, may Counter Strike!: the map asks again; Esc lets it pass.
    assert ("offer", "squire", "take") in prompt.buttons
    assert prompt.isVisible()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not prompt.isVisible()
    assert session.ask(waiting_decisions.decisions) == ()
    window.initiative_panel.end_turn_button.click()  # nothing waits: the turn ends
    assert session.encounter.combat.current == "hero"
