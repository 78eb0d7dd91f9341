"""The actions panel: what a creature can do now, from the session; buttons drive the session."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest
from psygnal import Signal
from PySide6.QtCore import QObject, Qt
from PySide6.QtCore import Signal as QtSignal
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import resource_path
from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import ARROW, KNOCKDOWN, creature, fighter, make_session, orc
from tests.controller.test_combat_scenarios import HOLD


def _bundled(cid: str, file: str, side: str, col: int, row: int) -> Creature:
    """A creature with a stat block from resources/creatures."""
    raw = json.loads(resource_path("creatures", f"{file}.json").read_text(encoding="utf-8"))
    return creature(cid, side, col, row, statblock=freeze(raw))


class Selection:
    """A stand-in for the map's selection: a psygnal signal and a getter."""

    changed = Signal()

    def __init__(self) -> None:
        self.creature_id: str | None = None

    def get(self) -> str | None:
        return self.creature_id

    def select(self, creature_id: str | None) -> None:
        self.creature_id = creature_id
        self.changed.emit()


class QtSelection(QObject):
    """The same with a Qt signal, as `QGraphicsScene.selectionChanged` is."""

    changed = QtSignal()


@pytest.fixture
def session() -> GameSession:
    """The bundled fighter (initiative 20) next to the bundled orc berserker (10)."""
    return make_session(
        Encounter(
            GridBounds(12, 12),
            creatures=(
                _bundled("hero", "fighter", "heroes", 2, 2),
                _bundled("orc", "orc_berserker", "monsters", 3, 2),
            ),
        )
    )


@pytest.fixture
def selection() -> Selection:
    return Selection()


@pytest.fixture
def panel(session: GameSession, selection: Selection, qtbot: QtBot) -> ActionsPanel:
    widget = ActionsPanel(session, selection.get, selection.changed)
    qtbot.add_widget(widget)
    return widget


def _start(session: GameSession) -> None:
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok


def _items(panel: ActionsPanel, group: int) -> dict[str, QTreeWidgetItem]:
    top = panel.tree.topLevelItem(group)
    assert top is not None
    return {top.child(i).text(0): top.child(i) for i in range(top.childCount())}  # type: ignore[union-attr, misc]


def test_nothing_to_show(panel: ActionsPanel) -> None:
    assert panel.creature_id is None
    assert panel.title.text() == "Select a creature to see what it can do."
    assert not any(b.isEnabled() for b in panel.buttons.values())
    assert panel.tree.topLevelItemCount() == 0


def test_follows_the_turn_then_the_selection(
    session: GameSession, panel: ActionsPanel, selection: Selection
) -> None:
    _start(session)
    assert panel.creature_id == "hero"
    assert panel.title.text() == "Hero: its turn"
    assert panel.budget.text() == (
        "Standard 1 · Move 1 · Swift 1 · Immediate ready · Action points 1"
    )
    assert panel.numbers.text().startswith("AC 17 · Fortitude 14 · Reflex 11 · Will 11 · Speed 5")
    assert "HP 29/29" in panel.numbers.text()
    assert "AC: 17 (stat block)" in panel.numbers.toolTip()
    assert panel.buttons["total_defense"].isEnabled()
    assert "end_turn" not in panel.buttons  # the Initiative panel's End turn is the one
    selection.select("orc")
    assert panel.title.text() == "Orc: not its turn"
    assert panel.budget.text() == "Not its turn · Immediate ready · Action points 0"
    assert not panel.buttons["total_defense"].isEnabled()
    assert panel.buttons["total_defense"].toolTip() == "it is not Orc's turn"
    selection.select(None)
    assert panel.creature_id == "hero"


