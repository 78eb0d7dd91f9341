"""003-07: a monster group's turn is one turn, whichever member acts (GM side).

003 l.135 "Combat turn: Turn of action for a single PC or group of monsters". A member knocked
out has no part in the acting, the turn goes on with one that can act; what counts "a turn"
(a zone's turn, the end of an action for 003-47's stealth) counts the group's turn once
(docs/rulings.md R-111).
"""

from __future__ import annotations

import json

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits, zones
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import monster_groups
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.serialization import encounter_from_dict, encounter_to_dict
from orcus_desktop.model.zones import ZoneDuration
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import make_session
from tests.controller.test_square_fireballs_groups import _started

UNTIL_COUNTERED = DurationKind.UNTIL_COUNTERED


def _defending(s: GameSession, cid: str) -> bool:
    return Condition.TOTAL_DEFENSE in s.rules.conditions(s.encounter, cid)


def _zone_names(s: GameSession) -> list[str]:
    return [z.name for z in s.encounter.zones]


def test_a_knocked_out_first_member_hands_the_acting_on_but_keeps_its_turn_work() -> None:
    """The group's turn starts with G1 unconscious: its start-of-turn work is done (its
    opening Total Defense ends, 003-08 "until your next turn", as for a knocked-out creature
    acting alone), but G2 acts; G1 cannot be named to act; End turn ends G1's part with the
    others'."""
    s = _started()
    assert s.run(gm_edits.add_condition, "g1", Condition.UNCONSCIOUS, UNTIL_COUNTERED).ok
    assert _defending(s, "g1")
    assert s.end_turn().ok  # the hero's turn: the goblins' group turn starts
    combat = s.encounter.combat
    assert combat.current == "g2"
    assert not _defending(s, "g1")
    assert s.ask(sf_questions.group_turn_members, "g2") == ("g1", "g2", "g3")
    notes = [e.data["note"] for e in combat.log if e.kind == "rule_note"]
    assert notes[-1] == "G1 is unconscious: G2 acts on in the group's turn"
    assert (
        s.run(monster_groups.act_with, "g1").reason
        == "G1 is unconscious: it cannot act in the group's turn"
    )
    assert s.run(monster_groups.act_with, "g3").ok
    assert s.end_turn().ok
    combat = s.encounter.combat
    assert combat.current == "mage"
    assert [combat.combatant(g).acted_round for g in ("g1", "g2", "g3")] == [1, 1, 1]


def test_a_member_knocked_out_by_an_opportunity_attack_hands_the_turn_on() -> None:
    """G1 walks away from the hero, whose opportunity attack knocks it out (000 "Knocking a
    creature out"): once the offer is settled the turn goes on with G2, in that step."""
    s = _started()
    assert s.end_turn().ok
    assert s.run(gm_edits.apply_damage, "g1", 29).ok  # 1 HP left
    assert s.move_creature("g1", Square(6, 1), MoveMode.WALK).ok
    assert s.encounter.combat.current == "g1"  # waits for the hero's attack
    hit = s.run(interrupts.opportunity_attack, "hero", "g1", dice=[19, 5], knock_out=True)
    assert hit.ok, hit.reason
    assert Condition.UNCONSCIOUS in s.rules.conditions(s.encounter, "g1")
    assert s.encounter.combat.current == "g2"
    assert s.undo().ok
    assert s.encounter.combat.current == "g1"


def test_a_zone_placed_in_the_groups_turn_lasts_past_it_whoever_acts() -> None:
    """000 "Durations": "until the end of its next turn" placed in the group's turn does not
    end at that turn's end though the GM named another member to act; it ends at the end of
    the group's next turn (R-111)."""
    s = _started()
    assert s.end_turn().ok  # G1 acts in the group's turn
    owned = ZoneDuration.END_OF_OWNER_NEXT_TURN
    assert s.run(zones.place_zone, "Stinking cloud", [Square(5, 5)], owned, "g1").ok
    assert s.run(monster_groups.act_with, "g2").ok
    assert s.end_turn().ok
    assert _zone_names(s) == ["Stinking cloud"]
    assert s.end_turn().ok  # the mage
    assert s.end_turn().ok  # round 2: the hero; the group's turn starts
    assert _zone_names(s) == ["Stinking cloud"]
    assert s.end_turn().ok
    assert _zone_names(s) == []


def test_a_sustained_zone_is_sustained_in_the_groups_turn_by_its_member() -> None:
    """000 "Maintain" on its own turn: G1's turn is the group's, so G1 sustains while G2 is
    the one acting; left unsustained, it ends with the group's turn."""
    s = _started()
    assert s.end_turn().ok
    assert s.run(zones.place_zone, "Wall of fog", [Square(6, 6)], ZoneDuration.SUSTAINED, "g1").ok
    zone_id = s.encounter.zones[0].id
    assert s.end_turn().ok  # placed this turn: kept
    for _ in range(2):  # the mage, the hero: the group's turn, G1 first
        assert s.end_turn().ok
    assert s.run(monster_groups.act_with, "g2").ok
    assert s.run(zones.sustain_zone, zone_id).ok
    assert s.end_turn().ok
    assert _zone_names(s) == ["Wall of fog"]
    for _ in range(2):
        assert s.end_turn().ok
    assert s.end_turn().ok  # not sustained this time
    assert _zone_names(s) == []


