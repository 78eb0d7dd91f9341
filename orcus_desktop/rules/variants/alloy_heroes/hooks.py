"""004's hook implementations, registered by name (docs/rulesets.md "Hooks").

The ruleset (``ruleset.py``) names them; ``rules/variants/__init__.py`` registers them.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.geometry.occupancy import Occupancy
from orcus_desktop.rules.ruleset.hooks import (
    Damage,
    DelayLapse,
    Flow,
    Provocation,
    Reactions,
    ReadiedTiming,
    RolledInitiative,
    Targeting,
)
from orcus_desktop.rules.ruleset.movement_hook import Movement

ALLOY_HEROES_HOOKS: Final = (
    RolledInitiative(
        "tie-die", 20, '004-35, 004 l.194 "If there is still a tie, roll a die" (d20 pick)'
    ),
    Flow(
        "alloy",
        '004-15 004 l.487 "Delay"; 004-20 004 l.557 "Ready an Action"',
        delay_lapses=DelayLapse.NEXT_INITIATIVE,
        readied_timing=ReadiedTiming.AFTER_TRIGGER,
        readying_ends_turn=True,
        readied_kind_is_readied_action=True,
    ),
    Targeting(
        "alloy",
        '004-27 004 l.752 "Attack Missed due to Cover"; 004-28 004 l.776 "Total Concealment"',
        strikes_cover=True,
        total_concealment_targets_a_square=True,
        concealment_from_partial_sight=True,
    ),
    Reactions(
        "alloy",
        '004-09 004 l.262 "Actions in Combat"; 004-19 004 l.545 "Move Grappled Target"',
        provocations=frozenset(Provocation),
        # 004-05: l.75 "Ranged attacks provoke attacks of opportunity", l.96 "Area attacks
        # provoke attacks of opportunity" (004's area attack is 000's Far), l.386 "If an enemy
        # adjacent to you makes a ranged or area attack"; its close attacks (000's Near,
        # l.79-85) and melee attacks say nothing of it and do not.
        provoking_origins=frozenset({"ranged", "far"}),
        dragged_target_provokes=False,
    ),
    Movement(
        "alloy",
        '004-24 004 l.700; 004-25 004 l.703 "Occupied Spaces"; 004-17 004 l.512 "Escape"',
        occupancy=Occupancy(
            pass_helpless_enemies=True, end_in_prone_ally=True, end_in_helpless_enemy=True
        ),
        half_speed_unseeing=True,
        escape_shift=1,
    ),
    Damage(
        "alloy",
        '004-03 004 l.61 "each attack and damage roll is different for each target"',
        per_target_origins=frozenset({"melee", "ranged"}),
    ),
)
"""004's initiative, flow, targeting, reactions, movement and damage hooks."""
