"""Paint terrain of one kind by dragging over squares (a right-button stroke erases it)."""

from __future__ import annotations

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Button,
    PointerEvent,
    PointerKind,
    Stroke,
    ToolPreview,
    plural,
    result_message,
)
from orcus_desktop.geometry.features import TerrainKind


class TerrainTool:
    """Paint terrain by pressing and dragging over squares; a right-button stroke erases it.

    The whole stroke is one session call on release, so one undo step.

    Args:
        session: the game session.
        kind: the terrain kind painted.
    """

    def __init__(self, session: GameSession, kind: TerrainKind) -> None:
        self._session = session
        self.kind = kind
        self.name = f"paint-{kind.value}"
        self._stroke = Stroke()
        self._erase = False

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.kind is PointerKind.PRESS and event.buttons & (Button.LEFT | Button.RIGHT):
            self._erase = bool(event.buttons & Button.RIGHT)
            self._stroke.begin(event.square)
        elif not self._stroke.active:
            return ToolPreview(squares=frozenset({event.square}))
        elif (squares := self._stroke.follow(event)) is not None:
            result = self._session.paint_terrain(
                self.kind, squares, erase=self._erase, initiator=self
            )
            return ToolPreview(message=result_message(result))
        verb = "erase" if self._erase else "paint"
        stroke = self._stroke.squares
        return ToolPreview(
            squares=stroke,
            path_ok=not self._erase,
            label=f"{verb} {self.kind.value}: {plural(len(stroke), 'square')}",
            label_at=(event.square.col + 1.0, float(event.square.row)),
        )

    def cancel(self) -> ToolPreview:
        self._stroke.drop()
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()
