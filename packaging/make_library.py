"""Build the bundled bestiary (resources/creatures/bestiary.json) from the compact table below.

Run from the repo root when the table changes (the JSON is committed; a test runs `--check`):

    .venv/bin/python packaging/make_library.py          # write the file
    .venv/bin/python packaging/make_library.py --check  # exit 1 if the file is out of date

Every creature here is the project's own (names, powers and text invented for Orcus Desktop).
The numbers are not typed in: a monster takes its defenses, hit points, attack bonuses and
damage from the monster-building table (`rules.monster_math.suggest`, docs/rulings.md R-39) for
its level, rank and tactical role; an encounter power rolls one die more than the table's
at-will damage and a daily power two more. A hero takes 000's hero math: ability scores raised
as 000 "Levels, Tiers and Bonuses" says (two by +1 at levels 4, 8, 14, 18, 24, 28; all by +1
at 11 and 21), Fortitude, Reflex and Will from `rules.statblock.pc_defenses`, AC from armor
plus magic armor keeping pace with the table's enhancement steps, hit points as the bundled
heroes (a class base + the Constitution score + a class amount per level after the first,
000 "Hit Points and Recoveries") and recoveries a class base + the Constitution modifier.
Every stat block is passed through the one validation (`statblock_from_dict`) and written in
canonical form (what `statblock_to_dict` writes), as a library file
(`controller.files.creature_library`).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from orcus_desktop.controller.files.creature_library import library_json, parse_library
from orcus_desktop.rules.abilities import AbilityScores
from orcus_desktop.rules.monster_math import Suggestion, enhancement_steps, suggest
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.statblock import pc_defenses
from orcus_desktop.rules.statblock_dicts import statblock_from_dict, statblock_to_dict
from orcus_desktop.rules.terms import Defense

OUT = ROOT / "resources" / "creatures" / "bestiary.json"
ABILITIES = ("strength", "constitution", "dexterity", "intelligence", "wisdom", "charisma")
DARK = {"darkvision": None}
Spec = dict[str, Any]


@dataclass(frozen=True)
class Monster:
    """One row: who it is; the table gives its numbers.

    `scores` are the six ability scores (Str, Con, Dex, Int, Wis, Cha) before the level's
    growth (+1 per two levels). A power spec is a power dict without its attack bonus and
    damage, with `vs` (the defense; None for no attack roll), `more` (extra dice) and
    `types` (damage types); `damage=False` for an attack that deals none.
    """

    name: str
    level: int
    rank: str
    role: str
    scores: tuple[int, int, int, int, int, int]
    keywords: tuple[str, ...]
    powers: tuple[Spec, ...]
    size: str = "medium"
    speeds: dict[str, int] = field(default_factory=lambda: {"walk": 6})
    extra: Spec = field(default_factory=dict)
    notes: str = ""


def with_more_dice(damage: str, more: int) -> str:
    """``"2d8 + 9"`` with `more` dice added."""
    match = re.fullmatch(r"(\d+)(d\d+)(.*)", damage)
    if match is None:
        raise ValueError(f"not a table damage expression: {damage!r}")
    return f"{int(match[1]) + more}{match[2]}{match[3]}"


def monster_power(hint: Suggestion, spec: Spec) -> Spec:
    """A power dict with the table's attack bonus and damage filled in."""
    spec = dict(spec)
    vs = spec.pop("vs", "ac")
    more = spec.pop(
        "more", {"at_will": 0, "encounter": 1, "daily": 2}[spec.get("frequency", "at_will")]
    )
    types = spec.pop("types", [])
    deals = spec.pop("damage", True)
    hit = dict(spec.pop("hit", {}))
    power: Spec = {"category": "attack", "origin": "melee", "targets": "one", **spec}
    if vs is not None:
        bonus = hint.attack_vs_ac if vs == "ac" else hint.attack_vs_other
        power["attack"] = {"defense": vs, "bonus": bonus}
        if deals:
            hit = {"damage": with_more_dice(hint.damage, more), **hit}
            if types:
                hit["damage_types"] = list(types)
        power["hit"] = hit
    return power


