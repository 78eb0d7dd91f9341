"""The initiative panel: the session drives the table; the buttons drive the session."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeySequence
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import combat_actions, interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.panels.initiative import InitiativePanel
from orcus_desktop.ui.panels.initiative_model import (
    CURRENT_TURN_BRUSH,
    Column,
    InitiativeTableModel,
)
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import creature, fighter, make_session, orc, orc_block


def _orc(cid: str, col: int, row: int) -> Creature:
    """An orc with the stat block named "Orc" (identical monsters roll as a group)."""
    return creature(cid, "monsters", col, row, statblock=freeze(orc_block("Orc")))


@pytest.fixture
def session() -> GameSession:
    """A hero and three orcs (one stat block), no initiative yet."""
    return make_session(
        Encounter(
            GridBounds(12, 12),
            creatures=(
                fighter("hero", 2, 2),
                orc("orc", 3, 2),
                _orc("brute", 9, 9),
                _orc("grunt", 9, 5),
            ),
        )
    )


@pytest.fixture
def panel(session: GameSession, status_lines: list[str], qtbot: QtBot) -> InitiativePanel:
    widget = InitiativePanel(session)
    qtbot.add_widget(widget)
    return widget


def _roll(session: GameSession) -> None:
    result = session.run(
        initiative.roll_initiative, totals={"hero": 20, "orc": 10, "brute": 5, "grunt": 3}
    )
    assert result.ok, result.reason


def _start(session: GameSession) -> None:
    _roll(session)
    assert session.run(initiative.start_combat).ok


def _cell(model: InitiativeTableModel, cid: str, column: Column, role: int = 0) -> Any:
    return model.index(model.row_of(cid), column).data(role or Qt.ItemDataRole.DisplayRole)


def _select(panel: InitiativePanel, cid: str) -> None:
    panel.table.selectRow(panel.model.row_of(cid))


def test_model_passes_the_model_tester_while_combat_is_played(
    session: GameSession, qtmodeltester: ModelTester
) -> None:
    model = InitiativeTableModel(session)
    qtmodeltester.check(model)
    # the tester stays attached: every change below is checked for consistent signals
    _start(session)
    assert session.run(initiative.set_initiative, "grunt", 30).ok
    assert session.end_turn().ok
    assert session.delay().ok
    session.undo()
    session.undo()
    assert session.run(editing.remove_creature, "brute").ok
    session.undo()
    session.open_encounter(Encounter(GridBounds(3, 3)))
    assert model.rowCount() == 0
    qtmodeltester.check(model)


def test_rows_follow_initiative_and_turns(session: GameSession, panel: InitiativePanel) -> None:
    model = panel.model
    assert model.creature_ids() == ["hero", "orc", "brute", "grunt"]
    # Nobody rolled yet: no "not in initiative" on every row, the tooltip still says so.
    assert _cell(model, "orc", Column.STATUS) == ""
    assert "Not in the initiative" in _cell(
        model, "orc", Column.STATUS, Qt.ItemDataRole.ToolTipRole
    )
    assert _cell(model, "orc", Column.INITIATIVE) == ""
    assert _cell(model, "orc", Column.HIT_POINTS) == "30/30"
    session.run(initiative.roll_initiative, totals={"hero": 5, "orc": 12, "brute": 20, "grunt": 1})
    assert model.creature_ids() == ["brute", "orc", "hero", "grunt"]
    assert _cell(model, "brute", Column.INITIATIVE) == "20"
    assert session.run(initiative.start_combat).ok
    assert _cell(model, "brute", Column.NAME) == "▶ Brute"
    assert _cell(model, "brute", Column.NAME, Qt.ItemDataRole.BackgroundRole) == (
        CURRENT_TURN_BRUSH
    )
    assert _cell(model, "orc", Column.NAME, Qt.ItemDataRole.BackgroundRole) is None
    assert panel.heading.text() == "Round 1: Brute's turn"
    session.end_turn()
    assert _cell(model, "brute", Column.STATUS) == "acted"
    assert _cell(model, "orc", Column.NAME) == "▶ Orc"
    session.undo()
    assert _cell(model, "brute", Column.NAME) == "▶ Brute"
    assert _cell(model, "orc", Column.NAME) == "Orc"


def test_rows_are_greyed_only_when_left_out_of_a_running_fight(
    session: GameSession, panel: InitiativePanel
) -> None:
    """Issue 31: before combat the rows read as normal, not as disabled; once the fight runs,
    a creature outside its initiative (one placed late) is greyed until it joins."""
    model = panel.model

    def greyed(cid: str) -> bool:
        return _cell(model, cid, Column.NAME, Qt.ItemDataRole.ForegroundRole) is not None

    assert not any(greyed(cid) for cid in model.creature_ids())
    _roll(session)
    assert not any(greyed(cid) for cid in model.creature_ids())
    assert session.run(initiative.start_combat).ok
    assert session.run(editing.place_creature, orc("late", 6, 6)).ok
    assert greyed("late")
    assert not greyed("orc")


def test_hit_points_and_conditions_change_one_row_only(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    _start(session)
    model = panel.model
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(
        lambda first, last, _roles: changed.append((first.row(), last.row()))
    )
    with (
        qtbot.assert_not_emitted(model.modelReset),
        qtbot.assert_not_emitted(model.layoutChanged),
    ):
        assert session.run(gm_edits.apply_damage, "orc", 16).ok
    row = model.row_of("orc")
    assert changed == [(row, row)]
    assert _cell(model, "orc", Column.HIT_POINTS) == "14/30"
    assert _cell(model, "orc", Column.HIT_POINTS, Qt.ItemDataRole.ToolTipRole) == "14/30 staggered"
    red = _cell(model, "orc", Column.HIT_POINTS, Qt.ItemDataRole.ForegroundRole)
    assert red is not None
    assert red.color().red() > 150
    assert session.run(gm_edits.add_condition, "orc", Condition.DAZED, DurationKind.SAVE_ENDS).ok
    assert _cell(model, "orc", Column.CONDITIONS) == "Dazed (save ends)"
    assert session.run(gm_edits.apply_damage, "orc", 20).ok
    assert _cell(model, "orc", Column.HIT_POINTS) == "dead"
    assert _cell(model, "orc", Column.NAME, Qt.ItemDataRole.ForegroundRole) is not None
    session.undo()
    session.undo()
    assert _cell(model, "orc", Column.CONDITIONS) == ""


def test_editing_initiative_goes_through_the_session(
    session: GameSession, panel: InitiativePanel
) -> None:
    _start(session)
    model = panel.model
    index = model.index(model.row_of("grunt"), Column.INITIATIVE)
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(0, Column.NAME)) & Qt.ItemFlag.ItemIsEditable
    steps = len(session.history)
    assert model.setData(index, 25, Qt.ItemDataRole.EditRole)
    assert len(session.history) == steps + 1
    assert session.encounter.combat.combatant("grunt").initiative == 25
    assert model.creature_ids()[0] == "grunt"
    assert _cell(model, "hero", Column.NAME) == "▶ Hero"  # the current creature keeps its turn
    assert _cell(model, "grunt", Column.INITIATIVE) == "25"
    assert not model.setData(model.index(0, Column.INITIATIVE), "abc", Qt.ItemDataRole.EditRole)
    session.undo()
    assert model.creature_ids()[-1] == "grunt"


def test_setup_buttons(session: GameSession, panel: InitiativePanel, qtbot: QtBot) -> None:
    assert not panel.setup_controls.isHidden()
    assert panel.combat_controls.isHidden()
    assert panel.roll_button.isEnabled()
    assert not panel.start_button.isEnabled()
    assert panel.start_button.toolTip() == "Roll initiative first."
    assert not panel.end_turn_button.isEnabled()
    assert panel.end_turn_button.toolTip() == "No combat is running."
    assert not panel.surprised_button.isEnabled()
    panel.group_check.setChecked(True)
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    combat = session.encounter.combat
    assert len(combat.combatants) == 4
    # the three orcs share one stat block: one roll for the group (000 "Initiative")
    assert len({combat.combatant(c).initiative for c in ("orc", "brute", "grunt")}) == 1
    assert not panel.roll_button.isEnabled()
    assert panel.start_button.isEnabled()

    _select(panel, "hero")
    assert panel.surprised_button.isEnabled()
    qtbot.mouseClick(panel.surprised_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.combatant("hero").surprised
    assert panel.model.row_data("hero").status == "surprised"
    assert panel.start_button.toolTip() == "Start combat with a surprise round."
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.active
    assert panel.heading.text().startswith("Surprise round")
    # the setup buttons give way to the turn buttons
    assert panel.setup_controls.isHidden()
    assert not panel.combat_controls.isHidden()
    assert not panel.surprised_button.isEnabled()
    session.undo()
    assert not session.encounter.combat.active
    assert panel.start_button.isEnabled()  # type: ignore[unreachable]


def test_turn_buttons(session: GameSession, panel: InitiativePanel, qtbot: QtBot) -> None:
    _start(session)
    assert panel.end_turn_button.shortcut() == QKeySequence("Ctrl+Return")
    assert "End Hero's turn" in panel.end_turn_button.toolTip()
    qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.current == "orc"
    # the orc delays; the brute's turn comes; the orc re-enters after it
    assert panel.delay_button.isEnabled()
    qtbot.mouseClick(panel.delay_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.current == "brute"
    assert panel.model.row_data("orc").status == "delaying"
    assert not panel.resume_button.isEnabled()
    _select(panel, "orc")
    assert panel.resume_button.isEnabled()
    qtbot.mouseClick(panel.resume_button, Qt.MouseButton.LeftButton)
    assert not session.encounter.combat.combatant("orc").delaying
    assert panel.model.creature_ids()[:3] == ["hero", "brute", "orc"]
    session.undo()
    assert panel.model.row_data("orc").status == "delaying"


def test_delay_refused_after_acting(session: GameSession, panel: InitiativePanel) -> None:
    _start(session)
    assert session.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero").ok
    assert not panel.delay_button.isEnabled()
    assert panel.delay_button.toolTip() == "Hero already took actions this turn"


def test_end_turn_tooltip_names_the_saves(session: GameSession, panel: InitiativePanel) -> None:
    _start(session)
    assert session.run(gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.SAVE_ENDS).ok
    assert "a saving throw against dazed" in panel.end_turn_button.toolTip()


def test_join_move_up_and_end_combat(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    session.run(
        initiative.roll_initiative,
        ["hero", "orc", "brute"],
        totals={"hero": 20, "orc": 10, "brute": 5},
    )
    session.run(initiative.start_combat)
    assert panel.model.row_data("grunt").status == "not in initiative"
    _select(panel, "grunt")
    assert panel.join_button.isEnabled()
    qtbot.mouseClick(panel.join_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.find("grunt") is not None
    assert panel.model.row_data("grunt").in_initiative

    _select(panel, "brute")
    place = panel.model.row_of("brute")
    qtbot.mouseClick(panel.move_up_button, Qt.MouseButton.LeftButton)
    assert panel.model.row_of("brute") == place - 1
    assert panel.selected_creature_id() == "brute"  # the selection follows the moved row

    qtbot.mouseClick(panel.end_combat_button, Qt.MouseButton.LeftButton)
    assert not session.encounter.combat.active
    assert not panel.end_combat_button.isEnabled()
    assert panel.heading.text().startswith("No combat")


def test_refusal_is_shown(session: GameSession, panel: InitiativePanel) -> None:
    _roll(session)
    _select(panel, "hero")
    panel.resume_button.setEnabled(True)  # force it: the session still refuses
    panel.resume_button.click()
    assert panel.message.text() == "that creature is not delaying"


def test_selection_is_announced_and_settable(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    with qtbot.wait_signal(panel.creature_selected) as blocker:
        _select(panel, "orc")
    assert blocker.args == ["orc"]
    with qtbot.assert_not_emitted(panel.creature_selected):
        panel.select_creature("brute")
    assert panel.selected_creature_id() == "brute"
    panel.select_creature(None)
    assert panel.selected_creature_id() is None


def test_reset_resets_the_model(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    _start(session)
    with qtbot.wait_signal(panel.model.modelReset):
        session.open_encounter(Encounter(GridBounds(5, 5), creatures=(orc("solo", 1, 1),)))
    assert panel.model.creature_ids() == ["solo"]
    assert not panel.model.index(0, 0).parent().isValid()
    assert panel.model.rowCount(QModelIndex()) == 1


def test_readied_action_taken_on_the_trigger(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    _start(session)
    assert session.run(
        initiative.ready_action, "hero", ActionKind.STANDARD, "an orc comes close"
    ).ok
    assert panel.model.row_data("hero").status == "readied (an orc comes close)"
    _select(panel, "hero")
    assert not panel.trigger_button.isEnabled()
    assert panel.trigger_button.toolTip() == "A readied action interrupts someone else's turn."
    assert session.end_turn().ok
    assert panel.trigger_button.isEnabled()
    qtbot.mouseClick(panel.trigger_button, Qt.MouseButton.LeftButton)
    combatant = session.encounter.combat.combatant("hero")
    assert combatant.readied is None
    assert combatant.out_of_turn is ActionKind.STANDARD
    assert panel.model.row_data("hero").status == "acts now (standard)"
    assert panel.model.creature_ids()[:2] == ["hero", "orc"]
    session.undo()
    assert panel.model.row_data("hero").status.startswith("readied")


def test_saving_throws_typed_in(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    _start(session)
    assert session.run(gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.SAVE_ENDS).ok
    assert session.run(gm_edits.add_persistent_damage, "hero", 5, ["fire"]).ok
    asked: list[str] = []

    def die(_parent: object, label: str) -> int | None:
        asked.append(label)
        return 14 if "dazed" in label else None  # the app rolls the other one

    panel.ask_die = die
    panel.typed_dice_check.setChecked(True)
    qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
    assert asked == [
        "Hero's saving throw against dazed:",
        "Hero's saving throw against 5 persistent damage:",
    ]
    saves = [e for e in session.encounter.combat.log if e.kind == "saving_throw"]
    assert [e.data["typed_in"] for e in saves] == [True, False]
    assert saves[0].data["success"]
    assert Condition.DAZED not in session.rules.conditions(session.encounter, "hero")


def test_a_death_save_typed_in(session: GameSession, panel: InitiativePanel, qtbot: QtBot) -> None:
    _start(session)
    asked: list[str] = []

    def die(_parent: object, label: str) -> int | None:
        asked.append(label)
        return 3

    panel.ask_die = die
    panel.typed_dice_check.setChecked(True)
    while session.encounter.combat.current != "hero":
        assert session.end_turn().ok
    assert session.run(gm_edits.apply_damage, "hero", 48).ok  # -4: dying, not dead
    while True:  # round the table until the hero's turn comes again
        qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
        if session.encounter.combat.current == "hero":
            break
    assert asked == ["Hero's death saving throw:"]
    saves = [e for e in session.encounter.combat.log if e.kind == "death_save"]
    assert len(saves) == 1
    assert saves[0].actor == "hero"
    hero = session.encounter.creature("hero").state
    assert hero is not None
    assert hero.death_save_failures == 1  # the 3 typed in fails


def test_offered_opportunity_attack_shows(session: GameSession, panel: InitiativePanel) -> None:
    _start(session)
    assert session.end_turn().ok
    assert session.move_creature("orc", Square(6, 2), MoveMode.WALK).opportunity_attackers == (
        "hero",
    )
    assert panel.model.row_data("hero").status == "OA offered"
    assert session.run(interrupts.decline_opportunity_attack, "hero").ok
    assert panel.model.row_data("hero").status == "acted"


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_ctrl_return_ends_the_turn(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    _start(session)
    panel.show()
    panel.activateWindow()
    qtbot.wait_exposed(panel)
    qtbot.wait_until(panel.isActiveWindow)
    qtbot.keyClick(panel.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    # a button's shortcut animates the click: it lands a moment later
    qtbot.wait_until(lambda: session.encounter.combat.current == "orc")
    panel.close()


def test_initiative_dice_typed_in(
    session: GameSession, panel: InitiativePanel, qtbot: QtBot
) -> None:
    asked: list[str] = []

    def die(_parent: object, label: str) -> int | None:
        asked.append(label)
        return {
            "Initiative d20 for Hero:": 17,
            "Initiative d20 for Orc (group):": 4,
            "Initiative d20 for Late:": 9,
        }.get(label)

    panel.ask_die = die
    panel.typed_dice_check.setChecked(True)
    panel.group_check.setChecked(True)
    assert session.run(
        initiative.roll_initiative, ["grunt"], totals={"grunt": 2}
    ).ok  # not asked again
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert asked == ["Initiative d20 for Hero:", "Initiative d20 for Orc (group):"]
    combat = session.encounter.combat
    assert combat.combatant("hero").initiative_roll == 17
    assert combat.combatant("orc").initiative_roll == combat.combatant("brute").initiative_roll
    assert combat.combatant("orc").initiative_roll == 4
    assert session.run(initiative.start_combat).ok
    assert session.run(editing.place_creature, orc("late", 6, 6)).ok
    _select(panel, "late")
    qtbot.mouseClick(panel.join_button, Qt.MouseButton.LeftButton)
    assert asked[-1] == "Initiative d20 for Late:"
    assert session.encounter.combat.combatant("late").initiative_roll == 9
