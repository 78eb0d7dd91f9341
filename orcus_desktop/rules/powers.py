"""Powers as data (000 "Powers", "Power Description", "Targeting"), and the basic attacks.

A power is a frozen record; effects are data (damage expressions in 000's notation, conditions
with durations, forced movement, persistent damage), never subclasses per power. Stat blocks and
encounter files store powers with :func:`power_to_dict` / :func:`power_from_dict`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from orcus_desktop.rules.abilities import Ability, parse_ability
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice import DiceError, substitute, validate_expression
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.terms import DamageType, Defense, parse_enum
from orcus_desktop.rules.validation import (
    as_bool,
    as_int,
    as_list,
    as_map,
    as_opt_int,
    as_opt_str,
    as_str,
    check_keys,
)
from orcus_desktop.vocabulary import Origin


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


class AreaType(StrEnum):
    """000 "Areas of effect"."""

    BURST = "burst"
    ARC = "arc"
    WALL = "wall"


class TargetKind(StrEnum):
    """000 "Targets"."""

    ONE = "one"
    """One creature (or ``count`` creatures) chosen by the user: Melee and Ranged powers."""
    ALL = "all"
    ENEMIES = "enemies"
    ALLIES = "allies"
    NEAREST_ENEMY = "nearest_enemy"
    NEAREST_ALLY = "nearest_ally"
    ANY = "any"
    SELF = "self"


class ForcedMovementKind(StrEnum):
    """000 "Unwilling Movement"."""

    PUSH = "push"
    PULL = "pull"
    SLIP = "slip"


@dataclass(frozen=True, slots=True)
class Area:
    """``burst 2``, ``arc 3``, ``wall 5``."""

    type: AreaType
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


def basic_melee_attack(level: int, ruleset_doubling_level: int = 21) -> Power:
    """000 "Basic Melee Attack": Strength vs AC, 1dW + Strength modifier (2dW from level 21)."""
    count = 2 if level >= ruleset_doubling_level else 1
    return Power(
        name="Basic Melee Attack",
        origin=Origin.MELEE,
        range=PowerRange(weapon=True),
        attack=AttackSpec(Ability.STRENGTH, Defense.AC),
        hit=Outcome(damage=DamageSpec(f"{count}dW + Strength modifier")),
        keywords=("weapon",),
        basic=True,
    )


def basic_ranged_attack(
    level: int, *, heavy_thrown: bool = False, ruleset_doubling_level: int = 21
) -> Power:
    """000 "Basic Ranged Attack": Dexterity vs AC, 1dW + Dexterity modifier (2dW from level 21).

    "Heavy thrown weapons use Strength not Dexterity for the attack and damage rolls."
    """
    count = 2 if level >= ruleset_doubling_level else 1
    ability = Ability.STRENGTH if heavy_thrown else Ability.DEXTERITY
    return Power(
        name="Basic Ranged Attack",
        origin=Origin.RANGED,
        range=PowerRange(weapon=True),
        attack=AttackSpec(ability, Defense.AC),
        hit=Outcome(damage=DamageSpec(f"{count}dW + {ability.label} modifier")),
        keywords=("weapon",),
        basic=True,
    )


# --- plain dicts -----------------------------------------------------------------------------


def _outcome_to_dict(outcome: Outcome) -> dict[str, object]:
    data: dict[str, object] = {}
    if outcome.damage is not None:
        data["damage"] = outcome.damage.expression
        if outcome.damage.types:
            data["damage_types"] = [t.value for t in outcome.damage.types]
    if outcome.half_damage:
        data["half_damage"] = True
    if outcome.conditions:
        data["conditions"] = [
            {"condition": c.condition.value, "duration": c.duration.value}
            for c in outcome.conditions
        ]
    if outcome.persistent:
        data["persistent"] = [
            {"amount": p.amount, "types": [t.value for t in p.types], "duration": p.duration.value}
            for p in outcome.persistent
        ]
    if outcome.forced_movement is not None:
        data["forced_movement"] = {
            "kind": outcome.forced_movement.kind.value,
            "squares": outcome.forced_movement.squares,
        }
    if outcome.temp_hp:
        data["temp_hp"] = outcome.temp_hp
    if outcome.healing_recovery:
        data["healing_recovery"] = True
    if outcome.text:
        data["text"] = outcome.text
    return data


_OUTCOME_KEYS = {
    "damage",
    "damage_types",
    "half_damage",
    "conditions",
    "persistent",
    "forced_movement",
    "temp_hp",
    "healing_recovery",
    "text",
}


def _damage_types(raw: object, field_name: str) -> tuple[DamageType, ...]:
    return tuple(parse_enum(DamageType, t, field_name) for t in as_list(raw, field_name))


def _outcome_from_dict(raw: object, where: str) -> Outcome:
    data = as_map(raw, where)
    check_keys(data, _OUTCOME_KEYS, where)
    damage = None
    if "damage" in data:
        damage = DamageSpec(
            as_str(data["damage"], f"{where}.damage", allow_empty=False),
            _damage_types(data.get("damage_types", []), f"{where}.damage_types"),
        )
    conditions = []
    for i, item in enumerate(as_list(data.get("conditions", []), f"{where}.conditions")):
        entry = as_map(item, f"{where}.conditions[{i}]")
        conditions.append(
            ConditionSpec(
                parse_enum(Condition, entry.get("condition"), f"{where}.conditions[{i}]"),
                parse_enum(
                    DurationKind,
                    entry.get("duration", "save_ends"),
                    f"{where}.conditions[{i}].duration",
                ),
            )
        )
    persistent = []
    for i, item in enumerate(as_list(data.get("persistent", []), f"{where}.persistent")):
        entry = as_map(item, f"{where}.persistent[{i}]")
        persistent.append(
            PersistentSpec(
                as_int(entry.get("amount"), f"{where}.persistent[{i}].amount", minimum=1),
                _damage_types(entry.get("types", []), f"{where}.persistent[{i}].types"),
                parse_enum(
                    DurationKind,
                    entry.get("duration", "save_ends"),
                    f"{where}.persistent[{i}].duration",
                ),
            )
        )
    forced = None
    if "forced_movement" in data:
        entry = as_map(data["forced_movement"], f"{where}.forced_movement")
        forced = ForcedMovementSpec(
            parse_enum(ForcedMovementKind, entry.get("kind"), f"{where}.forced_movement.kind"),
            as_int(entry.get("squares"), f"{where}.forced_movement.squares", minimum=1),
        )
    return Outcome(
        damage=damage,
        half_damage=as_bool(data.get("half_damage", False), f"{where}.half_damage"),
        conditions=tuple(conditions),
        persistent=tuple(persistent),
        forced_movement=forced,
        temp_hp=as_int(data.get("temp_hp", 0), f"{where}.temp_hp", minimum=0),
        healing_recovery=as_bool(data.get("healing_recovery", False), f"{where}.healing_recovery"),
        text=as_str(data.get("text", ""), f"{where}.text"),
    )


def power_to_dict(power: Power) -> dict[str, object]:
    """A power as a JSON-ready dict (defaults omitted)."""
    data: dict[str, object] = {
        "name": power.name,
        "category": power.category.value,
        "frequency": power.frequency.value,
        "action": power.action.value,
        "origin": power.origin.value,
    }
    if power.source is not None:
        data["source"] = power.source.value
    if power.level != 1:
        data["level"] = power.level
    rng = power.range
    if rng != PowerRange():
        data["range"] = {
            k: v
            for k, v in (("normal", rng.normal), ("long", rng.long), ("weapon", rng.weapon))
            if v not in (None, False)
        }
    if power.area is not None:
        data["area"] = {"type": power.area.type.value, "size": power.area.size}
    data["targets"] = power.targets.value
    if power.target_count != 1:
        data["target_count"] = power.target_count
    if power.attack is not None:
        attack: dict[str, object] = {"defense": power.attack.defense.value}
        if power.attack.ability is not None:
            attack["ability"] = power.attack.ability.value
        if power.attack.bonus is not None:
            attack["bonus"] = power.attack.bonus
        if power.attack.extra:
            attack["extra"] = power.attack.extra
        data["attack"] = attack
    for name in ("hit", "miss", "effect"):
        outcome = _outcome_to_dict(getattr(power, name))
        if outcome:
            data[name] = outcome
    if power.crit_extra is not None:
        data["crit_extra"] = power.crit_extra
    if power.keywords:
        data["keywords"] = list(power.keywords)
    if power.trigger is not None:
        data["trigger"] = power.trigger
    if power.basic:
        data["basic"] = True
    if power.maintain is not None:
        data["maintain"] = power.maintain.value
    return data


_POWER_KEYS = {
    "name",
    "category",
    "frequency",
    "action",
    "origin",
    "source",
    "level",
    "range",
    "area",
    "targets",
    "target_count",
    "attack",
    "hit",
    "miss",
    "effect",
    "crit_extra",
    "keywords",
    "trigger",
    "basic",
    "maintain",
}


def power_from_dict(raw: Mapping[str, object], where: str = "power") -> Power:
    """Read a power written by :func:`power_to_dict` (or by hand).

    Raises:
        ValueError: A one-line message naming the offending field.
    """
    data = as_map(raw, where)
    check_keys(data, _POWER_KEYS, where)
    name = as_str(data.get("name"), f"{where}.name", allow_empty=False)
    where = f"{where} {name!r}"
    range_data = as_map(data.get("range", {}), f"{where}.range")
    check_keys(range_data, {"normal", "long", "weapon"}, f"{where}.range")
    area = None
    if "area" in data:
        area_data = as_map(data["area"], f"{where}.area")
        area = Area(
            parse_enum(AreaType, area_data.get("type"), f"{where}.area.type"),
            as_int(area_data.get("size"), f"{where}.area.size", minimum=1),
        )
    attack = None
    if "attack" in data:
        attack_data = as_map(data["attack"], f"{where}.attack")
        check_keys(attack_data, {"ability", "defense", "bonus", "extra"}, f"{where}.attack")
        ability_raw = as_opt_str(attack_data.get("ability"), f"{where}.attack.ability")
        try:
            ability = parse_ability(ability_raw) if ability_raw is not None else None
        except ValueError as exc:
            raise ValueError(f"{where}.attack.ability: {exc}") from None
        bonus = as_opt_int(attack_data.get("bonus"), f"{where}.attack.bonus")
        if ability is None and bonus is None:
            raise ValueError(f"{where}.attack: needs an ability or a flat bonus")
        attack = AttackSpec(
            ability=ability,
            defense=parse_enum(Defense, attack_data.get("defense"), f"{where}.attack.defense"),
            bonus=bonus,
            extra=as_int(attack_data.get("extra", 0), f"{where}.attack.extra"),
        )
    maintain_raw = data.get("maintain")
    try:
        return Power(
            name=name,
            category=parse_enum(
                PowerCategory, data.get("category", "attack"), f"{where}.category"
            ),
            frequency=parse_enum(
                Frequency, data.get("frequency", "at_will"), f"{where}.frequency"
            ),
            action=parse_enum(ActionKind, data.get("action", "standard"), f"{where}.action"),
            origin=parse_enum(Origin, data.get("origin", "melee"), f"{where}.origin"),
            source=(
                parse_enum(PowerSource, data["source"], f"{where}.source")
                if data.get("source") is not None
                else None
            ),
            level=as_int(data.get("level", 1), f"{where}.level", minimum=1),
            range=PowerRange(
                normal=as_opt_int(range_data.get("normal"), f"{where}.range.normal", minimum=0),
                long=as_opt_int(range_data.get("long"), f"{where}.range.long", minimum=0),
                weapon=as_bool(range_data.get("weapon", False), f"{where}.range.weapon"),
            ),
            area=area,
            targets=parse_enum(TargetKind, data.get("targets", "one"), f"{where}.targets"),
            target_count=as_int(data.get("target_count", 1), f"{where}.target_count", minimum=1),
            attack=attack,
            hit=_outcome_from_dict(data.get("hit", {}), f"{where}.hit"),
            miss=_outcome_from_dict(data.get("miss", {}), f"{where}.miss"),
            effect=_outcome_from_dict(data.get("effect", {}), f"{where}.effect"),
            crit_extra=as_opt_str(data.get("crit_extra"), f"{where}.crit_extra"),
            keywords=tuple(
                as_str(k, f"{where}.keywords")
                for k in as_list(data.get("keywords", []), f"{where}.keywords")
            ),
            trigger=as_opt_str(data.get("trigger"), f"{where}.trigger"),
            basic=as_bool(data.get("basic", False), f"{where}.basic"),
            maintain=(
                parse_enum(ActionKind, maintain_raw, f"{where}.maintain")
                if maintain_raw is not None
                else None
            ),
        )
    except ValueError as exc:
        message = str(exc)
        if message.startswith("power."):
            # Errors raised by Power itself name "power.<field>": point at this power instead.
            message = where + message[len("power") :]
        raise ValueError(message if message.startswith(where) else f"{where}: {message}") from None


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
