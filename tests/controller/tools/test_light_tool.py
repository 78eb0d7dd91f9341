"""The light and magical darkness tools, Qt-free (000 "Vision and Light")."""

from __future__ import annotations

import pytest

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.tools.light_tool import (
    DarknessTool,
    LightSettings,
    LightTool,
    light_at,
)
from orcus_desktop.controller.tools.pointer import Button, KeyModifier, PointerKind
from orcus_desktop.controller.tools.sight_tool import SightTool
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.ids import LightId
from tests.controller.tools.builders import ev, make_session


def test_a_click_places_a_light_a_click_on_it_edits_it_a_right_click_removes_it() -> None:
    session = make_session()
    edited: list[LightId] = []
    tool = LightTool(session, LightSettings("Lantern", 6, 12), edited.append)
    hover = tool.on_pointer(ev(PointerKind.MOVE, 5.5, 5.5))
    assert hover.label == "place Lantern: bright 6, dim 12 (Shift: square's centre)"
    tool.on_pointer(ev(PointerKind.PRESS, 5.5, 5.5))
    (lantern,) = session.encounter.lighting.sources
    assert (lantern.square, lantern.bright, lantern.dim) == (Square(5, 5), 6, 12)
    tool.on_pointer(ev(PointerKind.PRESS, 5.2, 5.8))
    assert edited == [lantern.id]
    removed = tool.on_pointer(ev(PointerKind.PRESS, 5.5, 5.5, Button.RIGHT))
    assert "Remove Lantern" in removed.message
    assert session.encounter.lighting.sources == ()
    assert session.undo().ok
    assert len(session.encounter.lighting.sources) == 1


def test_a_light_stands_where_the_gm_clicks_and_shift_centres_it_in_its_square() -> None:
    """Issue 33 (docs/rulings.md R-141): a torch dropped beside a wall stays on its side."""
    session = make_session()
    tool = LightTool(session, LightSettings("Torch", 4, 8), lambda _id: None)
    tool.on_pointer(ev(PointerKind.PRESS, 6.1, 2.75))
    tool.on_pointer(ev(PointerKind.PRESS, 8.9, 2.2, modifiers=KeyModifier.SHIFT))
    dropped, centred = session.encounter.lighting.sources
    assert dropped.square == Square(6, 2)
    assert dropped.position == pytest.approx((6.1, 2.75))
    assert (centred.square, centred.position) == (Square(8, 2), (8.5, 2.5))


def test_a_carried_light_goes_to_the_creature_clicked_and_is_found_where_it_stands() -> None:
    session = make_session()
    tool = LightTool(session, LightSettings("Torch", 4, 8, carried=True), lambda _id: None)
    tool.on_pointer(ev(PointerKind.PRESS, 1.5, 1.5))  # the hero's square
    (torch,) = session.encounter.lighting.sources
    assert torch.carried_by == "hero"
    assert session.move_creature("hero", Square(3, 4)).ok
    assert light_at(session.encounter, Square(3, 4)) == torch
    assert light_at(session.encounter, Square(1, 1)) is None


def test_a_stroke_paints_magical_darkness_in_one_undo_step_and_a_right_stroke_erases() -> None:
    session = make_session()
    tool = DarknessTool(session)
    tool.on_pointer(ev(PointerKind.PRESS, 3.5, 3.5))
    tool.on_pointer(ev(PointerKind.MOVE, 4.5, 3.5))
    tool.on_pointer(ev(PointerKind.MOVE, 5.5, 3.5))
    tool.on_pointer(ev(PointerKind.RELEASE, 5.5, 3.5))
    painted = {Square(3, 3), Square(4, 3), Square(5, 3)}
    assert session.encounter.lighting.magical_darkness == painted
    tool.on_pointer(ev(PointerKind.PRESS, 4.5, 3.5, Button.RIGHT))
    tool.on_pointer(ev(PointerKind.RELEASE, 4.5, 3.5, Button.RIGHT))
    assert session.encounter.lighting.magical_darkness == {Square(3, 3), Square(5, 3)}
    assert session.undo().ok
    assert len(session.encounter.lighting.magical_darkness) == 3


def test_the_sight_tool_names_darkness_as_the_cause_of_concealment() -> None:
    session = make_session()
    assert session.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    tool = SightTool(session, lambda: "hero", lambda _id: None)
    preview = tool.preview("hero", "ogre", ev(PointerKind.MOVE, 7.5, 5.5))
    # 000 "Vision and Light": darkness, not adjacent: total concealment
    assert "concealment: total (-5), darkness" in preview.label
