"""001's initiative check, chosen from the Initiative panel by the GM (001-01..03).

001 l.15 "they make either a Quickness, Perception, or Awareness check, it is their choice";
l.19 "they can choose to go before or after the ones they are tied with".
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QPushButton
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.initiative_choice import InitiativeCheck, TieChoice
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.strike.initiative_check_dialog import InitiativeCheckDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    return win


def test_the_gm_picks_a_creatures_initiative_check(qtbot: QtBot, window: MainWindow) -> None:
    panel = window.initiative_panel
    check_button = panel.findChild(QPushButton, "initiative_check_button")
    assert check_button is not None
    assert check_button.isHidden()  # 000: Dexterity, no choice
    assert window.session.switch_ruleset("strike").ok
    assert not check_button.isHidden()
    assert not check_button.isEnabled()  # nobody selected
    panel.select_creature("brakka")
    panel.table.selectRow(panel.model.row_of("brakka"))
    assert check_button.isEnabled()
    qtbot.mouseClick(check_button, Qt.MouseButton.LeftButton)
    dialog = panel.findChild(InitiativeCheckDialog)
    assert isinstance(dialog, InitiativeCheckDialog)
    dialog.check.setCurrentIndex(dialog.check.findData("awareness"))
    dialog.tie_choice.setCurrentIndex(dialog.tie_choice.findData("before"))
    dialog.unaware.setChecked(True)
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    choice = window.session.ask(strike_questions.initiative_choice, "brakka")
    assert choice is not None
    assert (choice.check, choice.tie_choice, choice.unaware) == (
        InitiativeCheck.AWARENESS,
        TieChoice.BEFORE,
        True,
    )
    # One undo step takes it back.
    assert window.session.undo().ok
    undone = window.session.ask(strike_questions.initiative_choice, "brakka")
    assert undone is not None
    assert undone.check is InitiativeCheck.QUICKNESS


def test_a_hidden_creatures_check_starts_with_the_hidden_bonus_ticked(window: MainWindow) -> None:
    """001-02 "Hidden or Imperceivable to an opponent: +2": a creature that hid (001-15) has it."""
    session = window.session
    assert session.switch_ruleset("strike").ok
    assert session.run(
        gm_edits.add_condition, "brakka", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED
    ).ok
    assert InitiativeCheckDialog(session, "brakka", window).hidden.isChecked()
    others = [c.id for c in session.encounter.creatures if c.id != "brakka"]
    assert not InitiativeCheckDialog(session, others[0], window).hidden.isChecked()
