"""Zones: placed area templates that stay on the map (000 "Areas of effect"; issue 13).

A zone is the squares a burst, blast (arc) or wall covered when the GM placed it, with a name
("Stinking Cloud"), the creature it belongs to, how long it lasts and whether the players see
it. Its duration is tied to the turn order (`ZoneDuration`); the controller ends it at the
turn boundary (`controller/gm/zones.py`) and logs that.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.geometry.grid import Square
from orcus_desktop.vocabulary import CreatureId


class ZoneDuration(StrEnum):
    """How long a zone lasts."""

    UNTIL_REMOVED = "until_removed"
    """Until the GM removes it."""
    END_OF_OWNER_NEXT_TURN = "end_of_owner_next_turn"
    """Until the end of its creature's next turn (000 "Durations")."""
    SUSTAINED = "sustained"
    """While its creature sustains it: it ends at the end of a turn of that creature in which
    it was not sustained (000 "Maintain": "Any effects that require an action to maintain
    concentration, which you have not spent, end now")."""

    @property
    def label(self) -> str:
        return {
            "until_removed": "until removed",
            "end_of_owner_next_turn": "until the end of its creature's next turn",
            "sustained": "sustained",
        }[self.value]

    @property
    def needs_owner(self) -> bool:
        return self is not ZoneDuration.UNTIL_REMOVED


@dataclass(frozen=True, slots=True)
class Zone:
    """A zone on the map.

    Attributes:
        id: unique within the encounter ("zone-3").
        name: what the GM calls it.
        squares: the squares it covers.
        duration: how long it lasts.
        owner: the creature whose turns time it (and who sustains it), if any.
        hidden: not shown on the players' screen.
        placed_turn: the turn ("round/creature", `Combat.turn_key`; a 003 monster group's
            turn is one key, docs/rulings.md R-111) it was placed in; that turn never ends it.
        sustained: a sustained zone was sustained in its creature's current turn.
    """

    id: str
    name: str
    squares: frozenset[Square]
    duration: ZoneDuration = ZoneDuration.UNTIL_REMOVED
    owner: CreatureId | None = None
    hidden: bool = False
    placed_turn: str = ""
    sustained: bool = False
