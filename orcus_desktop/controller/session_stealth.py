"""003's stealth maneuvers as `GameSession` methods (003-47, `stealth_maneuvers`).

Enshroud, Hide, Search, Sneak and Spot: each is one undo step through `GameSession._run`, and
the questions the Actions panel and the sneak tool ask (`stealth_problem`,
`sneak_destinations`) answer from the same rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orcus_desktop.controller.movement import preview_move
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.controller.variants.square_fireballs import stealth_maneuvers
from orcus_desktop.controller.variants.square_fireballs.stealth_maneuvers import StealthCheck
from orcus_desktop.geometry.grid import Square, square_distance
from orcus_desktop.vocabulary import MoveMode

if TYPE_CHECKING:
    pass


class StealthCommands(SessionFamily):
    """The stealth family of `GameSession` (see the module docstring)."""

    def stealth_offered(self) -> bool:
        """Whether the encounter's ruleset has the stealth maneuvers (003 only)."""
        return stealth_maneuvers.offered(self.engine.ruleset)

    def stealth_problem(self, creature_id: str, maneuver: str) -> str:
        """Why the creature cannot take the maneuver now ("" when it can)."""
        return stealth_maneuvers.maneuver_problem(
            self.engine, self.encounter, creature_id, maneuver
        )

    def enshroud(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, stealth_maneuvers.enshroud, creature_id)

    def stealth_hide(
        self, creature_id: str, check: StealthCheck, initiator: object = None
    ) -> OperationResult:
        """003's Hide maneuver (001's Hide is `hide`)."""
        return self._run(initiator, stealth_maneuvers.hide, creature_id, check)

    def stealth_search(
        self, creature_id: str, check: StealthCheck, initiator: object = None
    ) -> OperationResult:
        """003's Search maneuver."""
        return self._run(initiator, stealth_maneuvers.search, creature_id, check)

    def spot(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, stealth_maneuvers.spot, creature_id)

    def sneak(
        self, creature_id: str, destination: Square, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, stealth_maneuvers.sneak, creature_id, destination)

    def sneak_destinations(self, creature_id: str) -> frozenset[Square]:
        """The squares a Sneak can end on now (half its speed, 003 l.712); none if refused."""
        encounter, engine = self.encounter, self.engine
        if stealth_maneuvers.maneuver_problem(engine, encounter, creature_id, "sneak"):
            return frozenset()
        creature = encounter.creature(creature_id)
        reach = stealth_maneuvers.sneak_speed(creature)
        start = creature.square
        found: set[Square] = set()
        for col in range(start.col - reach, start.col + reach + 1):
            for row in range(start.row - reach, start.row + reach + 1):
                square = Square(col, row)
                if square == start or square_distance(start, square) > reach:
                    continue
                preview = preview_move(
                    engine, encounter, creature_id, square, MoveMode.WALK, speed=reach
                )
                if preview.reachable:
                    found.add(square)
        return frozenset(found)
