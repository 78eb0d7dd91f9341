"""003 "Square Fireballs" status effects as a condition set (D2): rows, names, downgrades.

003 "5.8 Status Effects" (l.292-458), mechanics 003-21..39, 003-47, 003-48 (docs/rulesets.md
"003"). Each row cites its mechanic id and seed line; a row for a condition 000 lacks (Hindered,
Shocked...) is what makes the ruleset offer it (``conditions.offered_conditions``). Where 003
says nothing or its text is a lost figure, 000's row stands (docs/rulings.md R-80..R-82).
The rows also carry the targeting rules of Shrouded, Hidden, Charmed, Swallowed and Exiled
(read by ``rules/stealth.py``), the helpless crit range and Weakened's healing.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.rules.ruleset.tables import ConditionRow, ConditionSet, MarkPolicy

SQUARE_FIREBALLS_ROWS: Final = (
    # 003-22, 003 l.319-323 Blinded = 000 (CA, cannot flank, no sight); the +1 Perception DC
    # is the GM's.
    # 003-23, 003 l.324-326 Charmed: "Cannot attack enemies Charming the character" (H4); "may
    # be Charmed by multiple enemies".
    ConditionRow(
        "charmed", source="003-23, 003 l.324", label="Charmed", cannot_attack_source=True
    ),
    # 003-26, 003 l.332-336 Dominated (000 Controlled): "Cannot take actions. Cannot Flank.";
    # "When damaged, can roll a Save to end this condition" (`controller/harm_saves.py`).
    ConditionRow(
        "controlled",
        source="003-26, 003 l.332",
        label="Dominated",
        cannot_flank=True,
        save_when_hurt=True,
    ),
    # 003-25, 003 l.331 Dazzled: enemies have Concealment (-2), or Superior (-3 more), for its
    # melee and ranged attacks (003-05: concealment never counts for Near or Far).
    ConditionRow(
        "dazzled", source="003-25, 003 l.331", label="Dazzled", sees_concealment_step=True
    ),
    # 003-06, 003 l.337 Flanked: "Grants Advantage on Melee attacks (+2 to be hit)".
    ConditionRow(
        "flanked",
        source="003-06, 003 l.337",
        label="Flanked",
        grants_combat_advantage_to_melee=True,
    ),
    # 003-27, 003 l.338-343 Grabbed (000 Grappled): "Cannot move"; several grabbers.
    ConditionRow("grappled", source="003-27, 003 l.338", label="Grabbed"),
    # 003-28, 003 l.344-345 Helpless: "Melee Attacks against the character gain +10 Crit Range".
    ConditionRow("helpless", source="003-28, 003 l.344", melee_crit_range_bonus=10),
    # 003-29, 003 l.346 Hindered: "-2 Hit" (instances do not stack, 003 l.302).
    ConditionRow("hindered", source="003-29, 003 l.346", label="Hindered", attack_penalty=-2),
    # 003-33, 003 l.347 Immobilized = 000 Immobile.
    ConditionRow("immobile", source="003-33, 003 l.347", label="Immobilized"),
    # 003-30, 003 l.348-349 Taunted replaces Marked; "may be Taunted by multiple enemies".
    ConditionRow("marked", source="003-30, 003 l.348", label="Taunted"),
    # 003-31, 003 l.350-353 Petrified: 000's row and "Cannot Flank".
    ConditionRow("petrified", source="003-31, 003 l.350", cannot_flank=True),
    # 003-32, 003 l.354-358 Prone: "Hindered (-2 Hit)" (as Hindered, not on top of it);
    # against non-melee attacks a cover step (its +2 vs ranged is gone:
    # ``prone_ranged_defense_bonus``); its "Total Cover" is Superior Cover (docs/rulings.md R-87).
    ConditionRow(
        "prone",
        source="003-32, 003 l.356",
        attack_penalty=0,
        also_implies=("hindered",),
        cover_step_vs_non_melee=True,
    ),
    # 003-33, 003 l.359-362 Restrained: "Hindered (-2 Hit)".
    ConditionRow(
        "restrained", source="003-33, 003 l.362", attack_penalty=0, also_implies=("hindered",)
    ),
    # 003-34, 003 l.363-364 Shocked: "Cannot Flank. Cannot use Opportunity or Immediate Actions".
    ConditionRow(
        "shocked",
        source="003-34, 003 l.363",
        label="Shocked",
        cannot_flank=True,
        no_immediate_actions=True,
    ),
    # 003-35, 003 l.365 Slowed: "For each square moved, must spend an additional square of
    # movement" - the cost doubles (the movement hook), the speed is not capped at 2 (000).
    ConditionRow("slowed", source="003-35, 003 l.365", movement="normal"),
    # 003-36, 003 l.366-371 Stunned: "Cannot attack", "Cannot move" (000's row), "Can only
    # take one action per turn" (the budget, ruleset.py; 000: no actions).
    ConditionRow(
        "stunned", source="003-36, 003 l.366", actions="single_action", cannot_attack=True
    ),
    # 003-37, 003 l.372-376 Unconscious: "Helpless (+2 to be hit, enemy melee attacks gain +10
    # Crit Range)" (its -5 to defenses is gone: ``unconscious_defense_penalty``); "When
    # damaged, if the character has 1 or more remaining hit points ..., the condition ends".
    ConditionRow(
        "unconscious",
        source="003-37, 003 l.374",
        also_implies=("helpless",),
        ends_when_hurt=True,
    ),
    # 003-38, 003 l.377-379 Weakened: damage halved (000's row); "Healing granted or received
    # is halved" (received, and granted by its powers: `rules.healing.healing_received`).
    ConditionRow("weakened", source="003-38, 003 l.377", healing_received_scale=0.5),
    # 003-38, 003 l.380-382 Partially Weakened: damage and healing "reduced by 1/4".
    ConditionRow(
        "partially_weakened",
        source="003-38, 003 l.380",
        label="Partially weakened",
        damage_dealt_scale=0.75,
        healing_received_scale=0.75,
    ),
    # 003-47, 003 l.408-432 Shrouded and Hidden, good for their holder (docs/rulings.md R-35),
    # lost "After attacking", "After moving"; "Cannot make Reaction attacks" (as no immediate
    # actions, docs/rulings.md R-82). Shrouded: "Cannot be targeted by Ranged attacks, or
    # Reaction attacks", "Cannot be Charged".
    ConditionRow(
        "shrouded",
        source="003-47, 003 l.414",
        label="Shrouded",
        beneficial=True,
        untargetable_by=("ranged", "reaction", "charge"),
        no_immediate_actions=True,
        lost_on_attack_or_move=True,
    ),
    # Hidden: "Gains Advantage when attacking", "Cannot be targeted by Melee or Ranged
    # powers", nor "by a Close or Area power unless it targets a non-Hidden character";
    # "Location unknown to other characters" (not on the players' screen).
    ConditionRow(
        "hidden",
        source="003-47, 003 l.423",
        label="Hidden",
        beneficial=True,
        untargetable_by=("melee", "ranged", "reaction", "charge"),
        area_only_with_others=True,
        advantage_when_attacking=True,
        no_immediate_actions=True,
        lost_on_attack_or_move=True,
        hidden_from_players=True,
    ),
    # 003-48, 003 l.434-450: "disappears from its current position", "Does not occupy a
    # space"; Swallowed "Only has line of effect and line of sight to and from the swallower";
    # Exiled "No line of effect to and from other creatures".
    ConditionRow(
        "swallowed",
        source="003-48, 003 l.436",
        label="Swallowed",
        reaches_only_source=True,
        off_map=True,
    ),
    ConditionRow(
        "exiled", source="003-48, 003 l.446", label="Exiled", no_line_of_effect=True, off_map=True
    ),
)

SQUARE_FIREBALLS_DOWNGRADES: Final = (
    # 003-21, 003 l.318-385 the Downgrade column ("" = "No Effect"; the rows without a pair
    # say "No Downgrade": Flanked, Helpless, Taunted, Prone, Unconscious, Surprised).
    ("blinded", "dazzled"),
    ("charmed", ""),
    ("dazed", "shocked"),
    ("dazzled", ""),
    ("controlled", "charmed"),
    ("grappled", ""),
    ("hindered", ""),
    ("immobile", "slowed"),
    ("petrified", "stunned"),
    ("restrained", "grappled"),
    ("shocked", ""),
    ("slowed", ""),
    ("stunned", "dazed"),
    ("weakened", "partially_weakened"),
    ("partially_weakened", ""),
    ("swallowed", "grappled"),
    ("exiled", "grappled"),
)

SQUARE_FIREBALLS_CONDITIONS = ConditionSet(
    rows=SQUARE_FIREBALLS_ROWS,
    # 003-39, 003 l.458 "Deafened: Renamed to Dazzled": 003 has no Deafened (docs/rulings.md
    #
    absent=("deafened",),
    downgrades=SQUARE_FIREBALLS_DOWNGRADES,
    # 003-30 Taunted, 003-23 Charmed, 003-27 Grabbed: several at once.
    mark_policy=MarkPolicy.MULTIPLE,
    # 003-39, 003 l.458 "Deafened: Renamed to Dazzled": a 000 power that deafens dazzles.
    renamed=(("deafened", "dazzled"),),
)
"""003's status table (003-21..39, 003-47, 003-48)."""
