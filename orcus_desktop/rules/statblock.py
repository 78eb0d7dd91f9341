"""Creature stat blocks: level, abilities, defenses, hit points, speeds, size, senses, resistances.

From 000 "Abilities", "Levels", "Hit Points", "Speed", "Creature Size", "Vision and Light",
"Damage Resistance and Vulnerability" and "Regeneration".

A stat block is the creature as written (the library entry); what changes in a fight lives in
:class:`orcus_desktop.rules.state.CreatureState`. Encounter files store stat blocks with
:func:`statblock_to_dict` / :func:`statblock_from_dict`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from orcus_desktop.geometry.grid import Size
from orcus_desktop.rules.abilities import Ability, AbilityScores
from orcus_desktop.rules.basic_attacks import basic_attacks
from orcus_desktop.rules.dice import weapon_dice
from orcus_desktop.rules.dice_values import DiceError
from orcus_desktop.rules.limits import MAX_LEVEL, MAX_NAME_CHARS, MAX_SPEED, MAX_STAT
from orcus_desktop.rules.modifiers import Modifier, ModifierType, ResolvedValue, resolve
from orcus_desktop.rules.power_dicts import power_from_dict, power_to_dict
from orcus_desktop.rules.powers import (
    Power,
)
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.terms import ALL_DAMAGE, DamageType, Defense, parse_enum
from orcus_desktop.rules.validation import (
    as_bool,
    as_int,
    as_list,
    as_map,
    as_opt_int,
    as_str,
    check_keys,
)


class Role(StrEnum):
    """Player character, or a monster's weight class (000; 002 for elites and solos)."""

    PC = "pc"
    MONSTER = "monster"
    ELITE = "elite"
    SOLO = "solo"


class Side(StrEnum):
    """Which side a creature fights on; powers still choose allies per use (000)."""

    HEROES = "heroes"
    MONSTERS = "monsters"
    NEUTRAL = "neutral"


class Sense(StrEnum):
    """000 "Vision and Light" special senses."""

    DARKVISION = "darkvision"
    BLINDSIGHT = "blindsight"
    TREMORSENSE = "tremorsense"
    TRUESIGHT = "truesight"


class MovementMode(StrEnum):
    """000 "Movement and Position": walking, flying, climbing, swimming (and burrowing)."""

    WALK = "walk"
    FLY = "fly"
    CLIMB = "climb"
    SWIM = "swim"
    BURROW = "burrow"


DEFAULT_HANDS = 2
"""001-34: a creature's hands when its stat block names none (the usual two)."""
MOST_HANDS = 99
"""001-34: the most hands a stat block may name (the file reader and the creature editor)."""


@dataclass(frozen=True, slots=True)
class Speed:
    """A speed in squares; ``hover`` for fliers that hover (000 "Flying Movement")."""

    mode: MovementMode
    squares: int
    hover: bool = False


@dataclass(frozen=True, slots=True)
class SenseRange:
    """A special sense and its radius in squares (None: unlimited, as darkvision)."""

    sense: Sense
    range_squares: int | None = None


@dataclass(frozen=True, slots=True)
class Defenses:
    """The four defenses as the stat block gives them."""

    ac: int
    fortitude: int
    reflex: int
    will: int

    def get(self, defense: Defense) -> int:
        value: int = getattr(self, defense.value)
        return value


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon the creature wields (000 "dW", "Proficiency Bonus", "Ranged").

    Attributes:
        name: "Longsword".
        die: The weapon die, ``"1d10"``.
        proficiency: Proficiency bonus added to attack rolls when proficient (0 if not).
        enhancement: Enhancement bonus to attack and damage rolls (magic weapons).
        normal_range: For ranged and thrown weapons.
        long_range: The long range; beyond normal range attacks take -2.
        heavy_thrown: 000: heavy thrown weapons use Strength for ranged basic attacks.
    """

    name: str
    die: str
    proficiency: int = 0
    enhancement: int = 0
    normal_range: int | None = None
    long_range: int | None = None
    heavy_thrown: bool = False

    def __post_init__(self) -> None:
        try:
            weapon_dice(1, self.die)
        except DiceError as exc:
            raise ValueError(f"weapon {self.name!r}.die: {exc}") from None

    @property
    def ranged(self) -> bool:
        return self.normal_range is not None


UNARMED_STRIKE = Weapon("Unarmed strike", "1d4")
"""What a creature strikes with when it holds no melee weapon (docs/rulings.md R-120).

