"""003's turn-flow commands as `GameSession` methods: monster groups (003-07).

A mixin of the façade (`session.py`), like `session_lighting`: each edit delegates to its use
case (`monster_groups`) through `GameSession._run` (one undo step); the questions read the
document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from orcus_desktop.controller import monster_groups
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.vocabulary import CreatureId

if TYPE_CHECKING:
    from orcus_desktop.controller.engine import Engine
    from orcus_desktop.model.encounter import Encounter


class TurnFlowCommands(SessionFamily):
    """003's turn-flow family of `GameSession` (see the module docstring)."""

    if TYPE_CHECKING:
        engine: Engine

        @property
        def encounter(self) -> Encounter: ...

    def arrange_monster_groups(
        self, groups: Mapping[str, str | None], initiator: object = None
    ) -> OperationResult:
        """003-07: put monsters in named groups (None: the default group) before combat."""
        return self._run(initiator, monster_groups.arrange, groups)

    def act_with(self, creature_id: str, initiator: object = None) -> OperationResult:
        """003-07: the member of the group whose turn it is that acts now."""
        return self._run(initiator, monster_groups.act_with, creature_id)

    def has_monster_groups(self) -> bool:
        """Whether monster groups share one turn under the encounter's ruleset (003-07)."""
        return monster_groups.group_turns(self.engine)

    def monster_group(self, creature_id: str) -> str | None:
        """The group the creature rolls and acts with (arranged or default), or None."""
        if not monster_groups.group_turns(self.engine):
            return None
        return monster_groups.group_of(self.engine, self.encounter, creature_id)

    def arranged_monster_group(self, creature_id: str) -> str | None:
        """The group the GM arranged the creature in, or None (then the default applies)."""
        return dict(self.encounter.combat.monster_groups).get(CreatureId(creature_id))

    def group_turn_members(self, creature_id: str) -> tuple[CreatureId, ...]:
        """Who shares the turn `creature_id` is in now, in the order's order (itself too)."""
        return monster_groups.turn_members(self.encounter, creature_id)

    def groupable_monsters(self) -> tuple[CreatureId, ...]:
        """The creatures the GM may put in monster groups: all but the PCs (003 l.129)."""
        return monster_groups.monsters(self.engine, self.encounter)
