"""Drag a box over one square drawn on the map image to line the grid up with it."""

from __future__ import annotations

from collections.abc import Callable

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Point,
    PointerEvent,
    PointerKind,
    ToolPreview,
)


def calibration_from_drag(
    pixels_per_square: float, offset_px: Point, start: Point, end: Point
) -> tuple[float, Point] | None:
    """The calibration that makes the dragged box exactly one grid square of the image.

    `start` and `end` are grid points under the current calibration (image pixel =
    offset + grid * pixels_per_square). The new square side is the box's larger side in image
    pixels, and the offset puts a grid corner on the box's top-left corner. None for a box
    too small to mean anything (under 4 image pixels).
    """
    ax, ay = (
        offset_px[0] + start[0] * pixels_per_square,
        offset_px[1] + start[1] * pixels_per_square,
    )
    bx, by = (offset_px[0] + end[0] * pixels_per_square, offset_px[1] + end[1] * pixels_per_square)
    side = max(abs(bx - ax), abs(by - ay))
    if side < 4:
        return None
    left, top = min(ax, bx), min(ay, by)
    return side, (left % side, top % side)


class CalibrateTool:
    """Drag a box over one square drawn on the map image to line the grid up with it.

    Args:
        session: the game session (the current calibration is read from its encounter).
        commit: applies a calibration (pixels per square, offset in image pixels); returns a
            status line. The UI passes its map-image setter, one undo step.
    """

    name = "calibrate"

    def __init__(self, session: GameSession, commit: Callable[[float, Point], str]) -> None:
        self._session = session
        self._commit = commit
        self._start: Point | None = None

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        image = self._session.encounter.map_image
        hint_at = (event.grid_xy[0] + 0.3, event.grid_xy[1])
        if image is None:
            return ToolPreview(label="Import a map image first (File menu)", label_at=hint_at)
        if event.left_press:
            self._start = event.grid_xy
        if self._start is None:
            return ToolPreview(label="Drag over one square of the map image", label_at=hint_at)
        start, end = self._start, event.grid_xy
        box = (start, (end[0], start[1]), end, (start[0], end[1]))
        found = calibration_from_drag(image.pixels_per_square, image.offset_px, start, end)
        if event.kind is PointerKind.RELEASE:
            self._start = None
            if found is None:
                return ToolPreview(message="Refused: drag a box the size of one square")
            return ToolPreview(message=self._commit(found[0], found[1]))
        label = "too small" if found is None else f"{found[0]:.1f} px per square"
        return ToolPreview(polyline=(*box, start), label=label, label_at=end)

    def cancel(self) -> ToolPreview:
        self._start = None
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()
