"""003-07 from the GM's side: a goblin knocked out in its group's turn hands the acting on.

003 l.135 "Combat turn: Turn of action for a single PC or group of monsters" (docs/rulings.md
R-111): the initiative row names the next goblin at once, the log says why, and the row's "Act
with" menu greys the knocked-out one out with the reason; Undo brings the acting back.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.main_window import MainWindow
from tests.controller.conftest import fighter
from tests.ui.test_square_fireballs_groups_ui import goblin

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_row_names_the_next_goblin_when_the_acting_one_is_knocked_out(
    qtbot: QtBot,
) -> None:
    creatures = (fighter("hero", 1, 1), goblin("g1", 5, 1), goblin("g2", 5, 3))
    window = MainWindow(
        Encounter(GridBounds(10, 10), creatures=creatures, ruleset_id="square-fireballs")
    )
    qtbot.add_widget(window)
    session = window.session
    assert session.run(initiative.roll_initiative, dice={"hero": 18, "g1": 10, "g2": 10}).ok
    assert session.run(initiative.start_combat).ok
    assert session.end_turn().ok  # the goblins' turn: G1 acts first
    model = window.initiative_panel.model
    assert model.row_data("g1").name == "G1 (group: G2)"

    # The GM's condition box: G1 falls unconscious.
    assert session.run(
        gm_edits.add_condition, "g1", Condition.UNCONSCIOUS, DurationKind.UNTIL_COUNTERED
    ).ok
    assert session.encounter.combat.current == "g2"
    assert model.row_data("g1").name == "G2 (group: G1)"
    lines = window.log_panel.model.lines()
    assert any("G1 is unconscious: G2 acts on in the group's turn" in line for line in lines)
    menu = window.initiative_panel.context_menu("g1")
    actions = {a.objectName(): a for a in menu.findChildren(QAction)}
    knocked_out = actions["act_with_g1"]
    assert not knocked_out.isEnabled()
    assert knocked_out.toolTip() == "G1 is unconscious: it cannot act in the group's turn"

    window.undo_action.trigger()
    assert session.encounter.combat.current == "g1"
    assert model.row_data("g1").name == "G1 (group: G2)"
