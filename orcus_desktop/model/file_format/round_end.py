"""001's end-of-round activities in the encounter file (001-04; `combat.round_end_activities`).

Written only when there are some, so files of the other rulesets never carry the key; a file
without it has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    list_at,
    mapping,
    text,
    whole,
)
from orcus_desktop.model.round_end import MAX_ACTIVITY_TEXT, RoundEndActivity

_KEY = "round_end_activities"


def round_end_to(combat: Combat) -> dict[str, Any]:
    if not combat.round_end_activities:
        return {}
    return {_KEY: [{"text": a.text, "at_round": a.at_round} for a in combat.round_end_activities]}


def round_end_from(data: Mapping[str, Any]) -> tuple[RoundEndActivity, ...]:
    """The activities of ``combat`` data (none when the key is missing)."""
    out = []
    for i, item in enumerate(list_at(data.get(_KEY, []), f"combat.{_KEY}")):
        where = f"combat.{_KEY}[{i}]"
        raw = mapping(item, where)
        words = text(raw.get("text"), f"{where}.text").strip()
        if not words or len(words) > MAX_ACTIVITY_TEXT:
            raise EncounterFileError(f"{where}.text: 1 to {MAX_ACTIVITY_TEXT} characters")
        at_round = whole(raw.get("at_round", 0), f"{where}.at_round", 0, 10**6)
        out.append(RoundEndActivity(words, at_round))
    return tuple(out)
