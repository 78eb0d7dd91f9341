"""Press and drag to measure a distance in squares."""

from __future__ import annotations

from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    PointerEvent,
    PointerKind,
    ToolPreview,
    straight_squares,
)
from orcus_desktop.geometry.grid import Square, square_distance


class MeasureTool:
    """Press and drag to measure: squares counted with diagonals as 1 (000 "Distance")."""

    name = "measure"

    def __init__(self) -> None:
        self._start: Square | None = None

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.left_press:
            self._start = event.square
        if self._start is None:
            return EMPTY_PREVIEW
        end = event.square
        if event.kind is PointerKind.RELEASE:
            distance = square_distance(self._start, end)
            self._start = None
            return ToolPreview(message=f"Distance: {plural(distance, 'square')}")
        path = straight_squares(self._start, end)
        distance = len(path) - 1
        return ToolPreview(
            path=path,
            label=plural(distance, "square"),
            label_at=(end.col + 1.0, end.row),
        )

    def cancel(self) -> ToolPreview:
        self._start = None
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()
