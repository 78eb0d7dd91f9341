"""001's turn shape, played from the GM's side: a move then one action; prone when sharing.

001-05 (001 l.53 "Your Turn": "On your turn, you can move and take one action. You always move
first and then take your."), 001-32 (l.288-290 "Dash"), 001-09 (l.130 "Moving around Other
Creatures": "If you somehow end a turn in a space with another creature, you have the Prone
condition ... unless you are Tiny or are of a larger size than the other creature").
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import engagement, round_end, strike_turns
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.file_format.fields import EncounterFileError
from orcus_desktop.model.file_format.read_encounter import encounter_from_dict
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import ARROW, KNOCKDOWN, fight_started, fighter, make_session, orc

RALLYING_CRY = {"name": "Rallying Cry", "action": "swift", "origin": "self"}


def _fight(ruleset_id: str = "strike", **creatures_at: tuple[int, int]) -> GameSession:
    spots = {"hero": (2, 2), "orc": (3, 2), "brute": (9, 9), **creatures_at}
    return fight_started(
        GridBounds(12, 12),
        (
            fighter("hero", *spots["hero"], powers=[KNOCKDOWN, ARROW, RALLYING_CRY]),
            orc("orc", *spots["orc"]),
            orc("brute", *spots["brute"]),
        ),
        {"hero": 20, "orc": 15, "brute": 5},
        ruleset_id,
    )


def _budget(s: GameSession, creature_id: str = "hero") -> ActionBudget:
    return s.encounter.combat.combatant(creature_id).budget


def test_a_turn_is_one_move_and_one_action() -> None:
    s = _fight()
    # 001-05: no swift (minor) slot of its own; the one action is the standard slot.
    assert _budget(s) == ActionBudget(standard=1, move=1, swift=0)
    assert s.move_creature("hero", Square(2, 3), MoveMode.WALK).ok
    assert s.use_power("hero", "Knockdown Strike", ["orc"], dice=[1]).ok
    assert _budget(s) == ActionBudget(0, 0, 0)
    again = s.use_power("hero", "Arcane Bolt", ["brute"], dice=[1])
    assert not again.ok
    assert again.reason == (
        "Hero has taken its one action this turn (001-05: a move, then one action)"
    )


def test_moving_after_the_action_is_refused_with_the_reason() -> None:
    s = _fight()
    assert s.use_power("hero", "Arcane Bolt", ["brute"], dice=[1]).ok
    # 001 l.53 "You always move first": the unused move is gone once the action is taken.
    assert _budget(s) == ActionBudget(0, 0, 0)
    walk = s.move_creature("hero", Square(2, 5), MoveMode.WALK)
    assert not walk.ok
    assert "the move comes first, then the action (001-05)" in walk.reason
    available = s.available_actions("hero")
    assert not available.option(CombatAction.WALK).allowed
    assert "001-05" in available.option(CombatAction.WALK).reason
    assert not available.option(CombatAction.STAND_UP).allowed
    # One undo step gives the turn back as it was.
    s.undo()
    assert _budget(s) == ActionBudget(1, 1, 0)
    assert s.move_creature("hero", Square(2, 5), MoveMode.WALK).ok


def test_a_second_move_is_the_action_and_dash_is_the_action() -> None:
    s = _fight()
    assert s.move_creature("hero", Square(2, 4), MoveMode.WALK).ok
    # 001-05 "An action may be Dash (001-32) to move again": the second walk takes the action.
    assert s.move_creature("hero", Square(2, 7), MoveMode.WALK).ok
    assert _budget(s) == ActionBudget(0, 0, 0)
    assert "one action" in s.use_power("hero", "Arcane Bolt", ["brute"], dice=[1]).reason
    # 001-32 (l.288 "You can move to a second area in one Turn"): Dash is the turn's action.
    s = _fight()
    assert s.available_actions("hero").option(CombatAction.DASH).kind.value == "standard"
    assert s.move_creature("hero", Square(2, 4), MoveMode.WALK).ok
    assert s.move_creature("hero", Square(2, 8), MoveMode.DASH).ok
    assert _budget(s) == ActionBudget(0, 0, 0)


def test_a_minor_power_is_the_one_action() -> None:
    s = _fight()
    assert s.move_creature("hero", Square(2, 4), MoveMode.WALK).ok
    cry = s.use_power("hero", "Rallying Cry", [])
    assert cry.ok, cry.reason
    assert _budget(s) == ActionBudget(0, 0, 0)
    refused = s.use_power("hero", "Arcane Bolt", ["brute"], dice=[1])
    assert "one action" in refused.reason


def test_000_keeps_its_turn() -> None:
    s = _fight("orcus")
    assert _budget(s) == ActionBudget(1, 1, 1)
    assert s.use_power("hero", "Knockdown Strike", ["orc"], dice=[1]).ok
    # 000 "Your Turn": the move and the swift action stay after the standard action.
    assert _budget(s) == ActionBudget(0, 1, 1)
    assert s.available_actions("hero").option(CombatAction.WALK).allowed


# --- 001-09 -------------------------------------------------------------------------------


def _sharing(ruleset_id: str = "strike", **sizes: Size) -> GameSession:
    """The GM puts the hero in the orc's space ("somehow": a fall, a knock, the GM's call)."""
    session = fight_started(
        GridBounds(12, 12),
        (
            replace(fighter("hero", 2, 4), size=sizes.get("hero", Size.MEDIUM)),
            replace(orc("orc", 2, 2), size=sizes.get("orc", Size.MEDIUM)),
            orc("brute", 9, 9),
        ),
        {"hero": 20, "orc": 15, "brute": 5},
        ruleset_id,
    )
    moved = session.move_creature("hero", Square(2, 2), MoveMode.GM)
    assert moved.ok == (ruleset_id == "strike"), moved.reason
    return session


def _prone(s: GameSession, creature_id: str) -> bool:
    return Condition.PRONE in s.rules.conditions(s.encounter, creature_id)


def test_ending_a_turn_in_another_creatures_space_knocks_prone(tmp_path: Path) -> None:
    s = _sharing()
    assert s.end_turn().ok
    assert _prone(s, "hero")
    assert not _prone(s, "orc")  # not its turn that ended
    note = [e for e in s.encounter.combat.log if e.kind == "rule_note"][-1]
    assert note.data["mechanic"] == "001-09"
    assert "ends its turn in Orc's space" in note.data["note"]
    # It is part of the End Turn step: one undo takes both back.
    s.undo()
    assert not _prone(s, "hero")
    assert s.encounter.combat.current == "hero"
    assert s.end_turn().ok
    path = tmp_path / "shared.orcus.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert _prone(reopened, "hero")
    # The orc's own turn ends in the hero's space: it falls prone too.
    assert reopened.end_turn().ok
    assert _prone(reopened, "orc")


def test_tiny_and_larger_creatures_stay_standing() -> None:
    # 001 l.130 "unless you are Tiny or are of a larger size than the other creature".
    s = _sharing(hero=Size.TINY)
    assert s.end_turn().ok
    assert not _prone(s, "hero")
    s = _sharing(hero=Size.LARGE)
    assert s.end_turn().ok
    assert not _prone(s, "hero")
    assert s.end_turn().ok  # the orc is smaller than the large hero it shares with
    assert _prone(s, "orc")


def test_only_the_gm_puts_a_creature_in_another_space_and_only_under_001() -> None:
    s = _fight()
    # 001 l.130 "You can't willingly end a move in a space occupied by another creature."
    assert not s.move_creature("hero", Square(3, 2), MoveMode.WALK).ok
    assert Square(3, 2) in s.reachable_squares("hero", MoveMode.GM)
    # Under 000 the GM's move is refused there too, as before, and nothing falls.
    s = _sharing("orcus")
    assert s.encounter.creature("hero").square == Square(2, 4)
    assert Square(2, 2) not in s.reachable_squares("hero", MoveMode.GM)
    assert s.end_turn().ok
    assert not _prone(s, "hero")


# --- 001-06 -------------------------------------------------------------------------------


def _orc_turn(ruleset_id: str = "strike") -> GameSession:
    s = _fight(ruleset_id)
    assert s.end_turn().ok
    assert s.encounter.combat.current == "orc"
    return s


def test_dropping_prone_on_a_seen_creatures_turn() -> None:
    """001-06, 001 l.100 "On a creature you can see's turn, you can give yourself the Prone
    condition"."""
    s = _orc_turn()
    # 001-30 Close: the orc is Engaged With the hero, so an action of the hero's would give
    # it a Free Strike! (001-24); dropping prone off-turn is no action (docs/rulings.md R-90).
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.ask(strike_turns.off_turn_drop_problem, "hero") == ""
    done = s.run(strike_turns.drop_prone_off_turn, "hero")
    assert done.ok, done.reason
    assert done.text == "Hero drops prone (001-06)"
    assert _prone(s, "hero")
    note = s.encounter.combat.log[-1]
    assert (note.kind, note.data["mechanic"]) == ("rule_note", "001-06")
    assert note.data["note"] == "Hero drops prone on Orc's turn (001 l.100)"
    # Free: the orc's turn and the hero's reactions are untouched.
    assert s.encounter.combat.current == "orc"
    assert not s.encounter.combat.combatant("hero").immediate_used
    assert s.encounter.combat.strike_offers == ()
    # One undo step.
    s.undo()
    assert not _prone(s, "hero")


