"""003 "Square Fireballs" as a ruleset (docs/rulesets.md "003").

Built on 000 (``ORCUS``): each change cites its mechanic id and the 003 line. The flow is
``controller/variants/square_fireballs/encounter_flow.py`` (H1, H2); the status table is
``status.py`` (D2), forced movement ``controller/variants/square_fireballs/forced_collisions.py``
(H6).
"""

from __future__ import annotations

from orcus_desktop.rules.ruleset.core import ORCUS
from orcus_desktop.rules.ruleset.hooks import HookNames
from orcus_desktop.rules.ruleset.tables import (
    ONE_STANDARD,
    ORCUS_CONDITION_BUDGETS,
    ActionEconomy,
    ActionPointLimit,
    Budget,
    ConditionBudget,
    CoverLevel,
    CoverScale,
    DashRules,
    Labels,
)
from orcus_desktop.rules.variants.square_fireballs.status import SQUARE_FIREBALLS_CONDITIONS

SQUARE_FIREBALLS_003 = ORCUS.with_changes(
    id="square-fireballs",
    name="Square Fireballs (003)",
    version=1,
    source="003",
    description=(
        "003's flow (Total Defense start, surprised lose their first turn, monster groups "
        "sharing one turn, escalation die, alternating initiative ties, Start Over / Keep "
        "Initiative), its status table (downgrades, stealth), reactions and interrupts, "
        "basic attacks by primary ability and forced movement along its Lines (collisions, "
        "the cliff save)."
    ),
    # 003-09, 003 l.155 "Gain +4 to all defenses until your next turn."
    total_defense_bonus=4,
    # 003-51, 003 l.570-576 Second Wind "+4 to all defenses".
    rally_defense_bonus=4,
    # 003-41 Charge: Hindered (-2) instead of a bonus.
    charge_attack_bonus=0,
    charge_min_squares=0,
    # 003-19, 003 l.249 Opportunity Attack: "adding your Opportunity Modifier to the Hit Roll".
    opportunity_modifier=True,
    # 003-41, 003 l.654 Charge: "You are Hindered this turn ... You can't move this turn";
    # 003-42, l.594 Shift: "If you move away from an adjacent enemy this way, you are
    # Hindered this turn"; l.670 Stand Up: "you are Hindered this turn"
    # (`controller/variants/square_fireballs/hindering_maneuvers.py`).
    hindering_maneuvers=("charge", "shift_away", "stand_up"),
    # 003-32 Prone: a cover step instead of +2 vs ranged.
    prone_ranged_defense_bonus=0,
    # 003-37 Unconscious: Helpless instead of -5.
    unconscious_defense_penalty=0,
    # 003-40, 003 l.656-662 Run: "Standard Action - Effect: Move your Speed."
    dash=DashRules(
        speed_bonus=0, attack_penalty=0, grants_combat_advantage=False, action="standard"
    ),
    # 003-13, 003 l.198 "each combat round starting with the third, add 1 to the Escalation
    # Die". Its cap is in the lost Introduction: none, as written (escalation_max None).
    escalation_start_round=3,
    # 003-49, 003 l.530-558 "Melee Basic Attack (Weapon) ... Primary Ability vs Arm. Hit:
    # 1W+Primary Ability": the primary ability is the higher of Strength and Dexterity
    # (docs/rulings.md R-102).
    basic_weapon_abilities=("strength", "dexterity"),
    # 003-49, 003 l.540-548 "Ranged Basic Attack (Implement)": for a creature with an
    # implement power, by the highest of the mental abilities (docs/rulings.md R-104).
    basic_implement_abilities=("intelligence", "wisdom", "charisma"),
    hooks=HookNames(
        # 003-12 ties alternate PCs and monsters; 003-08/003-10 Total Defense and surprise;
        # 003-07 a monster group's one turn (the flow's `group_turns`).
        initiative="square-fireballs",
        encounter_flow="square-fireballs",
        # 003-16 reactions provoke no reactions; 003-55 crawl 1, 003-35 slowed costs.
        reactions="square-fireballs",
        # 003-43 collision damage, 003-45 the cliff save, 003-27 grabbed (forced_collisions).
        movement="square-fireballs",
    ),
    # 003-20 "Defender grants Advantage to Attacker +2".
    term_labels=Labels.of(combat_advantage="advantage"),
    # 003-42, 003 l.588 "Shift - Maneuver" (000 Five-Foot Step); 003-40, l.656 "Run".
    action_labels=Labels.of(swift="minor", five_foot_step="shift", dash="run"),
    actions=ActionEconomy(
        # 003-15: one of each slot, no substitution.
        conversions=(),
        condition_budgets=(
            # 003-24, 003 l.330 Dazed: "can use a Minor Action and either a Standard Action
            # or a Move Action" (the standard slot pays a move).
            ConditionBudget("dazed", Budget(1, 0, 1), "003-24", (("standard", "move"),)),
            # 003-36, 003 l.368 Stunned: "Can only take one action per turn" - of any slot;
            # "Cannot attack", "Cannot move" are its status row (square_fireballs_status).
            ConditionBudget(
                "stunned", ONE_STANDARD, "003-36", (("standard", "move"), ("standard", "swift"))
            ),
            # 003-48, 003 l.439 Swallowed: "Can only take one action per turn" (its Escape
            # Check is a move action, l.437).
            ConditionBudget(
                "swallowed", ONE_STANDARD, "003-48", (("standard", "move"), ("standard", "swift"))
            ),
            *(b for b in ORCUS_CONDITION_BUDGETS if b.condition not in ("dazed", "stunned")),
        ),
        # 003-16/003-19: the opportunity attack is a free reaction.
        opportunity_uses_immediate=False,
        free_reaction_attacks_per_turn=1,
        # 003-17, 003 l.257-258 "One Free Action Attack. Any number of non-attack Free
        # Actions, but each power can only be used once per turn this way."
        own_turn_free_limits=True,
        # 003-47, 003 l.672-721: Enshroud, Hide, Search (standard), Sneak (move), Spot (minor).
        action_kinds=Labels.of(
            drop_prone="free",
            escape="move",
            enshroud="standard",
            hide="standard",
            search="standard",
            sneak="move",
            spot="swift",
        ),
        # 003-50: action points for an extra standard action only.
        action_points=(ActionPointLimit("any", 1, 1),),
    ),
    conditions=SQUARE_FIREBALLS_CONDITIONS,  # 003-21..39, 003-47/48 (square_fireballs_status)
    # 003-04/003-20: Cover -2, Superior Cover -5.
    cover=CoverScale(
        levels=(CoverLevel(0.5, -2, "cover"), CoverLevel(0.75, -5, "superior cover"))
    ),
)
"""003 (docs/rulesets.md "003")."""
