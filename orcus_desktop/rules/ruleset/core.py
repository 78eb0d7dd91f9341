"""The numbers, switches, tables and hook names 000 fixes: a ruleset is data plus a few hooks.

Every field cites the 000 heading it comes from, or the docs/rulings.md ruling that chose it. The
variants (docs/rulesets.md) are built from :data:`ORCUS` with ``with_changes`` in
their packages (``rules/variants/``); a ruleset is plain JSON both ways and never carries code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from orcus_desktop.geometry.cover_buckets import CoverBuckets
from orcus_desktop.rules.ruleset.codec import decode_fields, encode
from orcus_desktop.rules.ruleset.hooks import HookNames
from orcus_desktop.rules.ruleset.tables import (
    ActionEconomy,
    AidRules,
    ConditionSet,
    CoverScale,
    DashRules,
    GrappleRules,
    Labels,
    SizeWindow,
)


class DeathSaveTiming(StrEnum):
    """When a dying creature makes its death saving throw."""

    START_OF_TURN = "start_of_turn"
    END_OF_TURN = "end_of_turn"


ORCUS_SKILLS = Labels.of(
    # 000 "Using Each Ability": which ability each skill check adds.
    {"sleight of hand": "dexterity"},
    athletics="strength",
    endure="constitution",
    acrobatics="dexterity",
    stealth="dexterity",
    arcana="intelligence",
    history="intelligence",
    religion="intelligence",
    dungeoneering="wisdom",
    heal="wisdom",
    insight="wisdom",
    perception="wisdom",
    deception="charisma",
    persuasion="charisma",
    intimidate="charisma",
    streetsmarts="charisma",
)


# 000's tables (named: dataclass defaults must not be calls).
_DASH = DashRules()
_SIZES = SizeWindow()
_GRAPPLE = GrappleRules()
_AID = AidRules()
_NO_LABELS = Labels()
_ACTIONS = ActionEconomy()
_CONDITIONS = ConditionSet()
_COVER = CoverScale()
_HOOKS = HookNames()


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Parameters of the rules engine; :data:`ORCUS` is 000 with docs/rulings.md defaults.

    Attributes:
        id: Stable id stored in encounter files ("orcus").
        name: Shown to the GM.
        version: Raised when a change of the ruleset would change a saved fight.
        source: The seed file it comes from ("000").
        description: One or two sentences for the ruleset picker.
        experimental: Incomplete: some of its mechanics are not built yet.
        combat_advantage_bonus: 000 "Combat Advantage": +2 to attack rolls.
        concealment_penalty: 000 "Concealment": -2.
        total_concealment_penalty: 000 "Concealment": total concealment, -5.
        concealment_applies_to_areas: 000: "Concealment penalties do not apply to Near or Far".
        long_range_penalty: 000 "Ranged": -2 beyond normal range.
        prone_attack_penalty: 000 "Prone": -2 to attack rolls.
        restrained_attack_penalty: 000 "Restrained": -2 penalty to attack rolls.
        marked_attack_penalty: 000 "Marked": -2 unless the marker is a target.
        charge_attack_bonus: 000 "Charge": +1 bonus on the attack roll.
        charge_ends_actions: 000 "Charge" does not end the turn (004-13 does).
        opportunity_modifier: An opportunity attack adds the attacker's stat-block
            Opportunity Modifier to its attack roll (003-19, 003 l.249); 000 has none.
        charge_min_squares: 000 "Charge": "You must move at least 2 squares".
        hindering_maneuvers: The maneuvers that leave their maker Hindered this turn: none in
            000; 003-41 "charge" (and no more moving), 003-42 "shift_away", "stand_up".
        near_burst_user_per_targets: docs/rulings.md R-09: the user is affected
            when the targets include it; False: never (004-07).
        flanking_melee_only: docs/rulings.md R-07: combat advantage for melee attacks.
        prone_ranged_bonus_vs_adjacent: 000 "Prone": the +2 vs ranged is lost to adjacent
            attackers (False); 004-33 keeps it.
        dash: 000 "Dash (move action)".
        squeeze_attack_penalty: 000 "Squeeze": "-5 penalty to attacks".
        squeeze_grants_combat_advantage: 000 "Squeeze": "you grant combat advantage".
        shove_size_window: 000 "Shove": "no more than one size larger".
        grapple: 000 "Grapple (standard action)".
        ammunition_per_target: Every attack with ammunition needs a piece per target (000:
            only area attacks with ranged weapons).
        aid: 000 "Help Attack", "Help Defense", "Aid Another".
        escalation_start_round: 003's escalation die (None: no escalation die).
        escalation_max: Its highest value (None: no limit).
        skills: Skill -> ability id (000 "Using Each Ability").
        action_labels: A ruleset's names for action kinds and actions (002 "minor").
        defense_labels: Its names for the defenses (004 "Defense" for AC).
        term_labels: Its names for other terms (004 "battle superiority").
        actions: D1, the action economy.
        conditions: D2, the condition set (changes to 000's condition table).
        cover: D3, the cover scale.
        hooks: The named hooks (procedures) it uses.
        total_defense_bonus: 000 "Total Defense": +2 to all defenses.
        rally_defense_bonus: 000 "Rally": +2 to all defenses.
        prone_ranged_defense_bonus: 000 "Prone": +2 defenses vs non-adjacent ranged attacks.
        unconscious_defense_penalty: 000 "Unconscious": -5 to all defenses.
        clumsy_penalty: 000 "Flying Movement": clumsy, -4 to attack rolls and defences.
        perception_penalty_blind_deaf: 000 "Blinded"/"Deafened": -10 to Perception.
        petrified_resist_all: 000 "Petrified": resistance to all 20.
        defense_base: Base of a computed PC defense (000 is silent; the 4e convention 10).
        save_target: 000 "Saving Throws": 10 or higher succeeds.
        death_save_target: 000 "Death Saving Throws": 10 or higher succeeds.
        death_save_failures_to_die: 000: "On your third failure, you die."
        death_save_recovery_roll: 000: "roll 20 or higher ... you can spend a recovery".
        death_save_timing: docs/rulings.md R-03 -> start of turn.
        natural_20_hits: 000 "Rolling 1 or 20".
        natural_1_misses: 000 "Rolling 1 or 20".
        crit_needs_hit_without_natural_20: 000: a critical hit only if it "would have hit even if
            it weren't for this special rule".
        instant_death: 000 "Instant Death" at minus the staggered value.
        negative_hp: False selects 000 "Variant: No Negative HP".
        monsters_die_at_zero: 000 "Monsters and Death": most monsters die at 0 HP.
        minimum_halved_damage: docs/rulings.md R-04 -> halving never takes a positive
            damage roll below 1.
        staggered_divisor: 000 "Staggered": half maximum hit points.
        recovery_divisor: 000 "Recoveries": recovery value is a quarter of maximum HP.
        level_bonus_divisor: 000 "Level Bonus": half the level.
        basic_attack_doubling_level: 000 "Basic Attack": 2dW from level 21.
        basic_weapon_abilities: Ability values a weapon basic attack picks its attack and
            damage ability from (the creature's highest); empty: 000 "Basic Attack" (Strength
            melee, Dexterity ranged, Strength heavy thrown). 003-49 "Primary Ability".
        basic_implement_abilities: Ability values the implement basic attack picks from (the
            creature's highest); empty: there is none (000). 003-49.
        rally_once_per_encounter: 000 "Rally": "once an encounter".
        regeneration_stacks: 000 "Regeneration": "receive the highest value (do not sum them)".
        persistent_same_type_highest_only: 000 is silent on two persistent damages of one type;
            False applies each ("take any persistent damage you are subject to").
    """

    id: str = "orcus"
    name: str = "Orcus (000)"
    version: int = 1
    source: str = "000"
    description: str = "The Orcus rulebook with the docs/rulings.md defaults."
    experimental: bool = False
    combat_advantage_bonus: int = 2
    concealment_penalty: int = -2
    total_concealment_penalty: int = -5
    concealment_applies_to_areas: bool = False
    long_range_penalty: int = -2
    prone_attack_penalty: int = -2
    restrained_attack_penalty: int = -2
    marked_attack_penalty: int = -2
    charge_attack_bonus: int = 1
    charge_ends_actions: bool = False
    opportunity_modifier: bool = False
    charge_min_squares: int = 2
    hindering_maneuvers: tuple[str, ...] = ()
    near_burst_user_per_targets: bool = True
    flanking_melee_only: bool = True
    prone_ranged_bonus_vs_adjacent: bool = False
    dash: DashRules = _DASH
    squeeze_attack_penalty: int = -5
    squeeze_grants_combat_advantage: bool = True
    shove_size_window: SizeWindow = _SIZES
    grapple: GrappleRules = _GRAPPLE
    ammunition_per_target: bool = False
    aid: AidRules = _AID
    total_defense_bonus: int = 2
    rally_defense_bonus: int = 2
    prone_ranged_defense_bonus: int = 2
    unconscious_defense_penalty: int = -5
    clumsy_penalty: int = -4
    perception_penalty_blind_deaf: int = -10
    petrified_resist_all: int = 20
    defense_base: int = 10
    save_target: int = 10
    death_save_target: int = 10
    death_save_failures_to_die: int = 3
    death_save_recovery_roll: int = 20
    death_save_timing: DeathSaveTiming = DeathSaveTiming.START_OF_TURN
    natural_20_hits: bool = True
    natural_1_misses: bool = True
    crit_needs_hit_without_natural_20: bool = True
    instant_death: bool = True
    negative_hp: bool = True
    monsters_die_at_zero: bool = True
    minimum_halved_damage: int = 1
    staggered_divisor: int = 2
    recovery_divisor: int = 4
    level_bonus_divisor: int = 2
    basic_attack_doubling_level: int = 21
    basic_weapon_abilities: tuple[str, ...] = ()
    basic_implement_abilities: tuple[str, ...] = ()
    rally_once_per_encounter: bool = True
    regeneration_stacks: bool = False
    persistent_same_type_highest_only: bool = False
    escalation_start_round: int | None = None
    escalation_max: int | None = None
    skills: Labels = ORCUS_SKILLS
    action_labels: Labels = _NO_LABELS
    defense_labels: Labels = _NO_LABELS
    term_labels: Labels = _NO_LABELS
    actions: ActionEconomy = _ACTIONS
    conditions: ConditionSet = _CONDITIONS
    cover: CoverScale = _COVER
    hooks: HookNames = _HOOKS

    def with_changes(self, **changes: object) -> Ruleset:
        """A copy with some fields changed (how variants are built from :data:`ORCUS`)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """The ruleset as plain JSON data (every field; enums as values, tables as objects)."""
        data = encode(self)
        assert isinstance(data, dict)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Ruleset:
        """Read :meth:`to_dict` output; missing fields keep 000's defaults.

        Raises:
            ValueError: Unknown field or a value of the wrong type, naming the field.
        """
        try:
            return decode_fields(cls, data, "ruleset")
        except TypeError as exc:  # a table's own check of its values
            raise ValueError(f"ruleset: {exc}") from None

    @property
    def half_cover_penalty(self) -> int:
        """000 "Cover": half cover, -2 (the scale's first level)."""
        return self.cover.level(1).modifier

    @property
    def three_quarters_cover_penalty(self) -> int:
        """000 "Cover": three-quarters cover, -5 (the scale's second level)."""
        return self.cover.level(2).modifier

    def label(self, key: str) -> str:
        """The ruleset's name for a term, the one lookup the panels and the log use.

        ``key`` is a cover degree ("half", "three_quarters": the cover scale's labels), an
        action kind or action ("swift" -> 002 "minor"), a defense ("ac" -> 004 "Defense"),
        a condition ("restrained" -> 004 "Snared") or another term ("combat_advantage" ->
        004 "battle superiority"); otherwise the key with spaces.
        """
        level = self.cover.level_of(key)
        if level is not None:
            return level.label
        for table in (self.action_labels, self.defense_labels, self.term_labels):
            found = table.get(key)
            if found:
                return found
        return self.conditions.label(key, key.replace("_", " "))

    def cover_buckets(self) -> CoverBuckets:
        """The thresholds and degrees the map buckets hidden shares by (D3)."""
        return self.cover.buckets()

    def action_label(self, action: str) -> str:
        """The ruleset's name for an action kind or action id (002: "swift" -> "minor")."""
        return self.action_labels.get(action, action.replace("_", " "))

    def condition_label(self, condition: str) -> str:
        """The ruleset's name for a condition id (004: "restrained" -> "Snared")."""
        return self.conditions.label(condition, condition.replace("_", " ").capitalize())

    def staggered_value(self, max_hp: int) -> int:
        """000 "Staggered": half maximum hit points, rounded down."""
        return max_hp // self.staggered_divisor

    def recovery_value(self, max_hp: int) -> int:
        """000 "Recoveries": one-quarter of maximum HP, rounded down."""
        return max_hp // self.recovery_divisor

    def level_bonus(self, level: int) -> int:
        """000 "Level Bonus": half the level, rounded down."""
        return level // self.level_bonus_divisor


ORCUS = Ruleset()
"""000 as written, with the docs/rulings.md defaults."""

ORCUS_NO_NEGATIVE_HP = ORCUS.with_changes(
    id="orcus-no-negative-hp", name="Orcus, no negative HP", negative_hp=False
)
"""000 "Variant: No Negative HP"."""
