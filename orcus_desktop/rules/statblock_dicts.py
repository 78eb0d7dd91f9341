"""Stat blocks to and from the plain dicts that encounter files and the library store.

`statblock_from_dict` checks every key and value and names where a bad one is (e.g.
"statblock.weapons[2]"); `statblock_to_dict` is its inverse:
`statblock_from_dict(statblock_to_dict(sb)) == sb`. Powers go through `power_dicts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from orcus_desktop.geometry.grid import Size
from orcus_desktop.rules.abilities import AbilityScores
from orcus_desktop.rules.limits import MAX_LEVEL, MAX_NAME_CHARS, MAX_SPEED, MAX_STAT
from orcus_desktop.rules.power_dicts import power_from_dict, power_to_dict
from orcus_desktop.rules.statblock import (
    DEFAULT_HANDS,
    MOST_HANDS,
    Defenses,
    MovementMode,
    Role,
    Sense,
    SenseRange,
    Side,
    Speed,
    StatBlock,
    Weapon,
)
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
