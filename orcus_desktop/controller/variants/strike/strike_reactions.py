"""001's Counter Strike! and Free Strike! (001-23/24), offered as opportunity attacks are.

Under a ruleset with engagement (H5 `Reactions.engagement`), each step of the creature whose
turn it is is looked at once it is made (`after_step`, from the session's one writer): a
Strike! (a melee attack) makes the striker Engaged With its target (001-25) and offers the
target a Counter Strike!; an action that is not a Strike! on a creature Engaged With the actor
offers that creature a Free Strike!. The offers are the reactor's ``out_of_turn`` opportunity
action (so the Actions panel's offers box, its shortcut and `settle` work as for 000's
opportunity attacks) plus a `StrikeOffer` in ``combat.strike_offers`` saying which strike it
is. Taking one is `interrupts.opportunity_attack`; it ends with `struck_back`.

Ordering (001-23, 001 l.244 "the one with the longest Reach gets to Strike! first!"): when the
target's reach is longer and it sees the striker, the Strike! is held in ``combat.pending``
(`counter_first`) and resolves once the Counter Strike! is taken or let pass, as an attack
held for opportunity attacks does. Picks: docs/rulings.md#001-picks-engagement-and-strike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from orcus_desktop.controller.attacks.attack_powers import basic_attack_name, reach_of
from orcus_desktop.controller.attacks.attack_staging import stage_attack
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.outcomes import Outcome, Step, logged_since
from orcus_desktop.controller.variants.strike import strike_states
from orcus_desktop.controller.variants.strike.engagement import engaged, keeps_engagement
from orcus_desktop.controller.variants.strike.shooting import HIDDEN, has, sees
from orcus_desktop.model.combat import FREE_FIRST, INTERPOSERS, PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import engagement as engagement_rules
from orcus_desktop.rules.engagement import StrikeKind, StrikeOffer
from orcus_desktop.rules.powers import Power
from orcus_desktop.vocabulary import CreatureId, Origin


def interposers(held: PendingAttack | None) -> tuple[CreatureId, ...]:
    """Who may still declare itself the target of the held attack (001-10, 001-29)."""
    if held is None:
        return ()
    return tuple(CreatureId(str(i)) for i in held.options.get(INTERPOSERS, ()))


def _basic_melee(engine: Engine, encounter: Encounter, creature_id: str) -> Power | None:
    name = basic_attack_name(engine, encounter, creature_id)
    return find_power(engine.rules, encounter, creature_id, name) if name else None


def can_strike_back(engine: Engine, encounter: Encounter, reactor_id: str, target_id: str) -> bool:
    """Whether `reactor_id` could make a Counter or Free Strike! on `target_id` now.

    It must be in the combat and able to react (not incapacitated, no reaction taken on this
    turn: `Occupant.can_take_opportunity_actions`), and its basic melee attack must reach the
    target (001 l.238 "A Strike! must be against a target in your Area": within reach).
    """
    combat = encounter.combat
    if not combat.active or combat.find(reactor_id) is None:
        return False
    field_ = engine.battlefield(encounter)
    occupant = next((o for o in field_.occupants if o.id == reactor_id), None)
    if occupant is None or not occupant.can_take_opportunity_actions:
        return False
    power = _basic_melee(engine, encounter, reactor_id)
    if power is None:
        return False
    try:
        stage_attack(engine, encounter, reactor_id, power, [target_id])
    except (ActionError, KeyError):
        return False
    return True


def _sees(engine: Engine, encounter: Encounter, viewer_id: str, target_id: str) -> bool:
    """Whether the viewer sees the target (`shooting.sees`) and it is not Hidden from it."""
    viewer = encounter.creature(viewer_id)
    hidden = encounter.creature(target_id).side != viewer.side and has(
        engine, encounter, target_id, HIDDEN
    )
    # 001-15: a Hidden striker is unseen (001-14: the counter goes last)
    return not hidden and sees(engine, encounter, viewer_id, target_id)


def counter_first(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    power: Power,
    target_ids: Sequence[str],
) -> bool:
    """Whether the target's Counter Strike! comes before this Strike! (001-23).

    001 l.244: "Check the Reach of both creatures involved, the one with the longest Reach
    gets to Strike! first!" Picks: equal reach, the original Strike! first; a target that
    cannot see the striker goes last whatever its reach (001-14, l.170).
    """
    if not keeps_engagement(engine.ruleset) or power.origin is not Origin.MELEE:
        return False
    if len(target_ids) != 1 or not encounter.combat.active:
        return False
    target_id = target_ids[0]
    counter = _basic_melee(engine, encounter, target_id)
    if counter is None or not can_strike_back(engine, encounter, target_id, attacker_id):
        return False
    if not _sees(engine, encounter, target_id, attacker_id):
        return False
    striker = engine.combatant(encounter, attacker_id)
    target = engine.combatant(encounter, target_id)
    return reach_of(target, counter) > reach_of(striker, power)


def free_strikers(
    engine: Engine,
    encounter: Encounter,
    actor_id: str,
    power: Power,
    target_ids: Sequence[str],
) -> tuple[CreatureId, ...]:
    """Who may make a Free Strike! before the actor's action with `power` (001-24).

    001 l.248: "When that Target takes an Action that does not involve a Strike! on you, you
    get a Free Strike! on it ... You can take this strike before or after the Creature Moves or
    Acts." Each creature Engaged With the actor whose turn it is, that this power does not
    strike (a melee attack on it) and that can strike back now. The action then waits for
    them (`use_power` holds it with `FREE_FIRST`; docs/rulings.md R-127).
    """
    struck = tuple(target_ids) if power.origin is Origin.MELEE else ()
    return engagers_first(engine, encounter, actor_id, struck)


def engagers_first(
    engine: Engine, encounter: Encounter, actor_id: str, struck: Sequence[str] = ()
) -> tuple[CreatureId, ...]:
    """Who may make a Free Strike! before the actor's action (001-24), whatever the action.

    Each creature Engaged With the actor whose turn it is, not in `struck` (the creatures the
    action strikes: they counter-strike instead, 001-23) and able to strike back now. A power
    (`free_strikers`), a charge or a Dash (`movement`) waits for them (R-127).
    """
    combat = encounter.combat
    if not keeps_engagement(engine.ruleset) or not combat.active or combat.current != actor_id:
        return ()
    return tuple(
        engager
        for engager in combat.engaged_by(actor_id)
        if engager not in struck and can_strike_back(engine, encounter, engager, actor_id)
    )


def _waits_for_free_strikes(held: PendingAttack | None) -> bool:
    """Whether the held attack waits for Free Strikes! offered before it (001-24)."""
    return held is not None and bool(held.options.get(FREE_FIRST))


def strikes(before: Encounter, after: Encounter, actor_id: str) -> tuple[CreatureId, ...]:
    """Whom the actor's step struck (melee attacks logged, or a Strike! held for a counter).

    Never the actor: a power aimed at its own user engages no one and offers no Counter
    Strike! (001-25, 001 l.252: Engaged With another creature).
    """
    struck: list[CreatureId] = []
    for entry in logged_since(before, after):
        melee = entry.data.get("origin") == Origin.MELEE.value
        if entry.kind == "attack" and entry.actor == actor_id and melee:
            struck.extend(t for t in entry.targets if t not in struck)
    held = after.combat.pending
    if (
        held is not None
        and held is not before.combat.pending
        and held.attacker == actor_id
        and not _waits_for_free_strikes(held)
    ):
        # Under 001 nothing else is held (no opportunity attacks): a Strike! whose target
        # counter-strikes first (`counter_first`). One held for Free Strikes! has struck no
        # one yet: its targets' counters come once it resolves.
        struck.extend(t for t in held.targets if t not in struck)
    return tuple(t for t in struck if t != actor_id)


def acted(before: Encounter, after: Encounter, actor_id: str) -> bool:
    """Whether the step was the actor's action (001-05, l.53: its one action, the standard)."""
    was = before.combat.find(actor_id)
    now = after.combat.find(actor_id)
    return was is not None and now is not None and now.budget.standard < was.budget.standard