def test_dropping_prone_off_turn_refusals() -> None:
    s = _fight()
    assert "own turn" in s.ask(strike_turns.off_turn_drop_problem, "hero")
    assert not s.run(strike_turns.drop_prone_off_turn, "hero").ok
    s = _orc_turn()
    assert s.run(strike_turns.drop_prone_off_turn, "hero").ok
    assert s.ask(strike_turns.off_turn_drop_problem, "hero") == "Hero is already prone"
    # "as long as you are not incapacitated" (001-07 pick: stunned, unconscious, petrified).
    assert s.run(gm_edits.add_condition, "brute", Condition.STUNNED).ok
    assert "stunned: an incapacitated creature cannot drop prone" in s.ask(
        strike_turns.off_turn_drop_problem, "brute"
    )
    # "a creature you can see": a blinded creature sees nobody's turn.
    s = _orc_turn()
    assert s.run(gm_edits.add_condition, "hero", Condition.BLINDED).ok
    assert (
        s.ask(strike_turns.off_turn_drop_problem, "hero")
        == "Hero cannot see Orc, whose turn it is (001-06)"
    )
    # 000 has no such reaction: drop prone is a free action on one's own turn.
    s = _orc_turn("orcus")
    assert "no dropping prone out of turn" in s.ask(strike_turns.off_turn_drop_problem, "hero")
    assert not s.run(strike_turns.drop_prone_off_turn, "hero").ok


