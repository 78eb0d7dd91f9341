"""A walk that provokes stops where it provokes; the rest of it waits in `combat.pending`.

000 "Opportunity Attacks": "The attack occurs right before the creature leaves your reach";
000 "Immediate Actions": an interrupt comes first and "that creature can continue its action
right after". So a provoking move (a walk, a dash, a crawl, a squeeze) goes square by square:
the token stops on the square where it provokes, the enemies provoked there are offered their
opportunity attacks, and the rest of the path is held (`PendingAttack` of kind "move"). When
the last offer is taken or let pass (`interrupts.settle`), the move goes on to the next
provoking square or to its end — unless the mover can no longer move (dead, unconscious,
immobilized, restrained, knocked prone on a walk...) or is no longer where it stopped: then
the rest of the move does not happen. Each enemy is offered once per move, on the square
where it is first left behind (docs/rulings.md R-02); the move's action is spent when it
starts, so undoing the opportunity attack brings back the stop, not a second move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from orcus_desktop.controller import placement
from orcus_desktop.controller.availability import stopped
from orcus_desktop.controller.combat_rules import opportunity_spent
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import MoveMode
from orcus_desktop.geometry.grid import Space, Square, spaces_adjacent
from orcus_desktop.model.combat import PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.conditions import MovementLimit, rules_for
from orcus_desktop.vocabulary import CreatureId

MOVE = "move"
"""The `PendingAttack.kind` of a held move (its options: "path", "mode", "waiting")."""


def walk(
    engine: Engine,
    encounter: Encounter,
    mover_id: str,
    path: Sequence[Square],
    waiting: Sequence[str],
    mode: str,
) -> Encounter:
    """Move along `path` (from the mover's square) until the next square that provokes.

    Args:
        engine: the shared engine (offers, grapples).
        encounter: the snapshot, the move's action already spent.
        mover_id: who moves.
        path: the squares still to walk, the mover's own square first.
        waiting: the provoked enemies not offered yet, each offered on the first square of
            `path` (but the last) next to it.
        mode: the move's mode ("walk", "dash"...), kept for the rest of the move.

    Returns:
        The encounter with the mover on the stopping square, the offers made and the rest of
        the move held, or with the mover at the end of the path when nothing more provokes.
    """
    mover = encounter.creature(mover_id)
    first: dict[int, list[str]] = {}
    for enemy_id in waiting:
        index = _provoking_index(encounter, mover_id, enemy_id, path)
        if index is not None:
            first.setdefault(index, []).append(enemy_id)
    for index in sorted(first):
        offered = _offerable(engine, encounter, first[index])
        if not offered:
            continue
        stop = _stop_index(engine, encounter, mover_id, path, index)
        rest = [e for i, group in first.items() if i > index for e in group]
        encounter = engine.check_grapples(encounter.with_creature(mover.moved_to(path[stop])))
        encounter = engine.offer_opportunity(encounter, offered)
        held = PendingAttack(
            attacker=CreatureId(mover_id),
            kind=MOVE,
            power="",
            options=freeze(
                {"path": [list(s) for s in path[stop:]], "mode": mode, "waiting": rest}
            ),
            text=f"The rest of {mover.name}'s move",
        )
        combat = replace(encounter.combat, pending=held).logged(
            "attack_held", held.attacker, (), {"what": held.text, "provoked": offered}
        )
        return encounter.with_combat(combat)
    return engine.check_grapples(encounter.with_creature(mover.moved_to(path[-1])))


def resume(engine: Engine, encounter: Encounter, held: PendingAttack) -> Encounter:
    """Go on with a held move once its offers are settled (`held` already off `pending`).

    The rest of the move does not happen (logged "move_stopped") when the mover can no
    longer move on its own, or when something moved it off the square where it stopped.
    """
    mover = encounter.find_creature(held.attacker)
    if mover is None:
        return encounter
    path = [Square(*p) for p in held.options.get("path", ())]
    mode = str(held.options.get("mode", "walk"))
    waiting = [str(i) for i in held.options.get("waiting", ())]
    if not path or mover.square != path[0] or _cannot_go_on(engine, encounter, mover.id, mode):
        combat = encounter.combat.logged(
            "move_stopped", held.attacker, (), {"at": list(mover.square)}
        )
        return encounter.with_combat(combat)
    return walk(engine, encounter, mover.id, path, waiting, mode)


def _cannot_go_on(engine: Engine, encounter: Encounter, mover_id: str, mode: str) -> bool:
    """Dead, helpless or held in place; or knocked prone while walking (000 "Prone": crawl)."""
    if stopped(engine.rules, encounter, mover_id):
        return True
    limits = (rules_for(c, engine.ruleset) for c in engine.rules.conditions(encounter, mover_id))
    crawl_only = any(limit.movement is MovementLimit.CRAWL_ONLY for limit in limits)
    return crawl_only and mode != MoveMode.CRAWL.value


def _provoking_index(
    encounter: Encounter, mover_id: str, enemy_id: str, path: Sequence[Square]
) -> int | None:
    """The first square of `path` (but the last) whose leaving provokes `enemy_id`."""
    enemy = encounter.find_creature(enemy_id)
    if enemy is None:
        return None
    size = encounter.creature(mover_id).size
    for index, square in enumerate(path[:-1]):
        if spaces_adjacent(Space(square, size), enemy.space):
            return index
    return None


def _offerable(engine: Engine, encounter: Encounter, enemy_ids: Sequence[str]) -> list[str]:
    """The enemies that may still take an opportunity attack (docs/rulings.md R-02)."""
    combat = encounter.combat
    return [
        i
        for i in enemy_ids
        if (c := combat.find(i)) is not None and not opportunity_spent(engine.ruleset, combat, c)
    ]


def _stop_index(
    engine: Engine, encounter: Encounter, mover_id: str, path: Sequence[Square], index: int
) -> int:
    """Where the mover waits: the provoking square, or the last one before it it may stand in.

    Passing through an ally's square, the token cannot wait there (000 "Moving Around Other
    Creatures"); it waits on the last free square before it, and the opportunity attack is
    still made as from the provoking square (`interrupts.opportunity_attack`).
    """
    mover = encounter.creature(mover_id)
    shared = engine.ruleset.hooks.movement_policy.occupancy.ends
    for back in range(index, 0, -1):
        problem = placement.destination_problem(encounter, mover, path[back])
        if not problem or (shared and problem.startswith("occupied")):
            return back
    return 0
