"""Initiative, rounds and turn order as pure functions `Encounter -> Encounter`.

000 "Combat Step by Step": determine surprise, establish positions, roll initiative, take turns
in initiative order, begin the next round. 000 "Initiative": one roll per group of identical
creatures; ties by initiative modifier, then a coin flip (docs/rulings.md R-18 — the app flips
and records it). 000 "Delay" / "Ready" move a creature in the order for the rest of combat.

The per-creature rules work done at a turn's start and end (persistent damage, saves, durations)
is passed in as callables by the session, so this module only keeps the bookkeeping.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from orcus_desktop.controller.log.records import RollRecord
from orcus_desktop.controller.log.records import turn_flow as flow
from orcus_desktop.controller.movement.waiting import waits_for
from orcus_desktop.model.combat import ActionBudget, Combat, Combatant, CombatPhase, ReadiedAction
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import DiceRoll, RandomSource, ScriptedSource
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset.hooks import DelayLapse
from orcus_desktop.vocabulary import CreatureId

TurnHook = Callable[[Encounter, CreatureId], Encounter]
"""Rules work at a turn boundary: takes the encounter, returns it changed (and logged)."""

BudgetHook = Callable[[Encounter, CreatureId], ActionBudget]
"""The action budget a creature starts its turn with (conditions, surprise round)."""

SkipHook = Callable[[Encounter, CreatureId], str]
"""Why a creature gets no turn at all (dead, surprised in the surprise round), or ""."""


@dataclass(frozen=True, slots=True)
class TurnHooks:
    """What the turn order asks the rules whenever it moves on to a turn.

    `delay_lapse`: when an unused delayed turn is lost (the ruleset's encounter flow, H2);
    `round_end`: the work between a round's end and the next (001-04), none by default.
    """

    start: TurnHook
    budget: BudgetHook
    skip: SkipHook
    delay_lapse: DelayLapse = DelayLapse.END_OF_ROUND
    round_end: Callable[[Encounter], Encounter] = lambda encounter: encounter


class TurnError(ValueError):
    """A turn-flow request that the current state does not allow; the message is the reason."""


@dataclass(frozen=True, slots=True)
class InitiativeRequest:
    """What the GM asks for one creature's initiative.

    Attributes:
        creature_id: the creature.
        modifier: its initiative modifier (Dex modifier + half level + others).
        group: creatures with the same group share one roll (000: "one roll for an entire
            group of identical creatures").
        die: the d20 the GM rolled at the table and typed in, or None to let the app roll.
        total: a result the GM typed in directly (overrides everything), or None.
        log_tie: False where the ruleset logs its own tie order (003-12): no coin-flip entry.
    """

    creature_id: CreatureId
    modifier: int = 0
    group: str | None = None
    die: int | None = None
    total: int | None = None
    log_tie: bool = True
    terms: str = ""
    """The modifier as named terms for the log ("+ 1 [quickness] - 1 [unaware (001)]"); ""
    rolls the modifier as one number."""


def roll_initiative(
    encounter: Encounter, requests: Sequence[InitiativeRequest], rng: random.Random
) -> Encounter:
    """Roll (or take) initiative for some creatures and sort the initiative order.

    Creatures already in the order keep their entries unless requested again. Each roll and
    each coin flip is logged.
    """
    combat = encounter.combat
    group_rolls: dict[str, DiceRoll] = {}
    for request in requests:
        encounter.creature(request.creature_id)  # KeyError for an unknown creature
        if request.total is not None:
            result, natural = request.total, None
            entered = flow.Initiative(entered_total=result, modifier=request.modifier)
            combat = entered.logged_in(combat, request.creature_id)
        else:
            key = request.group
            dice_roll = group_rolls.get(key) if key is not None else None
            if dice_roll is None:
                source = (
                    ScriptedSource([request.die]) if request.die is not None else RandomSource(rng)
                )
                # 000 "Initiative": a Dexterity check; docs/rulings.md R-18 adds half level and
                # other modifiers, all in `modifier`.
                plain = f"1d20+{request.modifier}"
                dice_roll = roll(f"1d20 {request.terms}" if request.terms else plain, source)
                if key is not None:
                    group_rolls[key] = dice_roll
            natural = dice_roll.natural
            result = (natural or 0) + request.modifier
            rolled = flow.Initiative(
                roll=RollRecord.from_roll(dice_roll),
                modifier=request.modifier,
                total=result,
                group=key,
                typed_in=request.die is not None,
            )
            combat = rolled.logged_in(combat, request.creature_id)
        existing = combat.find(request.creature_id)
        base = existing if existing is not None else Combatant(request.creature_id)
        combat = combat.with_combatant(
            replace(
                base,
                initiative=result,
                initiative_roll=natural,
                initiative_modifier=request.modifier,
                group=request.group,
                tie_break=0,
            )
        )
    changed = [r.creature_id for r in requests]
    combat = _break_ties(combat, rng, changed, all(r.log_tie for r in requests))
    return encounter.with_combat(_sorted(combat, changed))


def set_initiative(
    encounter: Encounter, creature_id: str, total: int, rng: random.Random, log_tie: bool = True
) -> Encounter:
    """The GM edits a creature's initiative result; the order is re-sorted.

    The current creature keeps its turn.
    """
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    combat = combat.with_combatant(replace(combatant, initiative=total, tie_break=0))
    edit = flow.InitiativeEdit(combatant.initiative, total)
    combat = edit.logged_in(combat, combatant.creature_id)
    combat = _break_ties(combat, rng, [combatant.creature_id], log_tie)
    return encounter.with_combat(_sorted(combat, [combatant.creature_id]))


def set_surprised(encounter: Encounter, creature_id: str, surprised: bool) -> Encounter:
    """000 "Surprise": the GM decides who is surprised before combat starts."""
    combat = encounter.combat
    if combat.active:
        raise TurnError("surprise is decided before combat starts")
    creature = encounter.creature(creature_id)
    combatant = combat.find(creature_id)
    if combatant is None:
        # Its initiative comes first: a creature marked before the roll would be left out of
        # it, at initiative 0 (the Initiative panel asks for the roll first too).
        raise TurnError(f"roll initiative for {creature.name} first")
    return encounter.with_combat(
        _sorted(combat.with_combatant(replace(combatant, surprised=surprised)))
    )


def start_combat(
    encounter: Encounter,
    hooks: TurnHooks,
) -> Encounter:
    """Begin combat: a surprise round if someone is surprised and someone is not, else round 1.

    docs/rulings.md R-05 — aware combatants act in the surprise round with one standard action;
    surprised ones take no actions in it.
    """
    combat = encounter.combat
    if combat.active:
        raise TurnError("combat is already running")
    if not combat.combatants:
        raise TurnError("roll initiative first")
    surprised = [c for c in combat.combatants if c.surprised]
    surprise_round = bool(surprised) and len(surprised) < len(combat.combatants)
    combat = replace(
        _sorted(combat),
        phase=CombatPhase.SURPRISE if surprise_round else CombatPhase.ROUNDS,
        round=0 if surprise_round else 1,
        current=None,
        combatants=tuple(
            replace(c, acted_round=-1, delaying=False, readied=None, out_of_turn=None)
            for c in combat.combatants
        ),
    )
    combat = flow.CombatStart(surprise_round, combat.order).logged_in(combat)
    if surprise_round:
        combat = flow.RoundStart(surprise=True).logged_in(combat)
    else:
        combat = flow.RoundStart(round=1).logged_in(combat)
    return _advance(encounter.with_combat(combat), hooks, None)


def end_combat(encounter: Encounter) -> Encounter:
    """Stop combat; the log stays, the initiative is cleared."""
    combat = encounter.combat
    if not combat.active:
        raise TurnError("no combat is running")
    return encounter.with_combat(flow.CombatEnd(combat.round).logged_in(combat).after_the_fight())


def end_turn(encounter: Encounter, end_hook: TurnHook, hooks: TurnHooks) -> Encounter:
    """End the current creature's turn (000 "The End of Your Turn") and start the next one."""
    current = encounter.combat.current
    if current is None:
        raise TurnError("it is nobody's turn")
    return _move_on(end_hook(encounter, current), hooks, current, ended=True)


def pass_turn(encounter: Encounter, hooks: TurnHooks) -> Encounter:
    """Move on from the current turn without end-of-turn work (its creature leaves combat)."""
    current = encounter.combat.current
    return encounter if current is None else _move_on(encounter, hooks, current, ended=False)


def _move_on(
    encounter: Encounter, hooks: TurnHooks, current: CreatureId, *, ended: bool
) -> Encounter:
    """`current` has acted this round: start the next turn.

    An `ended` turn (not one passed over) also gives up what is left of its budget and is logged.
    """
    combat = encounter.combat
    combatant = replace(combat.combatant(current), acted_round=combat.round)
    if ended:
        combatant = replace(combatant, budget=ActionBudget(0, 0, 0))
    combat = combat.with_combatant(combatant)
    if ended:
        combat = flow.TurnEnd().logged_in(combat, current)
    return _advance(encounter.with_combat(combat), hooks, current)


def delay(
    encounter: Encounter, creature_id: str, hooks: TurnHooks, hand_to: str | None = None
) -> Encounter:
    """000 "Delay": put off the current turn; it re-enters later this round where the GM says.

    Refused once the creature has taken an action this turn ("You cannot Delay if you have
    already taken actions this turn"). `hand_to` acts on in the same turn (a 003 group's).
    """
    combat = encounter.combat
    if combat.current != creature_id:
        raise TurnError("only the creature whose turn it is can delay")
    combatant = combat.combatant(creature_id)
    if combatant.moved_squares or combatant.budget != combatant.turn_budget:
        raise TurnError("cannot delay after taking actions this turn")
    combat = combat.with_combatant(replace(combatant, delaying=True))
    combat = flow.Delay().logged_in(combat, combatant.creature_id)
    if hand_to is not None:
        return encounter.with_combat(replace(combat, current=CreatureId(hand_to)))
    return _advance(encounter.with_combat(combat), hooks, combatant.creature_id)


def resume_delayed(encounter: Encounter, creature_id: str, after: str | None) -> Encounter:
    """A delaying creature re-enters the order right after `after`.

    `after` defaults to whoever's turn it is now; the creature acts when that turn ends. Its
    initiative becomes that count for the rest of combat (000 "Initiative Consequences of
    Delaying").
    """
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    if not combatant.delaying:
        raise TurnError("that creature is not delaying")
    anchor = after if after is not None else combat.current
    if anchor is None or anchor == creature_id:
        raise TurnError("say after whose turn it acts")
    anchor_entry = combat.combatant(anchor)
    if anchor != combat.current and anchor_entry.acted_round >= combat.round:
        raise TurnError("that creature has already acted this round")
    combat = _placed_by(combat, combatant, anchor_entry, after=True, delaying=False)
    resume = flow.DelayResume(CreatureId(anchor), anchor_entry.initiative)
    combat = resume.logged_in(combat, combatant.creature_id)
    return encounter.with_combat(combat)


def ready(
    encounter: Encounter, creature_id: str, kind: ActionKind, trigger: str, description: str
) -> Encounter:
    """000 "Ready": spend the standard action to ready a standard, move or swift action."""
    if kind not in (ActionKind.STANDARD, ActionKind.MOVE, ActionKind.SWIFT):
        raise TurnError("only a standard, move or swift action can be readied")
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    readied = ReadiedAction(kind, trigger, description, combat.round)
    combat = combat.with_combatant(replace(combatant, readied=readied))
    combat = flow.Ready(kind.value, trigger, description).logged_in(combat, combatant.creature_id)
    return encounter.with_combat(combat)


def trigger_readied(encounter: Encounter, creature_id: str, trigger_creature: str) -> Encounter:
    """The readied action's trigger happened on `trigger_creature`'s turn: the readier acts now.

    000 "Ready": it interrupts; "for the rest of the encounter, your initiative result is the
    count on which you took the readied action, and you act immediately ahead of the character
    whose action triggered your readied action"; taken in the next round before its regular
    turn, "you do not get your regular action that round" — either way it has acted this round.
    """
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    if combatant.readied is None:
        raise TurnError("no readied action")
    trigger_entry = combat.combatant(trigger_creature)
    combat = _placed_by(
        combat,
        combatant,
        trigger_entry,
        after=False,
        readied=None,
        acted_round=combat.round,
        out_of_turn=combatant.readied.kind,
    )
    readied, initiative = combatant.readied, trigger_entry.initiative
    triggered = flow.ReadiedTriggered(readied.kind.value, readied.trigger, initiative)
    combat = triggered.logged_in(combat, combatant.creature_id, (trigger_entry.creature_id,))
    return encounter.with_combat(combat)


def place_before(encounter: Encounter, creature_id: str, before_id: str) -> Encounter:
    """The GM puts a creature right before another in the order (issue 5: GM edits)."""
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    anchor = combat.combatant(before_id)
    if creature_id == before_id:
        raise TurnError("a creature cannot act before itself")
    combat = _placed_by(combat, combatant, anchor, after=False)
    edit = flow.InitiativeEdit(combatant.initiative, anchor.initiative, CreatureId(before_id))
    combat = edit.logged_in(combat, combatant.creature_id)
    return encounter.with_combat(combat)


def _placed_by(
    combat: Combat, combatant: Combatant, anchor: Combatant, *, after: bool, **changes: Any
) -> Combat:
    """`combat` with `combatant` moved right after (or before) `anchor`, at its initiative count.

    000 "Initiative Consequences of Delaying" and "of Readying": the count becomes the anchor's
    for the rest of combat. `changes` are the combatant's other changes.
    """
    order = [i for i in combat.order if i != combatant.creature_id]
    order.insert(order.index(anchor.creature_id) + (1 if after else 0), combatant.creature_id)
    moved = replace(combatant, initiative=anchor.initiative, **changes)
    return replace(combat, order=tuple(order)).with_combatant(moved)


def join_combat(encounter: Encounter, request: InitiativeRequest, rng: random.Random) -> Encounter:
    """A creature joins a running combat: it rolls initiative and takes its place in the order.

    It acts this round only if its place comes after whoever's turn it is.
    """
    combat = encounter.combat
    if combat.find(request.creature_id) is not None:
        raise TurnError("already in the initiative")
    encounter = roll_initiative(encounter, [request], rng)
    combat = encounter.combat
    combat = flow.JoinCombat().logged_in(combat, request.creature_id)
    return encounter.with_combat(combat)


def _sorted(combat: Combat, moved: Sequence[str] = ()) -> Combat:
    """The initiative order: highest result first, then modifier, then the coin (000).

    Before combat the whole order is sorted. During combat only the `moved` creatures (an
    edited result, a newcomer) are taken out and re-inserted, so places fixed by delay and
    ready (which copy the anchor's result) stay where the rules put them.
    """
    if not combat.active:
        items = sorted(combat.combatants, key=lambda c: c.sort_key())
        return replace(combat, order=tuple(c.creature_id for c in items))
    order = [cid for cid in combat.order if cid not in moved]
    listed = set(order)
    for c in combat.combatants:
        if c.creature_id in listed:
            continue
        key = c.sort_key()
        index = next(
            (i for i, cid in enumerate(order) if key < combat.combatant(cid).sort_key()),
            len(order),
        )
        order.insert(index, c.creature_id)
        listed.add(c.creature_id)
    return replace(combat, order=tuple(order))


def _break_ties(
    combat: Combat, rng: random.Random, changed: Sequence[str], log: bool = True
) -> Combat:
    """Coin flips between combatants tied on result and modifier (docs/rulings.md R-18).

    Only ties involving a `changed` creature are flipped (earlier flips stand). Members of one
    group share a roll and act together, so a group counts once.
    """
    clusters: dict[tuple[int, int], list[list[Combatant]]] = {}
    units: dict[tuple[int, int, str], list[Combatant]] = {}
    for c in combat.combatants:
        unit_key = (c.initiative, c.initiative_modifier, c.group or f"\0{c.creature_id}")
        units.setdefault(unit_key, []).append(c)
    for (init, mod, _), members in units.items():
        clusters.setdefault((init, mod), []).append(members)
    for (init, mod), tied in clusters.items():
        if len(tied) < 2 or not any(m.creature_id in changed for ms in tied for m in ms):
            continue
        flips = list(range(len(tied)))
        rng.shuffle(flips)
        for members, flip in zip(tied, flips, strict=True):
            for member in members:
                combat = combat.with_combatant(replace(member, tie_break=len(tied) - flip))
        if not log:  # the request's ``log_tie``
            continue
        winner_first = tuple(
            m[0].creature_id for m, _ in sorted(zip(tied, flips, strict=True), key=lambda p: p[1])
        )
        combat = flow.InitiativeTie(init, mod, winner_first).logged_in(combat)
    return combat


def next_up(encounter: Encounter, skip_hook: SkipHook) -> CreatureId | None:
    """Who starts a turn when the current one ends, as `end_turn` will choose (no rolls).

    The rest of this round's order, then the next round's (delaying creatures have lost their
    turn by then); creatures the skip hook skips (the dead) are passed over.
    """
    combat = encounter.combat
    order = combat.order
    after = combat.current
    start = order.index(after) + 1 if after is not None and after in order else 0
    for cid in order[start:]:
        combatant = combat.combatant(cid)
        if combatant.delaying or combatant.acted_round >= combat.round:
            continue
        if not skip_hook(encounter, cid):
            return cid
    for cid in order:
        if not skip_hook(encounter, cid):
            return cid
    return None


def _advance(
    encounter: Encounter,
    hooks: TurnHooks,
    after: CreatureId | None,
) -> Encounter:
    """Start the next turn after `after` (or the first of the round), ending rounds as needed."""
    new_round = False
    for _ in range(3):  # at most: finish this round, then the next round's first eligible
        combat = encounter.combat
        order = combat.order
        start = order.index(after) + 1 if after is not None and after in order else 0
        for cid in order[start:]:
            combatant = combat.combatant(cid)
            if combatant.delaying and new_round:
                # 004-15 (004 l.491): "If you don't use your delayed turn before your
                # initiative comes up again, your delayed turn is lost and your initiative
                # remains where it was" - this turn is its regular one.
                combatant = replace(combatant, delaying=False)
                combat = flow.TurnLost("delayed").logged_in(combat.with_combatant(combatant), cid)
                encounter = encounter.with_combat(combat)
            if combatant.delaying or combatant.acted_round >= combat.round:
                continue
            why = hooks.skip(encounter, cid)
            if not why:
                encounter = _begin_turn(encounter, cid, hooks)
                # The start-of-turn work (persistent damage, a third failed death save) can
                # kill: then the turn passes on rather than staying with the dead, with no
                # end-of-turn work, as for any dead creature's turn (docs/rulings.md R-36).
                why = hooks.skip(encounter, cid)
                if not why:
                    return encounter
                combat = encounter.combat
                combatant = replace(combat.combatant(cid), budget=ActionBudget(0, 0, 0))
            combat = combat.with_combatant(replace(combatant, acted_round=combat.round))
            combat = flow.TurnSkipped(why).logged_in(combat, cid)
            encounter = encounter.with_combat(combat)
        encounter = _end_round(encounter, hooks)
        after = None
        new_round = True
    # Nobody can act (everyone dead or skipped): no current turn.
    return encounter.with_combat(replace(encounter.combat, current=None))


def _end_round(encounter: Encounter, hooks: TurnHooks) -> Encounter:
    combat = encounter.combat
    for c in combat.combatants:
        if c.delaying and hooks.delay_lapse is DelayLapse.END_OF_ROUND:
            # 000 "Delay": "If you do not take your turn by the end of the round, your turn
            # for that round is wasted."
            combat = combat.with_combatant(replace(c, delaying=False, acted_round=combat.round))
            combat = flow.TurnLost("delayed").logged_in(combat, c.creature_id)
    combat = flow.RoundEnd(combat.round).logged_in(combat)
    encounter = hooks.round_end(encounter.with_combat(combat))
    combat = encounter.combat
    if combat.phase is CombatPhase.SURPRISE:
        # 000 "Surprised": "You lose this condition when the surprise round ends."
        combat = replace(
            combat,
            phase=CombatPhase.ROUNDS,
            round=1,
            combatants=tuple(replace(c, surprised=False) for c in combat.combatants),
        )
        combat = flow.SurpriseEnd().logged_in(combat)
    else:
        combat = replace(combat, round=combat.round + 1)
    combat = flow.RoundStart(combat.round).logged_in(combat)
    return encounter.with_combat(replace(combat, current=None))


def _begin_turn(encounter: Encounter, creature_id: CreatureId, hooks: TurnHooks) -> Encounter:
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    lapsed = combatant.readied
    # Clear per-turn bookkeeping. 000 "Immediate Actions": one per round, refreshed at the
    # start of your own turn. 000 "Initiative Consequences of Readying": "If you come to your
    # next action and have not yet performed your readied action, you don't get to take" it.
    combatant = replace(
        combatant,
        moved_squares=0,
        walk_left=0,
        immediate_used=False,
        spent_action_point_turn=False,
        readied=None,
        out_of_turn=None,
    )
    # What a held step still waits for, named before the offers below are cleared.
    waited_for = waits_for(encounter)  # 004 l.381 "attacks of opportunity"
    combat = replace(combat.with_combatant(combatant), current=creature_id)
    # Offers of opportunity attacks and triggered readied actions belong to the turn that
    # just ended (000: "You can only take one opportunity attack against a creature on their
    # turn"); a new turn starts with none pending.
    combat = replace(
        combat,
        combatants=tuple(
            replace(c, out_of_turn=None) if c.out_of_turn is not None else c
            for c in combat.combatants
        ),
    )
    if combat.pending is not None:
        # An attack held for opportunity attacks never settled: it lapses with its turn.
        held = combat.pending
        dropped = flow.AttackDropped(held.text, f"the turn ended before {waited_for}")
        combat = dropped.logged_in(replace(combat, pending=None), held.attacker, held.targets)
    if lapsed is not None:
        combat = flow.ReadiedLapsed(lapsed.trigger).logged_in(combat, creature_id)
    resumed = combatant.turn_started_round == combat.round
    combat = combat.with_combatant(replace(combatant, turn_started_round=combat.round))
    combat = flow.TurnStart(resumed).logged_in(combat, creature_id)
    encounter = encounter.with_combat(combat)
    if not resumed:
        # A delaying creature did its start-of-turn work before delaying (persistent damage
        # cannot be dodged by delaying); re-entering, it only gets its actions.
        encounter = hooks.start(encounter, creature_id)
    budget = hooks.budget(encounter, creature_id)
    combat = encounter.combat
    combatant = replace(combat.combatant(creature_id), budget=budget, turn_budget=budget)
    return encounter.with_combat(combat.with_combatant(combatant))
