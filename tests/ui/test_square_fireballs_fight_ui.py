"""Square Fireballs (003) from File > New to the end of combat, as a GM plays it (issue 15).

One fight in the real window, through the GM's menus, buttons, panels and map clicks, each
step asserted on what the GM sees (tracker cells, the log panel's lines, token badges) and
what the players see (their initiative strip, their map): everyone opens in Total Defense
(003-08/09), a surprised orc loses its first turn (003-10), ties alternate PCs and monsters
(003-12), two goblins share one turn as a monster group (003-07), the escalation die climbs
from round 3 (003-13), the mage's implement basic attack (003-49), an interrupt's push takes
its distance off a walk (003-18), a push along 003's Lines ends in a collision the GM
confirms (003-43/44), Stunned is downgraded to Dazed by a save (003-21), a hidden goblin is
left off the players' screen (003-47), a kill and the end of combat; then undo/redo and
save/reopen keep the 003 state. Seed lines as in docs/rulesets.md "003".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import attacks, forced_placement, interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.routes import Route
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.panels.initiative_model import Column
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.ruleset_actions import NewEncounterDialog
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, orc
from tests.controller.test_square_fireballs_basic_attacks import IMPLEMENT_POWER, SCHOLAR
from tests.controller.test_square_fireballs_interrupts import SHOVING_AXE
from tests.ui.test_player_view import open_player_view
from tests.ui.test_square_fireballs_groups_ui import goblin
from tests.ui.test_targeting import accept_dialog, activate, at, hp

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

# The caster of the 003-49 session tests: Int 18 (+4) and an Implement power.
MISSILE, MAGE = IMPLEMENT_POWER, SCHOLAR
INITIATIVE = {"Mage": 18, "Hero": 15, "Orc": 15, "Goblin (group)": 10, "Lurker": 5}
"""The d20s the table rolls, as the tracker asks for them: the hero and the orc tie."""


@dataclass
class Fight:
    """The GM's window with a 003 fight begun, and the players' screen."""

    window: MainWindow
    players: PlayerWindow
    order: tuple[str, ...]

    def cell(self, cid: str, column: Column) -> str:
        """The initiative tracker's cell of `cid`'s row, as the GM reads it."""
        model = self.window.initiative_panel.model
        return str(model.index(model.row_of(cid), column).data())

    def log(self) -> list[str]:
        """The combat log panel's lines, oldest first."""
        return self.window.log_panel.model.lines()

    def logged(self, text: str) -> bool:
        """Whether a line of the combat log panel says `text`."""
        return any(text in line for line in self.log())

    def badges(self, cid: str) -> list[str]:
        """The condition badges painted on `cid`'s token on the GM's map ("STU": Stunned)."""
        item = self.window.scene.token_item(cid)
        assert item is not None
        return [b.label[:3].upper() for b in item.look.badges]

    def end_turn(self, *dice: int) -> None:
        """End turn on the tracker; the saves' d20s are typed in as rolled at the table."""
        panel = self.window.initiative_panel
        asked = iter(dice)
        panel.typed_dice_check.setChecked(bool(dice))
        panel.ask_die = lambda _parent, _label: next(asked)
        assert panel.end_turn_button.isEnabled(), panel.end_turn_button.toolTip()
        panel.end_turn_button.click()
        assert next(asked, None) is None, "a typed die was not asked for"

    def turn_of(self, cid: str) -> None:
        """End turns until it is `cid`'s (a surprised creature's lost turn passes by itself)."""
        for _ in range(12):
            if self.window.session.encounter.combat.current == cid:
                return
            self.end_turn()
        raise AssertionError(f"no turn of {cid}")


def _file_new(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """File > New, picking Square Fireballs in its ruleset box (003 offered, not experimental)."""

    def pick(dialog: NewEncounterDialog) -> int:
        box = dialog.ruleset_box
        box.setCurrentIndex(box.findData("square-fireballs"))
        assert "experimental" not in box.currentText().lower()
        assert "003" in dialog.about.text()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewEncounterDialog, "exec", pick)
    window.rulesets.new_action.trigger()
    assert window.session.ruleset.id == "square-fireballs"
    assert "Square Fireballs (003)" in window.windowTitle()


