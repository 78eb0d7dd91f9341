"""The bundled creature library (issue 17): broad, valid, built from the project's own table.

Every bundled creature goes through the one validation the editor saves with
(`check_creature`, and `read_library_file` for a library file, as an imported file would); the
spread covers 000 "Tiers" ("Level 1-10: Adventurer tier, Level 11-20 Prestige tier, Level
21-30: Epic tier"), the ranks (standard, elite, solo), the tactical roles of docs/rulings.md
R-39, and a few heroes; the bestiary's monsters take R-39's numbers (`suggest`).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.files.creature_library import (
    LIBRARY_FORMAT,
    TACTICAL_ROLES,
    check_creature,
    facts_of,
    read_library_file,
    suggest,
)
from orcus_desktop.controller.tools.library_drop import LibraryEntry, creature_from_entry
from orcus_desktop.geometry.grid import GridBounds, Size
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.statblock_dicts import statblock_from_dict
from tests.conftest import REPO_ROOT
from tests.controller.conftest import make_session

FOLDER = REPO_ROOT / "resources" / "creatures"
BESTIARY = FOLDER / "bestiary.json"
TIERS = {"adventurer": range(1, 11), "prestige": range(11, 21), "epic": range(21, 31)}


def bundled() -> list[tuple[Path, dict[str, Any]]]:
    """Every bundled stat block with its file, validated as the editor and an import do."""
    out: list[tuple[Path, dict[str, Any]]] = []
    for path in sorted(FOLDER.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, Mapping) and data.get("format") == LIBRARY_FORMAT:
            out += [(path, c) for c in read_library_file(path)]
        else:
            check_creature(data, path.name)
            out.append((path, data))
    return out


def tier_of(level: int) -> str:
    return next(name for name, levels in TIERS.items() if level in levels)


def test_every_bundled_creature_passes_the_editors_validation() -> None:
    creatures = bundled()
    names = [c["name"] for _, c in creatures]
    assert len(names) == len(set(names))  # the palette tells them apart by name
    for _, statblock in creatures:
        assert check_creature(statblock, statblock["name"]).name == statblock["name"]


def test_the_library_spreads_over_tiers_ranks_and_roles() -> None:
    creatures = [c for _, c in bundled()]
    assert len(creatures) >= 40
    monsters = [facts_of(c) for c in creatures if c["role"] != "pc"]
    heroes = [c for c in creatures if c["role"] == "pc"]
    assert len(heroes) >= 6
    assert {tier_of(c["level"]) for c in heroes} == set(TIERS)
    for tier in TIERS:
        in_tier = [m for m in monsters if tier_of(m.level) == tier]
        assert {m.rank for m in in_tier} == {"monster", "elite", "solo"}, tier
        assert len({m.tactical_role for m in in_tier}) >= 5, tier
    assert Counter(m.tactical_role for m in monsters).keys() == set(TACTICAL_ROLES)
    # Every monster is tagged with exactly one tactical role (the library's role filter).
    for m in monsters:
        assert [k for k in m.keywords if k in TACTICAL_ROLES] == [m.tactical_role], m.name


def test_the_bestiarys_monsters_take_the_tables_numbers() -> None:
    """docs/rulings.md R-39: defenses, hit points and at-will attack bonus and damage."""
    for path, statblock in bundled():
        if path != BESTIARY or statblock["role"] == "pc":
            continue
        facts = facts_of(statblock)
        wanted = suggest(facts.level, facts.rank, facts.tactical_role)
        assert statblock["defenses"] == wanted.defenses(), facts.name
        assert statblock["max_hp"] == wanted.max_hp, facts.name
        basic = [p for p in statblock["powers"] if p.get("basic")]
        assert basic, facts.name
        for power in basic:
            attack = power["attack"]
            expected = wanted.attack_vs_ac if attack["defense"] == "ac" else wanted.attack_vs_other
            assert attack["bonus"] == expected, (facts.name, power["name"])
            assert power["hit"]["damage"] == wanted.damage, (facts.name, power["name"])


def test_the_bestiary_file_is_what_its_table_builds() -> None:
    # packaging/make_library.py is the one home of the numbers: the JSON is its output.
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "packaging" / "make_library.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("size", list(Size))
def test_every_bundled_creature_can_be_placed_on_a_map(size: Size) -> None:
    """Dropped from the library as the dock does (`creature_from_entry`), one per size."""
    session = make_session(Encounter(GridBounds(12, 12)))
    for _, statblock in bundled():
        block = statblock_from_dict(statblock)
        if block.size is not size:
            continue
        entry = LibraryEntry(block.name, block.side.value, block.size, block.speed, statblock)
        creature = creature_from_entry(session.encounter, entry, (6.0, 6.0))
        assert session.run(editing.place_creature, creature).ok, block.name
        placed = session.encounter.creature(creature.id)
        assert placed.size is size
        assert session.run(editing.remove_creature, creature.id).ok
