"""003-52 Ready Melee / Ranged Attack triggered by a walk: the walk waits where it triggers.

003 "Ready Melee Attack" (l.790): "Until your next turn, the first time an enemy you can see
moves to a square adjacent to you, they provoke an opportunity attack from you." So an enemy's
walk (or charge's move) stops on the first square next to the readier, the readied action is
triggered there (000 "Ready", `turn_order.trigger_readied`) and taken as the opportunity attack
the text names: offered like one, taken or let pass like one, and the walk goes on (or stops)
as after any interrupt (`move_interrupts`; 003-18). Picks in docs/rulings.md R-108.

003 "Ready Ranged Attack" (l.798): "the first time an enemy you can see moves to a square
within Long Range of your Ranged Basic Attack, you can make a Ranged Basic Attack as a Reaction
(Interrupt) against them". The walk stops on the first square within that range and the readier
is offered that attack the same way (the offer's attack is `ranged_offer`'s; it spends the
readier's Reaction of the round). Picks in docs/rulings.md R-110.

Both trigger only where the readier can see the mover and can make the attack there (the
attack checked as any attack is, `stage_attack`); where it cannot, the walk goes on and the
log says why (`note_unanswered`; docs/rulings.md R-112).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from orcus_desktop.controller.attacks.attack_powers import basic_attack_name, ranges_of
from orcus_desktop.controller.attacks.attack_staging import stage_attack
from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.availability.powers import find_power, powers_of
from orcus_desktop.controller.battlefield_builder import field_occupant
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.turns import turn_order
from orcus_desktop.geometry.grid import Space, Square, space_distance, spaces_adjacent
from orcus_desktop.geometry.seeing import Unseen, why_unseen
from orcus_desktop.model.combat import READY_SHOTS, Combatant
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules.powers import ActionKind, Power
from orcus_desktop.vocabulary import Origin

READY_MELEE_TRIGGER = "the first enemy it can see moves adjacent to it (003-52 Ready Melee Attack)"
READY_RANGED_TRIGGER: Final = (
    "the first enemy it can see moves within long range of its ranged basic attack "
    "(003-52 Ready Ranged Attack)"
)

RANGED_KEY = READY_SHOTS
"""The held walk's option naming the readiers whose offer is a Ready Ranged Attack."""


def ranged_basic(
    engine: Engine, encounter: Encounter, creature_id: str
) -> tuple[Power, int] | None:
    """The creature's Ranged Basic Attack for 003-52 and its Long Range, or None without one.

    003 l.798 "your Ranged Basic Attack"; 003-49 gives a creature up to two (Weapon, and
    Implement for an implement wielder, docs/rulings.md R-104): the one that reaches farthest
    (its long range, else its range), the first listed on a tie (docs/rulings.md R-110).
    """
    try:
        combatant = engine.combatant(encounter, creature_id)
    except ActionError:
        return None
    best: tuple[Power, int] | None = None
    for power in powers_of(engine.rules, encounter, creature_id):
        if not power.basic or power.origin is not Origin.RANGED:
            continue
        normal, long = ranges_of(combatant, power)
        reach = long if long is not None else (normal or 0)
        if reach and (best is None or reach > best[1]):
            best = (power, reach)
    return best


def reaction_power(
    engine: Engine, encounter: Encounter, reactor_id: str, *, ranged: bool
) -> Power | None:
    """The power an offered reaction attack uses, or None without one.

    000 "Opportunity Attacks": the basic melee attack (003 l.790's Ready Melee Attack offers
    that one too); 003 l.798's Ready Ranged Attack: the Ranged Basic Attack (`ranged_basic`).
    """
    if ranged:
        basic = ranged_basic(engine, encounter, reactor_id)
        return basic[0] if basic is not None else None
    name = basic_attack_name(engine, encounter, reactor_id)
    return find_power(engine.rules, encounter, reactor_id, name) if name else None


def ranged_offer(encounter: Encounter, reactor_id: str) -> bool:
    """Whether the attack offered to `reactor_id` now is its Ready Ranged Attack (003-52)."""
    combat = encounter.combat
    combatant = combat.find(reactor_id) if combat.active else None
    held = combat.pending
    return (
        combatant is not None
        and combatant.out_of_turn is ActionKind.OPPORTUNITY
        and held is not None
        and reactor_id in held.options.get(RANGED_KEY, ())
    )


def ranged_readiers(encounter: Encounter, readier_ids: Sequence[str]) -> tuple[str, ...]:
    """Those of `readier_ids` whose readied action is a Ready Ranged Attack (before it fires)."""
    combat = encounter.combat
    return tuple(
        r
        for r in readier_ids
        if (c := combat.find(r)) is not None
        and c.readied is not None
        and c.readied.trigger == READY_RANGED_TRIGGER
    )


