"""Can the creature take an action of this type now: its turn, its budget, its conditions.

`kind_problem` answers for a standard, move, swift, free, immediate or opportunity action;
`attack_barred`, `off_map_problem`, `cannot_act` and `stopped` for what a condition forbids;
`held_problem` for an attacker whose attack waits for "Against who?" (001-10/29, R-247).
"""

from __future__ import annotations

from orcus_desktop.controller import plugins
from orcus_desktop.controller.combat_rules import CombatRules, opportunity_spent
from orcus_desktop.controller.log.words import an_opportunity_attack
from orcus_desktop.controller.outcomes import no_creature
from orcus_desktop.model.combat import INTERPOSERS, Combat, Combatant, CombatPhase, PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import (
    ActionLimit,
    ConditionRules,
    MovementLimit,
    rules_for,
)
from orcus_desktop.rules.powers import ActionKind


def kind_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, kind: ActionKind
) -> str:
    """Why the creature cannot take an action of `kind` now (turn, budget, conditions), or ""."""
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    name = creature.name
    table = [rules_for(c, rules.ruleset) for c in sorted(rules.conditions(encounter, creature_id))]
    if rules.is_dead(encounter, creature_id):
        return f"{name} is dead"
    combat = encounter.combat
    blockers = [r.condition.label for r in table if r.actions is ActionLimit.NONE]
    if blockers and kind is not ActionKind.NONE:
        # 000 "Stunned"/"Unconscious"/"Petrified": "You can't take any actions".
        return f"{name} is {blockers[0].lower()}: no actions"
    held = held_problem(encounter, creature_id)
    if held:
        return held
    if kind in (ActionKind.IMMEDIATE, ActionKind.OPPORTUNITY):
        return _interrupt_problem(rules, encounter, creature_id, kind, table)
    if kind is ActionKind.FREE:
        no_free = [r.condition.label for r in table if r.no_free_actions]
        if no_free:
            return f"{name} is {no_free[0].lower()}: no free actions"
    if not combat.active or kind in (ActionKind.FREE, ActionKind.NONE):
        return ""
    combatant = combat.find(creature_id)
    if combatant is None:
        return f"{name} is not in the initiative"
    if combat.current != creature_id:
        if combatant.out_of_turn is kind:
            return ""
        return f"it is not {name}'s turn"
    if not combatant.budget.can_spend(kind, rules.conversions(encounter, creature_id)):
        return _budget_refusal(rules, combat, combatant, kind, name, table)
    return ""


def _interrupt_problem(
    rules: CombatRules,
    encounter: Encounter,
    creature_id: str,
    kind: ActionKind,
    table: list[ConditionRules],
) -> str:
    """Why the creature cannot take an immediate or opportunity action now, or ""."""
    name = encounter.creature(creature_id).name
    combat = encounter.combat
    no_immediate = [r.condition.label for r in table if r.no_immediate_actions]
    if no_immediate:
        # 000 "Dazed": "You can't take immediate or opportunity actions."
        return f"{name} is {no_immediate[0].lower()}: no immediate or opportunity actions"
    combatant = combat.find(creature_id) if combat.active else None
    if combatant is None:
        return ""
    if combat.phase is CombatPhase.SURPRISE and combatant.surprised:
        return f"{name} is surprised: no immediate actions until its first turn ends"
    if kind is ActionKind.OPPORTUNITY and not rules.ruleset.actions.opportunity_uses_immediate:
        if opportunity_spent(rules.ruleset, combat, combatant):
            # 002-05 (002 l.98), 004-08 (004 l.385): one per combatant's turn.
            return f"{name} already took {_an_opportunity_attack(rules)} this turn"
    elif combatant.immediate_used:
        # 000 "Immediate Actions"/docs/rulings.md R-02 — one per round.
        return f"{name} already took an immediate action this round"
    if combat.current == creature_id and kind is ActionKind.OPPORTUNITY:
        # 000 "Opportunity Attacks": a hostile creature provokes it; 004-08, 004
        # l.386 "You may not make an attack of opportunity on your own turn".
        return f"{name} cannot make {_an_opportunity_attack(rules)} on its own turn"
    if combat.current == creature_id:
        # 000 "Immediate Actions": "It must occur on someone else's turn."
        return "an immediate action must occur on someone else's turn"
    return ""


