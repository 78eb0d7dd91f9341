"""The GM's direct edits as `GameSession` methods: damage, healing, conditions, saves, dice.

Hit points, temporary hit points, persistent damage and dice rolls shown to the table too.

A mixin of the façade (`session.py`), split off by use-case family like the use cases it calls
(`gm_edits`, `gm_rolls`): each method delegates through `GameSession._run`, so the session
stays the only writer of the document and the undo history.
"""

from __future__ import annotations

from collections.abc import Sequence

from orcus_desktop.controller import gm_edits, gm_rolls
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice import DiceRoll
from orcus_desktop.rules.durations import DurationKind


class GmEditCommands(SessionFamily):
    """The GM-edit family of `GameSession` (see the module docstring)."""

    def apply_damage(
        self,
        creature_id: str,
        amount: int,
        types: Sequence[str] = (),
        *,
        source: str = "GM",
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, gm_edits.apply_damage, creature_id, amount, types, source)

    def heal(
        self, creature_id: str, amount: int, *, source: str = "GM", initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, gm_edits.heal, creature_id, amount, source)

    def set_hit_points(
        self, creature_id: str, hp: int, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, gm_edits.set_hit_points, creature_id, hp)

    def grant_temp_hp(
        self, creature_id: str, amount: int, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, gm_edits.grant_temp_hp, creature_id, amount)

    def falling_damage(
        self,
        creature_id: str,
        feet: int,
        dice: Sequence[int] = (),
        *,
        check_die: int | None = None,
        trained: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        """A fall (000 "Falling"); ``check_die`` asks for 002-23's Acrobatics (0 = roll it)."""
        return self._run(
            initiator, gm_edits.falling_damage, creature_id, feet, dice, check_die, trained
        )

    def add_condition(
        self,
        creature_id: str,
        condition: Condition,
        duration: DurationKind = DurationKind.SAVE_ENDS,
        *,
        source: str = "GM",
        source_id: str | None = None,
        initiator: object = None,
    ) -> OperationResult:
        imposed = gm_edits.Imposition(duration, source, source_id)
        return self._run(initiator, gm_edits.add_condition, creature_id, condition, imposed)

    def add_persistent_damage(
        self,
        creature_id: str,
        amount: int,
        types: Sequence[str] = (),
        duration: DurationKind = DurationKind.SAVE_ENDS,
        *,
        source: str = "GM",
        source_id: str | None = None,
        initiator: object = None,
    ) -> OperationResult:
        imposed = gm_edits.Imposition(duration, source, source_id)
        return self._run(
            initiator, gm_edits.add_persistent_damage, creature_id, amount, types, imposed
        )

    def remove_effect(
        self, creature_id: str, effect_id: int, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, gm_edits.remove_effect, creature_id, effect_id)

    def saving_throw(
        self, creature_id: str, effect_id: int, *, die: int | None = None, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, gm_edits.saving_throw, creature_id, effect_id, die)

    def downgrade_effect(
        self, creature_id: str, effect_id: int, initiator: object = None
    ) -> OperationResult:
        """003-21: an ability downgrades a condition (Stunned -> Dazed); one undo step."""
        return self._run(initiator, gm_edits.downgrade_effect, creature_id, effect_id)

    def log_dice_roll(
        self, roll: DiceRoll, label: str = "", initiator: object = None
    ) -> OperationResult:
        """Show a dice-roller roll to the table: it joins the combat log (one undo step)."""
        return self._run(initiator, gm_rolls.log_roll, roll, label)
