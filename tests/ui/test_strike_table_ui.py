"""001's actions outside the fight and "Who goes first?" from the GM's side: the Combat menu's
two dialogs, the log, undo.

001-35 (001 l.312-342 "Influence" ... "Utilize"), 001-36 (l.348-358 "Who goes first?");
docs/rulings.md R-100, R-101.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike.table_actions import Attitude, TableAction
from orcus_desktop.controller.variants.strike.who_goes_first import FirstBy
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.strike.strike_table_dialogs import (
    StrikeTableActions,
    TableActionDialog,
    WhoGoesFirstDialog,
)
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SAGE_INT = {"strength": 10, "constitution": 10, "dexterity": 10, "intelligence": 18}


def _window(qtbot: QtBot, ruleset_id: str = "strike") -> MainWindow:
    encounter = Encounter(
        GridBounds(10, 6),
        creatures=(
            fighter("hero", 1, 1),
            orc("orc", 6, 1),
            orc("sage", 6, 4, abilities=SAGE_INT),
        ),
        ruleset_id=ruleset_id,
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    assert win.session.run(
        initiative.roll_initiative, totals={"hero": 20, "orc": 10, "sage": 5}
    ).ok
    return win


def _last_note(window: MainWindow) -> str:
    entry = window.session.encounter.combat.log[-1]
    assert entry.kind == "rule_note"
    return str(entry.data["note"])


def test_the_gm_sees_who_goes_first_and_marks_the_hero_surprised(qtbot: QtBot) -> None:
    window = _window(qtbot)
    actions = window.plugged(StrikeTableActions)
    assert actions.first_action.isEnabled()
    actions.first_action.trigger()
    dialog = actions.dialog
    assert isinstance(dialog, WhoGoesFirstDialog)
    dialog.first.setCurrentIndex(dialog.first.findData("sage"))
    dialog.by.setCurrentIndex(dialog.by.findData(FirstBy.SURPRISE))
    dialog.surprised.item(0).setCheckState(Qt.CheckState.Checked)  # the hero heads the order
    assert dialog.marked() == ["hero"]
    dialog.decide()
    assert dialog.result() == dialog.DialogCode.Accepted
    combat = window.session.encounter.combat
    assert combat.order[0] == "sage"
    assert combat.combatant("hero").surprised
    assert _last_note(window).startswith("goes first: it has surprise on its enemies")
    window.session.undo()
    assert window.session.encounter.combat.order[0] == "hero"
    # Once combat runs the question is closed.
    assert window.session.run(initiative.start_combat).ok
    actions.refresh()
    assert not actions.first_action.isEnabled()


def test_the_gm_logs_a_failed_influence_with_the_default_dc(qtbot: QtBot) -> None:
    window = _window(qtbot)
    assert window.session.run(
        initiative.start_combat
    ).ok  # the hero's turn: the Actions panel shows it
    actions = window.plugged(StrikeTableActions)
    assert actions.table_action.isEnabled()
    actions.table_action.trigger()
    dialog = actions.dialog
    assert isinstance(dialog, TableActionDialog)
    assert dialog.windowTitle() == "Hero: an action outside the fight"
    dialog.action.setCurrentIndex(dialog.action.findData(TableAction.INFLUENCE))
    dialog.target.setCurrentIndex(dialog.target.findData("sage"))
    assert dialog.dc.value() == 18  # l.322: the Intelligence score 18 beats 15
    dialog.what.setText("open the gate")
    dialog.total.setValue(17)
    dialog.take()
    assert _last_note(window) == (
        "Hero cannot urge Sage this way again for 24 hours (001 l.322): open the gate"
    )
    # A willing monster needs no check: the total is not asked.
    actions.table_action.trigger()
    again = actions.dialog
    assert isinstance(again, TableActionDialog)
    again.attitude.setCurrentIndex(again.attitude.findData(Attitude.WILLING))
    assert not again.total.isEnabled()
    # Nothing said of what it tries: refused in the dialog, which stays open.
    again.take()
    assert "Say in 1 to" in again.error.text()
    assert again.isVisible()
    again.close()
    # One undo step takes the action back, both notes with it.
    window.session.undo()
    notes = [e.data.get("mechanic") for e in window.session.encounter.combat.log]
    assert "001-35" not in notes


def test_both_are_disabled_under_orcus(qtbot: QtBot) -> None:
    window = _window(qtbot, "orcus")
    window.plugged(StrikeTableActions).refresh()
    assert not window.plugged(StrikeTableActions).table_action.isEnabled()
    assert not window.plugged(StrikeTableActions).first_action.isEnabled()
