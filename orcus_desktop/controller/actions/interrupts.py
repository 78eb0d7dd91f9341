"""Interrupts: opportunity attacks, and the attack held in `combat.pending` until they settle.

Opportunity attacks interrupt (000 "Immediate Actions", "Opportunity Attacks"): a charge whose
move provokes, or a Ranged or Far power used next to an enemy, offers the opportunity attacks
first and holds its attack in `combat.pending` (one undo step); a charge's move waits on the
square it provokes from, as a walk does (`move_interrupts`). The step that settles the last
offer (`opportunity_attack` or `decline_opportunity_attack`) moves a charger on first, then
resolves the held attack with the choices the GM made when ordering it, or drops it with a
log line when the attacker can no longer act (dead, unconscious, stunned...) or its charge
stopped short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions.special_attacks import SHOVE, charge_attack
from orcus_desktop.controller.attacks import owed_moves
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.attacks.attack_powers import basic_attack_name
from orcus_desktop.controller.attacks.attack_resolution import (
    AttackOutcome,
    attack,
    attack_step,
    logged_attack,
)
from orcus_desktop.controller.attacks.attack_staging import stage_attack
from orcus_desktop.controller.attacks.held_attacks import CHARGE, POWER, held_dice, held_push_to
from orcus_desktop.controller.availability.actions import CombatAction, action_problem
from orcus_desktop.controller.availability.kinds import attack_barred, cannot_act, stopped
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.combat_rules import opportunity_spent
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import (
    Attack,
    AttackDropped,
    AttackHeld,
    MoveStopped,
    OpportunityDeclined,
)
from orcus_desktop.controller.movement import move_interrupts, placement
from orcus_desktop.controller.outcomes import (
    Outcome,
    failure_reason,
    no_power,
    refuse,
    run_step,
)
from orcus_desktop.controller.stealth import targeting_problem
from orcus_desktop.geometry.grid import Space, Square, spaces_adjacent
from orcus_desktop.model.combat import PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules.powers import ActionKind, Power
from orcus_desktop.vocabulary import CreatureId, Origin


def offerable(engine: Engine, encounter: Encounter, enemy_ids: Sequence[str]) -> tuple[str, ...]:
    """The provoked enemies `Engine.offer_opportunity` will offer an opportunity attack to.

    None while the acting creature is barred from reaction attacks (003-47 Shrouded): an
    attack or charge held for offers never made would wait for no one (R-212).
    """
    combat = encounter.combat
    if not combat.active or engine.reactions_barred(encounter, combat.current):
        return ()
    return tuple(
        i
        for i in enemy_ids
        if (c := combat.find(i)) is not None and not opportunity_spent(engine.ruleset, combat, c)
    )


def hold(
    engine: Engine, encounter: Encounter, held: PendingAttack, provoked: Sequence[str]
) -> Encounter:
    """Offer the opportunity attacks and hold the attack until they are settled."""
    encounter = engine.offer_opportunity(encounter, provoked)
    offered = tuple(CreatureId(c) for c in offerable(engine, encounter, provoked))
    combat = AttackHeld(held.text, offered).logged_in(
        replace(encounter.combat, pending=held), held.attacker, held.targets
    )
    return encounter.with_combat(combat)


def _held_attack(engine: Engine, encounter: Encounter, held: PendingAttack) -> AttackOutcome:
    """Resolve a held attack (its action is already spent; it offers nothing again).

    Raises:
        ActionError: it cannot be made now (out of reach, the target is dead...).
    """
    attacker = held.attacker
    dice = held_dice(held)
    targets = list(held.targets)
    if held.kind == CHARGE:
        return charge_attack(
            engine,
            encounter,
            attacker,
            targets[0],
            shove=held.power == SHOVE.name,
            push_to=held_push_to(held),
            dice=dice,
        )
    power = find_power(engine.rules, encounter, attacker, held.power)
    if power is None:
        raise ActionError(no_power(engine.name(encounter, attacker), held.power))
    choices = AttackChoices.from_options(held.options)
    if engine.ruleset.hooks.reaction_rules.interrupts_trim and len(targets) > 1:
        encounter, targets, dice = _still_valid(engine, encounter, held, power, dice, choices)
    return attack(engine, encounter, attacker, power, targets, dice=dice, choices=choices)


def _still_valid(
    engine: Engine,
    encounter: Encounter,
    held: PendingAttack,
    power: Power,
    dice: list[int],
    choices: AttackChoices,
) -> tuple[Encounter, list[CreatureId], list[int]]:
    """003-18: the held attack's targets it may still attack, each one dropped noted.

    003 l.236-237 "remove any out of range characters as valid targets. No new targets can be
    picked - if the triggering action no longer has enough valid targets, it stops". Typed-in
    dice start with one attack roll per target (`attack`), so a dropped target's goes too.

    Raises:
        ActionError: no target is left (the attack stops).
    """
    kept: list[int] = []
    reasons: list[str] = []
    for i, target in enumerate(held.targets):
        try:
            stage_attack(engine, encounter, held.attacker, power, [target], choices)
        except ActionError as exc:
            reasons.append(str(exc))
            note = f"{held.text}: {exc}; that target is dropped"
            encounter = engine.rule_note(encounter, held.attacker, "003-18", note)
        else:
            kept.append(i)
    if not kept:
        raise ActionError("; ".join(reasons))
    count = len(held.targets)
    if len(dice) >= count:
        dice = [dice[i] for i in kept] + dice[count:]
    return encounter, [held.targets[i] for i in kept], dice


def settle(engine: Engine, encounter: Encounter) -> Encounter:
    """Resolve (or drop) the held attack once no opportunity attack is offered any more.

    000 "Immediate Actions": "When your immediate action interrupts another creature's
    action, that creature can continue its action right after" — if it still can act.
    """
    combat = encounter.combat
    held = combat.pending
    if held is not None and held.kind == move_interrupts.MOVE_KIND:
        return move_interrupts.settle_walk(engine, encounter)
    if (
        held is None
        or any(c.out_of_turn is ActionKind.OPPORTUNITY for c in combat.combatants)
        or owed_moves.holds_pending(encounter)
    ):
        return encounter
    variant_held = plugins.held_step(engine, held.kind)
    if variant_held is not None:
        # A variant's held step (001-24's Withdraw, R-127, and its other actions, R-153;
        # 004-09's skill use): what it waited for is settled; it goes on.
        encounter = encounter.with_combat(replace(combat, pending=None))
        return variant_held.finish(engine, encounter, held)
    short = ""
    if move_interrupts.walking(held):
        # 000 "Charge": its move goes on first ("provokes opportunity attacks as normal
        # movement does"); it may wait again further on, or end short of its square, and
        # then there is no charge attack (docs/rulings.md R-105).
        encounter = move_interrupts.settle_walk(engine, encounter)
        if encounter.combat.pending is not None:
            return encounter
        short = move_interrupts.short_of_end(encounter, held)
    else:
        encounter = encounter.with_combat(replace(combat, pending=None))
    reason = (
        cannot_act(engine.rules, encounter, held.attacker)
        or attack_barred(engine.rules, encounter, held.attacker)
        or short
    )
    if not reason:
        try:
            return logged_attack(engine, _held_attack(engine, encounter, held), held.attacker)
        except (KeyError, ValueError) as exc:
            reason = failure_reason(exc)
    return AttackDropped(held.text, reason).logged_on(encounter, held.attacker, held.targets)


def _provoking_square(encounter: Encounter, enemy_id: str, mover_id: str) -> Square | None:
    """Where the mover stood when it provoked `enemy_id` on this turn's last move."""
    enemy = encounter.creature(enemy_id)
    mover = encounter.creature(mover_id)
    for entry in reversed(encounter.combat.log):
        if entry.kind == "turn_start":
            return None
        if entry.kind in ("move", "charge_move") and entry.actor == mover_id:
            path = [Square(*p) for p in entry.data.get("path", ())]
            for square in path[:-1]:
                if spaces_adjacent(Space(square, mover.size), occupied_space(enemy)):
                    return square
            return None
    return None


