"""The GM's side of a 003 readied melee attack that stops an enemy's walk (003-52).

003 "Ready Melee Attack" (l.790): "the first time an enemy you can see moves to a square
adjacent to you, they provoke an opportunity attack from you". The Actions panel offers the
readier its attack while the walker waits next to it; letting it pass finishes the walk.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.outcomes import MoveMode
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _token_square(window: MainWindow, creature_id: str) -> Square:
    item = window.scene.token_item(creature_id)
    assert item is not None
    return item.creature.square


def test_the_actions_panel_offers_the_readied_attack_to_the_readier(qtbot: QtBot) -> None:
    encounter = Encounter(
        GridBounds(12, 8),
        creatures=(fighter("hero", 3, 2), orc("orc", 7, 2)),
        ruleset_id="square-fireballs",
    )
    window = MainWindow(encounter, None)
    qtbot.add_widget(window)
    session = window.session
    assert session.roll_initiative(totals={"hero": 20, "orc": 10}).ok
    assert session.start_combat().ok
    window.ready_attacks.melee_action.trigger()  # Combat > Ready Melee Attack
    assert session.encounter.combat.combatant("hero").readied is not None
    assert session.end_turn().ok
    assert session.move_creature("orc", Square(1, 2), MoveMode.WALK).ok

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