def _offer(engine: Engine, encounter: Encounter, offer: StrikeOffer) -> Encounter:
    encounter = engine.offer_opportunity(encounter, [offer.reactor])
    combat = encounter.combat
    kept = tuple(o for o in combat.strike_offers if o.reactor != offer.reactor)
    what = offer.kind.label
    mechanic = "001-23" if offer.kind is StrikeKind.COUNTER else "001-24"
    reactor, target = encounter.name_of(offer.reactor), encounter.name_of(offer.target)
    note = f"{reactor} may make a {what} on {target}"
    encounter = encounter.with_combat(replace(combat, strike_offers=(*kept, offer)))
    return Engine.rule_note(encounter, offer.reactor, mechanic, note)


def offer_free_strike(
    engine: Engine, encounter: Encounter, engager_id: str, actor_id: str
) -> Encounter:
    """`encounter` with `engager_id` offered its Free Strike! on `actor_id` (001-24)."""
    offer = StrikeOffer(CreatureId(engager_id), CreatureId(actor_id), StrikeKind.FREE)
    return _offer(engine, encounter, offer)


def offer_strikes(engine: Engine, before: Encounter, after: Encounter) -> Encounter:
    """`after` with the engagement and the strikes the current creature's step provoked.

    001-25: a Strike! makes the striker Engaged With its (first) target. 001-23: each creature
    struck may Counter Strike!. 001-24: each creature Engaged With the actor that the action
    did not strike may make a Free Strike! ("one per action", pick). Reactions provoke
    nothing (l.248 "this attack does not provoke a Counter Strike"; a Counter Strike! never
    provokes another, pick), nor does the step that resolves a held Strike!.
    """
    combat = before.combat
    actor = combat.current
    # 001-10/29: an attack declared waits for who is its target (nothing is struck yet); the
    # step that answers is the actor's action being carried out. So is the step that ends
    # the wait for Free Strikes! offered before the action (001-24, R-127): an engager that
    # let it pass may take it after (l.248 "before or after").
    answered = bool(interposers(combat.pending)) or (
        _waits_for_free_strikes(combat.pending) and after.combat.pending is None
    )
    if (
        actor is None
        or not keeps_engagement(engine.ruleset)
        or not after.combat.active
        or after.combat.current != actor
        or (combat.pending is not None and not answered)
        or interposers(after.combat.pending)
    ):
        return after
    struck = strikes(before, after, actor)
    if not struck and not answered and not acted(before, after, actor):
        return after
    first = struck[0] if struck else None
    if first is not None and after.find_creature(first) and not engine.rules.is_dead(after, first):
        after = engaged(after, actor, first)
    for target_id in struck:
        if can_strike_back(engine, after, target_id, actor):
            after = _offer(engine, after, StrikeOffer(target_id, actor, StrikeKind.COUNTER))
    for engager_id in combat.engaged_by(actor):
        if engager_id not in struck and can_strike_back(engine, after, engager_id, actor):
            after = _offer(engine, after, StrikeOffer(engager_id, actor, StrikeKind.FREE))
    return after


