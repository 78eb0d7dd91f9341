"""Every combat-log entry is written through its typed record (issue 10: "log_records: typed
records with symmetric to/from dict in one place").

`LogRecord.logged_in` / `logged_on` are the one writer; a hand-built kind string and details
mapping elsewhere would let the stored layout drift from the record that reads it back.
"""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path
from typing import Any

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.log.records import Attack, Move, RuleNote, record_of
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.combat import Combat
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import thaw
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import fighter, make_session, orc

PACKAGE = Path(__file__).parent.parent.parent / "orcus_desktop"

# Entries still built by hand, each with why its record cannot write it unchanged: none.
HAND_BUILT: Counter[str] = Counter()


def _logged_calls() -> Counter[str]:
    calls: Counter[str] = Counter()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "logged"
            ):
                calls[path.relative_to(PACKAGE).as_posix()] += 1
    return calls


def test_entries_are_written_only_through_their_records() -> None:
    calls = _logged_calls()
    assert calls.pop("controller/log/records/base.py") == 1  # `LogRecord.logged_in`
    assert calls == HAND_BUILT


def test_the_writer_keeps_kind_actor_targets_and_the_records_layout() -> None:
    record = Move("shift", ((1, 1), (2, 1)), 1, (CreatureId("orc"),))
    entry = record.logged_in(Combat(), "hero", ["orc"]).log[-1]
    assert (entry.kind, entry.actor, entry.targets) == ("move", "hero", ("orc",))
    assert record_of(entry) == record


def test_no_actor_and_no_targets_stay_empty() -> None:
    entry = RuleNote("003-45", "stops, prone").logged_in(Combat()).log[-1]
    assert (entry.actor, entry.targets) == (None, ())
    assert record_of(entry) == RuleNote("003-45", "stops, prone")


def test_an_attack_in_darkness_keeps_the_cause_of_its_concealment() -> None:
    # docs/rulings.md R-61: light gives the concealment and the attack names its cause; the
    # entry written through `Attack` keeps the cause where the attack stored it.
    target: dict[str, Any] = {
        "target": "orc",
        "distance": 1,
        "cover": "none",
        "concealment": "concealed",
        "flanking": False,
        "long_range": False,
        "concealment_cause": "darkness",
    }
    stored = {
        "power": "Basic Melee Attack",
        "origin": "melee",
        "weapon": None,
        "targets": [target],
    }
    record = Attack.from_dict(stored)
    assert record.targets[0].concealment_cause == "darkness"
    written = record.to_dict()["targets"][0]
    assert list(written)[:7] == list(target)


def test_an_attacks_details_are_its_stored_entry_key_for_key() -> None:
    # The result the UI reads (`details["attack"]`) and the log entry share the one layout of
    # `Attack`: a ranged attack in darkness carries the concealment's cause (docs/rulings.md
    # R-61) and whom it provoked (000 "Ranged and Far Attacks in Close Combat") in both.
    session = make_session(
        Encounter(GridBounds(16, 10), creatures=(fighter("hero", 2, 2), orc("orc", 6, 2)))
    )
    assert session.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    result = session.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 3, 3])
    assert result.ok, result.reason
    entry = session.encounter.combat.log[-1]
    details, stored = result.details["attack"], thaw(entry.data)
    assert entry.kind == "attack"
    assert json.dumps(details) == json.dumps(stored)  # the same keys in the same order
    assert details["targets"][0]["concealment_cause"] == "darkness"
    assert details["provoked"] == []
    assert record_of(entry) == Attack.from_dict(details)


def test_a_move_that_could_not_provoke_stores_no_provoked_key() -> None:
    # 003-46: a forced walk provokes no opportunity attack; its entry has always been stored
    # without "provoked", and the record reads it back as the move it wrote.
    walk = Move("walk", ((1, 1), (2, 1)), 0, None)
    entry = walk.logged_in(Combat(), "orc").log[-1]
    assert "provoked" not in entry.data
    assert record_of(entry) == walk
    step = Move("walk", ((1, 1),), 0)
    assert step.to_dict()["provoked"] == []  # a walk that could provoke says whom: no one
    assert record_of(step.logged_in(Combat()).log[-1]) == step


def test_both_initiative_layouts_are_written_through_the_record_key_for_key() -> None:
    # 000 "Initiative": a total the GM types in is stored with its modifier only; a roll (the
    # app's, or the d20 typed in) with the roll, the total, the group and whether it was typed
    # in. Files have always stored the two in these key orders; the record keeps both.
    session = make_session(
        Encounter(GridBounds(10, 10), creatures=(fighter("hero", 2, 2), orc("orc", 6, 2)))
    )
    assert session.run(initiative.roll_initiative, ["hero"], totals={"hero": 17}).ok
    assert session.run(initiative.roll_initiative, ["orc"], dice={"orc": 12}).ok
    typed, rolled = [e for e in session.encounter.combat.log if e.kind == "initiative"]
    assert list(typed.data) == ["entered_total", "modifier"]
    assert typed.data["entered_total"] == 17
    assert list(rolled.data) == ["roll", "modifier", "total", "group", "typed_in"]
    assert rolled.data["typed_in"] is True
    for entry in (typed, rolled):
        assert json.dumps(record_of(entry).to_dict()) == json.dumps(thaw(entry.data))
