"""001's end-of-round activities in the encounter file (001-04; `combat.round_end_activities`).

Written only when there are some, so files of the other rulesets never carry the key; a file
without it has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.file_format.fields import (
    combat_rows_at,
    combat_rows_to,
    short_text,
    whole,
)
from orcus_desktop.model.round_end import MAX_ACTIVITY_TEXT, RoundEndActivity

_KEY = "round_end_activities"


def round_end_to(combat: Combat) -> dict[str, Any]:
    return combat_rows_to(
        _KEY, combat.round_end_activities, lambda a: {"text": a.text, "at_round": a.at_round}
    )


def round_end_from(data: Mapping[str, Any]) -> tuple[RoundEndActivity, ...]:
    """The activities of ``combat`` data (none when the key is missing)."""
    return tuple(
        RoundEndActivity(
            short_text(raw.get("text"), f"{where}.text", MAX_ACTIVITY_TEXT),
            whole(raw.get("at_round", 0), f"{where}.at_round", 0, 10**6),
        )
        for raw, where in combat_rows_at(data, _KEY)
    )
