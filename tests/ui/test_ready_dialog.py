"""The Ready dialog offers only the action types the creature can still ready.

004-20 (004 l.557): "Readying is the same kind of action as the action you ready", so under
Alloy Heroes a kind spent this turn cannot be readied. 000 "Ready" spends the standard action
whatever is readied ("You can ready a standard action, a move action, or a swift action"), so
under Orcus a move already taken leaves all three. The dialog greys what the availability
table refuses, with its words, and picks the first it can ready.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from orcus_desktop.ui.panels.actions.ready import ReadyDialog
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc


def _hero_acted(
    ruleset_id: str, qtbot: QtBot, action: CombatAction
) -> tuple[GameSession, ActionsPanel]:
    """The hero's turn; it has walked a square or taken `action`; its panel shown."""
    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2), orc("orc", 8, 2)),
            ruleset_id=ruleset_id,
        )
    )
    assert session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    if action is CombatAction.WALK:
        assert session.move_creature("hero", Square(2, 2), MoveMode.WALK).ok
    else:
        assert session.run(combat_actions.take_action, action, "hero").ok
    panel = ActionsPanel(session)
    qtbot.add_widget(panel)
    panel.show_creature("hero")
    return session, panel


def _kinds_shown(dialog: ReadyDialog) -> list[tuple[str, bool, str]]:
    """Each line of the dialog's Action list: its text, whether it can be picked, its tip."""
    model = dialog.kind.model()
    assert isinstance(model, QStandardItemModel)
    items = [model.item(i) for i in range(dialog.kind.count())]
    return [(i.text(), i.isEnabled(), i.toolTip()) for i in items]


def _ready_through_the_dialog(panel: ActionsPanel, pick: str) -> list[object]:
    """The GM clicks Ready…, reads the dialog, picks `pick` with a trigger and presses OK."""
    seen: list[object] = []

    def fill_in() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ReadyDialog)
        seen.extend([_kinds_shown(dialog), dialog.kind.currentData()])
        dialog.trigger.setText("the orc comes within reach")
        dialog.kind.setCurrentIndex(dialog.kind.findData(pick))
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        box.button(QDialogButtonBox.StandardButton.Ok).click()
        seen.append(dialog.error.text())
        if dialog.isVisible():
            dialog.reject()

    QTimer.singleShot(0, fill_in)
    panel.buttons["ready"].click()
    return seen


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_under_alloy_heroes_a_spent_standard_action_is_greyed_with_why(qtbot: QtBot) -> None:
    """The hero takes Total Defense (its standard action): Ready… offers move and swift, and
    greys standard with the table's reason."""
    session, panel = _hero_acted("alloy-heroes", qtbot, CombatAction.TOTAL_DEFENSE)
    kinds, chosen, error = _ready_through_the_dialog(panel, "standard")
    assert isinstance(kinds, list)
    standard, move, swift = kinds
    why = standard[2]
    assert "no standard action left" in why
    assert standard == (f"standard ({why})", False, why)
    assert (move, swift) == (("move", True, ""), ("swift", True, ""))
    assert chosen == "move"  # the first it can ready
    # Picking the greyed line anyway (by keyboard) is answered on the error line.
    assert error == f"A standard action cannot be readied now: {why}."
    assert session.encounter.combat.combatant("hero").readied is None


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_under_alloy_heroes_a_kind_left_is_readied(qtbot: QtBot) -> None:
    session, panel = _hero_acted("alloy-heroes", qtbot, CombatAction.TOTAL_DEFENSE)
    *_, error = _ready_through_the_dialog(panel, "swift")
    assert error == ""
    readied = session.encounter.combat.combatant("hero").readied
    assert readied is not None
    assert readied.kind is ActionKind.SWIFT


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_under_orcus_a_walk_taken_leaves_every_kind_to_ready(qtbot: QtBot) -> None:
    session, panel = _hero_acted("orcus", qtbot, CombatAction.WALK)
    kinds, chosen, error = _ready_through_the_dialog(panel, "move")
    assert kinds == [("standard", True, ""), ("move", True, ""), ("swift", True, "")]
    assert (chosen, error) == ("standard", "")
    readied = session.encounter.combat.combatant("hero").readied
    assert readied is not None
    assert readied.kind is ActionKind.MOVE
