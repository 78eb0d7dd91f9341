"""The GM's side of a charge interrupted by an opportunity attack (000 "Charge").

000 "Charge": "Your movement provokes opportunity attacks as normal movement does. After
moving, you may make a single basic melee attack"; 000 "Opportunity Attacks": "The attack
occurs right before the creature leaves your reach". The map shows the charger on the square
it provokes from while the offer waits; letting it pass finishes the charge; undo and
save/reopen keep the charge waiting mid-move.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _token_square(window: MainWindow, creature_id: str) -> Square:
    item = window.scene.token_item(creature_id)
    assert item is not None
    return item.creature.square


def test_the_gm_sees_the_charger_wait_mid_move_and_lets_the_oa_pass(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # Three rows: every way to the orc passes beside the goblin (issue 28: a charge, too,
    # takes the way that provokes the fewest when there is one as short).
    encounter = Encounter(
        GridBounds(12, 3),
        creatures=(fighter("hero", 1, 2), orc("goblin", 3, 1), orc("orc", 6, 2)),
    )
    window = MainWindow(encounter, None)
    qtbot.add_widget(window)
    session = window.session
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "goblin": 10, "orc": 5}).ok
    assert session.run(initiative.start_combat).ok
    assert session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4]).ok

    # The goblin at (3, 1) is next to (2, 2): the token waits there, the offer is shown.
    assert _token_square(window, "hero") == Square(2, 2)
    panel = window.actions_panel
    note = panel.offers_box.findChild(QLabel, "held_attack_note")
    assert note is not None
    assert note.text() == "Hero's charge waits for the opportunity attacks"
    assert set(panel.offer_rows) == {"goblin"}

    # Saved and reopened mid-charge, it still waits there.
    path = tmp_path / "mid-charge.orcus"
    assert window.files.save_to(path)
    assert window.files.open_file(path)
    session = window.session
    assert _token_square(window, "hero") == Square(2, 2)
    waiting = session.encounter

    _dice, _take, let_pass = window.actions_panel.offer_rows["goblin"]
    let_pass.click()
    assert _token_square(window, "hero") == Square(5, 2)
    attack = session.encounter.combat.log[-1]
    assert (attack.kind, attack.actor) == ("attack", "hero")

    window.undo_action.trigger()
    assert session.encounter == waiting
    assert _token_square(window, "hero") == Square(2, 2)
