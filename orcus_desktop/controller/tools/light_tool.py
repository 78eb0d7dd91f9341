"""Place, edit and remove light sources; paint magical darkness (000 "Vision and Light").

`LightTool`: a left click on an empty square places a light with the tool bar's settings
(carried by the creature clicked, when "carried" is on and a creature stands there), where the
GM clicked, or in the middle of the square with Shift held (docs/rulings.md R-141); a left
click on a light asks the window to edit it; a right click removes it. Each is one undo step.
`DarknessTool`: drag to paint magical darkness, a right-button stroke erases it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Button,
    KeyModifier,
    PointerEvent,
    PointerKind,
    ToolPreview,
    creature_at,
    result_message,
)
from orcus_desktop.controller.tools.square_painter import SquarePainter
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import CENTRE, LightSource


@dataclass(frozen=True, slots=True)
class LightSettings:
    """What the light tool places: a name, the radii in squares, carried or fixed."""

    name: str = "Torch"
    bright: int = 4
    dim: int = 8
    carried: bool = False


def light_at(encounter: Encounter, square: Square) -> LightSource | None:
    """The light shining from `square`: a fixed light there, or one carried by who stands there.

    The last placed wins when several share the square (it is drawn on top).
    """
    found: LightSource | None = None
    for source in encounter.lighting.sources:
        bearer = encounter.find_creature(source.carried_by) if source.carried_by else None
        if bearer is not None:
            if bearer.space.contains(square):
                found = source
        elif source.square == square:
            found = source
    return found


class LightTool:
    """Place a light (left click), edit one (left click on it), remove one (right click).

    Args:
        session: the game session.
        settings: what a new light is.
        edit: asks the window to edit the light with that id (a dialog).
    """

    name = "light"

    def __init__(
        self, session: GameSession, settings: LightSettings, edit: Callable[[LightId], None]
    ) -> None:
        self._session = session
        self.settings = settings
        self._edit = edit

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        encounter = self._session.encounter
        square = event.square
        existing = light_at(encounter, square)
        if event.kind is PointerKind.PRESS and event.buttons & Button.RIGHT:
            if existing is None:
                return ToolPreview(message="no light there to remove")
            result = self._session.by(self).run(lighting_edits.remove_light, existing.id)
            return ToolPreview(message=result_message(result))
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            if existing is not None:
                self._edit(existing.id)
                return EMPTY_PREVIEW
            return ToolPreview(message=result_message(self._place(encounter, event)))
        if existing is not None:
            state = "lit" if existing.lit else "out"
            label = f"{existing.name} ({state}): click to edit, right-click to remove"
        else:
            s = self.settings
            label = f"place {s.name}: bright {s.bright}, dim {s.dim} (Shift: square's centre)"
        return ToolPreview(
            squares=frozenset({square}),
            label=label,
            label_at=(square.col + 1.0, float(square.row)),
        )

    def _place(self, encounter: Encounter, event: PointerEvent) -> OperationResult:
        s = self.settings
        bearer = creature_at(encounter, event.grid_xy) if s.carried else None
        square = event.square
        within = CENTRE
        if bearer is None and not event.modifiers & KeyModifier.SHIFT:
            within = (event.grid_xy[0] - square.col, event.grid_xy[1] - square.row)
        source = LightSource(
            LightId(""),
            s.name,
            square,
            s.bright,
            s.dim,
            carried_by=bearer.id if bearer is not None else None,
            within=within,
        )
        return self._session.by(self).run(lighting_edits.add_light, source)

    def cancel(self) -> ToolPreview:
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return EMPTY_PREVIEW


class DarknessTool(SquarePainter):
    """Paint magical darkness by dragging over squares; a right-button stroke erases it.

    The whole stroke is one session call on release, so one undo step.
    """

    name = "magical-darkness"

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self._session = session

    @property
    def painted(self) -> str:
        return "magical darkness"

    def commit(self, squares: Iterable[Square], erase: bool) -> OperationResult:
        return self._session.by(self).run(
            lighting_edits.paint_magical_darkness, squares, erase=erase
        )
