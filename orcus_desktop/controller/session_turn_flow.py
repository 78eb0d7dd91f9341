"""003's turn-flow commands as `GameSession` methods.

Monster groups (003-07), Raise the Alarm (003-11) and forced actions (003-46).
A mixin of the façade (`session.py`), like `session_lighting`: each edit delegates to its use
case (`monster_groups`, `raise_alarm`, `forced_actions`) through `GameSession._run` (one undo
step); the questions read the document. The GM's "Forced" switch (`set_forcing`) is in the
document too (`Combat.forcing`: it lasts the turn, so it is saved and undone like any edit):
while it is on, the session's moves and power uses of other creatures are the forcer's forced
actions (`GameSession.move_creature`, `use_power`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from orcus_desktop.controller.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.outcomes import MovePreview, OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.controller.variants.square_fireballs import (
    forced_actions,
    monster_groups,
    raise_alarm,
)
from orcus_desktop.vocabulary import CreatureId

if TYPE_CHECKING:
    from orcus_desktop.geometry.grid import Square


class TurnFlowCommands(SessionFamily):
    """003's turn-flow family of `GameSession` (see the module docstring)."""

    def arrange_monster_groups(
        self, groups: Mapping[str, str | None], initiator: object = None
    ) -> OperationResult:
        """003-07: put monsters in named groups (None: the default group) before combat."""
        return self._run(initiator, monster_groups.arrange, groups)

    def act_with(self, creature_id: str, initiator: object = None) -> OperationResult:
        """003-07: the member of the group whose turn it is that acts now."""
        return self._run(initiator, monster_groups.act_with, creature_id)

    def act_with_problem(self, creature_id: str) -> str:
        """003-07: why the member cannot be named to act now ("" if it can; R-111)."""
        return monster_groups.act_with_problem(self.engine, self.encounter, creature_id)

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

    # -- 003-11 Raise the Alarm --------------------------------------------------------------

    def raise_the_alarm(
        self,
        creature_id: str,
        *,
        dice: Mapping[str, int] | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """003-11: the surprised allies in the close burst 5 save (``dice``: typed d20s)."""
        return self._run(initiator, raise_alarm.raise_the_alarm, creature_id, dice or {})

    def raise_alarm_offered(self) -> bool:
        return raise_alarm.offered(self.engine)

    def raise_alarm_problem(self, creature_id: str) -> str:
        """Why the creature cannot Raise the Alarm now, or ""."""
        return raise_alarm.problem(self.engine, self.encounter, creature_id)

    def alarmed_allies(self, creature_id: str) -> tuple[str, ...]:
        """The surprised allies the creature's alarm would reach."""
        return raise_alarm.alarmed_allies(self.engine, self.encounter, creature_id)

    # -- 003-46 forced actions ---------------------------------------------------------------

    @property
    def forcing(self) -> str | None:
        """The forcer while the GM's "Forced" switch is on, in the turn it was set, else None."""
        if not forced_actions.offered(self.engine):
            return None
        return self.encounter.combat.forcer

    def _forcer_of(self, creature_id: str) -> str | None:
        """Who forces `creature_id`'s moves and attacks now (003-46), else None.

        The switch on for another creature: its turn makes this one walk and attack; the
        forcer's own actions stay its own, and so does an action a creature takes out of turn
        on its own (a triggered readied walk: docs/rulings.md R-133).
        """
        forcer = self.forcing
        if forcer is None or forcer == creature_id:
            return None
        combatant = self.encounter.combat.find(creature_id)
        if combatant is not None and combatant.out_of_turn is not None:
            return None
        return forcer

    def set_forcing(self, forcer_id: str | None, initiator: object = None) -> OperationResult:
        """The GM's "Forced" switch: `forcer_id`'s turn makes others move and attack (003-46).

        It holds for the current turn only (docs/rulings.md R-97); None turns it off.
        """
        return self._run(initiator, forced_actions.set_forcing, forcer_id)

    def forced_actions_offered(self) -> bool:
        return forced_actions.offered(self.engine)

    def forced_walk(
        self, creature_id: str, destination: Square, forcer_id: str, initiator: object = None
    ) -> OperationResult:
        """003-46: the forcer's move action makes the creature walk; nothing is provoked."""
        return self._run(
            initiator, forced_actions.forced_walk, creature_id, destination, forcer_id
        )

    def forced_attack(
        self,
        creature_id: str,
        power_name: str,
        target_ids: Sequence[str],
        forcer_id: str,
        *,
        dice: Sequence[int] = (),
        choices: AttackChoices = NO_CHOICES,
        initiator: object = None,
    ) -> OperationResult:
        """003-46: the forcer's standard action makes the creature attack; nothing provoked."""
        return self._run(
            initiator,
            forced_actions.forced_attack,
            creature_id,
            power_name,
            target_ids,
            forcer_id,
            dice,
            choices,
        )

    def forced_preview(self, creature_id: str, destination: Square) -> MovePreview | None:
        """A forced walk's preview while the switch is on for another creature, else None."""
        if self._forcer_of(creature_id) is None:
            return None
        return forced_actions.preview(self.engine, self.encounter, creature_id, destination)
