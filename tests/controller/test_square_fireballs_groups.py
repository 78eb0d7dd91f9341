"""003 "Square Fireballs": monster groups share one turn (003-07, 003-12), from the GM's side.

003 l.125 "The GM arranges all monsters in the encounter into monster groups"; l.133 "Group of
monsters: Several monsters that share the same Initiative Value"; l.142 "Combat turn: Turn of
action for a single PC or group of monsters"; l.187 "each PC or group of monsters Rolls
Initiative". Picks (docs/rulings.md R-93..R-95): identical monsters by default; the members act
in the one turn in the order the GM names; start/end-of-turn work at the turn's start/end.
"""

from __future__ import annotations

import json

from orcus_desktop.controller.actions import attacks, interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import monster_groups, waves
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.serialization import encounter_from_dict, encounter_to_dict
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import creature, fighter, make_session, orc_block

SF = "square-fireballs"


def goblin(cid: str, col: int, row: int) -> Creature:
    """Identical monsters: one stat block name ("Goblin")."""
    return creature(cid, "monsters", col, row, statblock=freeze(orc_block("Goblin")))


def _session(ruleset_id: str = SF) -> GameSession:
    creatures = (
        fighter("hero", 2, 2),
        fighter("mage", 2, 8),
        goblin("g1", 3, 1),
        goblin("g2", 3, 2),
        goblin("g3", 3, 3),
    )
    return make_session(
        Encounter(GridBounds(14, 10), creatures=creatures, ruleset_id=ruleset_id), seed=3
    )


DICE = {"hero": 18, "mage": 2, "g1": 10, "g2": 10, "g3": 10}


def _started(ruleset_id: str = SF) -> GameSession:
    s = _session(ruleset_id)
    assert s.run(initiative.roll_initiative, dice=DICE).ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "hero"
    return s


def _defense(s: GameSession, cid: str) -> bool:
    state = s.rules.state(s.encounter.creature(cid))
    assert state is not None
    return state.has(Condition.TOTAL_DEFENSE, s.ruleset)


def _reopened(s: GameSession) -> Encounter:
    return encounter_from_dict(json.loads(json.dumps(encounter_to_dict(s.encounter))))


def test_identical_monsters_roll_once_and_share_one_turn() -> None:
    """003-07/003-12: by default the identical goblins are one group: one roll, one turn, in
    which each goblin acts with its own actions; End turn ends the group's turn."""
    s = _started()
    combat = s.encounter.combat
    assert {combat.combatant(g).group for g in ("g1", "g2", "g3")} == {"monsters: Goblin"}
    assert len({combat.combatant(g).initiative for g in ("g1", "g2", "g3")}) == 1
    assert s.end_turn().ok  # the hero's turn: the goblins' group turn starts
    combat = s.encounter.combat
    assert combat.current == "g1"
    assert s.ask(sf_questions.group_turn_members, "g1") == ("g1", "g2", "g3")
    # Start-of-turn work for every member (003-08's Total Defense lasts until then).
    assert not any(_defense(s, g) for g in ("g1", "g2", "g3"))
    assert all(combat.combatant(g).budget.standard == 1 for g in ("g1", "g2", "g3"))
    # The GM names who acts: g2 attacks, then g1 attacks, each with its own standard action.
    assert s.run(monster_groups.act_with, "g2").ok
    assert s.encounter.combat.current == "g2"
    assert s.run(attacks.basic_attack, "g2", "hero", dice=[15]).ok
    assert s.encounter.combat.combatant("g2").budget.standard == 0
    assert s.run(monster_groups.act_with, "g1").ok
    assert s.run(attacks.basic_attack, "g1", "hero", dice=[15]).ok
    assert s.end_turn().ok  # one End turn for the whole group
    combat = s.encounter.combat
    assert combat.current == "mage"
    ended = [e.actor for e in combat.log if e.kind == "turn_end"]
    assert set(ended[-3:]) == {"g1", "g2", "g3"}
    assert all(combat.combatant(g).acted_round == 1 for g in ("g1", "g2", "g3"))
    # Round 2: the group's turn again, the first goblin acting first.
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.encounter.combat.round == 2
    assert s.encounter.combat.current == "g1"


