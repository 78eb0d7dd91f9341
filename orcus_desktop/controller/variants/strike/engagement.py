"""001's engagement as use cases: Close/engage, Withdraw, and the pairs a Strike! makes.

Only under a ruleset whose H5 reactions keep engagement (`Reactions.engagement`: 001, the
`strike` ruleset). The pairs live in `combat.engagements` (`rules.engagement`), so undo, the
file and the map all read the same state; each change is one undo step and a `rule_note`
log line with its mechanic id.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.words import defense_name, plural
from orcus_desktop.controller.outcomes import Outcome, no_creature, refuse, run_step
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import engagement as rules
from orcus_desktop.rules.guards import GUARD_BONUS, Guarding
from orcus_desktop.rules.guards import Guard as Guard  # the UI names the three actions
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import ActionKind, Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.variants.strike.bands import engagement_band
from orcus_desktop.vocabulary import CreatureId, Origin


def keeps_engagement(ruleset: Ruleset) -> bool:
    """Whether the ruleset plays 001's engagement (H5 `Reactions.engagement`)."""
    return ruleset.hooks.reaction_rules.engagement


def strike_modifiers(
    engine: Engine, encounter: Encounter, attacker_id: str, target_id: str, power: Power
) -> tuple[Modifier, ...]:
    """001-26's "Strike! Modifiers" for engagement: +1/+2/+3 by how many others engage it.

    001 l.262-266 "Target Engaged By 1 other +1 / Target Engaged By 2-3 others +2 / Target
    Engaged by 4 or more others +3"; a Strike! is a melee attack (001-22); "others" are the
    creatures other than the attacker (pick). "Target Charged +1" (l.260) is 000's charge +1.
    """
    ruleset = engine.ruleset
    if not keeps_engagement(ruleset):
        return ()
    guarded = _guard_bonus(engine, encounter, target_id, power)
    if power.origin is not Origin.MELEE:
        return guarded
    others = [i for i in encounter.combat.engaged_by(target_id) if i != attacker_id]
    band = engagement_band(len(others))
    if not band:
        return guarded
    return (Modifier(band, f"target engaged by {plural(len(others), 'other')} (001-26)"), *guarded)


def _guard_bonus(
    engine: Engine, encounter: Encounter, target_id: str, power: Power
) -> tuple[Modifier, ...]:
    """001-28: the target's Block/Dodge/Dispel, as -1 to the attack on that defense.

    "+1 to your Block [Dodge, Dispel] until your next turn as long as you are not
    Incapacitated" (001 l.278); a defense's +1 is the attacker's -1 (the global sign pick).
    """
    combat = encounter.combat
    combatant = combat.find(target_id)
    if power.attack is None or combatant is None:
        return ()
    for g in combat.guards:
        if g.creature != target_id or g.guard.defense is not power.attack.defense:
            continue
        if g.since == combatant.turn_started_round and not cannot_act(
            engine.rules, encounter, target_id
        ):
            return (Modifier(-GUARD_BONUS, f"target's {g.guard.value} (001-28)"),)
    return ()


def guard(engine: Engine, encounter: Encounter, creature_id: str, kind: Guard) -> Outcome:
    """Block, Dodge or Dispel: its action, +1 to one defense until its next turn (001-28).

    001 l.276-298; pick: until the start of its next turn (the guard lapses when that turn
    starts: `Guarding.since`); Block = AC, Dodge = Reflex, Dispel = Will. A new guard
    replaces the creature's last one.
    """
    op = "guard"
    name = engine.name(encounter, creature_id)
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    problem = _problem(engine, encounter, (creature_id,))
    if not problem and (combatant is None or combat.current != creature_id):
        problem = f"{name} can {kind.value} only on its own turn (001-05: its action)"
    if (
        not problem
        and combatant is not None
        and not combatant.budget.can_spend(ActionKind.STANDARD)
    ):
        problem = f"{name} has no action left to {kind.value}"
    problem = problem or cannot_act(engine.rules, encounter, creature_id)
    if problem or combatant is None:
        return refuse(op, problem, creature_id)
    since = combatant.turn_started_round

    def change(e: Encounter) -> Encounter:
        kept = tuple(g for g in e.combat.guards if g.creature != creature_id)
        taken = Guarding(CreatureId(creature_id), kind, since)
        e = e.with_combat(replace(e.combat, guards=(*kept, taken)))
        e = engine.spend(e, creature_id, ActionKind.STANDARD)
        defense = defense_name(engine.ruleset.label, kind.defense.value)  # 001-38
        note = f"{name}: {kind.label}, +1 to {defense} until its next turn"
        return Engine.rule_note(e, creature_id, "001-28", note)

    return run_step(op, f"{name}: {kind.label}", encounter, change, creature_id)


