"""The frame the GM drags for the players (R-161): whole squares, a click is no frame."""

from __future__ import annotations

from orcus_desktop.controller.tools.frame_tool import Box, FrameTool, frame_box
from orcus_desktop.controller.tools.pointer import Button, PointerEvent, PointerKind


def test_the_corners_snap_to_the_nearest_grid_corners_whichever_way_it_is_dragged() -> None:
    assert frame_box((84.2, 81.9), (59.8, 70.3)) == ((60.0, 70.0), (84.0, 82.0))


def test_a_click_is_no_frame_and_a_thin_drag_is_one_square_wide() -> None:
    assert frame_box((12.4, 12.4), (12.6, 12.3)) is None
    assert frame_box((3.0, 4.0), (9.0, 4.2)) == ((3.0, 4.0), (9.0, 5.0))


def test_a_drag_commits_its_box_once_then_the_tool_ends() -> None:
    committed: list[Box] = []
    ended: list[bool] = []

    def commit(box: Box) -> str:
        committed.append(box)
        return "shown"

    tool = FrameTool(commit, lambda: ended.append(True))
    tool.on_pointer(PointerEvent(PointerKind.PRESS, (2.1, 3.0), Button.LEFT))
    preview = tool.on_pointer(PointerEvent(PointerKind.MOVE, (6.0, 5.9), Button.LEFT))
    assert preview.polyline[0] == (2.0, 3.0)
    assert preview.label == "Show this to the players"
    done = tool.on_pointer(PointerEvent(PointerKind.RELEASE, (6.0, 5.9), Button.LEFT))
    assert done.message == "shown"
    assert committed == [((2.0, 3.0), (6.0, 6.0))]
    assert ended == [True]
    # A slip: refused, nothing committed, the tool still waits for a frame.
    tool.on_pointer(PointerEvent(PointerKind.PRESS, (1.0, 1.0), Button.LEFT))
    slip = tool.on_pointer(PointerEvent(PointerKind.RELEASE, (1.1, 1.0), Button.LEFT))
    assert slip.message.startswith("Refused")
    assert len(committed) == 1
    assert ended == [True]
