"""001's hook implementations, registered by name (docs/rulesets.md "Hooks").

The ruleset (``ruleset.py``) names them; ``rules/variants/__init__.py`` registers them.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.geometry.occupancy import Occupancy
from orcus_desktop.rules.ruleset.hooks import Flow, Reactions, RolledInitiative, Targeting
from orcus_desktop.rules.ruleset.movement_hook import Movement

STRIKE_HOOKS: Final = (
    RolledInitiative(
        "strike",
        6,
        '001-01..03, 001 l.15-39 "Roll The Initiative Order", "Ties" (step 5: a d6)',
        by_chosen_check=True,
    ),
    Flow(
        "strike",
        '001-04, 001 l.47-49 "The End Of Round Activities Are Performed"',
        end_of_round_step=True,
    ),
    Targeting(
        "strike",
        '001-12/13 001 l.146-166 "Cover", "Unseen Attackers and Targets"; 001-17..21 l.186-234 '
        '"Shoot!"; 001-27 l.268-272 "Spell!"; 001-33 l.300-302 "Help"',
        shoot_bands=True,
    ),
    Reactions(
        "strike",
        '001-23..25, 001 l.240-256 "Counter Strike!", "Free Strike!"; no opportunity attacks',
        provocations=frozenset(),
        engagement=True,
    ),
    Movement(
        "strike",
        '001-07..09, 001 l.126-130 "Moving around Other Creatures"',
        # 001-07 pick: 001's "Incapacitated" is 000's (stunned, unconscious, petrified).
        occupancy=Occupancy(pass_incapacitated=True, pass_tiny=True, others_difficult=True),
        prone_when_sharing=True,
    ),
)
"""001's initiative, flow, targeting, reactions and movement hooks."""
