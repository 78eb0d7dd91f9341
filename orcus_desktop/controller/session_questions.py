"""The read-only half of the session façade: what the UI and the tools ask before acting.

`SessionQuestions` answers from the current snapshot and changes nothing: the battlefield,
move previews and reach, what a creature may do now (`availability`), the targets and modifiers
of an attack before its dice, a charge's end squares, and the initiative questions of a turn's
boundaries. `GameSession` (session.py) inherits it and adds the actions, which it alone writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from orcus_desktop.controller import (
    attacks,
    combat_actions,
    gm_edits,
    initiative,
    movement,
    plugins,
    waiting_decisions,
)
from orcus_desktop.controller.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.attack_powers import basic_attack_name
from orcus_desktop.controller.availability import AvailableActions, available_actions
from orcus_desktop.controller.combat_rules import CombatRules, loses_first_turn
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import MovePreview, TargetPreview
from orcus_desktop.controller.variants.square_fireballs import encounter_flow, ready_walks
from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.routes import NO_ROUTE, Route
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition, ConditionInstance, PersistentDamage
from orcus_desktop.vocabulary import CreatureId, MoveMode


class SessionQuestions:
    """Questions about the open encounter as it stands now; no answer changes it.

    Attributes (set by `GameSession`):
        document: the open encounter.
        rules: the bridge to the rules engine.
        engine: what the use cases share (the rules, the RNG, the battlefield cache).
    """

    document: Document
    rules: CombatRules
    engine: Engine

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    def gm_conditions(self) -> tuple[Condition, ...]:
        """The conditions the GM box offers under the encounter's ruleset (003's under 003)."""
        return gm_edits.gm_conditions(self.engine.rules.ruleset)

    def is_hidden(self, creature_id: str) -> bool:
        """Whether the creature is Hidden now (003-47, 001-15), by a condition or one implied."""
        return Condition.HIDDEN in self.engine.rules.conditions(self.encounter, creature_id)

    def downgrade_problem(self, effect: ConditionInstance | PersistentDamage) -> str:
        """Why the GM cannot downgrade ``effect`` now ("" when it can; 003-21)."""
        return gm_edits.downgrade_problem(self.engine.rules.ruleset, effect)

    def battlefield(self) -> Battlefield:
        """The geometry view of the current snapshot (built once per snapshot; read only)."""
        return self.engine.battlefield(self.encounter)

    def preview_move(
        self, creature_id: str, destination: Square, mode: MoveMode, route: Route = NO_ROUTE
    ) -> MovePreview:
        """The drag preview of a move; ``route``: the GM's waypoints and drag (`routes`)."""
        return movement.preview_move(
            self.engine, self.encounter, creature_id, destination, mode, route=route
        )

    def reachable_squares(self, creature_id: str, mode: MoveMode) -> frozenset[Square]:
        return movement.reachable_squares(self.engine, self.encounter, creature_id, mode)

    def engaged_with(self, creature_id: str) -> CreatureId | None:
        """Whom the creature is Engaged With (001-25, 001 l.252), or None."""
        return self.encounter.combat.engaged_with(creature_id)

    def engaged_by(self, creature_id: str) -> tuple[CreatureId, ...]:
        """Who the creature is Engaged By (001-25, 001 l.256), first engager first."""
        return self.encounter.combat.engaged_by(creature_id)

    def engaged_by_count(self, creature_id: str) -> int:
        """How many creatures the creature is Engaged By (001-19, 001-26 count these)."""
        return len(self.engaged_by(creature_id))

    def strike_name(self, reactor_id: str) -> str:
        """The 001 strike offered to the creature ("Counter Strike!", "Free Strike!") or ""."""
        return plugins.reaction_name(self.engine, self.encounter, reactor_id)

    def ready_offer(self, reactor_id: str) -> str:
        """The 003-52 Ready Ranged Attack's attack offered to the creature now, or ""."""
        return ready_walks.offered_power(self.engine, self.encounter, reactor_id)

    def initiative_modifier(self, creature_id: str) -> int:
        return initiative.initiative_modifier(self.engine, self.encounter, creature_id)

    def turn_prompts(self, creature_id: str) -> tuple[dict[str, Any], ...]:
        return initiative.turn_prompts(self.engine, self.encounter, creature_id)

    def escalation_die(self) -> int:
        """The escalation die now (003-13; 0 under rulesets without it or outside combat)."""
        return encounter_flow.escalation_die(self.rules.ruleset, self.encounter.combat)

    def surprise_cost(self) -> str:
        """What being surprised costs under the ruleset, as the Initiative panel says it."""
        if loses_first_turn(self.rules.ruleset):
            return "it loses its first turn, in Total Defense (003-10: no surprise round)"
        return "no actions in the surprise round"  # docs/rulings.md R-05

    def start_combat_tip(self, anyone_surprised: bool) -> str:
        """How combat begins, for the Initiative panel's Start combat button."""
        if not anyone_surprised:
            return "Start combat at round 1."
        if loses_first_turn(self.rules.ruleset):
            # 003-10, 003 l.165-168: no surprise round; the surprised lose their first turn.
            return "Start combat at round 1: the surprised lose their first turn (003-10)."
        return "Start combat with a surprise round."

    def death_save_on_end_turn(self) -> str | None:
        return initiative.death_save_on_end_turn(self.engine, self.encounter)

    def waiting_decisions(self) -> tuple[waiting_decisions.Decision, ...]:
        """What waits for the GM's word now (offers, a held attack or walk, owed pushes...).

        End turn is refused while any waits, unless the GM lets them pass (R-117).
        """
        return waiting_decisions.decisions(self.engine, self.encounter)

    def available_actions(self, creature_id: str) -> AvailableActions:
        self.encounter.creature(creature_id)
        return available_actions(self.engine, self.encounter, creature_id)

    def basic_attack_name(self, creature_id: str, *, ranged: bool = False) -> str | None:
        return basic_attack_name(self.engine, self.encounter, creature_id, ranged=ranged)

    def best_basic_attack(self, creature_id: str, target_id: str | None = None) -> str | None:
        """The basic attack B uses against `target_id` (000 "Basic Attack").

        Melee when the target is in its reach; ranged when it is not, or when ranged is all the
        creature has. Without a target: the melee one, else the ranged one; None without either.
        """
        melee = self.basic_attack_name(creature_id)
        ranged = self.basic_attack_name(creature_id, ranged=True)
        if melee is None or ranged is None or target_id is None:
            return melee or ranged
        in_reach = target_id in self.power_targets(creature_id, melee)
        return melee if in_reach else ranged

    def power_targets(
        self, creature_id: str, power_name: str, choices: AttackChoices = NO_CHOICES
    ) -> tuple[str, ...]:
        """Who the power could target now; `choices` places its area, if it has one."""
        return attacks.power_targets(self.engine, self.encounter, creature_id, power_name, choices)

    def preview_attack(
        self,
        creature_id: str,
        power_name: str,
        target_ids: Sequence[str] = (),
        choices: AttackChoices = NO_CHOICES,
    ) -> tuple[tuple[TargetPreview, ...], str]:
        return attacks.preview_attack(
            self.engine, self.encounter, creature_id, power_name, target_ids, choices
        )

    def charge_destinations(self, creature_id: str, target_id: str) -> tuple[Square, ...]:
        return combat_actions.charge_destinations(
            self.engine, self.encounter, creature_id, target_id
        )
