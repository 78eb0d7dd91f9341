"""Placing a creature from the library: the entry dragged, the new creature, the drop preview."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from orcus_desktop.controller.movement.placement import destination_problem
from orcus_desktop.controller.tools.pointer import Point, ToolPreview, drop_square
from orcus_desktop.geometry.grid import Size
from orcus_desktop.model.creature_names import default_name, split_number
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.file_format.limits import MAX_CREATURES, MAX_NAME_CHARS
from orcus_desktop.vocabulary import CreatureId


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """A creature the GM can drag from the palette: enough to place it, plus its stat block.

    Attributes:
        name: shown in the palette and on the token.
        side: "heroes" or "monsters" (or another side).
        size: the size category.
        speed: walking speed in squares.
        statblock: the stat block as stored in the library file.
        source: the library file's name, for the palette's tooltip.
    """

    name: str
    side: str
    size: Size = Size.MEDIUM
    speed: int = 6
    statblock: Mapping[str, Any] = field(default_factory=dict, compare=False)
    source: str = ""


def new_creature_id(encounter: Encounter, name: str) -> CreatureId:
    """An id for a new creature: its name as a slug plus the first free number."""
    slug = (
        "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split()) or "creature"
    )
    # Room for "-N" within the id limit (issue 29: a 199-character name made a 201-character
    # id, saved, then refused on reopen).
    slug = slug[: MAX_NAME_CHARS - 1 - len(str(MAX_CREATURES))].rstrip("-") or "creature"
    taken = set(encounter.creature_ids())
    n = 1
    while f"{slug}-{n}" in taken:
        n += 1
    return CreatureId(f"{slug}-{n}")


def creature_from_entry(encounter: Encounter, entry: LibraryEntry, grid_xy: Point) -> Creature:
    """A new creature for `entry`, placed with its space centred under `grid_xy`.

    A creature of a kind already on the map takes the lowest free number of that kind
    ("Goblin Warrior 3" after 1 and 2; a second "Ogre" is "Ogre 2": model/creature_names.py),
    so that the log, the initiative and the GM can tell them apart.
    """
    creature_id = new_creature_id(encounter, entry.name)
    name = entry.name
    kind = split_number(name)[0].casefold()
    if any(split_number(c.name)[0].casefold() == kind for c in encounter.creatures):
        name = default_name(name, encounter.creatures)
    return Creature(
        id=creature_id,
        name=name,
        side=entry.side,
        size=entry.size,
        square=drop_square(entry.size, grid_xy),
        speed=entry.speed,
        statblock=MappingProxyType(dict(entry.statblock)),
    )


def placement_preview(encounter: Encounter, entry: LibraryEntry, grid_xy: Point) -> ToolPreview:
    """The footprint a dropped entry would take, red with the reason where it cannot stand.

    The reason is the one `editing.place_creature` gives (`controller.movement.placement`), so the
    GM reads it before letting go; the drop itself still asks the session.
    """
    creature = creature_from_entry(encounter, entry, grid_xy)
    problem = destination_problem(encounter, creature, creature.square)
    square = creature.square
    return ToolPreview(
        squares=frozenset(creature.space.squares()),
        path_ok=not problem,
        label=f"{entry.name}: {problem}" if problem else entry.name,
        label_at=(square.col + entry.size.side_units, float(square.row)),
    )