def _problem(engine: Engine, encounter: Encounter, creature_ids: tuple[str, ...]) -> str:
    if not keeps_engagement(engine.ruleset):
        return f'{engine.ruleset.name} has no engagement (001 "Engaged With")'
    if not encounter.combat.active:
        return "engagement lasts only during combat: no combat is running"
    for creature_id in creature_ids:
        if encounter.find_creature(creature_id) is None:
            return no_creature(creature_id)
    return ""


def engaged(encounter: Encounter, engager_id: str, target_id: str) -> Encounter:
    """The encounter with `engager_id` Engaged With `target_id` (001-25), logged if new."""
    combat = encounter.combat
    if combat.engaged_with(engager_id) == target_id:
        return encounter
    pairs = rules.engage(combat.engagements, engager_id, target_id)
    note = f"{encounter.name_of(engager_id)} is engaged with {encounter.name_of(target_id)}"
    encounter = encounter.with_combat(replace(combat, engagements=pairs))
    return Engine.rule_note(encounter, engager_id, "001-25", note)


def engage(engine: Engine, encounter: Encounter, engager_id: str, target_id: str) -> Outcome:
    """The GM marks `engager_id` Engaged With `target_id` (001-30 Close, or a correction).

    001-30, 001 l.286 Close: "You do not Strike the Target but you do become Engaged With it";
    001-25: this ends the engager's Engaged With anyone else. No action is spent here: the
    GM records the outcome of a Close (or a Charge) the table played.
    """
    op = "engage"
    problem = _problem(engine, encounter, (engager_id, target_id))
    if not problem and engager_id == target_id:
        problem = "a creature cannot be engaged with itself"
    if not problem and encounter.combat.engaged_with(engager_id) == target_id:
        problem = (
            f"{engine.name(encounter, engager_id)} is already engaged with "
            f"{engine.name(encounter, target_id)}"
        )
    if problem:
        return refuse(op, problem, engager_id)
    text = f"{engine.name(encounter, engager_id)} engages {engine.name(encounter, target_id)}"
    return run_step(op, text, encounter, lambda e: engaged(e, engager_id, target_id), engager_id)


def withdraw_problem(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """Why the creature cannot take the Withdraw action now (001-31), or "".

    It must be engaged; on its own turn it must have its action left (001-05, l.53 "move
    and take one action": the standard action).
    """
    problem = _problem(engine, encounter, (creature_id,))
    combat = encounter.combat
    if not problem and not combat.engaged_by(creature_id) and not combat.engaged_with(creature_id):
        problem = f"{engine.name(encounter, creature_id)} is not engaged"
    combatant = combat.find(creature_id) if combat.active else None
    spent = combatant is not None and not combatant.budget.can_spend(ActionKind.STANDARD)
    if not problem and combat.current == creature_id and spent:
        problem = f"{engine.name(encounter, creature_id)} has no action left to withdraw"
    return problem


def withdrawn(encounter: Encounter, creature_id: str) -> Encounter:
    """Every engagement the creature is in ended, noted (001-31, 001-25).

    001 l.346 "You end all Engaged By Conditions on you"; l.256 "either one of you taking the
    With Draw Action" ends the pair.
    """
    name = encounter.name_of(creature_id)
    pairs = rules.withdraw(encounter.combat.engagements, creature_id)
    encounter = encounter.with_combat(replace(encounter.combat, engagements=pairs))
    note = f"{name} withdraws: no longer engaged"
    return Engine.rule_note(encounter, creature_id, "001-31", note)
