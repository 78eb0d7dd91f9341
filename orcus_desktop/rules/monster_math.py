"""The project's monster-building table: what level and rank suggest (docs/rulings.md R-39).

000 gives the heroes' math (000 "Level Bonus": half the level, rounded down, on defenses and
attack rolls) but no table for monsters. This one is fitted to the heroes' numbers so that a
standard monster of a hero's level hits that hero about half the time and is hit about as
often, and lasts about as long as the bundled level-1 creatures (the Dire Rat, the Goblin
Warrior):

- the heroes' AC by level is 15 + half the level + the enhancement steps (+1 at levels 1, 6, 11,
  16, 21, 26): a level-1 hero has AC 16 (the bundled Dwarf Cleric); their other defenses run
  two lower. A monster attacks AC at that AC - 10 and the other defenses at two less, so it
  needs a 10 on the d20: about half its attacks hit;
- the heroes' attack bonus runs the same way (ability +4, proficiency, half the level,
  enhancement), so a monster's AC is 14 + half its level + the enhancement steps (15 at level 1,
  as the Dire Rat) and its other defenses two lower;
- hit points are 8 per level + 12 (20 at level 1, as the Dire Rat); damage is one die of the
  level band plus half the level + 2, about a quarter of a same-level hero's hit points in two
  hits;
- the rank multiplies the hit points (an elite fights as two standard monsters, a solo as
  four) and adds +2 to defenses for an elite and solo (they are meant to last); the tactical role
  shifts the numbers: a brute has more hit points and damage but lower AC, a soldier higher AC,
  artillery and lurkers fewer hit points and more damage, a skirmisher and a controller sit on
  the line, a leader has +1 to Will.

The numbers are suggestions: the editor shows each beside the GM's own value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

RANKS: Final = ("monster", "elite", "solo")
"""The stat block ranks the table covers (`rules.statblock.Role` without PC)."""

_HP_FACTOR: Final = {"monster": 1, "elite": 2, "solo": 4}
_RANK_DEFENSE: Final = {"monster": 0, "elite": 2, "solo": 2}

_ROLE_AC: Final = {"brute": -2, "soldier": 2, "artillery": -2, "lurker": 0}
_ROLE_HP: Final = {"brute": 10, "soldier": 0, "artillery": -20, "lurker": -20}
"""Per cent of the hit points added or taken (brutes soak, artillery and lurkers are fragile)."""
_ROLE_DAMAGE: Final = {"brute": 2, "artillery": 1, "lurker": 2}


@dataclass(frozen=True, slots=True)
class Suggestion:
    """What the table suggests for a monster of a level, rank and tactical role."""

    ac: int
    fortitude: int
    reflex: int
    will: int
    max_hp: int
    attack_vs_ac: int
    attack_vs_other: int
    damage: str

    def defenses(self) -> dict[str, int]:
        return {
            "ac": self.ac,
            "fortitude": self.fortitude,
            "reflex": self.reflex,
            "will": self.will,
        }


def enhancement_steps(level: int) -> int:
    """+1 at levels 1, 6, 11, 16, 21 and 26 (how the heroes' gear keeps pace)."""
    return (level + 4) // 5


def damage_die(level: int) -> str:
    """The damage die of a level band: d6 to level 10, d8 to 20, d10 beyond."""
    return "1d6" if level <= 10 else "1d8" if level <= 20 else "1d10"


def suggest(level: int, rank: str = "monster", role: str = "") -> Suggestion:
    """The suggested numbers; an unknown rank counts as standard, an unknown role as none.

    Raises:
        ValueError: a level below 1.
    """
    if level < 1:
        raise ValueError(f"level: expected at least 1, got {level}")
    half = level // 2  # 000 "Level Bonus"
    steps = enhancement_steps(level)
    defense_bonus = _RANK_DEFENSE.get(rank, 0)
    ac = 14 + half + steps + defense_bonus + _ROLE_AC.get(role, 0)
    other = 12 + half + steps + defense_bonus
    hp = (8 * level + 12) * _HP_FACTOR.get(rank, 1)
    hp += hp * _ROLE_HP.get(role, 0) // 100
    hero_ac = 15 + half + steps
    bonus = 2 + half + _ROLE_DAMAGE.get(role, 0)
    count = 1 + (level - 1) // 10  # more dice at the tiers' turns (levels 11 and 21)
    die = damage_die(level)
    return Suggestion(
        ac=ac,
        fortitude=other,
        reflex=other,
        will=other + (1 if role == "leader" else 0),
        max_hp=hp,
        attack_vs_ac=hero_ac - 10,
        attack_vs_other=hero_ac - 12,
        damage=f"{count}{die[1:]} + {bonus}",
    )
