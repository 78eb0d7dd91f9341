"""The terrain tool: a stroke painted or erased is one undo step."""

from __future__ import annotations

from orcus_desktop.controller.tools.pointer import Button, PointerKind
from orcus_desktop.controller.tools.terrain_tool import TerrainTool
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import Square
from tests.controller.tools.builders import ev, make_session


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
