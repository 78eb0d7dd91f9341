"""A library creature the editor accepts is one the saved encounter reopens with (issue 29).

Before: a creature named with 199+ characters was placed and saved, then refused on reopen ("id
longer than 200"); level 10^30 or speed 10^9 were accepted, placed and saved, then the file
would not open. The limits are one table (`model/file_format/limits.py`, R-136).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.files.creature_library import (
    LibraryFileError,
    UserLibrary,
    entry_for,
)
from orcus_desktop.controller.tools.library_drop import creature_from_entry
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.limits import MAX_LEVEL, MAX_NAME_CHARS, MAX_SPEED
from orcus_desktop.model.serialization import load_encounter, save_encounter
from tests.controller.conftest import make_session, orc_block


def _placed_saved_reopened(tmp_path: Path, statblock: dict[str, object]) -> Encounter:
    """The GM saves the creature to the library, drops it on the map, rolls, saves, reopens."""
    library = UserLibrary(tmp_path / "library")
    library.save(statblock)
    entry = entry_for(library.creatures[0], UserLibrary.SOURCE)
    session = make_session(Encounter(GridBounds(12, 12), name="Limits"))
    for xy in ((2.5, 2.5), (6.5, 6.5)):
        creature = creature_from_entry(session.encounter, entry, xy)
        assert session.run(editing.place_creature, creature).ok
    assert session.run(initiative.roll_initiative).ok
    assert session.run(initiative.start_combat).ok
    path = tmp_path / "fight.json"
    save_encounter(path, session.encounter)
    reopened = load_encounter(path)
    assert reopened == session.encounter
    return reopened


@pytest.mark.parametrize("length", [199, MAX_NAME_CHARS])
def test_a_long_named_creature_saves_and_reopens(tmp_path: Path, length: int) -> None:
    name = "G" * (length - 3) + " ox"
    reopened = _placed_saved_reopened(tmp_path, orc_block(name))
    assert all(len(c.id) <= MAX_NAME_CHARS for c in reopened.creatures)
    assert reopened.creatures[0].name == name


def test_the_largest_level_and_speed_the_editor_takes_save_and_reopen(tmp_path: Path) -> None:
    block = orc_block("Titan", level=MAX_LEVEL, speeds={"walk": MAX_SPEED, "fly": MAX_SPEED})
    reopened = _placed_saved_reopened(tmp_path, block)
    assert reopened.creatures[0].statblock["level"] == MAX_LEVEL


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        (
            {"name": "N" * (MAX_NAME_CHARS + 1)},
            "creature.name: 201 characters; a name has at most",
        ),
        ({"level": 10**30}, f"creature.level: expected at most {MAX_LEVEL}"),
        ({"speeds": {"walk": 10**9}}, f"creature.speeds.walk: expected at most {MAX_SPEED}"),
        ({"max_hp": 10**12}, "creature.max_hp: expected at most 10000"),
        ({"abilities": {"strength": 10**9}}, "expected at most 10000"),
        ({"senses": {"darkvision": 10**9}}, f"expected at most {MAX_SPEED}"),
    ],
)
def test_the_library_refuses_what_a_file_could_not_hold(
    tmp_path: Path, changes: dict[str, object], said: str
) -> None:
    library = UserLibrary(tmp_path / "library")
    with pytest.raises(LibraryFileError) as refused:
        library.save({**orc_block("Orc"), **changes})
    assert said in str(refused.value)
    assert len(str(refused.value)) < 200
    assert library.creatures == []
