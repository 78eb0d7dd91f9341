"""Square Fireballs (003) from File > New to the end of combat, as a GM plays it (issue 15).

One fight in the real window: everyone opens in Total Defense (003-08/09), a surprised orc
loses its first turn (003-10), ties alternate PCs and monsters (003-12), two goblins share one
turn as a monster group (003-07), the escalation die climbs from round 3 (003-13) on the
tracker and the players' strip, a push along 003's Lines ends in a collision the GM confirms
(003-43/44), Stunned is downgraded to Dazed by a save (003-21), a hidden goblin is left off
the players' screen (003-47), an interrupt's push takes its distance off a walk (003-18), the
mage's implement basic attack (003-49), a kill and the end of combat; then undo/redo and
save/reopen keep the 003 state. Seed lines as in docs/rulesets.md "003".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.outcomes import MoveMode
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.ruleset_actions import NewEncounterDialog
from tests.controller.conftest import fighter, orc
from tests.controller.test_square_fireballs_interrupts import SHOVING_AXE
from tests.ui.test_player_view import open_player_view
from tests.ui.test_square_fireballs_groups_ui import goblin

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

MISSILE: dict[str, Any] = {
    "name": "Magic Missile",
    "origin": "ranged",
    "range": {"normal": 20},
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "2d4 + Intelligence modifier"},
    "keywords": ["arcane", "implement"],
}
MAGE = {"strength": 10, "dexterity": 12, "intelligence": 18, "wisdom": 14, "charisma": 8}


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(win)
    return win


def _notes(window: MainWindow, mechanic: str) -> list[str]:
    return [
        str(e.data["note"])
        for e in window.session.encounter.combat.log
        if e.kind == "rule_note" and e.data["mechanic"] == mechanic
    ]


def _has(window: MainWindow, cid: str, condition: Condition) -> bool:
    state = window.session.rules.state(window.session.encounter.creature(cid))
    return state is not None and state.has(condition, window.session.ruleset)


def _new_fight(window: MainWindow, qtbot: QtBot) -> None:
    dialog = NewEncounterDialog(window)
    qtbot.add_widget(dialog)
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("square-fireballs"))
    assert "003" in dialog.about.text()
    assert "experimental" not in dialog.ruleset_box.currentText().lower()
    assert window.rulesets.new_encounter("square-fireballs", 16, 10)
    session = window.session
    assert "Square Fireballs (003)" in window.windowTitle()
    for creature in (
        fighter("hero", 1, 5),
        fighter("mage", 1, 1, abilities=MAGE, powers=[MISSILE]),
        orc("orc", 4, 4, powers=[SHOVING_AXE]),
        goblin("goblin-1", 12, 2),
        goblin("goblin-2", 12, 8),
        orc("lurker", 14, 5),
    ):
        assert session.place_creature(creature).ok


def _turn_of(window: MainWindow, cid: str, *, save_dice: dict[int, int] | None = None) -> None:
    """End turns until it is `cid`'s (a surprised creature's lost turn passes by itself)."""
    session = window.session
    for _ in range(12):
        if session.encounter.combat.current == cid:
            return
        assert session.end_turn(save_dice=save_dice).ok
    raise AssertionError(f"no turn of {cid}")


def _effect_id(window: MainWindow, cid: str, condition: Condition) -> int:
    state = window.session.rules.state(window.session.encounter.creature(cid))
    assert state is not None
    return next(c.effect_id for c in state.conditions if c.condition is condition)


def test_a_square_fireballs_fight_from_file_new_to_the_end_of_combat(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _new_fight(window, qtbot)
    session = window.session
    panel = window.initiative_panel
    # 003-12: the hero and the orc tie at 15; the mage (a PC) acts right before, so the
    # monster wins the tie.
    assert session.roll_initiative(
        totals={"mage": 18, "hero": 15, "orc": 15, "goblin-1": 10, "goblin-2": 10, "lurker": 5}
    ).ok
    assert _notes(window, "003-12")
    assert session.set_surprised("lurker").ok
    assert session.start_combat().ok
    order = session.encounter.combat.order
    assert order.index("orc") < order.index("hero")
    # 003-07: the two goblins act as one group: one row on the tracker.
    assert panel.model.row_of("goblin-1") == panel.model.row_of("goblin-2")
    # 003-08/09: everybody opens in Total Defense until its turn; 003-10: not the surprised.
    assert all(_has(window, c, Condition.TOTAL_DEFENSE) for c in ("hero", "orc", "goblin-1"))
    assert not _has(window, "lurker", Condition.TOTAL_DEFENSE)
    players = open_player_view(window)
    QApplication.processEvents()
    assert "Escalation die 0" in players.strip.text()

    # Round 1. The mage's implement basic attack (003-49) at the orc, 3 squares off.
    assert session.encounter.combat.current == "mage"
    shot = session.use_power("mage", "Ranged Basic Attack (Implement)", ["orc"], dice=[19, 3])
    assert shot.ok, shot.reason
    assert shot.details["attack"]["targets"][0]["damage"][0]["rolled"] == 3 + 4  # d6 + Int
    _turn_of(window, "orc")
    # The orc's blow stuns the hero (the GM's box); the hero's save downgrades it (003-21).
    assert session.add_condition("hero", Condition.STUNNED, DurationKind.SAVE_ENDS).ok
    stun = _effect_id(window, "hero", Condition.STUNNED)
    _turn_of(window, "hero")
    assert session.end_turn(save_dice={stun: 14}).ok
    assert _has(window, "hero", Condition.DAZED)
    assert not _has(window, "hero", Condition.STUNNED)
    # The goblins' one turn; one of them hides: off the players' screen (003-47).
    assert session.encounter.combat.current in ("goblin-1", "goblin-2")
    assert session.add_condition("goblin-2", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED).ok
    QApplication.processEvents()
    assert players.scene.token_item("goblin-2") is None
    assert window.scene.token_item("goblin-2") is not None
    # The surprised lurker's first turn is lost (003-10).
    _turn_of(window, "mage")
    assert _notes(window, "003-10")
    assert session.encounter.combat.round == 2

    # Round 2: the dazed hero walks past the orc; the orc's interrupt pushes it (003-18).
    _turn_of(window, "hero")
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK).ok
    assert session.opportunity_attack("orc", "hero", dice=[19, 3]).ok
    assert session.force_move("hero", "push", 1, Square(3, 6), source_id="orc").ok
    assert session.encounter.combat.combatant("hero").walk_left == 3
    assert "3 squares of its walk left" in _notes(window, "003-18")[-1]
    assert session.move_creature("hero", Square(5, 6), MoveMode.WALK).ok
    # A push along 003's Lines into another goblin: the GM confirms the collision (003-43).
    assert session.move_creature("orc", Square(6, 6), MoveMode.GM).ok
    assert session.place_creature(orc("pebble", 8, 6)).ok
    pushed = session.force_move(
        "orc", "push", 2, Square(7, 6), source_id="hero", collided_with="pebble", dice=[3]
    )
    assert pushed.ok, pushed.reason
    assert any("collision" in str(e.data) for e in session.encounter.combat.log[-4:])
    assert session.end_turn(save_dice={stun: 2}).ok  # still dazed

    # Round 3: the escalation die is 1 on the tracker and on the players' strip (003-13).
    _turn_of(window, "mage")
    assert session.encounter.combat.round == 3
    assert "Round 3 · escalation die 1" in panel.heading.text()
    QApplication.processEvents()
    assert "Escalation die 1" in players.strip.text()
    # Saved and reopened mid-fight: the die, the downgrade and the tie order come back.
    middle = tmp_path / "round-3.json"
    assert window.save_to(middle)
    reopened = load_encounter(middle)
    assert reopened == session.encounter
    assert reopened.combat.order == order
    assert _has(window, "hero", Condition.DAZED)

    # A kill and the end of combat; undo and redo step over it.
    assert session.apply_damage("orc", 200).ok
    assert session.rules.is_dead(session.encounter, "orc")
    assert session.end_combat().ok
    ended = session.encounter
    assert not ended.combat.active
    assert session.undo().ok
    assert session.encounter.combat.active
    assert session.escalation_die() == 1
    assert session.redo().ok
    assert session.encounter == ended

    target = tmp_path / "fireballs.json"
    assert window.save_to(target)
    monkeypatch.setattr(
        "orcus_desktop.ui.file_actions.QMessageBox.question",
        lambda *_a, **_k: QMessageBox.StandardButton.Discard,
    )
    assert window.rulesets.new_encounter("orcus", 8, 8)
    assert window.open_file(target)
    assert session.ruleset.id == "square-fireballs"
    assert session.encounter == ended
