"""003-07: a member leaves combat in the middle of its monster group's turn (GM side).

003 l.135 "Combat turn: Turn of action for a single PC or group of monsters": the group's turn
is one turn; a member taken off the map (Remove Creature) or dropping leaves it, and the turn
goes on with the others, ending once for them with End turn (docs/rulings.md R-94, R-107,
R-109).
"""

from __future__ import annotations

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.square_fireballs import monster_groups
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from tests.controller.test_square_fireballs_groups import _started


def _goblins_turn() -> GameSession:
    s = _started()
    assert s.end_turn().ok  # the hero's turn ends: the goblins' group turn, g1 first
    assert s.ask(sf_questions.group_turn_members, "g1") == ("g1", "g2", "g3")
    return s


def _starts(s: GameSession, since: int) -> list[str]:
    return [str(e.actor) for e in s.encounter.combat.log[since:] if e.kind == "turn_start"]


def test_removing_the_acting_member_hands_the_groups_turn_on() -> None:
    """Remove Creature on the member acting: the others act on in the same turn (no turn
    starts again for them), and one End turn ends it for them before the mage's."""
    s = _goblins_turn()
    assert s.run(monster_groups.act_with, "g2").ok
    length = len(s.encounter.combat.log)
    assert s.run(editing.remove_creature, "g2").ok
    combat = s.encounter.combat
    assert combat.current == "g1"
    assert s.ask(sf_questions.group_turn_members, "g1") == ("g1", "g3")
    assert _starts(s, length) == []
    assert combat.log[-1].data["note"] == "G2 leaves combat: G1 acts on in the group's turn"
    assert s.end_turn().ok
    combat = s.encounter.combat
    assert combat.current == "mage"
    assert [combat.combatant(g).acted_round for g in ("g1", "g3")] == [1, 1]
    s.undo()  # End turn
    s.undo()  # Remove Creature
    assert s.encounter.combat.current == "g2"
    assert s.ask(sf_questions.group_turn_members, "g2") == ("g1", "g2", "g3")


def test_removing_the_first_member_leaves_no_one_behind() -> None:
    """The first of the order leaves while acting: the later members do not get a second
    start of turn (000 "The Start of Your Turn" once a turn) and End turn ends theirs."""
    s = _goblins_turn()
    length = len(s.encounter.combat.log)
    assert s.run(editing.remove_creature, "g1").ok
    assert s.encounter.combat.current == "g2"
    assert _starts(s, length) == []
    assert s.end_turn().ok
    assert s.encounter.combat.current == "mage"
    assert s.encounter.combat.combatant("g3").acted_round == 1


def test_removing_the_last_acting_member_alone_passes_the_turn() -> None:
    """With no other member left able to act, the next turn starts (000)."""
    s = _goblins_turn()
    for g in ("g1", "g2"):
        assert s.run(gm_edits.apply_damage, g, 999).ok  # dead: no part in the turn
    assert s.encounter.combat.current == "g3"  # handed on to the last one able
    assert s.run(editing.remove_creature, "g3").ok
    assert s.encounter.combat.current == "mage"


def test_a_member_killed_mid_turn_hands_the_groups_turn_on() -> None:
    """003 l.135 "Combat turn: Turn of action for a single PC or group of monsters": the
    acting member is killed (by the GM's damage here): the turn goes on at once with the
    first other member able to act, in the same undo step (docs/rulings.md R-111); the dead
    one cannot be named again; End turn ends the others' part once."""
    s = _goblins_turn()
    length = len(s.encounter.combat.log)
    assert s.run(gm_edits.apply_damage, "g1", 999).ok
    combat = s.encounter.combat
    assert combat.current == "g2"
    assert _starts(s, length) == []  # no second start of turn for g2
    assert combat.log[-1].data["note"] == "G1 is dead: G2 acts on in the group's turn"
    refused = s.run(monster_groups.act_with, "g1")
    assert refused.reason == "G1 is dead: it cannot act in the group's turn"
    assert s.end_turn().ok
    combat = s.encounter.combat
    assert combat.current == "mage"
    assert [combat.combatant(g).acted_round for g in ("g2", "g3")] == [1, 1]
    s.undo()  # End turn
    s.undo()  # the damage and the hand-over: one step
    assert s.encounter.combat.current == "g1"
    assert not s.rules.is_dead(s.encounter, "g1")
