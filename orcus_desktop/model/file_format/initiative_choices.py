"""001's initiative choices in the encounter file (001-01..03; `combat.initiative_choices`).

Written only when there are some, so files of the other rulesets never carry the key; a file
without it has none (each creature then rolls 001's default, a Quickness check).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    boolean,
    known_id,
    list_at,
    mapping,
)
from orcus_desktop.rules.initiative_choice import InitiativeCheck, InitiativeChoice, TieChoice
from orcus_desktop.vocabulary import CreatureId

CHECK_VALUES = frozenset({"", *InitiativeCheck})
"""What `Combatant.initiative_check` may hold: "" (000) or a 001 check."""


def initiative_choices_to(combat: Combat) -> dict[str, Any]:
    if not combat.initiative_choices:
        return {}
    return {
        "initiative_choices": [
            {
                "creature": c.creature_id,
                "check": c.check.value,
                "tie_choice": c.tie_choice.value,
                "unaware": c.unaware,
                "unseen": c.unseen,
                "hidden": c.hidden,
            }
            for c in combat.initiative_choices
        ]
    }


def initiative_choices_from(
    data: Mapping[str, Any], creature_ids: set[str]
) -> tuple[InitiativeChoice, ...]:
    where = "combat.initiative_choices"
    return tuple(
        _choice_from(v, f"{where}[{i}]", creature_ids)
        for i, v in enumerate(list_at(data.get("initiative_choices", []), where))
    )


def _choice_from(item: object, where: str, creature_ids: set[str]) -> InitiativeChoice:
    data = mapping(item, where)
    return InitiativeChoice(
        creature_id=CreatureId(known_id(data.get("creature"), f"{where}.creature", creature_ids)),
        check=InitiativeCheck(_one_of(InitiativeCheck, data.get("check", "quickness"), where)),
        tie_choice=TieChoice(_one_of(TieChoice, data.get("tie_choice", "none"), where)),
        unaware=boolean(data.get("unaware", False), f"{where}.unaware"),
        unseen=boolean(data.get("unseen", False), f"{where}.unseen"),
        hidden=boolean(data.get("hidden", False), f"{where}.hidden"),
    )


def _one_of(kind: type[StrEnum], value: object, where: str) -> str:
    if value not in set(kind):
        allowed = ", ".join(kind)
        raise EncounterFileError(f"{where}: expected one of {allowed}")
    return str(value)
