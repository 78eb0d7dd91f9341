"""Carry out a push, pull or slide a hit imposed: click the square the target ends on."""

from __future__ import annotations

from collections.abc import Callable

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import forced_placement
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    OneShotTool,
    PointerEvent,
    ToolPreview,
    result_message,
)
from orcus_desktop.geometry.battlefield import UnknownOccupantError
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.vocabulary import ForcedMovementKind

Confirm = Callable[[str, tuple[tuple[str, str], ...]], str | None]
"""Asks the GM a question with (value, text) choices; the value chosen, or None."""


class ForcedMoveTool(OneShotTool):
    """Carry out a push, pull or slide a power imposed: click the square the target ends on.

    The squares the target can be moved to (000 "Unwilling Movement": a push moves it away
    from the attacker, a pull towards it, a slide anywhere; forced movement never provokes)
    are shaded; hovering one draws the path. Under 003 a push, pull or slide follows one of the
    Lines from the target's square (003-44, `lines_between`), and the path drawn is that Line.
    A click moves it through the session (one undo step); Escape or a right click leaves it
    where it is (a power says "up to").

    Args:
        session: the game session.
        target_id: the creature moved.
        kind: a `ForcedMovementKind` or its spelling ("slide" reads as a slip).
        squares: how far, at most.
        source_id: the attacker (what "away" and "towards" refer to).
        on_finished: called once when done (moved or skipped).
        confirm: asks the GM (question, (value, text) choices) -> the value, or None to go
            back to the map: under 003 a click asks whether the move ended on a collision
            (003-43) or at a cliff's edge (003-45); the target's own square can then be
            clicked too. Without it nothing is asked.
    """

    name = "forced"

    def __init__(
        self,
        session: GameSession,
        target_id: str,
        kind: str,
        squares: int,
        source_id: str | None,
        on_finished: Callable[[], None] = lambda: None,
        confirm: Confirm | None = None,
    ) -> None:
        super().__init__(on_finished)
        self._confirm = confirm
        self._session = session
        self.target_id = target_id
        self.kind = kind
        self.squares = squares
        self.source_id = source_id
        try:
            self.destinations = forced_destinations(
                session.battlefield(),
                target_id,
                ForcedMovementKind(kind),
                squares,
                source_id=source_id,
                # 003-44: under 003 only squares along a Line (docs/rulings.md R-83).
                along_lines=session.ruleset.hooks.movement_policy.forced_along_lines,
            )
        except (UnknownOccupantError, ValueError):
            self.destinations = {}

    def _text(self) -> str:
        name = self._session.encounter.name_of(self.target_id)
        return f"{self.kind.capitalize()} {name} up to {plural(self.squares, 'square')}"

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        dropping = self._dropping(self._session.encounter, self.target_id, event)
        if isinstance(dropping, ToolPreview):
            return dropping
        target, square = dropping
        path = self.destinations.get(square)
        if event.left_press:
            moved = len(path) if path is not None else 0
            asks = (
                self._session.ask(
                    plugins.forced_move_choices, self.target_id, square, short=moved < self.squares
                )
                if self._confirm is not None and (path is not None or square == target.square)
                else ()
            )
            if path is None and not asks:
                return ToolPreview(
                    reachable=frozenset(self.destinations),
                    marked_ids=(self.target_id,),
                    message=f"Refused: {target.name} cannot be moved there "
                    f"({self.kind} {self.squares})",
                )
            answer = ""
            if asks and self._confirm is not None:
                question = f"{self._text()}: it ends here after {plural(moved, 'square')}."
                chosen = self._confirm(question, asks)
                if chosen is None:
                    return ToolPreview(
                        reachable=frozenset(self.destinations), message=f"{self._text()}"
                    )
                answer = chosen
            # The answers of the variants' `ForcedMoveRules.choices`: "" none, "edge" (003-45),
            # else what it hit (003-43).
            result = self._session.run(
                forced_placement.force_move,
                self.target_id,
                self.kind,
                self.squares,
                square,
                source_id=self.source_id,
                collided_with=answer if answer not in ("", "edge") else None,
                over_edge=answer == "edge",
            )
            self._end()
            return ToolPreview(message=result_message(result))
        hint = f"{self._text()}: click where it ends (Esc: leave it)"
        return ToolPreview(
            reachable=frozenset(self.destinations),
            path=(target.square, *path) if path is not None else (),
            marked_ids=(self.target_id,),
            label=hint if path is not None else "",
            label_at=(square.col + target.size.side_units, float(square.row)),
            message=hint,
        )

    def cancelled_message(self) -> str:
        return f"{self._text()}: left where it is"

    def finish(self) -> ToolPreview:
        return EMPTY_PREVIEW