def monster_block(m: Monster) -> Spec:
    hint = suggest(m.level, m.rank, m.role)
    growth = m.level // 2
    notes = {"elite": "Elite: counts as two monsters. ", "solo": "Solo: fights a party alone. "}
    return {
        "name": m.name,
        "level": m.level,
        "role": m.rank,
        "side": "monsters",
        "abilities": {a: s + growth for a, s in zip(ABILITIES, m.scores, strict=True)},
        "defenses": hint.defenses(),
        "max_hp": hint.max_hp,
        "speeds": m.speeds,
        "size": m.size,
        "action_points": {"monster": 0, "elite": 1, "solo": 2}[m.rank],
        "powers": [monster_power(hint, p) for p in m.powers],
        "keywords": [m.role, *m.keywords],
        "notes": notes.get(m.rank, "") + m.notes + "Invented for Orcus Desktop.",
        **m.extra,
    }


@dataclass(frozen=True)
class Hero:
    """A hero: level-1 scores, the two raised at the even steps, armor and class numbers."""

    name: str
    level: int
    scores: tuple[int, int, int, int, int, int]
    raised: tuple[str, str]
    armor: int
    light_armor: bool
    hp_base: int
    hp_per_level: int
    recoveries: int
    weapons: tuple[Spec, ...]
    powers: tuple[Spec, ...]
    notes: str
    speed: int = 6
    size: str = "medium"
    shield: int = 0


def hero_scores(h: Hero) -> dict[str, int]:
    """000 "Levels, Tiers and Bonuses": two scores +1 at 4, 8, 14, 18, 24, 28; all at 11, 21."""
    scores = dict(zip(ABILITIES, h.scores, strict=True))
    for step in (4, 8, 14, 18, 24, 28):
        if h.level >= step:
            for name in h.raised:
                scores[name] += 1
    for step in (11, 21):
        if h.level >= step:
            scores = {k: v + 1 for k, v in scores.items()}
    return scores


def hero_block(h: Hero) -> Spec:
    scores = hero_scores(h)
    abilities = AbilityScores.from_dict(scores)
    steps = enhancement_steps(h.level)
    defenses = pc_defenses(
        abilities,
        h.level,
        ORCUS,
        armor_bonus=h.armor,
        shield_bonus=h.shield,
        light_armor=h.light_armor,
    )
    con = scores["constitution"]
    return {
        "name": h.name,
        "level": h.level,
        "role": "pc",
        "side": "heroes",
        "abilities": scores,
        "defenses": {
            d.value: defenses[d].total + (steps if d is Defense.AC else 0) for d in Defense
        },
        "max_hp": h.hp_base + con + h.hp_per_level * (h.level - 1),
        "recoveries": h.recoveries + (con - 10) // 2,
        "speeds": {"walk": h.speed},
        "size": h.size,
        "action_points": 1,
        "weapons": [{**w, "enhancement": steps} for w in h.weapons],
        "powers": list(h.powers),
        "keywords": ["humanoid"],
        "notes": f"{h.notes} Magic armor and weapon +{steps}. Invented for Orcus Desktop.",
    }


def melee(name: str, **kw: Any) -> Spec:
    return {"name": name, **kw}


def ranged(name: str, reach: int, **kw: Any) -> Spec:
    return {"name": name, "origin": "ranged", "range": {"normal": reach}, **kw}


def near(name: str, kind: str, size: int, **kw: Any) -> Spec:
    return {
        "name": name,
        "origin": "near",
        "area": {"type": kind, "size": size},
        "targets": "enemies",
        **kw,
    }


def far(name: str, reach: int, size: int, **kw: Any) -> Spec:
    return {
        "name": name,
        "origin": "far",
        "range": {"normal": reach},
        "area": {"type": "burst", "size": size},
        "targets": "all",
        **kw,
    }


def cond(condition: str, duration: str = "save_ends") -> Spec:
    return {"condition": condition, "duration": duration}


def lasting(amount: int, kind: str) -> Spec:
    return {"amount": amount, "types": [kind], "duration": "save_ends"}


