"""004, "Alloy Heroes" combat, as a ruleset: 000 plus the page's explicit changes.

Every change cites its mechanic id (docs/rulesets.md) and the line of seed 004. The page lost
its condition headings; the identification (Grappled l.822, Snared l.854...) is the one in
docs/rulesets.md "004". Items marked =000 there are not repeated; where 004 is silent 000
applies.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.rules.ruleset.core import ORCUS
from orcus_desktop.rules.ruleset.fourth_edition import FOURTH_EDITION_ECONOMY
from orcus_desktop.rules.ruleset.hooks import HookNames
from orcus_desktop.rules.ruleset.tables import (
    AidRules,
    Boundary,
    ConditionRow,
    ConditionSet,
    CoverLevel,
    CoverScale,
    DashRules,
    GrappleRules,
    Labels,
    SizeWindow,
)

ALLOY_004 = ORCUS.with_changes(
    id="alloy-heroes",
    name="Alloy Heroes (004)",
    version=1,
    source="004",
    description=(
        "000 with Alloy Heroes' combat changes: minimum damage 0, free opportunity attacks "
        "once per turn, charges end the turn, per-target damage for melee and ranged, "
        "striking the cover."
    ),
    # 004-01, 004 l.16 "Minimum damage is 0."; l.130.
    minimum_halved_damage=0,
    # 004-06, 004 l.72 "you must have enough ammunition, or throwing weapons, for each target".
    ammunition_per_target=True,
    # 004-07, 004 l.111 "a close burst you create does not affect you".
    near_burst_user_per_targets=False,
    # 004-10, 004 l.356-362 "make a basic attack vs. Defense 10"; "more than four (4) allies".
    aid=AidRules(needs_roll=True, defense=10, max_helpers=4),
    # 004-12, 004 l.434 "Target: Adjacent creature within one size category (one size larger,
    # same size, one size smaller)".
    shove_size_window=SizeWindow(larger=1, smaller=1),
    grapple=GrappleRules(
        # 004-12, 004 l.525 "within one size category".
        size_window=SizeWindow(larger=1, smaller=1),
        # 004-18, 004 l.523 "You can maintain a grapple as a swift action." Pick: no automatic
        # success against the incapacitated (000 has it; 004 does not).
        sustain_action="swift",
        auto_success_vs_incapacitated=False,
    ),
    # 004-13, 004 l.451 "After you resolve the charge attack, the character can take no further
    # actions this turn"; l.449 "at least 10 feet" = 000's 2 squares.
    charge_ends_actions=True,
    charge_min_squares=2,
    # 004-21, 004 l.572-577 "Move up to your speed +10 feet"; "-5 penalty to attack rolls until
    # the start of your next turn".
    dash=DashRules(speed_bonus=2, attack_penalty=-5, lasts_until=Boundary.START_OF_NEXT_TURN),
    # 004-23, 004 l.614-620 "-5 penalty to all attack rolls"; no combat advantage granted.
    squeeze_attack_penalty=-5,
    squeeze_grants_combat_advantage=False,
    # 004-26, 004 l.689 "You have battle superiority against enemies you flank."
    flanking_melee_only=False,
    # 004-33, 004 l.841 "+2 bonus to all defenses against ranged attacks" (no exception).
    prone_ranged_bonus_vs_adjacent=True,
    # 004-30, 004 l.790, 807 "-5 penalty on Notice checks".
    perception_penalty_blind_deaf=-5,
    # 004-29, 004 l.784 "Battle Superiority: +2 bonus to attack" = combat advantage.
    # 004 l.243, 381-386 "attack of opportunity", "attacks of opportunity" (000's opportunity
    # attack, 004-08/09).
    term_labels=Labels.of(
        combat_advantage="battle superiority",
        perception="Notice",
        opportunity_attack="attack of opportunity",
        opportunity_attacks="attacks of opportunity",
    ),
    # 004-37, 004 l.40, 410-425 attacks vs "Defense" (AC), Fortitude, Reflex.
    defense_labels=Labels.of(ac="Defense"),
    # 004-12, 004 l.434 "Bull Rush" = 000 Shove.
    # 004-35, 004 l.346 "Adjust: Move Action" (000 Five-Foot Step, a shift); 004-21, l.572
    # "Run" (000 Dash): the actions and the moves they make.
    action_labels=Labels.of(
        shove="bull rush", rally="second wind", five_foot_step="adjust", shift="adjust", dash="run"
    ),
    # 004-08 opportunity attacks once per turn, not the immediate; 004-20 a readied action is
    # the immediate; 004-16 drop prone swift; 004-17 escape a move action: as 002 states them.
    actions=replace(
        FOURTH_EDITION_ECONOMY,
        extra_actions=Labels.of(
            # 004-11, 004 l.365 "Attack Held Object": a weapon attack vs Fortitude.
            attack_held_object="standard",
            # 004-36, 004 l.632-639 "Trip": an unarmed attack vs Reflex, prone on a hit.
            trip="standard",
            # 004-22, 004 l.591-607 Autofire: spray (burst 1) and suppressing fire (burst 6).
            autofire_spray="standard",
            suppressing_fire="standard",
        ),
    ),
    conditions=ConditionSet(
        rows=(
            # 004-34, 004 l.813 Dominated = 000 Controlled.
            ConditionRow("controlled", source="004-34, 004 l.813", label="Dominated"),
            # 004-31, 004 l.822-823 "Your hero is immobilized. Your character takes a -2 on
            # all attacks." (the entry identified as Grappled).
            ConditionRow("grappled", source="004-31, 004 l.822", attack_penalty=-2),
            # 004-32, 004 l.827-829 Helpless: battle superiority, coup de grace, "can't flank".
            ConditionRow("helpless", source="004-32, 004 l.827", cannot_flank=True),
            # 004-34, 004 l.833-835 Immobilized = 000 Immobile.
            ConditionRow("immobile", source="004-34, 004 l.833", label="Immobilized"),
            # 004-34, 004 l.854-856 Snared = 000 Restrained (with l.727 "Attacker Snared -2").
            ConditionRow("restrained", source="004-34, 004 l.854", label="Snared"),
            # 004-32, 004 l.872 "Unconscious characters are helpless".
            ConditionRow("unconscious", source="004-32, 004 l.872", also_implies=("helpless",)),
            # 004-34, 004 l.880 Withered "deal half damage; ongoing damage is unaffected".
            ConditionRow("weakened", source="004-34, 004 l.880", label="Withered"),
        ),
        # 004-34: "No Marked and no Petrified in 004".
        absent=("marked", "petrified"),
    ),
    # 004-29, 004 l.725-733 "Target has Cover -2", "Improved Cover -5" (000's numbers).
    cover=CoverScale(
        levels=(CoverLevel(0.5, -2, "cover"), CoverLevel(0.75, -5, "improved cover"))
    ),
    hooks=HookNames(
        # 004-35, 004 l.194 "If there is still a tie, roll a die."
        initiative="tie-die",
        # 004-15 Delay until your initiative comes up; 004-20 Ready after the trigger.
        encounter_flow="alloy",
        # 004-27 striking the cover; 004-28 concealment from obstructed sight.
        targeting="alloy",
        # 004-09 skill use and autofire provoke; 004-19 a dragged target doesn't provoke.
        reactions="alloy",
        # 004-24 half speed unseeing; 004-25 occupied spaces; 004-17 escape adjusts.
        movement="alloy",
        # 004-03 melee and ranged roll damage per target.
        damage="alloy",
    ),
)
"""004 on top of 000 (docs/rulesets.md "004")."""
