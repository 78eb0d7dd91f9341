"""A stat block's `hands` in a file is a whole number from 0 to 99, as the editor allows.

001-34, seed 001 "Ready" (l.330): "You can only have a number of ready items equal to your
number of hands" (docs/rulings.md R-98). The creature editor's Hands field holds 0 to 99; a
hand-edited file with more is refused, naming the creature's entry and the field, as other bad
values are.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.fields import EncounterFileError
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.statblock import MOST_HANDS
from tests.controller.conftest import fighter, orc


def _saved_with_hands(tmp_path: Path, hands: int) -> Path:
    """A saved encounter whose second creature's stat block, edited by hand, has `hands`."""
    encounter = Encounter(GridBounds(8, 8), creatures=(fighter("hero", 1, 1), orc("orc", 4, 4)))
    path = tmp_path / "hands.orcus"
    save_encounter(path, encounter)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["creatures"][1]["statblock"]["hands"] = hands
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_more_hands_than_the_editor_allows_is_refused_with_its_field(tmp_path: Path) -> None:
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(_saved_with_hands(tmp_path, MOST_HANDS + 1))
    assert str(caught.value) == (
        "hands.orcus: creatures[1].statblock: cannot be read: "
        "statblock.hands: expected at most 99, got 100"
    )


def test_the_editors_top_value_reads(tmp_path: Path) -> None:
    loaded = load_encounter(_saved_with_hands(tmp_path, MOST_HANDS))
    assert loaded.creature("orc").statblock["hands"] == 99
