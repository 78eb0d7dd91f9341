"""The Actions panel's help actions and falls, from the GM's side (issue 13, docs/rulesets.md).

000 "Help Attack" / "Help Defense" (standard: +2 to an ally against an enemy in reach) and
"Aid Another"; 002-12 (002 l.39 "Aid another: Improve an ally's attack roll, defense, skill
check, or ability check") folds them into one action with a choice; 000 "Falling" (1d10 per
10 feet, lands prone) with 002-23's Acrobatics check (002 l.114).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.ui.panels.actions.help_box import (
    FallAnswer,
    FallDialog,
    HelpAnswer,
    HelpDialog,
    HelpQuestion,
)
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from orcus_desktop.ui.status_report import ResultReporter
from tests.controller.conftest import fighter, orc
from tests.controller.test_variant_fights import _fight


class Asked:
    """A stand-in for a dialog: records the question, gives a set answer."""

    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.questions: list[object] = []

    def help(self, _parent: QWidget, question: HelpQuestion) -> HelpAnswer | None:
        self.questions.append(question)
        assert self.answer is None or isinstance(self.answer, HelpAnswer)
        return self.answer

    def fall(self, _parent: QWidget, name: str, has_check: bool) -> FallAnswer | None:
        self.questions.append((name, has_check))
        assert self.answer is None or isinstance(self.answer, FallAnswer)
        return self.answer


def _panel(session: GameSession, qtbot: QtBot) -> ActionsPanel:
    panel = ActionsPanel(session)
    qtbot.add_widget(panel)
    # The window's reporter routes a refusal to the panel that asked (kept alive here).
    panel.setProperty("reporter", ResultReporter(session, lambda _text, _ms: None))
    return panel


def _orcus(qtbot: QtBot) -> tuple[GameSession, ActionsPanel]:
    session = _fight(
        "orcus",
        fighter("hero", 4, 4),
        fighter("cleric", 3, 5),
        orc("orc", 5, 4),
        order={"hero": 20, "cleric": 15, "orc": 10},
    )
    return session, _panel(session, qtbot)


def _hp(session: GameSession, cid: str) -> int:
    state = session.encounter.creature(cid).state
    assert state is not None
    return int(state.current_hp)


def test_help_attack_asks_for_the_ally_and_the_enemy_then_undoes(qtbot: QtBot) -> None:
    session, panel = _orcus(qtbot)
    asked = Asked(HelpAnswer("attack", "cleric", "orc"))
    panel.help_buttons.ask_help = asked.help
    button = panel.buttons["help_attack"]
    assert not button.isHidden()
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    question = asked.questions[0]
    assert isinstance(question, HelpQuestion)
    assert question.choices == ("attack",)
    assert question.allies == (("cleric", "Cleric"),)
    assert question.enemies == (("orc", "Orc"),)
    aids = session.encounter.combat.aids
    assert [(a.helper, a.ally, a.enemy) for a in aids] == [("hero", "cleric", "orc")]
    # 000 "Help Attack" is a standard action.
    assert session.encounter.combat.combatant("hero").budget == ActionBudget(0, 1, 1)
    assert session.history.undo_text == "Hero helps Cleric attack"
    session.undo()
    assert session.encounter.combat.aids == ()
    assert session.encounter.combat.combatant("hero").budget == ActionBudget(1, 1, 1)


def test_help_defense_out_of_reach_says_why_in_the_panel(qtbot: QtBot) -> None:
    far = _fight(
        "orcus",
        fighter("hero", 1, 1),
        fighter("cleric", 2, 1),
        orc("orc", 9, 8),
        order={"hero": 20, "cleric": 15, "orc": 10},
    )
    panel = _panel(far, qtbot)
    panel.help_buttons.ask_help = Asked(HelpAnswer("defense", "cleric", "orc")).help
    qtbot.mouseClick(panel.buttons["help_defense"], Qt.MouseButton.LeftButton)
    assert panel.message.text() == "Orc is not within Hero's reach"
    assert far.encounter.combat.aids == ()


def test_cancel_and_missing_answers_change_nothing(qtbot: QtBot) -> None:
    session, panel = _orcus(qtbot)
    panel.help_buttons.ask_help = Asked(None).help
    qtbot.mouseClick(panel.buttons["help_attack"], Qt.MouseButton.LeftButton)
    assert session.history.undo_text == "Start combat"
    panel.help_buttons.ask_help = Asked(HelpAnswer("attack", "cleric", None)).help
    qtbot.mouseClick(panel.buttons["help_attack"], Qt.MouseButton.LeftButton)
    assert panel.message.text() == "Helping an ally's attack needs the enemy it is against."
    assert session.history.undo_text == "Start combat"


def test_no_ally_to_help_is_said_before_any_dialog(qtbot: QtBot) -> None:
    session = _fight("orcus", fighter("hero", 4, 4), orc("orc", 5, 4), order={"hero": 20})
    panel = _panel(session, qtbot)
    asked = Asked(HelpAnswer("attack", "x", "orc"))
    panel.help_buttons.ask_help = asked.help
    qtbot.mouseClick(panel.buttons["help_attack"], Qt.MouseButton.LeftButton)
    assert asked.questions == []
    assert panel.message.text() == "Hero has no ally on the map to help."


def test_not_its_turn_the_buttons_say_why(qtbot: QtBot) -> None:
    _session, panel = _orcus(qtbot)
    panel.show_creature("cleric")
    assert not panel.buttons["help_attack"].isEnabled()
    assert panel.buttons["help_attack"].toolTip() == "it is not Cleric's turn"


def test_002_12_one_aid_another_button_asks_which_help(qtbot: QtBot) -> None:
    session = _fight(
        "4e-quickref",
        fighter("hero", 4, 4),
        fighter("cleric", 3, 5),
        orc("orc", 5, 4),
        order={"hero": 20, "cleric": 15, "orc": 10},
    )
    panel = _panel(session, qtbot)
    assert panel.buttons["help_attack"].isHidden()
    assert panel.buttons["help_defense"].isHidden()
    asked = Asked(HelpAnswer("defense", "cleric", "orc"))
    panel.help_buttons.ask_help = asked.help
    qtbot.mouseClick(panel.buttons["aid_another"], Qt.MouseButton.LeftButton)
    question = asked.questions[0]
    assert isinstance(question, HelpQuestion)
    assert question.choices == ("attack", "defense", "check")
    aid = session.encounter.combat.aids[0]
    assert (aid.kind.value, aid.ally, aid.enemy) == ("defense", "cleric", "orc")


def test_aid_another_on_a_check_is_logged_with_its_note(qtbot: QtBot) -> None:
    session, panel = _orcus(qtbot)
    panel.help_buttons.ask_help = Asked(HelpAnswer("check", "cleric", None, "Athletics")).help
    qtbot.mouseClick(panel.buttons["aid_another"], Qt.MouseButton.LeftButton)
    entry = session.encounter.combat.log[-1]
    assert entry.kind == "aid_another"
    assert entry.data["note"] == "Athletics"


def test_fall_button_deals_the_dice_and_lands_prone_then_undoes(qtbot: QtBot) -> None:
    session, panel = _orcus(qtbot)
    before = _hp(session, "hero")
    asked = Asked(FallAnswer(25, (3, 4)))
    panel.help_buttons.ask_fall = asked.fall
    qtbot.mouseClick(panel.buttons["fall"], Qt.MouseButton.LeftButton)
    assert asked.questions == [("Hero", False)]  # 000 has no check against a fall
    assert before - _hp(session, "hero") == 7  # 25 ft: 2d10
    state = session.encounter.creature("hero").state
    assert state is not None
    assert state.instances_of(Condition.PRONE)
    session.undo()
    assert _hp(session, "hero") == before


def test_fall_under_002_offers_the_acrobatics_check(qtbot: QtBot) -> None:
    session = _fight("4e-quickref", fighter("hero", 2, 2), order={"hero": 20})
    panel = _panel(session, qtbot)
    before = _hp(session, "hero")
    asked = Asked(FallAnswer(30, (6, 6, 6), check_die=10, trained=True))
    panel.help_buttons.ask_fall = asked.fall
    qtbot.mouseClick(panel.buttons["fall"], Qt.MouseButton.LeftButton)
    assert asked.questions == [("Hero", True)]
    # 18 - (10 + Dex 1 + half level 0 + trained 5) // 2 (002-23)
    assert before - _hp(session, "hero") == 10


def test_fall_dialog_refuses_dice_that_are_no_numbers(qtbot: QtBot) -> None:
    dialog = FallDialog("Hero", True)
    qtbot.add_widget(dialog)
    dialog.dice.setText("6 x")
    dialog._on_accept()
    assert dialog.error.text() == "'x' is not a die result (type numbers like 14 6)"
    assert dialog.result() == 0
    dialog.dice.setText("6, 4")
    dialog.check.setChecked(True)
    assert dialog.answer() == FallAnswer(10, (6, 4), check_die=0, trained=False)


def test_help_dialog_reads_the_choice_ally_and_enemy(qtbot: QtBot) -> None:
    question = HelpQuestion(
        "Hero",
        ("attack", "defense", "check"),
        (("cleric", "Cleric"), ("rogue", "Rogue")),
        (("orc", "Orc"),),
    )
    dialog = HelpDialog(question)
    qtbot.add_widget(dialog)
    dialog.choice.setCurrentIndex(1)
    dialog.ally.setCurrentIndex(1)
    assert dialog.answer() == HelpAnswer("defense", "rogue", "orc", "")
    dialog.choice.setCurrentIndex(2)
    assert not dialog.enemy.isEnabled()
    dialog.note.setText("Thievery")
    assert dialog.answer() == HelpAnswer("check", "rogue", None, "Thievery")


@pytest.mark.parametrize("key", ["help_attack", "help_defense", "aid_another", "fall"])
def test_nothing_shown_disables_the_help_buttons(key: str, qtbot: QtBot) -> None:
    session = _fight("orcus", fighter("hero", 4, 4), order={"hero": 20})
    panel = _panel(session, qtbot)
    session.run(editing.remove_creature, "hero")
    assert panel.creature_id is None
    assert not panel.buttons[key].isEnabled()
