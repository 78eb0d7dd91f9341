"""001's Ready items: what each creature holds ready, limited by its hands (001-34).

001 l.330 "All weapons, shields, tools and spells along with anything else held must be made
Ready before they can be used and can only be made Ready one at a time. You can only have a
number of ready items equal to your number of hands". The list lives in the combat bookkeeping
(`Combat.ready_items`), outlives the end of combat, and is saved with the encounter; the rules
of readying are `controller/variants/strike/ready_items.py` (docs/rulings.md R-98).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.vocabulary import CreatureId

MAX_ITEM_NAME = 60
"""The longest item name the GM may enter (a line in the log and the tooltip)."""


class ItemKind(StrEnum):
    """What a ready item is (001 l.330 "weapons, shields, tools and spells")."""

    MELEE_WEAPON = "melee weapon"
    """001 l.330 "weapons": one used in melee (a sword, a mace)."""
    RANGED_WEAPON = "ranged weapon"
    """001 l.330 "weapons": one that shoots or is thrown; a Shoot! needs one or a spell (l.186)."""
    SHIELD = "shield"
    """001 l.330 "shields"."""
    TOOL = "tool"
    """001 l.330 "tools" (thieves' tools, a rope)."""
    SPELL = "spell"
    """001 l.330 "spells": a Spell! needs one ready, and it serves a Shoot! too (l.186)."""
    OTHER = "other"
    """001 l.330 "anything else held" (a potion made Ready to Utilize)."""


@dataclass(frozen=True, slots=True)
class ReadyItem:
    """One item a creature holds ready.

    Attributes:
        creature_id: who holds it.
        name: the item as the GM names it ("longbow", "shield of faith").
        kind: what it is; Shoot! needs a ranged weapon or a spell, Spell! a spell (001 l.186).
        hands: the hands it takes (1 or 2; 001 l.330 "some items take two hands").
    """

    creature_id: CreatureId
    name: str
    kind: ItemKind
    hands: int = 1

    @property
    def label(self) -> str:
        """The tooltip's and the log's words: "longbow (ranged weapon, 2 hands)"."""
        hands = "1 hand" if self.hands == 1 else f"{self.hands} hands"
        return f"{self.name} ({self.kind.value}, {hands})"