def _basic_melee(engine: Engine, encounter: Encounter, reactor_id: str) -> Power | None:
    """The reactor's basic melee attack, or None without one."""
    name = basic_attack_name(engine, encounter, reactor_id)
    return find_power(engine.rules, encounter, reactor_id, name) if name else None


def opportunity_attack(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    dice: Sequence[int] = (),
    knock_out: bool = False,
) -> Outcome:
    """Take an offered opportunity attack: one melee basic attack, using the immediate action.

    000 "Opportunity Attacks"; docs/rulings.md R-02 (one per enemy per provoking
    creature's turn; it uses that enemy's immediate action). When it was the last offer,
    an attack held for the offers (a charge's, a ranged one) resolves in the same step, or
    is dropped if the attacker can no longer act.
    """
    op = "opportunity_attack"
    enc = encounter
    # 001-23/24: under 001 the offer is a Counter Strike! or a Free Strike! (strike_reactions).
    strike = plugins.reaction_name(engine, enc, creature_id)
    # 003-52 Ready Ranged Attack (003 l.798): the offer is its Ranged Basic Attack "as a
    # Reaction (Interrupt)", which spends the Reaction of the round (docs/rulings.md R-110).
    readied = plugins.readied_offer(engine, enc, creature_id)
    ranged = readied is not None
    problem = action_problem(engine.rules, enc, creature_id, CombatAction.OPPORTUNITY_ATTACK)
    if not problem and enc.combat.active and enc.combat.current != target_id:
        problem = f"{engine.name(enc, target_id)} did not provoke (it is not its turn)"
    if not problem:  # 003-47: Shrouded "Cannot be targeted by ... Reaction attacks"
        origin = Origin.RANGED if ranged else Origin.MELEE
        problem = targeting_problem(engine, enc, creature_id, origin, [target_id], reaction=True)
    if problem:
        return refuse(op, problem, creature_id)
    # 000 "Opportunity Attacks": the basic melee attack (003 l.790's Ready Melee Attack offers
    # that one too); 003 l.798's Ready Ranged Attack: its Ranged Basic Attack.
    power = (
        readied.power(engine, enc, creature_id)
        if readied is not None
        else _basic_melee(engine, enc, creature_id)
    )
    if power is None:
        kind = "ranged" if ranged else "melee"
        return refuse(op, f"{engine.name(enc, creature_id)} has no basic {kind} attack")
    title = f"readied {power.name}" if ranged else engine.ruleset.label("opportunity_attack")

    def change(e: Encounter) -> AttackOutcome:
        # 000 "Opportunity Attacks": "The attack occurs right before the creature leaves
        # your reach" — resolve it with the mover back on the square it provoked from.
        mover = e.creature(target_id)
        held = e.combat.pending
        there = (
            # A held ranged attack, or a walk or a charge's move waiting: where the mover
            # stands now; 001's strikes too.
            None
            if strike
            or (
                held is not None
                and (held.kind == POWER or move_interrupts.walking(held))
                and held.attacker == target_id
            )
            else _provoking_square(e, creature_id, target_id)
        )
        staged = e.with_creature(mover.moved_to(there)) if there is not None else e
        knock_outs = AttackChoices(knock_out=[target_id] if knock_out else ())
        out = attack(
            engine,
            staged,
            creature_id,
            power,
            [target_id],
            dice=dice,
            choices=knock_outs,
            # 003-19, 003 l.249: the opportunity attack adds the Opportunity Modifier; 003-52's
            # readied Ranged Basic Attack is not one.
            opportunity=not ranged,
        )
        if strike and isinstance(out.record, Attack):
            # 001-23/24: the attack's line names the strike it is.
            out = replace(out, record=replace(out.record, reaction=strike))
        e = out.encounter
        # If the attack stops the mover (dead, unconscious, immobile...), the rest of its
        # move does not happen: it stays where it provoked.
        final = mover.square
        if there is not None and stopped(engine.rules, e, target_id):
            me = e.creature(target_id)
            if not placement.destination_problem(e, me, there):
                final = there
        e = e.with_creature(e.creature(target_id).moved_to(final))
        if final != mover.square:
            e = MoveStopped(final).logged_on(e, target_id)
        e = engine.spend(
            e, creature_id, ActionKind.IMMEDIATE if ranged else ActionKind.OPPORTUNITY
        )
        e = plugins.reaction_settled(engine, e, creature_id, taken=True)
        return replace(out, encounter=e)

    return attack_step(
        engine,
        op,
        f"{engine.name(enc, creature_id)}: {strike or title}",
        enc,
        change,
        creature_id,
        then=lambda e: settle(engine, e),
    )


def decline_opportunity_attack(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """The enemy lets an offered opportunity attack pass (its immediate action stays).

    When it was the last offer, an attack held for the offers resolves in the same step.
    """
    op = "decline_opportunity_attack"
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    if combatant is None or combatant.out_of_turn is not ActionKind.OPPORTUNITY:
        return refuse(op, f"no {engine.ruleset.label('opportunity_attack')} offered")
    return run_step(
        op,
        f"{engine.name(encounter, creature_id)} lets it pass",
        encounter,
        lambda e: settle(
            engine,
            plugins.reaction_settled(
                engine,
                e.with_combat(
                    OpportunityDeclined().logged_in(
                        e.combat.with_combatant(replace(combatant, out_of_turn=None)), creature_id
                    )
                ),
                creature_id,
                taken=False,
            ),
        ),
        creature_id,
    )
