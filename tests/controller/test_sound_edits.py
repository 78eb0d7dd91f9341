"""GM edits keep the encounter sound (model/invariants.py), so every saved file opens again."""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from tests.controller.conftest import make_session, orc


def test_blocking_terrain_is_not_painted_under_a_creature(tmp_path: Path) -> None:
    # It once was; the saved file then could not be opened (a creature on blocking terrain).
    session = make_session(Encounter(GridBounds(6, 6), creatures=(orc("orc", 1, 1),)))
    refused = session.run(editing.paint_terrain, TerrainKind.BLOCKING, [Square(1, 1)])
    assert not refused.ok
    assert refused.reason == "blocking terrain cannot go under a creature"
    assert session.run(
        editing.paint_terrain, TerrainKind.BLOCKING, [Square(1, 1), Square(2, 1)]
    ).ok
    assert session.encounter.terrain_at(Square(1, 1)) == frozenset()
    assert session.encounter.terrain_at(Square(2, 1)) == {TerrainKind.BLOCKING}
    save_encounter(tmp_path / "e.json", session.encounter)
    assert load_encounter(tmp_path / "e.json") == session.encounter
