"""Read-only questions with no other home, each `(Engine, Encounter, ...) -> answer`.

Asked through `GameSession.ask` (`session.ask(questions.illumination, players=True)`), like
every question a use-case module answers itself (`session.ask(movement.reachable_squares,
...)`); none changes the document.
"""

from __future__ import annotations

from orcus_desktop.controller.battlefield_builder import players_battlefield
from orcus_desktop.controller.engine import Engine
from orcus_desktop.geometry.lighting import LevelGrid, light_levels
from orcus_desktop.model.encounter import Encounter


def illumination(engine: Engine, encounter: Encounter, *, players: bool = False) -> LevelGrid:
    """The `Illumination` of every square now, (rows, columns) (000 "Vision and Light").

    `players`: as the players' view shows it, without the light of hidden creatures.
    """
    field = engine.battlefield(encounter)
    if players:
        field = players_battlefield(field, encounter)
    return light_levels(field)