def without_the_dead(engine: Engine, encounter: Encounter) -> Encounter:
    """The encounter without the engagements of dead creatures (pick, 001-25).

    001 only ends a pair by a new Strike! or a Withdraw (l.252-256); the dead leave the
    battlefield (`battlefield_for`), so their pairs end too and count for no modifier.
    """
    pairs = encounter.combat.engagements
    dead = sorted(
        {i for p in pairs for i in (p.engager, p.target) if engine.rules.is_dead(encounter, i)}
    )
    if not dead:
        return encounter
    for creature_id in dead:
        pairs = engagement_rules.without(pairs, creature_id)
    encounter = encounter.with_combat(replace(encounter.combat, engagements=pairs))
    names = ", ".join(encounter.name_of(i) for i in dead)
    return Engine.rule_note(encounter, None, "001-25", f"{names}: dead, no longer engaged")


def after_step(engine: Engine, before: Encounter, outcome: Outcome) -> Outcome:
    """The step with the 001 strikes it provoked (`offer_strikes`) and the dead disengaged.

    Also the Hidden and Crouching states the step ended (`strike_states.after_step`, 001-12/15).
    """
    if not isinstance(outcome, Step):
        return outcome
    after = outcome.after
    if keeps_engagement(engine.ruleset):
        after = without_the_dead(engine, offer_strikes(engine, before, after))
    after = strike_states.after_step(engine, before, after)
    if after is outcome.after:
        return outcome
    return replace(outcome, after=after)


def struck_back(encounter: Encounter, reactor_id: str, *, taken: bool) -> Encounter:
    """The encounter once `reactor_id` took (or let pass) its offered strike.

    001-25, l.252: Engaged With "ends when you Strike! or Counter Strike a new Target which
    you then begins a new Engaged With (Target) Condition" - a Counter Strike! taken engages.
    """
    combat = encounter.combat
    offer = next((o for o in combat.strike_offers if o.reactor == reactor_id), None)
    if offer is None:
        return encounter
    left = tuple(o for o in combat.strike_offers if o.reactor != reactor_id)
    encounter = encounter.with_combat(replace(combat, strike_offers=left))
    if taken and offer.kind is StrikeKind.COUNTER:
        encounter = engaged(encounter, reactor_id, offer.target)
    return encounter


def strike_name(encounter: Encounter, reactor_id: str) -> str:
    """What the reactor's offer is called: "Counter Strike!", "Free Strike!" or ""."""
    offer = encounter.combat.strike_offer(reactor_id)
    if offer is None:
        return ""
    return offer.kind.label
