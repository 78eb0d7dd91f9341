"""How the geometry buckets a measured hidden share into a cover degree (D3, docs/rulesets.md).

The geometry computes the exact share of a target hidden from the attacker's best corner;
which share makes half or three-quarters cover is the ruleset's (its cover scale), passed
down as these plain numbers so the geometry never imports the rules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CoverBuckets:
    """How hidden shares become degrees: the ruleset's cover scale, as plain numbers.

    Attributes:
        thresholds: the least hidden share of half and of three-quarters cover (docs/rulings.md
            R-14: 1/2 and 3/4; the rules layer passes its ruleset's scale).
        creature_cap: the highest degree (1 half, 2 three-quarters) other creatures give on
            their own (docs/rulings.md R-13: half).
    """

    thresholds: tuple[float, float] = (0.5, 0.75)
    creature_cap: int = 1

    def __post_init__(self) -> None:
        if not 0 < self.thresholds[0] < self.thresholds[1] < 1:
            raise ValueError(f"cover thresholds must rise between 0 and 1: {self.thresholds}")


ORCUS_BUCKETS = CoverBuckets()
"""docs/rulings.md R-14 and "Cover from creatures" (000 "Cover")."""
