"""001's initiative choices in the encounter file (001-01..03; `combat.initiative_choices`).

Written only when there are some, so files of the other rulesets never carry the key; a file
without it has none (each creature then rolls 001's default, a Quickness check).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from orcus_desktop.model.combat import Combat
from orcus_desktop.model.file_format.fields import (
    boolean,
    combat_rows_at,
    combat_rows_to,
    enum_at,
    known_id,
)
from orcus_desktop.rules.initiative_choice import InitiativeCheck, InitiativeChoice, TieChoice
from orcus_desktop.vocabulary import CreatureId

CHECK_VALUES: Final = frozenset({"", *InitiativeCheck})
"""What `Combatant.initiative_check` may hold: "" (000) or a 001 check."""


def initiative_choices_to(combat: Combat) -> dict[str, Any]:
    return combat_rows_to(
        "initiative_choices",
        combat.initiative_choices,
        lambda c: {
            "creature": c.creature_id,
            "check": c.check.value,
            "tie_choice": c.tie_choice.value,
            "unaware": c.unaware,
            "unseen": c.unseen,
            "hidden": c.hidden,
        },
    )


def initiative_choices_from(
    data: Mapping[str, Any], creature_ids: set[str]
) -> tuple[InitiativeChoice, ...]:
    return tuple(
        _choice_from(row, where, creature_ids)
        for row, where in combat_rows_at(data, "initiative_choices")
    )


def _choice_from(data: Mapping[str, Any], where: str, creature_ids: set[str]) -> InitiativeChoice:
    return InitiativeChoice(
        creature_id=CreatureId(known_id(data.get("creature"), f"{where}.creature", creature_ids)),
        check=enum_at(InitiativeCheck, data.get("check", "quickness"), f"{where}.check"),
        tie_choice=enum_at(TieChoice, data.get("tie_choice", "none"), f"{where}.tie_choice"),
        unaware=boolean(data.get("unaware", False), f"{where}.unaware"),
        unseen=boolean(data.get("unseen", False), f"{where}.unseen"),
        hidden=boolean(data.get("hidden", False), f"{where}.hidden"),
    )
