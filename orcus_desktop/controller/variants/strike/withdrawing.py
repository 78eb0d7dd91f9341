"""001's Withdraw action (001-31), waiting for its engagers' Free Strikes! first (001-24).

001 l.346 Withdraw: "You end all Engaged By Conditions on you." 001 l.248: an engager gets a
Free Strike! when its target "takes an Action that does not involve a Strike! on you ... You
can take this strike before or after the Creature Moves or Acts." So, on the creature's own
turn, a Withdraw with engagers that can strike back is held in ``combat.pending`` (kind
`WITHDRAW`) with their offers, as a power is (docs/rulings.md R-127): taking the strike comes
before the engagements end; once every offer is settled `interrupts.settle` ends them
(`finish`), and one let pass is offered again after (`strike_reactions.offer_strikes`).
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import AttackDropped, AttackHeld
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.controller.variants.strike.engagement import withdraw_problem, withdrawn
from orcus_desktop.controller.variants.strike.strike_reactions import engagers_first
from orcus_desktop.model.combat import FREE_FIRST, PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId

WITHDRAW = "withdraw"
"""`PendingAttack.kind` of a Withdraw waiting for the Free Strikes! offered before it."""


def withdraw(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """The Withdraw action: every engagement the creature is in ends (001-31, 001-25).

    On the creature's own turn it is its action (001-05, l.53: the standard action), and it
    waits while its engagers' Free Strikes! are offered (001-24, R-127).
    """
    op = "withdraw"
    problem = withdraw_problem(engine, encounter, creature_id)
    if problem:
        return refuse(op, problem, creature_id)
    combat = encounter.combat
    own_turn = combat.active and combat.current == creature_id and combat.find(creature_id)
    first = engagers_first(engine, encounter, creature_id) if own_turn else ()
    name = engine.name(encounter, creature_id)

    def change(e: Encounter) -> Encounter:
        if own_turn:
            e = engine.spend(e, creature_id, ActionKind.STANDARD)
        if not first:
            return withdrawn(e, creature_id)
        held = PendingAttack(
            CreatureId(creature_id),
            WITHDRAW,
            "",
            (),
            freeze({FREE_FIRST: list(first)}),
            f"{name}'s withdraw",
        )
        e = engine.offer_opportunity(e, first)
        record = AttackHeld(held.text, first)
        return e.with_combat(record.logged_in(replace(e.combat, pending=held), creature_id))

    return run_step(op, f"{name} withdraws", encounter, change)


def finish(engine: Engine, encounter: Encounter, held: PendingAttack) -> Encounter:
    """The held Withdraw once its offers are settled: the engagements end (001-31).

    000 "Immediate Actions": the creature continues its action "if it still can" - one a Free
    Strike! took out of the fight does not withdraw (logged as dropped).
    """
    why = cannot_act(engine.rules, encounter, held.attacker)
    if why:
        return AttackDropped(held.text, why).logged_on(encounter, held.attacker, ())
    return withdrawn(encounter, held.attacker)
