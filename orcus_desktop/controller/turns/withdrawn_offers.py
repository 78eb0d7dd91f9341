"""Offers a creature can no longer take are withdrawn, and the held step goes on (R-225).

000 "Conditions": Unconscious "You can't take any actions", Dazed "You can't take immediate or
opportunity actions", Stunned "You can't take actions or reactions" (Dying: "You are
unconscious"); 000 "Opportunity Attacks": the attack uses the immediate action. A creature
offered an opportunity attack (001's Counter and Free Strike!, 003-52's readied shot) that the
GM's damage, Set HP or a condition takes out while the step waits could only let it pass. After
every step (`after_step`, from the session's one writer) each such offer is withdrawn, where
taking it would be refused (`action_problem` of `CombatAction.OPPORTUNITY_ATTACK`, the one
answer of who may take it), and so is 001-10/29's stepping in by a creature that can no
longer act (`cannot_act`, as `interposition.candidates` asks). With nothing left to wait for,
the held step goes on in that same step (`go_on`, as R-212 does for a removed creature), and
the step's answer tells the GM. A triggered readied action (000 "Ready") its creature can no
longer take (`kind_problem`: dead, no actions) goes alike. A held step that nothing waits for
any more, whatever took its offers away, goes on too (R-241).
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.availability.actions import CombatAction, action_problem
from orcus_desktop.controller.availability.kinds import cannot_act, kind_problem
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import OfferWithdrawn
from orcus_desktop.controller.outcomes import Outcome, Step
from orcus_desktop.controller.turns.waiting_decisions import (
    HELD,
    INTERPOSE,
    decisions,
    offer_words,
)
from orcus_desktop.model.combat import INTERPOSERS
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId


def after_step(engine: Engine, outcome: Outcome) -> Outcome:
    """The step with the offers its creatures can no longer take withdrawn, said in its answer."""
    if not isinstance(outcome, Step):
        return outcome
    after, said = withdrawn(engine, outcome.after)
    if not said:
        return outcome
    details = outcome.result.details
    warning = "; ".join(filter(None, (details.get("warning", ""), *said)))
    result = replace(outcome.result, details={**details, "warning": warning})
    return replace(outcome, after=after, result=result)


def withdrawn(engine: Engine, encounter: Encounter) -> tuple[Encounter, list[str]]:
    """`encounter` with the offers no one can take withdrawn, the held step gone on; the words."""
    combat = encounter.combat
    if not combat.active:
        return encounter, []
    held = combat.pending
    said: list[str] = []
    for combatant in combat.combatants:
        reactor, kind = combatant.creature_id, combatant.out_of_turn
        if kind is ActionKind.OPPORTUNITY:
            problem = action_problem(
                engine.rules, encounter, reactor, CombatAction.OPPORTUNITY_ATTACK
            )
            if problem:
                encounter, line = _offer_withdrawn(engine, encounter, reactor, problem)
                said.append(line)
        elif kind is not None and (
            problem := kind_problem(engine.rules, encounter, reactor, kind)
        ):
            encounter, line = _readied_withdrawn(encounter, reactor, kind, problem)
            said.append(line)
    encounter, lines = _interposers_withdrawn(engine, encounter)
    said += lines
    if held is None:
        return encounter, said
    if not said:
        return _gone_on_unasked(engine, encounter)
    went = go_on(engine, encounter)
    if went is not encounter:
        said.append(f"{held.text}, which waited for {'it' if len(said) == 1 else 'them'}, went on")
    return went, said


def _gone_on_unasked(engine: Engine, encounter: Encounter) -> tuple[Encounter, list[str]]:
    """R-241: a held step nothing waits for any more goes on (000 "Immediate Actions").

    A readied action triggered in place of its creature's opportunity attack took the offer's
    place; once it was taken or let pass, nothing was left to answer, and the held step waited
    for no one (found by the random GM, alloy-heroes seed 332 step 83).
    """
    held = encounter.combat.pending
    # the waiting decisions are the one list of what the GM could still answer: offers (001's
    # strikes ride on them), readied actions, owed pushes, the variants' questions
    if held is None or any(d.kind != HELD for d in decisions(engine, encounter)):
        return encounter, []
    went = go_on(engine, encounter)
    if went is encounter:
        return encounter, []
    return went, [f"{held.text} went on: nothing waits for it any more"]


def _offer_withdrawn(
    engine: Engine, encounter: Encounter, reactor: CreatureId, problem: str
) -> tuple[Encounter, str]:
    words = offer_words(engine, encounter, reactor)
    mover = engine.name(encounter, words.mover)
    offer = f"{encounter.name_of(reactor)}'s {words.name} on {mover} is withdrawn"
    combat = encounter.combat
    quiet = combat.with_combatant(replace(combat.combatant(reactor), out_of_turn=None))
    targets = (words.mover,) if words.mover is not None else ()
    encounter = encounter.with_combat(
        OfferWithdrawn(offer, problem).logged_in(quiet, reactor, targets)
    )
    # 001-23/24: its strike offer goes too, as when let pass.
    encounter = plugins.reaction_settled(engine, encounter, reactor, taken=False)
    return encounter, f"{offer} ({problem})"


def _readied_withdrawn(
    encounter: Encounter, readier: CreatureId, kind: ActionKind, problem: str
) -> tuple[Encounter, str]:
    """000 "Ready": a triggered readied action its creature can no longer take, withdrawn.

    Why: `kind_problem` (dead, no actions); it is spent as the GM's "let it pass" spends it.
    """
    offer = f"{encounter.name_of(readier)}'s readied {kind.value} action is withdrawn"
    combat = encounter.combat
    quiet = combat.with_combatant(replace(combat.combatant(readier), out_of_turn=None))
    encounter = encounter.with_combat(OfferWithdrawn(offer, problem).logged_in(quiet, readier))
    return encounter, f"{offer} ({problem})"


def _interposers_withdrawn(engine: Engine, encounter: Encounter) -> tuple[Encounter, list[str]]:
    """001-10/29: the held attack without those who can no longer step in (`cannot_act`)."""
    held = encounter.combat.pending
    who = [CreatureId(str(i)) for i in held.options.get(INTERPOSERS, ())] if held else []
    unable = {i: problem for i in who if (problem := cannot_act(engine.rules, encounter, i))}
    if held is None or not unable:
        return encounter, []
    target = engine.name(encounter, held.targets[0]) if held.targets else "its target"
    said: list[str] = []
    for creature_id, problem in unable.items():
        offer = f"{encounter.name_of(creature_id)} can no longer step in for {target}"
        encounter = OfferWithdrawn(offer, problem).logged_on(encounter, creature_id, held.targets)
        said.append(f"{offer} ({problem})")
    left = [i for i in who if i not in unable]
    options = freeze({**held.options, INTERPOSERS: left})
    return encounter.with_combat(
        replace(encounter.combat, pending=replace(held, options=options))
    ), said


def go_on(engine: Engine, encounter: Encounter) -> Encounter:
    """The held step once what it waited for went (R-212, R-225), or `encounter` if it waits on.

    001-10/29 with nobody left to step in: the attack goes on against the target the attacker
    chose, as the GM's "nobody steps in" (the variant's let pass). Else, once nothing is
    offered or owed, 000 "Immediate Actions": "that creature can continue its action right
    after" (`interrupts.settle`).
    """
    held = encounter.combat.pending
    if held is None:
        return encounter
    if INTERPOSERS in held.options:
        nobody = plugins.let_pass(engine, INTERPOSE)
        if held.options[INTERPOSERS] or nobody is None:
            return encounter
        outcome = nobody(engine, encounter, held.attacker)
        return outcome.after if isinstance(outcome, Step) else encounter
    return interrupts.settle(engine, encounter)