000 l.507 "You need a weapon (or an unarmed strike) to use a Weapon power": the Basic Melee
Attack ("Melee weapon") is everyone's. 000 gives the strike no die: 1d4 and no proficiency
bonus (R-120); 004 l.397 "unarmed attacks are weapons", 001 l.238 "or an is Unarmed".
"""


@dataclass(frozen=True, slots=True)
class StatBlock:
    """A creature as written.

    Attributes:
        name: Display name.
        level: 1 to 30 for PCs; monsters may go beyond.
        role: PC, monster, elite or solo.
        side: Heroes, monsters or neutral.
        abilities: The six ability scores.
        defenses: AC, Fortitude, Reflex, Will as written (docs/rulings.md R-01 — Wis/Cha feed
            Will; see :func:`pc_defenses` to compute them).
        max_hp: Maximum hit points.
        recoveries: Recoveries per day (000 "Recoveries"); monsters usually 0.
        speeds: Speeds by movement mode; the first walk speed is "the" speed.
        size: Size category (its space comes from geometry).
        reach: Melee reach in squares (000 "Melee": tiny creatures 0, most 1).
        senses: Darkvision, blindsight, tremorsense, truesight.
        resistances: (damage type or "all", amount).
        vulnerabilities: (damage type or "all", amount).
        regeneration: HP healed at the start of each turn (000 "Regeneration").
        action_points: Action points at the start of an encounter (docs/rulings.md R-19 —
            monsters only if the stat block says so).
        initiative_bonus: Other initiative modifiers (docs/rulings.md R-18).
        weapons: Weapons wielded; the first is used unless the caller picks another.
        powers: The creature's powers (basic attacks are added by :func:`basic_attacks`).
        uses_death_saves: Falls unconscious and makes death saves at 0 HP instead of dying.
            None: PCs yes, monsters per the ruleset (000 "Monsters and Death").
        clumsy_on_ground: 000 "Flying Movement": -4 to attacks and defences on the ground.
        clumsy_in_air: -4 to attacks and defences while flying.
        keywords: Free descriptors ("humanoid", "beast").
        rulesets: Ids of the rulesets the creature was built for (empty: any); a tag for
            the GM's library (issue 17), checked against the known rulesets there.
        notes: Anything else, for the GM.
        hands: Hands: how many ready items it may hold (001-34, 001 l.330).
        implement: The GM marks it as wielding an implement (a staff, a wand, a holy symbol);
            one with an Implement power wields one anyway (003-49, docs/rulings.md R-104).
        opportunity_modifier: Added to its opportunity attacks' attack rolls where the
            ruleset has one (003-19, 003 l.249 "adding your Opportunity Modifier").
    """

    name: str
    level: int
    role: Role
    side: Side
    abilities: AbilityScores
    defenses: Defenses
    max_hp: int
    recoveries: int = 0
    speeds: tuple[Speed, ...] = (Speed(MovementMode.WALK, 6),)
    size: Size = Size.MEDIUM
    reach: int = 1
    senses: tuple[SenseRange, ...] = ()
    resistances: tuple[tuple[str, int], ...] = ()
    vulnerabilities: tuple[tuple[str, int], ...] = ()
    regeneration: int = 0
    action_points: int = 0
    initiative_bonus: int = 0
    weapons: tuple[Weapon, ...] = ()
    powers: tuple[Power, ...] = ()
    uses_death_saves: bool | None = None
    clumsy_on_ground: bool = False
    clumsy_in_air: bool = False
    keywords: tuple[str, ...] = ()
    rulesets: tuple[str, ...] = ()
    hands: int = DEFAULT_HANDS
    implement: bool = False
    opportunity_modifier: int = 0
    notes: str = field(default="", compare=True)

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("statblock.name: must not be empty")
        if self.level < 1:
            raise ValueError(f"statblock.level: expected at least 1, got {self.level}")
        if self.max_hp < 1:
            raise ValueError(f"statblock.max_hp: expected at least 1, got {self.max_hp}")
        names = [p.name for p in self.powers]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"statblock.powers: two powers named {duplicates[0]!r}")
        for label, pairs in (
            ("resistances", self.resistances),
            ("vulnerabilities", self.vulnerabilities),
        ):
            for key, amount in pairs:
                if key != ALL_DAMAGE and key not in DamageType.__members__.values():
                    raise ValueError(f"statblock.{label}: unknown damage type {key!r}")
                if amount < 0:
                    raise ValueError(f"statblock.{label}.{key}: must not be negative")

    @property
    def is_pc(self) -> bool:
        return self.role is Role.PC

    @property
    def speed(self) -> int:
        """The walking speed (000 "Speed"); 0 if the creature cannot walk."""
        return next((s.squares for s in self.speeds if s.mode is MovementMode.WALK), 0)

    def staggered_value(self, ruleset: Ruleset) -> int:
        """000 "Staggered": half maximum HP."""
        return ruleset.staggered_value(self.max_hp)

    def recovery_value(self, ruleset: Ruleset) -> int:
        """000 "Recoveries": a quarter of maximum HP."""
        return ruleset.recovery_value(self.max_hp)

    def level_bonus(self, ruleset: Ruleset) -> int:
        return ruleset.level_bonus(self.level)

    def falls_unconscious_at_zero(self, ruleset: Ruleset) -> bool:
        """PCs fall unconscious and make death saves; monsters die unless marked otherwise.

        000 "Monsters and Death": "Most GMs have a monster die the instant it drops to 0 hit
        points"; "Mighty villains ... might ... follow the same rules as player characters."
        """
        if self.uses_death_saves is not None:
            return self.uses_death_saves
        return self.is_pc or not ruleset.monsters_die_at_zero

    def resistance(self, key: str) -> int:
        return max((v for k, v in self.resistances if k == key), default=0)

    def vulnerability(self, key: str) -> int:
        return max((v for k, v in self.vulnerabilities if k == key), default=0)

    def power(self, name: str) -> Power:
        """The power called ``name``, basic attacks included.

        Raises:
            KeyError: No such power.
        """
        for power in (*self.powers, *basic_attacks(self)):
            if power.name == name:
                return power
        raise KeyError(name)

    def initiative_modifier(self, ruleset: Ruleset) -> ResolvedValue:
        """docs/rulings.md R-18: Dexterity modifier + half level + other modifiers."""
        return resolve(
            0,
            "initiative",
            [
                Modifier(
                    self.abilities.modifier(Ability.DEXTERITY), "Dexterity", ModifierType.ABILITY
                ),
                Modifier(self.level_bonus(ruleset), "half level", ModifierType.LEVEL),
                Modifier(self.initiative_bonus, "other initiative modifiers"),
            ],
        )

    def to_dict(self) -> dict[str, object]:
        return statblock_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> StatBlock:
        return statblock_from_dict(data)


def pc_defenses(
    abilities: AbilityScores,
    level: int,
    ruleset: Ruleset,
    *,
    armor_bonus: int = 0,
    shield_bonus: int = 0,
    light_armor: bool = True,
    other: Iterable[Modifier] = (),
) -> dict[Defense, ResolvedValue]:
    """Compute a PC's defenses with their explanation.

    000 "Abilities": Str/Con -> Fortitude; Dex/Int -> AC (in light or no armor) and Reflex;
    docs/rulings.md R-01: Wis/Cha -> Will (000 twice says Reflex, a typo). 000 "Level Bonus":
    half level to defenses. The base 10 is the 4e convention (000 is silent; Ruleset.defense_base).
    """

    def best(a: Ability, b: Ability) -> Modifier:
        ma, mb = abilities.modifier(a), abilities.modifier(b)
        winner = a if ma >= mb else b
        return Modifier(max(ma, mb), winner.label, ModifierType.ABILITY)

    level_mod = Modifier(ruleset.level_bonus(level), "half level", ModifierType.LEVEL)
    extra = tuple(other)
    ac_mods = [level_mod, Modifier(armor_bonus, "armor", ModifierType.ARMOR)]
    if shield_bonus:
        ac_mods.append(Modifier(shield_bonus, "shield", ModifierType.SHIELD))
    if light_armor:
        ac_mods.append(best(Ability.DEXTERITY, Ability.INTELLIGENCE))
    base = ruleset.defense_base
    ref_mods = [level_mod, best(Ability.DEXTERITY, Ability.INTELLIGENCE)]
    if shield_bonus:
        ref_mods.append(Modifier(shield_bonus, "shield", ModifierType.SHIELD))
    return {
        Defense.AC: resolve(base, "base", [*ac_mods, *extra]),
        Defense.FORTITUDE: resolve(
            base, "base", [level_mod, best(Ability.STRENGTH, Ability.CONSTITUTION), *extra]
        ),
        Defense.REFLEX: resolve(base, "base", [*ref_mods, *extra]),
        Defense.WILL: resolve(
            base, "base", [level_mod, best(Ability.WISDOM, Ability.CHARISMA), *extra]
        ),
    }


# --- plain dicts -----------------------------------------------------------------------------

_KEYS: Final = {
    "name",
    "level",
    "role",
    "side",
    "abilities",
    "defenses",
    "max_hp",
    "recoveries",
    "speeds",
    "size",
    "reach",
    "senses",
    "resistances",
    "vulnerabilities",
    "regeneration",
    "action_points",
    "initiative_bonus",
    "weapons",
    "powers",
    "uses_death_saves",
    "clumsy_on_ground",
    "clumsy_in_air",
    "keywords",
    "rulesets",
    "notes",
    "hands",
    "implement",
    "opportunity_modifier",
}


def statblock_to_dict(sb: StatBlock) -> dict[str, object]:
    """A stat block as a JSON-ready dict."""
    data: dict[str, object] = {
        "name": sb.name,
        "level": sb.level,
        "role": sb.role.value,
        "side": sb.side.value,
        "abilities": sb.abilities.to_dict(),
        "defenses": {d.value: sb.defenses.get(d) for d in Defense},
        "max_hp": sb.max_hp,
        "recoveries": sb.recoveries,
        "speeds": {s.mode.value: s.squares for s in sb.speeds},
        "size": sb.size.value,
        "reach": sb.reach,
    }
    data.update(
        _present(
            ("hover", [s.mode.value for s in sb.speeds if s.hover]),
            ("senses", {s.sense.value: s.range_squares for s in sb.senses}),
            ("resistances", dict(sb.resistances)),
            ("vulnerabilities", dict(sb.vulnerabilities)),
            ("regeneration", sb.regeneration),
        )
    )
    data["action_points"] = sb.action_points
    data.update(
        _present(
            ("initiative_bonus", sb.initiative_bonus),
            ("weapons", [_weapon_to_dict(w) for w in sb.weapons]),
            ("powers", [power_to_dict(p) for p in sb.powers]),
        )
    )
    if sb.uses_death_saves is not None:
        data["uses_death_saves"] = sb.uses_death_saves
    data.update(
        _present(
            ("clumsy_on_ground", sb.clumsy_on_ground),
            ("clumsy_in_air", sb.clumsy_in_air),
            ("keywords", list(sb.keywords)),
            ("rulesets", list(sb.rulesets)),
            ("notes", sb.notes),
        )
    )
    if sb.hands != DEFAULT_HANDS:
        data["hands"] = sb.hands
    data.update(
        _present(
            ("implement", sb.implement),
            ("opportunity_modifier", sb.opportunity_modifier),
        )
    )
    return data


def _present(*fields: tuple[str, object]) -> dict[str, object]:
    """The fields worth writing: an empty, zero or false one is the default, left out."""
    return {key: value for key, value in fields if value}


def _weapon_to_dict(w: Weapon) -> dict[str, object]:
    data: dict[str, object] = {"name": w.name, "die": w.die}
    for key in ("proficiency", "enhancement", "normal_range", "long_range"):
        value = getattr(w, key)
        if value:
            data[key] = value
    if w.heavy_thrown:
        data["heavy_thrown"] = True
    return data


def _weapon_from_dict(raw: object, where: str) -> Weapon:
    data = as_map(raw, where)
    check_keys(
        data,
        {
            "name",
            "die",
            "proficiency",
            "enhancement",
            "normal_range",
            "long_range",
            "heavy_thrown",
        },
        where,
    )
    try:
        return Weapon(
            name=as_str(data.get("name"), f"{where}.name", allow_empty=False),
            die=as_str(data.get("die"), f"{where}.die"),
            proficiency=as_int(data.get("proficiency", 0), f"{where}.proficiency", minimum=0),
            enhancement=as_int(data.get("enhancement", 0), f"{where}.enhancement"),
            normal_range=as_opt_int(data.get("normal_range"), f"{where}.normal_range", minimum=1),
            long_range=as_opt_int(data.get("long_range"), f"{where}.long_range", minimum=1),
            heavy_thrown=as_bool(data.get("heavy_thrown", False), f"{where}.heavy_thrown"),
        )
    except ValueError as exc:
        message = str(exc)
        raise ValueError(message if message.startswith(where) else f"{where}: {message}") from None


def _type_amounts(raw: object, where: str) -> tuple[tuple[str, int], ...]:
    data = as_map(raw, where)
    out = []
    for key, value in data.items():
        name = ALL_DAMAGE if key == ALL_DAMAGE else parse_enum(DamageType, key, where).value
        out.append((name, as_int(value, f"{where}.{key}", minimum=0, maximum=MAX_STAT)))
    return tuple(out)


_STAT: Final = {"minimum": -MAX_STAT, "maximum": MAX_STAT}
"""The bounds of a signed number of a stat block (rules/limits.py, R-136)."""


def _name(raw: object) -> str:
    name = as_str(raw, "statblock.name", allow_empty=False)
    if len(name) > MAX_NAME_CHARS:
        raise ValueError(
            f"statblock.name: {len(name)} characters; a name has at most {MAX_NAME_CHARS}"
        )
    return name


def _sense_range(raw: object, field: str) -> int | None:
    squares = as_opt_int(raw, field, minimum=0)
    if squares is not None and squares > MAX_SPEED:
        raise ValueError(f"{field}: expected at most {MAX_SPEED}, got {squares}")
    return squares


def statblock_from_dict(raw: Mapping[str, object]) -> StatBlock:
    """Read a stat block written by :func:`statblock_to_dict` (or by hand, or from a file).

    Raises:
        ValueError: A one-line message naming the offending field.
    """
    data = as_map(raw, "statblock")
    check_keys(data, _KEYS | {"hover"}, "statblock")
    try:
        abilities = AbilityScores.from_dict(
            as_map(data.get("abilities", {}), "statblock.abilities")
        )
    except ValueError as exc:
        raise ValueError(f"statblock.{exc}") from None
    defenses_data = as_map(data.get("defenses"), "statblock.defenses")
    check_keys(defenses_data, {d.value for d in Defense}, "statblock.defenses")
    defenses = Defenses(
        *(
            as_int(defenses_data.get(d.value), f"statblock.defenses.{d.value}", **_STAT)
            for d in Defense
        )
    )
    hover = {
        parse_enum(MovementMode, m, "statblock.hover")
        for m in as_list(data.get("hover", []), "statblock.hover")
    }
    speeds = tuple(
        Speed(
            mode,
            as_int(v, f"statblock.speeds.{k}", minimum=0, maximum=MAX_SPEED),
            hover=mode in hover,
        )
        for k, v in as_map(data.get("speeds", {"walk": 6}), "statblock.speeds").items()
        for mode in (parse_enum(MovementMode, k, "statblock.speeds"),)
    )
    senses = tuple(
        SenseRange(
            parse_enum(Sense, k, "statblock.senses"),
            _sense_range(v, f"statblock.senses.{k}"),
        )
        for k, v in as_map(data.get("senses", {}), "statblock.senses").items()
    )
    size = parse_enum(Size, data.get("size", "medium"), "statblock.size")
    uses_death_saves = data.get("uses_death_saves")
    return StatBlock(
        name=_name(data.get("name")),
        level=as_int(data.get("level"), "statblock.level", minimum=1, maximum=MAX_LEVEL),
        role=parse_enum(Role, data.get("role", "monster"), "statblock.role"),
        side=parse_enum(Side, data.get("side", "monsters"), "statblock.side"),
        abilities=abilities,
        defenses=defenses,
        max_hp=as_int(data.get("max_hp"), "statblock.max_hp", minimum=1, maximum=MAX_STAT),
        recoveries=as_int(
            data.get("recoveries", 0), "statblock.recoveries", minimum=0, maximum=MAX_STAT
        ),
        speeds=speeds,
        size=size,
        reach=as_int(
            data.get("reach", 0 if size is Size.TINY else 1),
            "statblock.reach",
            minimum=0,
            maximum=MAX_SPEED,
        ),
        senses=senses,
        resistances=_type_amounts(data.get("resistances", {}), "statblock.resistances"),
        vulnerabilities=_type_amounts(
            data.get("vulnerabilities", {}), "statblock.vulnerabilities"
        ),
        regeneration=as_int(
            data.get("regeneration", 0), "statblock.regeneration", minimum=0, maximum=MAX_STAT
        ),
        action_points=as_int(
            data.get("action_points", 0), "statblock.action_points", minimum=0, maximum=MAX_STAT
        ),
        initiative_bonus=as_int(
            data.get("initiative_bonus", 0), "statblock.initiative_bonus", **_STAT
        ),
        weapons=tuple(
            _weapon_from_dict(w, f"statblock.weapons[{i}]")
            for i, w in enumerate(as_list(data.get("weapons", []), "statblock.weapons"))
        ),
        powers=tuple(
            power_from_dict(as_map(p, f"statblock.powers[{i}]"), f"statblock.powers[{i}]")
            for i, p in enumerate(as_list(data.get("powers", []), "statblock.powers"))
        ),
        uses_death_saves=(
            None
            if uses_death_saves is None
            else as_bool(uses_death_saves, "statblock.uses_death_saves")
        ),
        clumsy_on_ground=as_bool(
            data.get("clumsy_on_ground", False), "statblock.clumsy_on_ground"
        ),
        clumsy_in_air=as_bool(data.get("clumsy_in_air", False), "statblock.clumsy_in_air"),
        keywords=tuple(
            as_str(k, "statblock.keywords")
            for k in as_list(data.get("keywords", []), "statblock.keywords")
        ),
        rulesets=tuple(
            as_str(r, "statblock.rulesets")
            for r in as_list(data.get("rulesets", []), "statblock.rulesets")
        ),
        notes=as_str(data.get("notes", ""), "statblock.notes"),
        hands=as_int(
            data.get("hands", DEFAULT_HANDS), "statblock.hands", minimum=0, maximum=MOST_HANDS
        ),
        implement=as_bool(data.get("implement", False), "statblock.implement"),
        opportunity_modifier=as_int(
            data.get("opportunity_modifier", 0), "statblock.opportunity_modifier"
        ),
    )
