"""Forced movement a hit imposed that the GM has still to place: `combat.owed_forced_moves`.

000 "Unwilling Movement": the attacker chooses where a pushed, pulled or slid creature ends,
up to the distance; the GM clicks it on the map (`ForcedMoveTool`) or leaves it where it is (a
power says "up to"). The owed moves live in the document, as the held attack does, so that
undo, autosave and crash recovery keep them in step: the attack records them in its own undo
step, and the step that places or leaves one removes it. A move with nowhere to go is not
owed: the hit already says what happened.

These are pure snapshot transitions; `GameSession` pushes them as undo steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from orcus_desktop.geometry.battlefield import Battlefield, UnknownOccupantError
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import OwedForcedMove
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind

BattlefieldOf = Callable[[Encounter], Battlefield]
"""Builds (or returns the cached) battlefield of a snapshot (`Engine.battlefield`)."""


def destinations(
    battlefield: Battlefield, owed: OwedForcedMove
) -> dict[Square, tuple[Square, ...]]:
    """Where the owed move may end, with the path to each (empty: nowhere, or no target)."""
    try:
        return forced_destinations(
            battlefield,
            owed.target,
            owed.kind,
            owed.squares,
            source_id=owed.source,
        )
    except (UnknownOccupantError, ValueError):
        return {}


def owe(
    encounter: Encounter,
    attacker_id: str,
    forced: Iterable[tuple[str, str, int]],
    battlefield_of: BattlefieldOf,
) -> Encounter:
    """The snapshot with the forced movement of an attack's hits owed, after any still owed.

    Args:
        encounter: the snapshot after the attack.
        attacker_id: who attacked (what "away" and "towards" refer to).
        forced: (target id, kind, squares) per forced movement, as `AttackOutcome.forced`.
        battlefield_of: the battlefield of a snapshot.
    """
    owed = tuple(
        OwedForcedMove(
            CreatureId(target), ForcedMovementKind(kind), squares, CreatureId(attacker_id)
        )
        for target, kind, squares in forced
    )
    if not owed:
        return encounter
    combat = encounter.combat
    encounter = encounter.with_combat(
        replace(combat, owed_forced_moves=(*combat.owed_forced_moves, *owed))
    )
    return _without_stuck(encounter, battlefield_of)


def holds_pending(encounter: Encounter) -> bool:
    """Whether the action waiting in `combat.pending` waits for a move owed on its actor.

    An interrupt's push of the mover or the attacker comes first; the action then goes on
    from where it was put (003-18; docs/rulings.md R-103).
    """
    combat = encounter.combat
    held = combat.pending
    return held is not None and any(m.target == held.attacker for m in combat.owed_forced_moves)


def placed(encounter: Encounter, target_id: str, battlefield_of: BattlefieldOf) -> Encounter:
    """The snapshot once the target's owed move was carried out (the first one for it).

    Moves owed to others that can no longer go anywhere (the first push took the only free
    square) are dropped in the same step.
    """
    return _without_stuck(_drop(encounter, target_id), battlefield_of)


def left(encounter: Encounter, target_id: str | None) -> Encounter:
    """The snapshot with the target's owed move (None: every owed move) left undone.

    Raises:
        ValueError: no such move is owed.
    """
    combat = encounter.combat
    if not combat.owed_forced_moves:
        raise ValueError("no forced movement is owed")
    if target_id is None:
        return encounter.with_combat(replace(combat, owed_forced_moves=()))
    if all(m.target != target_id for m in combat.owed_forced_moves):
        raise ValueError(f"no forced movement is owed for {target_id!r}")
    return _drop(encounter, target_id)


def _drop(encounter: Encounter, target_id: str) -> Encounter:
    combat = encounter.combat
    owed = list(combat.owed_forced_moves)
    for i, move in enumerate(owed):
        if move.target == target_id:
            del owed[i]
            break
    return encounter.with_combat(replace(combat, owed_forced_moves=tuple(owed)))


def _without_stuck(encounter: Encounter, battlefield_of: BattlefieldOf) -> Encounter:
    combat = encounter.combat
    if not combat.owed_forced_moves:
        return encounter
    field = battlefield_of(encounter)
    kept = tuple(m for m in combat.owed_forced_moves if destinations(field, m))
    if kept == combat.owed_forced_moves:
        return encounter
    return encounter.with_combat(replace(combat, owed_forced_moves=kept))
