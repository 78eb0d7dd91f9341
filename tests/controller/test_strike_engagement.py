"""001's engagement (Strike!): the Engaged With pairs, played from the GM's side.

Mechanic ids and seed lines as in docs/rulesets.md "001": 001-25 (001 l.250-256 "Engaged With
(Target)", "Engaged By (Target)"), 001-30 Close (l.286), 001-31 Withdraw (l.344-346).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.controller.outcomes import MoveMode
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.read_encounter import encounter_from_dict
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.engagement import Engagement, engagement_band
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import fighter, make_session, orc


def _strike_fight(ruleset_id: str = "strike") -> GameSession:
    session = make_session(
        Encounter(
            GridBounds(12, 8),
            creatures=(
                fighter("hero", 4, 4),
                orc("orc", 5, 4),
                orc("goblin", 3, 4),
                orc("brute", 9, 6),
            ),
            ruleset_id=ruleset_id,
        )
    )
    assert session.roll_initiative(totals={"hero": 20, "orc": 15, "goblin": 10, "brute": 5}).ok
    assert session.start_combat().ok
    return session


def test_engaged_with_one_target_at_a_time_and_engaged_by_counts() -> None:
    s = _strike_fight()
    # 001-30, 001 l.286 Close: "you do become Engaged With it".
    assert s.engage("orc", "hero").ok
    assert s.engage("goblin", "hero").ok
    assert s.engaged_with("orc") == "hero"
    assert s.engaged_by("hero") == ("orc", "goblin")
    assert s.engaged_by_count("hero") == 2
    # 001-25, 001 l.252: it "ends when you Strike! or Counter Strike a new Target which you
    # then begins a new Engaged With (Target) Condition" - one target at a time.
    assert s.engage("orc", "brute").ok
    assert s.engaged_with("orc") == "brute"
    assert s.engaged_by("hero") == ("goblin",)
    assert s.engaged_by_count("brute") == 1
    refused = s.engage("orc", "orc")
    assert not refused.ok
    assert "itself" in refused.reason


def test_withdraw_ends_the_pairs_of_either_end_and_costs_the_action() -> None:
    s = _strike_fight()
    assert s.engage("orc", "hero").ok
    assert s.engage("hero", "goblin").ok
    # 001-31, 001 l.346 "You end all Engaged By Conditions on you"; 001-25, l.256 "either
    # one of you taking the With Draw Action" ends the pair.
    assert s.encounter.combat.current == "hero"
    assert s.withdraw("hero").ok
    assert s.engaged_by_count("hero") == 0
    assert s.engaged_with("hero") is None
    # 001-05, 001 l.53 "you can move and take one action": withdrawing was the action.
    assert s.encounter.combat.combatant("hero").budget.standard == 0
    again = s.withdraw("hero")
    assert not again.ok
    assert "not engaged" in again.reason
    notes = [e.data["mechanic"] for e in s.encounter.combat.log if e.kind == "rule_note"]
    assert notes == ["001-25", "001-25", "001-31"]


def test_engagement_is_undone_step_by_step() -> None:
    s = _strike_fight()
    assert s.engage("orc", "hero").ok
    assert s.engage("orc", "goblin").ok
    assert s.undo().ok
    assert s.engaged_with("orc") == "hero"
    assert s.undo().ok
    assert s.engaged_with("orc") is None
    assert s.redo().ok
    assert s.engaged_by("hero") == ("orc",)


def test_engagement_survives_save_and_reopen_and_old_files_have_none(tmp_path: Path) -> None:
    s = _strike_fight()
    assert s.engage("orc", "hero").ok
    assert s.engage("goblin", "hero").ok
    path = tmp_path / "fight.json"
    save_encounter(path, s.encounter)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["combat"]["engagements"] == [
        {"engager": "orc", "target": "hero"},
        {"engager": "goblin", "target": "hero"},
    ]
    reopened = make_session(load_encounter(path))
    assert reopened.engaged_by("hero") == ("orc", "goblin")
    assert reopened.ruleset.id == "strike"
    # A file written before engagement was kept has no "engagements" key: none.
    data = encounter_to_dict(s.encounter)
    del data["combat"]["engagements"]
    assert encounter_from_dict(data).combat.engagements == ()
    # Engaged With is one target at a time (001 l.252): a file saying otherwise is refused.
    data["combat"]["engagements"] = [
        {"engager": "orc", "target": "hero"},
        {"engager": "orc", "target": "goblin"},
    ]
    with pytest.raises(ValueError, match="one target at a time"):
        encounter_from_dict(data)


def test_no_engagement_outside_001_or_outside_combat() -> None:
    s = _strike_fight("orcus")
    refused = s.engage("orc", "hero")
    assert not refused.ok
    assert "no engagement" in refused.reason
    s = _strike_fight()
    assert s.engage("orc", "hero").ok
    assert s.end_combat().ok
    # The pairs belong to the combat (001-25 "stored with the combat"): gone when it ends.
    assert s.encounter.combat.engagements == ()
    assert not s.engage("orc", "hero").ok


def test_leaving_the_map_ends_the_creatures_engagements() -> None:
    s = _strike_fight()
    assert s.engage("orc", "hero").ok
    assert s.engage("hero", "goblin").ok
    assert s.remove_creature("hero").ok
    assert s.encounter.combat.engagements == ()


def test_bands_of_the_engagement_modifiers() -> None:
    # 001-26, 001 l.262-266 "Engaged By 1 other +1 / 2-3 others +2 / 4 or more others +3".
    assert [engagement_band(n) for n in range(6)] == [0, 1, 2, 2, 3, 3]
    assert Engagement(CreatureId("a"), CreatureId("b")).target == "b"


def test_no_opportunity_attacks_under_001() -> None:
    """001 has no opportunity attacks (docs/rulings.md#001-picks-engagement-and-strike)."""
    s = _strike_fight()
    # The hero stands next to the orc and the goblin: 000 would offer both an opportunity
    # attack for walking away (docs/rulings.md R-02) and for a ranged power made here.
    bolt = s.use_power("hero", "Arcane Bolt", ["brute"], dice=[1])
    assert bolt.ok, bolt.reason
    assert bolt.opportunity_attackers == ()
    assert s.encounter.combat.pending is None
    walk = s.move_creature("hero", Square(4, 0), MoveMode.WALK)
    assert walk.ok, walk.reason
    assert walk.opportunity_attackers == ()
    assert all(c.out_of_turn is None for c in s.encounter.combat.combatants)
    # The same walk under 000 provokes both.
    s = _strike_fight("orcus")
    assert s.move_creature("hero", Square(4, 0), MoveMode.WALK).opportunity_attackers == (
        "orc",
        "goblin",
    )