@pytest.fixture
def fight(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> Fight:
    window = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    _file_new(window, monkeypatch)
    session = window.session
    window.view.resetTransform()
    window.view.centerOn(8 * SQUARE_PX, 5 * SQUARE_PX)
    for creature in (
        fighter("hero", 1, 5, powers=[SHOVING_AXE]),
        fighter("mage", 1, 1, abilities=MAGE, powers=[MISSILE]),
        orc("orc", 4, 4, powers=[SHOVING_AXE]),
        goblin("goblin-1", 12, 2),
        goblin("goblin-2", 12, 8),
        orc("lurker", 14, 5),
    ):
        assert session.run(editing.place_creature, creature).ok
    panel = window.initiative_panel
    # Roll initiative with the table's d20s: the two goblins are one group, one d20 (003-07).
    panel.typed_dice_check.setChecked(True)
    asked: list[str] = []

    def die(_parent: QWidget, label: str) -> int:
        asked.append(label)
        return INITIATIVE[label.removeprefix("Initiative d20 for ").removesuffix(":")]

    panel.ask_die = die
    panel.roll_button.click()
    assert len(asked) == 5, asked  # the goblins' group is asked once
    # The orc lurking at the far end is surprised (003-10): the GM's Surprised button.
    panel.select_creature("lurker")
    panel.surprised_button.click()
    panel.start_button.click()
    assert session.encounter.combat.active
    players = open_player_view(window)
    QApplication.processEvents()
    return Fight(window, players, tuple(session.encounter.combat.order))


def _names(fight: Fight) -> list[str]:
    model = fight.window.initiative_panel.model
    names = (str(model.index(r, Column.NAME).data()) for r in range(model.rowCount()))
    return [n.removeprefix("▶ ") for n in names]  # ▶ marks the creature acting


def test_the_opening_as_the_gm_sees_it(fight: Fight) -> None:
    """003-07, 003-08/09, 003-10, 003-12 and 003-13 on the tracker, the log and both maps."""
    window = fight.window
    # 003-12 (ties alternate PCs and monsters): the mage, a PC, acts just above the tie, so
    # the orc wins it over the hero; 003-07: the goblins' group is one row.
    assert _names(fight) == [
        "Mage",
        "Orc",
        "Hero",
        "Goblin-1, Goblin-2",
        "Lurker",
    ], _names(fight)
    assert fight.cell("orc", Column.INITIATIVE) == fight.cell("hero", Column.INITIATIVE)
    tie = f"003-12: tied at {fight.cell('orc', Column.INITIATIVE)}, in this order: Orc, Hero"
    assert fight.logged(tie)
    # 003-08/09: everyone opens in Total Defense, on the tracker and on each token's badges.
    for cid in ("orc", "hero", "goblin-1", "goblin-2"):
        assert "Total defense" in fight.cell(cid, Column.CONDITIONS), cid
        assert "TOT" in fight.badges(cid), cid
    # 003-10: the surprised lurker does not (its lost turn is its defense), and says why.
    assert "Total defense" not in fight.cell("lurker", Column.CONDITIONS)
    assert fight.cell("lurker", Column.STATUS) == "surprised"
    model = window.initiative_panel.model
    tip = model.index(model.row_of("lurker"), Column.STATUS).data(Qt.ItemDataRole.ToolTipRole)
    assert "loses its first turn" in str(tip)
    # 003-13: the die is shown from the first round, 0 until round 3.
    assert "Round 1 · escalation die 0" in window.initiative_panel.heading.text()
    assert "Escalation die 0" in fight.players.strip.text()
    # The mage's own turn ends its Total Defense (003-09 "until your next turn"); the Actions
    # panel offers it again at 003's +4.
    assert "Total defense" not in fight.cell("mage", Column.CONDITIONS)
    window.scene.select_creature("mage")
    button = window.actions_panel.buttons["total_defense"]
    assert button.isEnabled()
    assert button.toolTip().startswith("+4 to all defenses"), button.toolTip()
    # The lurker's first turn passes by itself, and the log says so (003-10).
    fight.end_turn()
    fight.turn_of("mage")
    assert window.session.encounter.combat.round == 2
    assert fight.logged("003-10: no surprise round: the surprised lose their first turn")
    # 003 "Surprised": "they use Full Defense, end the turn, and are no longer considered
    # Surprised" - the tracker and the log say so in round 2, with 003's +4 (003-09).
    assert fight.logged("Lurker takes total defense: +4 to all defenses")
    assert "Total defense" in fight.cell("lurker", Column.CONDITIONS)
    assert fight.cell("lurker", Column.STATUS) != "surprised"


def _stunned_hero_saves(fight: Fight, qtbot: QtBot) -> None:
    """Round 1: the mage's implement attack, the hero stunned then dazed, a goblin hides."""
    window, session = fight.window, fight.window.session
    # 003-49: the mage's Ranged Basic Attack (Implement) from the Actions panel, at the orc.
    before = hp(window, "orc")
    activate(qtbot, window, "mage", "Ranged Basic Attack (Implement)")
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=at(window.view, 4.5, 4.5)
    )
    accept_dialog(qtbot, window, "19 3")
    assert before - hp(window, "orc") == 3 + 4  # 1d6 + Int (003-49, R-104)
    assert fight.cell("orc", Column.HIT_POINTS).startswith(f"{before - 7}/")
    assert fight.logged("Mage uses Ranged Basic Attack (Implement) (ranged)")
    # 003-08: the orc's opening Total Defense is in the attack line the GM reads.
    assert fight.logged("vs AC 15 (Orc AC) +4 total defense")
    fight.end_turn()
    # The orc's blow stuns the hero (the GM's condition); the tracker and token say so.
    assert session.run(
        gm_edits.add_condition, "hero", Condition.STUNNED, DurationKind.SAVE_ENDS
    ).ok
    assert "Stunned" in fight.cell("hero", Column.CONDITIONS)
    assert "STU" in fight.badges("hero")
    fight.turn_of("hero")
    # 003-21: a successful save downgrades Stunned to Dazed instead of ending it.
    fight.end_turn(14)
    assert fight.cell("hero", Column.CONDITIONS) == "Stunned downgraded to Dazed (save ends)"
    assert "DAZ" in fight.badges("hero")
    assert "STU" not in fight.badges("hero")
    # The save line names the downgrade once (not "downgraded to Dazed, downgraded from ...").
    (line,) = [line for line in fight.log() if "saves against Stunned" in line]
    assert line.endswith("; Stunned downgraded to Dazed (save ends)"), line
    assert line.count("downgraded") == 1