def test_actions_and_powers_with_reasons(session: GameSession, panel: ActionsPanel) -> None:
    _start(session)
    actions = _items(panel, 1)
    assert actions["Stand up"].isDisabled()
    assert actions["Stand up"].text(2) == "Hero is not prone"
    assert actions["Stand up"].toolTip(0) == "Hero is not prone"
    assert not actions["Walk"].isDisabled()
    powers = _items(panel, 0)
    assert set(powers) >= {"Cleave", "Spinning Sweep", "Brute Strike", "Basic Melee Attack"}
    assert powers["Spinning Sweep"].text(1) == "standard, encounter"
    assert powers["Brute Strike"].text(1) == "standard, daily"
    assert powers["Cleave"].text(1) == "standard"  # at-will says its type only

    result = session.use_power("hero", "Spinning Sweep", ["orc"], dice=[15, 4, 4])
    assert result.ok, result.reason
    powers = _items(panel, 0)
    assert powers["Spinning Sweep"].text(1) == "standard, encounter, used"
    assert powers["Spinning Sweep"].isDisabled()
    assert "already used" in powers["Spinning Sweep"].text(2)
    # the standard action is spent: every standard-action power says so
    assert powers["Cleave"].isDisabled()
    assert powers["Cleave"].text(2) == "Hero has no standard action left"
    assert panel.budget.text().startswith("Standard 0 · Move 1 · Swift 1")
    session.undo()
    powers = _items(panel, 0)
    assert powers["Spinning Sweep"].text(1) == "standard, encounter"
    assert not powers["Cleave"].isDisabled()


def test_total_defense_button(session: GameSession, panel: ActionsPanel, qtbot: QtBot) -> None:
    _start(session)
    steps = len(session.history)
    qtbot.mouseClick(panel.buttons["total_defense"], Qt.MouseButton.LeftButton)
    assert len(session.history) == steps + 1
    assert session.encounter.combat.combatant("hero").budget.standard == 0
    assert panel.numbers.text().startswith("AC 19 · Fortitude 16")
    assert not panel.buttons["total_defense"].isEnabled()
    assert panel.buttons["total_defense"].toolTip() == "Hero has no standard action left"
    session.undo()
    assert panel.numbers.text().startswith("AC 17")
    assert panel.buttons["total_defense"].isEnabled()


def test_stand_up_and_drop_prone(session: GameSession, panel: ActionsPanel, qtbot: QtBot) -> None:
    _start(session)
    assert not panel.buttons["stand_up"].isEnabled()
    qtbot.mouseClick(panel.buttons["drop_prone"], Qt.MouseButton.LeftButton)
    assert Condition.PRONE in session.rules.conditions(session.encounter, "hero")
    assert panel.conditions.text().startswith("Conditions: Prone")
    assert panel.buttons["stand_up"].isEnabled()
    walk = _items(panel, 1)["Walk"]
    assert walk.isDisabled()
    assert walk.text(2) == "Hero is prone: crawl or stand up first"
    qtbot.mouseClick(panel.buttons["stand_up"], Qt.MouseButton.LeftButton)
    assert Condition.PRONE not in session.rules.conditions(session.encounter, "hero")
    assert session.encounter.combat.combatant("hero").budget.move == 0
    assert panel.conditions.text() == "No conditions."


def test_action_point_and_end_turn(
    session: GameSession, panel: ActionsPanel, qtbot: QtBot
) -> None:
    _start(session)
    qtbot.mouseClick(panel.buttons["spend_action_point"], Qt.MouseButton.LeftButton)
    assert session.encounter.combat.combatant("hero").budget.standard == 2
    assert "Action point spent" in panel.budget.text()
    assert not panel.buttons["spend_action_point"].isEnabled()
    assert "already spent" in panel.buttons["spend_action_point"].toolTip()
    assert session.end_turn().ok
    assert session.encounter.combat.current == "orc"
    assert panel.title.text() == "Orc: its turn"
    session.undo()
    assert panel.title.text() == "Hero: its turn"


def test_opportunity_attack_offered_then_taken(
    session: GameSession, panel: ActionsPanel, selection: Selection, qtbot: QtBot
) -> None:
    _start(session)
    assert session.end_turn().ok
    walk = session.move_creature("orc", Square(6, 2), MoveMode.WALK)
    assert walk.opportunity_attackers == ("hero",)
    selection.select("hero")
    assert "May take an opportunity attack now." in panel.conditions.text()
    assert panel.buttons["opportunity_attack"].isEnabled()
    assert panel.buttons["opportunity_attack"].toolTip() == ("A basic melee attack against Orc.")
    assert panel.buttons["decline_opportunity"].isEnabled()
    log_length = len(session.encounter.combat.log)
    qtbot.mouseClick(panel.buttons["opportunity_attack"], Qt.MouseButton.LeftButton)
    assert panel.message.text() == ""
    assert session.encounter.combat.log[log_length].kind == "attack"
    assert not panel.buttons["opportunity_attack"].isEnabled()
    assert panel.budget.text().startswith("Not its turn · Immediate used")
    session.undo()
    qtbot.mouseClick(panel.buttons["decline_opportunity"], Qt.MouseButton.LeftButton)
    assert session.encounter.combat.log[-1].kind == "opportunity_declined"
    assert not panel.buttons["decline_opportunity"].isEnabled()


