"""The log's one wording: every event the controller writes has a sentence (issue 5 log).

The log panel and any text export print the same `log_text` lines (issue 10: one formatter).
"""

from __future__ import annotations

from typing import Any

import pytest

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.records import RECORD_TYPES, LogRecordError, RollRecord
from orcus_desktop.controller.log.text import (
    describe,
    entry_text,
    fallback_text,
    names_of,
    worded_types,
)
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId, MoveMode
from tests.controller.conftest import fighter, make_session, orc
from tests.controller.log_fights import every_fight


def test_a_played_encounter_reads_as_sentences() -> None:
    session = make_session(
        Encounter(
            GridBounds(10, 10),
            creatures=(fighter("hero", 1, 1), orc("orc", 2, 1), orc("brute", 8, 8)),
        )
    )
    session.run(initiative.roll_initiative, dice={"hero": 12, "orc": 9}, totals={"brute": 3})
    session.run(initiative.set_surprised, "brute")
    session.run(initiative.start_combat)
    session.use_power("hero", "Knockdown Strike", ["orc"], dice=[18, 7, 5])
    session.end_turn(save_dice={})
    session.end_turn(save_dice={1: 12})  # the orc saves against dazed
    session.move_creature("hero", Square(1, 3), MoveMode.WALK)
    session.run(gm_edits.add_condition, "brute", Condition.SLOWED)
    session.run(initiative.ready_action, "hero", ActionKind.STANDARD, "the brute comes")
    session.end_turn()
    session.delay()
    session.run(gm_edits.apply_damage, "brute", 4)
    session.run(gm_edits.heal, "brute", 2)
    session.run(initiative.end_combat)
    names = names_of(session.encounter)
    lines = [describe(e, names) for e in session.encounter.combat.log]
    kinds = {e.kind for e in session.encounter.combat.log}
    assert {RECORD_TYPES[k] for k in kinds} <= worded_types()
    attack = next(line for line in lines if line.startswith("Hero uses Knockdown Strike"))
    # the d20 and every modifier, then the damage dice, as rules/format prints them
    assert (
        "Orc: 18 (d20) +3 Strength +0 half level +3 Longsword proficiency = 24 vs AC 15 -> hit"
        in attack
    )
    assert "damage on a hit: 2d10 (7, 5) + 3 [Strength modifier] = 15" in attack
    assert "Orc takes 15 damage from Knockdown Strike: HP 30 -> 15; staggered" in attack
    assert "Orc saves against Dazed (save ends): 12 (d20) = 12 vs 10: succeeds (typed in)" in lines
    assert "— Round 1 —" in lines
    assert "Brute loses its turn (surprised)" in lines
    assert lines[-1] == "Combat ends (round 1)"


def test_every_registered_kind_has_its_own_wording() -> None:
    assert worded_types() == set(RECORD_TYPES.values())


def test_no_entry_of_the_scripted_fights_falls_back_to_the_generic_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def generic(entry: LogEntry, _name: Any) -> str:
        raise AssertionError(f"no wording for {entry.kind}: {dict(entry.data)}")

    monkeypatch.setattr("orcus_desktop.controller.log.text.fallback_text", generic)
    for session in every_fight():
        names = names_of(session.encounter)
        assert all(describe(e, names) for e in session.encounter.combat.log)


def test_unknown_or_malformed_records_get_the_generic_line() -> None:
    names = {"a": "Alice", "b": "Bob"}
    odd = LogEntry(1, 2, "something_new", CreatureId("a"), (CreatureId("b"),))
    assert describe(odd, names) == "Alice something new (Bob)"
    broken: dict[str, Any] = {"roll": "not a roll"}
    entry = LogEntry(2, 2, "delay_resume", CreatureId("a"), (), broken)
    assert describe(entry, names) == "Alice delay resume"
    assert fallback_text(entry, lambda cid: names.get(cid or "", "")) == "Alice delay resume"
    # a help without its two targets cannot be worded either: the generic line, no exception
    short = LogEntry(3, 2, "help_attack", CreatureId("a"), (CreatureId("b"),), {"bonus": 2})
    assert entry_text(short, lambda cid: names.get(cid or "", "")) == "Alice help attack (Bob)"


def test_roll_rebuilt_from_a_record() -> None:
    record = {
        "expression": "2d6+3",
        "total": 10,
        "rolled_total": 10,
        "dice": [[6, 4, True], [6, 3, True]],
        "terms": [[7, "2d6"], [3, "Strength modifier"]],
    }
    roll = RollRecord.from_dict(record).to_dice_roll()
    assert [d.value for d in roll.terms[0].dice] == [4, 3]
    with pytest.raises(LogRecordError):
        RollRecord.from_dict({"dice": "x"})
