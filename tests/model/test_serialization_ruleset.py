"""An encounter file names its ruleset by id and version, never by code (docs/rulesets.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)

BARE = {"format": "orcus-encounter", "version": 1, "grid": {"columns": 3, "rows": 3}}


def test_a_file_without_a_ruleset_is_an_orcus_file() -> None:
    assert encounter_from_dict(BARE).ruleset_id == "orcus"


@pytest.mark.parametrize("ruleset_id", ["orcus", "4e-quickref", "alloy-heroes"])
def test_the_ruleset_id_and_version_are_saved_and_read(tmp_path: Path, ruleset_id: str) -> None:
    encounter = Encounter(GridBounds(3, 3), ruleset_id=ruleset_id)
    data = encounter_to_dict(encounter)
    assert data["ruleset"] == {"id": ruleset_id, "version": 1}
    path = tmp_path / "fight.json"
    save_encounter(path, encounter)
    assert load_encounter(path).ruleset_id == ruleset_id


def test_an_unknown_ruleset_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    path.write_text(json.dumps({**BARE, "ruleset": {"id": "pathfinder", "version": 1}}))
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("fight.json: ruleset: unknown ruleset 'pathfinder'")
    assert "alloy-heroes" in message  # says which ones exist


@pytest.mark.parametrize(
    ("ruleset", "error"),
    [
        ({"id": "orcus", "version": 99}, "newer"),
        ({"id": 7}, "ruleset.id: expected text"),
        ("orcus", "ruleset: expected an object"),
        ({"id": "orcus", "version": "1"}, "ruleset.version"),
    ],
)
def test_a_bad_ruleset_entry_is_refused(ruleset: object, error: str) -> None:
    with pytest.raises(EncounterFileError, match=error):
        encounter_from_dict({**BARE, "ruleset": ruleset})
