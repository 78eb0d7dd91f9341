"""003 "Square Fireballs" in the app: File > New, the escalation die shown, Encounter > New wave.

003-13 (003 l.198) the escalation die is on the initiative panel's heading and the players'
initiative strip; 003-14 (003 l.202-207) the new wave's two choices are an Encounter menu
entry; 003-10 (003 l.168) a surprised creature's row says it loses its first turn.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.controller.variants.square_fireballs.encounter_flow import WaveChoice
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.ruleset_actions import NewEncounterDialog
from orcus_desktop.ui.variants.square_fireballs.wave_actions import ReadyAttackActions, WaveActions
from tests.controller.conftest import fighter, orc
from tests.ui.test_player_view import open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(win)
    return win


def _menu(window: MainWindow, title: str) -> QMenu:
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == title:
            menu = action.menu()
            assert isinstance(menu, QMenu)
            return menu
    raise AssertionError(f"no {title} menu")


def _new_square_fireballs(window: MainWindow, qtbot: QtBot) -> None:
    dialog = NewEncounterDialog(window)
    qtbot.add_widget(dialog)
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("square-fireballs"))
    assert "003" in dialog.about.text()
    assert window.rulesets.new_encounter(*dialog.chosen())


def test_file_new_plays_square_fireballs_and_the_tracker_shows_the_die(
    window: MainWindow, qtbot: QtBot
) -> None:
    _new_square_fireballs(window, qtbot)
    session = window.session
    assert session.ruleset.id == "square-fireballs"
    assert "Square Fireballs (003)" in window.windowTitle()
    assert session.run(editing.place_creature, fighter("hero", 1, 1)).ok
    assert session.run(editing.place_creature, orc("orc", 5, 5)).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    heading = window.initiative_panel.heading
    assert "Round 1 · escalation die 0" in heading.text()
    players = open_player_view(window)
    QApplication.processEvents()
    assert "Escalation die 0" in players.strip.text()
    for _ in range(4):  # rounds 1 and 2: hero, orc
        assert session.end_turn().ok
    # 003-13: "each combat round starting with the third, add 1".
    assert "Round 3 · escalation die 1" in heading.text()
    QApplication.processEvents()
    assert "Escalation die 1" in players.strip.text()
    window.undo_action.trigger()
    assert "Round 2 · escalation die 0" in heading.text()


def test_orcus_shows_no_escalation_die(window: MainWindow) -> None:
    session = window.session
    assert session.run(editing.place_creature, fighter("hero", 1, 1)).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20}).ok
    assert session.run(initiative.start_combat).ok
    assert "escalation" not in window.initiative_panel.heading.text()


def test_a_surprised_row_says_it_loses_its_first_turn(window: MainWindow, qtbot: QtBot) -> None:
    _new_square_fireballs(window, qtbot)
    session = window.session
    assert session.run(editing.place_creature, fighter("hero", 1, 1)).ok
    assert session.run(editing.place_creature, orc("orc", 5, 5)).ok
    assert session.run(editing.place_creature, orc("gob", 6, 6)).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "gob": 10}).ok
    assert session.run(initiative.set_surprised, "gob").ok
    assert session.run(initiative.start_combat).ok
    row = window.initiative_panel.model.row_data("gob")
    assert row.status == "surprised"
    assert "loses its first turn" in row.status_detail


def test_encounter_menu_brings_in_a_new_wave(window: MainWindow, qtbot: QtBot) -> None:
    _new_square_fireballs(window, qtbot)
    session = window.session
    assert window.plugged(WaveActions).action in _menu(window, "Encounter").actions()
    assert session.run(editing.place_creature, fighter("hero", 1, 1)).ok
    assert session.run(editing.place_creature, orc("orc", 5, 5)).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    for _ in range(6):
        assert session.end_turn().ok
    assert session.ask(sf_questions.escalation_die) == 2
    # The GM places the newcomers, then Encounter > New wave… > Keep Initiative.
    assert session.run(editing.place_creature, orc("gob", 6, 6)).ok
    window.plugged(WaveActions).ask = lambda: WaveChoice.KEEP_INITIATIVE
    window.plugged(WaveActions).action.trigger()
    assert "gob" in session.encounter.combat.order
    assert session.ask(sf_questions.escalation_die) == 1
    assert "escalation die 1" in window.initiative_panel.heading.text()
    window.undo_action.trigger()
    assert "gob" not in session.encounter.combat.order
    assert session.ask(sf_questions.escalation_die) == 2
    # Cancelled: nothing happens. Nobody new: refused with the reason in the status bar.
    window.plugged(WaveActions).ask = lambda: None
    window.plugged(WaveActions).action.trigger()
    assert "gob" not in session.encounter.combat.order
    window.plugged(WaveActions).ask = lambda: WaveChoice.START_OVER
    window.plugged(WaveActions).action.trigger()
    assert "gob" in session.encounter.combat.order
    assert session.encounter.combat.round == 5  # docs/rulings.md R-42: a new round
    assert session.ask(sf_questions.escalation_die) == 0
    assert session.undo().ok
    assert session.run(editing.remove_creature, "gob").ok
    window.plugged(WaveActions).action.trigger()
    assert "place the new creatures" in window.statusBar().currentMessage()


def test_combat_menu_readies_a_melee_attack(window: MainWindow, qtbot: QtBot) -> None:
    """003-52 (003 l.790) Ready Melee Attack from Combat > Ready Melee Attack."""
    refused = window.plugged(ReadyAttackActions).ready(ranged=False)  # no combat, Orcus
    assert not refused.ok
    _new_square_fireballs(window, qtbot)
    session = window.session
    assert window.plugged(ReadyAttackActions).melee_action in _menu(window, "Combat").actions()
    assert session.run(editing.place_creature, fighter("hero", 1, 1)).ok
    assert session.run(editing.place_creature, orc("orc", 6, 6)).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    window.plugged(ReadyAttackActions).melee_action.trigger()
    readied = session.encounter.combat.combatant("hero").readied
    assert readied is not None
    assert "003-52" in readied.trigger
    window.undo_action.trigger()
    assert session.encounter.combat.combatant("hero").readied is None
