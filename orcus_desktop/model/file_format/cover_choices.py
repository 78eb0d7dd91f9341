"""004's hits a covering creature may choose to take, in the encounter file (R-154).

`Combat.cover_choices` (004 l.760 "The covering character can choose to take the hit"):
written only while one waits, so other files never carry the key; a file without it has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orcus_desktop.model.file_format.fields import known_id, list_at, mapping, optional_whole, text
from orcus_desktop.model.held import CoverChoice
from orcus_desktop.vocabulary import CreatureId

_KEY = "cover_choices"


def cover_choices_to(choices: tuple[CoverChoice, ...]) -> dict[str, Any]:
    if not choices:
        return {}
    return {
        _KEY: [
            {
                "coverer": c.coverer,
                "target": c.target,
                "attacker": c.attacker,
                "power": c.power,
                "natural": c.natural,
            }
            for c in choices
        ]
    }


def cover_choices_from(data: Mapping[str, Any], creature_ids: set[str]) -> tuple[CoverChoice, ...]:
    """The file's waiting cover choices (none if absent); a bad one is refused with its field."""
    out: list[CoverChoice] = []
    for i, item in enumerate(list_at(data.get(_KEY, []), f"combat.{_KEY}")):
        where = f"combat.{_KEY}[{i}]"
        raw = mapping(item, where)

        def who(field: str, raw: Mapping[str, Any] = raw, where: str = where) -> CreatureId:
            return CreatureId(known_id(raw.get(field), f"{where}.{field}", creature_ids))

        natural = optional_whole(raw.get("natural"), f"{where}.natural")
        out.append(
            CoverChoice(
                who("coverer"),
                who("target"),
                who("attacker"),
                text(raw.get("power"), f"{where}.power"),
                natural,
            )
        )
    return tuple(out)
