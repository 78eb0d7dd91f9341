"""`Encounter.name_of`: the one way every panel, tool and log line names a creature."""

from __future__ import annotations

from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.vocabulary import CreatureId


def test_name_of_a_creature_or_its_id_once_gone() -> None:
    goblin = Creature(CreatureId("gob-1"), "Goblin Cutter", "monsters", square=Square(0, 0))
    encounter = Encounter(GridBounds(4, 4), creatures=(goblin,))
    assert encounter.name_of("gob-1") == "Goblin Cutter"
    assert encounter.name_of("gob-2") == "gob-2"  # removed from the map: the log keeps its id
    assert encounter.name_of(None) == ""