def test_stealth_ends_after_an_action_that_hands_the_groups_turn_on() -> None:
    """003-47 (003 l.420): Hidden is lost "if, at the end of a character's action", the
    character lacks cover or concealment against all enemies. The hero's opportunity attack
    is an action though it hands the group's turn from G1 to G2: G3, hidden in the open,
    loses it (the group's turn is one turn, R-111)."""
    s = _started()
    assert s.end_turn().ok
    assert s.run(gm_edits.apply_damage, "g1", 29).ok
    assert s.move_creature("g1", Square(6, 1), MoveMode.WALK).ok
    assert s.run(
        gm_edits.add_condition, "g3", Condition.HIDDEN, UNTIL_COUNTERED
    ).ok  # the GM's: no action
    assert Condition.HIDDEN in s.rules.conditions(s.encounter, "g3")
    assert s.run(interrupts.opportunity_attack, "hero", "g1", dice=[19, 5], knock_out=True).ok
    assert s.encounter.combat.current == "g2"
    assert Condition.HIDDEN not in s.rules.conditions(s.encounter, "g3")


def _hero_strikes_g1(s: GameSession) -> None:
    """In the goblins' turn G1 walks away from the hero, who takes its opportunity attack."""
    assert s.move_creature("g1", Square(5, 1), MoveMode.WALK).ok
    hit = s.run(interrupts.opportunity_attack, "hero", "g1", dice=[19, 3])
    assert hit.ok, hit.reason


def _no_second_attack(s: GameSession, mover: str, goal: Square) -> None:
    """003 "Limits to actions": "One Free Reaction attack per turn" (R-106)."""
    assert s.move_creature(mover, goal, MoveMode.WALK).ok
    assert s.encounter.creature(mover).square == goal  # nothing waits for the hero
    assert s.encounter.combat.pending is None
    refused = s.run(interrupts.opportunity_attack, "hero", mover)
    assert refused.reason == "Hero already took an opportunity attack this turn"


def test_the_hero_has_no_second_attack_once_the_member_it_struck_leaves_combat() -> None:
    """G1 is taken off the map (Remove Creature) after the hero's attack on it: the group's turn
    goes on with G2 (R-109), still the same turn for the hero's one attack (R-106)."""
    s = _started()
    assert s.end_turn().ok
    _hero_strikes_g1(s)
    assert s.run(editing.remove_creature, "g1").ok
    assert s.encounter.combat.current == "g2"
    _no_second_attack(s, "g2", Square(5, 2))


def test_the_hero_has_no_second_attack_after_the_first_member_delays() -> None:
    """G2 acts first and is struck; G1, first in the order, then delays (000 "Delay"), the
    others act on (R-107): still the one group turn of R-106."""
    s = _started()
    assert s.end_turn().ok
    assert s.run(monster_groups.act_with, "g2").ok
    assert s.move_creature("g2", Square(5, 2), MoveMode.WALK).ok
    assert s.run(interrupts.opportunity_attack, "hero", "g2", dice=[19, 3]).ok
    assert s.run(monster_groups.act_with, "g1").ok
    assert s.delay().ok
    assert s.run(monster_groups.act_with, "g3").ok
    _no_second_attack(s, "g3", Square(5, 3))
    # G1 re-enters alone later: a turn of its own, so the hero may strike again.
    assert s.end_turn().ok  # the goblins' turn ends; the mage's starts
    assert s.run(initiative.resume_delayed, "g1").ok  # after the mage
    assert s.end_turn().ok
    assert s.encounter.combat.current == "g1"
    assert s.move_creature("g1", Square(1, 1), MoveMode.WALK).ok
    assert s.encounter.combat.pending is not None  # the hero's attack is offered


def test_a_file_saved_with_the_earlier_mark_of_the_groups_turn_keeps_the_attack_spent() -> None:
    """Files saved before kept the group's turn under the first member sharing it ("1/g1");
    reopened mid-turn, the hero's attack of that turn stays spent."""
    s = _started()
    assert s.end_turn().ok
    _hero_strikes_g1(s)
    saved = encounter_to_dict(s.encounter)
    (hero,) = [c for c in saved["combat"]["combatants"] if c["id"] == "hero"]
    hero["opportunity_turn"] = "1/g1"  # as the earlier version wrote it
    reopened = make_session(encounter_from_dict(json.loads(json.dumps(saved))))
    assert reopened.run(monster_groups.act_with, "g2").ok
    _no_second_attack(reopened, "g2", Square(5, 2))
