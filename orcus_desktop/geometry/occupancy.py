"""Whose space a mover may pass through or end in, as plain switches (the ruleset's H6).

Kept free of shapely and numpy so the rules layer can name it (docs/rulesets.md "Hooks").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Occupancy:
    """Whose space a mover may pass through or end in, beyond 000's rules (the ruleset's H6).

    000 "Moving Around Other Creatures" and docs/rulings.md R-17 are the defaults (all False).

    Attributes:
        pass_helpless_enemies: 004-25 (004 l.707): through an enemy "if that enemy is helpless".
        end_in_prone_ally: 004-25 (004 l.711): "in an ally's square only if the ally is prone".
        end_in_helpless_enemy: 004-25 (004 l.712): "in an enemy's square only if the enemy is
            helpless".
        pass_tiny: 001-07 (001 l.126): through "a Tiny creature" whatever its side.
        pass_incapacitated: 001-07 (001 l.126): through "a creature that has the
            Incapacitated condition".
        others_difficult: 001-08 (001 l.128): "Another creature's space is Difficult Terrain
            for you unless that creature is Tiny or your ally".
    """

    pass_helpless_enemies: bool = False
    end_in_prone_ally: bool = False
    end_in_helpless_enemy: bool = False
    pass_tiny: bool = False
    pass_incapacitated: bool = False
    others_difficult: bool = False

    @property
    def ends(self) -> bool:
        """Whether any move may end in another (non-tiny) creature's space."""
        return self.end_in_prone_ally or self.end_in_helpless_enemy


ORCUS_OCCUPANCY = Occupancy()
"""000's rules: nobody passes enemies' spaces or ends in another's space (tiny ones aside)."""
