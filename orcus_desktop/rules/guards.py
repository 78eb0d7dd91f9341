"""001's Block, Dodge and Dispel actions: +1 to one defense until the next turn (001-28).

001 l.276-298: "You add +1 to your Block [Dodge, Dispel] until your next turn as long as you
are not Incapacitated." Global pick (docs/rulesets.md "001"): Block = AC, Dodge = Reflex,
Dispel = Will; pick: until the start of the creature's next turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import CreatureId

GUARD_BONUS = 1
"""001 l.278, l.294, l.298: "+1"."""


class Guard(StrEnum):
    """001's three defensive actions, each on one defense."""

    BLOCK = "block"
    DODGE = "dodge"
    DISPEL = "dispel"

    @property
    def defense(self) -> Defense:
        """The 000 defense it raises (the global pick: Block AC, Dodge Reflex, Dispel Will)."""
        return {Guard.BLOCK: Defense.AC, Guard.DODGE: Defense.REFLEX}.get(self, Defense.WILL)

    @property
    def label(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True, slots=True)
class Guarding:
    """`creature` took `guard` during its turn that started in round `since`.

    It lasts while that turn is its last started one: the start of its next turn ends it.
    """

    creature: CreatureId
    guard: Guard
    since: int
