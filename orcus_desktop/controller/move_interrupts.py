"""A walk interrupted by opportunity attacks: the mover waits where it provokes (issue 13).

000 "Opportunity Attacks": "The attack occurs right before the creature leaves your reach";
000 "Immediate Actions": an interrupt happens first, and "that creature can continue its
action right after". So a walk that provokes stops on the first square it provokes from, the
enemies provoked there are offered their attacks, and the rest of the path waits in
`combat.pending` (a `PendingAttack` of kind "move"). When the last offer is taken or let pass,
`interrupts.settle` calls `resume`: the mover walks on (stopping again where it provokes an
enemy not yet offered), or stays where it is when an attack stopped it.

Where the provoking square is occupied (a move through an ally's space), the mover cannot wait
there: the walk completes and the attacks are resolved with the mover staged back on that
square (`interrupts.opportunity_attack`), as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from orcus_desktop.controller import placement
from orcus_desktop.controller.combat_rules import opportunity_spent
from orcus_desktop.controller.engine import Engine
from orcus_desktop.geometry.grid import Space, Square, spaces_adjacent
from orcus_desktop.model.combat import PendingAttack
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.conditions import MovementLimit, rules_for
from orcus_desktop.vocabulary import CreatureId

MOVE_KIND = "move"
"""`PendingAttack.kind` of a walk waiting for its opportunity attacks."""


@dataclass(frozen=True, slots=True)
class Interrupt:
    """Where a walk stops for opportunity attacks.

    Attributes:
        index: the path index of the square it provokes from.
        enemies: the enemies offered an attack there.
        later: the provoked enemies not offered yet (they provoke further along).
    """

    index: int
    enemies: tuple[str, ...]
    later: tuple[str, ...]


def provoking_index(path: Sequence[Square], mover: Creature, enemy: Creature) -> int | None:
    """The first square of `path` the mover leaves while next to `enemy`, or None."""
    for i, square in enumerate(path[:-1]):
        if spaces_adjacent(Space(square, mover.size), enemy.space):
            return i
    return None


def first_interrupt(
    engine: Engine,
    encounter: Encounter,
    mover: Creature,
    path: Sequence[Square],
    provokers: Sequence[str],
) -> Interrupt | None:
    """Where the walk along `path` first stops for an opportunity attack, or None.

    None when no provoked enemy can take one (outside combat, immediate action spent), or
    when the square it provokes from is not one the mover may stop in.
    """
    combat = encounter.combat
    if not combat.active:
        return None
    indices: dict[str, int] = {}
    for enemy_id in provokers:
        combatant = combat.find(enemy_id)
        enemy = encounter.find_creature(enemy_id)
        if (
            combatant is None
            or enemy is None
            or opportunity_spent(engine.ruleset, combat, combatant)
        ):
            continue
        index = provoking_index(path, mover, enemy)
        if index is not None:
            indices[enemy_id] = index
    if not indices:
        return None
    first = min(indices.values())
    if first > 0 and placement.destination_problem(encounter, mover, path[first]):
        return None
    now = tuple(e for e, i in indices.items() if i == first)
    later = tuple(e for e in provokers if e not in now)
    return Interrupt(first, now, later)


def wait_at(
    engine: Engine,
    encounter: Encounter,
    mover_id: str,
    path: Sequence[Square],
    interrupt: Interrupt,
    mode: str,
) -> Encounter:
    """Put the mover on the square it provokes from, offer the attacks, hold the rest."""
    mover = encounter.creature(mover_id)
    encounter = encounter.with_creature(mover.moved_to(path[interrupt.index]))
    encounter = engine.offer_opportunity(encounter, interrupt.enemies)
    held = PendingAttack(
        attacker=CreatureId(mover_id),
        kind=MOVE_KIND,
        power="",
        # Frozen as the file reader freezes it, so a reopened file equals the document.
        options=freeze(
            {
                "path": [list(s) for s in path[interrupt.index :]],
                "mode": mode,
                "later": list(interrupt.later),
            }
        ),
        text=f"{mover.name}'s move",
    )
    combat = replace(encounter.combat, pending=held).logged(
        "attack_held",
        CreatureId(mover_id),
        (),
        {"what": held.text, "provoked": list(interrupt.enemies)},
    )
    return encounter.with_combat(combat)


def resume(engine: Engine, encounter: Encounter, held: PendingAttack, stopped: bool) -> Encounter:
    """Every offer is settled: the mover walks on, or stays where an attack stopped it.

    It also stays when something moved it off the square it waited on (the GM moved the
    token): the rest of the path starts elsewhere.
    """
    mover = encounter.creature(held.attacker)
    path = [Square(int(p[0]), int(p[1])) for p in held.options.get("path", ())]
    end = path[-1] if path else mover.square
    mode = str(held.options.get("mode", "walk"))
    if (
        stopped
        or (bool(path) and mover.square != path[0])
        or _crawl_only(engine, encounter, mover.id, mode)
        or placement.destination_problem(encounter, mover, end)
    ):
        return encounter.with_combat(
            encounter.combat.logged(
                "move_stopped", held.attacker, (), {"at": [mover.square.col, mover.square.row]}
            )
        )
    path = [mover.square, *path[1:]] if path else [mover.square]
    later = [str(e) for e in held.options.get("later", ())]
    interrupt = first_interrupt(engine, encounter, mover, path, later)
    if interrupt is not None and interrupt.index > 0:
        return wait_at(engine, encounter, mover.id, path, interrupt, mode)
    return engine.check_grapples(encounter.with_creature(mover.moved_to(end)))


def _crawl_only(engine: Engine, encounter: Encounter, mover_id: str, mode: str) -> bool:
    """Knocked prone while it waits: 000 "Prone" leaves only a crawl, so a walk ends here."""
    if mode == "crawl":
        return False
    conditions = engine.rules.conditions(encounter, mover_id)
    return any(
        rules_for(c, engine.ruleset).movement is MovementLimit.CRAWL_ONLY for c in conditions
    )
