"""A walk interrupted by opportunity attacks: the mover waits where it provokes (issue 13).

000 "Opportunity Attacks": "The attack occurs right before the creature leaves your reach";
000 "Immediate Actions": an interrupt happens first, and "that creature can continue its
action right after". So a walk that provokes stops on the first square it provokes from, the
enemies provoked there are offered their attacks, and the rest of the path waits in
`combat.pending` (a `PendingAttack` of kind "move"). When the last offer is taken or let pass,
`interrupts.settle` calls `resume`: the mover walks on (stopping again where it provokes an
enemy not yet offered), or stays where it is when an attack stopped it.

An attack that pushes, pulls or slides the mover owes that movement (`owed_moves`); the walk
waits until the GM has placed or left it (`settle_walk`). Then, under 000, a mover moved off
the square it waited on stays where it was put; under 003-18 (003 l.235-239 "Resolving
Interrupts") it "subtracts the distance of the Forced Movement from the remaining movement
distance" and may walk the rest anywhere, with no new action (`Combatant.walk_left`;
docs/rulings.md R-103).

A charge's move waits the same way (000 "Charge": it "provokes opportunity attacks as normal
movement does"): the held charge carries the rest of its path (`wait_at`'s `then`), and
`interrupts.settle` makes its attack once the charger reaches the end (`short_of_end`).

A 003 Ready Melee Attack waits the same way (003-52, 003 l.790 "the first time an enemy you can
see moves to a square adjacent to you, they provoke an opportunity attack from you"): the walk
stops on the first square next to the readier, which is offered that opportunity attack
(`ready_walks`; docs/rulings.md R-108); a Ready Ranged Attack stops it on the first square
within long range of the readier's Ranged Basic Attack (003 l.798; R-110).

Where the provoking square is occupied (a move through an ally's space), the mover cannot wait
there: the walk completes and the attacks are resolved with the mover staged back on that
square (`interrupts.opportunity_attack`), as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from orcus_desktop.controller import plugins
from orcus_desktop.controller.attacks import owed_moves
from orcus_desktop.controller.availability.kinds import stopped
from orcus_desktop.controller.combat_rules import opportunity_spent
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import AttackHeld, MoveStopped
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.movement import placement
from orcus_desktop.geometry.grid import Space, Square, spaces_adjacent
from orcus_desktop.model.combat import PendingAttack
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.held import LATER
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules.conditions import MovementLimit, rules_for
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId

MOVE_KIND = "move"
"""`PendingAttack.kind` of a walk waiting for its opportunity attacks."""


def walking(held: PendingAttack) -> bool:
    """Whether the held action is a move waiting on its path (a walk, or a charge's move)."""
    return held.kind == MOVE_KIND or "path" in held.options


def short_of_end(encounter: Encounter, held: PendingAttack) -> str:
    """Why a held charge's move ended before its last square, or "" when it got there."""
    mover = encounter.creature(held.attacker)
    path = held.options.get("path", ())
    if not path or mover.square == Square(int(path[-1][0]), int(path[-1][1])):
        return ""
    at = mover.square
    return f"its move stopped at ({at.col}, {at.row}), short of the charge's end"


@dataclass(frozen=True, slots=True)
class Interrupt:
    """Where a walk stops for opportunity attacks.

    Attributes:
        index: the path index of the square it provokes from.
        enemies: the enemies offered an attack there.
        later: the provoked enemies not offered yet (they provoke further along).
        readied: the enemies whose 003-52 Ready Melee Attack the square triggers (also offered).
    """

    index: int
    enemies: tuple[str, ...]
    later: tuple[str, ...]
    readied: tuple[str, ...] = ()


def provoking_index(path: Sequence[Square], mover: Creature, enemy: Creature) -> int | None:
    """The first square of `path` the mover leaves while next to `enemy`, or None."""
    for i, square in enumerate(path[:-1]):
        # 000 "Squeeze": an enemy squeezing threatens from its smaller space
        if spaces_adjacent(Space(square, mover.size), occupied_space(enemy)):
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
    readied = plugins.walk_triggered_at(engine, encounter, mover, path)  # 003-52
    if not indices and not readied:
        return None
    first = min([*indices.values(), *readied.values()])
    if first > 0 and placement.destination_problem(encounter, mover, path[first]):
        return None
    now = tuple(e for e, i in indices.items() if i == first)
    later = tuple(e for e in provokers if e not in now)
    return Interrupt(first, now, later, tuple(e for e, i in readied.items() if i == first))


def wait_at(
    engine: Engine,
    encounter: Encounter,
    mover_id: str,
    path: Sequence[Square],
    interrupt: Interrupt,
    mode: str,
    rest: Sequence[int] = (),
    then: PendingAttack | None = None,
) -> Encounter:
    """Put the mover on the square it provokes from, offer the attacks, hold the rest.

    `rest`: the movement left at each square of the path from the interrupt on (003-18; empty
    where an interrupt's forced movement ends the walk). `then`: the action the move leads
    into (a charge's attack), held with the rest of the path instead of a bare walk.
    """
    mover = encounter.creature(mover_id)
    encounter = encounter.with_creature(mover.moved_to(path[interrupt.index]))
    encounter = engine.offer_opportunity(encounter, interrupt.enemies)
    # 003-52: the readied attacks triggered, and what the held walk keeps of them.
    encounter, readied = plugins.walk_fired(engine, encounter, interrupt.readied, mover_id)
    walk = {
        "path": [list(s) for s in path[interrupt.index :]],
        "mode": mode,
        LATER: list(interrupt.later),
        **({"rest": list(rest)} if rest else {}),
        **readied,
    }
    # Frozen as the file reader freezes it, so a reopened file equals the document.
    held = (
        PendingAttack(
            CreatureId(mover_id), MOVE_KIND, "", (), freeze(walk), f"{mover.name}'s move"
        )
        if then is None
        else replace(then, options=freeze({**_without_settled(engine, then.options), **walk}))
    )
    provoked = list(dict.fromkeys(interrupt.enemies + interrupt.readied))
    record = AttackHeld(held.text, tuple(CreatureId(c) for c in provoked))
    combat = record.logged_in(replace(encounter.combat, pending=held), mover_id, held.targets)
    return encounter.with_combat(combat)


def _without_settled(engine: Engine, options: Mapping[str, object]) -> dict[str, object]:
    """A charge's held options less an earlier wait's settled offers (003-52's readiers)."""
    settled = plugins.walk_settled_keys(engine)
    return {k: v for k, v in options.items() if k not in settled}


def settle_walk(engine: Engine, encounter: Encounter) -> Encounter:
    """Resume a waiting walk once its offers are settled and its forced moves placed.

    Unchanged while an opportunity attack is offered or a forced move is owed on the mover,
    and when no walk waits.
    """
    combat = encounter.combat
    held = combat.pending
    if (
        held is None
        or not walking(held)
        or any(c.out_of_turn is ActionKind.OPPORTUNITY for c in combat.combatants)
        or owed_moves.holds_pending(encounter)
    ):
        return encounter
    encounter = encounter.with_combat(replace(combat, pending=None))
    return resume(engine, encounter, held, stopped(engine.rules, encounter, held.attacker))


def resume(
    engine: Engine, encounter: Encounter, held: PendingAttack, is_stopped: bool
) -> Encounter:
    """Every offer is settled: the mover walks on, or stays where an attack stopped it.

    It also stays when something moved it off the square it waited on (the GM moved the
    token, or an attack's forced movement): the rest of the path starts elsewhere. Under
    003-18 forced movement leaves it the rest of its movement less the forced distance.
    """
    mover = encounter.creature(held.attacker)
    path = [Square(int(p[0]), int(p[1])) for p in held.options.get("path", ())]
    end = path[-1] if path else mover.square
    mode = str(held.options.get("mode", "walk"))
    moved_off = bool(path) and mover.square != path[0]
    if (
        is_stopped
        or moved_off
        or _crawl_only(engine, encounter, mover.id, mode)
        or placement.destination_problem(encounter, mover, end)
    ):
        stopped = MoveStopped((mover.square.col, mover.square.row))
        encounter = stopped.logged_on(encounter, held.attacker)
        if moved_off and not is_stopped and not _crawl_only(engine, encounter, mover.id, mode):
            return _walk_cut_short(engine, encounter, held, mode)
        return encounter
    rest = [int(r) for r in held.options.get("rest", ())]
    path = [mover.square, *path[1:]] if path else [mover.square]
    later = [str(e) for e in held.options.get(LATER, ())]
    interrupt = first_interrupt(engine, encounter, mover, path, later)
    stop = interrupt if interrupt is not None and interrupt.index > 0 else None
    upto = None if stop is None else stop.index
    # 003-52: a readier passed where it cannot see (or attack) the mover is named.
    noted = plugins.walk_passed(engine, encounter, encounter, mover.id, path, upto)
    if stop is not None:
        rest = rest[stop.index :]
        then = None if held.kind == MOVE_KIND else held
        return wait_at(engine, noted, mover.id, path, stop, mode, rest, then)
    arrived = noted.with_creature(mover.moved_to(end))
    if mode != "squeeze":
        arrived = placement.squeezing_ended(arrived, mover.id)  # docs/rulings.md R-131
    return engine.check_grapples(arrived)


def _walk_cut_short(
    engine: Engine, encounter: Encounter, held: PendingAttack, mode: str
) -> Encounter:
    """What an interrupt's forced movement left of the move, kept for its next move.

    003-18 (003 l.237-239): "the interrupted character subtracts the distance of the Forced
    Movement from the remaining movement distance. Then, if they have any movement distance
    left, they use it to move to a new position" (`Combatant.walk_left`). Any move that
    provokes counts, a walk or 003-40's Run alike ("If the interrupted action included
    movement"); what is left is in the move's own cost (a crawl's squares cost 2).
    """
    rest = [int(r) for r in held.options.get("rest", ())]
    forced = forced_distance(encounter, held.attacker)
    if not engine.ruleset.hooks.reaction_rules.interrupts_trim or not rest or forced is None:
        return encounter
    name = encounter.creature(held.attacker).name
    left = max(0, rest[0] - forced)
    moved = f"{name} was moved {plural(forced, 'square')} by the interrupt"
    if left:
        combatant = encounter.combat.combatant(held.attacker)
        encounter = encounter.with_combat(
            encounter.combat.with_combatant(replace(combatant, walk_left=left))
        )
        rest_of = "its walk left, to walk" if mode == "walk" else "its move left, to move"
        note = f"{moved}: {plural(left, 'square')} of {rest_of} anywhere with no new action"
    else:
        note = f"{moved}, all of the {plural(rest[0], 'square')} its move had left: it stops there"
    return engine.rule_note(encounter, held.attacker, "003-18", note)


def forced_distance(encounter: Encounter, mover_id: str) -> int | None:
    """Squares the mover was pushed, pulled or slid since its walk began to wait.

    None when nothing forced it (the GM moved the token).
    """
    total: int | None = None
    for entry in reversed(encounter.combat.log):
        if entry.kind == "attack_held" and entry.actor == mover_id:
            break
        if entry.kind == "forced_move" and mover_id in entry.targets:
            moved = entry.data.get("moved", entry.data.get("squares", 0))
            total = (total or 0) + int(moved)
    return total


def _crawl_only(engine: Engine, encounter: Encounter, mover_id: str, mode: str) -> bool:
    """Knocked prone while it waits: 000 "Prone" leaves only a crawl, so a walk ends here."""
    if mode == "crawl":
        return False
    conditions = engine.rules.conditions(encounter, mover_id)
    return any(
        rules_for(c, engine.ruleset).movement is MovementLimit.CRAWL_ONLY for c in conditions
    )
