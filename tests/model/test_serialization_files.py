"""Encounter files on disk: map images stay found wherever a file is opened from or saved to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import EncounterFileError, load_encounter, save_encounter


def _write(path: Path, image_path: str) -> None:
    path.write_text(
        json.dumps(
            {
                "format": "orcus-encounter",
                "version": 1,
                "grid": {"columns": 4, "rows": 4},
                "map_image": {"path": image_path, "pixels_per_square": 50},
            }
        ),
        encoding="utf-8",
    )


def test_relative_map_image_is_found_beside_the_file(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    image = tmp_path / "maps" / "cave.png"
    image.write_bytes(b"png")
    _write(tmp_path / "fight.json", "maps/cave.png")
    encounter = load_encounter(tmp_path / "fight.json")
    assert encounter.map_image is not None
    assert Path(encounter.map_image.path) == image.resolve()


def test_save_as_into_another_folder_keeps_the_image(tmp_path: Path) -> None:
    # A GM saves the encounter somewhere else: reopening it there must still show the map.
    (tmp_path / "a" / "maps").mkdir(parents=True)
    (tmp_path / "b").mkdir()
    image = tmp_path / "a" / "maps" / "cave.png"
    image.write_bytes(b"png")
    _write(tmp_path / "a" / "fight.json", "maps/cave.png")
    save_encounter(tmp_path / "b" / "copy.json", load_encounter(tmp_path / "a" / "fight.json"))
    on_disk = json.loads((tmp_path / "b" / "copy.json").read_text("utf-8"))
    assert on_disk["map_image"]["path"] == "../a/maps/cave.png"
    reopened = load_encounter(tmp_path / "b" / "copy.json")
    assert reopened.map_image is not None
    assert Path(reopened.map_image.path) == image.resolve()


def test_bundled_demo_has_its_map_image() -> None:
    encounter = load_encounter(demo_encounter_path())
    assert encounter.map_image is not None
    assert Path(encounter.map_image.path).is_file()


def test_opening_a_folder_says_it_is_a_folder(tmp_path: Path) -> None:
    # The GM picked a folder in the Open dialog (or dropped one): the message says so plainly,
    # as it says "no such file" for a missing one.
    with pytest.raises(EncounterFileError) as refused:
        load_encounter(tmp_path)
    assert str(refused.value) == f"{tmp_path}: is a folder, not an encounter file"