def test_dazed_reasons(session: GameSession, panel: ActionsPanel) -> None:
    _start(session)
    assert session.run(gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.SAVE_ENDS).ok
    assert session.end_turn(save_dice={1: 2}).ok
    assert session.end_turn().ok  # the orc's turn
    assert panel.creature_id == "hero"
    assert panel.budget.text().startswith("Standard 1 · Move 0 · Swift 0")
    assert session.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero").ok
    walk = _items(panel, 1)["Walk"]
    assert walk.text(2) == "Hero is dazed: only a single action this turn, already taken"
    assert _items(panel, 1)["Opportunity attack"].isDisabled()
    assert panel.conditions.text().startswith("Conditions: Dazed (save ends)")


def test_qt_selection_signal_and_pinning(session: GameSession, qtbot: QtBot) -> None:
    chosen: list[str | None] = [None]
    source = QtSelection()
    widget = ActionsPanel(session, lambda: chosen[0], source.changed)
    qtbot.add_widget(widget)
    _start(session)
    assert widget.creature_id == "hero"
    chosen[0] = "orc"
    source.changed.emit()
    assert widget.creature_id == "orc"
    widget.show_creature("hero")
    assert widget.creature_id == "hero"
    source.changed.emit()  # a new selection unpins
    assert widget.creature_id == "orc"


def test_removed_creature_and_reset(session: GameSession, panel: ActionsPanel) -> None:
    _start(session)
    panel.show_creature("orc")
    assert session.run(editing.remove_creature, "orc").ok
    assert panel.creature_id == "hero"
    session.open_encounter(Encounter(GridBounds(4, 4)))
    assert panel.creature_id is None


def test_ready_asks_for_the_trigger(session: GameSession, panel: ActionsPanel) -> None:
    _start(session)
    asked: list[str] = []

    def answer(
        _parent: object, name: str, why_not: Mapping[ActionKind, str]
    ) -> tuple[ActionKind, str] | None:
        asked.append(name)
        # 000 "Ready": "You can ready a standard action, a move action, or a swift action".
        assert why_not == dict.fromkeys(
            (ActionKind.STANDARD, ActionKind.MOVE, ActionKind.SWIFT), ""
        )
        return None if len(asked) == 1 else (ActionKind.MOVE, "the orc moves")

    panel.ask_ready = answer
    panel.buttons["ready"].click()  # cancelled: nothing happens
    assert session.encounter.combat.combatant("hero").readied is None
    panel.buttons["ready"].click()
    readied = session.encounter.combat.combatant("hero").readied
    assert readied is not None
    assert (readied.kind, readied.trigger) == (ActionKind.MOVE, "the orc moves")
    assert asked == ["Hero", "Hero"]
    assert "Readied move action: the orc moves" in panel.conditions.text()
    assert not panel.buttons["ready"].isEnabled()  # the standard action is spent


def test_maintain_button(qtbot: QtBot) -> None:
    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2, powers=[KNOCKDOWN, ARROW, HOLD]), orc("orc", 8, 2)),
        )
    )
    panel = ActionsPanel(session)
    qtbot.add_widget(panel)
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10})
    session.run(initiative.start_combat)
    assert panel.maintain_buttons == {}
    assert session.use_power("hero", "Hold Monster", ["orc"], dice=[15]).ok
    button = panel.maintain_buttons["Hold Monster"]
    assert not button.isEnabled()  # used this turn: it counts as maintained
    assert button.toolTip() == "Hold Monster is already maintained this turn"
    session.end_turn()
    session.end_turn()  # the orc's turn ends; the hero's begins
    button = panel.maintain_buttons["Hold Monster"]
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.combatant("hero").budget == ActionBudget(1, 1, 0)
    assert not panel.maintain_buttons["Hold Monster"].isEnabled()
    session.undo()
    assert panel.maintain_buttons["Hold Monster"].isEnabled()


