"""Headless geometry questions about an encounter: distance, sight, area, path (issue 3).

Qt-free and shapely-free: builds a `geometry.Battlefield` from a model `Encounter` and asks the
geometry package. `orcus_desktop.cli` turns the answers into JSON; the GM's panels can call the
same functions.
"""

from __future__ import annotations

from dataclasses import dataclass

from orcus_desktop.geometry.areas import burst_squares, creatures_in_area
from orcus_desktop.geometry.battlefield import Battlefield, Occupant, UnknownOccupantError
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance
from orcus_desktop.geometry.movement import cheapest_path
from orcus_desktop.geometry.sight import AttackOrigin, sight
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.ruleset import ORCUS, Ruleset


class QueryError(ValueError):
    """A question that cannot be answered (unknown id, square off the grid); one-line message."""


@dataclass(frozen=True, slots=True)
class SightAnswer:
    """`sight_query`'s answer, with the names the JSON uses."""

    line_of_sight: bool
    line_of_effect: bool
    cover: str
    concealment: str


@dataclass(frozen=True, slots=True)
class AreaAnswer:
    """`area_query`'s answer: squares and affected creature ids, both sorted."""

    squares: tuple[Square, ...]
    creatures: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PathAnswer:
    """`path_query`'s answer; `cost` is None and `path` empty when no legal path exists."""

    reachable: bool
    cost: int | None
    path: tuple[Square, ...]
    provokes: tuple[str, ...]


def battlefield_from_encounter(encounter: Encounter) -> Battlefield:
    """The geometry view of an encounter: grid, walls, terrain and the creatures as occupants."""
    return Battlefield(
        bounds=encounter.grid,
        walls=tuple(entry.wall for entry in encounter.walls),
        terrain=encounter.terrain,
        occupants=tuple(
            Occupant(id=c.id, space=c.space, side=c.side, speed=c.speed)
            for c in encounter.creatures
        ),
    )


def _occupant(battlefield: Battlefield, creature_id: str) -> Occupant:
    try:
        return battlefield.occupant(creature_id)
    except UnknownOccupantError:
        raise QueryError(f"no creature with id {creature_id!r} in the encounter") from None


def _on_grid(encounter: Encounter, square: Square) -> None:
    if not encounter.grid.contains(square):
        raise QueryError(
            f"square {square.col},{square.row} is off the grid "
            f"({encounter.grid.columns} columns x {encounter.grid.rows} rows)"
        )


def distance_query(encounter: Encounter, from_id: str, to_id: str) -> int:
    """Squares between two creatures' spaces, diagonals counting 1 (000 "Range")."""
    battlefield = battlefield_from_encounter(encounter)
    a = _occupant(battlefield, from_id)
    b = _occupant(battlefield, to_id)
    return space_distance(a.space, b.space)


def sight_query(
    encounter: Encounter, from_id: str, to_id: str, ruleset: Ruleset = ORCUS
) -> SightAnswer:
    """Line of sight, line of effect, cover and concealment of `to_id` against `from_id`.

    Concealment is the one a melee or ranged attack would face (Near and Far attacks ignore it).
    The cover degree buckets the hidden share by the ruleset's cover scale.
    """
    battlefield = battlefield_from_encounter(encounter)
    _occupant(battlefield, from_id)
    _occupant(battlefield, to_id)
    try:
        buckets = ruleset.cover.buckets()
    except ValueError as exc:
        raise QueryError(f"ruleset {ruleset.id!r}: {exc}") from None
    result = sight(battlefield, from_id, to_id, AttackOrigin.RANGED, buckets)
    return SightAnswer(
        line_of_sight=result.line_of_sight,
        line_of_effect=result.line_of_effect,
        cover=result.cover.degree.value,
        concealment=result.concealment.value,
    )


def area_query(encounter: Encounter, shape: str, size: int, origin: Square) -> AreaAnswer:
    """A Far burst: its squares on the grid and the creatures it affects.

    Creatures count once each and only with line of effect from the origin square (000 "Areas
    of effect", docs/rulings.md R-12).
    """
    if shape != "burst":
        raise QueryError(f"unsupported area shape {shape!r} (only 'burst')")
    if size < 0:
        raise QueryError("the burst size must be 0 or more")
    _on_grid(encounter, origin)
    battlefield = battlefield_from_encounter(encounter)
    squares = burst_squares(origin, size, encounter.grid)
    creatures = creatures_in_area(battlefield, squares, Space(origin, Size.MEDIUM))
    return AreaAnswer(tuple(squares), tuple(creatures))


def path_query(encounter: Encounter, creature_id: str, destination: Square) -> PathAnswer:
    """The creature's cheapest walk to a square, whether its speed covers it, what it provokes."""
    _on_grid(encounter, destination)
    battlefield = battlefield_from_encounter(encounter)
    _occupant(battlefield, creature_id)
    result = cheapest_path(battlefield, creature_id, destination)
    return PathAnswer(result.reachable, result.cost, result.path, result.provokes)
