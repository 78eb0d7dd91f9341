"""The special combat actions as `GameSession` methods (charge, grapple, help, 001 engagement).

Charge, coup de grace, grappling, shove, help and aid, and 001's engage, withdraw and guard.

A mixin of the façade (`session.py`), split off by use-case family like the use cases it calls
(`combat_actions`, `aid_actions`, `grappling`, `engagement`): each method delegates through
`GameSession._run`, so the session stays the only writer of the document and the undo history.
"""

from __future__ import annotations

from collections.abc import Sequence

from orcus_desktop.controller import aid_actions, combat_actions, grappling
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.controller.variants.alloy_heroes import cover_choices, skill_uses
from orcus_desktop.controller.variants.strike import (
    engagement,
    interposition,
    ready_items,
    strike_states,
    withdrawing,
)
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.ready_items import ItemKind
from orcus_desktop.rules.guards import Guard
from orcus_desktop.rules.powers import ActionKind


class SpecialActionCommands(SessionFamily):
    """The special-action family of `GameSession` (see the module docstring)."""

    # -- 001 engagement (controller/variants/strike/engagement.py, withdrawing.py) ----------------

    def engage(self, engager_id: str, target_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, engagement.engage, engager_id, target_id)

    def withdraw(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, withdrawing.withdraw, creature_id)

    def guard(self, creature_id: str, kind: Guard, initiator: object = None) -> OperationResult:
        return self._run(initiator, engagement.guard, creature_id, kind)

    # -- 004 l.760 the covering creature's choice (variants/alloy_heroes/cover_choices.py) --

    def answer_cover_choice(
        self, coverer_id: str, take: bool, initiator: object = None
    ) -> OperationResult:
        """The covering creature takes the waiting hit (`take`), or the target is struck."""
        return self._run(initiator, cover_choices.answer, coverer_id, take=take)

    # -- 001 "Against Who?" (controller/variants/strike/interposition.py) -----------------

    def interpose(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, interposition.interpose, creature_id)

    def keep_target(self, initiator: object = None) -> OperationResult:
        return self._run(initiator, interposition.keep_target)

    # -- 001 Hide and Crouch (controller/variants/strike/strike_states.py) ------------------------

    def hide(
        self, creature_id: str, die: int | None = None, bonus: int = 0, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, strike_states.hide, creature_id, die, bonus)

    def crouch(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, strike_states.crouch, creature_id)

    # -- 001 Ready items (controller/variants/strike/ready_items.py) ------------------------------

    def ready_item(
        self,
        creature_id: str,
        name: str,
        kind: ItemKind,
        hands: int = 1,
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, ready_items.ready_item, creature_id, name, kind, hands)

    def put_away_item(
        self, creature_id: str, name: str, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, ready_items.put_away, creature_id, name)

    def charge(
        self,
        creature_id: str,
        destination: Square,
        target_id: str,
        *,
        shove: bool = False,
        push_to: Square | None = None,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        return self._run(
            initiator,
            combat_actions.charge,
            creature_id,
            destination,
            target_id,
            shove=shove,
            push_to=push_to,
            dice=dice,
        )

    def coup_de_grace(
        self,
        creature_id: str,
        target_id: str,
        power_name: str = "Basic Melee Attack",
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        return self._run(
            initiator, combat_actions.coup_de_grace, creature_id, target_id, power_name, dice
        )

    def grapple(
        self,
        creature_id: str,
        target_id: str,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, grappling.grapple, creature_id, target_id, dice)

    def escape_grapple(
        self,
        creature_id: str,
        skill: str = "athletics",
        *,
        die: int | None = None,
        bonus: int = 0,
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, grappling.escape_grapple, creature_id, skill, die, bonus)

    def release_grapple(
        self, creature_id: str, target_id: str | None = None, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, grappling.release_grapple, creature_id, target_id)

    def move_grappled(
        self,
        creature_id: str,
        target_id: str,
        destination: Square,
        target_destination: Square,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        return self._run(
            initiator,
            grappling.move_grappled,
            creature_id,
            target_id,
            destination,
            target_destination,
            dice,
        )

    def shove(
        self,
        creature_id: str,
        target_id: str,
        push_to: Square | None = None,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, combat_actions.shove, creature_id, target_id, push_to, dice)

    def help_attack(
        self, creature_id: str, ally_id: str, enemy_id: str, initiator: object = None
    ) -> OperationResult:
        return self._run(
            initiator, aid_actions.help_ally, creature_id, ally_id, enemy_id, AidKind.ATTACK
        )

    def help_defense(
        self, creature_id: str, ally_id: str, enemy_id: str, initiator: object = None
    ) -> OperationResult:
        return self._run(
            initiator, aid_actions.help_ally, creature_id, ally_id, enemy_id, AidKind.DEFENSE
        )

    def aid(
        self,
        creature_id: str,
        ally_id: str,
        choice: str,
        enemy_id: str | None = None,
        note: str = "",
        initiator: object = None,
    ) -> OperationResult:
        """002-12's one "Aid another" action: attack, defense or check (`AID_CHOICES`)."""
        return self._run(
            initiator, aid_actions.aid_choice, creature_id, ally_id, choice, enemy_id, note
        )

    def use_skill(
        self,
        creature_id: str,
        skill: str,
        action: ActionKind | str = ActionKind.STANDARD,
        *,
        die: int | None = None,
        target_number: int | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """004-09: a skill used as a standard or move action (`skill_uses.use_skill`)."""
        return self._run(
            initiator, skill_uses.use_skill, creature_id, skill, action, die, target_number
        )

    def skill_use_offered(self) -> bool:
        """Whether the ruleset has the skill use as an action (004-09)."""
        return skill_uses.skill_use_offered(self.engine)

    def aid_another(
        self, creature_id: str, ally_id: str, note: str = "", initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, aid_actions.aid_another, creature_id, ally_id, note)
