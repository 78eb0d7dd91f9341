"""Using a power from the window: panel → targets on the map → dice → session → view (issue 6).

Model drives view: real clicks in the actions panel and on the map view, the attack dialog
filled in as a GM does, then the document, the tokens, the log and undo are checked.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.tools.targeting_tool import TargetingTool
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.frozen import thaw
from orcus_desktop.ui.attack_dialog import AttackDialog, parse_dice
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import shown_demo_window

# The offscreen platform says so whenever a shown window lays out again (docks, dialogs).
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = shown_demo_window(qtbot)
    win.view.resetTransform()
    win.view.centerOn(10 * SQUARE_PX, 6 * SQUARE_PX)
    return win


def at(view: MapView, gx: float, gy: float) -> QPoint:
    return view.mapFromScene(QPointF(gx * SQUARE_PX, gy * SQUARE_PX))


def hp(window: MainWindow, creature_id: str) -> int:
    state = window.session.rules.state(window.encounter.creature(creature_id))
    assert state is not None
    return state.current_hp


def power_item(window: MainWindow, name: str) -> QTreeWidgetItem:
    tree = window.actions_panel.tree
    powers = tree.topLevelItem(0)
    assert powers is not None
    for i in range(powers.childCount()):
        child = powers.child(i)
        if child is not None and child.text(0) == name:
            return child
    raise AssertionError(f"no power {name} in {window.actions_panel.creature_id}'s list")


def activate(qtbot: QtBot, window: MainWindow, creature_id: str, power: str) -> TargetingTool:
    """Select the creature, then Enter on the power in the actions panel (as double-click)."""
    window.scene.select_creature(creature_id)
    tree = window.actions_panel.tree
    tree.setCurrentItem(power_item(window, power))
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    tool = window.view.tool
    assert isinstance(tool, TargetingTool), window.statusBar().currentMessage()
    return tool


def accept_dialog(qtbot: QtBot, window: MainWindow, dice: str) -> None:
    dialog = window.attack_dialog
    assert isinstance(dialog, AttackDialog)
    assert dialog.isVisible()
    qtbot.keyClicks(dialog.dice, dice)
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert window.attack_dialog is None
    assert not dialog.isVisible()


def stat(window: MainWindow, creature_id: str) -> dict[str, object]:
    block = thaw(window.encounter.creature(creature_id).statblock)
    assert isinstance(block, dict)
    return block


def test_parse_dice() -> None:
    assert parse_dice(" 14, 6 3 ") == (14, 6, 3)
    assert parse_dice("") == ()
    with pytest.raises(ValueError, match="not a die"):
        parse_dice("14 x")
    with pytest.raises(ValueError, match="not a die"):
        parse_dice("0")


def test_cleave_on_a_goblin_with_the_tables_dice_then_undo(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.session
    # Brakka steps up to Goblin Warrior 1 (10, 4).
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    before_hp = hp(window, "goblin-1")
    undo_depth = len(session.encounter.combat.log)
    tool = activate(qtbot, window, "brakka", "Cleave")
    # Only the adjacent goblin is within Brakka's reach (000 "Melee").
    assert window.scene.preview.current.candidate_ids == ("goblin-1",)
    assert tool.candidates() == ("goblin-1",)
    view = window.view
    qtbot.mouseMove(view.viewport(), at(view, 10.5, 4.5))
    hover = window.statusBar().currentMessage()
    assert hover.startswith("Goblin Warrior 1: needs")
    assert "on the d20" in hover
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    assert not isinstance(window.view.tool, TargetingTool)  # back to the select tool
    assert window.toolbar.tools["select"][0].isChecked()
    assert session.encounter.combat.log == session.encounter.combat.log[:undo_depth]
    # A 15 on the d20 hits AC 17 (+4 Strength, +3 proficiency); a 6 on the longsword's d10.
    accept_dialog(qtbot, window, "15 6")
    brakka = stat(window, "brakka")
    abilities = brakka["abilities"]
    assert isinstance(abilities, dict)
    strength_mod = (int(abilities["strength"]) - 10) // 2
    expected = before_hp - (6 + strength_mod)  # Cleave: 1[W] + Strength modifier
    assert hp(window, "goblin-1") == expected
    token = window.scene.token_item("goblin-1")
    assert token is not None
    assert token.look.hp == expected
    assert session.history.undo_text == "Brakka: Cleave on Goblin Warrior 1"
    assert "Undo Brakka: Cleave on Goblin Warrior 1" in window.undo_action.text()
    log = window.log_panel.view.model()
    lines = [log.index(r, 0).data() for r in range(log.rowCount())]
    assert any("Cleave" in line and "Goblin Warrior 1" in line for line in lines)
    cleave = next(line for line in lines if "uses Cleave" in line)
    # Cleave's second enemy is the GM's to pick: said so, not pinned on the goblin hit.
    assert "for the GM to apply: An enemy adjacent to you takes damage" in cleave
    assert "Goblin Warrior 1: An enemy adjacent" not in cleave
    assert "Cleave" in window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert hp(window, "goblin-1") == before_hp
    assert token.look.hp == before_hp


def test_escape_cancels_with_no_change(qtbot: QtBot, window: MainWindow) -> None:
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    before = session.encounter
    activate(qtbot, window, "brakka", "Cleave")
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not isinstance(window.view.tool, TargetingTool)
    assert window.scene.preview.current.candidate_ids == ()
    assert "cancelled" in window.statusBar().currentMessage()
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    assert window.attack_dialog is None
    assert session.encounter is before
    # Cancelling the dice dialog changes nothing either.
    activate(qtbot, window, "brakka", "Cleave")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    dialog = window.attack_dialog
    assert dialog is not None
    dialog.reject()  # type: ignore[unreachable]
    assert window.attack_dialog is None
    assert session.encounter is before


def test_a_refusal_shows_the_sessions_reason(qtbot: QtBot, window: MainWindow) -> None:
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    activate(qtbot, window, "brakka", "Spinning Sweep")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    accept_dialog(qtbot, window, "2")  # a miss still spends the encounter power
    used = window.start_targeting("brakka", power_name="Spinning Sweep")
    assert used is None
    reason = "Spinning Sweep is an encounter power already used"
    assert window.actions_panel.message.text() == reason
    assert window.statusBar().currentMessage() == f"Refused: {reason}"
    # Bad dice are refused in the dialog itself.
    activate(qtbot, window, "brakka", "Cleave")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    dialog = window.attack_dialog
    assert dialog is not None
    qtbot.keyClicks(dialog.dice, "fifteen")
    dialog.accept()
    assert dialog.isVisible()
    assert "not a die" in dialog.error.text()
    dialog.reject()


def test_an_area_power_placed_over_two_goblins_hits_each_once(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.session
    # Ilsabet's Slumber: Far burst 2 within 20 (Will); both goblin warriors stand in it.
    assert session.move_creature("goblin-2", Square(10, 6), MoveMode.GM).ok
    activate(qtbot, window, "ilsabet", "Slumber")
    view = window.view
    qtbot.mouseMove(view.viewport(), at(view, 10.5, 5.5))
    preview = window.scene.preview.current
    assert {"goblin-1", "goblin-2"} <= set(preview.affected_ids)
    assert Square(10, 5) in preview.squares
    assert len(preview.squares) == 25
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 5.5))
    dialog = window.attack_dialog
    assert dialog is not None
    targets = dialog.choice.target_ids
    assert {"goblin-1", "goblin-2"} <= set(targets)
    accept_dialog(qtbot, window, " ".join("18" for _ in targets))
    entry = session.encounter.combat.log[-1]
    assert entry.kind == "attack"
    attacked = [t["target"] for t in entry.data["targets"]]
    assert sorted(attacked) == sorted(set(attacked))  # each creature attacked once
    assert {"goblin-1", "goblin-2"} <= set(attacked)
    slowed = [
        window.session.rules.conditions(session.encounter, g) for g in ("goblin-1", "goblin-2")
    ]
    assert all(any(c.value == "slowed" for c in cs) for cs in slowed)
    token = window.scene.token_item("goblin-1")
    assert token is not None
    assert token.look.badges, "the condition badge shows on the token"
    labels = " ".join(b.label for b in token.look.badges).lower()
    assert "slowed" in labels, labels
    assert session.history.undo_text == "Ilsabet: Slumber on Goblin Warrior 1, Goblin Warrior 2"


def test_the_attack_dialog_takes_the_tables_dice_straight_from_the_keyboard(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Click the target, type the dice, press Enter: nothing else to click or focus."""
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    before = hp(window, "goblin-1")
    activate(qtbot, window, "brakka", "Cleave")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    dialog = window.attack_dialog
    assert isinstance(dialog, AttackDialog)
    qtbot.add_widget(dialog)  # closed by the leak guard should the test fail
    # The dialog comes up with the cursor in the dice field.
    qtbot.wait_until(lambda: QApplication.focusWidget() is dialog.dice, timeout=2000)
    typed_into = QApplication.focusWidget()
    assert typed_into is not None
    cover = dialog.cover_boxes["goblin-1"].currentIndex()
    qtbot.keyClicks(typed_into, "15 6")
    qtbot.keyClick(typed_into, Qt.Key.Key_Return)
    assert window.attack_dialog is None
    assert dialog.cover_boxes["goblin-1"].currentIndex() == cover
    assert hp(window, "goblin-1") < before  # a 15 hits AC 17 at +7


