"""Zones as `GameSession` methods: place, sustain, hide or show, remove (`controller/zones.py`).

A mixin of the façade (`session.py`), like `session_gm_edits`: each method delegates through
`GameSession._run`, so the session stays the only writer of the document and the undo history.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ParamSpec

from orcus_desktop.controller import zones
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.zones import ZoneDuration

if TYPE_CHECKING:
    pass

P = ParamSpec("P")


class ZoneCommands(SessionFamily):
    """The zone family of `GameSession` (see the module docstring)."""

    def place_zone(
        self,
        name: str,
        squares: Iterable[Square],
        duration: ZoneDuration = ZoneDuration.UNTIL_REMOVED,
        owner: str | None = None,
        *,
        hidden: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        """Leave a template on the map as a zone (one undo step, logged)."""
        return self._run(
            initiator, zones.place_zone, name, tuple(squares), duration, owner, hidden
        )

    def remove_zone(self, zone_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, zones.remove_zone, zone_id)

    def sustain_zone(self, zone_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, zones.sustain_zone, zone_id)

    def set_zone_hidden(
        self, zone_id: str, hidden: bool, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, zones.set_zone_hidden, zone_id, hidden)
