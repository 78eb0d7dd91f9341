"""The erase tool: walls removed by a click, terrain of every kind by a stroke."""

from __future__ import annotations

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.tools.erase_tool import EraseTool
from orcus_desktop.controller.tools.pointer import Button, PointerKind
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import Square
from tests.controller.tools.builders import ev, make_session


def test_erase_removes_walls_and_terrain_in_one_step() -> None:
    session = make_session()
    tool = EraseTool(session)
    hover = tool.on_pointer(ev(PointerKind.MOVE, 9.1, 1.0, buttons=Button.NONE))
    assert hover.label == "remove"
    tool.on_pointer(ev(PointerKind.PRESS, 9.1, 1.0))
    assert session.encounter.walls == ()
    session.run(editing.paint_terrain, TerrainKind.LIGHTLY_OBSCURED, [Square(4, 1)])
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


def test_erasing_bare_squares_says_so_and_leaves_no_undo_step() -> None:
    session = make_session()
    tool = EraseTool(session)
    tool.on_pointer(ev(PointerKind.PRESS, 0.5, 8.5))
    done = tool.on_pointer(ev(PointerKind.RELEASE, 2.5, 8.5))
    assert done.message == "Nothing to erase there"
    assert not session.history.can_undo


def test_a_stroke_over_several_kinds_is_announced_once() -> None:
    session = make_session()
    session.run(editing.paint_terrain, TerrainKind.LIGHTLY_OBSCURED, [Square(4, 1)])
    announced: list[str] = []
    session.operation_done.connect(lambda result, _initiator: announced.append(result.text))
    tool = EraseTool(session)
    tool.on_pointer(ev(PointerKind.PRESS, 4.5, 1.5))
    tool.on_pointer(ev(PointerKind.RELEASE, 4.5, 1.5))
    # One GM gesture, one undo step and one report, however many kinds of terrain it cleared.
    assert announced == ["Erase terrain"]