def test_an_opportunity_attack_offered_after_a_walk_out_is_taken(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    ids = [c.id for c in session.encounter.creatures]
    assert session.run(
        initiative.roll_initiative, totals={c: 30 - i for i, c in enumerate(ids)}
    ).ok
    assert session.run(initiative.start_combat).ok
    assert session.encounter.combat.current == "brakka"
    panel = window.actions_panel
    assert not panel.offers_box.isVisibleTo(panel)
    walk = session.move_creature("brakka", Square(7, 4), MoveMode.WALK)
    assert walk.opportunity_attackers == ("goblin-1",)
    assert panel.offers_box.isVisibleTo(panel)
    dice, take, _let_pass = panel.offer_rows["goblin-1"]
    before = hp(window, "brakka")
    # Short Sword (the goblin's basic attack): +6 vs AC 17 hits on a 16; 1d6 + 3 with a 5.
    qtbot.keyClicks(dice, "16 5")
    qtbot.mouseClick(take, Qt.MouseButton.LeftButton)
    assert hp(window, "brakka") == before - 8
    assert session.history.undo_text == "Goblin Warrior 1: opportunity attack"
    assert not panel.offers_box.isVisibleTo(panel)
    session.undo()
    assert panel.offers_box.isVisibleTo(panel)
    _dice, _take, let_pass = panel.offer_rows["goblin-1"]
    qtbot.mouseClick(let_pass, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.log[-1].kind == "opportunity_declined"
    assert hp(window, "brakka") == before


def test_closing_with_unsaved_changes_asks(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def answer(button: QMessageBox.StandardButton) -> Callable[..., QMessageBox.StandardButton]:
        def question(
            _parent: object, _title: str, text: str, *_args: object
        ) -> QMessageBox.StandardButton:
            asked.append(text)
            return button

        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    assert window.session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    window.quit_action.trigger()
    assert len(asked) == 1
    assert "unsaved changes" in asked[0]
    assert window.isVisible()
    before = window.encounter
    assert window.open_file(demo_encounter_path()) is False  # Cancel keeps it too
    assert window.encounter is before
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Discard))
    window.quit_action.trigger()
    assert not window.isVisible()


def test_closing_with_nothing_unsaved_does_not_ask(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    def question(*_args: object) -> object:
        raise AssertionError("asked with nothing unsaved")

    monkeypatch.setattr(QMessageBox, "question", question)
    window.quit_action.trigger()
    assert not window.isVisible()


def test_keyboard_shortcuts_are_listed(qtbot: QtBot, window: MainWindow) -> None:
    rows = dict(window.shortcut_rows())
    assert rows["B"] == "Combat: Basic Attack"
    assert rows["O"] == "Combat: Take Opportunity Attack"
    assert "Ctrl+Return" in rows
    window.shortcuts_action.trigger()
    dialog = window.shortcuts_dialog
    assert dialog is not None
    assert dialog.isVisible()
    dialog.close()


def test_basic_attack_shortcut_targets_with_the_goblins_own_basic_attack(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.scene.select_creature("goblin-1")
    window.basic_attack_action.trigger()
    tool = window.view.tool
    assert isinstance(tool, TargetingTool)
    assert tool.request.power_name == "Short Sword"
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)


def test_the_gm_overrides_cover_and_grants_combat_advantage(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    activate(qtbot, window, "brakka", "Cleave")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    dialog = window.attack_dialog
    assert dialog is not None
    summary = dialog.summaries["goblin-1"]
    assert summary.text().startswith("Goblin Warrior 1: needs 10 on the d20 (+7 vs AC 17)")
    box = dialog.cover_boxes["goblin-1"]
    assert box.itemText(0) == "as measured (none)"
    box.setCurrentIndex(box.findData("half"))
    # 000 "Cover": half cover is -2 to the attack roll.
    assert summary.text().startswith("Goblin Warrior 1: needs 12 on the d20 (+5 vs AC 17)")
    assert "half cover" in summary.text()
    dialog.advantage.setChecked(True)
    assert "combat advantage" in summary.text()
    accept_dialog(qtbot, window, "11 3")
    target = session.encounter.combat.log[-1].data["targets"][0]
    assert target["cover"] == "half"
    assert "GM ruling" in target["combat_advantage"]
    # 11 + 5 + 2 (combat advantage) = 18 against AC 17: a hit.
    assert target["hit"] is True


def test_tide_of_iron_then_the_gm_clicks_where_the_push_ends(
    qtbot: QtBot, window: MainWindow
) -> None:
    from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool

    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    activate(qtbot, window, "brakka", "Tide of Iron")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    accept_dialog(qtbot, window, "15 6")
    tool = window.view.tool
    assert isinstance(tool, ForcedMoveTool)
    assert Square(11, 4) in tool.destinations
    assert "click where it ends" in window.statusBar().currentMessage()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 11.5, 4.5))
    assert session.encounter.creature("goblin-1").square == Square(11, 4)
    assert session.history.undo_text == "Push Goblin Warrior 1"
    assert not isinstance(window.view.tool, ForcedMoveTool)
    assert window.toolbar.tools["select"][0].isChecked()
    token = window.scene.token_item("goblin-1")
    assert token is not None
    assert token.pos() == QPointF(11 * SQUARE_PX, 4 * SQUARE_PX)


def test_undo_keeps_the_push_to_place_in_step_with_the_document(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The owed push is in the document: undoing the push offers it again on the map, and
    undoing the attack takes it away (000 "Unwilling Movement")."""
    from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool

    session = window.session

    def placing() -> bool:
        return isinstance(window.view.tool, ForcedMoveTool)

    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    activate(qtbot, window, "brakka", "Tide of Iron")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    accept_dialog(qtbot, window, "15 6")
    assert placing()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 11.5, 4.5))
    assert session.encounter.creature("goblin-1").square == Square(11, 4)
    assert not placing()
    window.undo_action.trigger()  # the push: the goblin is back and still owes it
    assert session.encounter.creature("goblin-1").square == Square(10, 4)
    qtbot.wait_until(placing, timeout=2000)
    window.undo_action.trigger()  # the attack: nothing is owed any more
    qtbot.wait_until(lambda: not placing(), timeout=2000)
    assert window.toolbar.tools["select"][0].isChecked()
    assert session.encounter.combat.owed_forced_moves == ()