def test_dropped_prone_is_saved(tmp_path: Path) -> None:
    s = _orc_turn()
    assert s.run(strike_turns.drop_prone_off_turn, "hero").ok
    path = tmp_path / "prone.orcus.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert _prone(reopened, "hero")
    assert reopened.encounter.combat.log[-1].data["mechanic"] == "001-06"


# --- 001-04 -------------------------------------------------------------------------------


def _notes(s: GameSession, mechanic: str) -> list[str]:
    return [
        str(e.data["note"])
        for e in s.encounter.combat.log
        if e.kind == "rule_note" and e.data.get("mechanic") == mechanic
    ]


def test_the_end_of_round_step_runs_the_gms_activities(tmp_path: Path) -> None:
    """001-04, 001 l.47 "Second: The End Of Round Activities Are Performed Including Adding 1
    to the Round Count"."""
    s = _fight()
    assert s.run(round_end.add_activity, "The fire spreads one square").ok
    assert s.run(round_end.add_activity, "Reinforcements arrive", at_round=1).ok
    assert [a.when for a in s.ask(strike_questions.round_end_activities)] == [
        "every round",
        "end of round 1",
    ]
    path = tmp_path / "round.orcus.json"
    save_encounter(path, s.encounter)
    s = make_session(load_encounter(path))
    assert len(s.ask(strike_questions.round_end_activities)) == 2
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert _notes(s, "001-04") == []
    assert s.end_turn().ok  # the brute's turn ends the round
    assert s.encounter.combat.round == 2
    kinds = [e.kind for e in s.encounter.combat.log][-4:]
    assert kinds == ["round_end", "rule_note", "round_start", "turn_start"]
    assert _notes(s, "001-04") == [
        "End of round 1: activities: The fire spreads one square; Reinforcements arrive; "
        "1 is added to the round count (001 l.47)"
    ]
    # The one-round activity is done; the other stays for every round.
    assert [a.text for a in s.ask(strike_questions.round_end_activities)] == [
        "The fire spreads one square"
    ]
    # The step is part of the End Turn that ended the round: one undo takes both back.
    s.undo()
    assert s.encounter.combat.round == 1
    assert _notes(s, "001-04") == []
    assert len(s.ask(strike_questions.round_end_activities)) == 2
    for _ in range(4):
        assert s.end_turn().ok
    assert s.encounter.combat.round == 3
    assert _notes(s, "001-04")[-1] == (
        "End of round 2: activities: The fire spreads one square; 1 is added to the round "
        "count (001 l.47)"
    )


