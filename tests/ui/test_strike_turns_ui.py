"""001's turn from the GM's side: the Actions panel offers a move, then one action.

001-05 (001 l.53 "Your Turn": "On your turn, you can move and take one action. You always move
first and then take your."): the panel's budget line reads "Move 1 · Action 1", and once the
action is taken the movement actions are refused with 001's reason.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.ui.attack_dialog import AttackDialog
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from orcus_desktop.ui.variants.strike.round_end_dialog import RoundEndActions
from tests.controller.conftest import fighter
from tests.ui.test_strike_engagement_ui import window
from tests.ui.test_targeting import accept_dialog, activate, at

__all__ = ["window"]  # the engaged fight of test_strike_engagement_ui: hero, orc, goblin

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _actions(panel: ActionsPanel) -> dict[str, QTreeWidgetItem]:
    top = panel.tree.topLevelItem(1)
    assert top is not None
    return {top.child(i).text(0): top.child(i) for i in range(top.childCount())}  # type: ignore[union-attr, misc]


def test_the_panel_offers_a_move_then_one_action(window: MainWindow) -> None:
    panel = window.actions_panel
    assert panel.creature_id == "hero"
    assert panel.budget.text().startswith("Move 1 · Action 1 · ")
    assert not _actions(panel)["Walk"].isDisabled()
    assert window.session.use_power("hero", "Knockdown Strike", ["orc"], dice=[1]).ok
    assert panel.budget.text().startswith("Move 0 · Action 0 · ")
    walk = _actions(panel)["Walk"]
    assert walk.isDisabled()
    assert walk.text(2) == (
        "Hero has taken its action: under 001 the move comes first, then the action (001-05)"
    )
    assert _actions(panel)["Total defense"].isDisabled()
    assert "one action this turn" in _actions(panel)["Total defense"].text(2)
    window.undo_action.trigger()
    assert panel.budget.text().startswith("Move 1 · Action 1 · ")
    assert not _actions(panel)["Walk"].isDisabled()


def _orc_attacks_hero(qtbot: QtBot, window: MainWindow) -> AttackDialog:
    """The GM activates the orc's basic melee attack and clicks the hero: the dialog opens."""
    activate(qtbot, window, "orc", "Basic Melee Attack")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 2.5, 4.5))
    dialog = window.attack_dialog
    assert isinstance(dialog, AttackDialog)
    return dialog


def test_the_target_drops_prone_from_the_attack_dialog(qtbot: QtBot, window: MainWindow) -> None:
    """001-06, 001 l.100 "On a creature you can see's turn, you can give yourself the Prone
    condition": offered where the GM resolves the orc's attack on the hero."""
    session = window.session
    assert session.end_turn().ok  # the orc's turn
    dialog = _orc_attacks_hero(qtbot, window)
    button = dialog.findChild(QPushButton, "dropProne_hero")
    assert button is not None
    assert button.isEnabled()
    before = dialog.summaries["hero"].text()
    button.click()
    assert Condition.PRONE in session.rules.conditions(session.encounter, "hero")
    assert not button.isEnabled()
    assert button.text() == "Hero dropped prone (001-06)"
    # 000 "Prone": melee attackers gain combat advantage; the line says so now.
    assert dialog.summaries["hero"].text() != before
    assert session.history.undo_text == "Hero drops prone (001-06)"
    accept_dialog(qtbot, window, "11 3")
    assert "attack" in [e.kind for e in session.encounter.combat.log[-4:]]
    # Two undo steps: the attack, then the drop.
    window.undo_action.trigger()
    assert Condition.PRONE in session.rules.conditions(session.encounter, "hero")
    window.undo_action.trigger()
    assert Condition.PRONE not in session.rules.conditions(session.encounter, "hero")


def test_the_attack_dialog_says_why_a_target_cannot_drop(qtbot: QtBot, window: MainWindow) -> None:
    session = window.session
    assert session.end_turn().ok
    assert session.run(gm_edits.add_condition, "hero", Condition.UNCONSCIOUS).ok
    dialog = _orc_attacks_hero(qtbot, window)
    button = dialog.findChild(QPushButton, "dropProne_hero")
    assert button is not None
    assert not button.isEnabled()
    assert "incapacitated creature cannot drop prone" in button.toolTip()
    dialog.reject()


def test_end_of_round_activities_from_the_combat_menu(qtbot: QtBot, window: MainWindow) -> None:
    """001-04, 001 l.47 "The End Of Round Activities Are Performed": listed by the GM, run and
    logged as the round ends, one undo step per change."""
    actions = window.plugged(RoundEndActions)
    actions.refresh()
    assert actions.action.isEnabled()
    actions.action.trigger()
    dialog = actions.dialog
    assert dialog is not None
    dialog.add_button.click()
    assert dialog.error.text() == "type what is to be resolved at the end of the round"
    dialog.text.setText("The fire spreads")
    dialog.add_button.click()
    dialog.text.setText("Reinforcements arrive")
    dialog.at_round.setValue(1)
    dialog.add_button.click()
    assert [dialog.entries.item(i).text() for i in range(dialog.entries.count())] == [
        "The fire spreads — every round",
        "Reinforcements arrive — end of round 1",
    ]
    dialog.entries.setCurrentRow(0)
    dialog.remove_button.click()
    assert dialog.entries.count() == 1
    window.undo_action.trigger()
    dialog.refresh()
    assert dialog.entries.count() == 2
    dialog.reject()
    session = window.session
    for _ in range(3):
        assert session.end_turn().ok
    notes = [e for e in session.encounter.combat.log if e.kind == "rule_note"]
    assert notes[-1].data["mechanic"] == "001-04"
    assert "The fire spreads; Reinforcements arrive" in str(notes[-1].data["note"])


def test_no_end_of_round_step_under_000(qtbot: QtBot) -> None:
    win = MainWindow(Encounter(GridBounds(6, 6), creatures=(fighter("hero", 1, 1),)), None)
    qtbot.add_widget(win)
    win.plugged(RoundEndActions).refresh()
    assert not win.plugged(RoundEndActions).action.isEnabled()


def test_the_panel_offers_no_opportunity_attack_under_strike(window: MainWindow) -> None:
    # 001-23..25 (001 l.240-256): Strike! has Counter Strike! and Free Strike!, offered in
    # the offers box as they come; no opportunity attack to take or let pass, as in the
    # Combat menu.
    panel = window.actions_panel
    assert panel.creature_id == "hero"
    buttons = panel.action_buttons.buttons
    opportunity = (buttons["opportunity_attack"], buttons["decline_opportunity"])
    # Offered: on the panel's row, or behind its More ▾ when the row has no room.
    offered = panel.button_row.is_offered
    assert [offered(b) for b in opportunity] == [False, False]
    assert [b.isVisibleTo(panel) for b in opportunity] == [False, False]
    assert buttons["stand_up"].isVisibleTo(panel)
    assert "Opportunity attack" not in _actions(panel)
    # Played by Orcus (000 "Opportunity Attacks") the same fight has both, and the row.
    assert window.session.run(initiative.end_combat).ok
    assert window.rulesets.switch_ruleset("orcus").ok
    assert [offered(b) for b in opportunity] == [True, True]
    window.scene.select_creature("hero")  # out of combat the panel shows the selection
    assert "Opportunity attack" in _actions(panel)
