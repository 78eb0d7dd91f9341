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

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.panels.initiative_model import build_row
from orcus_desktop.vocabulary import MoveMode
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
        assert session.run(editing.place_creature, creature).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "ally": 10}).ok
    assert session.run(initiative.start_combat).ok
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


@pytest.mark.parametrize(
    ("ruleset_id", "mark_tip", "start_tip"),
    [
        (
            "square-fireballs",
            # 003-10, 003 l.165-168 "When this character would take the turn, they use Full
            # Defense, end the turn": 003 has no surprise round.
            "it loses its first turn, in Total Defense (003-10: no surprise round)",
            "Start combat at round 1: the surprised lose their first turn (003-10).",
        ),
        ("orcus", "no actions in the surprise round", "Start combat with a surprise round."),
    ],
)
def test_the_initiative_panel_says_what_surprise_costs_under_the_ruleset(
    qtbot: QtBot, ruleset_id: str, mark_tip: str, start_tip: str
) -> None:
    win = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(win)
    assert win.rulesets.new_encounter(ruleset_id, 10, 8)
    session = win.session
    for creature in (fighter("hero", 2, 2), orc("orc", 6, 2)):
        assert session.run(editing.place_creature, creature).ok
    panel = win.initiative_panel
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    panel.table.selectRow(panel.model.row_of("orc"))
    assert panel.surprised_button.isEnabled()
    assert panel.surprised_button.toolTip() == f"Mark the selected creature surprised: {mark_tip}."
    qtbot.mouseClick(panel.surprised_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.combatant("orc").surprised
    assert panel.start_button.toolTip() == start_tip


@pytest.mark.parametrize(
    ("ruleset_id", "step", "run"),
    [
        ("alloy-heroes", "Adjust", "Run"),  # 004 l.346 "Adjust: Move Action", l.572 "Run"
        ("4e-quickref", "Shift", "Run"),  # 002 l.56 "Shift", l.54 "Run"
        ("square-fireballs", "Shift", "Run"),  # 003 l.588 "Shift - Maneuver", l.656 "Run"
        ("orcus", "Five foot step", "Dash"),  # 000 "Five-Foot Step", "Dash"
    ],
)
def test_the_actions_panel_names_the_shift_and_the_run_as_the_ruleset_does(
    qtbot: QtBot, ruleset_id: str, step: str, run: str
) -> None:
    window = _window(qtbot, ruleset_id)
    window.scene.select_creature("hero")
    actions = window.actions_panel.tree.topLevelItem(1)
    assert actions is not None
    names = [actions.child(i).text(0) for i in range(actions.childCount())]  # type: ignore[union-attr]
    assert step in names
    assert run in names
    # The log names the move the same way.
    assert window.session.move_creature("hero", Square(1, 2), MoveMode.SHIFT).ok
    moved = [line for line in window.log_panel.model.lines() if "Hero moves" in line][-1]
    assert moved == f"Hero moves 1 square ({'adjust' if step == 'Adjust' else 'shift'})"


@pytest.mark.parametrize(
    ("ruleset_id", "tip"),
    [
        # 004-08, 004 l.383 "Attack of Opportunity: Free Action": no immediate action is kept
        # (and 004 l.381 names it "attack of opportunity").
        ("alloy-heroes", "Decline the attack of opportunity."),
        # docs/rulings.md R-02 (000): the opportunity attack would use the immediate action.
        ("orcus", "Decline the opportunity attack (its immediate action stays unused)."),
    ],
)
def test_let_it_pass_says_what_an_opportunity_attack_would_cost(
    qtbot: QtBot, ruleset_id: str, tip: str
) -> None:
    window = _window(qtbot, ruleset_id)
    session = window.session
    assert session.end_turn().ok  # the orc's turn: it walks off the hero and the ally
    walk = session.move_creature("orc", Square(3, 5), MoveMode.WALK)
    assert "hero" in walk.opportunity_attackers
    window.scene.select_creature("hero")
    button = window.actions_panel.buttons["decline_opportunity"]
    assert button.isEnabled()
    assert button.toolTip() == tip


@pytest.mark.parametrize(
    ("ruleset_id", "menu", "button", "row"),
    [
        # 004 l.381 "The most common attack of opportunity is a melee basic attack".
        ("alloy-heroes", "Take &Attack of Opportunity", "Attack of opportunity", "AoO offered"),
        ("orcus", "Take &Opportunity Attack", "Opportunity attack", "OA offered"),
    ],
)
def test_the_opportunity_attack_reads_as_the_ruleset_names_it(
    qtbot: QtBot, ruleset_id: str, menu: str, button: str, row: str
) -> None:
    window = _window(qtbot, ruleset_id)
    assert window.take_opportunity_action.text() == menu
    assert window.actions_panel.buttons["opportunity_attack"].text() == button
    session = window.session
    assert session.end_turn().ok  # the orc walks off the hero
    assert (
        "hero" in session.move_creature("orc", Square(3, 5), MoveMode.WALK).opportunity_attackers
    )
    hero = build_row(session, session.encounter.creature("hero"))
    assert hero.status == row
