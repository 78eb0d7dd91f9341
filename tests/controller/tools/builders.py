"""Builders shared by the pointer-tool tests: a small map, pointer events, a drag."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.move_tool import MoveTool
from orcus_desktop.controller.tools.pointer import (
    Button,
    KeyModifier,
    PointerEvent,
    PointerKind,
    ToolPreview,
)
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.vocabulary import CreatureId


def make_session(encounter: Encounter | None = None) -> GameSession:
    enc = encounter or Encounter(
        grid=GridBounds(12, 10),
        creatures=(
            Creature(CreatureId("hero"), "Hero", "heroes", Size.MEDIUM, Square(1, 1), speed=6),
            Creature(CreatureId("goblin"), "Goblin", "monsters", Size.SMALL, Square(2, 2)),
            Creature(CreatureId("ogre"), "Ogre", "monsters", Size.LARGE, Square(7, 5)),
        ),
        terrain=(TerrainPatch(TerrainKind.DIFFICULT, frozenset({Square(4, 1)})),),
        walls=(WallEntry(WallId("door"), Wall(WallKind.DOOR, ((9.0, 0.0), (9.0, 2.0)))),),
    )
    document = Document(enc)
    return GameSession(document, History(document), random.Random(0))


def ev(
    kind: PointerKind,
    x: float,
    y: float,
    buttons: Button = Button.LEFT,
    modifiers: KeyModifier = KeyModifier.NONE,
) -> PointerEvent:
    return PointerEvent(kind, (x, y), buttons, modifiers)


def drag(
    tool: MoveTool,
    start: tuple[float, float],
    end: tuple[float, float],
    modifiers: KeyModifier = KeyModifier.NONE,
) -> tuple[ToolPreview, ToolPreview]:
    """Press on `start`, move to `end`, release: (the preview at `end`, the release's answer)."""
    tool.on_pointer(ev(PointerKind.PRESS, *start, modifiers=modifiers))
    preview = tool.on_pointer(ev(PointerKind.MOVE, *end, modifiers=modifiers))
    return preview, tool.on_pointer(ev(PointerKind.RELEASE, *end, modifiers=modifiers))


def open_room() -> GameSession:
    enc = Encounter(
        grid=GridBounds(12, 10),
        creatures=(
            Creature(CreatureId("wizard"), "Wizard", "heroes", Size.MEDIUM, Square(1, 5)),
            Creature(CreatureId("goblin"), "Goblin", "monsters", Size.MEDIUM, Square(6, 5)),
            Creature(CreatureId("orc"), "Orc", "monsters", Size.MEDIUM, Square(7, 6)),
            Creature(CreatureId("hidden"), "Hidden", "monsters", Size.MEDIUM, Square(9, 5)),
        ),
        # A wall between the burst's centre and the "hidden" goblin blocks line of effect.
        walls=(WallEntry(WallId("w"), Wall(WallKind.WALL, ((9.0, 3.0), (9.0, 8.0)))),),
    )
    document = Document(enc)
    return GameSession(document, History(document), random.Random(0))


coords = st.integers(min_value=-30, max_value=30)
squares = st.builds(Square, coords, coords)
