"""What waits for the GM's word when a turn would end, and letting it pass (issue 28).

000 "Immediate Actions": an interrupt comes first and "that creature can continue its action
right after"; an offer left open when the turn ends used to lapse with it, and the held attack
or walk with it, without a word. Ending the turn now asks first (docs/rulings.md R-117):
`decisions` names every decision the session holds, `end_turn_unless_waiting` refuses while
any waits, and `let_pass_and_end` lets each of them pass the way the GM's own "Let it pass"
does, so the held attack or walk goes on, then ends the turn, as one step.

The kinds (each answered by the use case the GM's own button calls):
- `OFFER`: an opportunity attack offered (000 "Opportunity Attacks"), 001's Counter Strike!
  and Free Strike! (001-23/24), a triggered 003-52 Ready Ranged Attack's shot; let pass with
  `interrupts.decline_opportunity_attack`.
- `INTERPOSE`: 001's "Against Who?" (001-10/29); let pass with `interposition.keep_target`.
- `FORCED_MOVE`: a push, pull or slide a hit owes (000 "Unwilling Movement"); left where it is
  with `forced_placement.leave_forced_move`.
- `READIED`: a readied action triggered and not yet taken (000 "Ready"); let pass here.
- `HELD`: the attack or walk held for the others (`combat.pending`); it goes on once they are
  answered, so it is named, never answered itself.
- `COVER`: 004's covering creature may take a hit its dodge passed on (004 l.760, R-154); let
  pass with `cover_choices.answer` (the original target is struck).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import forced_placement, interrupts
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import ReadiedPassed
from orcus_desktop.controller.log.words import an_opportunity_attack, opportunity_attack
from orcus_desktop.controller.movement.waiting import waits_for
from orcus_desktop.controller.outcomes import (
    OperationResult,
    Outcome,
    Refusal,
    Step,
    logged_since,
    refuse,
    run_step,
)
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId

OFFER = "offer"
INTERPOSE = "interpose"
FORCED_MOVE = "forced_move"
READIED = "readied"
HELD = "held"
COVER = "cover"

UseCase = Callable[[Engine, Encounter], Outcome]
"""A use case with its arguments bound (`GameSession` runs it with its after-step rules)."""
Runner = Callable[[Encounter, UseCase], Outcome]
"""Runs one use case on a snapshot as the session does, without committing it."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision the session holds for the GM.

    Attributes:
        kind: `OFFER`, `INTERPOSE`, `FORCED_MOVE`, `READIED`, `HELD` or `COVER`.
        creature: who answers it (the reactor, the readier, the creature to move), or the
            attacker or walker that waits (`HELD`).
        text: what waits, in the GM's words ("Goblin 1 may make an opportunity attack on
            Elf Ranger").
        about: the other creature it concerns (the mover an offer would strike, the target of
            the held attack, the pusher), or None; a prompt shows beside both.
        choices: for `INTERPOSE`, who may step in.
    """

    kind: str
    creature: CreatureId
    text: str
    about: CreatureId | None = None
    choices: tuple[CreatureId, ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, str(self.creature))


def decisions(engine: Engine, encounter: Encounter) -> tuple[Decision, ...]:
    """Every decision the session holds now: the held step first, then what it waits for."""
    combat = encounter.combat
    if not combat.active:
        return ()
    name = encounter.name_of
    out: list[Decision] = []
    held = combat.pending
    if held is not None:
        first = held.targets[0] if held.targets else None
        text = f"{held.text} waits for {waits_for(encounter)}"  # 004 l.381
        out.append(Decision(HELD, held.attacker, text, first))
        out.extend(plugins.questions(engine, encounter, of_held_step=True))  # 001-10/29
    for c in combat.combatants:
        if c.out_of_turn is ActionKind.OPPORTUNITY:
            out.append(_offer(engine, encounter, c.creature_id))
    for c in combat.combatants:
        if c.out_of_turn is not None and c.out_of_turn is not ActionKind.OPPORTUNITY:
            text = f"{name(c.creature_id)} may take its readied {c.out_of_turn.value} action now"
            out.append(Decision(READIED, c.creature_id, text, combat.current))
    out.extend(plugins.questions(engine, encounter, of_held_step=False))  # 004 l.760
    for owed in combat.owed_forced_moves:
        squares = f"{owed.squares} square{'' if owed.squares == 1 else 's'}"
        text = f"{name(owed.target)}'s {owed.kind.value} of up to {squares} is not placed yet"
        out.append(Decision(FORCED_MOVE, owed.target, text, owed.source))
    return tuple(out)


def _offer(engine: Engine, encounter: Encounter, reactor_id: CreatureId) -> Decision:
    words = offer_words(engine, encounter, reactor_id)
    reactor, target = encounter.name_of(reactor_id), engine.name(encounter, words.mover)
    return Decision(OFFER, reactor_id, f"{reactor} may make {words.made} on {target}", words.mover)


@dataclass(frozen=True, slots=True)
class OfferWords:
    """An offer as the GM reads it: "a Free Strike!" (`made`), "Free Strike!" (`name`).

    `mover`: the creature the offer would strike.
    """

    made: str
    name: str
    mover: CreatureId | None


def offer_words(engine: Engine, encounter: Encounter, reactor_id: str) -> OfferWords:
    """What the reactor is offered, in the ruleset's words, and whom it would strike."""
    combat = encounter.combat
    offer = combat.strike_offer(reactor_id)
    # The mover: a held walk's walker (a readied move on another's turn), else the actor.
    held = combat.pending.attacker if combat.pending is not None else combat.current
    mover = offer.target if offer is not None else held
    strike = plugins.reaction_name(engine, encounter, reactor_id)  # 001-23/24
    ready = plugins.readied_offer(engine, encounter, reactor_id)  # 003-52
    power = ready.power(engine, encounter, reactor_id) if ready is not None else None
    if strike:
        return OfferWords(f"a {strike}", strike, mover)
    if power is not None:
        return OfferWords(f"its readied {power.name}", f"readied {power.name}", mover)
    # 004 l.381: "an attack of opportunity" in its own words.
    label = engine.ruleset.label
    return OfferWords(an_opportunity_attack(label), opportunity_attack(label), mover)