def _effect_items(panel: ActionsPanel) -> dict[str, QTreeWidgetItem]:
    top = panel.tree.topLevelItem(2)
    assert top is not None
    assert top.text(0) == "Effects"
    return {top.child(i).text(0): top.child(i) for i in range(top.childCount())}  # type: ignore[union-attr, misc]


def test_gm_damage_and_heal(session: GameSession, panel: ActionsPanel, qtbot: QtBot) -> None:
    _start(session)
    panel.gm_box.amount.setValue(10)
    qtbot.mouseClick(panel.buttons["damage"], Qt.MouseButton.LeftButton)
    assert "HP 19/29" in panel.numbers.text()
    panel.gm_box.amount.setValue(4)
    qtbot.mouseClick(panel.buttons["heal"], Qt.MouseButton.LeftButton)
    assert "HP 23/29" in panel.numbers.text()
    panel.gm_box.amount.setValue(7)
    qtbot.mouseClick(panel.buttons["set_hit_points"], Qt.MouseButton.LeftButton)
    assert "HP 7/29 staggered" in panel.numbers.text()
    panel.gm_box.amount.setValue(5)
    qtbot.mouseClick(panel.buttons["grant_temp_hp"], Qt.MouseButton.LeftButton)
    assert "HP 7/29 +5 temp staggered" in panel.numbers.text()
    for _ in range(4):
        session.undo()
    assert "HP 29/29" in panel.numbers.text()


def test_gm_conditions_saves_and_ending(
    session: GameSession, panel: ActionsPanel, qtbot: QtBot
) -> None:
    _start(session)
    assert panel.tree.topLevelItemCount() == 2  # no effects yet
    assert not panel.buttons["saving_throw"].isEnabled()
    assert panel.buttons["saving_throw"].toolTip() == "Select an effect in the list."
    panel.gm_box.condition.setCurrentIndex(panel.gm_box.condition.findData(Condition.DAZED.value))
    panel.gm_box.duration.setCurrentIndex(
        panel.gm_box.duration.findData(DurationKind.SAVE_ENDS.value)
    )
    qtbot.mouseClick(panel.buttons["add_condition"], Qt.MouseButton.LeftButton)
    assert Condition.DAZED in session.rules.conditions(session.encounter, "hero")
    panel.gm_box.condition.setCurrentIndex(panel.gm_box.condition.findData(Condition.SLOWED.value))
    panel.gm_box.duration.setCurrentIndex(
        panel.gm_box.duration.findData(DurationKind.END_OF_TARGET_NEXT_TURN.value)
    )
    qtbot.mouseClick(panel.buttons["add_condition"], Qt.MouseButton.LeftButton)
    effects = _effect_items(panel)
    assert set(effects) == {"Dazed (save ends)", "Slowed (end of its next turn)"}

    effects["Slowed (end of its next turn)"].setSelected(True)
    assert not panel.buttons["saving_throw"].isEnabled()
    assert panel.buttons["saving_throw"].toolTip() == (
        "Only a save-ends effect ends on a saving throw."
    )
    assert panel.buttons["remove_effect"].isEnabled()
    qtbot.mouseClick(panel.buttons["remove_effect"], Qt.MouseButton.LeftButton)
    assert set(_effect_items(panel)) == {"Dazed (save ends)"}

    _effect_items(panel)["Dazed (save ends)"].setSelected(True)
    assert panel.buttons["saving_throw"].isEnabled()
    log_length = len(session.encounter.combat.log)
    qtbot.mouseClick(panel.buttons["saving_throw"], Qt.MouseButton.LeftButton)
    assert session.encounter.combat.log[log_length].kind == "saving_throw"
    session.undo()
    session.undo()
    assert set(_effect_items(panel)) == {"Dazed (save ends)", "Slowed (end of its next turn)"}


