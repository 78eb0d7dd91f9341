"""001's Ready items and hands, played from the GM's side (001-34).

Seed 001 "Ready" (l.330): "All weapons, shields, tools and spells ... must be made Ready before
they can be used and can only be made Ready one at a time. You can only have a number of ready
items equal to your number of hands"; "Shoot!" (l.186): "A Shoot! Attack requires a Ready!
weapon or spell". Picks in docs/rulings.md R-98.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import ready_items
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ready_items import ItemKind
from orcus_desktop.model.serialization import load_encounter, save_encounter
from tests.controller.conftest import ARROW, fighter, make_session, orc

FIRE_BOLT = {**ARROW, "name": "Fire Bolt", "keywords": ["spell"]}


def _held(s: GameSession, creature_id: str) -> list[str]:
    return [r.name for r in s.encounter.combat.ready_items if r.creature_id == creature_id]


def _session(ruleset_id: str = "strike") -> GameSession:
    return make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(
                fighter("hero", 1, 1, powers=[ARROW, FIRE_BOLT]),
                orc("orc", 6, 1),
                orc("ogre", 6, 4, hands=1),
            ),
            ruleset_id=ruleset_id,
        )
    )


def _fight(s: GameSession) -> None:
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10, "ogre": 5}).ok
    assert s.run(initiative.start_combat).ok


def test_001_34_ready_items_are_limited_by_hands() -> None:
    s = _session()
    # Before combat the GM readies what each creature holds (any number, one call each).
    assert s.run(ready_items.ready_item, "hero", "longsword", ItemKind.MELEE_WEAPON).ok
    assert s.run(ready_items.ready_item, "hero", "shield", ItemKind.SHIELD).ok
    # l.330 "a number of ready items equal to your number of hands": 2 by default.
    refused = s.run(ready_items.ready_item, "hero", "torch", ItemKind.TOOL)
    assert not refused.ok
    assert "0 free hands" in refused.reason
    assert "001-34" in refused.reason
    # "some items take two hands": the ogre's stat block gives it one hand.
    refused = s.run(ready_items.ready_item, "ogre", "greatclub", ItemKind.MELEE_WEAPON, 2)
    assert not refused.ok
    assert "1 free hand:" in refused.reason
    assert s.run(ready_items.ready_item, "ogre", "club", ItemKind.MELEE_WEAPON).ok
    assert _held(s, "hero") == ["longsword", "shield"]
    note = s.encounter.combat.log[-1]
    assert note.kind == "rule_note"
    assert note.data["mechanic"] == "001-34"
    assert note.data["note"] == "readies club (melee weapon, 1 hand)"


def test_001_34_one_at_a_time_on_its_own_turn_and_undo(tmp_path: Path) -> None:
    s = _session()
    assert s.run(ready_items.ready_item, "hero", "longsword", ItemKind.MELEE_WEAPON).ok
    _fight(s)
    # Not on its turn: the ogre's turn has not come (001-34 pick, R-98).
    assert (
        "own turn" in s.run(ready_items.ready_item, "ogre", "club", ItemKind.MELEE_WEAPON).reason
    )
    # Putting away is free; then one item is readied this turn, not a second.
    assert s.run(ready_items.put_away, "hero", "longsword").ok
    assert s.run(ready_items.ready_item, "hero", "longbow", ItemKind.RANGED_WEAPON, 2).ok
    assert s.run(ready_items.put_away, "hero", "longbow").ok
    second = s.run(ready_items.ready_item, "hero", "longsword", ItemKind.MELEE_WEAPON)
    assert not second.ok
    assert "one at a time" in second.reason
    # Each change is one undo step.
    assert s.undo().ok
    assert _held(s, "hero") == ["longbow"]
    assert s.undo().ok
    assert _held(s, "hero") == []
    assert s.redo().ok
    assert _held(s, "hero") == ["longbow"]
    # Saved and reopened, and kept when combat ends (it is what the creature holds).
    path = tmp_path / "ready.json"
    save_encounter(path, s.encounter)
    reopened = load_encounter(path)
    assert [(r.name, r.kind, r.hands) for r in reopened.combat.ready_items] == [
        ("longbow", ItemKind.RANGED_WEAPON, 2)
    ]
    assert s.run(initiative.end_combat).ok
    assert _held(s, "hero") == ["longbow"]


def test_001_34_shoot_and_spell_need_a_ready_weapon_or_spell() -> None:
    s = _session()
    assert s.run(ready_items.ready_item, "hero", "longsword", ItemKind.MELEE_WEAPON).ok
    _fight(s)
    # l.186 "A Shoot! Attack requires a Ready! weapon or spell".
    shot = s.use_power("hero", "Arcane Bolt", ["orc"], dice=[20, 4])
    assert not shot.ok
    assert "a Shoot! needs a ready ranged weapon or spell" in shot.reason
    assert "001-34" in shot.reason
    assert s.run(ready_items.ready_item, "hero", "longbow", ItemKind.RANGED_WEAPON).ok
    # A Spell! needs a ready spell: the longbow does not do.
    spell = s.use_power("hero", "Fire Bolt", ["orc"], dice=[20, 4])
    assert not spell.ok
    assert "a Spell! needs a ready spell" in spell.reason
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[20, 4]).ok


def test_001_34_nothing_ready_is_not_tracked_and_other_rulesets_have_none() -> None:
    s = _session()
    _fight(s)
    # a creature the GM lists no items for shoots as before.
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[20, 4]).ok
    orcus = _session("orcus")
    refused = orcus.run(ready_items.ready_item, "hero", "longbow", ItemKind.RANGED_WEAPON)
    assert not refused.ok
    assert "has no Ready items" in refused.reason
