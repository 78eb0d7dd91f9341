"""Area templates: bursts, arcs and walls, and who they affect (000 "Areas of effect")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from orcus_desktop.controller.tools.pointer import Button, PointerKind
from orcus_desktop.controller.tools.template_tool import AreaOrigin, TemplateTool, _edge_chain
from orcus_desktop.geometry.areas import wall_area_problem
from orcus_desktop.geometry.grid import Square
from orcus_desktop.vocabulary import AreaShape
from tests.controller.tools.builders import ev, make_session, open_room, squares


def test_far_burst_follows_the_pointer_and_names_who_it_affects() -> None:
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
    session = open_room()
    user: list[str | None] = [None]
    tool = TemplateTool(session, AreaShape.BURST, AreaOrigin.NEAR, size=1, user_id=lambda: user[0])
    assert "select the creature" in tool.on_pointer(ev(PointerKind.MOVE, 3, 3, Button.NONE)).label
    user[0] = "goblin"
    preview = tool.on_pointer(ev(PointerKind.MOVE, 3, 3, Button.NONE))
    assert preview.squares == {Square(c, r) for c in (5, 6, 7) for r in (4, 5, 6)}
    # docs/rulings.md R-09: the user's space is in the area, not among targets.
    assert preview.affected_ids == ("orc",)


def test_arc_and_wall_templates_are_legal_shapes() -> None:
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


@given(squares, squares, st.integers(min_value=1, max_value=8))
def test_wall_template_chain_is_always_a_legal_wall(base: Square, aim: Square, n: int) -> None:
    first = base.offset(1, 0)
    chain = _edge_chain(first, aim, n, {base})
    assert len(chain) == n
    assert base not in chain
    assert wall_area_problem(base, chain, n) is None  # docs/rulings.md R-11


def test_near_wall_from_a_large_creature_stays_out_of_its_space() -> None:
    session = make_session()
    ogre = session.encounter.creature("ogre")
    tool = TemplateTool(session, AreaShape.WALL, AreaOrigin.NEAR, size=4, user_id=lambda: "ogre")
    for pointer in ((10.5, 6.5), (7.5, 9.5), (5.5, 4.5), (8.5, 8.5)):
        preview = tool.on_pointer(ev(PointerKind.MOVE, *pointer, Button.NONE))
        assert preview.squares
        assert not preview.squares & set(ogre.space.squares())
        assert preview.path_ok, preview.label


def test_a_far_origin_out_of_bounds_says_which_rule_it_breaks_once() -> None:
    # 000 "Far area": the origin square is within range and in the user's line of effect.
    session = open_room()
    tool = TemplateTool(
        session, AreaShape.BURST, AreaOrigin.FAR, size=1, range_squares=5, user_id=lambda: "wizard"
    )
    far = tool.on_pointer(ev(PointerKind.MOVE, 7.5, 5.5, buttons=Button.NONE))
    assert far.label.count("⚠") == 1
    assert "⚠ origin out of range 5: it is 6 squares from Wizard" in far.label
    tool.range_squares = 20
    behind = tool.on_pointer(ev(PointerKind.MOVE, 10.5, 5.5, buttons=Button.NONE))
    assert behind.label.count("⚠") == 1
    assert "⚠ Wizard has no line of effect to the origin square" in behind.label
