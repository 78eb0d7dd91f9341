"""003-47 Sneak on the map: click the square a shrouded or hidden creature sneaks to."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    OneShotTool,
    PointerEvent,
    ToolPreview,
    result_message,
)
from orcus_desktop.controller.variants.square_fireballs import questions, stealth_maneuvers

if TYPE_CHECKING:
    # Only the type: the tool is handed the session, and importing it would reach the
    # registry of every variant (`GameSession`'s default variants).
    from orcus_desktop.controller.session import GameSession


class SneakTool(OneShotTool):
    """Sneak (003 l.706-712, a move action): half its speed, keeping Shrouded or Hidden.

    The squares it can sneak to are shaded (`questions.sneak_destinations`); a click there
    sneaks through the session (one undo step); Escape or a right click leaves it.

    Args:
        session: the game session.
        creature_id: the creature sneaking.
        on_finished: called once when done (moved or cancelled).
    """

    name = "sneak"

    def __init__(
        self,
        session: GameSession,
        creature_id: str,
        on_finished: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(on_finished)
        self._session = session
        self.creature_id = creature_id
        self.destinations = session.ask(questions.sneak_destinations, creature_id)

    def _text(self) -> str:
        return f"Sneak {self._session.encounter.name_of(self.creature_id)}"

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        dropping = self._dropping(self._session.encounter, self.creature_id, event)
        if isinstance(dropping, ToolPreview):
            return dropping
        creature, square = dropping
        if event.left_press:
            if square not in self.destinations:
                return ToolPreview(
                    reachable=self.destinations,
                    marked_ids=(self.creature_id,),
                    message=f"Refused: {creature.name} cannot sneak there",
                )
            result = self._session.by(self).run(stealth_maneuvers.sneak, self.creature_id, square)
            self._end()
            return ToolPreview(message=result_message(result))
        hint = f"{self._text()}: click where it ends, half its speed (Esc: stay)"
        return ToolPreview(
            reachable=self.destinations, marked_ids=(self.creature_id,), message=hint
        )

    def cancelled_message(self) -> str:
        return f"{self._text()}: stays where it is"

    def finish(self) -> ToolPreview:
        return EMPTY_PREVIEW