@dataclass(frozen=True, slots=True)
class ReadyTriggers:
    """Where a walk triggers readied 003-52 attacks, and where it passed them unanswered.

    Attributes:
        at: each readier triggered, with the path index where it triggers.
        unanswered: each readier the walk came within reach of on a square where it could not
            answer (it cannot see the mover there, or cannot attack it), before any square
            where it triggers: the first such path index and why.
    """

    at: Mapping[str, int]
    unanswered: Mapping[str, tuple[int, str]]


NO_TRIGGERS = ReadyTriggers({}, {})


def triggered_at(
    engine: Engine, encounter: Encounter, mover: Creature, path: Sequence[Square]
) -> ReadyTriggers:
    """Readiers of a 003-52 Ready Melee or Ranged Attack the walk triggers, with path indices.

    The index is the first square after the start that is next to the readier (within the
    long range of its ranged basic attack, `ranged_basic`), that the mover may stop in
    (R-108: passing through an ally's square there, it triggers on the next such square), and
    where the readier can answer (`_unanswerable`: 003 l.790, 798 "an enemy you can see",
    and the attack it is offered can be made there; docs/rulings.md R-112). Readiers that
    cannot act (dead, unconscious, stunned...) are not triggered, nor a Ready Ranged Attack
    whose Reaction of the round is spent (R-110); nor, under 003-16, by a mover that is
    reacting out of its turn (the caller does not wait then).
    """
    combat = encounter.combat
    if (
        not combat.active
        or not engine.ruleset.hooks.flow.ready_attacks
        # 003-47 Shrouded: "Cannot be targeted by ... Reaction attacks".
        or engine.reactions_barred(encounter, mover.id)
    ):
        return NO_TRIGGERS
    found: dict[str, int] = {}
    unanswered: dict[str, tuple[int, str]] = {}
    for c in combat.combatants:
        readier = encounter.find_creature(c.creature_id)
        if (
            c.readied is None
            or readier is None
            or readier.side == mover.side
            or cannot_act(engine.rules, encounter, readier.id)
        ):
            continue
        reach = _trigger_reach(engine, encounter, c)
        for i, square in enumerate(path):
            if (
                i == 0
                or reach is None
                or not _within(Space(square, mover.size), occupied_space(readier), reach)
                or placement.destination_problem(encounter, mover, square)
            ):
                continue
            why = _unanswerable(engine, encounter, readier, mover, square, reach)
            if not why:
                found[readier.id] = i
                break
            unanswered.setdefault(readier.id, (i, why))
    return ReadyTriggers(found, unanswered)


def _unanswerable(
    engine: Engine,
    encounter: Encounter,
    readier: Creature,
    mover: Creature,
    square: Square,
    reach: int,
) -> str:
    """Why the readier cannot answer the mover on `square`, or "" when it can.

    003 l.790, 798 "the first time an enemy you can see moves to": `geometry.seeing` (not
    blinded, no total concealment: 000 "Concealment", what prevents "seeing ... your
    target"). The attack it is offered is checked as every attack is (`stage_attack`: reach,
    range, a clear path, 000 "A Clear Path to the Target"), so the trigger never offers an
    attack the readier could not make (docs/rulings.md R-112).
    """
    name = readier.name
    there = encounter.with_creature(mover.moved_to(square))
    field_ = engine.battlefield(there)
    unseen = why_unseen(field_, field_occupant(field_, readier), field_occupant(field_, mover))
    if unseen is Unseen.BLINDED:
        return f"{name} cannot see ({unseen})"
    power = reaction_power(engine, encounter, readier.id, ranged=reach > 0)
    if power is None:
        return f"{name} has no basic {'ranged' if reach else 'melee'} attack"
    try:
        stage_attack(engine, there, readier.id, power, [mover.id])
    except ActionError as exc:
        return f"{name} cannot attack it there: {exc}"
    if unseen is not None:
        return f"{name} cannot see it there ({unseen})"
    return ""


def note_unanswered(
    engine: Engine,
    before: Encounter,
    after: Encounter,
    mover_id: str,
    path: Sequence[Square],
    upto: int | None = None,
) -> Encounter:
    """`after` with a rule note for each readier the walk passed unanswered (R-112).

    `before`: the encounter with the mover on `path[0]`; `upto`: the path index where the walk
    stopped (None: it went to the end). 003 l.790, 798: the readied action waits for a square
    where the readier can see the mover (and attack it); the GM is told why it did not fire.
    """
    mover = before.creature(mover_id)
    last = len(path) - 1 if upto is None else upto
    for readier_id, (index, why) in triggered_at(engine, before, mover, path).unanswered.items():
        if index > last or _noted_in_this_move(after, mover_id, readier_id):
            continue
        name = engine.name(before, readier_id)
        basic = (
            ranged_basic(engine, before, readier_id)
            if ranged_readiers(before, [readier_id])
            else None
        )
        came, what = (
            (f"moved within {basic[1]} squares of {name}", "Ranged")
            if basic is not None
            else (f"moved next to {name}", "Melee")
        )
        note = f"{mover.name} {came}, but {why}. The readied Ready {what} Attack {_PASSED}"
        after = engine.rule_note(after, readier_id, "003-52", note)
    return after


