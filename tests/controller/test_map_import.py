"""Importing a Universal VTT map through the session: one undo step, replace or merge (issue 18).

Sight through the imported doors is asked of the session's own encounter, as the map asks it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from orcus_desktop.controller.editing import editing, lighting_edits, map_import
from orcus_desktop.controller.editing.map_import import ImportMode
from orcus_desktop.controller.session import questions
from orcus_desktop.controller.views.queries import sight_query
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter, MapImage, WallEntry
from orcus_desktop.model.ids import LightId, WallId
from orcus_desktop.model.lighting import LightSource
from orcus_desktop.model.uvtt import ImportedMap, import_uvtt_file
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import creature, make_session
from tests.uvtt_files import corridor_map, polyline, uvtt_map, write_map


@pytest.fixture
def corridor(tmp_path: Path) -> ImportedMap:
    imported, _ = import_uvtt_file(
        write_map(tmp_path / "corridor.dd2vtt", corridor_map()), tmp_path
    )
    return imported


def _current() -> Encounter:
    return Encounter(
        GridBounds(6, 6),
        name="Old crypt",
        walls=(WallEntry(WallId("wall-1"), Wall(WallKind.WALL, ((0, 0), (0, 6)))),),
        terrain=(TerrainPatch(TerrainKind.DIFFICULT, frozenset({Square(1, 1)})),),
        creatures=(creature("hero", "heroes", 1, 3), creature("orc", "monsters", 3, 3)),
        map_image=MapImage("/maps/old.png", 50.0),
    )


def test_replace_is_one_undo_step_and_keeps_the_creatures(corridor: ImportedMap) -> None:
    session = make_session(_current())
    before = session.encounter
    result = session.run(map_import.import_map, corridor, ImportMode.REPLACE)
    assert result.ok, result.reason
    assert result.text == "Import map corridor"
    assert result.details["summary"].startswith("2 walls, 1 door")
    after = session.encounter
    assert after.grid == GridBounds(10, 8)
    assert after.map_image == corridor.map_image
    assert [w.wall for w in after.walls] == list(corridor.walls)
    assert after.terrain == ()
    assert after.creatures == before.creatures
    assert session.history.undo_text == "Import map corridor"
    session.undo()
    assert session.encounter == before
    assert session.history.undo_text != "Import map corridor"


def test_merge_adds_walls_under_new_ids_and_keeps_the_image(corridor: ImportedMap) -> None:
    session = make_session(_current())
    result = session.run(map_import.import_map, corridor, ImportMode.MERGE)
    assert result.ok, result.reason
    after = session.encounter
    assert after.grid == GridBounds(10, 8)  # grown to hold the file's map
    assert after.map_image == _current().map_image
    assert "kept the current map image" in result.details["summary"]
    ids = [w.id for w in after.walls]
    assert len(ids) == len(set(ids)) == 4
    assert after.terrain == _current().terrain


def test_replace_is_refused_while_a_creature_would_be_off_the_grid(corridor: ImportedMap) -> None:
    far = Encounter(GridBounds(30, 30), creatures=(creature("scout", "heroes", 20, 20),))
    session = make_session(far)
    result = session.run(map_import.import_map, corridor, ImportMode.REPLACE)
    assert not result.ok
    assert "Scout would be off the imported map's 10 x 8 grid" in result.reason
    assert session.encounter == far
    assert not session.history.can_undo


def test_sight_through_imported_doors_follows_opening_them(tmp_path: Path) -> None:
    imported, _ = import_uvtt_file(
        write_map(tmp_path / "c.uvtt", corridor_map((4, 4), door_closed=True)), None
    )
    session = make_session(Encounter(GridBounds(10, 8)))
    assert session.run(map_import.import_map, imported, ImportMode.REPLACE).ok
    left, right = Square(2, 3), Square(7, 3)
    assert sight_query(session.encounter, left, right).line_of_sight is False
    door = next(w for w in session.encounter.walls if w.wall.kind is WallKind.DOOR)
    assert session.run(editing.set_door_open, door.id, True).ok
    assert sight_query(session.encounter, left, right).line_of_sight is True


def test_importing_a_map_brings_its_lights_and_keeps_the_carried_ones(tmp_path: Path) -> None:
    """issue 20 (docs/rulings.md R-63): REPLACE swaps the fixed lights, MERGE adds them."""
    imported, _ = import_uvtt_file(write_map(tmp_path / "c.dd2vtt", corridor_map()), None)
    session = make_session(
        Encounter(grid=GridBounds(12, 10), creatures=(creature("hero", "heroes", 1, 1),))
    )
    session.run(lighting_edits.add_light, LightSource(LightId(""), "Brazier", Square(8, 8)))
    torch = LightSource(LightId(""), "Torch", Square(1, 1), carried_by=CreatureId("hero"))
    session.run(lighting_edits.add_light, torch)
    assert session.run(map_import.import_map, imported, ImportMode.REPLACE).ok
    lighting = session.encounter.lighting
    assert lighting.ambient is Illumination.DARK  # the file's environment
    assert sorted(s.name for s in lighting.sources) == ["Light", "Light", "Torch"]
    assert len({s.id for s in lighting.sources}) == 3
    assert session.undo().ok
    assert session.run(map_import.import_map, imported, ImportMode.MERGE).ok
    merged = session.encounter.lighting
    assert merged.ambient is Illumination.BRIGHT  # merging keeps the map's ambient light
    assert len(merged.sources) == 4


def test_an_imported_torch_beside_an_off_grid_wall_lights_only_its_own_side(
    tmp_path: Path,
) -> None:
    """Issue 33 (docs/rulings.md R-141): a cave wall at x = 5.3 and a torch at x = 5.1 west of
    it. The torch stays where the file put it: columns 1-4 beside it are lit (000 "Vision and
    Light": a light lights the squares whose centre it sees), the squares east of the wall are
    dark. Moved to its square's centre (5.5), it stood east of the wall and lit the other room.
    """
    data = uvtt_map(size=(10.0, 8.0), walls=[polyline((5.3, 0.0), (5.3, 8.0))], lights=1)
    data["lights"][0].update(position={"x": 5.1, "y": 4.5}, range=8.0)
    data["environment"]["ambient_light"] = "ff101010"  # dark
    imported, _ = import_uvtt_file(write_map(tmp_path / "cave.dd2vtt", data), None)
    (torch,) = imported.lights
    assert torch.square == Square(5, 4)
    assert torch.position == pytest.approx((5.1, 4.5))
    session = make_session(Encounter(grid=GridBounds(10, 8)))
    assert session.run(map_import.import_map, imported, ImportMode.REPLACE).ok
    row = session.ask(questions.illumination)[4]
    assert [Illumination(int(v)) is not Illumination.DARK for v in row[1:10]] == [
        True, True, True, True,  # columns 1-4: the torch's side
        False, False, False, False, False,  # columns 5-9: behind the wall
    ]  # fmt: skip
