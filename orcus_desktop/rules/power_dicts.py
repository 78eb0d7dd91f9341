"""Powers to and from the plain dicts that stat blocks and encounter files store.

`power_from_dict` checks every key and value and names where a bad one is (its `where`
argument, e.g. "statblock.powers[2]"); `power_to_dict` is its inverse:
`power_from_dict(power_to_dict(p)) == p`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from orcus_desktop.rules.abilities import parse_ability
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.limits import MAX_LEVEL, MAX_SPEED, MAX_STAT
from orcus_desktop.rules.powers import (
    ActionKind,
    Area,
    AttackSpec,
    ConditionSpec,
    DamageSpec,
    ForcedMovementSpec,
    Frequency,
    Outcome,
    PersistentSpec,
    Power,
    PowerCategory,
    PowerRange,
    PowerSource,
    TargetKind,
)
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
from orcus_desktop.vocabulary import AreaShape, ForcedMovementKind, Origin


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


_OUTCOME_KEYS: Final = {
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
                as_int(
                    entry.get("amount"),
                    f"{where}.persistent[{i}].amount",
                    minimum=1,
                    maximum=MAX_STAT,
                ),
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
            as_int(
                entry.get("squares"),
                f"{where}.forced_movement.squares",
                minimum=1,
                maximum=MAX_SPEED,
            ),
        )
    return Outcome(
        damage=damage,
        half_damage=as_bool(data.get("half_damage", False), f"{where}.half_damage"),
        conditions=tuple(conditions),
        persistent=tuple(persistent),
        forced_movement=forced,
        temp_hp=as_int(data.get("temp_hp", 0), f"{where}.temp_hp", minimum=0, maximum=MAX_STAT),
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
        data["attack"] = _attack_to_dict(power.attack)
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


def _attack_to_dict(attack: AttackSpec) -> dict[str, object]:
    """A power's attack line as a JSON-ready dict (defaults omitted)."""
    data: dict[str, object] = {"defense": attack.defense.value}
    if attack.ability is not None:
        data["ability"] = attack.ability.value
    if attack.bonus is not None:
        data["bonus"] = attack.bonus
    if attack.extra:
        data["extra"] = attack.extra
    return data


_POWER_KEYS: Final = {
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
            parse_enum(AreaShape, area_data.get("type"), f"{where}.area.type"),
            as_int(area_data.get("size"), f"{where}.area.size", minimum=1, maximum=MAX_SPEED),
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
            extra=as_int(
                attack_data.get("extra", 0),
                f"{where}.attack.extra",
                minimum=-MAX_STAT,
                maximum=MAX_STAT,
            ),
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
            level=as_int(data.get("level", 1), f"{where}.level", minimum=1, maximum=MAX_LEVEL),
            range=PowerRange(
                normal=as_opt_int(range_data.get("normal"), f"{where}.range.normal", minimum=0),
                long=as_opt_int(range_data.get("long"), f"{where}.range.long", minimum=0),
                weapon=as_bool(range_data.get("weapon", False), f"{where}.range.weapon"),
            ),
            area=area,
            targets=parse_enum(TargetKind, data.get("targets", "one"), f"{where}.targets"),
            target_count=as_int(
                data.get("target_count", 1), f"{where}.target_count", minimum=1, maximum=MAX_STAT
            ),
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
