"""003 "Square Fireballs": Raise the Alarm (003-11) and forced actions (003-46), GM's side.

003-11, 003 l.170-178: "A character that is not surprised can warn Surprised allies with the
Raise the Alarm maneuver: ... Minor Action - Close Burst 5 - allies in burst - Effect: Each
Surprised target can Roll a Save against the Surprised condition."
003-46, 003 l.472: "Forced movement never triggers opportunity attacks"; l.468 "Forced attacks
never trigger opportunity attacks"; l.465 "cannot target himself"; 003-26, l.332-336: the
dominating character spends a move (standard) action to make the dominated one move (attack).
"""

from __future__ import annotations

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import forced_actions, raise_alarm
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

SF = "square-fireballs"


def _session(*creatures: Creature, ruleset_id: str = SF) -> GameSession:
    return make_session(
        Encounter(GridBounds(16, 12), creatures=creatures, ruleset_id=ruleset_id), seed=1
    )


def _notes(s: GameSession, mechanic: str) -> list[str]:
    return [
        str(e.data["note"])
        for e in s.encounter.combat.log
        if e.kind == "rule_note" and e.data["mechanic"] == mechanic
    ]


# --- 003-11 Raise the Alarm -----------------------------------------------------------------


def _ambushed(ruleset_id: str = SF) -> GameSession:
    """The heroes are ambushed: the mage (next to the hero) and the scout (far off) are
    surprised; the hero is not."""
    s = _session(
        fighter("hero", 2, 2),
        fighter("mage", 4, 2),
        fighter("scout", 14, 2),
        orc("orc", 2, 8),
        ruleset_id=ruleset_id,
    )
    assert s.run(
        initiative.roll_initiative, totals={"hero": 20, "mage": 15, "scout": 14, "orc": 10}
    ).ok
    assert s.run(initiative.set_surprised, "mage").ok
    assert s.run(initiative.set_surprised, "scout").ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "hero"
    return s


def test_raise_the_alarm_lets_surprised_allies_in_the_burst_save() -> None:
    """003-11: a minor action; each surprised ally in close burst 5 saves (10+): the mage
    saves and keeps its first turn; the scout, out of the burst, still loses its turn."""
    s = _ambushed()
    assert s.ask(raise_alarm.alarmed_allies, "hero") == ("mage",)
    out = s.run(raise_alarm.raise_the_alarm, "hero", dice={"mage": 14})
    assert out.ok, out.reason
    combat = s.encounter.combat
    assert not combat.combatant("mage").surprised
    assert combat.combatant("scout").surprised
    assert combat.combatant("hero").budget.swift == 0  # 003's minor action
    assert combat.combatant("hero").budget.standard == 1
    assert _notes(s, "003-11")[-1] == "saves against surprise: 14 vs 10, no longer surprised"
    # A second alarm this turn has no minor action left.
    again = s.run(raise_alarm.raise_the_alarm, "hero")
    assert not again.ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "mage"  # its first turn is its own
    assert s.end_turn().ok  # the scout loses its turn (003-10): the orc's
    assert s.encounter.combat.current == "orc"
    assert _notes(s, "003-10")[-1] == "surprised: uses Total Defense and loses this turn"


def test_a_failed_save_keeps_the_ally_surprised_and_undo_takes_the_alarm_back() -> None:
    s = _ambushed()
    assert s.run(raise_alarm.raise_the_alarm, "hero", dice={"mage": 9}).ok
    assert s.encounter.combat.combatant("mage").surprised
    assert "9 vs 10, still surprised" in _notes(s, "003-11")[-1]
    assert s.undo().ok
    assert s.encounter.combat.combatant("hero").budget.swift == 1
    assert s.run(raise_alarm.raise_the_alarm, "hero", dice={"mage": 10}).ok
    assert not s.encounter.combat.combatant("mage").surprised


