"""GameSession editing: placing, moving, walls, terrain, undo (issue 5, docs/design.md)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.creature_names import token_labels
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.history import History
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.vocabulary import CreatureId, MoveMode
from tests.controller.conftest import orc_block


def _session(encounter: Encounter) -> GameSession:
    doc = Document(encounter)
    return GameSession(doc, History(doc), random.Random(0))


def _c(cid: str, side: str, col: int, row: int, **kw: object) -> Creature:
    return Creature(CreatureId(cid), cid.title(), side, square=Square(col, row), **kw)  # type: ignore[arg-type]


@pytest.fixture
def session() -> GameSession:
    return _session(
        Encounter(
            GridBounds(10, 8),
            creatures=(_c("hero", "heroes", 1, 1), _c("goblin", "monsters", 2, 1)),
            terrain=(TerrainPatch(TerrainKind.BLOCKING, frozenset({Square(5, 5)})),),
        )
    )


@pytest.mark.parametrize(
    ("square", "reason"),
    [
        (Square(10, 0), "off the grid"),
        (Square(2, 1), "occupied by Goblin"),
        (Square(5, 5), "blocking terrain"),
    ],
)
def test_place_refused_with_reason(session: GameSession, square: Square, reason: str) -> None:
    result = session.run(editing.place_creature, _c("orc", "monsters", *square))
    assert not result.ok
    assert reason in result.reason
    assert session.encounter.find_creature("orc") is None


def test_place_large_creature_partly_off_grid_refused(session: GameSession) -> None:
    result = session.run(editing.place_creature, _c("ogre", "monsters", 9, 3, size=Size.LARGE))
    assert not result.ok
    assert "off the grid" in result.reason


def test_place_and_undo_announce_results(session: GameSession) -> None:
    announced: list[tuple[OperationResult, object]] = []
    session.operation_done.connect(lambda r, i: announced.append((r, i)))
    result = session.by("library").run(editing.place_creature, _c("orc", "monsters", 4, 4))
    assert result.ok
    assert session.encounter.creature("orc").square == Square(4, 4)
    assert announced[-1] == (result, "library")
    assert session.history.undo_text == "Place Orc"
    assert session.undo().ok
    assert session.encounter.find_creature("orc") is None
    assert session.encounter.creature_ids() == ("hero", "goblin")
    assert not session.undo().ok  # nothing left to undo


def test_walk_cost_text_and_opportunity_attack_offer(session: GameSession) -> None:
    # docs/rulings.md R-02: leaving a square adjacent to an enemy provokes; shift doesn't
    # (in combat: before it nothing provokes, issue 28).
    # the goblin needs a stat block (a basic melee attack) to be offered one.
    assert session.run(editing.update_creature, "goblin", statblock=orc_block("Goblin")).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "goblin": 10}).ok
    assert session.run(initiative.start_combat).ok
    result = session.move_creature("hero", Square(1, 4), MoveMode.WALK)
    assert result.ok
    assert result.text == "Move Hero 3 squares"
    assert result.opportunity_attackers == ("goblin",)
    session.undo()
    shift = session.move_creature("hero", Square(1, 2), MoveMode.SHIFT)
    assert shift.ok
    assert shift.opportunity_attackers == ()


def test_shift_is_one_square_and_walk_limited_by_speed(session: GameSession) -> None:
    assert "too far" in session.move_creature("hero", Square(1, 3), MoveMode.SHIFT).reason
    far = session.move_creature("hero", Square(8, 7), MoveMode.WALK)
    assert not far.ok
    assert "too far" in far.reason
    assert session.encounter.creature("hero").square == Square(1, 1)


def test_walls_block_paths_and_open_doors_do_not() -> None:
    # A vertical door between column 1 and 2 across the whole 3-row map.
    s = _session(Encounter(GridBounds(4, 3), creatures=(_c("hero", "heroes", 0, 1),)))
    door = str(s.run(editing.add_wall, Wall(WallKind.DOOR, ((2, 0), (2, 3)))).created_id)
    assert not s.preview_move("hero", Square(3, 1), MoveMode.WALK).reachable
    assert s.run(editing.set_door_open, door, True).ok
    preview = s.preview_move("hero", Square(3, 1), MoveMode.WALK)
    assert preview.reachable
    assert preview.cost == 3
    assert not s.run(editing.set_door_open, door, True).ok
    assert s.run(editing.remove_wall, door).ok
    assert s.encounter.walls == ()


def test_difficult_terrain_costs_double_and_paint_erase_undo(session: GameSession) -> None:
    # 000 "Difficult Terrain": every square of movement in difficult terrain costs 1 extra.
    squares = [Square(c, 3) for c in range(10)]
    assert session.run(editing.paint_terrain, TerrainKind.DIFFICULT, squares).ok
    preview = session.preview_move("hero", Square(1, 4), MoveMode.WALK)
    assert preview.cost == 4
    assert session.run(editing.paint_terrain, TerrainKind.DIFFICULT, squares, erase=True).ok
    assert session.encounter.terrain_at(Square(1, 3)) == frozenset()
    session.undo()
    assert TerrainKind.DIFFICULT in session.encounter.terrain_at(Square(1, 3))


def test_gm_moves_merge_into_one_step_and_ignore_speed(session: GameSession) -> None:
    assert session.move_creature("hero", Square(8, 7), MoveMode.GM).ok
    assert session.move_creature("hero", Square(8, 6), MoveMode.GM).ok
    assert len(session.history) == 1
    session.undo()
    assert session.encounter.creature("hero").square == Square(1, 1)
    assert Square(5, 5) not in session.reachable_squares("hero", MoveMode.GM)


def test_reachable_squares_for_walk(session: GameSession) -> None:
    squares = session.reachable_squares("hero", MoveMode.SHIFT)
    assert Square(2, 1) not in squares  # occupied by the goblin
    assert squares == {
        Square(0, 0),
        Square(1, 0),
        Square(2, 0),
        Square(0, 1),
        Square(0, 2),
        Square(1, 2),
        Square(2, 2),
    }


def test_open_encounter_resets_history(session: GameSession) -> None:
    session.move_creature("hero", Square(1, 2), MoveMode.WALK)
    other = Encounter(GridBounds(3, 3), name="Other")
    assert session.open_encounter(other).ok
    assert session.encounter is other
    assert not session.history.can_undo
    assert session.history.is_clean


def test_remove_creature_and_undo(session: GameSession) -> None:
    assert session.run(editing.remove_creature, "goblin").ok
    assert not session.run(editing.remove_creature, "goblin").ok
    session.undo()
    assert session.encounter.creature("goblin").square == Square(2, 1)


def test_update_creature_map_image_rename_and_resize(session: GameSession) -> None:
    from orcus_desktop.model.encounter import MapImage

    assert session.run(editing.update_creature, "goblin", name="Gob", speed=5, hidden=True).ok
    gob = session.encounter.creature("goblin")
    assert (gob.name, gob.speed, gob.hidden) == ("Gob", 5, True)
    # large: squares (2,1)-(3,2), clear of the hero at (1,1); the hero grown would hit the goblin
    assert session.run(editing.update_creature, "goblin", size=Size.LARGE).ok
    assert "does not fit" in session.run(editing.update_creature, "hero", size=Size.LARGE).reason
    bad = session.run(editing.update_creature, "goblin", statblock={"name": "x"})
    assert "stat block" in bad.reason
    assert session.run(editing.set_map_image, MapImage("map.png", 50.0)).ok
    assert not session.run(editing.set_map_image, MapImage("map.png", 50.0)).ok
    assert session.run(editing.rename_encounter, "Cave").ok
    assert session.encounter.name == "Cave"
    assert "off the grid" in session.run(editing.resize_grid, 3, 3).reason
    assert session.run(editing.resize_grid, 6, 6).ok
    assert session.encounter.terrain == (
        TerrainPatch(TerrainKind.BLOCKING, frozenset({Square(5, 5)})),
    )
    for _ in range(5):
        assert session.undo().ok
    assert not session.history.can_undo
    assert session.encounter.creature("goblin").name == "Goblin"
    assert session.encounter.map_image is None


def test_hiding_and_showing_say_so_in_the_undo_text(session: GameSession) -> None:
    hide = session.run(editing.update_creature, "goblin", hidden=True)
    assert hide.text == "Hide Goblin from the players"
    assert session.history.undo_text == "Hide Goblin from the players"
    assert (
        session.run(editing.update_creature, "goblin", hidden=False).text
        == "Show Goblin to the players"
    )
    assert session.run(editing.update_creature, "goblin", speed=4).text == "Edit Goblin"
    session.undo()
    assert session.history.redo_text == "Edit Goblin"
    session.undo()
    assert session.history.redo_text == "Show Goblin to the players"


def test_a_file_of_the_previous_version_keeps_its_names_until_a_kin_is_placed(
    tmp_path: Path,
) -> None:
    """Issue 28: a file saved with "Goblin" and "Goblin 2" (the previous version's names)
    opens unchanged; placing a third goblin names the first "Goblin 1", as its label GO1."""
    old = Encounter(
        GridBounds(10, 8),
        creatures=(_c("goblin", "monsters", 1, 1), _c("goblin-2", "monsters", 5, 5)),
    )
    old = old.with_creature(replace(old.creature("goblin-2"), name="Goblin 2"))
    path = tmp_path / "old.json"
    save_encounter(path, old)
    session = _session(load_encounter(path))
    assert [c.name for c in session.encounter.creatures] == ["Goblin", "Goblin 2"]
    third = replace(_c("goblin-3", "monsters", 8, 1), name="Goblin 3")
    placed = session.run(editing.place_creature, third)
    assert placed.ok, placed.reason
    assert placed.text == "Place Goblin 3 (Goblin is now Goblin 1)"
    names = [c.name for c in session.encounter.creatures]
    assert names == ["Goblin 1", "Goblin 2", "Goblin 3"]
    labels = token_labels(session.encounter.creatures)
    assert [labels[c.id] for c in session.encounter.creatures] == ["GO1", "GO2", "GO3"]