def test_orcus_goblins_rolled_together_still_take_turns_one_by_one() -> None:
    """000 "Initiative": one roll for a group of identical creatures, each its own turn."""
    s = _session("orcus")
    groups = dict.fromkeys(("g1", "g2", "g3"), "goblins")
    assert s.run(initiative.roll_initiative, dice=DICE, groups=groups).ok
    assert s.run(initiative.start_combat).ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "g1"
    assert s.ask(sf_questions.group_turn_members, "g1") == ("g1",)
    assert not s.run(monster_groups.act_with, "g2").ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "g2"
    assert not s.run(monster_groups.arrange, {"g1": "scouts"}).ok


def test_a_member_outside_the_turn_cannot_be_named_and_the_refusal_says_why() -> None:
    s = _started()
    refused = s.run(monster_groups.act_with, "g2")  # the hero's turn
    assert not refused.ok
    assert "does not share" in refused.reason
    assert s.end_turn().ok
    assert not s.run(monster_groups.act_with, "g1").ok  # acting already
    assert not s.run(monster_groups.act_with, "hero").ok


def test_the_gm_arranges_groups_and_they_are_kept_through_undo_and_the_file() -> None:
    """003 l.125: the GM arranges the groups (here g1 alone as a scout); undo, redo and the
    file keep the arrangement, and the roll follows it: g1 rolls and acts apart."""
    s = _session()
    assert s.run(monster_groups.arrange, {"g1": "Scouts"}).ok
    assert s.ask(sf_questions.monster_group, "g1") == "Scouts"
    assert s.ask(sf_questions.monster_group, "g2") == "monsters: Goblin"
    assert s.ask(sf_questions.monster_group, "hero") is None
    assert s.undo().ok
    assert s.ask(sf_questions.monster_group, "g1") == "monsters: Goblin"
    assert s.redo().ok
    assert _reopened(s).combat.monster_groups == (("g1", "Scouts"),)
    assert s.run(initiative.roll_initiative, dice={**DICE, "g1": 5}).ok
    combat = s.encounter.combat
    assert combat.combatant("g1").group == "Scouts"
    assert combat.combatant("g1").initiative != combat.combatant("g2").initiative
    assert s.run(initiative.start_combat).ok
    assert s.end_turn().ok  # hero
    assert s.encounter.combat.current == "g2"
    assert s.ask(sf_questions.group_turn_members, "g2") == ("g2", "g3")
    # Arranging is done before combat; a PC rolls alone (003 l.129).
    assert not s.run(monster_groups.arrange, {"g2": "Scouts"}).ok
    s2 = _session()
    refused = s2.run(monster_groups.arrange, {"hero": "Heroes"})
    assert not refused.ok
    assert "PC" in refused.reason
    assert not s2.run(monster_groups.arrange, {"g1": "  "}).ok


def test_arranging_after_the_roll_shares_the_groups_initiative() -> None:
    """003 l.133: a group's monsters "share the same Initiative Value"."""
    s = _session()
    assert s.run(monster_groups.arrange, {"g1": "Scouts"}).ok
    assert s.run(initiative.roll_initiative, dice={**DICE, "g1": 19, "g2": 4}).ok
    g2 = s.encounter.combat.combatant("g2").initiative
    assert s.run(monster_groups.arrange, {"g1": None}).ok  # back with its identical goblins
    combat = s.encounter.combat
    assert combat.combatant("g1").group == "monsters: Goblin"
    assert combat.combatant("g1").initiative == g2
    assert s.undo().ok
    assert s.encounter.combat.combatant("g1").group == "Scouts"


def test_the_group_turn_survives_undo_redo_and_reopening() -> None:
    s = _started()
    assert s.end_turn().ok
    assert s.run(monster_groups.act_with, "g3").ok
    assert s.undo().ok
    assert s.encounter.combat.current == "g1"
    assert s.redo().ok
    assert s.encounter.combat.current == "g3"
    reopened = _reopened(s)
    assert reopened.combat == s.encounter.combat
    again = make_session(reopened)
    assert again.ask(sf_questions.group_turn_members, "g3") == ("g1", "g2", "g3")
    assert again.end_turn().ok
    assert again.encounter.combat.current == "mage"
    assert s.undo().ok  # the act_with
    assert s.undo().ok  # the hero's End turn: no group turn
    assert s.encounter.combat.current == "hero"
    assert s.ask(sf_questions.group_turn_members, "g1") == ("g1",)


