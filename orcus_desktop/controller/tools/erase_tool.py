"""Click a wall, window or door to remove it; drag over squares to erase their terrain."""

from __future__ import annotations

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    PointerEvent,
    Stroke,
    ToolPreview,
    result_message,
    wall_at,
)


class EraseTool:
    """Click a wall, window or door to remove it; drag over squares to erase all their terrain.

    Terrain erased in one stroke is one undo step ("Erase terrain") however many kinds it held.
    """

    name = "erase"

    def __init__(self, session: GameSession) -> None:
        self._session = session
        self._stroke = Stroke()

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        encounter = self._session.encounter
        if event.left_press:
            wall_id = wall_at(encounter, event.grid_xy)
            if wall_id is not None:
                result = self._session.by(self).run(editing.remove_wall, wall_id)
                return ToolPreview(message=result_message(result))
            self._stroke.begin(event.square)
        elif not self._stroke.active:
            wall_id = wall_at(encounter, event.grid_xy)
            if wall_id is not None:
                return ToolPreview(
                    polyline=encounter.wall(wall_id).wall.points, path_ok=False, label="remove"
                )
            return EMPTY_PREVIEW
        elif (squares := self._stroke.follow(event)) is not None:
            result = self._session.by(self).run(editing.erase_terrain, squares)
            if not result.ok:
                return ToolPreview(message="Nothing to erase there")
            return ToolPreview(message=f"Erased terrain on {plural(len(squares), 'square')}")
        return ToolPreview(squares=self._stroke.squares, path_ok=False)

    def cancel(self) -> ToolPreview:
        self._stroke.drop()
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()
