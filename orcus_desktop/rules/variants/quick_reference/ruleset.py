"""002, the 4th Edition combat quick reference, as a ruleset: 000 plus the sheet's changes.

Every change cites its mechanic id (docs/rulesets.md) and the line of seed 002. Items marked
=000 there are not repeated; where 002 is silent 000 applies.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.rules.ruleset.core import ORCUS
from orcus_desktop.rules.ruleset.fourth_edition import FOURTH_EDITION_ECONOMY
from orcus_desktop.rules.ruleset.hooks import HookNames
from orcus_desktop.rules.ruleset.tables import (
    ActionPointLimit,
    AidRules,
    Boundary,
    ConditionRow,
    ConditionSet,
    DashRules,
    Labels,
)

QUICKREF_SKILLS = Labels.of(
    # 002-22, 002 l.114-148 "SKILLS": the 4e list (Bluff, Diplomacy, Endurance, Streetwise,
    # Thievery for 000's Deception, Persuasion, Endure, Streetsmarts, Sleight of Hand; Nature).
    acrobatics="dexterity",
    arcana="intelligence",
    athletics="strength",
    bluff="charisma",
    diplomacy="charisma",
    dungeoneering="wisdom",
    endurance="constitution",
    heal="wisdom",
    history="intelligence",
    insight="wisdom",
    intimidate="charisma",
    nature="wisdom",
    perception="wisdom",
    religion="intelligence",
    stealth="dexterity",
    streetwise="charisma",
    thievery="dexterity",
)

QUICKREF_002 = ORCUS.with_changes(
    id="4e-quickref",
    name="4e quick reference (002)",
    version=1,
    source="002",
    description=(
        "000 with the 4th Edition combat quick reference's action and turn rules: minor "
        "actions, opportunity attacks once per enemy turn, action points by role."
    ),
    # 002-19, 002 l.54 "Run: Move up to your speed + 2; grant combat advantage until next
    # turn." No attack penalty as written; until the start of the next turn.
    dash=DashRules(attack_penalty=0, lasts_until=Boundary.START_OF_NEXT_TURN),
    # 002-20, 002 l.57 "Squeeze: Reduce your space by 1, move up to half your speed, and grant
    # combat advantage." No -5 as written.
    squeeze_attack_penalty=0,
    # 002-14, 002 l.42 "Charge: Move and then make a melee basic attack or a bull rush" (then
    # move on): the charge does not end the turn (000's value, stated here on purpose).
    charge_ends_actions=False,
    # 002-12, 002 l.39 "Aid another: Improve an ally's attack roll, defense, skill check, or
    # ability check": one action with a choice, the same +2.
    aid=AidRules(one_action=True),
    # 002-22, 002 l.112 "Roll 1d20 + (level/2) + (related ability modifier) + (5 if trained)".
    skills=QUICKREF_SKILLS,
    action_labels=Labels.of(
        # 002-01, 002 l.11-16: the five combinations are 000's; "minor" is 000's swift.
        swift="minor",
        # 002-13, 002 l.41 "Bull rush" = 000 Shove; l.47 "Second wind" = 000 Rally.
        shove="bull rush",
        rally="second wind",
        # 002-17, 002 l.53 "Escape: Escape a grab and shift" = 000 "Escape a Grapple".
        escape="escape",
        # 002 l.56 "Shift: Move 1 square" = 000 Five-Foot Step; 002-19, l.54 "Run" = 000 Dash.
        five_foot_step="shift",
        dash="run",
    ),
    actions=replace(
        FOURTH_EDITION_ECONOMY,
        extra_actions=Labels.of(
            # 002-11, 002 l.38 "Administer a potion" (standard); l.65 "Drink a potion".
            administer_potion="standard",
            drink_potion="swift",
            # 002-15, 002 l.44 "Equip or stow a shield" (standard); l.64-70 (minor).
            equip_shield="standard",
            load_crossbow="swift",
            draw_sheathe="swift",
            pick_up_item="swift",
            retrieve_stow_item="swift",
            open_close_door="swift",
            # 002-24, 002 l.130 "HEAL (Wis): Give first aid to prevent dying" (the kind is 000's
            # Aid Another: standard).
            first_aid="standard",
        ),
        # 002-06, 002 l.20 "A player character or elite creature may spend one Action Point
        # once per encounter ... Solo monsters may spend multiple Action Points per encounter,
        # but only one per turn"; l.84 "(once per encounter, not in a surprise round)".
        action_points=(
            ActionPointLimit("pc", 1, 1),
            ActionPointLimit("elite", 1, 1),
            ActionPointLimit("solo", None, 1),
            ActionPointLimit("standard", 0, 0),
        ),
        action_points_in_surprise_round=False,
    ),
    conditions=ConditionSet(
        rows=(
            # 002-08, 002 l.24 "A character that is surprised may only take free actions".
            ConditionRow(
                "surprised", source="002-08, 002 l.24 Limitations", no_free_actions=False
            ),
            # 002-09, 002 l.25 "immobilized or restrained ... can ... be forced to move by a
            # pull, push or a slide".
            ConditionRow("restrained", source="002-09, 002 l.25 Limitations", can_be_moved=True),
            # 002-10, 002 l.26 "A dazed or dominated character": 000's Controlled, renamed.
            ConditionRow("controlled", source="002-10, 002 l.26 Limitations", label="Dominated"),
        ),
    ),
    hooks=HookNames(
        # 002-16 (opposed Strength to move a grabbed enemy), 002-17 (escape shifts 1).
        movement="4e-quickref",
        # 002-23 (Acrobatics halves into falling damage), 002-24 (Heal: first aid).
        damage="4e-quickref",
    ),
)
"""002 on top of 000 (docs/rulesets.md "002")."""
