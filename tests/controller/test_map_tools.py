"""Pointer tools as Qt-free state machines, fed PointerEvents (HOUSE_STYLE 7.6, 7.10)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orcus_desktop.controller.map_tools import (
    Button,
    EraseTool,
    LibraryEntry,
    MeasureTool,
    Modifier,
    MoveTool,
    PointerEvent,
    PointerKind,
    SelectTool,
    TerrainTool,
    WallTool,
    creature_at,
    creature_from_entry,
    drop_square,
    straight_squares,
    wall_at,
)
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square, square_distance
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.vocabulary import CreatureId


def make_session(encounter: Encounter | None = None) -> GameSession:
    enc = encounter or Encounter(
        grid=GridBounds(12, 10),
        creatures=(
            Creature(CreatureId("hero"), "Hero", "heroes", Size.MEDIUM, Square(1, 1), speed=6),
            Creature(CreatureId("goblin"), "Goblin", "monsters", Size.SMALL, Square(2, 2)),
            Creature(CreatureId("ogre"), "Ogre", "monsters", Size.LARGE, Square(7, 5)),
        ),
        terrain=(TerrainPatch(TerrainKind.DIFFICULT, frozenset({Square(4, 1)})),),
        walls=(WallEntry(WallId("door"), Wall(WallKind.DOOR, ((9.0, 0.0), (9.0, 2.0)))),),
    )
    document = Document(enc)
    return GameSession(document, History(document), random.Random(0))


def ev(
    kind: PointerKind,
    x: float,
    y: float,
    buttons: Button = Button.LEFT,
    modifiers: Modifier = Modifier.NONE,
) -> PointerEvent:
    return PointerEvent(kind, (x, y), buttons, modifiers)


def drag(tool: MoveTool, start: tuple[float, float], end: tuple[float, float], **kw: Modifier):
    tool.on_pointer(ev(PointerKind.PRESS, *start, **kw))
    preview = tool.on_pointer(ev(PointerKind.MOVE, *end, **kw))
    return preview, tool.on_pointer(ev(PointerKind.RELEASE, *end, **kw))


def test_pointer_event_square_and_corner() -> None:
    event = ev(PointerKind.MOVE, 3.7, 2.2)
    assert event.square == Square(3, 2)
    assert event.corner == (4, 2)


def test_hit_tests() -> None:
    enc = make_session().encounter
    assert creature_at(enc, (1.5, 1.5)) is not None
    assert creature_at(enc, (8.9, 6.9)).id == "ogre"  # type: ignore[union-attr]
    assert creature_at(enc, (5.5, 5.5)) is None
    assert wall_at(enc, (9.1, 1.0)) == "door"
    assert wall_at(enc, (9.5, 1.0)) is None


def test_straight_squares_counts_diagonals_as_one() -> None:
    path = straight_squares(Square(0, 0), Square(3, 1))
    assert len(path) == 4
    assert path[0] == Square(0, 0)
    assert path[-1] == Square(3, 1)


def test_drag_previews_path_cost_and_reachable_then_moves_one_undo_step() -> None:
    session = make_session()
    selected: list[str | None] = []
    tool = MoveTool(session, selected.append)
    press = tool.on_pointer(ev(PointerKind.PRESS, 1.5, 1.5))
    assert selected == ["hero"]
    assert tool.dragging == "hero"
    assert press.ghost is not None
    assert press.ghost.creature_id == "hero"
    assert Square(5, 1) in press.reachable
    preview = tool.on_pointer(ev(PointerKind.MOVE, 5.5, 1.5))
    assert preview.ghost is not None
    assert preview.ghost.destination == Square(5, 1)
    assert preview.path[0] == Square(1, 1)
    assert preview.path[-1] == Square(5, 1)
    assert preview.path_ok
    assert "squares" in preview.label
    done = tool.on_pointer(ev(PointerKind.RELEASE, 5.5, 1.5))
    assert session.encounter.creature("hero").square == Square(5, 1)
    assert done.ghost is None
    assert done.message.startswith("Move Hero")
    assert session.history.undo_text.startswith("Move Hero")
    session.undo()
    assert session.encounter.creature("hero").square == Square(1, 1)


def test_drag_warns_of_opportunity_attacks_and_difficult_terrain() -> None:
    session = make_session()
    tool = MoveTool(session)
    tool.on_pointer(ev(PointerKind.PRESS, 1.5, 1.5))
    # Leaving the goblin's side provokes (RULINGS: Opportunity attacks).
    preview = tool.on_pointer(ev(PointerKind.MOVE, 1.5, 5.5))
    assert preview.marked_ids == ("goblin",)
    assert any("opportunity attacks: Goblin" in w for w in preview.warnings)
    tool.cancel()
    tool.on_pointer(ev(PointerKind.PRESS, 1.5, 1.5))
    preview = tool.on_pointer(ev(PointerKind.MOVE, 4.5, 1.5))
    assert any("difficult terrain" in w for w in preview.warnings)


def test_shift_drag_shifts_and_does_not_provoke() -> None:
    session = make_session()
    tool = MoveTool(session)
    preview, _done = drag(tool, (1.5, 1.5), (1.5, 0.5), modifiers=Modifier.SHIFT)
    assert not preview.warnings
    assert session.encounter.creature("hero").square == Square(1, 0)


def test_illegal_drop_snaps_back_with_the_reason() -> None:
    session = make_session()
    tool = MoveTool(session)
    preview, done = drag(tool, (1.5, 1.5), (11.5, 9.5))
    assert not preview.path_ok
    assert preview.ghost is not None
    assert not preview.ghost.legal
    assert done.message.startswith("Refused: ")
    assert session.encounter.creature("hero").square == Square(1, 1)
    assert not session.history.can_undo


def test_gm_move_goes_anywhere_free() -> None:
    session = make_session()
    tool = MoveTool(session)
    tool.gm_move = True
    _, _done = drag(tool, (1.5, 1.5), (11.5, 9.5))
    assert session.encounter.creature("hero").square == Square(11, 9)
    assert session.history.undo_text == "Move Hero"
    tool.gm_move = False
    # Ctrl+drag is a one-off GM move.
    drag(tool, (11.5, 9.5), (0.5, 9.5), modifiers=Modifier.CTRL)
    assert session.encounter.creature("hero").square == Square(0, 9)


def test_large_token_lands_under_its_centre() -> None:
    session = make_session()
    tool = MoveTool(session)
    tool.gm_move = True
    # Grab the ogre by its top-left square and drop it two squares left.
    drag(tool, (7.5, 5.5), (5.5, 5.5))
    assert session.encounter.creature("ogre").square == Square(5, 5)


def test_click_without_drag_selects_and_changes_nothing() -> None:
    session = make_session()
    selected: list[str | None] = []
    tool = SelectTool(session, selected.append)
    _, done = drag(tool, (2.5, 2.5), (2.6, 2.4))
    assert selected == ["goblin"]
    assert done.message == ""
    assert not session.history.can_undo
    tool.on_pointer(ev(PointerKind.PRESS, 6.5, 8.5))
    assert selected[-1] is None


def test_select_tool_toggles_doors_and_undo_closes_them() -> None:
    session = make_session()
    tool = SelectTool(session)
    done = tool.on_pointer(ev(PointerKind.PRESS, 9.05, 1.0))
    assert done.message == "Open door"
    assert session.encounter.wall("door").wall.is_open
    session.undo()
    assert not session.encounter.wall("door").wall.is_open


def test_measure_counts_squares() -> None:
    tool = MeasureTool()
    tool.on_pointer(ev(PointerKind.PRESS, 0.5, 0.5))
    preview = tool.on_pointer(ev(PointerKind.MOVE, 3.5, 1.5))
    assert preview.label == "3 squares"
    assert len(preview.path) == 4
    done = tool.on_pointer(ev(PointerKind.RELEASE, 3.5, 1.5))
    assert done.message == "Distance: 3 squares"


def test_wall_tool_snaps_to_corners_and_commits_a_polyline() -> None:
    session = make_session()
    tool = WallTool(session, WallKind.WALL)
    tool.on_pointer(ev(PointerKind.PRESS, 1.1, 0.9))
    tool.on_pointer(ev(PointerKind.PRESS, 3.9, 1.2))
    preview = tool.on_pointer(ev(PointerKind.MOVE, 4.2, 3.3))
    assert preview.polyline == ((1.0, 1.0), (4.0, 1.0), (4.0, 3.0))
    tool.on_pointer(ev(PointerKind.PRESS, 4.2, 3.3))
    done = tool.on_pointer(ev(PointerKind.DOUBLE_CLICK, 4.2, 3.3))
    assert "Added wall" in done.message
    new = session.encounter.walls[-1].wall
    assert new.points == ((1.0, 1.0), (4.0, 1.0), (4.0, 3.0))
    assert session.history.undo_text == "Add wall"
    session.undo()
    assert len(session.encounter.walls) == 1


def test_door_tool_finishes_after_two_corners_and_escape_drops_a_wall() -> None:
    session = make_session()
    tool = WallTool(session, WallKind.DOOR)
    tool.on_pointer(ev(PointerKind.PRESS, 5.0, 5.0))
    tool.on_pointer(ev(PointerKind.PRESS, 6.0, 5.0))
    assert session.encounter.walls[-1].wall.kind is WallKind.DOOR
    walls = WallTool(session, WallKind.WINDOW)
    walls.on_pointer(ev(PointerKind.PRESS, 1.0, 1.0))
    walls.cancel()
    assert walls.finish().message == ""
    assert len(session.encounter.walls) == 2


def test_terrain_stroke_is_one_step_and_right_button_erases() -> None:
    session = make_session()
    tool = TerrainTool(session, TerrainKind.BLOCKING)
    tool.on_pointer(ev(PointerKind.PRESS, 0.5, 8.5))
    preview = tool.on_pointer(ev(PointerKind.MOVE, 2.5, 8.5, buttons=Button.LEFT))
    assert preview.squares == {Square(0, 8), Square(2, 8)}
    tool.on_pointer(ev(PointerKind.RELEASE, 2.5, 8.5))
    assert TerrainKind.BLOCKING in session.encounter.terrain_at(Square(2, 8))
    assert session.history.undo_text == "Paint blocking terrain"
    tool.on_pointer(ev(PointerKind.PRESS, 0.5, 8.5, buttons=Button.RIGHT))
    tool.on_pointer(ev(PointerKind.RELEASE, 0.5, 8.5, buttons=Button.RIGHT))
    assert TerrainKind.BLOCKING not in session.encounter.terrain_at(Square(0, 8))


def test_erase_removes_walls_and_terrain_in_one_step() -> None:
    session = make_session()
    tool = EraseTool(session)
    hover = tool.on_pointer(ev(PointerKind.MOVE, 9.1, 1.0, buttons=Button.NONE))
    assert hover.label == "remove"
    tool.on_pointer(ev(PointerKind.PRESS, 9.1, 1.0))
    assert session.encounter.walls == ()
    session.paint_terrain(TerrainKind.LIGHTLY_OBSCURED, [Square(4, 1)])
    tool.on_pointer(ev(PointerKind.PRESS, 4.5, 1.5))
    done = tool.on_pointer(ev(PointerKind.RELEASE, 4.5, 1.5))
    assert "Erased" in done.message
    assert session.encounter.terrain_at(Square(4, 1)) == frozenset()
    assert session.history.undo_text == "Erase terrain"
    session.undo()
    assert session.encounter.terrain_at(Square(4, 1)) == {
        TerrainKind.DIFFICULT,
        TerrainKind.LIGHTLY_OBSCURED,
    }


@pytest.mark.parametrize(
    ("size", "point", "square"),
    [
        (Size.MEDIUM, (3.7, 4.2), Square(3, 4)),
        (Size.LARGE, (3.7, 4.2), Square(3, 3)),
        (Size.HUGE, (3.7, 4.2), Square(2, 3)),
    ],
)
def test_drop_square_centres_the_space(
    size: Size, point: tuple[float, float], square: Square
) -> None:
    assert drop_square(size, point) == square


def test_creature_from_entry_gets_a_fresh_id() -> None:
    session = make_session()
    entry = LibraryEntry("Goblin Cutter", "monsters", Size.SMALL, 6, {"level": 1})
    first = creature_from_entry(session.encounter, entry, (5.5, 5.5))
    assert first.id == "goblin-cutter-1"
    session.place_creature(first)
    second = creature_from_entry(session.encounter, entry, (6.5, 5.5))
    assert second.id == "goblin-cutter-2"
    assert first.name == "Goblin Cutter"
    assert second.name == "Goblin Cutter 2"
    assert second.statblock["level"] == 1


# -- templates and sight ------------------------------------------------------------------------


def open_room() -> GameSession:
    enc = Encounter(
        grid=GridBounds(12, 10),
        creatures=(
            Creature(CreatureId("wizard"), "Wizard", "heroes", Size.MEDIUM, Square(1, 5)),
            Creature(CreatureId("goblin"), "Goblin", "monsters", Size.MEDIUM, Square(6, 5)),
            Creature(CreatureId("orc"), "Orc", "monsters", Size.MEDIUM, Square(7, 6)),
            Creature(CreatureId("hidden"), "Hidden", "monsters", Size.MEDIUM, Square(9, 5)),
        ),
        # A wall between the burst's centre and the "hidden" goblin blocks line of effect.
        walls=(WallEntry(WallId("w"), Wall(WallKind.WALL, ((9.0, 3.0), (9.0, 8.0)))),),
    )
    document = Document(enc)
    return GameSession(document, History(document), random.Random(0))


def test_far_burst_follows_the_pointer_and_names_who_it_affects() -> None:
    from orcus_desktop.controller.map_tools import AreaOrigin, TemplateTool
    from orcus_desktop.geometry.areas import AreaShape

    session = open_room()
    tool = TemplateTool(session, AreaShape.BURST, AreaOrigin.FAR, size=1, range_squares=10)
    preview = tool.on_pointer(ev(PointerKind.MOVE, 7.5, 5.5, buttons=Button.NONE))
    assert preview.squares == {Square(c, r) for c in (6, 7, 8) for r in (4, 5, 6)}
    assert preview.affected_ids == ("goblin", "orc")
    assert "Goblin, Orc" in preview.label
    bigger = TemplateTool(session, AreaShape.BURST, AreaOrigin.FAR, size=2)
    preview = bigger.on_pointer(ev(PointerKind.MOVE, 7.5, 5.5, buttons=Button.NONE))
    assert len(preview.squares) == 25
    # The hidden goblin is inside the burst but behind the wall: no line of effect.
    assert "hidden" not in preview.affected_ids
    # A press pins it; the release keeps it on the map and reports.
    bigger.on_pointer(ev(PointerKind.PRESS, 7.5, 5.5))
    done = bigger.on_pointer(ev(PointerKind.RELEASE, 7.5, 5.5))
    assert "Goblin, Orc" in done.message
    still = bigger.on_pointer(ev(PointerKind.MOVE, 2.5, 2.5, buttons=Button.NONE))
    assert still.squares == preview.squares
    assert session.history.can_undo is False  # a template changes nothing


def test_near_burst_needs_and_surrounds_the_user() -> None:
    from orcus_desktop.controller.map_tools import AreaOrigin, TemplateTool
    from orcus_desktop.geometry.areas import AreaShape

    session = open_room()
    user: list[str | None] = [None]
    tool = TemplateTool(session, AreaShape.BURST, AreaOrigin.NEAR, size=1, user_id=lambda: user[0])
    assert "select the creature" in tool.on_pointer(ev(PointerKind.MOVE, 3, 3, Button.NONE)).label
    user[0] = "goblin"
    preview = tool.on_pointer(ev(PointerKind.MOVE, 3, 3, Button.NONE))
    assert preview.squares == {Square(c, r) for c in (5, 6, 7) for r in (4, 5, 6)}
    # RULINGS "Near bursts and the user": the user's space is in the area, not among targets.
    assert preview.affected_ids == ("orc",)


def test_arc_and_wall_templates_are_legal_shapes() -> None:
    from orcus_desktop.controller.map_tools import AreaOrigin, TemplateTool
    from orcus_desktop.geometry.areas import AreaShape, wall_area_problem

    session = open_room()
    arc = TemplateTool(session, AreaShape.ARC, AreaOrigin.NEAR, size=2, user_id=lambda: "wizard")
    preview = arc.on_pointer(ev(PointerKind.MOVE, 3.5, 5.5, Button.NONE))
    assert len(preview.squares) == 4
    assert all(s.col >= 2 for s in preview.squares)  # towards the pointer, east of the wizard
    wall = TemplateTool(session, AreaShape.WALL, AreaOrigin.FAR, size=4)
    wall.on_pointer(ev(PointerKind.PRESS, 3.5, 2.5))
    preview = wall.on_pointer(ev(PointerKind.MOVE, 3.5, 7.5, Button.LEFT))
    squares, _, problem = wall.area(Square(3, 7))
    assert problem == ""
    assert wall_area_problem(Square(3, 2), squares, 4) is None
    assert preview.squares == {Square(3, r) for r in (3, 4, 5, 6)}


def test_sight_tool_names_cover_and_shades_the_hidden_part() -> None:
    from orcus_desktop.controller.map_tools import SightTool

    session = open_room()
    selected: list[str | None] = [None]
    tool = SightTool(session, lambda: selected[0], lambda i: selected.__setitem__(0, i))
    assert tool.on_pointer(ev(PointerKind.MOVE, 6.5, 5.5, Button.NONE)).label.startswith("Click")
    tool.on_pointer(ev(PointerKind.PRESS, 1.5, 5.5))
    assert selected[0] == "wizard"
    clear = tool.on_pointer(ev(PointerKind.MOVE, 6.5, 5.5, Button.NONE))
    assert "cover: none" in clear.label
    assert "line of sight: yes" in clear.label
    assert clear.shaded == ()
    assert clear.marked_ids == ("goblin",)
    assert len(clear.polyline) == 2
    blocked = tool.on_pointer(ev(PointerKind.MOVE, 9.5, 5.5, Button.NONE))
    assert "cover: total" in blocked.label
    assert not blocked.path_ok
    assert len(blocked.shaded) == 16  # every sample cell of the target is hidden


def test_calibration_from_a_dragged_square() -> None:
    from orcus_desktop.controller.map_tools import calibration_from_drag

    # Current: 100 px per square, no offset. The GM drags over a square drawn on the image
    # from image pixel (130, 40) to (180, 90): 50 px squares, corners at 130 + 50k, 40 + 50k.
    found = calibration_from_drag(100.0, (0.0, 0.0), (1.3, 0.4), (1.8, 0.9))
    assert found is not None
    side, offset = found
    assert side == pytest.approx(50.0)
    assert offset == pytest.approx((30.0, 40.0))
    assert calibration_from_drag(100.0, (0.0, 0.0), (1.0, 1.0), (1.01, 1.01)) is None


def test_calibrate_tool_commits_through_its_callback() -> None:
    from dataclasses import replace

    from orcus_desktop.controller.map_tools import CalibrateTool
    from orcus_desktop.model.commands import ReplaceEncounter
    from orcus_desktop.model.encounter import MapImage

    session = make_session()
    got: list[tuple[float, tuple[float, float]]] = []
    tool = CalibrateTool(session, lambda p, o: got.append((p, o)) or "Calibrate map")
    assert "Import a map image" in tool.on_pointer(ev(PointerKind.MOVE, 1, 1, Button.NONE)).label
    before = session.encounter
    session.history.push(
        ReplaceEncounter("img", before, replace(before, map_image=MapImage("m.png", 100.0)))
    )
    tool.on_pointer(ev(PointerKind.PRESS, 2.0, 2.0))
    preview = tool.on_pointer(ev(PointerKind.MOVE, 2.7, 2.7, Button.LEFT))
    assert "70.0 px per square" in preview.label
    done = tool.on_pointer(ev(PointerKind.RELEASE, 2.7, 2.7))
    assert done.message == "Calibrate map"
    assert got[0][0] == pytest.approx(70.0)


def test_placement_preview_names_the_problem_before_the_drop() -> None:
    from orcus_desktop.controller.map_tools import placement_preview

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


def test_a_provoking_move_names_the_enemies_offered_an_attack() -> None:
    session = make_session()
    tool = MoveTool(session)
    _, done = drag(tool, (1.5, 1.5), (1.5, 5.5))
    assert done.message.startswith("Move Hero 4 squares")
    assert done.message.endswith("opportunity attacks offered to Goblin")


# -- invariants (hypothesis) ------------------------------------------------------------------

coords = st.integers(min_value=-30, max_value=30)
squares = st.builds(Square, coords, coords)


@given(squares, squares)
def test_measuring_path_steps_one_square_at_a_time(a: Square, b: Square) -> None:
    path = straight_squares(a, b)
    assert path[0] == a
    assert path[-1] == b
    assert len(path) == square_distance(a, b) + 1  # 000: diagonals count 1
    assert all(square_distance(p, q) == 1 for p, q in itertools.pairwise(path))


@given(squares, squares, st.integers(min_value=1, max_value=8))
def test_wall_template_chain_is_always_a_legal_wall(base: Square, aim: Square, n: int) -> None:
    from orcus_desktop.controller.map_tools import _edge_chain
    from orcus_desktop.geometry.areas import wall_area_problem

    first = base.offset(1, 0)
    chain = _edge_chain(first, aim, n, {base})
    assert len(chain) == n
    assert base not in chain
    assert wall_area_problem(base, chain, n) is None  # RULINGS: Wall area


@given(
    st.sampled_from(list(Size)),
    st.floats(min_value=0, max_value=50, allow_nan=False),
    st.floats(min_value=0, max_value=50, allow_nan=False),
)
def test_drop_square_puts_the_pointer_inside_or_beside_the_space(
    size: Size, x: float, y: float
) -> None:
    square = drop_square(size, (x, y))
    side = size.side_squares
    # The pointer lies within half a square of the space's centre on each axis.
    assert abs(square.col + side / 2 - x) <= 0.5 + 1e-9
    assert abs(square.row + side / 2 - y) <= 0.5 + 1e-9


def test_near_wall_from_a_large_creature_stays_out_of_its_space() -> None:
    from orcus_desktop.controller.map_tools import AreaOrigin, TemplateTool
    from orcus_desktop.geometry.areas import AreaShape

    session = make_session()
    ogre = session.encounter.creature("ogre")
    tool = TemplateTool(session, AreaShape.WALL, AreaOrigin.NEAR, size=4, user_id=lambda: "ogre")
    for pointer in ((10.5, 6.5), (7.5, 9.5), (5.5, 4.5), (8.5, 8.5)):
        preview = tool.on_pointer(ev(PointerKind.MOVE, *pointer, Button.NONE))
        assert preview.squares
        assert not preview.squares & set(ogre.space.squares())
        assert preview.path_ok, preview.label