def test_raise_the_alarm_refusals_say_why() -> None:
    s = _ambushed()
    assert "surprised itself" in s.ask(raise_alarm.problem, "mage")
    assert "turn" in s.ask(raise_alarm.problem, "orc")
    assert s.run(raise_alarm.raise_the_alarm, "hero", dice={"mage": 19}).ok
    assert s.end_turn().ok  # the mage's turn: the scout is 10 squares off
    assert s.ask(raise_alarm.problem, "mage") == "no surprised ally within 5 squares of Mage"
    o = _ambushed("orcus")
    refused = o.run(raise_alarm.raise_the_alarm, "hero")
    assert not refused.ok
    assert "no Raise the Alarm" in refused.reason


# --- 003-46 forced movement and forced attacks ------------------------------------------------


def _dominion() -> GameSession:
    """The hero's turn; the orc (dominated by the hero, say) stands next to the mage."""
    s = _session(fighter("hero", 1, 1), fighter("mage", 6, 5), orc("orc", 5, 5), orc("o2", 9, 9))
    assert s.run(
        initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10, "o2": 5}
    ).ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "hero"
    return s


def test_a_forced_walk_provokes_nothing_and_costs_the_forcer_a_move_action() -> None:
    """003-46, 003 l.472: the orc, made to move by the hero (003-26: "spend a move action to
    make the dominated character move its speed"), walks away from the mage unpunished."""
    s = _dominion()
    out = s.run(forced_actions.forced_walk, "orc", Square(5, 9), "hero")
    assert out.ok, out.reason
    combat = s.encounter.combat
    assert s.encounter.creature("orc").square == Square(5, 9)
    assert combat.combatant("mage").out_of_turn is None  # no opportunity attack
    assert combat.combatant("hero").budget.move == 0
    assert combat.combatant("orc").budget == combat.combatant("orc").turn_budget
    assert _notes(s, "003-46")[-1] == "forced movement: provokes no opportunity attack"
    assert s.undo().ok
    assert s.encounter.creature("orc").square == Square(5, 5)
    # Its speed bounds it (003 l.472 "depends on the character's speed").
    too_far = s.run(forced_actions.forced_walk, "orc", Square(15, 11), "hero")
    assert not too_far.ok
    assert "too far" in too_far.reason


def test_the_forced_switch_routes_the_gms_move_and_attack() -> None:
    """The GM's "Forced" switch (the Actions panel's): the next move and power use of another
    creature are forced by the creature whose turn it is."""
    s = _dominion()
    s.run(forced_actions.set_forcing, "hero")
    assert s.ask(sf_questions.forcing) == "hero"
    preview = s.preview_move("orc", Square(5, 9), MoveMode.WALK)
    assert preview.reachable
    assert preview.provoking_enemy_ids == ()
    assert s.move_creature("orc", Square(5, 8), MoveMode.WALK).ok
    assert s.encounter.combat.combatant("mage").out_of_turn is None
    assert s.encounter.combat.combatant("hero").budget.move == 0
    s.run(forced_actions.set_forcing, None)
    assert s.ask(sf_questions.forcing) is None


def test_a_forced_attack_through_the_switch_is_answered_to_whoever_asked() -> None:
    """The switch turns the GM's power use into a forced attack (003-46); its result, a
    refusal here (003 l.465: never itself), goes back to the panel that asked, as the move's."""
    s = _dominion()
    s.run(forced_actions.set_forcing, "hero")
    announced: list[tuple[OperationResult, object]] = []
    s.operation_done.connect(lambda r, i: announced.append((r, i)))
    refused = s.use_power("orc", "Basic Melee Attack", ["orc"], initiator="actions panel")
    assert not refused.ok
    assert refused.reason == "a forced attack cannot target Orc itself"
    assert announced[-1] == (refused, "actions panel")


def test_the_forced_switch_holds_for_the_turn_it_was_set_in() -> None:
    """docs/rulings.md R-97: not again on the forcer's next turn."""
    s = _dominion()
    s.run(forced_actions.set_forcing, "hero")
    assert s.ask(sf_questions.forcing) == "hero"
    for _ in range(4):  # hero, mage, orc, o2: the hero's turn of round 2
        assert s.end_turn().ok
    assert s.encounter.combat.current == "hero"
    assert s.ask(sf_questions.forcing) is None