ENC, DAILY = "encounter", "daily"
NEXT = "end_of_target_next_turn"
BASIC = {"basic": True}

# fmt: off
MONSTERS: tuple[Monster, ...] = (
    # --- Adventurer (heroic) tier, levels 1-10 -------------------------------------------
    Monster("Bramble Sprite", 1, "monster", "lurker", (8, 10, 18, 12, 14, 14), ("fey",), (
        melee("Thorn Prick", types=["poison"], **BASIC),
        melee("Vanish into the Hedge", frequency=ENC, vs="reflex",
              hit={"text": "The sprite is invisible until the end of its next turn."}),
    ), size="tiny", speeds={"walk": 4, "fly": 6}, extra={"hover": ["fly"], "reach": 0}),
    Monster("Grey Wolf", 2, "monster", "skirmisher", (13, 14, 16, 2, 13, 6), ("beast",), (
        melee("Bite", hit={"text": "With combat advantage the target is also knocked prone."},
              **BASIC),
        melee("Hamstring Snap", frequency=ENC, hit={"conditions": [cond("slowed", NEXT)],
              "text": "The wolf shifts 2 squares."}),
    ), speeds={"walk": 8}, extra={"senses": DARK}),
    Monster("Goblin Hexer", 3, "monster", "controller", (8, 12, 14, 14, 12, 16),
            ("humanoid", "goblin"), (
        melee("Hexing Rod", **BASIC),
        ranged("Stinging Hex", 10, vs="will", types=["psychic"],
               hit={"conditions": [cond("slowed", NEXT)]}),
        far("Blinding Murk", 10, 1, frequency=ENC, vs="fortitude", damage=False,
            hit={"conditions": [cond("blinded")]}),
    ), size="small", extra={"senses": DARK}),
    Monster("Rustback Beetle", 3, "monster", "brute", (18, 16, 8, 1, 10, 4), ("beast",), (
        melee("Mandibles", **BASIC),
        near("Corroding Spray", "arc", 3, frequency=ENC, vs="reflex", types=["acid"],
             hit={"text": "The target's armor smokes: -2 AC until the end of the encounter."}),
    ), size="large", speeds={"walk": 5, "burrow": 2}, extra={"senses": {"tremorsense": 5}}),
    Monster("Ironclad Legionary", 4, "monster", "soldier", (16, 14, 12, 10, 12, 10),
            ("humanoid",), (
        melee("Spear Thrust", hit={"conditions": [cond("marked", NEXT)]}, **BASIC),
        melee("Shield Bash", frequency=ENC, vs="fortitude",
              hit={"forced_movement": {"kind": "push", "squares": 1},
                   "conditions": [cond("prone", "until_countered")]}),
    ), speeds={"walk": 5}),
    Monster("Grave Candle", 4, "monster", "artillery", (4, 12, 16, 10, 14, 12), ("undead",), (
        melee("Cold Touch", vs="reflex", types=["necrotic"], **BASIC),
        ranged("Corpse Light", 10, vs="reflex", types=["necrotic", "fire"], **BASIC),
        far("Funeral Glow", 10, 1, frequency=ENC, vs="will", types=["necrotic"],
            miss={"half_damage": True}),
    ), size="small", speeds={"walk": 0, "fly": 6},
        extra={"hover": ["fly"], "resistances": {"necrotic": 5}, "senses": DARK}),
    Monster("Dusk Stalker", 5, "monster", "lurker", (16, 14, 18, 3, 14, 8), ("beast",), (
        melee("Raking Claws", **BASIC),
        melee("Pounce from the Dark", frequency=ENC, more=2,
              hit={"conditions": [cond("prone", "until_countered")],
                   "text": "Only against a target that could not see the stalker."}),
    ), speeds={"walk": 7, "climb": 5}, extra={"senses": DARK}),
    Monster("Warband Drummer", 6, "monster", "leader", (16, 14, 12, 10, 12, 16),
            ("humanoid", "orc"), (
        melee("Handaxe", **BASIC),
        near("War Beat", "burst", 5, category="utility", action="swift", targets="allies",
             vs=None, frequency=ENC,
             effect={"temp_hp": 5, "text": "Each ally may shift 1 square."}),
    ), extra={"senses": DARK}),
    Monster("Thornback Boar", 7, "elite", "brute", (20, 18, 10, 2, 12, 6), ("beast",), (
        melee("Gore", **BASIC),
        melee("Trampling Charge", frequency=ENC,
              hit={"forced_movement": {"kind": "push", "squares": 2},
                   "conditions": [cond("prone", "until_countered")]}),
    ), size="large", speeds={"walk": 8}),
    Monster("Fen Witch", 8, "elite", "controller", (10, 14, 12, 16, 18, 14), ("humanoid",), (
        melee("Gnarled Staff", **BASIC),
        ranged("Mire Curse", 10, vs="fortitude", hit={"conditions": [cond("immobile")]}),
        near("Bog Breath", "burst", 2, frequency=ENC, vs="fortitude", types=["poison"],
             hit={"conditions": [cond("dazed", NEXT)]}, miss={"half_damage": True}),
    ), speeds={"walk": 6, "swim": 6}),
    Monster("Cinderwing Drake", 9, "solo", "skirmisher", (18, 16, 20, 10, 14, 14),
            ("dragon",), (
        melee("Searing Claws", types=["fire"], **BASIC),
        near("Cinder Breath", "arc", 5, frequency=ENC, vs="reflex", types=["fire"],
             hit={"persistent": [lasting(5, "fire")]}, miss={"half_damage": True}),
        near("Wing Buffet", "burst", 1, vs="fortitude",
             hit={"forced_movement": {"kind": "push", "squares": 2}}),
    ), size="large", speeds={"walk": 6, "fly": 8},
        extra={"resistances": {"fire": 10}, "senses": DARK}),
    Monster("Bone Archer", 10, "monster", "artillery", (12, 12, 18, 8, 14, 6), ("undead",), (
        melee("Rusty Blade", **BASIC),
        ranged("Black Arrow", 20, types=["necrotic"], **BASIC),
        far("Arrow Storm", 20, 1, frequency=ENC),
    ), extra={"resistances": {"necrotic": 10}, "vulnerabilities": {"radiant": 5},
              "senses": DARK}),
    Monster("Moss Troll", 10, "elite", "brute", (20, 20, 12, 6, 10, 6), ("giant",), (
        melee("Claw", **BASIC),
        melee("Rending Grab", frequency=ENC,
              hit={"conditions": [cond("grappled", "until_countered")],
                   "text": "The troll regains 10 hit points."}),
    ), size="large", speeds={"walk": 7},
        extra={"reach": 2, "regeneration": 5, "vulnerabilities": {"fire": 5}},
        notes="Fire or acid damage stops its regeneration until the end of its next turn. "),
    # --- Prestige (paragon) tier, levels 11-20 -------------------------------------------
    Monster("Ironbound Sentinel", 11, "monster", "soldier", (18, 18, 10, 3, 12, 3),
            ("construct",), (
        melee("Halberd", hit={"conditions": [cond("marked", NEXT)]}, **BASIC),
        near("Lockstep Sweep", "burst", 2, frequency=ENC,
             hit={"conditions": [cond("prone", "until_countered")]}),
    ), speeds={"walk": 5}, extra={"reach": 2, "resistances": {"poison": 10}}),
    Monster("Shrieking Harpy", 12, "monster", "controller", (12, 14, 16, 8, 12, 18),
            ("humanoid", "winged"), (
        melee("Talons", **BASIC),
        near("Maddening Shriek", "burst", 3, frequency=ENC, vs="will", types=["thunder"],
             hit={"conditions": [cond("dazed")]}),
        ranged("Luring Song", 10, vs="will", damage=False,
               hit={"forced_movement": {"kind": "pull", "squares": 3}}),
    ), speeds={"walk": 4, "fly": 8}),
    Monster("Gloomweaver Spider", 13, "monster", "lurker", (16, 14, 20, 4, 14, 6),
            ("beast", "spider"), (
        melee("Venom Bite", types=["poison"], hit={"persistent": [lasting(5, "poison")]},
              **BASIC),
        ranged("Web Shroud", 5, frequency=ENC, vs="reflex",
               hit={"conditions": [cond("restrained")]}),
    ), size="large", speeds={"walk": 6, "climb": 6}, extra={"senses": {"tremorsense": 10}}),
    Monster("Ember Hound", 14, "monster", "skirmisher", (16, 16, 18, 4, 14, 8),
            ("elemental", "fire"), (
        melee("Blazing Bite", types=["fire"], **BASIC),
        melee("Flame Dash", frequency=ENC, types=["fire"],
              hit={"persistent": [lasting(5, "fire")],
                   "text": "Before or after the attack the hound shifts 4 squares."}),
    ), speeds={"walk": 9},
        extra={"resistances": {"fire": 15}, "vulnerabilities": {"cold": 5}}),
    Monster("Red Banner Warlord", 15, "elite", "leader", (18, 16, 12, 14, 14, 18),
            ("humanoid",), (
        melee("Longsword", **BASIC),
        melee("Commanding Strike", frequency=ENC,
              hit={"text": "One ally within 5 squares makes a basic attack as a free action."}),
        near("Hold the Line", "burst", 5, category="utility", action="swift",
             targets="allies", vs=None, frequency=ENC,
             effect={"temp_hp": 10, "text": "Allies in the burst gain +2 to all defenses "
                     "until the end of the warlord's next turn."}),
    ), speeds={"walk": 5}),
    Monster("Rime Giant", 16, "elite", "brute", (24, 20, 10, 8, 12, 10), ("giant", "cold"), (
        melee("Frostbitten Maul", types=["cold"], **BASIC),
        near("Frost Quake", "burst", 2, frequency=ENC, vs="fortitude", types=["cold"],
             hit={"conditions": [cond("slowed")]}, miss={"half_damage": True}),
    ), size="huge", speeds={"walk": 8}, extra={"reach": 3, "resistances": {"cold": 15}}),
    Monster("Dune Serpent", 17, "elite", "lurker", (20, 18, 18, 2, 14, 6), ("beast",), (
        melee("Ambush Bite", **BASIC),
        melee("Swallow Whole", frequency=ENC, vs="reflex",
              hit={"conditions": [cond("grappled", "until_countered"),
                                  cond("blinded", "until_countered")],
                   "text": "While grappled the target takes 10 acid damage at the start of "
                   "its turns."}),
    ), size="huge", speeds={"walk": 6, "burrow": 6},
        extra={"reach": 2, "senses": {"tremorsense": 20}}),
    Monster("Starfall Magus", 18, "monster", "artillery", (10, 14, 14, 20, 16, 12),
            ("humanoid",), (
        melee("Staff", **BASIC),
        ranged("Star Bolt", 20, vs="reflex", types=["radiant"], **BASIC),
        far("Falling Star", 20, 2, frequency=ENC, vs="reflex", types=["radiant", "fire"],
            hit={"conditions": [cond("prone", "until_countered")]}),
    )),
    Monster("Wraith Lancer", 18, "monster", "soldier", (18, 16, 16, 10, 14, 14),
            ("undead", "shadow"), (
        melee("Spectral Lance", vs="reflex", types=["necrotic"],
              hit={"conditions": [cond("marked", NEXT)]}, **BASIC),
        melee("Chilling Charge", frequency=ENC, vs="fortitude", types=["necrotic", "cold"],
              hit={"conditions": [cond("weakened")]}),
    ), speeds={"walk": 6, "fly": 6},
        extra={"hover": ["fly"], "reach": 2, "resistances": {"necrotic": 15}, "senses": DARK}),
    Monster("Fen Hydra", 19, "solo", "brute", (22, 22, 14, 2, 14, 6), ("beast", "reptile"), (
        melee("Snapping Heads", target_count=2, **BASIC),
        near("Hydra's Fury", "burst", 2, frequency=ENC,
             hit={"text": "The hydra regains 15 hit points for each target hit."}),
    ), size="huge", speeds={"walk": 6, "swim": 8}, extra={"reach": 2, "regeneration": 10},
        notes="Fire or acid damage stops its regeneration until the end of its next turn. "),
    Monster("Obsidian Golem", 20, "elite", "soldier", (24, 22, 8, 3, 10, 3), ("construct",), (
        melee("Slam", hit={"conditions": [cond("marked", NEXT)]}, **BASIC),
        near("Shard Burst", "burst", 1, frequency=ENC, vs="reflex",
             hit={"persistent": [lasting(10, "fire")]}),
    ), size="large", speeds={"walk": 5}, extra={"reach": 2, "resistances": {"all": 5}}),
    # --- Epic tier, levels 21-30 ---------------------------------------------------------
    Monster("Keening Shade", 21, "monster", "controller", (6, 16, 20, 14, 18, 22),
            ("undead", "shadow"), (
        melee("Grave Touch", vs="fortitude", types=["necrotic"], **BASIC),
        near("Keen", "burst", 3, frequency=ENC, vs="will", types=["psychic"],
             hit={"conditions": [cond("stunned", NEXT)]}, miss={"half_damage": True}),
    ), speeds={"walk": 0, "fly": 8},
        extra={"hover": ["fly"], "resistances": {"all": 10}, "senses": DARK}),
    Monster("Void Stalker", 21, "monster", "lurker", (18, 16, 22, 12, 16, 8), ("aberrant",), (
        melee("Unseen Talons", **BASIC),
        melee("Fold Space", frequency=ENC, vs="will", more=2, types=["psychic"],
              hit={"text": "The stalker teleports 5 squares and is invisible until the end "
                   "of its next turn."}),
    ), extra={"senses": {"blindsight": 10}}),
    Monster("Thunder Herald", 22, "monster", "artillery", (16, 18, 18, 14, 18, 16),
            ("elemental", "air"), (
        melee("Crackling Fist", types=["lightning"], **BASIC),
        ranged("Lightning Lance", 20, vs="reflex", types=["lightning"], **BASIC),
        far("Thunderclap", 20, 2, frequency=ENC, vs="fortitude", types=["thunder"],
            hit={"conditions": [cond("dazed", NEXT)]}),
    ), speeds={"walk": 6, "fly": 8},
        extra={"resistances": {"lightning": 15, "thunder": 15}}),
    Monster("Ashen Seraph", 23, "elite", "leader", (20, 18, 18, 16, 22, 22),
            ("immortal", "winged"), (
        melee("Cinder Blade", types=["radiant", "fire"], **BASIC),
        near("Hymn of Ash", "burst", 5, category="utility", action="swift", targets="allies",
             vs=None, frequency=ENC, effect={"temp_hp": 15, "text": "Each ally makes a save."}),
        near("Wings of Judgement", "burst", 2, frequency=ENC, vs="will", types=["radiant"],
             hit={"conditions": [cond("blinded", NEXT)]}),
    ), speeds={"walk": 6, "fly": 10}, extra={"resistances": {"radiant": 15, "fire": 15}}),
    Monster("Rift Ravager", 24, "monster", "brute", (24, 22, 14, 6, 12, 10), ("demon",), (
        melee("Rending Hooks", **BASIC),
        melee("Tear the Rift", frequency=ENC,
              hit={"persistent": [lasting(10, "necrotic")],
                   "forced_movement": {"kind": "slip", "squares": 3}}),
    ), size="large", speeds={"walk": 7},
        extra={"reach": 2, "senses": DARK, "resistances": {"fire": 10}}),
    Monster("Dust Lich", 25, "elite", "controller", (10, 16, 16, 24, 18, 18), ("undead",), (
        melee("Withering Touch", vs="fortitude", types=["necrotic"], **BASIC),
        ranged("Grave Bolt", 20, vs="reflex", types=["necrotic"], **BASIC),
        far("Dust to Dust", 20, 2, frequency=ENC, vs="fortitude", types=["necrotic"],
            hit={"conditions": [cond("weakened"), cond("slowed")]}, miss={"half_damage": True}),
    ), extra={"resistances": {"necrotic": 20, "cold": 10}, "vulnerabilities": {"radiant": 10},
              "senses": {"truesight": 10}}),
    Monster("Elder Oakwarden", 26, "elite", "soldier", (26, 24, 8, 14, 20, 12), ("plant",), (
        melee("Bough Sweep", hit={"conditions": [cond("marked", NEXT)]}, **BASIC),
        near("Rooted Ground", "burst", 3, frequency=ENC, vs="reflex",
             hit={"conditions": [cond("restrained")]}),
    ), size="huge", speeds={"walk": 5}, extra={"reach": 3, "vulnerabilities": {"fire": 10}}),
    Monster("Star Serpent", 27, "monster", "skirmisher", (18, 18, 24, 16, 20, 18),
            ("magical beast",), (
        melee("Comet Fang", types=["radiant"], **BASIC),
        melee("Meteor Coil", frequency=ENC, vs="reflex",
              hit={"conditions": [cond("grappled", "until_countered")],
                   "text": "The serpent flies 6 squares first; its movement provokes no "
                   "opportunity attacks."}),
    ), size="large", speeds={"walk": 6, "fly": 10}, extra={"hover": ["fly"]}),
    Monster("Deep Leviathan", 28, "solo", "brute", (28, 28, 12, 6, 16, 10), ("beast",), (
        melee("Crushing Jaws", **BASIC),
        near("Tidal Surge", "arc", 5, frequency=ENC, vs="fortitude",
             hit={"forced_movement": {"kind": "push", "squares": 4},
                  "conditions": [cond("prone", "until_countered")]}),
        melee("Swallow the Drowning", frequency=DAILY, vs="reflex",
              hit={"conditions": [cond("grappled", "until_countered"),
                                  cond("blinded", "until_countered")]}),
    ), size="gargantuan", speeds={"walk": 2, "swim": 10}, extra={"reach": 4}),
    Monster("Doomforged Colossus", 29, "solo", "soldier", (28, 28, 10, 3, 14, 3),
            ("construct",), (
        melee("Piston Fist", hit={"conditions": [cond("marked", NEXT)]}, **BASIC),
        near("Furnace Vent", "burst", 3, frequency=ENC, vs="reflex", types=["fire"],
             miss={"half_damage": True}),
        near("Earthshaker Stomp", "burst", 2, vs="fortitude",
             hit={"conditions": [cond("prone", "until_countered")]}),
    ), size="gargantuan", speeds={"walk": 6}, extra={"reach": 4, "resistances": {"all": 10}}),
    Monster("Eclipse Dragon", 30, "solo", "controller", (28, 26, 20, 22, 24, 26), ("dragon",), (
        melee("Umbral Bite", types=["necrotic"], **BASIC),
        near("Breath of Night", "arc", 6, frequency=ENC, vs="reflex", types=["necrotic"],
             hit={"conditions": [cond("blinded")]}, miss={"half_damage": True}),
        near("Eclipse", "burst", 10, vs="will", damage=False, frequency=DAILY,
             hit={"conditions": [cond("stunned", NEXT)]}),
    ), size="gargantuan", speeds={"walk": 8, "fly": 12},
        extra={"reach": 3, "resistances": {"necrotic": 20}, "senses": {"truesight": 20}}),
)
# fmt: on