_PASSED = "does not trigger there"
"""How a readier passed unanswered is noted (`note_unanswered`)."""


def _noted_in_this_move(encounter: Encounter, mover_id: str, readier_id: str) -> bool:
    """Whether the mover's move (a walk going on after an interrupt) already noted it."""
    for entry in reversed(encounter.combat.log):
        if entry.kind in ("move", "charge_move") and entry.actor == mover_id:
            return False
        if (
            entry.kind == "rule_note"
            and entry.actor == readier_id
            and str(entry.data.get("note", "")).endswith(_PASSED)
        ):
            return True
    return False


def _trigger_reach(engine: Engine, encounter: Encounter, readier: Combatant) -> int | None:
    """How near the readied trigger fires: 0 next to it, else the squares; None: it does not."""
    readied = readier.readied
    if readied is not None and readied.trigger == READY_MELEE_TRIGGER:
        return 0
    if readied is None or readied.trigger != READY_RANGED_TRIGGER or readier.immediate_used:
        # 003 l.225 "A character can take 1 Reaction/Round": spent, it cannot take this one.
        return None
    basic = ranged_basic(engine, encounter, readier.creature_id)
    return None if basic is None else basic[1]


def _within(space: Space, readier: Space, reach: int) -> bool:
    return (
        spaces_adjacent(space, readier) if reach == 0 else space_distance(space, readier) <= reach
    )


def trigger(
    engine: Engine, encounter: Encounter, readier_ids: Sequence[str], mover_id: str
) -> Encounter:
    """The walk reached the readiers: each readied action triggers, offered as an interrupt.

    000 "Ready": the readier acts ahead of the mover from now on (`turn_order.trigger_readied`);
    003 l.790 "they provoke an opportunity attack from you": the permission offered is the
    opportunity attack's (R-108), so the walk waits for it as for any opportunity attack. A
    Ready Ranged Attack's Ranged Basic Attack "as a Reaction (Interrupt)" (l.798) is offered
    the same way (R-110; the held walk names it, `RANGED_KEY`).
    """
    mover = encounter.creature(mover_id)
    ranged = ranged_readiers(encounter, readier_ids)
    for readier_id in readier_ids:
        encounter = turn_order.trigger_readied(encounter, readier_id, mover_id)
        combat = encounter.combat
        combatant = combat.combatant(readier_id)
        encounter = encounter.with_combat(
            combat.with_combatant(replace(combatant, out_of_turn=ActionKind.OPPORTUNITY))
        )
        name = encounter.creature(readier_id).name
        basic = ranged_basic(engine, encounter, readier_id) if readier_id in ranged else None
        note = (
            f"{mover.name} moved within {basic[1]} squares of {name}: the readied Ready Ranged "
            f"Attack triggers, {mover.name} waits there for {name}'s {basic[0].name}"
            if basic is not None
            else f"{mover.name} moved next to {name}: the readied Ready Melee Attack triggers, "
            f"{mover.name} waits there for {name}'s opportunity attack"
        )
        encounter = engine.rule_note(encounter, readier_id, "003-52", note)
    return encounter


def triggered_indices(
    engine: Engine, encounter: Encounter, mover: Creature, path: Sequence[Square]
) -> Mapping[str, int]:
    """Each readier the walk triggers, with its path index (`triggered_at`'s ``at``)."""
    return triggered_at(engine, encounter, mover, path).at


def fired(
    engine: Engine, encounter: Encounter, readier_ids: Sequence[str], mover_id: str
) -> tuple[Encounter, dict[str, list[str]]]:
    """The readied actions triggered (`trigger`), and the held walk's options for them.

    The Ready Ranged Attack readiers are named before their readied actions are spent.
    """
    ranged = ranged_readiers(encounter, readier_ids)
    encounter = trigger(engine, encounter, readier_ids, mover_id)
    return encounter, ({RANGED_KEY: list(ranged)} if ranged else {})


def ranged_offer_power(engine: Engine, encounter: Encounter, reactor_id: str) -> Power | None:
    """The Ranged Basic Attack a triggered Ready Ranged Attack makes (`ranged_basic`)."""
    basic = ranged_basic(engine, encounter, reactor_id)
    return basic[0] if basic is not None else None
