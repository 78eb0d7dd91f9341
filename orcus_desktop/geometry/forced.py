"""Forced movement: push, pull and slide (slip) destinations for the GM to pick from.

000 "Unwilling Movement": push X moves the creature X squares, "each move must be away from the
attacker (or from the origin of the attack, if it is a Far attack)"; pull, each move towards
it; slip (slide), any way. The creature stops at obstacles: it never steps through a wall,
window, closed door or past a blocking corner (the same step rules as walking), and never into
another creature's space. Difficult terrain does not slow it, and forced movement never provokes
(000 "Opportunity Attacks"). Distances are between spaces (000 "Range").
"""

from __future__ import annotations

from enum import StrEnum

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance
from orcus_desktop.geometry.movement import STEPS, forced_plan


class ForcedKind(StrEnum):
    """The three kinds of unwilling movement (000 "Unwilling Movement")."""

    PUSH = "push"
    PULL = "pull"
    SLIDE = "slide"


def forced_destinations(
    battlefield: Battlefield,
    target_id: str,
    kind: ForcedKind,
    squares: int,
    *,
    source: Space | None = None,
    source_id: str | None = None,
) -> dict[Square, tuple[Square, ...]]:
    """Every square the target can be moved to with 1..`squares` forced steps, with a path.

    Args:
        battlefield: the map.
        target_id: the creature moved.
        kind: push, pull or slide.
        squares: the X of "push X".
        source: what "away"/"towards" refers to: the attacker's space, or for a Far attack the
            origin square (as a 1x1 space).
        source_id: alternatively, the attacker's id.

    Returns:
        {destination top-left square: the squares passed, start excluded}; the start itself is
        not a destination (the GM may always choose not to move the creature when the power
        says "up to").
    """
    target = battlefield.occupant(target_id)
    if source is None and source_id is not None:
        source = battlefield.occupant(source_id).space
    if kind is not ForcedKind.SLIDE and source is None:
        raise ValueError("push and pull need the attacker or the attack's origin")
    plan = forced_plan(battlefield, target)
    rows, cols = battlefield.bounds.rows, battlefield.bounds.columns
    size: Size = target.size
    start = target.square
    frontier: dict[Square, tuple[Square, ...]] = {start: ()}
    found: dict[Square, tuple[Square, ...]] = {}
    for _ in range(squares):
        nxt: dict[Square, tuple[Square, ...]] = {}
        for here, path in frontier.items():
            here_d = space_distance(Space(here, size), source) if source else 0
            for k, (dc, dr) in enumerate(STEPS):
                to = Square(here.col + dc, here.row + dr)
                if not (0 <= to.row < rows and 0 <= to.col < cols):
                    continue
                if not plan.step_ok[k, here.row, here.col] or not plan.end_ok[to.row, to.col]:
                    continue
                if source is not None and kind is not ForcedKind.SLIDE:
                    to_d = space_distance(Space(to, size), source)
                    if kind is ForcedKind.PUSH and to_d <= here_d:
                        continue
                    if kind is ForcedKind.PULL and to_d >= here_d:
                        continue
                if to == start or to in found or to in nxt:
                    continue
                nxt[to] = (*path, to)
        found.update(nxt)
        frontier = nxt
        if not frontier:
            break
    return found
