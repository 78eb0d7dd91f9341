"""A GM picks a variant and attacks from the window: the card, the dialog and the log agree.

The attack's parts already spoke the ruleset's words ("+2 battle superiority"); the power's
card, the attack dialog's line and the combat log's verdict must too (004-29 l.784
"Battle Superiority", 004-37 l.40 "Defense", 001-38 Block/Dodge/Dispel), and under Orcus
(000) they read as before.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from tests.controller.conftest import fighter, orc
from tests.ui.test_targeting import accept_dialog, activate, at, power_item

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot: QtBot, ruleset_id: str) -> MainWindow:
    win = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(win)
    assert win.rulesets.new_encounter(ruleset_id, 10, 8)
    session = win.session
    # The ally flanks the orc with the hero (000 "Flanking", docs/rulings.md R-07).
    for creature in (fighter("hero", 2, 2), fighter("ally", 4, 2), orc("orc", 3, 2)):
        assert session.place_creature(creature).ok
    assert session.roll_initiative(totals={"hero": 20, "orc": 15, "ally": 10}).ok
    assert session.start_combat().ok
    win.show()
    qtbot.wait_exposed(win)
    win.view.resetTransform()
    win.view.centerOn(3 * SQUARE_PX, 2 * SQUARE_PX)
    return win


@pytest.mark.parametrize(
    ("ruleset_id", "defense", "advantage"),
    [
        ("alloy-heroes", "Defense", "battle superiority"),
        ("strike", "Block", "combat advantage"),
        ("orcus", "AC", "combat advantage"),
    ],
)
def test_the_attack_reads_in_the_rulesets_words(
    qtbot: QtBot, ruleset_id: str, defense: str, advantage: str
) -> None:
    window = _window(qtbot, ruleset_id)
    # The card the GM hovers in the Actions panel.
    window.scene.select_creature("hero")
    assert f"<b>Attack:</b> Strength vs {defense}" in power_item(
        window, "Knockdown Strike"
    ).toolTip(0)
    # The dialog's line before the roll: +3 Str +3 proficiency +2 from the flank vs 15.
    activate(qtbot, window, "hero", "Knockdown Strike")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 3.5, 2.5))
    dialog = window.attack_dialog
    assert dialog is not None
    summary = dialog.summaries["orc"].text()
    assert summary.startswith(f"Orc: needs 7 on the d20 (+8 vs {defense} 15)")
    assert f"{advantage} (flanking)" in summary
    accept_dialog(qtbot, window, "15 5 5")
    # The log panel's verdict.
    line = [text for text in window.log_panel.model.lines() if "Knockdown Strike" in text][-1]
    assert f"= 23 vs {defense} 15 -> hit ({advantage}: flanking)" in line