def test_a_forced_ranged_attack_next_to_an_enemy_provokes_nothing() -> None:
    """003-46, 003 l.468: "Forced attacks never trigger opportunity attacks". On the orc's
    turn the mage (dominated) is made to shoot the hero while the second orc stands next to
    it; on its own turn the same shot would wait for that orc's opportunity attack."""
    s = _session(fighter("hero", 5, 9), fighter("mage", 5, 5), orc("orc", 1, 1), orc("o2", 6, 5))
    assert s.run(
        initiative.roll_initiative, totals={"orc": 20, "mage": 15, "hero": 10, "o2": 5}
    ).ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "orc"
    himself = s.run(forced_actions.forced_attack, "mage", "Arcane Bolt", ["mage"], "orc")
    assert not himself.ok
    assert "itself" in himself.reason
    out = s.run(forced_actions.forced_attack, "mage", "Arcane Bolt", ["hero"], "orc", dice=[15, 3])
    assert out.ok, out.reason
    combat = s.encounter.combat
    assert combat.pending is None
    assert combat.combatant("o2").out_of_turn is None
    assert combat.combatant("orc").budget.standard == 0
    assert combat.combatant("mage").budget == combat.combatant("mage").turn_budget
    assert _notes(s, "003-46")[-1] == "forced attack: provokes no opportunity attack"
    assert [e for e in combat.log if e.kind == "attack"][-1].actor == "mage"
    # The control: the mage's own shot next to o2 waits for o2's opportunity attack.
    assert s.undo().ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "mage"
    assert s.use_power("mage", "Arcane Bolt", ["hero"], dice=[15, 3]).ok
    assert s.encounter.combat.combatant("o2").out_of_turn is ActionKind.OPPORTUNITY


def test_a_forced_attack_ignores_the_taunt_which_stays() -> None:
    """003-30 with 003 l.467: "A character making a forced attack counts as not Taunted, for
    the purposes of that attack" - no taunt penalty on the shot at a non-taunter, and the
    Taunt is still there afterwards."""
    s = _session(fighter("hero", 5, 9), fighter("mage", 5, 5), orc("orc", 1, 1), orc("o2", 12, 5))
    assert s.run(
        initiative.roll_initiative, totals={"orc": 20, "mage": 15, "hero": 10, "o2": 5}
    ).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(
        gm_edits.add_condition, "mage", Condition.MARKED, DurationKind.SAVE_ENDS, source_id="o2"
    ).ok
    assert s.run(
        forced_actions.forced_attack, "mage", "Arcane Bolt", ["hero"], "orc", dice=[15, 3]
    ).ok
    attack = [e for e in s.encounter.combat.log if e.kind == "attack"][-1]
    labels = [str(p[1]) for p in attack.data["targets"][0]["attack_parts"]]
    assert not any("taunt" in label for label in labels), labels
    state = s.rules.state(s.encounter.creature("mage"))
    assert state is not None
    assert state.has(Condition.MARKED, s.ruleset)
    # The control: the mage's own shot at the hero ignores the Taunt (-2).
    assert s.undo().ok
    assert s.end_turn().ok
    assert s.use_power("mage", "Arcane Bolt", ["hero"], dice=[15, 3]).ok
    attack = [e for e in s.encounter.combat.log if e.kind == "attack"][-1]
    labels = [str(p[1]) for p in attack.data["targets"][0]["attack_parts"]]
    assert any("taunt" in label for label in labels), labels


def test_forced_actions_are_003s() -> None:
    s = _session(fighter("hero", 1, 1), orc("orc", 5, 5), ruleset_id="orcus")
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    refused = s.run(forced_actions.forced_walk, "orc", Square(5, 8), "hero")
    assert not refused.ok
    assert "no forced actions" in refused.reason
    s.run(forced_actions.set_forcing, "hero")
    assert s.ask(sf_questions.forcing) is None  # the switch means nothing under 000