def test_round_one_attack_downgrade_and_a_hidden_goblin(fight: Fight, qtbot: QtBot) -> None:
    """003-49, 003-21, 003-07 and 003-47 as the GM plays round 1."""
    window, session = fight.window, fight.window.session
    _stunned_hero_saves(fight, qtbot)
    # 003-07: the goblins' one turn: their shared row is the current one.
    assert session.encounter.combat.current == "goblin-1"
    model = window.initiative_panel.model
    assert model.row_data("goblin-1").current
    # 003-47: goblin-2 hides: the GM still sees it, the players' map does not.
    assert session.run(
        gm_edits.add_condition, "goblin-2", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED
    ).ok
    QApplication.processEvents()
    assert "HID" in fight.badges("goblin-2")
    assert window.scene.token_item("goblin-2") is not None
    assert fight.players.scene.token_item("goblin-2") is None
    assert fight.players.scene.token_item("goblin-1") is not None
    assert "Goblin-2" not in fight.players.strip.text()


def test_round_two_collision_and_round_three_escalation(
    fight: Fight, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """003-43/44 (a push into a creature, the GM confirms), 003-18 and 003-13."""
    window, session = fight.window, fight.window.session
    _stunned_hero_saves(fight, qtbot)
    fight.turn_of("hero")  # round 2; the orc is put beside the hero, a goblin-sized rock behind
    assert session.encounter.combat.round == 2
    assert session.move_creature("orc", Square(2, 5), MoveMode.GM).ok
    assert session.run(editing.place_creature, orc("pebble", 3, 5)).ok
    asked: list[tuple[str, list[str]]] = []

    def get_item(
        _p: object, _t: str, label: str, items: list[str], *_: object
    ) -> tuple[str, bool]:
        asked.append((label, list(items)))
        return "It hit Pebble (003-43)", True

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    before = hp(window, "orc")
    activate(qtbot, window, "hero", "Shoving Axe")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 2.5, 5.5))
    accept_dialog(qtbot, window, "19 2")
    assert isinstance(view.tool, ForcedMoveTool)  # the push waits for the GM's click
    # 003-44: the push follows a Line away from the hero; the pebble blocks it at once.
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 2.5, 5.5))
    ((question, items),) = asked
    assert "Push Orc up to 1 square: it ends here after 0 squares" in question
    assert "It hit Pebble (003-43)" in items
    # 003-43 "Forced Movement Damage": 1d4 from a heroic source, on the tracker and the log.
    collision = before - 2 - hp(window, "orc")
    assert 1 <= collision <= 4, collision
    assert any("collision" in line.lower() for line in fight.log()[-4:]), fight.log()[-4:]
    # It did not move: the log says 0 of 1 square, not "pushed 1 square".
    assert fight.logged("Orc is pushed 0 of 1 square by Hero (stopped at once)"), fight.log()
    assert not fight.logged("Orc is pushed 1 square by Hero")
    fight.end_turn(2)  # the hero's save fails: still dazed
    assert "Dazed" in fight.cell("hero", Column.CONDITIONS)

    # Round 3: the escalation die is 1 on the tracker, the players' strip and the attacks.
    fight.turn_of("mage")
    assert session.encounter.combat.round == 3
    assert "Round 3 · escalation die 1" in window.initiative_panel.heading.text()
    QApplication.processEvents()
    assert "Escalation die 1" in fight.players.strip.text()
    previews, problem = session.ask(attacks.preview_attack, "mage", "Magic Missile", ["orc"])
    assert problem == ""
    assert any("escalation" in source for _, source in previews[0].attack_parts)


