"""The numbers and switches 000 fixes, gathered so variant rulesets are data plus a few hooks.

Every field cites the 000 heading it comes from, or the docs/rulings.md ruling that chose it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum


class DeathSaveTiming(StrEnum):
    """When a dying creature makes its death saving throw."""

    START_OF_TURN = "start_of_turn"
    END_OF_TURN = "end_of_turn"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Parameters of the rules engine; :data:`ORCUS` is 000 with docs/rulings.md defaults.

    Attributes:
        name: Shown to the GM.
        combat_advantage_bonus: 000 "Combat Advantage": +2 to attack rolls.
        half_cover_penalty: 000 "Cover": half cover, -2.
        three_quarters_cover_penalty: 000 "Cover": three-quarters cover, -5.
        concealment_penalty: 000 "Concealment": -2.
        total_concealment_penalty: 000 "Concealment": total concealment, -5.
        concealment_applies_to_areas: 000: "Concealment penalties do not apply to Near or Far".
        long_range_penalty: 000 "Ranged": -2 beyond normal range.
        prone_attack_penalty: 000 "Prone": -2 to attack rolls.
        restrained_attack_penalty: 000 "Restrained": -2 penalty to attack rolls.
        marked_attack_penalty: 000 "Marked": -2 unless the marker is a target.
        charge_attack_bonus: 000 "Charge": +1 bonus on the attack roll.
        dash_squeeze_attack_penalty: 000 "Dash"/"Squeeze": -5 penalty to attacks.
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
        rally_once_per_encounter: 000 "Rally": "once an encounter".
        regeneration_stacks: 000 "Regeneration": "receive the highest value (do not sum them)".
        persistent_same_type_highest_only: 000 is silent on two persistent damages of one type;
            False applies each ("take any persistent damage you are subject to").
    """

    name: str = "Orcus (000)"
    combat_advantage_bonus: int = 2
    half_cover_penalty: int = -2
    three_quarters_cover_penalty: int = -5
    concealment_penalty: int = -2
    total_concealment_penalty: int = -5
    concealment_applies_to_areas: bool = False
    long_range_penalty: int = -2
    prone_attack_penalty: int = -2
    restrained_attack_penalty: int = -2
    marked_attack_penalty: int = -2
    charge_attack_bonus: int = 1
    dash_squeeze_attack_penalty: int = -5
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
    rally_once_per_encounter: bool = True
    regeneration_stacks: bool = False
    persistent_same_type_highest_only: bool = False

    def with_changes(self, **changes: object) -> Ruleset:
        """A copy with some fields changed (how variants are built from :data:`ORCUS`)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """The ruleset as plain JSON data (every field; enums as their values)."""
        return {
            name: (value.value if isinstance(value, StrEnum) else value)
            for name in self.__dataclass_fields__
            for value in (getattr(self, name),)
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Ruleset:
        """Read :meth:`to_dict` output; missing fields keep 000's defaults.

        Raises:
            ValueError: Unknown field or a value of the wrong type, naming the field.
        """
        fields = cls.__dataclass_fields__
        changes: dict[str, object] = {}
        default = cls()
        for name, raw in data.items():
            if name not in fields:
                raise ValueError(f"ruleset: unknown field {name!r}")
            current = getattr(default, name)
            if isinstance(current, DeathSaveTiming):
                try:
                    changes[name] = DeathSaveTiming(str(raw))
                except ValueError:
                    raise ValueError(f"ruleset.{name}: unknown value {raw!r}") from None
            elif type(raw) is not type(current):
                raise ValueError(f"ruleset.{name}: expected {type(current).__name__}, got {raw!r}")
            else:
                changes[name] = raw
        return default.with_changes(**changes)

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

ORCUS_NO_NEGATIVE_HP = ORCUS.with_changes(name="Orcus, no negative HP", negative_hp=False)
"""000 "Variant: No Negative HP"."""