def waiting_text(found: tuple[Decision, ...]) -> str:
    """The decisions as one line ("A; B; C"), for a refusal or a status line."""
    return "; ".join(d.text for d in found)


def end_turn_unless_waiting(engine: Engine, encounter: Encounter, end: UseCase) -> Outcome:
    """End the turn with `end`, refused while a decision waits (R-117: nothing lapses unsaid).

    The refusal names what waits; `let_pass_and_end` is the GM's answer "let it pass".
    """
    found = decisions(engine, encounter)
    if found:
        return refuse(
            "end_turn",
            f"{waiting_text(found)}: answer first, or let it pass and end the turn",
            encounter.combat.current,
        )
    return end(engine, encounter)


def delay_unless_waiting(engine: Engine, encounter: Encounter, delay: UseCase) -> Outcome:
    """000 "Delay" with `delay`, refused while a decision waits (R-117).

    Delaying ends the turn's offers as End turn does; the GM answers them (or lets them pass)
    first.
    """
    found = decisions(engine, encounter)
    if found:
        return refuse("delay", f"{waiting_text(found)}: answer it first", encounter.combat.current)
    return delay(engine, encounter)


def _answer(engine: Engine, decision: Decision) -> UseCase | None:
    """The GM's own "let it pass" for one decision (None for the held step itself)."""
    who = decision.creature
    if decision.kind == OFFER:
        return lambda en, e: interrupts.decline_opportunity_attack(en, e, who)
    if decision.kind == FORCED_MOVE:
        return lambda en, e: forced_placement.leave_forced_move(en, e, who)
    if decision.kind == READIED:
        return lambda en, e: let_readied_pass(en, e, who)
    variant_pass = plugins.let_pass(engine, decision.kind)  # 001's INTERPOSE, 004's COVER
    if variant_pass is not None:
        return lambda en, e: variant_pass(en, e, who)
    return None


def let_readied_pass(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """The readier does not take its triggered readied action (000 "Ready"); it is spent."""
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    if combatant is None or combatant.out_of_turn in (None, ActionKind.OPPORTUNITY):
        return refuse("let_readied_pass", "no readied action waits", creature_id)
    quiet = combat.with_combatant(replace(combatant, out_of_turn=None))
    return run_step(
        "let_readied_pass",
        f"{engine.name(encounter, creature_id)} lets its readied action pass",
        encounter,
        lambda e: e.with_combat(ReadiedPassed().logged_in(quiet, combatant.creature_id)),
        creature_id,
    )


def let_pass_and_end(engine: Engine, encounter: Encounter, run: Runner, end: UseCase) -> Outcome:
    """Let every decision waiting now pass, then end the turn: one step (R-117).

    Each is answered by the use case of the GM's own "Let it pass" (`run`: as the session runs
    it), so a held attack or walk goes on. Should answering raise a new decision (a Counter
    Strike! on the held attack once it resolved, the push it owes), the turn does not end:
    the step stops there and its text names what waits now, for the GM to decide.
    """
    named = decisions(engine, encounter)
    if not named:
        return run(encounter, end)
    keys = {d.key for d in named}
    current = encounter.combat.current
    after = encounter
    unlogged: list[str] = []  # answers the log says nothing of (a push left): named in the text
    for _ in range(len(named) + 1):
        todo = [d for d in decisions(engine, after) if d.key in keys and _answer(engine, d)]
        if not todo:
            break
        answer = _answer(engine, todo[0])
        assert answer is not None
        outcome = run(after, answer)
        if isinstance(outcome, Refusal):
            return outcome
        keys.discard(todo[0].key)
        if not logged_since(after, outcome.after):
            unlogged.append(outcome.result.text)
        after = outcome.after
    passed = (
        f"Let pass what waited ({'; '.join(unlogged)})" if unlogged else "Let pass what waited"
    )
    left = decisions(engine, after)
    if left:
        return _step("let_pass", f"{passed}; now {waiting_text(left)}", encounter, after, current)
    ended = run(after, end)
    if isinstance(ended, Refusal):
        return ended
    text = f"{passed} and {ended.result.text[:1].lower()}{ended.result.text[1:]}"
    return _step("end_turn", text, encounter, ended.after, current)


def _step(
    operation: str, text: str, before: Encounter, after: Encounter, creature: str | None
) -> Step:
    log = logged_since(before, after)
    return Step(after, OperationResult(True, operation, text=text, creature_id=creature, log=log))
