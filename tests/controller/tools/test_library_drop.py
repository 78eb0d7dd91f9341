"""Placing a creature from the library: fresh ids and the footprint before the drop."""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.tools.library_drop import (
    LibraryEntry,
    creature_from_entry,
    placement_preview,
)
from orcus_desktop.geometry.grid import Size, Square
from orcus_desktop.model.serialization import load_encounter, save_encounter
from tests.controller.tools.builders import make_session


def test_creature_from_entry_gets_a_fresh_id() -> None:
    session = make_session()
    entry = LibraryEntry("Goblin Cutter", "monsters", Size.SMALL, 6, {"level": 1})
    first = creature_from_entry(session.encounter, entry, (5.5, 5.5))
    assert first.id == "goblin-cutter-1"
    session.run(editing.place_creature, first)
    second = creature_from_entry(session.encounter, entry, (6.5, 5.5))
    assert second.id == "goblin-cutter-2"
    assert first.name == "Goblin Cutter"
    assert second.name == "Goblin Cutter 2"
    assert second.statblock["level"] == 1


def test_placement_preview_names_the_problem_before_the_drop() -> None:
    session = make_session()
    entry = LibraryEntry("Ogre", "monsters", Size.LARGE, 6)
    free = placement_preview(session.encounter, entry, (5.0, 8.0))
    assert free.path_ok
    assert free.squares == {Square(4, 7), Square(5, 7), Square(4, 8), Square(5, 8)}
    taken = placement_preview(session.encounter, entry, (2.0, 2.0))
    assert not taken.path_ok
    assert "occupied by" in taken.label
    off = placement_preview(session.encounter, entry, (0.2, 0.2))
    assert "off the grid" in off.label


def test_a_goblin_warrior_dropped_into_the_demo_is_number_3() -> None:
    encounter = load_encounter(demo_encounter_path())  # Goblin Warrior 1 and 2 stand there
    entry = LibraryEntry("Goblin Warrior", "monsters", Size.SMALL, 6)
    assert creature_from_entry(encounter, entry, (1.5, 1.5)).name == "Goblin Warrior 3"
    # Goblin Warrior 1 is gone: the gap is filled before counting on.
    without_first = encounter.without_creature("goblin-1")
    assert creature_from_entry(without_first, entry, (1.5, 1.5)).name == "Goblin Warrior 1"
    fresh = LibraryEntry("Orc Berserker", "monsters", Size.MEDIUM, 6)
    assert creature_from_entry(encounter, fresh, (1.5, 1.5)).name == "Orc Berserker"


def test_a_dropped_creatures_name_is_repaired_like_a_typed_one(tmp_path: Path) -> None:
    # A library file from elsewhere may name a creature with a lone surrogate and a control
    # character: the creature is placed, the GM is told, and the encounter still saves.
    session = make_session()
    entry = LibraryEntry("Gob\ud800lin\x07", "monsters", Size.SMALL, 6, {"level": 1})
    result = session.run(
        editing.place_creature, creature_from_entry(session.encounter, entry, (5.5, 5.5))
    )
    assert result.ok
    placed = session.encounter.creature(str(result.creature_id))
    assert placed.name == "Gob\N{REPLACEMENT CHARACTER}lin"
    assert "cannot be saved was replaced" in str(result.details["repaired"])
    assert "control characters were removed" in str(result.details["repaired"])
    save_encounter(tmp_path / "saved.orcus", session.encounter)
    assert placed.name in (tmp_path / "saved.orcus").read_text(encoding="utf-8")