def test_a_surprised_member_loses_its_part_and_the_group_acts() -> None:
    """003-10, 003 l.168 with 003-07 (docs/rulings.md R-95): the surprised goblin "use[s] Full
    Defense" and loses its part of the group's turn; the other goblins act in it."""
    s = _session()
    assert s.run(initiative.roll_initiative, dice=DICE).ok
    assert s.run(initiative.set_surprised, "g1").ok
    assert s.run(initiative.start_combat).ok
    assert s.end_turn().ok  # hero
    combat = s.encounter.combat
    assert combat.current == "g2"
    assert combat.combatant("g1").budget.standard == 0
    assert not combat.combatant("g1").surprised
    assert _defense(s, "g1")
    assert s.ask(sf_questions.group_turn_members, "g2") == ("g1", "g2", "g3")
    assert s.end_turn().ok
    assert s.encounter.combat.current == "mage"


def test_a_wholly_surprised_group_loses_the_turn() -> None:
    s = _session()
    assert s.run(initiative.roll_initiative, dice=DICE).ok
    for g in ("g1", "g2", "g3"):
        assert s.run(initiative.set_surprised, g).ok
    assert s.run(initiative.start_combat).ok
    assert s.end_turn().ok  # hero; the goblins' turn is lost
    assert s.encounter.combat.current == "mage"
    assert all(_defense(s, g) for g in ("g1", "g2", "g3"))


def test_a_goblin_joining_the_fight_shares_its_groups_initiative_and_turn() -> None:
    """003 l.133: a group's monsters "share the same Initiative Value" - a newcomer of the
    group (join, or 003-14 Keep Initiative) takes the group's, not a roll of its own, and acts
    in the group's turn from the next round."""
    s = _started()
    assert s.run(editing.place_creature, goblin("g4", 3, 4)).ok
    assert s.run(initiative.join_combat, "g4", die=1).ok
    combat = s.encounter.combat
    assert combat.combatant("g4").group == "monsters: Goblin"
    assert combat.combatant("g4").initiative == combat.combatant("g1").initiative
    assert s.end_turn().ok  # hero: the goblins' turn, g4 with them
    assert s.ask(sf_questions.group_turn_members, "g1") == ("g1", "g2", "g3", "g4")
    assert s.run(editing.place_creature, goblin("g5", 3, 5)).ok
    assert s.run(waves.new_wave, "keep_initiative", dice={"g5": 20}).ok
    combat = s.encounter.combat
    assert combat.combatant("g5").initiative == combat.combatant("g1").initiative
    assert s.ask(sf_questions.group_turn_members, "g1") == (
        "g1",
        "g2",
        "g3",
        "g4",
    )  # g5 from next round


def test_moving_a_group_in_the_order_moves_all_of_it() -> None:
    """003 l.133: one initiative value for the group, so the GM's reorder moves it whole."""
    s = _started()
    assert s.encounter.combat.order[:4] == ("hero", "g1", "g2", "g3")
    assert s.run(initiative.reorder_initiative, "g2", "hero").ok
    combat = s.encounter.combat
    assert combat.order[:4] == ("g1", "g2", "g3", "hero")
    assert {combat.combatant(g).initiative for g in ("g1", "g2", "g3")} == {
        combat.combatant("hero").initiative
    }
    refused = s.run(initiative.reorder_initiative, "g3", "g1")
    assert not refused.ok
    assert "same monster group" in refused.reason


def test_one_opportunity_attack_per_group_turn_not_per_member() -> None:
    """003 "Limits to actions": outside its turn a character takes "One Free Reaction attack
    per turn" (an Opportunity Attack is a Free Reaction), and l.135 "Combat turn: Turn of
    action for a single PC or group of monsters": the goblins' one turn gives the hero one
    opportunity attack, whichever goblin provokes it (docs/rulings.md R-106)."""
    s = _started()
    assert s.end_turn().ok  # the goblins' group turn; all three stand next to the hero
    assert s.move_creature("g1", Square(5, 1), MoveMode.WALK).ok
    assert _waiting(s)  # g1 provoked: the hero may strike
    hit = s.run(interrupts.opportunity_attack, "hero", "g1", dice=[19, 3])
    assert hit.ok, hit.reason
    assert not _waiting(s)
    assert s.encounter.creature("g1").square == Square(5, 1)
    # g2 acts in the same turn: the hero's one attack of the turn is spent.
    assert s.run(monster_groups.act_with, "g2").ok
    assert s.move_creature("g2", Square(5, 2), MoveMode.WALK).ok
    assert not _waiting(s)
    assert s.encounter.creature("g2").square == Square(5, 2)
    assert "opportunity attack offered" not in _log_line(s, "g2")
    refused = s.run(interrupts.opportunity_attack, "hero", "g2")
    assert refused.reason == "Hero already took an opportunity attack this turn"
    # The next turn is a new one: the mage's turn, then round 2's group turn offers it again.
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "g1"
    assert s.move_creature("g3", Square(2, 3), MoveMode.GM).ok
    assert s.run(monster_groups.act_with, "g3").ok
    assert s.move_creature("g3", Square(2, 5), MoveMode.WALK).ok
    assert _waiting(s)


