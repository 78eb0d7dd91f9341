"""001's Ready items in the encounter file (001-34; `Combat.ready_items`).

Written only when some creature holds one, so files of the other rulesets never carry the key;
a file without it has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    enum_at,
    known_id,
    list_at,
    mapping,
    text,
    whole,
)
from orcus_desktop.model.ready_items import MAX_ITEM_NAME, ItemKind, ReadyItem
from orcus_desktop.vocabulary import CreatureId

_KEY = "ready_items"


def ready_items_to(combat: Combat) -> dict[str, Any]:
    if not combat.ready_items:
        return {}
    return {
        _KEY: [
            {"creature": r.creature_id, "name": r.name, "kind": r.kind.value, "hands": r.hands}
            for r in combat.ready_items
        ]
    }


def ready_items_from(data: Mapping[str, Any], creature_ids: set[str]) -> tuple[ReadyItem, ...]:
    """The ready items of ``combat`` data (none when the key is missing)."""
    out = []
    for i, item in enumerate(list_at(data.get(_KEY, []), f"combat.{_KEY}")):
        where = f"combat.{_KEY}[{i}]"
        raw = mapping(item, where)
        cid = known_id(raw.get("creature"), f"{where}.creature", creature_ids)
        name = text(raw.get("name"), f"{where}.name").strip()
        if not name or len(name) > MAX_ITEM_NAME:
            raise EncounterFileError(f"{where}.name: 1 to {MAX_ITEM_NAME} characters")
        kind = enum_at(ItemKind, raw.get("kind"), f"{where}.kind")
        hands = whole(raw.get("hands", 1), f"{where}.hands", 1, 2)
        out.append(ReadyItem(CreatureId(cid), name, kind, hands))
    return tuple(out)
