"""H6, the movement hook: occupied spaces, speed, crawling, escaping and forced movement.

One of the named hook kinds of `hooks.py` (docs/rulesets.md "Hooks"), in a module of its own
because it is the largest; `hooks.py` registers its implementations by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.geometry.occupancy import ORCUS_OCCUPANCY, Occupancy


class GrabMoveCheck(StrEnum):
    """The roll that moves a grabbed creature."""

    ATTACK_VS_FORTITUDE = "attack_vs_fortitude"
    """000 "Move a grappled creature": a Strength attack vs Fortitude."""
    OPPOSED_STRENGTH = "opposed_strength"
    """002-16: an opposed Strength check (a tie fails)."""


@dataclass(frozen=True, slots=True)
class Movement:
    """H6: occupied spaces, speed, escaping and dragging.

    000 "Moving Around Other Creatures" and docs/rulings.md R-17 are the defaults.
    """

    name: str
    source: str
    occupancy: Occupancy = ORCUS_OCCUPANCY
    """Whose spaces movers pass through or end in (`geometry.movement` applies it)."""
    half_speed_unseeing: bool = False
    """004-24: a creature that cannot see moves at half speed."""
    escape_shift: int = 0
    grab_move_check: GrabMoveCheck = GrabMoveCheck.ATTACK_VS_FORTITUDE
    crawl_squares: int | None = None
    """003-55: a crawl moves this many squares (None: 000's half speed, R-08)."""
    slowed_doubles_cost: bool = False
    """003-35: slowed adds a square of cost per square (000: speed 2)."""
    collision_dice: tuple[str, ...] = ()
    """003-43: forced-movement collision damage by the source's tier (empty: none)."""
    edge_save: bool = False
    """003-45: a save against being forced off a cliff."""
    grab_save_negates: bool = False
    """003-27: a grabbed creature forced out of reach saves, or the movement is negated."""
    prone_when_sharing: bool = False
    """001-09: ending a turn in another creature's space knocks the creature prone."""
    forced_along_lines: bool = False
    """003-44: a push, pull or slide follows one of 003's Lines (003-02) from the start."""

    def speed(self, speed: int, *, sees: bool) -> int:
        # 004-24 (004 l.700): "his or her speed is limited to one-half normal".
        return speed // 2 if self.half_speed_unseeing and not sees else speed
