"""Powers as data (000 "Powers", "Power Description", "Targeting"), and the basic attacks.

A power is a frozen record; effects are data (damage expressions in 000's notation, conditions
with durations, forced movement, persistent damage), never subclasses per power. Stat blocks and
encounter files store powers as plain dicts (`power_dicts`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice import substitute, validate_expression
from orcus_desktop.rules.dice_values import DiceError
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.terms import DamageType, Defense
from orcus_desktop.vocabulary import AreaShape, ForcedMovementKind, Origin


class PowerCategory(StrEnum):
    """000 "Power Category and Frequency": attack or utility."""

    ATTACK = "attack"
    UTILITY = "utility"


class Frequency(StrEnum):
    """000: at-will, encounter (until a short rest) or daily (until a long rest)."""

    AT_WILL = "at_will"
    ENCOUNTER = "encounter"
    DAILY = "daily"


class PowerSource(StrEnum):
    """000 "Power Sources"."""

    ARCANE = "arcane"
    DIVINE = "divine"
    NATURAL = "natural"
    MARTIAL = "martial"


class ActionKind(StrEnum):
    """000 "Action Required": the action type a power or action takes.

    One enum for powers and the turn's budget, so a power's action type is the budget slot it
    spends with no table in between (000 "Your Turn").
    """

    STANDARD = "standard"
    MOVE = "move"
    SWIFT = "swift"
    FREE = "free"
    IMMEDIATE = "immediate"
    OPPORTUNITY = "opportunity"
    NONE = "none"


class TargetKind(StrEnum):
    """000 "Targets" (a card's wording for each: ``controller/views/power_cards.py``)."""

    ONE = "one"
    """One creature (or ``count`` creatures) chosen by the user: Melee and Ranged powers."""
    ALL = "all"
    """000 "all": every creature in the area of effect."""
    ENEMIES = "enemies"
    """000 "all enemies": only enemies in the area of effect."""
    ALLIES = "allies"
    """000 "all allies": only allies in the area (000 "Allies and Enemies": the user's choice)."""
    NEAREST_ENEMY = "nearest_enemy"
    """000 "nearest enemy": the nearest enemy in the area of effect."""
    NEAREST_ALLY = "nearest_ally"
    """000 "nearest ally": the nearest ally in the area of effect."""
    ANY = "any"
    """000 "any": one or more targets of the user's choice in the area of effect."""
    SELF = "self"
    """The user alone (a GM-resolved utility action): there is no target to choose."""


@dataclass(frozen=True, slots=True)
class Area:
    """``burst 2``, ``arc 3``, ``wall 5``."""

    type: AreaShape
    size: int


@dataclass(frozen=True, slots=True)
class PowerRange:
    """Range in squares; long range for weapons with two ranges (000 "Ranged").

    Attributes:
        normal: The range, or the normal range of a two-range weapon.
        long: The long range (-2 beyond normal); None if the power has one range.
        weapon: True when the wielded weapon's reach or range applies instead.
    """

    normal: int | None = None
    long: int | None = None
    weapon: bool = False


@dataclass(frozen=True, slots=True)
class AttackSpec:
    """The attack line: "Attack Strength vs AC".

    Attributes:
        ability: The ability whose modifier is added (PCs).
        defense: The defense attacked.
        bonus: A monster's flat attack bonus from its stat block (000 "Modifiers to the Roll":
            "When a monster makes an attack roll, it uses whatever modifier is provided in its
            stat block"); when set, ability and half level are not added again.
        extra: An untyped bonus the power itself grants.
    """

    ability: Ability | None
    defense: Defense
    bonus: int | None = None
    extra: int = 0


@dataclass(frozen=True, slots=True)
class DamageSpec:
    """Damage in 000's notation with its types: ``"2dW + Strength modifier"``, fire."""

    expression: str
    types: tuple[DamageType, ...] = ()


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """A condition an outcome imposes, and for how long."""

    condition: Condition
    duration: DurationKind = DurationKind.SAVE_ENDS


@dataclass(frozen=True, slots=True)
class PersistentSpec:
    """Persistent damage imposed: "5 persistent fire damage (save ends)" (000)."""

    amount: int
    types: tuple[DamageType, ...] = ()
    duration: DurationKind = DurationKind.SAVE_ENDS


@dataclass(frozen=True, slots=True)
class ForcedMovementSpec:
    """Push/pull/slip N squares (the geometry layer moves the token)."""

    kind: ForcedMovementKind
    squares: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a Hit, Miss or Effect line does.

    Attributes:
        damage: Damage to roll, if any.
        half_damage: Miss lines: half the damage rolled for the hit ("Miss: half damage").
        conditions: Conditions imposed.
        persistent: Persistent damage imposed.
        forced_movement: Push, pull or slip.
        temp_hp: Temporary hit points granted to the target (utility powers).
        healing_recovery: The target spends a recovery and regains its recovery value.
        text: The rest, for the GM to adjudicate.
    """

    damage: DamageSpec | None = None
    half_damage: bool = False
    conditions: tuple[ConditionSpec, ...] = ()
    persistent: tuple[PersistentSpec, ...] = ()
    forced_movement: ForcedMovementSpec | None = None
    temp_hp: int = 0
    healing_recovery: bool = False
    text: str = ""

    @property
    def empty(self) -> bool:
        return self == Outcome()


@dataclass(frozen=True, slots=True)
class Power:
    """One power as data (000 "Power Description").

    Attributes:
        name: Unique within a stat block (usage is tracked by name).
        category: Attack or utility.
        frequency: At-will, encounter or daily.
        action: The action it takes.
        origin: Melee, Ranged, Near, Far or Self.
        source: Arcane, divine, natural, martial (optional for monsters).
        level: The power's level.
        range: Range in squares (Ranged, Far, Melee reach beyond 1).
        area: Area of effect (Near and Far only).
        targets: Who it targets.
        target_count: For "one": how many creatures (1 unless "two creatures" etc.).
        attack: The attack line, if it attacks.
        hit: On a hit.
        miss: On a miss.
        effect: Regardless of the attack roll.
        crit_extra: Extra dice rolled (not maximized) on a critical hit (000 "Critical Hits").
        keywords: Tags (Weapon, Fire, Zone...); "weapon" makes it use the wielded weapon.
        trigger: For immediate and opportunity powers.
        basic: A basic attack (usable for charges and opportunity attacks).
        maintain: The action needed each turn to maintain it, if any.
    """

    name: str
    category: PowerCategory = PowerCategory.ATTACK
    frequency: Frequency = Frequency.AT_WILL
    action: ActionKind = ActionKind.STANDARD
    origin: Origin = Origin.MELEE
    source: PowerSource | None = None
    level: int = 1
    range: PowerRange = field(default_factory=PowerRange)
    area: Area | None = None
    targets: TargetKind = TargetKind.ONE
    target_count: int = 1
    attack: AttackSpec | None = None
    hit: Outcome = field(default_factory=Outcome)
    miss: Outcome = field(default_factory=Outcome)
    effect: Outcome = field(default_factory=Outcome)
    crit_extra: str | None = None
    keywords: tuple[str, ...] = ()
    trigger: str | None = None
    basic: bool = False
    maintain: ActionKind | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("power.name: must not be empty")
        if self.area is not None and not self.origin.is_area:
            raise ValueError(f"power.area: only Near and Far powers have an area ({self.name})")
        if self.origin.is_area and self.area is None:
            raise ValueError(f"power.area: a {self.origin.value} power needs an area")
        for outcome_name in ("hit", "miss", "effect"):
            outcome: Outcome = getattr(self, outcome_name)
            if outcome.damage is not None:
                _check_damage_expression(outcome.damage.expression, f"power.{outcome_name}")
        if self.crit_extra is not None:
            _check_damage_expression(self.crit_extra, "power.crit_extra")

    @property
    def uses_weapon(self) -> bool:
        """000 "Tags": a Weapon power uses the wielded weapon."""
        return "weapon" in (k.lower() for k in self.keywords)

    @property
    def limited(self) -> bool:
        """Encounter and daily powers are used up until a rest."""
        return self.frequency is not Frequency.AT_WILL


def _check_damage_expression(expression: str, field_name: str) -> None:
    try:
        text = substitute(
            expression,
            weapon_die="1d4",
            ability_modifiers={a.value: 0 for a in Ability},
        )
        validate_expression(text)
    except DiceError as exc:
        raise ValueError(f"{field_name}.damage: {exc}") from None


IMPLEMENT_RANGE = 10
"""003-49's "Implement Range" has no figure in 003: 10 squares (docs/rulings.md R-104)."""


def _basic_attack(
    name: str, origin: Origin, ability: Ability, *, doubled: bool, implement: bool = False
) -> Power:
    """A basic attack: ``ability`` vs AC, a weapon die (an implement's d6) + its modifier.

    Two dice once ``doubled``: from level 21 (000 "Basic Melee Attack", "Basic Ranged Attack";
    003 l.540-548 "Level 21: Increase Hit damage to 2d6").
    """
    count = 2 if doubled else 1
    die, keyword = ("d6", "implement") if implement else ("dW", "weapon")
    return Power(
        name=name,
        origin=origin,
        range=PowerRange(normal=IMPLEMENT_RANGE) if implement else PowerRange(weapon=True),
        attack=AttackSpec(ability, Defense.AC),
        hit=Outcome(damage=DamageSpec(f"{count}{die} + {ability.label} modifier")),
        keywords=(keyword,),
        basic=True,
    )


def basic_melee_attack(
    level: int, ruleset_doubling_level: int = 21, ability: Ability = Ability.STRENGTH
) -> Power:
    """000 "Basic Melee Attack": Strength vs AC, 1dW + Strength modifier (2dW from level 21).

    ``ability`` replaces Strength (003-49: the creature's "Primary Ability").
    """
    return _basic_attack(
        "Basic Melee Attack", Origin.MELEE, ability, doubled=level >= ruleset_doubling_level
    )


def basic_ranged_attack(
    level: int,
    *,
    heavy_thrown: bool = False,
    ruleset_doubling_level: int = 21,
    ability: Ability | None = None,
) -> Power:
    """000 "Basic Ranged Attack": Dexterity vs AC, 1dW + Dexterity modifier (2dW from level 21).

    "Heavy thrown weapons use Strength not Dexterity for the attack and damage rolls."
    ``ability``, when given, replaces both (003-49: the creature's "Primary Ability").
    """
    if ability is None:
        ability = Ability.STRENGTH if heavy_thrown else Ability.DEXTERITY
    return _basic_attack(
        "Basic Ranged Attack", Origin.RANGED, ability, doubled=level >= ruleset_doubling_level
    )


def basic_implement_attack(level: int, ruleset_doubling_level: int, ability: Ability) -> Power:
    """003-49's implement basic attack: ``ability`` vs AC, 1d6 + its modifier (2d6 from 21).

    003 l.540-548 "Ranged Basic Attack (Implement)": "Implement Range - Primary Ability vs
    Arm. Hit: 1d6+Primary Ability. Level 21: Increase Hit damage to 2d6+Primary Ability."
    """
    return _basic_attack(
        "Ranged Basic Attack (Implement)",
        Origin.RANGED,
        ability,
        doubled=level >= ruleset_doubling_level,
        implement=True,
    )


# --- 000 "Actions in Combat" that are attacks --------------------------------------------------


def grapple_power() -> Power:
    """000 "Grapple": "a Strength attack vs Reflex"; on a hit the target is grappled.

    docs/rulings.md R-06: it lasts until escape, release, separation or the grappler's
    incapacitation, so its duration is "until countered". 000: "You succeed automatically if
    the target is incapacitated" - the caller forces the hit (``forced_hits``).
    """
    return Power(
        name="Grapple",
        attack=AttackSpec(Ability.STRENGTH, Defense.REFLEX),
        hit=Outcome(conditions=(ConditionSpec(Condition.GRAPPLED, DurationKind.UNTIL_COUNTERED),)),
        keywords=("grapple",),
    )


def shove_power() -> Power:
    """The Shove action as a power.

    000 "Shove": "Strength attack vs Fortitude. Hit: You push the target 1 square and shift
    into the space it left." The shover's shift goes with the push, which the caller carries
    out at once (so it is no text left for the GM).
    """
    return Power(
        name="Shove",
        attack=AttackSpec(Ability.STRENGTH, Defense.FORTITUDE),
        hit=Outcome(forced_movement=ForcedMovementSpec(ForcedMovementKind.PUSH, 1)),
    )


def move_grappled_power() -> Power:
    """The Move a Grappled Creature action as a power.

    000 "Move a Grappled Creature": "Make a Strength attack vs the grappled creature's
    Fortitude. Hit: You can drag or carry the grappled creature with you, but your speed is
    halved." The caller moves both on a hit (so it is no text left for the GM).
    """
    return Power(
        name="Move a Grappled Creature",
        attack=AttackSpec(Ability.STRENGTH, Defense.FORTITUDE),
    )
