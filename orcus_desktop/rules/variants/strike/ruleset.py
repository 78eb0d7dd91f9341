"""001 "Strike! / Shoot! / Spell!" as a ruleset (docs/rulesets.md "001").

Built on 000 (``ORCUS``): each change cites its mechanic id and the 001 line. Experimental
while the mechanics its description lists as "Not yet" are missing.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.rules.ruleset.core import ORCUS
from orcus_desktop.rules.ruleset.hooks import HookNames
from orcus_desktop.rules.ruleset.tables import (
    Budget,
    ConditionRow,
    ConditionSet,
    CoverLevel,
    CoverScale,
    DashRules,
    Labels,
)
from orcus_desktop.vocabulary import CoverDegree

STRIKE_001 = ORCUS.with_changes(
    id="strike",
    name="Strike! / Shoot! / Spell! (001)",
    version=1,
    source="001",
    description=(
        "001's cover scale, engagement (drawn on the map), Counter "
        "Strike! and Free Strike! instead of opportunity attacks, the Strike! bonus against "
        "engaged targets, Block, Dodge and Dispel; initiative by a chosen check with the tie "
        "ladder; Shoot!/Spell! bands (range, speed, engagement, charging, a target unseen at "
        "the turn's start), unseen and help modifiers; movement around creatures; a move then "
        "one action (001-05); prone on ending a turn in another's space (001-09); dropping "
        "prone off-turn (001-06); the end-of-round step (001-04); Hide and Crouch (001-15, "
        "001-12); declaring oneself the target of an attack or charge (001-10, 001-29); "
        "ready items limited by hands (001-34); Influence, Magic, Search, Study and Utilize "
        "(001-35); who goes first (001-36)."
    ),
    # 001-11, 001 l.148-156 "1/4 Cover +0, 1/2 Cover +1, 3/4 Cover +2, 7/8 Cover +3" (as
    # penalties to the attacker).
    cover=CoverScale(
        levels=(
            CoverLevel(0.25, 0, "1/4 cover", CoverDegree.QUARTER),
            CoverLevel(0.5, -1, "1/2 cover", CoverDegree.HALF),
            CoverLevel(0.75, -2, "3/4 cover", CoverDegree.THREE_QUARTERS),
            CoverLevel(0.875, -3, "7/8 cover", CoverDegree.SEVEN_EIGHTHS),
        ),
        creature_cap_level=2,
    ),
    # 001-38, 001 l.274-298 "Block", "Dodge", "Dispel": the defenses by 001's names
    # (docs/rulings.md "001-38": Block = AC, Dodge = Reflex, Dispel = Will).
    defense_labels=Labels.of(ac="Block", reflex="Dodge", will="Dispel"),
    # 001-23/24, 001 l.236: a reaction is a Counter Strike! or a Free Strike!, never 000's
    # opportunity attack (the log and the panels say so).
    term_labels=Labels.of(
        opportunity_attack="Counter or Free Strike!",
        opportunity_attacks="Counter or Free Strikes!",
    ),
    # 001-23..25, 001 l.240-256: engagement, Counter Strike! and Free Strike! replace 000's
    # opportunity attacks (docs/rulings.md#001-picks-engagement-and-strike).
    hooks=HookNames(
        reactions="strike",
        targeting="strike",
        initiative="strike",
        movement="strike",
        # 001-04, 001 l.47-49: the end-of-round step (controller/variants/strike/round_end.py).
        encounter_flow="strike",
    ),
    actions=replace(
        ORCUS.actions,
        # 001-23/24 pick: a Counter or Free Strike! uses no immediate action; one per reacting
        # creature per provoking turn (001 sets no limit; each is offered once per action).
        opportunity_uses_immediate=False,
        # 001-05, 001 l.53 "On your turn, you can move and take one action. You always move
        # first and then take your [action]": a move, then one action (a swift or minor power
        # is that action; docs/rulings.md "001-05"); the action may be a second move (Dash).
        turn=Budget(standard=1, move=1, swift=0),
        conversions=(("standard", "move"), ("standard", "swift")),
        action_ends_move=True,
        # 001-06, 001 l.100 "Dropping Prone": free, on a seen creature's turn.
        drop_prone_off_turn=True,
    ),
    # 001-15 Hidden (001 l.304-310) and 001-12 Crouching (l.146) as states of the creature;
    # the Hide and Crouch actions and their ends are
    # `controller/variants/strike/strike_states.py`, their effect on attacks
    # `controller/variants/strike/shooting.py` (docs/rulings.md R-91). A Hidden creature
    # is left off the players' screen as 003's is.
    conditions=ConditionSet(
        rows=(
            ConditionRow(
                "hidden",
                source="001-15, 001 l.308",
                label="Hidden",
                beneficial=True,
                hidden_from_players=True,
            ),
            ConditionRow(
                "crouching", source="001-12, 001 l.146", label="Crouching", beneficial=True
            ),
        )
    ),
    # 001-32, 001 l.288-290 "You can move to a second area in one Turn.": the one action.
    dash=DashRules(
        speed_bonus=0, attack_penalty=0, grants_combat_advantage=False, action="standard"
    ),
)
"""001 (docs/rulesets.md "001")."""
