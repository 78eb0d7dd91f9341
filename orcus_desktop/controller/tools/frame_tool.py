"""Drag a rectangle on the GM's map: the part of it the players are shown (issue 31 item 4).

A view setting, not a change to the encounter: nothing goes through the session or the undo
history. The tool only reports the box; the UI frames the player view on it (R-150 keeps its
squares no smaller than the GM's minimum) and puts the GM's tool back.
"""

from __future__ import annotations

from collections.abc import Callable

from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Point,
    PointerEvent,
    PointerKind,
    ToolPreview,
)

SLIP_SQUARES = 0.5
"""A drag shorter than this each way is a click that slipped."""

Box = tuple[Point, Point]
"""(left, top), (right, bottom) in grid units."""


def frame_box(start: Point, end: Point) -> Box | None:
    """The box dragged from `start` to `end`, its corners on the nearest grid corners.

    Whole squares, at least one each way; None for a drag under half a square each way or
    that spans no square at all (a slip of the mouse, not a frame).
    """
    if abs(end[0] - start[0]) < SLIP_SQUARES and abs(end[1] - start[1]) < SLIP_SQUARES:
        return None
    left, right = sorted((round(start[0]), round(end[0])))
    top, bottom = sorted((round(start[1]), round(end[1])))
    if right == left and bottom == top:
        return None
    right, bottom = max(right, left + 1), max(bottom, top + 1)
    return (float(left), float(top)), (float(right), float(bottom))


class FrameTool:
    """Press, drag and release: the box between is shown to the players.

    Args:
        commit: called with the box on release; returns the status line.
        ended: called once the tool is done (committed or cancelled), to put the GM's tool
            back.
    """

    name = "frame"

    def __init__(self, commit: Callable[[Box], str], ended: Callable[[], None]) -> None:
        self._commit = commit
        self._ended = ended
        self._start: Point | None = None

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        hint_at = (event.grid_xy[0] + 0.3, event.grid_xy[1])
        if event.left_press:
            self._start = event.grid_xy
        if self._start is None:
            return ToolPreview(label="Drag what the players should see", label_at=hint_at)
        start, end = self._start, event.grid_xy
        box = frame_box(start, end)
        (x0, y0), (x1, y1) = box if box is not None else (start, end)
        outline = ((x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0))
        if event.kind is PointerKind.RELEASE:
            self._start = None
            if box is None:
                return ToolPreview(message="Refused: drag a box at least a square wide")
            message = self._commit(box)
            self._ended()
            return ToolPreview(message=message)
        label = "too small" if box is None else "Show this to the players"
        return ToolPreview(polyline=outline, label=label, label_at=end)

    def cancel(self) -> ToolPreview:
        self._start = None
        self._ended()
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()
