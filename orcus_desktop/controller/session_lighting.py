"""The light edits as `GameSession` methods: light sources, ambient light, magical darkness.

A mixin of the façade (`session.py`), like `session_gm_edits`: each method delegates to
`lighting_edits` through `GameSession._run`, so every edit is one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable

from orcus_desktop.controller import lighting_edits
from orcus_desktop.controller.battlefield_builder import players_battlefield
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.geometry.lighting import LevelGrid, light_levels
from orcus_desktop.model.lighting import LightSource


class LightingCommands(SessionFamily):
    """The lighting family of `GameSession` (see the module docstring)."""

    def illumination(self, *, players: bool = False) -> LevelGrid:
        """The `Illumination` of every square now, (rows, columns) (000 "Vision and Light").

        `players`: as the players' view shows it, without the light of hidden creatures.
        """
        field = self.battlefield()
        if players:
            field = players_battlefield(field, self.encounter)
        return light_levels(field)

    def add_light(self, source: LightSource, initiator: object = None) -> OperationResult:
        """Place a light (its id comes back as `created_id`)."""
        return self._run(initiator, lighting_edits.add_light, source)

    def update_light(self, source: LightSource, initiator: object = None) -> OperationResult:
        """Change a light (matched by id): radii, colour, bearer, lit or put out."""
        return self._run(initiator, lighting_edits.update_light, source)

    def remove_light(self, light_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, lighting_edits.remove_light, light_id)

    def set_ambient_light(self, level: Illumination, initiator: object = None) -> OperationResult:
        return self._run(initiator, lighting_edits.set_ambient_light, level)

    def paint_magical_darkness(
        self, squares: Iterable[Square], erase: bool = False, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, lighting_edits.paint_magical_darkness, squares, erase)
