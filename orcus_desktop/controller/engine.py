"""What every use case shares: the rules bridge, the battlefield cache and the bookkeeping.

The use-case modules (`movement`, `attacks`, `interrupts`, `combat_actions`, `grappling`,
`initiative`, `gm_edits`, `editing`) are functions `Encounter -> Step | Refusal` that take an
`Engine`: it holds the rules bridge, the RNG and the battlefield of the last snapshot, and does
the bookkeeping more than one action needs (spending an action, offering opportunity attacks,
ending grapples that no longer hold). A transition that is not allowed raises `ActionError`
with the GM-facing reason; the use case turns it into a refusal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from orcus_desktop.controller.battlefield_builder import battlefield_for
from orcus_desktop.controller.combat_rules import CombatRules, opportunity_spent
from orcus_desktop.controller.log.records import TotalDefense, log_ended, rule_noted
from orcus_desktop.controller.outcomes import Outcome, run_step
from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import spaces_adjacent
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.attack_modifiers import Combatant
from orcus_desktop.rules.conditions import Condition, ConditionInstance, rules_for
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.vocabulary import CreatureId


class ActionError(ValueError):
    """An action that is not allowed now; the message is the reason the GM sees."""


@dataclass
class Engine:
    """The rules bridge, the RNG and a battlefield cache, shared by every use case."""

    rules: CombatRules
    rng: random.Random
    _field: tuple[Encounter, Battlefield] | None = field(default=None, repr=False)

    @property
    def ruleset(self) -> Ruleset:
        return self.rules.ruleset

    def battlefield(self, encounter: Encounter) -> Battlefield:
        """The battlefield of a snapshot, built once per snapshot (previews reuse it)."""
        cached = self._field
        if cached is not None and cached[0] is encounter:
            return cached[1]
        built = battlefield_for(encounter, self.rules)
        self._field = (encounter, built)
        return built

    def spend(
        self, encounter: Encounter, creature_id: str, kind: ActionKind, moved: int = 0
    ) -> Encounter:
        """The encounter after the creature spent one action of `kind` (nothing outside combat).

        On its own turn the budget pays (000 "Your Turn"); off its turn the pending out-of-turn
        permission is used; immediate and opportunity actions use the creature's one immediate
        action of the round (000 "Immediate Actions"; docs/rulings.md R-02).
        """
        combat = encounter.combat
        combatant = combat.find(creature_id)
        if not combat.active or combatant is None:
            return encounter
        if kind is ActionKind.OPPORTUNITY and not self.ruleset.actions.opportunity_uses_immediate:
            # 002-05, 004-08: one per provoking turn, the immediate action kept; 003's group
            # turn is one turn (docs/rulings.md R-106).
            turn = combat.group_turn_key(self.ruleset.hooks.flow.group_turns)
            combatant = replace(combatant, opportunity_turn=turn, out_of_turn=None)
        elif kind in (ActionKind.IMMEDIATE, ActionKind.OPPORTUNITY):
            combatant = replace(combatant, immediate_used=True, out_of_turn=None)
        elif combat.current != creature_id:
            combatant = replace(combatant, out_of_turn=None)
        elif kind not in (ActionKind.FREE, ActionKind.NONE):
            conversions = self.rules.conversions(encounter, creature_id)
            budget = combatant.budget.spend(kind, conversions)
            acted = budget.standard < combatant.budget.standard
            if acted and self.ruleset.actions.action_ends_move:
                # 001-05, 001 l.53 "You always move first and then take your [action]".
                budget = replace(budget, move=0)
            # 003-18: the rest of an interrupted walk is for the next walk, not after an action.
            combatant = replace(combatant, budget=budget, walk_left=0)
        combatant = replace(combatant, moved_squares=combatant.moved_squares + moved)
        return encounter.with_combat(combat.with_combatant(combatant))

    def offer_opportunity(
        self, encounter: Encounter, enemy_ids: Sequence[str], provoker: str | None = None
    ) -> Encounter:
        """Let each provoked enemy take an opportunity attack (docs/rulings.md R-02).

        A ``provoker`` acting outside its turn is reacting: under 003-16 (003 l.269 "reactions
        cannot trigger further reactions") it provokes nobody, and the log says so.
        """
        combat = encounter.combat
        if not combat.active or self.reactions_barred(encounter, combat.current):
            return encounter
        if (
            provoker is not None
            and enemy_ids
            and combat.current != provoker
            and not self.ruleset.hooks.reaction_rules.reactions_provoke
        ):
            note = "a reaction provokes no opportunity attack"
            return self.rule_note(encounter, provoker, "003-16", note)
        for enemy_id in enemy_ids:
            combatant = combat.find(enemy_id)
            if combatant is not None and not opportunity_spent(self.ruleset, combat, combatant):
                combat = combat.with_combatant(
                    replace(combatant, out_of_turn=ActionKind.OPPORTUNITY)
                )
        return encounter.with_combat(combat)

    def reactions_barred(self, encounter: Encounter, provoker: str | None) -> bool:
        """003-47 Shrouded: the provoker "Cannot be targeted by ... Reaction attacks"."""
        if provoker is None or encounter.find_creature(provoker) is None:
            return False
        return any(
            "reaction" in rules_for(c, self.ruleset).untargetable_by
            for c in self.rules.conditions(encounter, provoker)
        )

    @staticmethod
    def rule_note(encounter: Encounter, actor: str | None, mechanic: str, note: str) -> Encounter:
        """Log a rule of the encounter's ruleset the GM applies (its mechanic id, `RuleNote`)."""
        return encounter.with_combat(rule_noted(encounter.combat, actor, mechanic, note))

    def check_grapples(self, encounter: Encounter) -> Encounter:
        """docs/rulings.md R-06 — the grapple ends when the two are no longer adjacent."""
        combat = encounter.combat
        for creature in encounter.creatures:
            state = creature.state
            if state is None:
                continue
            ended = []
            for inst in state.instances_of(Condition.GRAPPLED):
                grappler = encounter.find_creature(inst.source_id) if inst.source_id else None
                if grappler is None or not spaces_adjacent(
                    occupied_space(grappler), occupied_space(creature)
                ):
                    ended.append(inst)
            if ended:
                for inst in ended:
                    state = rules_state.remove_effect(state, inst.effect_id)
                encounter = self.set_state(encounter, creature.id, state)
                combat = log_ended(encounter.combat, creature.id, ended, "no longer adjacent")
                encounter = encounter.with_combat(combat)
        return encounter

    def total_defense(
        self, encounter: Encounter, creature_id: str, state: CreatureState
    ) -> Encounter:
        """The creature takes Total Defense (000; 003-08's opening too), and the log says so.

        +the ruleset's bonus to all defenses (000 +2, 003-09 +4) until the start of its next
        turn; `state` is its state now.
        """
        current = encounter.combat.current
        state, inst = rules_turns.total_defense(
            state,
            target=CreatureId(creature_id),
            current_turn=CreatureId(current) if current else None,
        )
        encounter = self.set_state(encounter, creature_id, state)
        record = TotalDefense(inst, self.ruleset.total_defense_bonus)
        return record.logged_on(encounter, creature_id)

    def set_state(self, encounter: Encounter, creature_id: str, state: CreatureState) -> Encounter:
        """The encounter with the creature's combat state replaced."""
        creature = encounter.creature(creature_id)
        return encounter.with_creature(creature.with_state(state))

    def combatant(self, encounter: Encounter, creature_id: str) -> Combatant:
        """The rules' view of a creature (stat block + state).

        Raises:
            ActionError: it has no (readable) stat block.
        """
        creature = encounter.creature(creature_id)
        sb = self.rules.statblock(creature)
        state = self.rules.state(creature)
        if sb is None or state is None:
            problem = self.rules.statblock_problem(creature)
            if problem:
                raise ActionError(f"{creature.name}'s stat block cannot be read: {problem}")
            raise ActionError(f"{creature.name} has no stat block")
        return Combatant(CreatureId(creature_id), sb, state)

    @staticmethod
    def name(encounter: Encounter, creature_id: str | None) -> str:
        """The creature's name, or its id when it is not on the map."""
        return encounter.name_of(creature_id) if creature_id is not None else "nobody"


def named_step(
    engine: Engine,
    encounter: Encounter,
    operation: str,
    text: str,
    change: Callable[[Encounter], Encounter],
    creature_id: str | None = None,
) -> Outcome:
    """`run_step` of a change whose undo text names the creature ("{name}" in `text`)."""
    return run_step(
        operation,
        text.replace("{name}", engine.name(encounter, creature_id)),
        encounter,
        change,
        creature_id,
    )


def end_conditions(
    encounter: Encounter,
    creature_id: str,
    which: Callable[[ConditionInstance], bool],
    reason: str,
) -> Encounter:
    """The creature's conditions `which` picks end, logged as one `EffectEnded` for `reason`.

    Nothing changes, and nothing is logged, when none is picked (or the creature is gone or
    has no state).
    """
    creature = encounter.find_creature(creature_id)
    state = creature.state if creature is not None else None
    if creature is None or state is None:
        return encounter
    lost = tuple(c for c in state.conditions if which(c))
    if not lost:
        return encounter
    kept = tuple(c for c in state.conditions if c not in lost)
    encounter = encounter.with_creature(creature.with_state(replace(state, conditions=kept)))
    return encounter.with_combat(log_ended(encounter.combat, creature_id, lost, reason))
