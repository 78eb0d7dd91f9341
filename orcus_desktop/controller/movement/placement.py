"""Where a creature may stand: the check behind placing a token and the GM's free move.

Paths, costs and provocation come from `orcus_desktop.geometry.movement`; this only answers
"may this creature's space be here?" with a reason the GM reads (000 "Moving Around Other
Creatures": no ending in another creature's space; docs/rulings.md R-17; no wall or blocking
square inside the creature's space).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import Size, Space, Square
from orcus_desktop.geometry.movement import walled_spaces
from orcus_desktop.geometry.walls import BoolArray
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.state import remove_condition


def destination_problem(encounter: Encounter, creature: Creature, square: Square) -> str:
    """Why `creature` cannot stand at `square`, or "" when it can."""
    space = Space(square, creature.size)
    if not encounter.grid.contains_space(space):
        return "off the grid"
    blocking = blocking_squares(encounter)
    if any(s in blocking for s in space.squares()):
        return "blocking terrain"
    if _walled(encounter, creature.size)[square.row, square.col]:
        return "a wall runs through its space"
    # 000 "Moving Around Other Creatures": you can't end your move in another creature's
    # space. docs/rulings.md R-17: up to four tiny ones share a square, and a tiny one may
    # end in a larger creature's space. 000 "Squeeze": a squeezing creature is "in the
    # smaller space" (R-131, R-229): its full space is free for others.
    squares = set(space.squares())
    sharing = [
        other
        for other in encounter.creatures
        if other.id != creature.id and squares & set(occupied_space(other).squares())
    ]
    if not sharing:
        return ""
    if creature.size is Size.TINY:
        tiny = [o for o in sharing if o.size is Size.TINY]
        if len(tiny) >= 4:
            return "occupied by four tiny creatures"
        return ""
    return f"occupied by {sharing[0].name}"


def squeezing_ended(encounter: Encounter, creature_id: str) -> Encounter:
    """A creature that moved on without squeezing stops squeezing once its space has room.

    000 "Squeeze": a squeezing creature fills a space one size smaller. Until its full space
    fits where it stands (off the others, on the grid, clear of blocking terrain and walls),
    it stays squeezed: a walk waiting for an opportunity attack beside the creature it
    squeezed next to keeps the smaller space (docs/rulings.md R-131).
    """
    creature = encounter.creature(creature_id)
    state = creature.state
    if state is None or not state.instances_of(Condition.SQUEEZING):
        return encounter
    if destination_problem(encounter, creature, creature.square):
        return encounter
    return encounter.with_creature(
        creature.with_state(remove_condition(state, Condition.SQUEEZING))
    )


def _walled(encounter: Encounter, size: Size) -> BoolArray:
    """Where a wall would run through a space of `size` (see `movement.walled_spaces`)."""
    if size.side_squares < 2:
        return np.zeros((encounter.grid.rows, encounter.grid.columns), dtype=np.bool_)
    field = Battlefield(
        bounds=encounter.grid,
        walls=tuple(entry.wall for entry in encounter.walls),
        terrain=encounter.terrain,
    )
    return walled_spaces(field, size.side_squares)


def blocking_squares(encounter: Encounter) -> set[Square]:
    return {s for p in encounter.terrain if p.kind is TerrainKind.BLOCKING for s in p.squares}


def free_squares(encounter: Encounter, creature: Creature) -> frozenset[Square]:
    """Every square where `creature` may stand (what `destination_problem` allows), fast.

    One pass over the grid with the occupied and blocking squares precomputed, for the GM's
    free-move highlight on large maps.
    """
    fits = _standing_test(encounter, creature)
    return frozenset(square for square in encounter.grid.squares() if fits(square))


def nearest_free_square(encounter: Encounter, creature: Creature, near: Square) -> Square | None:
    """The free square closest to `near` (fewest squares away, then the top row, then left).

    Searched ring by ring from `near`, so a token placed on a 1,000 x 1,000 map costs the
    squares around it, not a million (Enter in the creature library took 5 s there).
    """
    grid = encounter.grid
    return _nearest(encounter, near, _standing_test(encounter, creature), grid.columns + grid.rows)


SPREAD_RINGS = 12
"""How far from the view's centre Enter looks for a square with room around it."""


def spread_square(encounter: Encounter, creature: Creature, near: Square) -> Square | None:
    """Where Enter in the library places `creature`: near `near`, not touching anyone.

    The closest free square whose space has a free square of room on every side (issue 28:
    tokens placed one after another all landed touching in the middle); when none is within
    `SPREAD_RINGS` squares, the closest free square (`nearest_free_square`).
    """
    fits = _standing_test(encounter, creature)
    crowded = {
        s for other in encounter.creatures if other.id != creature.id for s in _with_ring(other)
    }

    def roomy(square: Square) -> bool:
        space = Space(square, creature.size)
        return fits(square) and not any(s in crowded for s in space.squares())

    found = _nearest(encounter, near, roomy, SPREAD_RINGS)
    return found if found is not None else nearest_free_square(encounter, creature, near)


def _with_ring(creature: Creature) -> set[Square]:
    """The creature's squares and every square touching them."""
    return {
        Square(s.col + dc, s.row + dr)
        for s in creature.space.squares()
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
    }


def _nearest(
    encounter: Encounter, near: Square, test: Callable[[Square], bool], rings: int
) -> Square | None:
    """The first square passing `test`, ring by ring from `near` (then top row, then left)."""
    grid = encounter.grid
    for ring in range(min(rings, max(grid.columns, grid.rows))):
        rows = range(max(0, near.row - ring), min(grid.rows, near.row + ring + 1))
        for row in rows:
            edge = abs(row - near.row) == ring
            cols = (
                range(max(0, near.col - ring), min(grid.columns, near.col + ring + 1))
                if edge
                else (near.col - ring, near.col + ring)
            )
            for col in cols:
                if 0 <= col < grid.columns and test(Square(col, row)):
                    return Square(col, row)
    return None


def _standing_test(encounter: Encounter, creature: Creature) -> Callable[[Square], bool]:
    """A test of where `creature` may stand (`destination_problem` says "").

    The occupied and blocking squares are gathered once, for many squares asked.
    """
    blocking = blocking_squares(encounter)
    occupied: dict[Square, list[Creature]] = {}
    for other in encounter.creatures:
        if other.id != creature.id:
            for square in other.space.squares():
                occupied.setdefault(square, []).append(other)
    side = creature.size.side_squares
    walled = _walled(encounter, creature.size)
    columns, rows = encounter.grid.columns, encounter.grid.rows

    def fits(square: Square) -> bool:
        if square.col + side > columns or square.row + side > rows:
            return False
        squares = Space(square, creature.size).squares()
        if any(s in blocking for s in squares) or walled[square.row, square.col]:
            return False
        sharing = {o.id: o for s in squares for o in occupied.get(s, ())}
        if not sharing:
            return True
        # docs/rulings.md R-17: up to four tiny ones share a square.
        tiny = sum(1 for o in sharing.values() if o.size is Size.TINY)
        return creature.size is Size.TINY and tiny < 4

    return fits
