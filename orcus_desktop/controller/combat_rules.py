"""The bridge from the turn flow to the rules engine: budgets, skips and turn-boundary work.

Everything here reads the frozen snapshots and calls `orcus_desktop.rules` for the numbers; it
keeps no state. The session passes these functions to `turns.py` as hooks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from orcus_desktop.model.combat import NO_ACTIONS, ActionBudget, CombatPhase
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import CreatureId
from orcus_desktop.rules.ruleset import ORCUS, Ruleset


@dataclass
class TurnDice:
    """Dice the GM typed in for the turn boundary being processed (else the app rolls).

    Attributes:
        saves: d20 results for save-ends effects at the end of the turn, by effect id.
        death_save: the d20 for a death saving throw at the start of the next turn.
    """

    saves: Mapping[int, int] = field(default_factory=dict)
    death_save: int | None = None


@dataclass
class CombatRules:
    """Rules-engine answers for the turn flow, under one ruleset, with one RNG."""

    rng: random.Random
    ruleset: Ruleset = ORCUS
    dice: TurnDice = field(default_factory=TurnDice)

    def budget(self, encounter: Encounter, creature_id: CreatureId) -> ActionBudget:
        """The actions a creature's turn starts with.

        000 "Your Turn": one standard, one move, one swift. RULINGS: Surprise — in the surprise
        round an aware combatant takes one standard action (it may take a move or swift action
        instead, as a standard can always be spent as one).
        """
        if encounter.combat.phase is CombatPhase.SURPRISE:
            return ActionBudget(1, 0, 0)
        return ActionBudget()

    def skip_reason(self, encounter: Encounter, creature_id: CreatureId) -> str:
        """Why a creature gets no turn: surprised in the surprise round, or dead."""
        combat = encounter.combat
        if combat.phase is CombatPhase.SURPRISE and combat.combatant(creature_id).surprised:
            # RULINGS: Surprise — surprised combatants take no actions in the surprise round.
            return "surprised"
        return ""

    def start_of_turn(self, encounter: Encounter, creature_id: CreatureId) -> Encounter:
        return encounter

    def end_of_turn(self, encounter: Encounter, creature_id: CreatureId) -> Encounter:
        return encounter


__all__ = ["NO_ACTIONS", "CombatRules", "TurnDice"]
