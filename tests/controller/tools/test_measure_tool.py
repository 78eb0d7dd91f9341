"""The measure tool counts squares as 000 "Distance" does."""

from __future__ import annotations

from orcus_desktop.controller.tools.measure_tool import MeasureTool
from orcus_desktop.controller.tools.pointer import PointerKind
from tests.controller.tools.builders import ev


def test_measure_counts_squares() -> None:
    tool = MeasureTool()
    tool.on_pointer(ev(PointerKind.PRESS, 0.5, 0.5))
    preview = tool.on_pointer(ev(PointerKind.MOVE, 3.5, 1.5))
    assert preview.label == "3 squares"
    assert len(preview.path) == 4
    done = tool.on_pointer(ev(PointerKind.RELEASE, 3.5, 1.5))
    assert done.message == "Distance: 3 squares"
