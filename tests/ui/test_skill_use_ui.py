"""004-09 from the GM's side: Combat > Use a Skill… next to an enemy, the attack of opportunity
first, then the check in the log; undo.

004 "Table: Actions in Combat" (l.262 "Use a skill that takes a standard action Yes", l.273
"... a move action Yes"), l.389 "Interrupts Target's Action"; docs/rulings.md R-129.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.alloy_heroes import skill_uses
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.alloy_heroes.skill_use_dialog import SkillUseActions, SkillUseDialog
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot: QtBot, ruleset_id: str) -> MainWindow:
    encounter = Encounter(
        GridBounds(10, 6),
        creatures=(fighter("hero", 1, 1), orc("orc", 2, 1)),
        ruleset_id=ruleset_id,
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    assert win.session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert win.session.run(initiative.start_combat).ok
    return win


def _waiting(window: MainWindow) -> bool:
    return window.session.encounter.combat.pending is not None


def test_the_gm_uses_a_skill_next_to_the_orc_and_the_attack_of_opportunity_comes_first(
    qtbot: QtBot,
) -> None:
    window = _window(qtbot, "alloy-heroes")
    actions = window.plugged(SkillUseActions)
    actions.refresh()
    assert actions.action.isVisible()
    actions.action.trigger()
    dialog = actions.dialog
    assert isinstance(dialog, SkillUseDialog)
    assert dialog.creature_id == "hero"
    dialog.skill.setCurrentIndex(dialog.skill.findData("heal"))
    dialog.die.setValue(14)
    dialog.target_number.setValue(10)
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    session = window.session
    assert _waiting(window)  # it waits for the orc
    assert session.run(interrupts.decline_opportunity_attack, "orc").ok
    note = session.encounter.combat.log[-1]
    assert note.kind == "rule_note"
    assert str(note.data["note"]).startswith("Hero uses Heal (standard action): 14 (d20)")
    assert str(note.data["note"]).endswith("vs DC 10: success")
    assert session.undo().ok
    assert session.undo().ok
    assert not _waiting(window)
    # A refusal is said in the dialog: the standard action is spent after a second use.
    assert session.run(skill_uses.use_skill, "hero", "heal").ok
    assert session.run(interrupts.decline_opportunity_attack, "orc").ok
    actions.action.trigger()
    again = actions.dialog
    assert isinstance(again, SkillUseDialog)
    again.accept()
    assert again.error.text() == "Hero has no standard action left"
    again.reject()


def test_the_item_is_hidden_under_orcus(qtbot: QtBot) -> None:
    window = _window(qtbot, "orcus")
    window.plugged(SkillUseActions).refresh()
    assert not window.plugged(SkillUseActions).action.isVisible()
