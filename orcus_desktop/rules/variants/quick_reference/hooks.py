"""002's hook implementations, registered by name (docs/rulesets.md "Hooks").

The ruleset (``ruleset.py``) names them; ``rules/variants/__init__.py`` registers them.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.rules.ruleset.hooks import Damage
from orcus_desktop.rules.ruleset.movement_hook import GrabMoveCheck, Movement

QUICK_REFERENCE_HOOKS: Final = (
    Movement(
        "4e-quickref",
        '002-17 002 l.53 "Escape: Escape a grab and shift"; 002-16 002 l.45 "Grab"',
        escape_shift=1,
        grab_move_check=GrabMoveCheck.OPPOSED_STRENGTH,
    ),
    Damage(
        "4e-quickref",
        '002-23 002 l.114 "Acrobatics"; 002-24 002 l.130 "Heal"',
        falling_reduction_skill="acrobatics",
        first_aid_stops_dying=True,
    ),
)
"""002's movement and damage hooks."""
