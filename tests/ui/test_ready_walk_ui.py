"""The GM's side of a 003 readied melee or ranged attack that stops an enemy's walk (003-52).

003 "Ready Melee Attack" (l.790): "the first time an enemy you can see moves to a square
adjacent to you, they provoke an opportunity attack from you". The Actions panel offers the
readier its attack while the walker waits next to it; letting it pass finishes the walk.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.square_fireballs.wave_actions import ReadyAttackActions
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, orc
from tests.controller.test_square_fireballs_basic_attacks import IMPLEMENT_POWER, SCHOLAR

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _token_square(window: MainWindow, creature_id: str) -> Square:
    item = window.scene.token_item(creature_id)
    assert item is not None
    return item.creature.square


def _orc_walks_to_the_readier(
    qtbot: QtBot, readier: Creature, orc_at: Square, goal: Square, *, ranged: bool
) -> MainWindow:
    """The readier readies through the Combat menu, then the orc walks towards `goal`."""
    encounter = Encounter(
        GridBounds(20, 10),
        creatures=(readier, orc("orc", orc_at.col, orc_at.row)),
        ruleset_id="square-fireballs",
    )
    window = MainWindow(encounter, None)
    qtbot.add_widget(window)
    session = window.session
    assert session.run(initiative.roll_initiative, totals={readier.id: 20, "orc": 5}).ok
    assert session.run(initiative.start_combat).ok
    # Combat > Ready Ranged Attack / Ready Melee Attack
    menu = window.plugged(ReadyAttackActions)
    (menu.ranged_action if ranged else menu.melee_action).trigger()
    assert session.encounter.combat.combatant(readier.id).readied is not None
    assert session.end_turn().ok
    assert session.move_creature("orc", goal, MoveMode.WALK).ok
    return window


def test_the_actions_panel_offers_the_readied_attack_to_the_readier(qtbot: QtBot) -> None:
    hero = fighter("hero", 3, 2)
    window = _orc_walks_to_the_readier(qtbot, hero, Square(7, 2), Square(1, 2), ranged=False)

    waiting_at = _token_square(window, "orc")
    assert waiting_at != Square(1, 2)
    panel = window.actions_panel
    note = panel.offers_box.findChild(QLabel, "held_attack_note")
    assert note is not None
    assert "Orc's move" in note.text()
    assert set(panel.offer_rows) == {"hero"}

    _dice, _take, let_pass = panel.offer_rows["hero"]
    let_pass.click()
    assert _token_square(window, "orc") == Square(1, 2)
    assert panel.offer_rows == {}


def test_the_readied_ranged_attack_is_offered_and_taken_with_the_tables_dice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """003 l.798 Ready Ranged Attack: "the first time an enemy you can see moves to a square
    within Long Range of your Ranged Basic Attack, you can make a Ranged Basic Attack as a
    Reaction (Interrupt) against them" (docs/rulings.md R-110): the orc waits 10 squares from
    the mage (the implement's range, R-104); the GM takes the offer with the dice rolled at
    the table, the log says what was rolled, the orc walks on; undo brings the offer back."""
    mage = fighter("mage", 2, 4, abilities=SCHOLAR, powers=[IMPLEMENT_POWER])
    window = _orc_walks_to_the_readier(qtbot, mage, Square(14, 4), Square(10, 4), ranged=True)
    session = window.session

    assert _token_square(window, "orc") == Square(12, 4)
    panel = window.actions_panel
    assert set(panel.offer_rows) == {"mage"}
    labels = [w.text() for w in panel.offers_box.findChildren(QLabel)]
    assert "Mage may make its readied Ranged Basic Attack (Implement) on Orc" in labels
    # What the walk waits for is the readied shot, worded as the refusals and the log word it.
    assert "Orc's move waits for the readied attack" in labels
    dice, take, _let_pass = panel.offer_rows["mage"]
    assert "Reaction" in take.toolTip()
    assert window.initiative_panel.model.row_data("mage").status == "readied shot offered"
    dice.setText("3 2")  # a miss
    take.click()
    assert _token_square(window, "orc") == Square(10, 4)
    assert panel.offer_rows == {}
    lines = window.log_panel.model.lines()
    assert any("Ranged Basic Attack (Implement)" in line and "3" in line for line in lines)

    window.undo_action.trigger()
    assert _token_square(window, "orc") == Square(12, 4)
    assert set(panel.offer_rows) == {"mage"}
    path = tmp_path / "offer.orcus"
    save_encounter(path, session.encounter)
    reopened = MainWindow(load_encounter(path), path)
    qtbot.add_widget(reopened)
    assert set(reopened.actions_panel.offer_rows) == {"mage"}


def test_an_orc_walking_unseen_in_darkness_is_not_offered_and_the_log_says_why(
    qtbot: QtBot,
) -> None:
    """003 l.798 "an enemy you can see" (docs/rulings.md R-112): the GM darkens the map; the
    orc walks within the mage's range unseen, no offer comes up, and the combat log tells why."""
    mage = fighter("mage", 2, 4, abilities=SCHOLAR, powers=[IMPLEMENT_POWER])
    encounter = Encounter(
        GridBounds(20, 10),
        creatures=(mage, orc("orc", 14, 4)),
        ruleset_id="square-fireballs",
    )
    window = MainWindow(encounter, None)
    qtbot.add_widget(window)
    session = window.session
    assert session.run(initiative.roll_initiative, totals={"mage": 20, "orc": 5}).ok
    assert session.run(initiative.start_combat).ok
    window.plugged(ReadyAttackActions).ranged_action.trigger()
    assert session.end_turn().ok
    assert session.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    assert session.move_creature("orc", Square(10, 4), MoveMode.WALK).ok
    assert _token_square(window, "orc") == Square(10, 4)
    assert window.actions_panel.offer_rows == {}
    lines = window.log_panel.model.lines()
    assert any(
        "Mage cannot see it there (total concealment)" in line and "does not trigger" in line
        for line in lines
    )
