"""003's hook implementations, registered by name (docs/rulesets.md "Hooks").

The ruleset (``ruleset.py``) names them; ``rules/variants/__init__.py`` registers them.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.rules.ruleset.hooks import Flow, Reactions, RolledInitiative, SurpriseMode
from orcus_desktop.rules.ruleset.movement_hook import Movement

SQUARE_FIREBALLS_HOOKS: Final = (
    RolledInitiative(
        "square-fireballs",
        20,
        '003-12, 003 l.191-194 "Try to alternate PCs and monsters"; "roll a die"',
        ties_alternate_sides=True,
    ),
    Flow(
        "square-fireballs",
        '003-08 003 l.145 "all characters use Total Defense as a Free Reaction"; '
        '003-10 003 l.165-168 "they use Full Defense, end the turn"; '
        '003-14 003 l.202-207 "Rolling Initiative mid-combat"; 003-52 l.786-800; '
        '003-07 l.142-143 "Combat turn: Turn of action for a single PC or group of monsters"; '
        '003-11 l.170-178 "Raise the Alarm"; 003-46 l.460-472 "Forced Attacks", "Forced Movement"',
        surprise=SurpriseMode.LOSE_FIRST_TURN,
        opening_total_defense=True,
        wave_choices=True,
        ready_attacks=True,
        group_turns=True,
        raise_the_alarm=True,
        forced_actions=True,
    ),
    Reactions(
        "square-fireballs",
        '003-16 003 l.269 "reactions cannot trigger further reactions"; '
        '003-18 003 l.235-239 "Resolving Interrupts"',
        reactions_provoke=False,
        interrupts_trim=True,
    ),
    Movement(
        "square-fireballs",
        '003-55 003 l.826 "Crawl 1."; 003-35 003 l.365 "For each square moved, must spend an '
        'additional square of movement"; 003-43 003 l.472 "Forced Movement Damage"; 003-45 '
        '003 l.516-524 "Saving against Forced Movement"; 003-27 003 l.342 Grabbed',
        crawl_squares=1,
        slowed_doubles_cost=True,
        # "1d4 for Heroic sources, 2d4 for ... Paragon sources, and 4d4 for Epic sources".
        collision_dice=("1d4", "2d4", "4d4"),
        edge_save=True,
        grab_save_negates=True,
        # 003-44 (003 l.474-514 "Push multiple units, showing Lines for path"): docs/rulings.md
        #
        forced_along_lines=True,
    ),
)
"""003's initiative, flow, reactions and movement hooks."""
