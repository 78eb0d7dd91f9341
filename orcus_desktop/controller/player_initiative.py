"""The initiative strip of the player view: who acts now and next, as far as the players may know.

Only creatures the players' screen shows are listed: a creature the GM hides, or one the fog
of war keeps from the players' creatures, is left out, and so is its turn (no marker says "now"
while such a creature acts). The players' own creatures go by name; the others by name or by
their token label as the GM chooses (`MonsterNames`). Labels are worked out among the
creatures the GM does not hide, as on the players' map (`ui/map/look.token_label`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.model.creature_names import token_labels
from orcus_desktop.model.encounter import Encounter


class MonsterNames(StrEnum):
    """How the strip names the creatures not on the players' side."""

    NAMES = "names"
    """Their names ("Goblin Warrior 2")."""
    LABELS = "labels"
    """Only their token labels ("GW2"), as on the players' map."""


@dataclass(frozen=True, slots=True)
class StripEntry:
    """One creature of the strip: its id, the text shown, whether it acts now."""

    creature_id: str
    text: str
    current: bool = False


@dataclass(frozen=True, slots=True)
class InitiativeStrip:
    """The strip: the round and the creatures shown, from the one acting now onwards.

    Attributes:
        round: the combat's round (0: the surprise round).
        entries: the shown creatures in turn order, starting with the one acting now (or,
            while an unshown creature acts, the next shown one); empty outside combat.
    """

    round: int = 0
    entries: tuple[StripEntry, ...] = ()

    @property
    def now(self) -> StripEntry | None:
        """The entry acting now, or None (outside combat, or an unshown creature acts)."""
        return self.entries[0] if self.entries and self.entries[0].current else None

    @property
    def next(self) -> StripEntry | None:
        """The shown creature that acts next, or None."""
        rest = self.entries[1:] if self.now is not None else self.entries
        return rest[0] if rest else None


def player_initiative(
    encounter: Encounter,
    shown: Collection[str] | None,
    player_sides: Collection[str],
    monster_names: MonsterNames = MonsterNames.NAMES,
) -> InitiativeStrip:
    """The strip for the players' screen.

    Args:
        encounter: the snapshot.
        shown: the creatures the fog of war lets the players see (None: fog off, every
            creature the GM does not hide).
        player_sides: the players' sides (`controller.vision.player_sides`).
        monster_names: how the others are named.
    """
    combat = encounter.combat
    if not combat.active or not combat.order:
        return InitiativeStrip()
    visible = {
        c.id: c
        for c in encounter.creatures
        if not c.hidden and (shown is None or c.id in shown or c.side in player_sides)
    }
    labels = token_labels([c for c in encounter.creatures if not c.hidden])
    order = list(combat.order)
    start = order.index(combat.current) if combat.current in order else 0
    entries: list[StripEntry] = []
    for creature_id in order[start:] + order[:start]:
        creature = visible.get(creature_id)
        if creature is None:
            continue
        named = creature.side in player_sides or monster_names is MonsterNames.NAMES
        text = creature.name if named else labels.get(creature.id, "?")
        entries.append(StripEntry(creature.id, text, current=creature_id == combat.current))
    return InitiativeStrip(combat.round, tuple(entries))
