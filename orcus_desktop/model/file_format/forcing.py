"""003-46's "Forced" switch in the encounter file (`Combat.forcing`; docs/rulings.md R-97).

Written only when the GM set it (under 003), so other files never carry the key; a file
without it has the switch off. A switch whose turn has passed is kept as it was (it no
longer holds: `Combat.forcer`), so a reopened file equals the document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orcus_desktop.model.combat import Combat, Forcing
from orcus_desktop.model.file_format.fields import EncounterFileError, known_id, mapping, whole
from orcus_desktop.vocabulary import CreatureId

_KEY = "forcing"


def forcing_to(combat: Combat) -> dict[str, Any]:
    f = combat.forcing
    return {} if f is None else {_KEY: {"forcer": f.forcer, "round": f.round}}


def forcing_from(
    data: Mapping[str, Any], creature_ids: set[str], current_round: int
) -> Forcing | None:
    """The switch of the file's combat, or None; a bad one is refused with its field.

    The switch is set in its forcer's turn, so its round is one the combat has reached: a
    round after ``current_round`` is refused.
    """
    raw = data.get(_KEY)
    if raw is None:
        return None
    where = f"combat.{_KEY}"
    entry = mapping(raw, where)
    forcer = known_id(entry.get("forcer"), f"{where}.forcer", creature_ids)
    round_ = whole(entry.get("round"), f"{where}.round", 1, 10**6)
    if round_ > current_round:
        raise EncounterFileError(
            f"{where}.round: {forcer}'s switch is set in round {round_}, "
            f"after the combat's round {current_round}"
        )
    return Forcing(CreatureId(forcer), round_)
