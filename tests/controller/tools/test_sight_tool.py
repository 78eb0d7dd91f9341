"""The sight tool: the sight line, cover and concealment (000 "Cover", "Concealment")."""

from __future__ import annotations

from orcus_desktop.controller.tools.pointer import Button, PointerKind
from orcus_desktop.controller.tools.sight_tool import SightTool
from tests.controller.tools.builders import ev, open_room


def test_sight_tool_names_cover_and_shades_the_hidden_part() -> None:
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
