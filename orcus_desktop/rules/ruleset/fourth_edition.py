"""What the 4th Edition rules texts (002 and 004) state alike: one home both variants build on.

Core data, not a variant: the quick reference (``rules/variants/quick_reference``) and Alloy
Heroes (``rules/variants/alloy_heroes``) each start their action economy from it, and variants
never import each other.
"""

from __future__ import annotations

from orcus_desktop.rules.ruleset.tables import ActionEconomy, Labels

FOURTH_EDITION_ECONOMY = ActionEconomy(
    # 002-05, 002 l.18 "as many opportunity actions as become available during a whole round,
    # but only one per combatant turn"; l.98. 004-08, 004 l.383-386 "Attack of Opportunity:
    # Free Action"; "Once per Turn"; "you can make one one every combatant's turn".
    opportunity_uses_immediate=False,
    opportunity_per_provoking_turn=1,
    # 002-18, 002 l.72-74 "IMMEDIATE ACTIONS - Readied action"; l.18 "one immediate action per
    # round, either as a readied action or ...". 004-20, 004 l.564 "A readied action is an
    # immediate reaction."
    readied_uses_immediate=True,
    action_kinds=Labels.of(
        # 002-21, 002 l.66 "Drop prone" under MINOR ACTIONS. 004-16, 004 l.279 and l.844 "drop
        # prone as a swift action" (pick over l.338).
        drop_prone="swift",
        # 002-17, 002 l.53 "Escape" under MOVE ACTIONS. 004-17, 004 l.512 "Escape: Move
        # Action".
        escape="move",
    ),
)
"""The reactions and action kinds 002 and 004 state alike, 4th Edition's."""
