"""Strike!/Shoot!/Spell! (001) from File > New to the end of combat, as a GM plays it (issue 16).

One fight with melee engagement (001-22..25), a Shoot! into that melee (001-17, 001-21), a
Spell! (001-27) and a kill, ended, saved and reopened; nothing is tracked on paper. Seed lines
as in docs/rulesets.md "001".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import attacks, interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.ruleset_actions import NewEncounterDialog
from tests.controller.conftest import ARROW, fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

BOLT: dict[str, Any] = {**ARROW, "name": "Magic Missile", "keywords": ["arcane", "implement"]}


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(Encounter(GridBounds(8, 8)))
    qtbot.add_widget(win)
    return win


def _attack_parts(window: MainWindow, attacker: str, power: str, target: str) -> dict[str, int]:
    previews, problem = window.session.ask(attacks.preview_attack, attacker, power, [target])
    assert problem == ""
    return {source: value for value, source in previews[0].attack_parts}


def test_a_strike_fight_from_file_new_to_the_end_of_combat(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = NewEncounterDialog(window)
    qtbot.add_widget(dialog)
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("strike"))
    assert "001" in dialog.about.text()
    assert "experimental" not in dialog.ruleset_box.currentText().lower()
    columns, rows = 16, 8
    assert window.rulesets.new_encounter("strike", columns, rows)
    session = window.session
    assert "Strike! / Shoot! / Spell! (001)" in window.windowTitle()
    for creature in (
        fighter("hero", 4, 4),
        fighter("mage", 4, 1, powers=[ARROW, BOLT]),
        orc("orc", 5, 4),
        orc("brute", 12, 6),
    ):
        assert session.run(editing.place_creature, creature).ok
    assert session.run(
        initiative.roll_initiative, totals={"hero": 20, "mage": 16, "orc": 12, "brute": 5}
    ).ok
    assert session.run(initiative.start_combat).ok

    # The hero Strikes! the orc (001-22, 001-24): engaged with it, and the orc may Counter.
    assert session.run(attacks.basic_attack, "hero", "orc", dice=[15, 5]).ok
    assert session.ask(strike_questions.engaged_with, "hero") == "orc"
    assert session.run(
        interrupts.opportunity_attack, "orc", "hero", dice=[3]
    ).ok  # its Counter Strike!
    assert session.ask(strike_questions.engaged_with, "orc") == "hero"
    assert session.end_turn().ok

    # The mage shoots into that melee: 001-21 "Target Engaged With (Ally Creature) -1" and the
    # range band of 001-17, never 000's long range.
    parts = _attack_parts(window, "mage", "Arcane Bolt", "orc")
    assert parts["into melee: 1 ally (001)"] == -1
    assert not any("long range" in source for source in parts)
    assert session.use_power("mage", "Arcane Bolt", ["orc"], dice=[18, 6]).ok
    assert session.end_turn().ok
    assert session.end_turn().ok  # the orc
    assert session.end_turn().ok  # the brute

    # Round 2: a Spell! ignores range and cover of a seen target (001-27).
    assert session.end_turn().ok  # the hero waits
    spell = _attack_parts(window, "mage", "Magic Missile", "brute")
    assert not any("range" in source or "cover" in source for source in spell)
    assert session.use_power("mage", "Magic Missile", ["brute"], dice=[17, 6]).ok
    assert session.end_turn().ok
    # The orc falls to the GM's damage: the dead are engaged with no one (001-25).
    assert session.run(gm_edits.apply_damage, "orc", 200).ok
    assert session.ask(strike_questions.engaged_with, "hero") is None
    assert session.run(initiative.end_combat).ok
    ended = session.encounter
    assert not ended.combat.active
    assert session.undo().ok  # one step back: the fight goes on
    assert session.encounter.combat.active
    assert session.redo().ok
    assert session.encounter == ended

    target = tmp_path / "strike.json"
    assert window.save_to(target)
    assert load_encounter(target).ruleset_id == "strike"
    monkeypatch.setattr(
        "orcus_desktop.ui.file_actions.QMessageBox.question",
        lambda *_a, **_k: QMessageBox.StandardButton.Discard,
    )
    assert window.rulesets.new_encounter("orcus", 8, 8)
    assert window.open_file(target)
    assert session.ruleset.id == "strike"
    log = session.encounter.combat.log
    assert [e.data["mechanic"] for e in log if e.kind == "rule_note"].count("001-23") >= 1
    assert sum(e.kind == "attack" for e in log) == 4  # Strike!, Counter, Shoot!, Spell!
