"""003's monster groups in the encounter file (003-07; `Combat.monster_groups`).

Written only when the GM arranged some, so files of the other rulesets never carry the key;
a file without it has none (monsters then fall into the default groups at the roll).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    known_id,
    list_at,
    mapping,
    text,
)
from orcus_desktop.vocabulary import CreatureId


def monster_groups_to(combat: Combat) -> dict[str, Any]:
    if not combat.monster_groups:
        return {}
    return {
        "monster_groups": [
            {"creature": cid, "group": group} for cid, group in combat.monster_groups
        ]
    }


def monster_groups_from(
    data: Mapping[str, Any], creature_ids: set[str]
) -> tuple[tuple[CreatureId, str], ...]:
    where = "combat.monster_groups"
    pairs: list[tuple[CreatureId, str]] = []
    for i, item in enumerate(list_at(data.get("monster_groups", []), where)):
        entry = mapping(item, f"{where}[{i}]")
        cid = known_id(entry.get("creature"), f"{where}[{i}].creature", creature_ids)
        group = text(entry.get("group"), f"{where}[{i}].group")
        if not group.strip():
            raise EncounterFileError(f"{where}[{i}].group: expected a group name")
        pairs.append((CreatureId(cid), group))
    return tuple(pairs)