def _budget_refusal(
    rules: CombatRules,
    combat: Combat,
    combatant: Combatant,
    kind: ActionKind,
    name: str,
    table: list[ConditionRules],
) -> str:
    """Why an action of `kind` is past the combatant's budget this turn, in the rule's words."""
    ordered = plugins.budget_problem(rules, combatant, kind, name)  # 001-05
    if ordered:
        return ordered
    limited = [r.condition.label for r in table if r.actions is not ActionLimit.NORMAL]
    if limited:
        # 000 "Dazed": "You can only take one standard action on your turn".
        return f"{name} is {limited[0].lower()}: only a single action this turn, already taken"
    if combat.phase is CombatPhase.SURPRISE:
        return f"{name} has only one action in the surprise round (docs/rulings.md R-05)"
    return f"{name} has no {kind.value} action left"


def off_map_problem(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why the creature has no space to move from (003-48 Swallowed, Exiled), or ""."""
    for condition in sorted(rules.conditions(encounter, creature_id)):
        row = rules_for(condition, rules.ruleset)
        if row.off_map:
            # 003-48 (003 l.434-450): "disappears from its current position", "Does not
            # occupy a space": nothing to walk from until it comes back.
            name = encounter.creature(creature_id).name
            return f"{name} is {row.condition.label.lower()}: it does not occupy a space"
    return ""


def _an_opportunity_attack(rules: CombatRules) -> str:
    """An opportunity attack with its article, as the ruleset says it (004, 001: its strikes)."""
    return an_opportunity_attack(rules.ruleset.label)


def attack_barred(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why a condition forbids the creature any attack, or "".

    003-36, 003 l.366 Stunned: "Cannot attack" (000's stunned takes no action: ``kind_problem``).
    """
    creature = encounter.find_creature(creature_id)
    for condition in sorted(rules.conditions(encounter, creature_id)):
        if creature is not None and rules_for(condition, rules.ruleset).cannot_attack:
            return f"{creature.name} is {condition.label.lower()}: cannot attack"
    return ""


def cannot_act(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why the creature can take no action now, or "".

    Gone, dead, unconscious, stunned..., or its attack waits for "Against who?" (R-247).
    """
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return f"{creature_id} is gone"
    if rules.is_dead(encounter, creature_id):
        return f"{creature.name} is dead"
    for condition in sorted(rules.conditions(encounter, creature_id)):
        if rules_for(condition, rules.ruleset).actions is ActionLimit.NONE:
            return f"{creature.name} is {condition.label.lower()}"
    return held_problem(encounter, creature_id)


def held_problem(encounter: Encounter, creature_id: str) -> str:
    """Why the creature starts nothing now: its attack waits for "Against who?", or "".

    001 l.136: choosing the target is the first step of "Making an Attack", and "Any Creature
    in the same area as the Target ... can instead declare itself the Target" before the
    modifiers and the roll; the attacker is in the middle of its attack until the GM answers
    (R-247). Others act as on any turn (001-06's dropping prone, stepping in).
    """
    held = encounter.combat.pending
    if held is None or held.attacker != creature_id or not held.options.get(INTERPOSERS):
        return ""
    return against_who_waits(held)


def against_who_waits(held: PendingAttack) -> str:
    """The one wording of an attack waiting for someone to step in (001-10/29)."""
    return f"{held.text} waits: does someone declare itself its target?"


def stopped(rules: CombatRules, encounter: Encounter, creature_id: str) -> bool:
    """Whether the creature can no longer move on its own (dead, no actions, immobile)."""
    if rules.is_dead(encounter, creature_id):
        return True
    for condition in rules.conditions(encounter, creature_id):
        limits = rules_for(condition, rules.ruleset)
        if limits.actions is ActionLimit.NONE or limits.movement in (
            MovementLimit.NO_MOVE,
            MovementLimit.NO_WILLING_MOVE,
        ):
            return True
    return False