def _log_line(s: GameSession, mover: str) -> str:
    """The last move line of `mover` in the log's words."""
    names = {str(c.id): c.name for c in s.encounter.creatures}
    (*_, last) = (e for e in s.encounter.combat.log if e.kind == "move" and e.actor == mover)
    return entry_text(last, lambda cid: names.get(cid or "", ""), s.ruleset.label)


def _waiting(s: GameSession) -> bool:
    """Whether a move waits for opportunity attacks offered."""
    return s.encounter.combat.pending is not None


def test_a_delaying_member_leaves_and_the_groups_turn_goes_on() -> None:
    """000 "Delay" in 003's group turn (003-07): the others act on in the same turn; the one
    who delayed re-enters alone and keeps its new place as its own turn for the rest of the
    fight (000 "Initiative Consequences of Delaying"; docs/rulings.md R-94, R-107)."""
    s = _started()
    assert s.end_turn().ok  # the goblins' turn: g1 acts first
    assert s.run(monster_groups.act_with, "g3").ok  # the last of the order delays
    length = len(s.encounter.combat.log)
    assert s.delay().ok
    combat = s.encounter.combat
    assert combat.current == "g1"  # not the mage: the group's turn is not over
    assert s.ask(sf_questions.group_turn_members, "g1") == ("g1", "g2")
    added = [e.kind for e in combat.log[length:]]
    assert "turn_start" not in added  # nobody's turn starts again
    assert combat.log[-1].data["note"] == "G3 delays: G1 acts on in the group's turn"
    assert s.end_turn().ok  # one End turn for g1 and g2
    combat = s.encounter.combat
    assert combat.current == "mage"
    assert [combat.combatant(g).acted_round for g in ("g1", "g2")] == [1, 1]
    assert combat.combatant("g3").delaying
    assert s.run(initiative.resume_delayed, "g3").ok  # after the mage
    mage = combat.combatant("mage").initiative
    g3 = s.encounter.combat.combatant("g3")
    assert (g3.group, g3.initiative) == (None, mage)
    assert s.encounter.combat.log[-1].data["note"] == "G3 acts alone from now on (R-107)"
    assert _reopened(s).combat.combatant("g3").group is None
    assert s.end_turn().ok  # the mage
    assert s.encounter.combat.current == "g3"
    assert s.ask(sf_questions.group_turn_members, "g3") == ("g3",)
    # Round 2: the group without g3, then g3's own turn after the mage.
    for acting in ("hero", "g1", "mage", "g3"):
        assert s.end_turn().ok
        assert s.encounter.combat.current == acting
    for _ in range(6):  # the five End turns, then the re-entry: one undo step each
        s.undo()
    g3 = s.encounter.combat.combatant("g3")
    assert (g3.group, g3.delaying) == ("monsters: Goblin", True)


def test_an_orcus_delayer_keeps_its_roll_group() -> None:
    """000 has no group turns: a delaying goblin rolled with others keeps its group."""
    s = _session("orcus")
    groups = dict.fromkeys(("g1", "g2", "g3"), "goblins")
    assert s.run(initiative.roll_initiative, dice=DICE, groups=groups).ok
    assert s.run(initiative.start_combat).ok
    assert s.end_turn().ok
    assert s.delay().ok  # g1
    assert s.encounter.combat.current == "g2"
    assert s.run(initiative.resume_delayed, "g1").ok
    assert s.encounter.combat.combatant("g1").group == "goblins"