def weapon_power(
    name: str, ability: str, defense: str, dice: str, source: str = "martial", **kw: Any
) -> Spec:
    return {
        "name": name,
        "category": "attack",
        "origin": "melee",
        "source": source,
        "range": {"weapon": True},
        "targets": "one",
        "attack": {"defense": defense, "ability": ability},
        "keywords": [source, "weapon"],
        **kw,
        "hit": {"damage": f"{dice} + {ability.title()} modifier", **kw.get("hit", {})},
    }


# fmt: off
HEROES: tuple[Hero, ...] = (
    Hero("Elf Ranger", 5, (12, 12, 18, 10, 16, 8), ("dexterity", "wisdom"), 2, True, 12, 5, 6,
         ({"name": "Longbow", "die": "1d10", "proficiency": 2, "normal_range": 20,
           "long_range": 40},), (
        {**weapon_power("Twin Shot", "dexterity", "ac", "1dW"), "origin": "ranged",
         "target_count": 2},
        {**weapon_power("Pinning Arrow", "dexterity", "ac", "2dW", frequency="encounter",
                        hit={"conditions": [cond("immobile", NEXT)]}), "origin": "ranged"},
    ), "Leather armor (+2 AC).", speed=7),
    Hero("Human Knight", 12, (18, 14, 10, 10, 12, 14), ("strength", "charisma"), 8, False,
         15, 6, 9, ({"name": "Longsword", "die": "1d8", "proficiency": 3},), (
        weapon_power("Challenging Blow", "strength", "ac", "1dW",
                     hit={"conditions": [cond("marked", "end_of_user_next_turn")]}),
        weapon_power("Iron Wall Strike", "strength", "fortitude", "2dW", frequency="encounter",
                     hit={"forced_movement": {"kind": "push", "squares": 2}}),
    ), "Plate armor (+8 AC, heavy).", speed=5),
    Hero("Gnome Illusionist", 18, (8, 12, 14, 18, 10, 16), ("intelligence", "charisma"), 0,
         True, 10, 4, 6, ({"name": "Dagger", "die": "1d4", "proficiency": 3},), (
        {"name": "Phantom Blade", "category": "attack", "origin": "ranged", "source": "arcane",
         "range": {"normal": 10}, "targets": "one",
         "attack": {"defense": "will", "ability": "intelligence"},
         "hit": {"damage": "1d10 + Intelligence modifier", "damage_types": ["psychic"]},
         "keywords": ["arcane", "illusion", "implement"]},
        {"name": "Hall of Mirrors", "category": "attack", "frequency": "daily",
         "origin": "far", "source": "arcane", "range": {"normal": 10},
         "area": {"type": "burst", "size": 2}, "targets": "enemies",
         "attack": {"defense": "will", "ability": "intelligence"},
         "hit": {"damage": "3d6 + Intelligence modifier", "damage_types": ["psychic"],
                 "conditions": [cond("dazed")]},
         "miss": {"half_damage": True}, "keywords": ["arcane", "illusion", "implement"]},
    ), "No armor.", speed=5, size="small"),
    Hero("Half-Elf Bard", 24, (10, 12, 16, 10, 12, 18), ("charisma", "dexterity"), 2, True,
         12, 5, 7, ({"name": "Rapier", "die": "1d8", "proficiency": 3},), (
        weapon_power("Mocking Riposte", "charisma", "will", "2dW", source="arcane",
                     hit={"text": "If the target attacks before your next turn it takes "
                          "your Charisma modifier in psychic damage."}),
        {"name": "Song of Second Wind", "category": "utility", "frequency": "encounter",
         "action": "swift", "origin": "near", "source": "arcane",
         "area": {"type": "burst", "size": 5}, "targets": "allies",
         "effect": {"healing_recovery": True,
                    "text": "The target regains 3d6 additional hit points."},
         "keywords": ["arcane", "healing"]},
    ), "Leather armor (+2 AC)."),
)
# fmt: on


def build() -> str:
    """The text of the bestiary library file, every creature validated and canonical."""
    creatures = [monster_block(m) for m in MONSTERS] + [hero_block(h) for h in HEROES]
    canonical = [statblock_to_dict(statblock_from_dict(c)) for c in creatures]
    text = library_json(canonical)
    parse_library(json.loads(text))  # the import check a GM's file passes
    return text


def main(argv: list[str]) -> int:
    text = build()
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != text:
            sys.stderr.write(f"{OUT.name} is out of date: run packaging/make_library.py\n")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    sys.stdout.write(f"wrote {OUT.relative_to(ROOT)}: {len(MONSTERS) + len(HEROES)} creatures\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
