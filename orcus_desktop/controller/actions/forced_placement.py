"""Placing or leaving the push, pull or slide a hit owes (000 "Unwilling Movement").

The step that carries out (or leaves) the last forced move owed on a creature whose action
waits in `combat.pending` (an interrupted walk, a held attack) lets that action go on in the
same step (`interrupts.settle`): 003-18 (003 l.235-239 "Resolving Interrupts") measures what
is left of it after the forced movement.
"""

from __future__ import annotations

from collections.abc import Sequence

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.attacks import owed_moves
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.movement.movement import ForcedMoveDetails, forced_move
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import ForcedMovementKind


def force_move(
    engine: Engine,
    encounter: Encounter,
    target_id: str,
    kind: str,
    squares: int,
    destination: Square,
    *,
    source_id: str | None = None,
    source_square: Square | None = None,
    collided_with: str | None = None,
    over_edge: bool = False,
    dice: Sequence[int] = (),
) -> Outcome:
    """Carry out a push, pull or slide the GM chose (000 "Unwilling Movement").

    003's collision and edge confirmations (`movement.forced_move`): ``collided_with``, the
    creature it was pushed into, ``over_edge``, a fall; ``dice``, their saving throws typed.
    """
    details = ForcedMoveDetails(source_id, source_square, collided_with, over_edge, tuple(dice))
    try:
        kind_moved = ForcedMovementKind(kind)
    except ValueError:
        return refuse("force_move", f"unknown forced movement {kind!r}")
    # Placing an owed push clears it in the same undo step (`owed_moves`).
    return run_step(
        "force_move",
        f"{kind_moved.value.capitalize()} {engine.name(encounter, target_id)}",
        encounter,
        lambda e: interrupts.settle(
            engine,
            owed_moves.placed(
                forced_move(engine, e, target_id, kind_moved, squares, destination, details),
                target_id,
                engine.battlefield,
            ),
        ),
        target_id,
    )


def leave_forced_move(
    engine: Engine, encounter: Encounter, target_id: str | None = None
) -> Outcome:
    """Leave an owed push, pull or slide undone (a power says "up to"; `owed_moves`).

    `target_id` None leaves every owed one. One undo step; refused when none is owed.
    """
    text = (
        f"Leave {engine.name(encounter, target_id)} where it is"
        if target_id
        else "Leave the forced movement"
    )
    return run_step(
        "leave_forced_move",
        text,
        encounter,
        lambda e: interrupts.settle(engine, owed_moves.left(e, target_id)),
        target_id,
    )
