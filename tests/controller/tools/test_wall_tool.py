"""The wall tool: walls, windows and doors drawn corner to corner, one undo step each."""

from __future__ import annotations

from orcus_desktop.controller.tools.pointer import PointerKind
from orcus_desktop.controller.tools.wall_tool import WallTool
from orcus_desktop.geometry.features import WallKind
from tests.controller.tools.builders import ev, make_session


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
