"""Creature stat blocks: level, abilities, defenses, hit points, speeds, size, senses, resistances.

From 000 "Abilities", "Levels", "Hit Points", "Speed", "Creature Size", "Vision and Light",
"Damage Resistance and Vulnerability" and "Regeneration".

A stat block is the creature as written (the library entry); what changes in a fight lives in
:class:`orcus_desktop.rules.state.CreatureState`. Encounter files store stat blocks with
`statblock_dicts.statblock_to_dict` / `statblock_from_dict`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from orcus_desktop.geometry.grid import Size
from orcus_desktop.rules.abilities import Ability, AbilityScores
from orcus_desktop.rules.basic_attacks import basic_attacks
from orcus_desktop.rules.dice import weapon_dice
from orcus_desktop.rules.dice_values import DiceError
from orcus_desktop.rules.modifiers import Modifier, ModifierType, ResolvedValue, resolve
from orcus_desktop.rules.powers import (
    Power,
)
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.terms import ALL_DAMAGE, DamageType, Defense


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
