"""Forced movement: push, pull and slip (slide) destinations for the GM to pick from.

000 "Unwilling Movement": push X moves the creature X squares, "each move must be away from the
attacker (or from the origin of the attack, if it is a Far attack)"; pull, each move towards
it; slip (slide), any way. The creature stops at obstacles: it never steps through a wall,
window, closed door or past a blocking corner (the same step rules as walking), and never into
another creature's space. Difficult terrain does not slow it, and forced movement never provokes
(000 "Opportunity Attacks"). Distances are between spaces (000 "Range"). Under 003 the path
must also be one of 003's Lines from the start (003-44, `lines_between`; docs/rulings.md R-83).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance
from orcus_desktop.geometry.lines import lines_between
from orcus_desktop.geometry.movement import STEPS, forced_plan
from orcus_desktop.vocabulary import ForcedMovementKind

_STEP_INDEX: Final = {step: k for k, step in enumerate(STEPS)}


def forced_destinations(
    battlefield: Battlefield,
    target_id: str,
    kind: ForcedMovementKind,
    squares: int,
    *,
    source: Space | None = None,
    source_id: str | None = None,
    along_lines: bool = False,
) -> dict[Square, tuple[Square, ...]]:
    """Every square the target can be moved to with 1..`squares` forced steps, with a path.

    Args:
        battlefield: the map.
        target_id: the creature moved.
        kind: push, pull or slip.
        squares: the X of "push X".
        source: what "away"/"towards" refers to: the attacker's space, or for a Far attack the
            origin square (as a 1x1 space).
        source_id: alternatively, the attacker's id.
        along_lines: 003-44: only the destinations one of whose Lines (003-02) from the start
            the target can follow step by step (each step as above), that Line as the path.

    Returns:
        {destination top-left square: the squares passed, start excluded}; the start itself is
        not a destination (the GM may always choose not to move the creature when the power
        says "up to").
    """
    target = battlefield.occupant(target_id)
    if source is None and source_id is not None:
        source = battlefield.occupant(source_id).space
    if kind is not ForcedMovementKind.SLIP and source is None:
        raise ValueError("push and pull need the attacker or the attack's origin")
    allowed = _step_rule(battlefield, target, kind, source)
    if along_lines:
        return _along_lines(battlefield, target.square, squares, allowed)
    return _step_by_step(target.square, squares, allowed)


_StepRule = Callable[[Square, Square], bool]


def _step_rule(
    battlefield: Battlefield, target: Occupant, kind: ForcedMovementKind, source: Space | None
) -> _StepRule:
    """Whether one forced step to a neighbouring square is inside, unblocked, away or towards."""
    plan = forced_plan(battlefield, target)
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    size: Size = target.size

    def allowed(here: Square, to: Square) -> bool:
        if not (0 <= to.row < rows and 0 <= to.col < cols):
            return False
        k = _STEP_INDEX[(to.col - here.col, to.row - here.row)]
        if not plan.step_ok[k, here.row, here.col] or not plan.end_ok[to.row, to.col]:
            return False
        if source is None or kind is ForcedMovementKind.SLIP:
            return True
        before = space_distance(Space(here, size), source)
        after = space_distance(Space(to, size), source)
        return after > before if kind is ForcedMovementKind.PUSH else after < before

    return allowed


def _along_lines(
    battlefield: Battlefield, start: Square, squares: int, allowed: _StepRule
) -> dict[Square, tuple[Square, ...]]:
    """003-44: the squares within reach one of whose Lines (003-02) the target can follow."""
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    found: dict[Square, tuple[Square, ...]] = {}
    for col in range(max(0, start.col - squares), min(cols, start.col + squares + 1)):
        for row in range(max(0, start.row - squares), min(rows, start.row + squares + 1)):
            to = Square(col, row)
            for line in lines_between(start, to) if to != start else ():
                steps = zip((start, *line), line, strict=False)
                if all(allowed(here, there) for here, there in steps):
                    found[to] = line
                    break
    return found


def _step_by_step(
    start: Square, squares: int, allowed: _StepRule
) -> dict[Square, tuple[Square, ...]]:
    """Every square 1..`squares` allowed steps away, with the first path found to it."""
    found: dict[Square, tuple[Square, ...]] = {}
    frontier: dict[Square, tuple[Square, ...]] = {start: ()}
    for _ in range(squares):
        nxt: dict[Square, tuple[Square, ...]] = {}
        for here, path in frontier.items():
            for dc, dr in STEPS:
                to = Square(here.col + dc, here.row + dr)
                if not allowed(here, to) or to == start or to in found or to in nxt:
                    continue
                nxt[to] = (*path, to)
        found.update(nxt)
        frontier = nxt
        if not frontier:
            break
    return found
