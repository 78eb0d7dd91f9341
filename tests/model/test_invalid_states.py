"""Issue 29: the invalid states fuzzed files still opened into are refused, naming the field.

A living creature with three failed death saves, a held attack whose attacker is not in the
combat, a running combat with no initiative order, and effect ids used twice are refused on
load (`model/invariants.py`, the check every committed step passes too); an effect counter
behind the ids it handed out is moved past them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
)
from orcus_desktop.rules.conditions import Condition
from tests.controller.conftest import hero_fights_orc


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """A running fight: the hero is dazed and slowed (effects 1 and 2), the orc walked off."""
    session = hero_fights_orc((8, 6), (2, 2), (5, 2))
    assert session.run(gm_edits.add_condition, "hero", Condition.DAZED).ok
    assert session.run(gm_edits.add_condition, "hero", Condition.SLOWED).ok
    return encounter_to_dict(session.encounter)


def _three_failures(data: dict[str, Any]) -> None:
    data["creatures"][0]["state"]["death_save_failures"] = 3


def _pending_outsider(data: dict[str, Any]) -> None:
    data["creatures"].append({**data["creatures"][1], "id": "stranger", "square": [7, 5]})
    data["combat"]["pending"] = {"attacker": "stranger", "kind": "power", "power": "Axe"}


def _empty_order(data: dict[str, Any]) -> None:
    data["combat"]["order"] = []
    data["combat"]["current"] = None


def _effect_twice(data: dict[str, Any]) -> None:
    conditions = data["creatures"][0]["state"]["conditions"]
    conditions[1]["effect_id"] = conditions[0]["effect_id"]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            _three_failures,
            "creatures[0].state.death_save_failures: 3, but the creature is not dead",
        ),
        (_pending_outsider, 'combat.pending.attacker: "stranger" is not in the combat'),
        (_empty_order, "combat.order: empty, but a combat is running"),
        (_effect_twice, "creatures[0].state: effect id 1 is used twice"),
    ],
)
def test_a_file_holding_an_invalid_state_is_refused_naming_it(
    saved: dict[str, Any], mutate: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = copy.deepcopy(saved)
    assert encounter_from_dict(copy.deepcopy(data)) is not None  # sound before the change
    mutate(data)
    with pytest.raises(EncounterFileError) as refused:
        encounter_from_dict(data)
    assert str(refused.value) == message


def test_an_effect_counter_behind_its_ids_is_moved_past_them(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["creatures"][0]["state"]["next_effect_id"] = 1
    state = encounter_from_dict(data).creature("hero").state
    assert state is not None
    assert state.next_effect_id == 3
