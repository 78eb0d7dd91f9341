"""Who a walk provokes: the enemies a path leaves from beside, that see the mover there.

000 "Opportunity Attacks": "You can make an opportunity attack when a hostile creature that you
can see moves out of your reach"; 000 "Moving Around Other Creatures": "If you leave a square
adjacent to an enemy ... you provoke". docs/rulings.md R-02 (adjacent only, once each; a shift,
a teleport and forced movement never provoke) and R-113 ("can see" is `seeing.sees`: not
blinded, no total concealment; an adjacent mover in darkness or dim light is seen). The enemy
must also have line of effect to strike.

A drag preview asks this for every square the pointer crosses, so the whole path is worked out
at once: adjacency with numpy, then one batched sight question and one line-of-effect question
for the (enemy, square left) pairs found.
"""

from __future__ import annotations

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import Space, Square
from orcus_desktop.geometry.seeing import why_unseen
from orcus_desktop.geometry.sight import spaces_reach_spaces, spaces_see_spaces
from orcus_desktop.vocabulary import MoveMode


def provoked_by(
    battlefield: Battlefield,
    mover_id: str,
    path: tuple[Square, ...] | list[Square],
    mode: MoveMode = MoveMode.WALK,
) -> tuple[str, ...]:
    """Enemies a path provokes, in order, each once (docs/rulings.md R-02, R-113).

    Leaving a square adjacent to an enemy that can see the mover on it provokes that enemy,
    even if the mover stays adjacent. Shifting and teleporting never provoke
    (`MoveMode.provokes`); crawling does (000 "Being Prone").
    """
    if not mode.provokes:
        return ()
    mover = battlefield.occupant(mover_id)
    enemies = [
        o
        for o in battlefield.occupants
        if o.id != mover.id and mover.is_enemy_of(o) and o.can_take_opportunity_actions
    ]
    left = list(path[:-1])
    if not enemies or not left:
        return ()
    # Which enemies each square left is adjacent to, for the whole path at once: adjacent
    # spaces are 1 apart (`spaces_adjacent`), per axis the gap between the square ranges.
    n = mover.space.side
    pc = np.fromiter((sq.col for sq in left), dtype=np.int64, count=len(left))[:, None]
    pr = np.fromiter((sq.row for sq in left), dtype=np.int64, count=len(left))[:, None]
    ec = np.fromiter((e.square.col for e in enemies), dtype=np.int64, count=len(enemies))
    er = np.fromiter((e.square.row for e in enemies), dtype=np.int64, count=len(enemies))
    es = np.fromiter((e.space.side for e in enemies), dtype=np.int64, count=len(enemies))
    d_col = np.maximum(np.maximum(ec - (pc + n - 1), pc - (ec + es - 1)), 0)
    d_row = np.maximum(np.maximum(er - (pr + n - 1), pr - (er + es - 1)), 0)
    at, who = np.nonzero(np.maximum(d_col, d_row) == 1)  # path order, then enemy order
    if not len(at):
        return ()
    # The enemy must see the mover on the square it leaves and have line of effect to it.
    # Both lines for every pair in one batched (cached) query each; what else seeing needs
    # (blindness, light, senses: `seeing.why_unseen`) only for an enemy not yet provoked.
    spaces = [
        (enemies[j].space, Space(left[i], mover.size))
        for i, j in zip(at.tolist(), who.tolist(), strict=True)
    ]
    lines = spaces_see_spaces(battlefield, spaces)
    reaches = spaces_reach_spaces(battlefield, spaces)
    provoked: list[str] = []
    for i, j, line, reach in zip(at.tolist(), who.tolist(), lines, reaches, strict=True):
        enemy = enemies[j]
        if not (line and reach) or enemy.id in provoked:
            continue
        if why_unseen(battlefield, enemy, mover.moved_to(left[i]), line=True) is None:
            provoked.append(enemy.id)
    return tuple(provoked)
