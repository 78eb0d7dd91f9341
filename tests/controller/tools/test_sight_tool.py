"""The sight tool: the sight line, cover and concealment (000 "Cover", "Concealment")."""

from __future__ import annotations

import random

import pytest

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import Button, PointerKind
from orcus_desktop.controller.tools.sight_tool import SightTool
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.vocabulary import CreatureId
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


def _low_wall_session(wall_from: float) -> GameSession:
    enc = Encounter(
        grid=GridBounds(20, 10),
        creatures=(
            Creature(CreatureId("archer"), "Archer", "heroes", Size.MEDIUM, Square(1, 0)),
            Creature(CreatureId("orc"), "Orc", "monsters", Size.MEDIUM, Square(10, 0)),
        ),
        walls=(WallEntry(WallId("w"), Wall(WallKind.WALL, ((9.0, wall_from), (9.0, 10.0)))),),
    )
    document = Document(enc)
    return GameSession(document, History(document), random.Random(0))


@pytest.mark.parametrize(
    ("wall_from", "orcus", "strike"),
    [
        (0.6, "cover: none", "cover: 1/4 cover (+0)"),
        (0.4, "cover: half cover (-2)", "cover: 1/2 cover (-1)"),
        (0.2, "cover: three-quarters cover (-5)", "cover: 3/4 cover (-2)"),
        (0.1, "cover: three-quarters cover (-5)", "cover: 7/8 cover (-3)"),
    ],
)
def test_001_11_the_sight_tool_shows_four_cover_levels(
    wall_from: float, orcus: str, strike: str
) -> None:
    # 001-11, 001 l.148-156 "1/4 Cover +0, 1/2 Cover +1, 3/4 Cover +2, 7/8 Cover +3".
    session = _low_wall_session(wall_from)
    selected: list[str | None] = ["archer"]
    tool = SightTool(session, lambda: selected[0], lambda i: selected.__setitem__(0, i))
    assert orcus in tool.on_pointer(ev(PointerKind.MOVE, 10.5, 0.5, Button.NONE)).label
    assert session.switch_ruleset("strike").ok
    assert strike in tool.on_pointer(ev(PointerKind.MOVE, 10.5, 0.5, Button.NONE)).label
