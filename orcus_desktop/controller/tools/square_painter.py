"""A tool that paints squares by pressing and dragging; a right-button stroke erases.

Terrain and magical darkness are painted the same way: the stroke is previewed square by
square, and the whole stroke is one session call on release, so one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable

from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Button,
    PointerEvent,
    PointerKind,
    Stroke,
    ToolPreview,
    result_message,
)
from orcus_desktop.geometry.grid import Square


class SquarePainter:
    """The stroke handling of a painting tool; subclasses say what is painted and how."""

    def __init__(self) -> None:
        self._stroke = Stroke()
        self._erase = False

    @property
    def painted(self) -> str:
        """What the stroke paints, for its label ("difficult", "magical darkness")."""
        raise NotImplementedError

    def commit(self, squares: Iterable[Square], erase: bool) -> OperationResult:
        """Paint (or erase) the stroke's squares through the session."""
        raise NotImplementedError

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.kind is PointerKind.PRESS and event.buttons & (Button.LEFT | Button.RIGHT):
            self._erase = bool(event.buttons & Button.RIGHT)
            self._stroke.begin(event.square)
        elif not self._stroke.active:
            return ToolPreview(squares=frozenset({event.square}))
        elif (squares := self._stroke.follow(event)) is not None:
            return ToolPreview(message=result_message(self.commit(squares, self._erase)))
        verb = "erase" if self._erase else "paint"
        stroke = self._stroke.squares
        return ToolPreview(
            squares=stroke,
            path_ok=not self._erase,
            label=f"{verb} {self.painted}: {plural(len(stroke), 'square')}",
            label_at=(event.square.col + 1.0, float(event.square.row)),
        )

    def cancel(self) -> ToolPreview:
        self._stroke.drop()
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()
