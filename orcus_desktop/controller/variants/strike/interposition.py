"""001's "Against Who?": a creature next to the target declares itself the target instead.

001-10, 001 l.136 "Any Creature in the same area as the Target that does not have the Engaged By
(Creature) Condition can instead declare itself the Target" (again l.364-366); 001-29, l.282
Charge: "any Creature in the same Area as the Target and not Engaged By Anyone can chose to be
the Target instead". Picks: docs/rulings.md R-92.

When a creature attacks one creature on its own turn (a power, a basic attack, a charge's
Strike!) and someone may step in, the attack is held in ``combat.pending`` as an attack held
for opportunity attacks is (`interrupts`), its action spent, with the creatures that may step in
in its options (`strike_reactions.INTERPOSERS`), so undo and the file keep the offer. The GM
then answers once: `interpose` (that creature becomes the target) or `keep_target`; either
step resolves the attack (`interrupts.settle`), or holds it again for the new target's
Counter Strike! when its reach is longer (001-23, `strike_reactions.counter_first`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.attacks.attack_powers import basic_attack_name
from orcus_desktop.controller.attacks.attack_staging import stage_attack
from orcus_desktop.controller.attacks.held_attacks import CHARGE
from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.controller.turns.waiting_decisions import INTERPOSE, Decision
from orcus_desktop.controller.variants.strike.shooting import plays_001
from orcus_desktop.controller.variants.strike.strike_reactions import counter_first, interposers
from orcus_desktop.geometry.grid import spaces_adjacent
from orcus_desktop.model.combat import INTERPOSERS, PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.powers import Power
from orcus_desktop.vocabulary import CreatureId, Origin


def candidates(
    engine: Engine,
    encounter: Encounter,
    held: PendingAttack,
    power: Power,
    choices: AttackChoices = NO_CHOICES,
) -> tuple[CreatureId, ...]:
    """Who may declare itself the target of the declared attack `held` instead, in map order.

    001-10; 001-29 when `held` is a charge (its kind is `CHARGE`).

    Picks (R-92): only under 001; an attack on one creature, on the attacker's own turn, not an
    area; the creature is in the combat, able to act, not the attacker's ally, adjacent to the
    target ("the same area"), Engaged By nobody (l.136, l.282), and the same attack could
    target it from where the attacker stands (reach or range, line of effect).
    """
    attacker_id, target_ids = held.attacker, held.targets
    combat = encounter.combat
    if (
        not plays_001(engine)
        or not combat.active
        or combat.current != attacker_id
        or len(target_ids) != 1
        or power.origin.is_area
        or power.origin is Origin.SELF
    ):
        return ()
    attacker = encounter.creature(attacker_id)
    target = encounter.find_creature(target_ids[0])
    if target is None:
        return ()
    found: list[CreatureId] = []
    for c in encounter.creatures:
        if (
            c.id in (attacker_id, target.id)
            or c.side == attacker.side
            or combat.find(c.id) is None
            or not spaces_adjacent(c.space, target.space)
            or combat.engaged_by(c.id)
            or cannot_act(engine.rules, encounter, c.id)
        ):
            continue
        try:
            _stage(engine, encounter, replace(held, targets=(c.id,)), power, choices)
        except (ActionError, KeyError):
            continue
        found.append(CreatureId(c.id))
    return tuple(found)


def _mechanic(held: PendingAttack) -> str:
    return "001-29" if held.kind == CHARGE else "001-10"


def hold(
    engine: Engine, encounter: Encounter, held: PendingAttack, who: Sequence[str]
) -> Encounter:
    """The attack held for the creatures that may step in, logged (its action already spent)."""
    options: dict[str, Any] = {**held.options, INTERPOSERS: list(who)}
    held = replace(held, options=freeze(options))
    encounter = encounter.with_combat(replace(encounter.combat, pending=held))
    names = ", ".join(encounter.name_of(i) for i in who)
    target = encounter.name_of(held.targets[0])
    note = f"{names} may declare itself the target of {held.text} instead of {target}"
    return Engine.rule_note(encounter, held.attacker, _mechanic(held), note)


def declared(
    engine: Engine,
    encounter: Encounter,
    held: PendingAttack,
    power: Power,
    choices: AttackChoices = NO_CHOICES,
) -> Encounter | None:
    """`hold` when someone may step in for this declared attack; None when nobody may.

    ``held`` is the attack as the attacker declared it; the caller spends its action.

    Raises:
        ActionError: the attack cannot be made on the creature the attacker chose.
    """
    who = candidates(engine, encounter, held, power, choices)
    if not who:
        return None
    _stage(engine, encounter, held, power, choices)
    return hold(engine, encounter, held, who)


def _stage(
    engine: Engine, encounter: Encounter, held: PendingAttack, power: Power, choices: AttackChoices
) -> None:
    """`stage_attack` of the held attack as declared: raises when it cannot be made."""
    charge = held.kind == CHARGE
    stage_attack(engine, encounter, held.attacker, power, held.targets, choices, charge=charge)


def offered(encounter: Encounter) -> tuple[CreatureId, ...]:
    """The creatures that may declare themselves the target of the held attack now."""
    return interposers(encounter.combat.pending)


def asked(engine: Engine, encounter: Encounter) -> tuple[Decision, ...]:
    """The GM's "Against who?" while someone may step in for the held attack (R-117)."""
    held = encounter.combat.pending
    stepping_in = offered(encounter)
    if held is None or not stepping_in:
        return ()
    name = encounter.name_of
    first = held.targets[0] if held.targets else None
    who = " or ".join(name(c) for c in stepping_in)
    target = name(first) if first is not None else "its target"
    text = f"Against who? {who} may declare itself the target instead of {target}"
    return (Decision(INTERPOSE, held.attacker, text, first, stepping_in),)


