"""The words every layer shares: creature ids, cover and concealment, origins, areas, forced moves.

The bottom layer (no shapely, no Qt, no other project import): geometry measures cover and
concealment in these words, the rules turn them into penalties, and the model stores their
values in saved files and the combat log. The values are the spelling the files have always
used, so `orcus-desktop query sight`, the log, the file and `use_power(cover=...)` agree. The
Slowed speed lives here too: the rules show it, the geometry plans paths with it, and the
rules never load the geometry (numpy, shapely) to know it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NewType

CreatureId = NewType("CreatureId", str)
"""A creature of an encounter: its token id on the map, its id in the rules and the log."""


class RankedStrEnum(StrEnum):
    """A string enum whose members stand in order: ``rank`` is a member's place, 0 first."""

    @property
    def rank(self) -> int:
        """The member's place in the order declared: a higher rank is more (larger, worse)."""
        return list(type(self)).index(self)


class CoverDegree(RankedStrEnum):
    """000 "Cover", from least to most protective (docs/rulings.md R-14).

    Only the best degree applies; the penalties live in the ruleset, whose cover scale names
    the degrees it uses (000: half and three-quarters; 001-11 adds quarter and seven-eighths).
    ``rank``: 0 for none up to 5 for total, a higher rank protects more.
    """

    NONE = "none"
    QUARTER = "quarter"
    """001-11, 001 l.150 "1/4 Cover": a quarter of the target hidden."""
    HALF = "half"
    THREE_QUARTERS = "three_quarters"
    SEVEN_EIGHTHS = "seven_eighths"
    """001-11, 001 l.156 "7/8 Cover": seven-eighths of the target hidden."""
    TOTAL = "total"
    """No line of effect: cannot be targeted."""

    @property
    def label(self) -> str:
        """How the GM reads it: "three-quarters"."""
        return self.value.replace("_", "-")


class ConcealmentDegree(StrEnum):
    """000 "Concealment": concealment (-2) or total concealment (-5)."""

    NONE = "none"
    CONCEALED = "concealed"
    TOTAL = "total"


class Origin(StrEnum):
    """000 "Origin of effect" of a power or attack."""

    MELEE = "melee"
    """From the user, at creatures it can reach with a melee weapon."""
    RANGED = "ranged"
    """From the user, at creatures in a ranged weapon's reach or the power's range."""
    NEAR = "near"
    """An area of effect originating in the user's space (000 "Near area")."""
    FAR = "far"
    """An area of effect originating in a distant square in range (000 "Far area")."""
    SELF = "self"
    """Affects only the user, who is always within range of itself."""

    @property
    def is_area(self) -> bool:
        """Near and Far powers have an area of effect (000 "Areas of effect").

        000 "Concealment": "Concealment penalties do not apply to Near or Far attacks."
        """
        return self in (Origin.NEAR, Origin.FAR)


class AreaShape(StrEnum):
    """Area types of 000 "Areas of effect": a power's area and the map's area templates."""

    BURST = "burst"
    ARC = "arc"
    WALL = "wall"


class ForcedMovementKind(StrEnum):
    """000 "Unwilling Movement": push X, pull X, slip X (docs/glossary.md).

    000 says *slip* where 4th Edition says *slide*; the value is 000's word, the spelling
    powers, attack records and owed moves are saved with. "slide" reads as a slip too: the
    combat log's forced moves have always stored it, and 002-004 use that word.
    """

    PUSH = "push"
    PULL = "pull"
    SLIP = "slip"

    @classmethod
    def _missing_(cls, value: object) -> ForcedMovementKind | None:
        return cls.SLIP if value == "slide" else None

    @property
    def past(self) -> str:
        """How the log says it happened: "is pushed", "is pulled", "is slid"."""
        return {"push": "pushed", "pull": "pulled", "slip": "slid"}[self.value]


class MoveMode(StrEnum):
    """How a creature moves (000 "Movement and Position"): the GM's move and its path's cost.

    The geometry costs a path by it (a crawl or a squeeze 2 squares of speed per square, else
    1) and asks it whether the path provokes; the controller costs a move by the mode a rule
    gives it (003-35: a slowed walk costs what a crawl does).
    """

    WALK = "walk"
    """Walk: up to its speed, provoking opportunity attacks (000 "Walk")."""
    SHIFT = "shift"
    """Shift 1 square without provoking (000 "Five-Foot Step")."""
    GM = "gm"
    """A free move by the GM (a teleport, say): no action spent, nothing provoked, only the
    destination checked."""
    DASH = "dash"
    """Speed + 2, provoking; combat advantage and -5 to attacks until its next turn ends."""
    CRAWL = "crawl"
    """While prone: half speed, provoking (docs/rulings.md R-08)."""
    SQUEEZE = "squeeze"
    """Half speed through a narrow space, provoking (000 "Squeeze")."""

    @property
    def provokes(self) -> bool:
        """Whether leaving a square next to an enemy provokes it (000 "Opportunity Attacks").

        "You can avoid provoking an opportunity attack by shifting"; "You also don't provoke
        ... when you teleport", which the GM's move stands for.
        """
        return self not in (MoveMode.SHIFT, MoveMode.GM)

    @property
    def squares_per_square(self) -> int:
        """Squares of speed a square of the path costs, difficult terrain aside.

        docs/rulings.md R-08: a crawl costs 2; 000 "Squeeze": "spend 1 extra square for every
        square it moves there".
        """
        return 2 if self in (MoveMode.CRAWL, MoveMode.SQUEEZE) else 1


def slowed_speed(speed: int) -> int:
    """A slowed creature's speed (000 "Slowed"), `speed` capped at 2.

    000 "Slowed": "Your speed for any form of movement other than teleportation is reduced to
    2 and can't be increased". One home for the rule the speed shown
    (`rules.derived.effective_speed`) and the paths planned (`geometry.movement.effective_speed`)
    both apply.
    """
    return min(speed, 2)
