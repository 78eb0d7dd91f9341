"""The bridge from the turn flow to the rules engine: budgets, skips and turn-boundary work.

Everything here reads the frozen snapshots and calls `orcus_desktop.rules` for the numbers; it
keeps no document state (only a parse cache for stat blocks). The session passes these methods
to `turns.py` as hooks, and the action code asks it for stat blocks, states and conditions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from orcus_desktop.controller.harm_saves import saves_when_hurt
from orcus_desktop.controller.log.records import (
    Damage,
    DeathSave,
    Effect,
    PersistentDamageTaken,
    Regeneration,
    SavingThrow,
    log_ended,
)
from orcus_desktop.model.combat import ActionBudget, Combat, Combatant, CombatPhase
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import thaw
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import (
    Condition,
    rules_for,
)
from orcus_desktop.rules.durations import DurationKind, TurnBoundary
from orcus_desktop.rules.ruleset import DeathSaveTiming, Ruleset
from orcus_desktop.rules.ruleset.hooks import SurpriseMode
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.statblock_dicts import statblock_from_dict
from orcus_desktop.rules.state import (
    CreatureState,
    Expired,
    end_effects_from,
    end_surprise_round,
    initial_state,
)
from orcus_desktop.vocabulary import CreatureId

if TYPE_CHECKING:
    from orcus_desktop.controller.plugins import Variant


@dataclass
class TurnDice:
    """Dice the GM typed in for the turn boundary being processed (else the app rolls).

    Attributes:
        saves: d20 results for save-ends effects at the end of the turn, by effect id.
        death_save: the d20 for a death saving throw at the start of the next turn.
    """

    saves: Mapping[int, int] = field(default_factory=dict)
    death_save: int | None = None


@dataclass(slots=True)
class QueuedSource:
    """A dice source that takes typed-in values in order and rolls the rest (None = roll).

    The GM may enter some saving throws and leave the others to the app.
    """

    rng: random.Random
    queue: list[int | None] = field(default_factory=list)

    def draw(self, sides: int) -> int:
        value = self.queue.pop(0) if self.queue else None
        if value is None:
            return self.rng.randint(1, sides)
        if not 1 <= value <= sides:
            raise ValueError(f"typed-in result {value} is not a face of a d{sides}")
        return value


# -- reactions --------------------------------------------------------------------------------


def loses_first_turn(ruleset: Ruleset) -> bool:
    """003-10: no surprise round; the surprised lose their first turn instead (H2)."""
    return ruleset.hooks.flow.surprise is SurpriseMode.LOSE_FIRST_TURN


def turn_key(ruleset: Ruleset, combat: Combat) -> str:
    """The turn now, for what is counted once a turn: a monster group's turn is one (R-111).

    `Combat.turn_key`, but under a flow with group turns (003-07, 003 l.135 "Combat turn: Turn
    of action for a single PC or group of monsters") the same whichever member acts, from its
    start to its end; "" between turns and outside combat.
    """
    return combat.group_turn_key(ruleset.hooks.flow.group_turns)


def opportunity_spent(ruleset: Ruleset, combat: Combat, combatant: Combatant) -> bool:
    """Whether the combatant can take no more opportunity attacks now.

    docs/rulings.md R-02: an opportunity attack uses the immediate action (one a round).
    002-05 (002 l.18 "as many opportunity actions as become available during a whole round,
    but only one per combatant turn") and 004-08 (004 l.385 "Once per Turn"): one per
    provoking creature's turn, without the immediate action. 003 "Limits to actions" ("One
    Free Reaction attack per turn"): a monster group's one turn counts once (R-106).
    """
    if ruleset.actions.opportunity_uses_immediate:
        return combatant.immediate_used
    return combat.reaction_taken(combatant, ruleset.hooks.flow.group_turns)


# -- the bridge -------------------------------------------------------------------------------


@dataclass
class CombatRules:
    """Rules-engine answers for the turn flow, under one ruleset, with one RNG."""

    rng: random.Random
    ruleset: Ruleset
    dice: TurnDice = field(default_factory=TurnDice)
    variants: tuple[Variant, ...] = ()
    """The registered variants' code (`controller/plugins.py`); those of `ruleset` apply."""
    _statblocks: dict[int, tuple[object, StatBlock | None]] = field(default_factory=dict)

    # -- reading the snapshot ----------------------------------------------------------------

    def statblock(self, creature: Creature) -> StatBlock | None:
        """The creature's parsed stat block, or None if it has none (or an unreadable one)."""
        raw = creature.statblock
        if not raw:
            return None
        cached = self._statblocks.get(id(raw))
        if cached is not None and cached[0] is raw:
            return cached[1]
        try:
            parsed: StatBlock | None = statblock_from_dict(thaw(raw))
        except (ValueError, TypeError):
            parsed = None
        self._statblocks[id(raw)] = (raw, parsed)
        return parsed

    def reach(self, creature: Creature) -> int:
        """The creature's melee reach (000 "Reach"): its stat block's, 1 without one."""
        sb = self.statblock(creature)
        return sb.reach if sb is not None else 1

    def statblock_problem(self, creature: Creature) -> str:
        """Why the creature's stat block cannot be read, or "" (none at all is fine)."""
        if not creature.statblock:
            return ""
        try:
            statblock_from_dict(thaw(creature.statblock))
        except (ValueError, TypeError) as exc:
            return str(exc)
        return ""

    def state(self, creature: Creature) -> CreatureState | None:
        """Its combat state: the stored one, else fresh from the stat block, else None."""
        if creature.state is not None:
            return creature.state
        sb = self.statblock(creature)
        return initial_state(sb) if sb is not None else None

    def conditions(self, encounter: Encounter, creature_id: str) -> frozenset[Condition]:
        creature = encounter.find_creature(creature_id)
        state = self.state(creature) if creature is not None else None
        return state.active_conditions(self.ruleset) if state is not None else frozenset()

    def is_dead(self, encounter: Encounter, creature_id: str) -> bool:
        creature = encounter.find_creature(creature_id)
        state = self.state(creature) if creature is not None else None
        return state is not None and state.dead

    # -- hooks for turns.py ------------------------------------------------------------------

    def budget(self, encounter: Encounter, creature_id: CreatureId) -> ActionBudget:
        """The actions a creature's turn starts with.

        000 "Your Turn": one standard, one move, one swift. 000 "Dazed": one standard action
        (convertible to a move or swift action). 000 "Stunned", "Unconscious", "Petrified": no
        actions. docs/rulings.md R-05 — in the surprise round an aware combatant takes one
        standard action (convertible, as a standard always is).
        """
        # The ruleset's action economy (D1, docs/rulesets.md) holds these budgets.
        budget = self.ruleset.actions.budget_for(
            (c.value for c in self.conditions(encounter, creature_id)),
            surprise_round=encounter.combat.phase is CombatPhase.SURPRISE,
        )
        return ActionBudget(budget.standard, budget.move, budget.swift)

    def conversions(self, encounter: Encounter, creature_id: str) -> tuple[tuple[str, str], ...]:
        """The slot substitutions of the creature's turn (000 "Your Turn").

        003-15, 003 l.256 "One each of": none, but 003-24 Dazed's "either a Standard Action or
        a Move Action" (the ruleset's condition budgets).
        """
        names = (c.value for c in self.conditions(encounter, creature_id))
        return self.ruleset.actions.conversions_for(names)

    def skip_reason(self, encounter: Encounter, creature_id: CreatureId) -> str:
        """Why a creature gets no turn: dead, or surprised in the surprise round."""
        combat = encounter.combat
        if self.is_dead(encounter, creature_id):
            return "dead"
        if combat.phase is CombatPhase.SURPRISE and combat.combatant(creature_id).surprised:
            # docs/rulings.md R-05 — surprised combatants take no actions in the surprise round.
            return "surprised"
        return ""

    def start_of_turn(self, encounter: Encounter, creature_id: CreatureId) -> Encounter:
        """Start-of-turn work (000 "Your Turn"; 002 step 1).

        Persistent damage, regeneration, the death save (docs/rulings.md R-03 — start
        of turn), then effects "until the start of" this turn end.
        """
        encounter = self._end_surprise(encounter)
        creature = encounter.creature(creature_id)
        sb = self.statblock(creature)
        state = self.state(creature)
        combat = encounter.combat
        if sb is not None and state is not None:
            source = QueuedSource(self.rng, [self.dice.death_save])
            new_state, result = rules_turns.start_of_turn(
                state, sb, self.ruleset, source, target=CreatureId(creature_id)
            )
            for effect, applied in result.persistent:
                taken = PersistentDamageTaken(effect, Damage.from_applied(applied))
                combat = taken.logged_in(combat, None, (creature_id,))
            if result.regeneration is not None and result.regeneration.amount:
                regeneration = Regeneration.from_applied(result.regeneration)
                combat = regeneration.logged_in(combat, None, (creature_id,))
            encounter = self._turn_work_done(encounter, creature, new_state, combat, result)
            encounter = self.after_harm(encounter, creature_id, state)
        return self._tick(encounter, TurnBoundary.START, creature_id)

    def end_of_turn(self, encounter: Encounter, creature_id: CreatureId) -> Encounter:
        """End-of-turn work (000 "The End of Your Turn"; 002 step 3).

        Saving throws against save-ends effects (rolled or typed in), then effects "until the
        end of" this turn end.
        """
        creature = encounter.creature(creature_id)
        sb = self.statblock(creature)
        state = self.state(creature)
        if sb is not None and state is not None and not state.dead:
            queue: list[int | None] = [
                self.dice.saves.get(c.effect_id)
                for c in state.conditions
                if c.duration.kind is DurationKind.SAVE_ENDS
            ]
            queue += [
                self.dice.saves.get(p.effect_id)
                for p in state.persistent
                if p.duration.kind is DurationKind.SAVE_ENDS
            ]
            if self.ruleset.death_save_timing is DeathSaveTiming.END_OF_TURN:
                queue.append(self.dice.death_save)
            new_state, result = rules_turns.end_of_turn(
                state,
                sb,
                self.ruleset,
                QueuedSource(self.rng, queue),
                target=CreatureId(creature_id),
            )
            combat = encounter.combat
            for entry in result.saves:
                effect = entry.condition or entry.persistent
                record = SavingThrow.from_save(
                    effect,
                    entry.save,
                    typed_in=effect is not None and effect.effect_id in self.dice.saves,
                    downgraded=entry.downgraded,
                )
                combat = record.logged_in(combat, creature_id)
            encounter = self._turn_work_done(encounter, creature, new_state, combat, result)
        return self._tick(encounter, TurnBoundary.END, creature_id)

    # -- shared pieces -----------------------------------------------------------------------

    def _end_surprise(self, encounter: Encounter) -> Encounter:
        """000 "Surprised": "You lose this condition when the surprise round ends"."""
        if encounter.combat.phase is CombatPhase.SURPRISE:
            return encounter
        combat = encounter.combat
        for creature in encounter.creatures:
            if creature.state is None:
                continue
            state, gone = end_surprise_round(creature.state)
            if gone:
                encounter = encounter.with_creature(creature.with_state(state))
                combat = _log_ended(combat, creature.id, gone, "the surprise round ended")
        return encounter.with_combat(combat)

    def after_harm(
        self, encounter: Encounter, creature_id: str, before: CreatureState | None
    ) -> Encounter:
        """Consequences on others when a creature dies or falls unconscious.

        000 "Marked": the mark ends when the marker dies or falls unconscious.
        docs/rulings.md R-06: the grapple ends when the grappler is incapacitated.
        """
        # 003-26 Dominated: a save when damaged (nothing under 000).
        encounter = saves_when_hurt(self.rng, self.ruleset, encounter, creature_id, before)
        encounter = self.let_go_if_unable(encounter, creature_id)
        creature = encounter.creature(creature_id)
        state = creature.state
        if state is None:
            return encounter
        was_down = before is not None and (
            before.dead or Condition.UNCONSCIOUS in before.active_conditions(self.ruleset)
        )
        down = state.dead or Condition.UNCONSCIOUS in state.active_conditions(self.ruleset)
        if not down or was_down:
            return encounter
        return _end_effects_of(encounter, creature_id, "source down")

    def let_go_if_unable(self, encounter: Encounter, grappler_id: str) -> Encounter:
        """004-18 (004 l.529): a grappler that cannot make opportunity attacks lets go at once.

        "If you are affected by conditions that prevent you from making attacks of opportunity
        then you immediately let go of a grappled enemy." Only where grapples are sustained
        (`GrappleRules.sustain_action`); 000 ends them on incapacitation (`after_harm`).
        """
        if self.ruleset.grapple.sustain_action is None:
            return encounter
        grappler = encounter.creature(grappler_id)
        if grappler.state is None or not any(
            rules_for(c, self.ruleset).no_immediate_actions
            for c in grappler.state.active_conditions(self.ruleset)
        ):
            return encounter
        return _end_effects_of(
            encounter,
            grappler_id,
            f"grappler cannot make {self.ruleset.label('opportunity_attacks')}",
            (Condition.GRAPPLED,),
        )

    def on_delay(self, encounter: Encounter, creature_id: str) -> Encounter:
        """End the beneficial effects keyed to the end of the delayer's turn, and log them.

        000 "Delay": "Beneficial effects that end at the end of your turn end as soon as you
        Delay" (on every creature: the delayer's help may sit on an ally).
        """
        states = {CreatureId(c.id): c.state for c in encounter.creatures if c.state is not None}
        new_states, expired = rules_turns.end_beneficial_on_delay(
            states, self.ruleset, delayer=CreatureId(creature_id)
        )
        combat = encounter.combat
        for creature in encounter.creatures:
            key = CreatureId(creature.id)
            if key in new_states:
                encounter = encounter.with_creature(creature.with_state(new_states[key]))
                combat = _log_ended(combat, creature.id, expired[key], "delayed", creature_id)
        return encounter.with_combat(combat)

    def _tick(
        self, encounter: Encounter, boundary: TurnBoundary, turn_of: CreatureId
    ) -> Encounter:
        """Apply a turn boundary to every creature's effects (durations keyed to this turn)."""
        states = {CreatureId(c.id): c.state for c in encounter.creatures if c.state is not None}
        if not states:
            return encounter
        new_states, expired = rules_turns.tick_all(states, boundary, turn_of=CreatureId(turn_of))
        combat = encounter.combat
        for creature in encounter.creatures:
            key = CreatureId(creature.id)
            if key in new_states and new_states[key] != creature.state:
                encounter = encounter.with_creature(creature.with_state(new_states[key]))
            gone = expired.get(key)
            if gone:
                combat = _log_ended(
                    combat, creature.id, gone, f"{boundary.value} of turn", turn_of
                )
        return encounter.with_combat(combat)

    @staticmethod
    def _turn_work_done(
        encounter: Encounter,
        creature: Creature,
        new_state: CreatureState,
        combat: Combat,
        result: rules_turns.StartOfTurn | rules_turns.EndOfTurn,
    ) -> Encounter:
        """The turn boundary's new state and log, with the death save it rolled, if any.

        The death save falls at the start of the turn (docs/rulings.md R-03) or, under a
        ruleset whose `death_save_timing` says so, at its end.
        """
        death = result.death_save
        if death is not None:
            combat = DeathSave.from_death_save(death).logged_in(combat, creature.id)
        return encounter.with_creature(creature.with_state(new_state)).with_combat(combat)


def _end_effects_of(
    encounter: Encounter,
    source_id: str,
    reason: str,
    conditions: Sequence[Condition] = (Condition.MARKED, Condition.GRAPPLED),
) -> Encounter:
    """End the `conditions` `source_id` keeps on the other creatures (`end_effects_from`).

    Each creature freed gets an `effect_ended` entry saying `reason`.
    """
    combat = encounter.combat
    for other in encounter.creatures:
        if other.id == source_id or other.state is None:
            continue
        new_state, ended = end_effects_from(other.state, CreatureId(source_id), conditions)
        if ended:
            encounter = encounter.with_creature(other.with_state(new_state))
            combat = _log_ended(combat, other.id, ended, reason)
    return encounter.with_combat(combat)


def _log_ended(
    combat: Combat,
    creature_id: CreatureId,
    ended: Expired | Sequence[Effect],
    reason: str,
    turn_of: str | None = None,
) -> Combat:
    """`combat` with an `effect_ended` entry: what ended on the creature, why, at whose turn."""
    if isinstance(ended, Expired):
        ended = (*ended.conditions, *ended.persistent)
    return log_ended(combat, creature_id, ended, reason, turn_of)
