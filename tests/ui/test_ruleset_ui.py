"""Choosing a ruleset in the app: File > New with 4e-quickref, a fight, save, reopen, undo.

docs/rulesets.md: an encounter is played by the ruleset it names; the GM's title names it,
the player view does not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.actions.panel import budget_text
from orcus_desktop.ui.panels.combat_log import CombatLogModel
from orcus_desktop.ui.panels.common import effects_summary
from orcus_desktop.ui.ruleset_actions import NewEncounterDialog, RulesetDialog
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, orc
from tests.ui.message_boxes import answer_questions


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(win)
    return win


def test_new_asks_for_the_ruleset_with_orcus_first(window: MainWindow, qtbot: QtBot) -> None:
    assert not window.rulesets.new_action.shortcut().isEmpty()  # Ctrl+N
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    assert file_menu.actions()[0] is window.rulesets.new_action
    dialog = NewEncounterDialog(window)
    qtbot.add_widget(dialog)
    assert dialog.chosen() == ("orcus", 20, 15)
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("alloy-heroes"))
    assert "Source: seed 004" in dialog.about.text()


def test_a_4e_quickref_fight_from_file_new_to_undo(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.session
    assert window.rulesets.new_encounter("4e-quickref", 12, 8)
    assert window.encounter.ruleset_id == "4e-quickref"
    assert session.ruleset.id == "4e-quickref"
    assert "4e quick reference (002)" in window.windowTitle()
    assert session.run(editing.place_creature, fighter("hero", 2, 2)).ok
    assert session.run(editing.place_creature, orc("orc", 3, 2)).ok
    assert session.run(editing.place_creature, orc("goblin", 1, 2)).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "goblin": 10}).ok
    assert session.run(initiative.start_combat).ok
    # 002-05: an opportunity attack on the orc's turn and another on the goblin's.
    assert session.end_turn().ok
    assert session.move_creature("orc", Square(6, 2), MoveMode.WALK).opportunity_attackers == (
        "hero",
    )
    assert session.run(
        interrupts.opportunity_attack, "hero", "orc", dice=[20]
    ).ok  # a critical hit: 13
    assert session.end_turn().ok
    assert session.move_creature("goblin", Square(1, 6), MoveMode.WALK).ok
    assert session.run(interrupts.opportunity_attack, "hero", "goblin", dice=[20]).ok
    # The action panel names the swift action "minor" (002-01).
    assert window.actions_panel is not None
    assert session.ruleset.label(ActionKind.SWIFT.value) == "minor"
    # Refused during combat, with the reason.
    refused = window.rulesets.switch_ruleset("orcus")
    assert not refused.ok
    assert "during combat" in refused.reason
    assert session.run(initiative.end_combat).ok

    target = tmp_path / "quickref.json"
    assert window.save_to(target)
    assert load_encounter(target).ruleset_id == "4e-quickref"
    # Another encounter, then the saved one again: its ruleset comes back.
    answer_questions(
        monkeypatch, "orcus_desktop.ui.file_actions", QMessageBox.StandardButton.Discard
    )
    assert window.rulesets.new_encounter("orcus", 8, 8)
    assert session.ruleset.id == "orcus"
    assert window.open_file(target)
    assert session.ruleset.id == "4e-quickref"
    assert "4e quick reference (002)" in window.windowTitle()

    # Switching outside combat is one undo step; undo brings 4e-quickref back.
    switched = window.rulesets.switch_ruleset("alloy-heroes")
    assert switched.ok
    assert "charge ends actions: no -> yes" in switched.details["changes"]
    assert "Alloy Heroes (004)" in window.windowTitle()
    assert session.undo().ok
    assert session.ruleset.id == "4e-quickref"
    assert "4e quick reference (002)" in window.windowTitle()


def test_the_ruleset_dialog_shows_the_current_one_and_what_changes(
    window: MainWindow, qtbot: QtBot
) -> None:
    dialog = RulesetDialog(window.session, window)
    qtbot.add_widget(dialog)
    assert "Orcus (000)" in dialog.current.text()
    assert "Source: seed 000" in dialog.current.text()
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("alloy-heroes"))
    assert "minimum halved damage: 1 -> 0" in dialog.changes.toPlainText()
    assert dialog.ruleset_box.isEnabled()


def _fight_in_a_window(qtbot: QtBot, ruleset_id: str) -> GameSession:
    """The session of a GM's window on a hero-against-orc fight under `ruleset_id`."""
    window = MainWindow(
        Encounter(
            GridBounds(8, 8),
            creatures=(fighter("hero", 1, 1), orc("orc", 5, 5)),
            ruleset_id=ruleset_id,
        )
    )
    qtbot.add_widget(window)
    session = window.session
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    return session


def test_panels_and_log_name_things_as_the_ruleset_does(qtbot: QtBot) -> None:
    # 002-01 (002 l.11-16) "minor" for swift; 004-34 (004 l.854) Snared for Restrained.
    s = _fight_in_a_window(qtbot, "4e-quickref")
    text = budget_text(s.available_actions("hero"), s)
    assert "Minor 1" in text
    assert "Swift" not in text

    s = _fight_in_a_window(qtbot, "alloy-heroes")
    assert s.run(gm_edits.add_condition, "orc", Condition.RESTRAINED, DurationKind.SAVE_ENDS).ok
    log = CombatLogModel(s)
    assert any("is Snared (save ends)" in line for line in log.lines())
    assert effects_summary(s.encounter.creature("orc"), s.ruleset.label) == "Snared (save ends)"