def test_activating_an_allowed_power_or_action_is_announced(
    session: GameSession, panel: ActionsPanel, qtbot: QtBot
) -> None:
    _start(session)
    cleave = _items(panel, 0)["Cleave"]
    with qtbot.wait_signal(panel.power_activated) as blocker:
        panel.tree.itemActivated.emit(cleave, 0)
    assert blocker.args == ["hero", "Cleave"]
    with qtbot.wait_signal(panel.action_activated) as blocker:
        panel.tree.itemActivated.emit(_items(panel, 1)["Charge"], 0)
    assert blocker.args == ["hero", "charge"]
    with (
        qtbot.assert_not_emitted(panel.action_activated),
        qtbot.assert_not_emitted(panel.power_activated),
    ):
        panel.tree.itemActivated.emit(_items(panel, 1)["Stand up"], 0)  # not allowed


def test_combat_only_buttons_outside_combat(panel: ActionsPanel) -> None:
    panel.show_creature("hero")
    assert panel.title.text() == "Hero"
    assert panel.budget.text() == "Outside combat: actions cost nothing."
    for key in ("opportunity_attack", "ready"):
        assert not panel.buttons[key].isEnabled()
        assert panel.buttons[key].toolTip() == "No combat is running."
    assert panel.buttons["drop_prone"].isEnabled()


def test_the_offers_box_notes_the_attack_waiting_for_them(
    selection: Selection, qtbot: QtBot
) -> None:
    # 000 "Ranged and Far Attacks in Close Combat": the bolt provokes; the OA comes first
    # (000 "Immediate Actions"), and the panel says what waits for it.
    from PySide6.QtWidgets import QLabel

    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2), orc("orc", 2, 2), orc("far", 8, 2)),
        )
    )
    widget = ActionsPanel(session, selection.get, selection.changed)
    qtbot.add_widget(widget)
    assert session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10, "far": 5}).ok
    assert session.run(initiative.start_combat).ok
    assert session.use_power("hero", "Arcane Bolt", ["far"], dice=[15, 3]).ok
    note = widget.offers_box.findChild(QLabel, "held_attack_note")
    assert note is not None
    assert note.text() == "Hero's Arcane Bolt waits for the opportunity attacks"
    _dice, _take, let_pass = widget.offer_rows["orc"]
    let_pass.click()
    assert widget.message.text() == ""
    assert session.encounter.combat.pending is None
    assert session.encounter.combat.log[-1].kind == "attack"
    assert not widget.offers_box.isVisibleTo(widget)


def test_gm_set_hp_to_zero_drops_the_creature(
    session: GameSession, panel: ActionsPanel, qtbot: QtBot
) -> None:
    """R-217: Set HP 0 on the standing fighter drops it as damage would (000 "Falling
    Unconscious": unconscious, dying, prone), and on the orc kills it (000 "Monsters and
    Death"); undo stands each back up."""
    _start(session)  # the hero's turn: the panel shows the hero
    panel.gm_box.amount.setValue(0)
    qtbot.mouseClick(panel.buttons["set_hit_points"], Qt.MouseButton.LeftButton)
    assert "HP 0/29" in panel.numbers.text()
    shown = panel.conditions.text()
    assert shown.startswith("Conditions: "), shown
    assert all(word in shown for word in ("Dying", "Unconscious", "Prone")), shown
    panel.show_creature("orc")
    qtbot.mouseClick(panel.buttons["set_hit_points"], Qt.MouseButton.LeftButton)
    assert session.rules.is_dead(session.encounter, "orc")
    assert session.undo().ok
    assert session.undo().ok
    assert not session.rules.is_dead(session.encounter, "orc")
    state = session.encounter.creature("hero").state
    assert state is not None
    assert (state.current_hp, state.conditions) == (29, ())


def test_gm_box_add_is_disabled_on_a_dead_creature_with_the_reason(
    session: GameSession, panel: ActionsPanel, qtbot: QtBot
) -> None:
    """R-249: the dead take no condition; the Add button says why and what brings it back;
    undoing the kill enables it again."""
    _start(session)
    panel.show_creature("orc")
    assert panel.buttons["add_condition"].isEnabled()
    panel.gm_box.amount.setValue(200)
    qtbot.mouseClick(panel.buttons["damage"], Qt.MouseButton.LeftButton)
    assert session.rules.is_dead(session.encounter, "orc")
    assert not panel.buttons["add_condition"].isEnabled()
    assert panel.buttons["add_condition"].toolTip() == (
        "Orc is dead: a condition would change nothing for it; "
        "Set HP above 0 to bring it back first"
    )
    assert session.undo().ok
    assert panel.buttons["add_condition"].isEnabled()
