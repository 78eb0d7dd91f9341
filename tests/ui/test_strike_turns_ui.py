"""001's turn from the GM's side: the Actions panel offers a move, then one action.

001-05 (001 l.53 "Your Turn": "On your turn, you can move and take one action. You always move
first and then take your."): the panel's budget line reads "Move 1 · Action 1", and once the
action is taken the movement actions are refused with 001's reason.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    encounter = Encounter(
        GridBounds(12, 8),
        creatures=(fighter("hero", 2, 4), orc("orc", 3, 4), orc("goblin", 8, 4)),
        ruleset_id="strike",
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    session = win.session
    assert session.roll_initiative(totals={"hero": 20, "orc": 15, "goblin": 10}).ok
    assert session.start_combat().ok
    return win


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
