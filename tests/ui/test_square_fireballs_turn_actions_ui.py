"""003's Raise the Alarm (003-11) and "Forced" switch (003-46) in the Actions panel.

003 l.170-178 "Raise the Alarm - Maneuver ... Minor Action - Close Burst 5 - allies in burst";
003 l.472 "Forced movement never triggers opportunity attacks" (the GM marks the move forced
with the panel's "Forced" switch, then drags the token as usual).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.attacks import attack_powers
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.square_fireballs.turn_flow_box import TurnFlowBox
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot: QtBot, ruleset_id: str = "square-fireballs") -> MainWindow:
    creatures = (fighter("hero", 2, 2), fighter("mage", 4, 2), orc("orc", 8, 8))
    win = MainWindow(Encounter(GridBounds(14, 12), creatures=creatures, ruleset_id=ruleset_id))
    qtbot.add_widget(win)
    return win


def test_the_gm_raises_the_alarm_from_the_actions_panel(qtbot: QtBot) -> None:
    window = _window(qtbot)
    session = window.session
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert session.run(initiative.set_surprised, "mage").ok
    assert session.run(initiative.start_combat).ok
    panel = window.actions_panel
    panel.show_creature("hero")
    button = panel.buttons["raise_the_alarm"]
    assert not button.isHidden()
    assert button.isEnabled(), button.toolTip()
    assert "Mage" in button.toolTip()
    button.click()
    saves = [
        str(e.data["note"])
        for e in session.encounter.combat.log
        if e.kind == "rule_note" and e.data["mechanic"] == "003-11" and e.actor == "mage"
    ]
    assert len(saves) == 1  # the mage saved, once
    still = session.encounter.combat.combatant("mage").surprised
    assert saves[0].endswith("still surprised" if still else "no longer surprised")
    assert session.encounter.combat.combatant("hero").budget.swift == 0
    assert not button.isEnabled()  # the minor action is spent
    window.undo_action.trigger()  # one undo step
    assert session.encounter.combat.combatant("mage").surprised
    assert button.isEnabled()


def test_the_forced_switch_makes_a_walk_provoke_nothing(qtbot: QtBot) -> None:
    window = _window(qtbot)
    session = window.session
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    assert session.move_creature("orc", Square(5, 2)).ok  # the GM puts it next to the mage
    panel = window.actions_panel
    panel.show_creature("hero")
    forced = panel.part(TurnFlowBox).forced_check
    assert not forced.isEnabled()  # the hero cannot force itself
    panel.show_creature("orc")
    assert forced.isEnabled(), forced.toolTip()
    basic = session.ask(attack_powers.basic_attack_name, "orc")
    assert basic is not None
    available = panel.available
    assert available is not None
    assert not available.power(basic).allowed  # not the orc's turn
    forced.click()
    assert session.ask(sf_questions.forcing) == "hero"
    # The orc's attacks are offered as forced ones (the hero's standard action pays), and the
    # move tool shades where its forced walk may end.
    available = panel.available
    assert available is not None
    assert available.power(basic).allowed, available.power(basic).reason
    assert Square(5, 6) in session.reachable_squares("orc", MoveMode.WALK)
    assert session.move_creature("orc", Square(5, 6), MoveMode.WALK).ok
    combat = session.encounter.combat
    assert combat.combatant("mage").out_of_turn is None
    assert combat.combatant("hero").budget.move == 0
    forced.click()
    assert session.ask(sf_questions.forcing) is None


def test_orcus_shows_neither(qtbot: QtBot) -> None:
    window = _window(qtbot, "orcus")
    window.actions_panel.show_creature("hero")
    assert window.actions_panel.buttons["raise_the_alarm"].isHidden()
    assert window.actions_panel.part(TurnFlowBox).forced_check.isHidden()


def test_the_forced_switch_is_still_on_after_save_and_reopen_and_undo_turns_it_off(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # docs/rulings.md R-97: the switch lasts the forcer's turn (003-46), so a GM who saves
    # mid-turn finds it on again; it is an edit like any other, undone with Ctrl+Z.
    window = _window(qtbot)
    session = window.session
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    panel = window.actions_panel
    panel.show_creature("orc")
    panel.part(TurnFlowBox).forced_check.click()
    assert session.ask(sf_questions.forcing) == "hero"
    assert window.statusBar().currentMessage() == "Forced: Hero"
    path = tmp_path / "forced.orcus"
    assert window.files.save_to(path)
    assert window.files.open_file(path)
    assert window.session.ask(sf_questions.forcing) == "hero"
    window.actions_panel.show_creature("orc")
    forced = window.actions_panel.part(TurnFlowBox).forced_check
    assert forced.isChecked()
    forced.click()
    assert not forced.isChecked()
    assert window.session.encounter.combat.forcing is None
    window.undo_action.trigger()
    assert window.session.ask(sf_questions.forcing) == "hero"
    window.actions_panel.show_creature("orc")
    assert window.actions_panel.part(TurnFlowBox).forced_check.isChecked()