def _tracker(fight: Fight) -> list[tuple[str, ...]]:
    """Every row of the tracker, every column, as the GM reads it."""
    model = fight.window.initiative_panel.model
    return [tuple(str(model.index(r, c).data()) for c in Column) for r in range(model.rowCount())]


def test_an_interrupted_walk_a_kill_the_end_and_the_003_state_kept(
    fight: Fight, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """003-18 on the tracker and the log; then undo/redo and save/reopen keep the escalation
    die (003-13), the downgraded condition (003-21) and the tie order (003-12)."""
    window, session = fight.window, fight.window.session
    panel = window.initiative_panel
    _stunned_hero_saves(fight, qtbot)
    # Round 2: the dazed hero walks past the orc, whose opportunity attack pushes it (003-18).
    fight.turn_of("hero")
    # Dragged straight past the orc (a way round as short would provoke no one, issue 28).
    past = Route(via=(Square(3, 5),))
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=past).ok
    assert fight.cell("orc", Column.STATUS) == "OA offered"
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    ).ok
    assert fight.logged("3 squares of its walk left"), "\n".join(fight.log()[-6:])
    window.actions_panel.refresh()  # dazed: its one action went on the walk
    budget = window.actions_panel.budget.text()
    assert budget.startswith("Walk on 3 (003-18) · Standard 0 · Move 0")
    assert session.move_creature("hero", Square(5, 6), MoveMode.WALK).ok
    fight.end_turn(2)  # the save fails: still dazed
    fight.turn_of("mage")
    assert "Round 3 · escalation die 1" in panel.heading.text()
    seen = _tracker(fight)
    assert [row[0] for row in seen[1:3]] == ["Orc", "Hero"]  # the tie order (003-12)

    # Saved and reopened mid-fight: the GM sees the same tracker, die and log (003 state).
    middle = tmp_path / "round-3.json"
    assert window.save_to(middle)
    monkeypatch.setattr(
        "orcus_desktop.ui.file_actions.QMessageBox.question",
        lambda *_a, **_k: QMessageBox.StandardButton.Discard,
    )
    assert window.rulesets.new_encounter("orcus", 8, 8)
    assert "escalation" not in panel.heading.text()
    assert window.open_file(middle)
    assert session.ruleset.id == "square-fireballs"
    assert _tracker(fight) == seen
    assert "Round 3 · escalation die 1" in panel.heading.text()
    assert fight.cell("hero", Column.CONDITIONS) == "Stunned downgraded to Dazed (save ends)"

    # A kill: the orc falls to the GM's damage and its row greys; End combat on the tracker.
    assert session.run(gm_edits.apply_damage, "orc", 200).ok
    model = panel.model
    assert model.row_data("orc").inactive
    assert panel.end_combat_button.isEnabled()
    panel.end_combat_button.click()
    assert not session.encounter.combat.active
    assert "escalation" not in panel.heading.text()
    ended = session.encounter
    window.undo_action.trigger()  # one step back: the fight goes on, die and all
    assert "Round 3 · escalation die 1" in panel.heading.text()
    assert fight.cell("hero", Column.CONDITIONS) == "Stunned downgraded to Dazed (save ends)"
    window.undo_action.trigger()  # the kill
    assert _tracker(fight) == seen
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert session.encounter == ended
    final = tmp_path / "fireballs.json"
    assert window.save_to(final)
    assert load_encounter(final) == ended
