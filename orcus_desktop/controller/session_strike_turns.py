"""001's turn shape as `GameSession` methods: dropping prone off-turn, end-of-round activities.

A mixin of the façade (`session.py`), like `session_initiative_checks`: each command delegates
to its use case (`strike_turns` 001-06, `round_end` 001-04) through `GameSession._run` (one
undo step); the questions read the document.
"""

from __future__ import annotations

from collections.abc import Sequence

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.controller.variants.strike import (
    round_end,
    strike_turns,
    table_actions,
    who_goes_first,
)
from orcus_desktop.controller.variants.strike.table_actions import TableCheck
from orcus_desktop.controller.variants.strike.who_goes_first import FirstBy
from orcus_desktop.model.round_end import RoundEndActivity


class StrikeTurnCommands(SessionFamily):
    """001's turn family of `GameSession` (see the module docstring)."""

    # -- 001-06 dropping prone off-turn (controller/variants/strike/strike_turns.py) --------------

    def drop_prone_off_turn(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, strike_turns.drop_prone_off_turn, creature_id)

    def off_turn_drop_problem(self, creature_id: str) -> str:
        """Why the creature cannot drop prone now out of its turn (001-06), or ""."""
        return strike_turns.off_turn_drop_problem(self.engine, self.encounter, creature_id)

    def offers_off_turn_drop(self) -> bool:
        """Whether the ruleset lets a creature drop prone on another's turn (001-06)."""
        return self.engine.ruleset.actions.drop_prone_off_turn

    # -- 001-04 the end-of-round step (controller/variants/strike/round_end.py) -------------------

    def add_round_end_activity(
        self, text: str, at_round: int = 0, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, round_end.add_activity, text, at_round)

    def remove_round_end_activity(self, index: int, initiator: object = None) -> OperationResult:
        return self._run(initiator, round_end.remove_activity, index)

    def round_end_activities(self) -> tuple[RoundEndActivity, ...]:
        return self.encounter.combat.round_end_activities

    def has_round_end_step(self) -> bool:
        """Whether the ruleset's flow runs an end-of-round step (001-04)."""
        return round_end.has_step(self.engine)

    # -- 001-35 Influence, Magic, Search, Study, Utilize (controller/variants/strike/table_actions.

    def table_action(
        self, creature_id: str, check: TableCheck, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, table_actions.take_table_action, creature_id, check)

    def offers_table_actions(self) -> bool:
        return table_actions.offers_table_actions(self.engine)

    def influence_dc(self, target_id: str) -> int:
        """001 l.322: 15 or the monster's Intelligence score, whichever is higher."""
        return table_actions.influence_dc(self.engine, self.encounter, target_id)

    # -- 001-36 who goes first (controller/variants/strike/who_goes_first.py) ---------------------

    def who_goes_first(
        self,
        first_id: str,
        by: FirstBy,
        surprised: Sequence[str] = (),
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, who_goes_first.who_goes_first, first_id, by, surprised)

    def adjudicates_first(self) -> bool:
        return who_goes_first.adjudicates_first(self.engine)
