"""H6, the movement hook: occupied spaces, speed, crawling, escaping and forced movement.

One of the named hook kinds of `hooks.py` (docs/rulesets.md "Hooks"), in a module of its own
because it is the largest; `hooks.py` registers its implementations by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from orcus_desktop.geometry.occupancy import Occupancy


@dataclass(frozen=True, slots=True)
class SpaceFacts:
    """What movement rules ask about the mover or a creature in the way."""

    size_rank: int
    side: str
    helpless: bool = False
    prone: bool = False
    incapacitated: bool = False


class GrabMoveCheck(StrEnum):
    """The roll that moves a grabbed creature."""

    ATTACK_VS_FORTITUDE = "attack_vs_fortitude"
    """000 "Move a grappled creature": a Strength attack vs Fortitude."""
    OPPOSED_STRENGTH = "opposed_strength"
    """002-16: an opposed Strength check (a tie fails)."""


class MovementPolicy(Protocol):
    """H6: occupied spaces, speed, escaping and dragging."""

    @property
    def name(self) -> str: ...
    @property
    def escape_shift(self) -> int: ...
    @property
    def grab_move_check(self) -> GrabMoveCheck: ...
    @property
    def occupancy(self) -> Occupancy:
        """Whose spaces the geometry lets movers pass through or end in."""

    @property
    def crawl_squares(self) -> int | None:
        """003-55: a crawl moves this many squares (None: 000's half speed, R-08)."""

    @property
    def slowed_doubles_cost(self) -> bool:
        """003-35: slowed adds a square of cost per square (000: speed 2)."""

    @property
    def collision_dice(self) -> tuple[str, ...]:
        """003-43: forced-movement collision damage by the source's tier (empty: none)."""

    @property
    def edge_save(self) -> bool:
        """003-45: a save against being forced off a cliff."""

    @property
    def grab_save_negates(self) -> bool:
        """003-27: a grabbed creature forced out of reach saves, or the movement is negated."""

    @property
    def prone_when_sharing(self) -> bool:
        """001-09: ending a turn in another creature's space knocks the creature prone."""

    @property
    def forced_along_lines(self) -> bool:
        """003-44: a push, pull or slide follows one of 003's Lines (003-02) from the start."""

    def can_pass_through(self, mover: SpaceFacts, other: SpaceFacts) -> bool: ...
    def can_end_in(self, mover: SpaceFacts, other: SpaceFacts) -> bool: ...
    def speed(self, speed: int, *, sees: bool) -> int: ...


_TINY = 0


@dataclass(frozen=True, slots=True)
class Movement:
    """Occupied spaces and speed (000 "Moving Around Other Creatures", docs/rulings.md R-17)."""

    name: str
    source: str
    pass_helpless_enemies: bool = False
    end_in_prone_ally: bool = False
    end_in_helpless_enemy: bool = False
    half_speed_unseeing: bool = False
    escape_shift: int = 0
    grab_move_check: GrabMoveCheck = GrabMoveCheck.ATTACK_VS_FORTITUDE
    pass_tiny: bool = False
    pass_incapacitated: bool = False
    others_difficult: bool = False
    crawl_squares: int | None = None
    slowed_doubles_cost: bool = False
    collision_dice: tuple[str, ...] = ()
    edge_save: bool = False
    grab_save_negates: bool = False
    prone_when_sharing: bool = False
    forced_along_lines: bool = False

    @property
    def occupancy(self) -> Occupancy:
        return Occupancy(
            pass_helpless_enemies=self.pass_helpless_enemies,
            end_in_prone_ally=self.end_in_prone_ally,
            end_in_helpless_enemy=self.end_in_helpless_enemy,
            pass_tiny=self.pass_tiny,
            pass_incapacitated=self.pass_incapacitated,
            others_difficult=self.others_difficult,
        )

    def can_pass_through(self, mover: SpaceFacts, other: SpaceFacts) -> bool:
        # 000: allies always; enemies two size categories apart (geometry.movement).
        if mover.side == other.side:
            return True
        if (self.pass_tiny and other.size_rank == _TINY) or (
            self.pass_incapacitated and other.incapacitated
        ):
            return True
        return abs(mover.size_rank - other.size_rank) >= 2 or (
            self.pass_helpless_enemies and other.helpless
        )

    def can_end_in(self, mover: SpaceFacts, other: SpaceFacts) -> bool:
        # docs/rulings.md R-17: only a tiny creature ends in another's space (the geometry
        # also caps four tiny creatures to a square); 004-25 adds prone allies and helpless
        # enemies.
        if mover.size_rank == _TINY and other.size_rank > _TINY:
            return True
        if mover.side == other.side:
            return self.end_in_prone_ally and other.prone
        return self.end_in_helpless_enemy and other.helpless

    def speed(self, speed: int, *, sees: bool) -> int:
        # 004-24 (004 l.700): "his or her speed is limited to one-half normal".
        return speed // 2 if self.half_speed_unseeing and not sees else speed
