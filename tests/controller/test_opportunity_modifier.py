"""003-19 the Opportunity Modifier, played from the GM's side.

003 "Opportunity Attacks" (l.243-249) and "5.10.2 Core Maneuvers" (l.580-586): "Effect: You make
a Melee Basic Attack against the triggering enemy, adding your Opportunity Modifier to the Hit
Roll". It is the stat block's ``opportunity_modifier`` (default 0); 000 has no such modifier.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.controller.actions import attacks as attacks_cases
from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import thaw
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)
from orcus_desktop.rules.statblock_dicts import statblock_from_dict, statblock_to_dict
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc, orc_block

LABEL = "opportunity modifier (003-19)"


def _walk_past_goblin(ruleset_id: str) -> GameSession:
    """The hero (first in initiative) stands next to a goblin with Opportunity Modifier +2."""
    creatures = (fighter("hero", 4, 4), orc("gob", 5, 4, opportunity_modifier=2))
    s = make_session(Encounter(GridBounds(12, 10), creatures=creatures, ruleset_id=ruleset_id))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "gob": 5}).ok
    assert s.run(initiative.start_combat).ok
    walk = s.move_creature("hero", Square(1, 4), MoveMode.WALK)
    assert walk.opportunity_attackers == ("gob",)
    return s


def _opportunity_roll(s: GameSession) -> dict[str, Any]:
    """The goblin's opportunity attack on the hero with a d20 of 10: its target record."""
    result = s.run(interrupts.opportunity_attack, "gob", "hero", dice=[10, 5])
    assert result.ok, result.reason
    target: dict[str, Any] = result.details["attack"]["targets"][0]
    return target


def test_003_opportunity_attack_adds_the_opportunity_modifier() -> None:
    """003-19, 003 l.249 "adding your Opportunity Modifier to the Hit Roll": the goblin's d20
    of 10 with +2 meets the hero's AC 16 under 003; under 000 the same roll misses."""
    session = _walk_past_goblin("square-fireballs")
    sf = _opportunity_roll(session)
    orcus = _opportunity_roll(_walk_past_goblin("orcus"))
    attacks = [e for e in session.encounter.combat.log if e.kind == "attack"]
    line = describe(attacks[-1], names_of(session.encounter))
    assert "+2 opportunity modifier (003-19) = 16 vs AC 16 -> hit" in line
    assert [2, LABEL] in sf["attack_parts"]
    assert not any(LABEL in str(part) for part in orcus["attack_parts"])
    assert sf["attack"] - orcus["attack"] == 2
    assert sf["defense"] == orcus["defense"] == 16
    assert sf["hit"]
    assert not orcus["hit"]


def test_the_goblins_own_attack_does_not_add_it() -> None:
    """003 l.249: the modifier belongs to the opportunity attack, not to every basic attack."""
    s = _walk_past_goblin("square-fireballs")
    assert s.run(interrupts.decline_opportunity_attack, "gob").ok
    assert s.end_turn().ok
    assert s.move_creature("gob", Square(2, 4), MoveMode.WALK).ok
    result = s.run(attacks_cases.basic_attack, "gob", "hero", dice=[10, 5])
    assert result.ok, result.reason
    parts = result.details["attack"]["targets"][0]["attack_parts"]
    assert not any(LABEL in str(part) for part in parts)


def test_a_saved_file_keeps_the_opportunity_modifier(tmp_path: Path) -> None:
    """Nothing lost on save and reopen: the goblin still has +2, and it still counts."""
    s = _walk_past_goblin("square-fireballs")
    path = tmp_path / "fight.json"
    save_encounter(path, s.encounter)
    reopened = load_encounter(path)
    block = thaw(reopened.creature("gob").statblock)
    assert block["opportunity_modifier"] == 2
    assert statblock_from_dict(block).opportunity_modifier == 2
    assert _opportunity_roll(make_session(reopened))["hit"]


def test_an_old_stat_block_reads_as_zero() -> None:
    """A stat block written before the field (no ``opportunity_modifier``) opens with 0, and
    one with 0 writes no key, as before."""
    old = orc_block("Goblin")
    assert "opportunity_modifier" not in old
    sb = statblock_from_dict(old)
    assert sb.opportunity_modifier == 0
    assert "opportunity_modifier" not in statblock_to_dict(sb)


@pytest.mark.parametrize("bad", ["+2", 2.5, True, None])
def test_a_bad_opportunity_modifier_is_named(bad: object) -> None:
    with pytest.raises(ValueError, match=r"statblock\.opportunity_modifier: expected an integer"):
        statblock_from_dict(orc_block("Goblin", opportunity_modifier=bad))


def test_a_file_with_a_bad_opportunity_modifier_says_which(tmp_path: Path) -> None:
    """Every bad input gets a clear message: the file does not open, naming the field."""
    s = _walk_past_goblin("orcus")
    data = encounter_to_dict(s.encounter)
    for raw in data["creatures"]:
        if raw["id"] == "gob":
            raw["statblock"]["opportunity_modifier"] = "two"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterFileError, match="opportunity_modifier"):
        load_encounter(path)
