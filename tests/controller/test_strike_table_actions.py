"""001's Influence, Magic, Search, Study and Utilize, and "Who goes first?", from the GM's side.

Seed 001 "Influence" (l.312-322, 001-35), "Magic" (l.326), "Search" (l.334), "Study" (l.338),
"Utilize" (l.342); "Who goes first?" (l.348-358, 001-36). Picks in docs/rulings.md R-100, R-101.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import table_actions, who_goes_first
from orcus_desktop.controller.variants.strike.table_actions import (
    Attitude,
    TableAction,
    TableCheck,
)
from orcus_desktop.controller.variants.strike.who_goes_first import FirstBy
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.combat import CombatPhase
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.abilities import AbilityScores
from tests.controller.conftest import fighter, make_session, orc, orc_block

SAGE_INT = {"strength": 10, "constitution": 10, "dexterity": 10, "intelligence": 18}


def _session(ruleset_id: str = "strike") -> GameSession:
    return make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(
                fighter("hero", 1, 1),
                orc("orc", 6, 1),
                orc("sage", 6, 4, abilities=SAGE_INT),
            ),
            ruleset_id=ruleset_id,
        )
    )


def _notes(s: GameSession, mechanic: str) -> list[str]:
    return [
        str(e.data["note"])
        for e in s.encounter.combat.log
        if e.kind == "rule_note" and e.data.get("mechanic") == mechanic
    ]


def test_001_35_influence_dc_is_15_or_the_monsters_intelligence() -> None:
    s = _session()
    # l.322 "a default DC equal to 15 or the monster's Intelligence score, whichever is higher".
    assert AbilityScores(**orc_block()["abilities"]).intelligence == 10
    assert s.ask(table_actions.influence_dc, "orc") == 15
    assert s.ask(table_actions.influence_dc, "sage") == 18


def test_001_35_a_failed_influence_locks_the_urging_for_24_hours(tmp_path: Path) -> None:
    s = _session()
    urge = TableCheck(TableAction.INFLUENCE, "open the gate", total=17, target_id="sage")
    assert s.run(table_actions.take_table_action, "hero", urge).ok
    assert _notes(s, "001-35") == [
        "Influence Sage (001 l.314): open the gate; check 17 vs DC 18: failure",
        "Hero cannot urge Sage this way again for 24 hours (001 l.322): open the gate",
    ]
    # One undo step takes back both notes.
    assert s.undo().ok
    assert _notes(s, "001-35") == []
    # The same total beats the orc's DC 15; a willing monster needs no check (l.316).
    assert s.run(table_actions.take_table_action, "hero", replace(urge, target_id="orc")).ok
    willing = TableCheck(
        TableAction.INFLUENCE, "share its ale", target_id="sage", attitude=Attitude.WILLING
    )
    assert s.run(table_actions.take_table_action, "hero", willing).ok
    assert _notes(s, "001-35")[-2:] == [
        "Influence Orc (001 l.314): open the gate; check 17 vs DC 15: success",
        "Influence Sage (001 l.314): share its ale; Sage is willing: no check, it does as urged "
        "(001 l.316)",
    ]
    # A hesitant monster needs the check's total: refused with the reason.
    refused = s.run(
        table_actions.take_table_action,
        "hero",
        TableCheck(TableAction.INFLUENCE, "leave", target_id="orc"),
    )
    assert not refused.ok
    assert "needs an ability check" in refused.reason
    path = tmp_path / "influence.json"
    save_encounter(path, s.encounter)
    assert len(load_encounter(path).combat.log) == len(s.encounter.combat.log)


def test_001_35_in_combat_each_is_the_creatures_one_action() -> None:
    s = _session()
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10, "sage": 5}).ok
    assert s.run(initiative.start_combat).ok
    search = TableCheck(TableAction.SEARCH, "the hidden door", total=12, dc=15)
    assert s.run(table_actions.take_table_action, "hero", search).ok
    assert _notes(s, "001-35") == [
        "Search (001 l.334): the hidden door; check 12 vs DC 15: failure"
    ]
    # 001-05: one action a turn; the GM's other creatures wait for their turns.
    magic = TableCheck(TableAction.MAGIC, "light the wand")
    refused = s.run(table_actions.take_table_action, "hero", magic)
    assert not refused.ok
    assert refused.reason == "Hero has no action left to magic"
    assert "only on its own turn" in s.run(table_actions.take_table_action, "orc", magic).reason
    assert s.undo().ok
    assert s.run(table_actions.take_table_action, "hero", magic).ok
    assert _notes(s, "001-35") == ["Magic (001 l.326): light the wand; no check"]
    # A check needs its DC.
    study = TableCheck(TableAction.STUDY, "the runes", total=14)
    assert "Set the DC" in s.run(table_actions.take_table_action, "hero", study).reason


def test_001_35_other_rulesets_have_no_such_actions() -> None:
    s = _session("orcus")
    refused = s.run(
        table_actions.take_table_action, "hero", TableCheck(TableAction.UTILIZE, "pull the lever")
    )
    assert not refused.ok
    assert "has no Utilize action" in refused.reason


def test_001_36_the_gm_says_who_goes_first_and_marks_the_surprised(tmp_path: Path) -> None:
    s = _session()
    # Before initiative there is no order to head.
    assert (
        "Roll initiative first"
        in s.run(who_goes_first.who_goes_first, "sage", FirstBy.SURPRISE).reason
    )
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10, "sage": 5}).ok
    # l.350 "The creature that has surprise on its enemies"; l.352 the unaware cannot act.
    assert not s.run(who_goes_first.who_goes_first, "sage", FirstBy.DECLARED, ["hero"]).ok
    assert s.run(who_goes_first.who_goes_first, "sage", FirstBy.SURPRISE, ["hero"]).ok
    combat = s.encounter.combat
    assert combat.order[0] == "sage"
    assert combat.combatant("hero").surprised
    assert _notes(s, "001-36") == [
        "goes first: it has surprise on its enemies (001 l.350); unaware of it, surprised: "
        "Hero (001 l.352: cannot act against it; no actions in the surprise round, "
        "docs/rulings.md R-05)"
    ]
    path = tmp_path / "first.json"
    save_encounter(path, s.encounter)
    reopened = load_encounter(path)
    assert reopened.combat.order[0] == "sage"
    assert reopened.combat.combatant("hero").surprised
    # One undo step: the order and the marks come back.
    assert s.undo().ok
    assert s.encounter.combat.order[0] == "hero"
    assert not s.encounter.combat.combatant("hero").surprised
    # The declarer first (l.354-356); the surprise round is then 000's (R-05).
    assert s.run(who_goes_first.who_goes_first, "orc", FirstBy.DECLARED).ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "orc"
    assert s.encounter.combat.phase is CombatPhase.ROUNDS
    assert (
        "before combat starts"
        in s.run(who_goes_first.who_goes_first, "hero", FirstBy.ROLL_OFF).reason
    )
