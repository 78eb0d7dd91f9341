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
    combat_rows_at,
    combat_rows_to,
    known_id,
    text,
)
from orcus_desktop.vocabulary import CreatureId


def monster_groups_to(combat: Combat) -> dict[str, Any]:
    return combat_rows_to(
        "monster_groups",
        combat.monster_groups,
        lambda pair: {"creature": pair[0], "group": pair[1]},
    )


def monster_groups_from(
    data: Mapping[str, Any], creature_ids: set[str]
) -> tuple[tuple[CreatureId, str], ...]:
    pairs: list[tuple[CreatureId, str]] = []
    for entry, where in combat_rows_at(data, "monster_groups"):
        cid = known_id(entry.get("creature"), f"{where}.creature", creature_ids)
        group = text(entry.get("group"), f"{where}.group")
        if not group.strip():
            raise EncounterFileError(f"{where}.group: expected a group name")
        pairs.append((CreatureId(cid), group))
    return tuple(pairs)
