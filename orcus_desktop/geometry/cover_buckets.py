"""How the geometry buckets a measured hidden share into a cover degree (D3, docs/rulesets.md).

The geometry computes the exact share of a target hidden from the attacker's best corner;
which share makes which degree is the ruleset's (its cover scale), passed down as these
plain numbers so the geometry never imports the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from orcus_desktop.vocabulary import CoverDegree

_TWO_LEVELS: Final = (CoverDegree.HALF, CoverDegree.THREE_QUARTERS)


@dataclass(frozen=True, slots=True)
class CoverBuckets:
    """How hidden shares become degrees: the ruleset's cover scale, as plain numbers.

    Attributes:
        thresholds: the least hidden share of each level, rising (docs/rulings.md R-14: 1/2
            and 3/4; 001-11: 1/4, 1/2, 3/4, 7/8; the rules layer passes its ruleset's scale).
        creature_cap: the highest level (1-based; 0 none) other creatures give on their own
            (docs/rulings.md R-13: half).
        degrees: the degree each level is; empty means half and three-quarters (a two-level
            scale, 000).
    """

    thresholds: tuple[float, ...] = (0.5, 0.75)
    creature_cap: int = 1
    degrees: tuple[CoverDegree, ...] = ()

    def __post_init__(self) -> None:
        shares = self.thresholds
        bounds = (0.0, *shares, 1.0)
        if not shares or not all(a < b for a, b in pairwise(bounds)):
            raise ValueError(f"cover thresholds must rise between 0 and 1: {shares}")
        if not 0 <= self.creature_cap <= len(shares):
            raise ValueError(f"cover creature cap {self.creature_cap} is not a level")
        degrees = self.level_degrees
        if len(degrees) != len(shares) or [d.rank for d in degrees] != sorted(
            {d.rank for d in degrees}
        ):
            raise ValueError(f"cover degrees must rise, one per threshold: {degrees}")
        if CoverDegree.NONE in degrees or CoverDegree.TOTAL in degrees:
            raise ValueError("cover levels lie between none and total cover")

    @property
    def level_degrees(self) -> tuple[CoverDegree, ...]:
        """The degree of each level, least first."""
        return self.degrees or _TWO_LEVELS

    @property
    def ranked_degrees(self) -> tuple[CoverDegree, ...]:
        """Index = bucket rank: none, each level's degree, total."""
        return (CoverDegree.NONE, *self.level_degrees, CoverDegree.TOTAL)


ORCUS_BUCKETS = CoverBuckets()
"""docs/rulings.md R-14 and "Cover from creatures" (000 "Cover")."""
