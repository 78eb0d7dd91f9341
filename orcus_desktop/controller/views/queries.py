"""Headless geometry questions about an encounter: distance, sight, area, path (issue 3).

Qt-free and shapely-free: asks the geometry package on the same battlefield the map uses
(`controller.battlefield_builder`: the dead leave the field, and who cannot react does not
threaten), so "the same engine, headless" holds. `orcus_desktop.cli` turns the answers into JSON.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from orcus_desktop.controller.battlefield_builder import battlefield_for
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.outcomes import no_creature
from orcus_desktop.geometry.areas import burst_squares, creatures_in_area
from orcus_desktop.geometry.battlefield import Battlefield, Occupant, UnknownOccupantError
from orcus_desktop.geometry.cover import space_cover
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance
from orcus_desktop.geometry.paths import cheapest_path
from orcus_desktop.geometry.routes import Route
from orcus_desktop.geometry.sight import (
    space_concealment,
    space_reaches_space,
    space_sees_space,
)
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.ruleset import ORCUS, Ruleset
from orcus_desktop.vocabulary import Origin


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


def _battlefield(encounter: Encounter, ruleset: Ruleset) -> Battlefield:
    # No roll is made: the rules only answer who is dead and who can react.
    return battlefield_for(encounter, CombatRules(random.Random(0), ruleset))


def _occupant(battlefield: Battlefield, encounter: Encounter, creature_id: str) -> Occupant:
    try:
        return battlefield.occupant(creature_id)
    except UnknownOccupantError:
        creature = encounter.find_creature(creature_id)
        if creature is not None:
            raise QueryError(f"{creature.name} is dead: the dead neither see nor block") from None
        raise QueryError(no_creature(creature_id)) from None


def _on_grid(encounter: Encounter, square: Square) -> None:
    if not encounter.grid.contains(square):
        raise QueryError(
            f"square {square.col},{square.row} is off the grid "
            f"({encounter.grid.columns} columns x {encounter.grid.rows} rows)"
        )


def distance_query(encounter: Encounter, from_id: str, to_id: str) -> int:
    """Squares between two creatures' spaces, diagonals counting 1 (000 "Range"); the dead too."""
    spaces = []
    for creature_id in (from_id, to_id):
        creature = encounter.find_creature(creature_id)
        if creature is None:
            raise QueryError(no_creature(creature_id))
        spaces.append(creature.space)
    return space_distance(*spaces)


def sight_query(
    encounter: Encounter, from_ref: str | Square, to_ref: str | Square, ruleset: Ruleset = ORCUS
) -> SightAnswer:
    """Line of sight, line of effect, cover and concealment of `to_ref` against `from_ref`.

    Each end is a creature's id or a square (a medium space there), so a map's walls and doors
    can be checked without creatures; a creature standing on a queried square neither blocks
    nor covers that end. Concealment is the one a melee or ranged attack would face (Near and
    Far attacks ignore it). The cover degree buckets the hidden share by the ruleset's cover
    scale.
    """
    battlefield = _battlefield(encounter, ruleset)
    attacker = _end(battlefield, encounter, from_ref)
    target = _end(battlefield, encounter, to_ref)
    probed = {ref for ref in (from_ref, to_ref) if isinstance(ref, Square)}
    if probed:
        battlefield = battlefield.with_occupants(
            o for o in battlefield.occupants if not any(o.space.contains(sq) for sq in probed)
        )
    buckets = ruleset.cover_buckets()
    sees = space_sees_space(battlefield, attacker.space, target.space)
    concealment = space_concealment(battlefield, attacker, target, Origin.RANGED, sees=sees)
    return SightAnswer(
        line_of_sight=sees,
        line_of_effect=space_reaches_space(battlefield, attacker.space, target.space),
        cover=space_cover(battlefield, attacker, target, buckets).degree.value,
        concealment=concealment.value,
    )


def _end(battlefield: Battlefield, encounter: Encounter, ref: str | Square) -> Occupant:
    """A creature by id, or a medium space on a square (a probe no creature id can name)."""
    if isinstance(ref, Square):
        _on_grid(encounter, ref)
        return Occupant(id=f"square {ref.col},{ref.row}", space=Space(ref, Size.MEDIUM), side="")
    return _occupant(battlefield, encounter, ref)


def area_query(
    encounter: Encounter, shape: str, size: int, origin: Square, ruleset: Ruleset = ORCUS
) -> AreaAnswer:
    """A Far burst: its squares on the grid and the creatures it affects.

    Creatures count once each and only with line of effect from the origin square (000 "Areas
    of effect", docs/rulings.md R-12).
    """
    if shape != "burst":
        raise QueryError(f"unsupported area shape {shape!r} (only 'burst')")
    if size < 0:
        raise QueryError("the burst size must be 0 or more")
    _on_grid(encounter, origin)
    battlefield = _battlefield(encounter, ruleset)
    squares = burst_squares(origin, size, encounter.grid)
    creatures = creatures_in_area(battlefield, squares, Space(origin, Size.MEDIUM))
    return AreaAnswer(tuple(squares), tuple(creatures))


def path_query(
    encounter: Encounter,
    creature_id: str,
    destination: Square,
    ruleset: Ruleset = ORCUS,
    *,
    via: tuple[Square, ...] = (),
) -> PathAnswer:
    """The creature's cheapest walk to a square, whether its speed covers it, what it provokes.

    It agrees with the map's drag preview of a walk: the dead do not block, and only enemies
    able to take an opportunity action are provoked; among walks as cheap, the one that
    provokes the fewest. ``via``: waypoints it passes through, in order (`geometry/routes.py`).
    """
    for square in (*via, destination):
        _on_grid(encounter, square)
    battlefield = _battlefield(encounter, ruleset)
    _occupant(battlefield, encounter, creature_id)
    result = cheapest_path(battlefield, creature_id, destination, route=Route(via))
    return PathAnswer(result.reachable, result.cost, result.path, result.provokes)