def test_round_end_activities_edits_and_refusals() -> None:
    s = _fight()
    assert not s.run(round_end.add_activity, "   ").ok
    assert s.run(round_end.add_activity, "Lava rises", at_round=2).ok
    refused = s.run(round_end.add_activity, "Lava rises", at_round=2)
    assert refused.reason == "already listed: Lava rises (end of round 2)"
    assert s.run(round_end.remove_activity, 0).ok
    assert s.ask(strike_questions.round_end_activities) == ()
    s.undo()
    assert [a.text for a in s.ask(strike_questions.round_end_activities)] == ["Lava rises"]
    assert not s.run(round_end.remove_activity, 5).ok
    for _ in range(3):
        assert s.end_turn().ok
    assert "round 1 has already ended" in s.run(round_end.add_activity, "Late", at_round=1).reason
    # 000 has no end-of-round step: nothing to list, and nothing logged.
    s = _fight("orcus")
    assert "no end-of-round step" in s.run(round_end.add_activity, "Lava rises").reason
    for _ in range(3):
        assert s.end_turn().ok
    assert _notes(s, "001-04") == []


def test_a_bad_round_end_activity_in_a_file_is_named() -> None:
    s = _fight()
    assert s.run(round_end.add_activity, "The fire spreads").ok
    data = encounter_to_dict(s.encounter)
    assert encounter_from_dict(data).combat.round_end_activities == s.ask(
        strike_questions.round_end_activities
    )
    data["combat"]["round_end_activities"][0]["text"] = "  "
    with pytest.raises(EncounterFileError, match=r"combat.round_end_activities\[0\].text"):
        encounter_from_dict(data)


def test_a_run_that_is_a_standard_action_spends_the_standard_action() -> None:
    """003-40, 003 l.656-662 Run: "Standard Action - Effect: Move your Speed." (as 001-32)."""
    s = _fight("square-fireballs")
    assert s.move_creature("hero", Square(2, 6), MoveMode.DASH).ok
    budget = _budget(s)
    assert (budget.standard, budget.move) == (0, 1)
