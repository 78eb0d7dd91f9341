"""A creature taken off the map leaves no dangling reference that would make the file unsaveable.

Issue 12: "a file either opens into a state that passes a document invariant check, or it is
refused"; "the GM's work is never unsaveable". A torch's bearer (issue 20, carried lights) and a
zone's creature (issue 13, zones) are references to creatures: removing the creature, or
opening a file whose creature has an unreadable stat block, must keep the encounter sound.
"""

from __future__ import annotations

import json
from pathlib import Path

from orcus_desktop.controller.editing import editing, lighting_edits
from orcus_desktop.controller.gm import zones
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.read_encounter import read_encounter
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.invariants import encounter_problems
from orcus_desktop.model.lighting import LightSource
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.model.zones import ZoneDuration
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import fighter, make_session, orc


def _session_with_torch_and_zone() -> GameSession:
    session = make_session(
        Encounter(GridBounds(12, 12), creatures=(fighter("hero", 2, 2), orc("orc", 8, 8)))
    )
    torch = LightSource(
        id=LightId("torch"),
        name="Torch",
        square=Square(2, 2),
        bright=4,
        dim=8,
        carried_by=CreatureId("orc"),
    )
    assert session.run(lighting_edits.add_light, torch).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    assert session.run(
        zones.place_zone, "Cloud", [Square(5, 5)], ZoneDuration.SUSTAINED, owner="orc"
    ).ok
    return session


def test_removing_a_torch_bearer_and_zone_owner_keeps_the_file_reopenable(
    tmp_path: Path,
) -> None:
    session = _session_with_torch_and_zone()
    assert session.run(editing.remove_creature, "orc").ok
    encounter = session.encounter
    assert list(encounter_problems(encounter)) == []
    (torch,) = encounter.lighting.sources
    # The torch falls where its bearer stood and stays lit there.
    assert torch.carried_by is None
    assert torch.square == Square(8, 8)
    assert torch.lit
    (zone,) = encounter.zones
    assert zone.owner is None
    assert zone.duration is ZoneDuration.UNTIL_REMOVED
    path = tmp_path / "after.json"
    save_encounter(path, encounter)
    assert load_encounter(path) == encounter
    assert session.undo().ok
    assert session.encounter.lighting.sources[0].carried_by == "orc"


def test_a_creature_left_out_on_open_takes_its_references_with_it() -> None:
    data = encounter_to_dict(_session_with_torch_and_zone().encounter)
    orc_entry = next(c for c in data["creatures"] if c["id"] == "orc")
    orc_entry["statblock"] = {"name": "Orc", "level": "not a number"}
    result = read_encounter(json.loads(json.dumps(data)))
    assert [u.id for u in result.unreadable] == ["orc"]
    assert list(encounter_problems(result.encounter)) == []
    again = read_encounter(json.loads(json.dumps(encounter_to_dict(result.encounter))))
    assert again.encounter == result.encounter