def _strike_of(engine: Engine, encounter: Encounter, held: PendingAttack) -> Power | None:
    """The held attack's power (a charge's: the basic melee attack), for its counter order."""
    name = held.power
    if held.kind == CHARGE:
        name = name or (basic_attack_name(engine, encounter, held.attacker) or "")
    return find_power(engine.rules, encounter, held.attacker, name) if name else None


def _answered(engine: Engine, encounter: Encounter, target_id: str) -> Encounter:
    """The held attack against `target_id`, resolved now or held for its Counter Strike!."""
    held = encounter.combat.pending
    assert held is not None  # the callers checked the offer
    options = {k: v for k, v in held.options.items() if k != INTERPOSERS}
    held = replace(held, targets=(CreatureId(target_id),), options=freeze(options))
    power = _strike_of(engine, encounter, held)
    if power is not None and counter_first(engine, encounter, held.attacker, power, [target_id]):
        # 001-23, 001 l.244: the longer reach strikes first; the Strike! waits for the Counter
        # Strike! offered by `strike_reactions.after_step`, as in `attacks.use_power`.
        return interrupts.hold(engine, encounter, held, [target_id])
    waiting = encounter.with_combat(replace(encounter.combat, pending=held))
    return interrupts.settle(engine, waiting)


def interpose(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """`creature_id` declares itself the target of the held attack, which then resolves.

    001 l.136 "can instead declare itself the Target"; l.366 "they become the new target".
    """
    op = "interpose"
    held = encounter.combat.pending
    if held is None or creature_id not in offered(encounter):
        return refuse(
            op, f"{engine.name(encounter, creature_id)} may not step in now", creature_id
        )
    name, was = engine.name(encounter, creature_id), engine.name(encounter, held.targets[0])

    def change(e: Encounter) -> Encounter:
        note = f"{name} declares itself the target of {held.text} instead of {was}"
        e = Engine.rule_note(e, creature_id, _mechanic(held), note)
        return _answered(engine, e, creature_id)

    return run_step(op, f"{name} steps in for {was}", encounter, change, creature_id)


def keep_target(engine: Engine, encounter: Encounter) -> Outcome:
    """Nobody steps in: the held attack resolves against the target the attacker chose.

    Also once nobody is left to step in (R-225: those offered can no longer act, or were
    removed), where the offer's list is empty.
    """
    op = "keep_target"
    held = encounter.combat.pending
    if held is None or INTERPOSERS not in held.options:
        return refuse(op, "no attack waits for someone to step in")
    was = engine.name(encounter, held.targets[0])

    def change(e: Encounter) -> Encounter:
        e = Engine.rule_note(e, held.attacker, _mechanic(held), f"nobody steps in for {was}")
        return _answered(engine, e, held.targets[0])

    return run_step(op, f"Nobody steps in for {was}", encounter, change, held.attacker)
