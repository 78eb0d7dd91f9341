"""Bad files from the GM's side (issue 12): each opens into a sound encounter or is refused with
one line naming the field path and the problem; nothing is left out without saying so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.combat import Combat, Combatant, CombatPhase
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    read_encounter_file,
    save_encounter,
)
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import fighter, orc


def valid() -> dict[str, Any]:
    """A sound file: a hero and an orc in round 1, the orc's turn."""
    encounter = Encounter(
        grid=GridBounds(8, 6),
        creatures=(fighter("hero", 1, 1), orc("orc", 3, 1)),
        combat=Combat(
            CombatPhase.ROUNDS,
            1,
            (CreatureId("orc"), CreatureId("hero")),
            CreatureId("orc"),
            (Combatant(CreatureId("orc")), Combatant(CreatureId("hero"))),
        ),
    )
    return encounter_to_dict(encounter)


def refused(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("bad.json: ")
    return message.removeprefix("bad.json: ")


def test_a_sound_file_opens(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(valid()), encoding="utf-8")
    assert load_encounter(path).creature_ids() == ("hero", "orc")


def test_hit_points_above_the_maximum_are_refused_by_field(tmp_path: Path) -> None:
    data = valid()
    data["creatures"][1]["state"] = {"current_hp": 52}
    assert refused(tmp_path, data) == "creatures[1].state.current_hp: 52 is more than max 30"


def test_the_current_creature_must_be_in_the_order(tmp_path: Path) -> None:
    # Such a file used to load, and End turn was then refused forever.
    data = valid()
    data["combat"]["order"] = ["hero"]
    assert refused(tmp_path, data) == 'combat.current: "orc" is not in the initiative order'


def test_overlapping_creatures_are_refused(tmp_path: Path) -> None:
    data = valid()
    data["creatures"][1]["square"] = [1, 1]
    assert refused(tmp_path, data) == 'creatures[1].square: overlaps "hero" at (1, 1)'


def test_a_creature_on_blocking_terrain_is_refused(tmp_path: Path) -> None:
    data = valid()
    data["terrain"] = [{"kind": "blocking", "squares": [[3, 1]]}]
    assert refused(tmp_path, data) == "creatures[1].square: (3, 1) is blocking terrain"


def test_a_dead_creature_with_hit_points_is_refused(tmp_path: Path) -> None:
    data = valid()
    data["creatures"][0]["state"] = {"current_hp": 12, "dead": True}
    assert refused(tmp_path, data) == "creatures[0].state.current_hp: 12, but the creature is dead"


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1e999"])
def test_walls_need_finite_coordinates(tmp_path: Path, value: str) -> None:
    path = tmp_path / "bad.json"
    data = valid()
    data["walls"] = [{"kind": "wall", "points": [[0, 0], [1, 1]]}]
    path.write_text(json.dumps(data).replace("[1, 1]]", f"[{value}, 1]]"), encoding="utf-8")
    with pytest.raises(EncounterFileError, match="number"):
        load_encounter(path)


def test_far_walls_are_refused_without_allocating(tmp_path: Path) -> None:
    # 1e8 once made the wall index allocate 6.3 GB; 1e308 raised OverflowError.
    for far in (1e8, 2.0**31, 1e308):
        data = valid()
        data["walls"] = [{"kind": "wall", "points": [[0, 0], [far, 1]]}]
        assert "lies outside -100 to 1100, where walls may lie" in refused(tmp_path, data)


def test_unreadable_stat_blocks_are_listed_not_dropped(tmp_path: Path) -> None:
    data = valid()
    data["creatures"][1]["statblock"]["max_hp"] = "lots"
    data["combat"]["aids"] = [
        {"kind": "attack", "helper": "hero", "ally": "hero", "enemy": "orc", "round_given": 1}
    ]
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    # The strict loader (the CLI's) refuses, naming the creature's stat block.
    with pytest.raises(EncounterFileError, match=r"creatures\[1\]\.statblock: cannot be read"):
        load_encounter(path)
    # The GUI's reader lists it; the encounter it offers is sound without it.
    result = read_encounter_file(path)
    assert [(c.where, c.id) for c in result.unreadable] == [("creatures[1]", "orc")]
    assert "max_hp" in result.unreadable[0].problem
    assert result.encounter.creature_ids() == ("hero",)
    assert result.encounter.combat.order == ("hero",)
    assert result.encounter.combat.current is None
    assert result.encounter.combat.aids == ()


def test_every_undo_step_is_checked_in_tests() -> None:
    # tests/conftest.py turns the check on: a command leaving a broken encounter fails at once.
    data = valid()
    start = encounter_from_dict(data)
    history = History(Document(start))
    broken = start.with_creature(start.creature("orc").moved_to(start.creature("hero").square))
    with pytest.raises(EncounterFileError, match="overlaps"):
        history.push(ReplaceEncounter("Overlap", start, broken))


def test_saved_files_reopen_equal(tmp_path: Path) -> None:
    encounter = encounter_from_dict(valid())
    save_encounter(tmp_path / "e.json", encounter)
    assert load_encounter(tmp_path / "e.json") == encounter
