"""The calibrate tool: a square dragged on the map image lines the grid up."""

from __future__ import annotations

from dataclasses import replace

import pytest

from orcus_desktop.controller.tools.calibrate_tool import CalibrateTool, calibration_from_drag
from orcus_desktop.controller.tools.pointer import Button, PointerKind
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.encounter import MapImage
from tests.controller.tools.builders import ev, make_session


def test_calibration_from_a_dragged_square() -> None:
    # Current: 100 px per square, no offset. The GM drags over a square drawn on the image
    # from image pixel (130, 40) to (180, 90): 50 px squares, corners at 130 + 50k, 40 + 50k.
    found = calibration_from_drag(100.0, (0.0, 0.0), (1.3, 0.4), (1.8, 0.9))
    assert found is not None
    side, offset = found
    assert side == pytest.approx(50.0)
    assert offset == pytest.approx((30.0, 40.0))
    assert calibration_from_drag(100.0, (0.0, 0.0), (1.0, 1.0), (1.01, 1.01)) is None


def test_calibrate_tool_commits_through_its_callback() -> None:
    session = make_session()
    got: list[tuple[float, tuple[float, float]]] = []

    def commit(pixels_per_square: float, offset: tuple[float, float]) -> str:
        got.append((pixels_per_square, offset))
        return "Calibrate map"

    tool = CalibrateTool(session, commit)
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
