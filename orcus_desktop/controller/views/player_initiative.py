"""The initiative strip of the player view: who acts now and next, as far as the players may know.

Only creatures the players' screen shows are listed: a creature the GM hides, one 003's
Hidden keeps off the players' map (003-47), or one the fog of war keeps from the players'
creatures, is left out, and so is its turn: while such a creature acts, "Now:" stays on the
last shown creature whose turn came, so the strip reads the same as when nobody unshown acts
(issue 28: a vanishing "Now:" told the players a hidden creature was acting). The dead are
left out too: the turn order passes over them (`turn_order`, R-36), so they are never next.
The players' own creatures go by name; the others by name or by their token label as the GM
chooses (`MonsterNames`). Labels are worked out among the creatures the players' map shows,
as there (`ui/map/look.token_label`). Under 003 a monster group is one entry naming its shown
members (003-07: one turn for the group).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from enum import StrEnum

from orcus_desktop.model.creature_names import token_labels
from orcus_desktop.model.encounter import Creature, Encounter


class MonsterNames(StrEnum):
    """How the strip names the creatures not on the players' side."""

    NAMES = "names"
    """Their names ("Goblin Warrior 2")."""
    LABELS = "labels"
    """Only their token labels ("GW2"), as on the players' map."""


def players_name(
    creature: Creature, label: str, player_sides: Collection[str], monster_names: MonsterNames
) -> str:
    """How the players' screen names `creature`, on the strip and on its token's tooltip.

    The players' own creatures go by name; the others by name only when the GM chose
    `MonsterNames.NAMES`, else by their token `label` ("?" when it has none).
    """
    if creature.side in player_sides or monster_names is MonsterNames.NAMES:
        return creature.name
    return label or "?"


@dataclass(frozen=True, slots=True)
class StripEntry:
    """One creature of the strip: its id, the text shown, whether it is marked "Now:".

    ``current``: it acts now, or an unshown creature acts and it is the last shown creature
    whose turn came before (the players cannot tell the two apart).
    """

    creature_id: str
    text: str
    current: bool = False


@dataclass(frozen=True, slots=True)
class InitiativeStrip:
    """The strip: the round and the creatures shown, from the one acting now onwards.

    Attributes:
        round: the combat's round (0: the surprise round).
        entries: the shown creatures in turn order, starting with the one marked "Now:";
            empty outside combat.
    """

    round: int = 0
    entries: tuple[StripEntry, ...] = ()

    @property
    def now(self) -> StripEntry | None:
        """The entry marked "Now:", or None (outside combat, or nobody shown)."""
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
    group_turns: bool = False,
    absent: Collection[str] = frozenset(),
    dead: Collection[str] = frozenset(),
) -> InitiativeStrip:
    """The strip for the players' screen.

    Args:
        encounter: the snapshot.
        shown: the creatures the fog of war lets the players see (None: fog off, every
            creature the GM does not hide).
        player_sides: the players' sides (`controller.views.vision.player_sides`).
        monster_names: how the others are named.
        group_turns: a monster group takes one turn (003-07): one entry for its shown members,
            "now" while any member acts; a group with no member shown is left out.
        absent: the creatures the players' map leaves out for their statuses
            (`stealth.hidden_from_players`: 003-47 Hidden, 003-48 Swallowed, Exiled); the
            strip names none of them but the players' own, whose turns they know.
        dead: the dead, left out (their turns are passed over).
    """
    combat = encounter.combat
    if not combat.active or not combat.order:
        return InitiativeStrip()
    mine = {c.id for c in encounter.creatures if c.side in player_sides}
    unlisted = {c.id for c in encounter.creatures if c.hidden} | (set(absent) - mine)
    visible = {
        c.id: c
        for c in encounter.creatures
        if c.id not in unlisted
        and c.id not in dead
        and (shown is None or c.id in shown or c.id in mine)
    }
    # The labels of the players' map (`ui/map/look.token_label`): the hidden shape none.
    labels = token_labels([c for c in encounter.creatures if c.id not in unlisted])
    order = list(combat.order)

    def unit(cid: str) -> str:
        group = combat.shown_group(cid) if group_turns else None  # a delayer alone
        return f"group {group}" if group else cid

    shown_units = {unit(cid) for cid in order if cid in visible}
    acting = order.index(combat.current) if combat.current in order else 0
    # "Now:" marks the last shown unit whose turn came, the acting one if shown (issue 28).
    back = next(
        (i for i in range(acting, acting - len(order), -1) if unit(order[i]) in shown_units),
        acting,
    )
    current = unit(order[back]) if combat.current in order else None
    start = next((i for i, cid in enumerate(order) if unit(cid) == current), 0)
    # Marked back across the round's start: the round it acted in, not the new one.
    shown_round = combat.round - 1 if back < 0 and combat.round > 1 else combat.round
    entries: list[StripEntry] = []
    places: dict[str, int] = {}
    for creature_id in order[start:] + order[:start]:
        creature = visible.get(creature_id)
        if creature is None:
            continue
        text = players_name(creature, labels.get(creature.id, ""), player_sides, monster_names)
        key = unit(creature_id)
        if key in places:  # 003-07: another shown member of the group
            first = entries[places[key]]
            entries[places[key]] = replace(first, text=f"{first.text}, {text}")
            continue
        places[key] = len(entries)
        entries.append(StripEntry(creature.id, text, current=key == current))
    return InitiativeStrip(shown_round, tuple(entries))
