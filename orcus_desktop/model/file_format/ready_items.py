"""001's Ready items in the encounter file (001-34; `Combat.ready_items`).

Written only when some creature holds one, so files of the other rulesets never carry the key;
a file without it has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.file_format.fields import (
    combat_rows_at,
    combat_rows_to,
    enum_at,
    known_id,
    short_text,
    whole,
)
from orcus_desktop.model.ready_items import MAX_ITEM_NAME, ItemKind, ReadyItem
from orcus_desktop.vocabulary import CreatureId

_KEY = "ready_items"


def ready_items_to(combat: Combat) -> dict[str, Any]:
    return combat_rows_to(
        _KEY,
        combat.ready_items,
        lambda r: {
            "creature": r.creature_id,
            "name": r.name,
            "kind": r.kind.value,
            "hands": r.hands,
        },
    )


def ready_items_from(data: Mapping[str, Any], creature_ids: set[str]) -> tuple[ReadyItem, ...]:
    """The ready items of ``combat`` data (none when the key is missing)."""
    return tuple(
        ReadyItem(
            CreatureId(known_id(raw.get("creature"), f"{where}.creature", creature_ids)),
            short_text(raw.get("name"), f"{where}.name", MAX_ITEM_NAME),
            enum_at(ItemKind, raw.get("kind"), f"{where}.kind"),
            whole(raw.get("hands", 1), f"{where}.hands", 1, 2),
        )
        for raw, where in combat_rows_at(data, _KEY)
    )
