"""Draw a wall, window or door as a polyline snapped to grid corners."""

from __future__ import annotations

import itertools
import math

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Point,
    PointerEvent,
    PointerKind,
    ToolPreview,
    result_message,
)
from orcus_desktop.geometry.features import Wall, WallKind


class WallTool:
    """Draw a wall, window or door as a polyline snapped to grid corners.

    Click a corner to start, click further corners to add points; double-click, Enter or a
    right click finishes (one undo step), Escape drops it. A door is usually one segment: the
    door tool finishes after its second point.

    Args:
        session: the game session the finished wall goes to.
        kind: wall, window or door.
    """

    def __init__(self, session: GameSession, kind: WallKind) -> None:
        self._session = session
        self.kind = kind
        self.name = f"draw-{kind.value}"
        self._points: list[tuple[int, int]] = []

    @property
    def points(self) -> tuple[tuple[int, int], ...]:
        return tuple(self._points)

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        corner = event.corner
        if event.right_press or event.kind is PointerKind.DOUBLE_CLICK:
            return self.finish()
        if event.left_press:
            if not self._points or self._points[-1] != corner:
                self._points.append(corner)
            if self.kind is WallKind.DOOR and len(self._points) == 2:
                return self.finish()
        return self._preview(corner)

    def _preview(self, corner: tuple[int, int]) -> ToolPreview:
        points: list[Point] = [(float(x), float(y)) for x, y in self._points]
        points.append((float(corner[0]), float(corner[1])))
        if len(points) == 1:
            # Nothing drawn yet: show where the first click would snap.
            return ToolPreview(polyline=(points[0], points[0]))
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        return ToolPreview(
            polyline=tuple(points), label=f"{length:.1f} squares", label_at=points[-1]
        )

    def cancel(self) -> ToolPreview:
        self._points.clear()
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        points = self._points
        self._points = []
        if len(points) < 2:
            return EMPTY_PREVIEW
        wall = Wall(self.kind, tuple((float(x), float(y)) for x, y in points))
        result = self._session.by(self).run(editing.add_wall, wall)
        if not result.ok:
            return ToolPreview(message=result_message(result))
        return ToolPreview(
            message=f"Added {self.kind.value} ({plural(len(points) - 1, 'segment')})"
        )
