"""003 "Square Fireballs": the encounter flow and initiative, played from the GM's side.

Each test quotes its mechanic id and the 003 line (docs/rulesets.md "003"): Total Defense at
the start (003-08/09), the lost first turn of the surprised (003-10), ties alternating PCs and
monsters (003-12), the escalation die (003-13) and the new wave's two choices (003-14). Where
000 acts otherwise, the test plays the same scene under 000 too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.app import main
from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.controller.variants.square_fireballs import waves
from orcus_desktop.controller.variants.square_fireballs.encounter_flow import escalation_die
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.combat import Combat, CombatPhase
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import encounter_from_dict, encounter_to_dict
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.ruleset import ruleset_by_id
from tests.controller.conftest import fighter, make_session, orc
from tests.test_cli_query import ENCOUNTER

SF = "square-fireballs"


def _session(ruleset_id: str = SF, *extra: object, seed: int = 0) -> GameSession:
    creatures = (fighter("hero", 4, 4), fighter("mage", 2, 2), orc("orc", 5, 4), *extra)
    return make_session(
        Encounter(GridBounds(14, 10), creatures=creatures, ruleset_id=ruleset_id),  # type: ignore[arg-type]
        seed=seed,
    )


def _defense(session: GameSession, cid: str) -> bool:
    state = session.rules.state(session.encounter.creature(cid))
    assert state is not None
    return state.has(Condition.TOTAL_DEFENSE, session.ruleset)


def _notes(session: GameSession, mechanic: str) -> list[str]:
    return [
        str(e.data["note"])
        for e in session.encounter.combat.log
        if e.kind == "rule_note" and e.data["mechanic"] == mechanic
    ]


def _reopened(session: GameSession) -> Encounter:
    return encounter_from_dict(json.loads(json.dumps(encounter_to_dict(session.encounter))))


# --- 003-08/09 everyone starts in Total Defense ------------------------------------------------


def test_everyone_starts_in_total_defense_until_their_turn() -> None:
    """003-08, 003 l.147: "all characters use Total Defense as a Free Reaction"; 003-09, l.155
    "Gain +4 to all defenses until your next turn" (pick: until the start of that turn)."""
    s = _session()
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "hero"
    assert not _defense(s, "hero")  # its first turn has begun
    assert _defense(s, "mage")
    assert _defense(s, "orc")
    # The orc is 4 harder to hit than its AC 15.
    out = s.run(attacks.basic_attack, "hero", "orc", dice=[10])
    assert out.ok
    attack = [e for e in s.encounter.combat.log if e.kind == "attack"][-1]
    target = attack.data["targets"][0]
    assert target["defense"] == 15 + 4
    assert [4, "total defense"] in [list(p) for p in target["defense_parts"]]
    assert s.end_turn().ok
    assert not _defense(s, "mage")  # ended at the start of the mage's turn
    assert _defense(s, "orc")


def test_orcus_starts_without_total_defense() -> None:
    """000 has no opening Total Defense (000 "Combat Step by Step")."""
    s = _session("orcus")
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    assert not _defense(s, "orc")


# --- 003-10 the surprised lose their first turn ------------------------------------------------


def test_surprised_lose_their_first_turn_and_no_surprise_round_is_played() -> None:
    """003-10, 003 l.165-168: Surprised "Cannot use Full Defense at the start of combat" and
    "When this character would take the turn, they use Full Defense, end the turn, and are no
    longer considered Surprised." No surprise round (000: docs/rulings.md R-05)."""
    s = _session()
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "mage": 10}).ok
    assert s.run(initiative.set_surprised, "orc").ok
    assert s.run(initiative.start_combat).ok
    combat = s.encounter.combat
    assert combat.phase is CombatPhase.ROUNDS
    assert combat.round == 1
    assert not _defense(s, "orc")  # no opening Total Defense for the surprised
    assert _defense(s, "mage")
    assert s.end_turn().ok  # the hero's turn: the orc's comes and is lost at once
    combat = s.encounter.combat
    assert combat.current == "mage"
    assert _defense(s, "orc")  # Full Defense on its lost turn ...
    assert not combat.combatant("orc").surprised  # ... and no longer surprised
    assert _notes(s, "003-10")[-1] == "surprised: uses Total Defense and loses this turn"
    assert s.end_turn().ok  # mage; round 2: the orc acts normally
    assert s.end_turn().ok  # hero
    assert s.encounter.combat.round == 2
    assert s.encounter.combat.current == "orc"
    assert s.encounter.combat.combatant("orc").budget.standard == 1


def test_orcus_plays_a_surprise_round() -> None:
    s = _session("orcus")
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "mage": 10}).ok
    assert s.run(initiative.set_surprised, "orc").ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.phase is CombatPhase.SURPRISE


def test_a_surprised_creature_that_is_attacked_is_no_longer_surprised() -> None:
    """003-10, 003 l.167 "Condition ends when attacked": it then takes its first turn."""
    s = _session()
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "mage": 10}).ok
    assert s.run(initiative.set_surprised, "orc").ok
    assert s.run(initiative.start_combat).ok
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[2]).ok  # a miss is still an attack
    assert not s.encounter.combat.combatant("orc").surprised
    assert s.end_turn().ok
    assert s.encounter.combat.current == "orc"


# --- 003-12 ties alternate PCs and monsters ----------------------------------------------------


def test_ties_alternate_pcs_and_monsters_and_are_kept() -> None:
    """003-12, 003 l.193: "If PCs and monsters are tied ..., and the character acting right
    before that initiative value is PC, the monsters win the tie." No modifier tie-break: the
    orc wins although its modifier is lower than the mage's."""
    s = _session(SF, orc("gob", 8, 8))
    assert s.run(
        initiative.roll_initiative,
        totals={"hero": 20, "mage": 12, "orc": 12, "gob": 12},
        modifiers={"hero": 1, "mage": 5, "orc": 0, "gob": 0},
    ).ok
    order = s.encounter.combat.order
    assert order[0] == "hero"
    # The hero (a PC) acts right before 12: the monsters win, then the sides alternate.
    assert order[1] in ("orc", "gob")
    assert order[2] == "mage"
    assert _notes(s, "003-12")
    # Recorded: other edits, undo/redo and save/reopen keep the tie order.
    assert s.run(initiative.set_surprised, "hero").ok
    assert s.encounter.combat.order == order
    assert s.undo().ok
    assert s.redo().ok
    assert s.encounter.combat.order == order
    reopened = _reopened(s)
    assert reopened.combat == s.encounter.combat
    assert [c.tie_order for c in reopened.combat.combatants] == [
        c.tie_order for c in s.encounter.combat.combatants
    ]


def test_when_a_monster_acts_before_the_tie_the_pcs_win() -> None:
    """003-12, 003 l.193: "If the character acting right before that initiative value is a
    monster, the PCs win the tie.\""""
    s = _session(SF, orc("gob", 8, 8))
    assert s.run(
        initiative.roll_initiative, totals={"gob": 20, "hero": 12, "orc": 12, "mage": 5}
    ).ok
    assert s.encounter.combat.order == ("gob", "hero", "orc", "mage")


def test_orcus_breaks_ties_by_modifier() -> None:
    """000 "Initiative": ties by initiative modifier first."""
    s = _session("orcus")
    assert s.run(
        initiative.roll_initiative,
        totals={"hero": 20, "mage": 12, "orc": 12},
        modifiers={"hero": 1, "mage": 5, "orc": 0},
    ).ok
    assert s.encounter.combat.order == ("hero", "mage", "orc")


# --- 003-13 the escalation die -----------------------------------------------------------------


def _round(s: GameSession, wanted: int) -> None:
    for _ in range(20):
        if s.encounter.combat.round == wanted and s.encounter.combat.current == "hero":
            return
        assert s.end_turn().ok
    raise AssertionError(f"round {wanted} never came")


def test_the_escalation_die_grows_from_the_third_round_and_adds_to_hit() -> None:
    """003-13, 003 l.198: "each combat round starting with the third, add 1 to the Escalation
    Die. All characters gain a bonus to Hit Rolls equal to the Escalation Die."""
    s = _session()
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    assert s.ask(sf_questions.escalation_die) == 0
    _round(s, 2)
    assert s.ask(sf_questions.escalation_die) == 0
    _round(s, 3)
    assert s.ask(sf_questions.escalation_die) == 1
    _round(s, 4)
    assert s.ask(sf_questions.escalation_die) == 2
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[10]).ok
    attack = [e for e in s.encounter.combat.log if e.kind == "attack"][-1]
    assert [2, "escalation die"] in [list(p) for p in attack.data["targets"][0]["attack_parts"]]
    # Undo and redo step the die with the rounds; the file keeps it.
    assert s.undo().ok  # the attack
    assert s.undo().ok  # the end of the orc's turn: back in round 3
    assert s.ask(sf_questions.escalation_die) == 1
    assert s.redo().ok
    assert s.ask(sf_questions.escalation_die) == 2
    assert escalation_die(s.ruleset, _reopened(s).combat) == 2


def test_the_escalation_die_cap_is_the_rulesets() -> None:
    """003-13: the cap is in 003's lost Introduction; a ruleset sets ``escalation_max``."""
    capped = ruleset_by_id(SF).with_changes(escalation_max=1)
    combat = Combat(phase=CombatPhase.ROUNDS, round=6)
    assert escalation_die(ruleset_by_id(SF), combat) == 4
    assert escalation_die(capped, combat) == 1
    assert escalation_die(ruleset_by_id("orcus"), combat) == 0


# --- 003-14 a new wave: Start Over / Keep Initiative ------------------------------------------


def _in_round_four() -> GameSession:
    s = _session()
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    _round(s, 4)
    assert s.ask(sf_questions.escalation_die) == 2
    return s


def test_keep_initiative_lowers_the_die_and_the_newcomers_defend() -> None:
    """003-14, 003 l.205 Keep Initiative: "The new characters use Total Defense ..., then Roll
    Initiative. ... Reduce the Escalation die by 1, to a minimum of 0."""
    s = _in_round_four()
    assert s.run(editing.place_creature, orc("gob", 9, 9)).ok
    assert s.run(waves.new_wave, "keep_initiative", dice={"gob": 11}).ok
    combat = s.encounter.combat
    assert "gob" in combat.order
    assert combat.current == "hero"  # the hero's turn goes on
    assert _defense(s, "gob")
    assert s.ask(sf_questions.escalation_die) == 1
    _round(s, 5)
    assert s.ask(sf_questions.escalation_die) == 2
    reopened = _reopened(s)
    assert reopened.combat.escalation_set == s.encounter.combat.escalation_set


def test_start_over_rerolls_everyone_and_sets_the_die_to_zero() -> None:
    """003-14, 003 l.204 Start Over: "All characters use Total Defense ..., then Roll Initiative
    again. Set the Escalation Die to 0." Pick (docs/rulings.md R-42): a new round begins."""
    s = _in_round_four()
    assert s.run(editing.place_creature, orc("gob", 9, 9)).ok
    out = s.run(waves.new_wave, "start_over", dice={"hero": 1, "mage": 2, "orc": 19, "gob": 18})
    assert out.ok, out.reason
    combat = s.encounter.combat
    assert combat.round == 5
    assert combat.order[:2] == ("orc", "gob")
    assert combat.current == "orc"
    assert s.ask(sf_questions.escalation_die) == 0
    assert all(_defense(s, cid) for cid in ("hero", "mage", "gob"))
    for _ in range(4):
        assert s.end_turn().ok
    assert s.encounter.combat.round == 6
    assert s.ask(sf_questions.escalation_die) == 1
    assert s.undo().ok
    assert s.encounter.combat.round == 5


def test_a_wave_needs_newcomers_and_the_rulesets_choice() -> None:
    s = _in_round_four()
    nobody = s.run(waves.new_wave, "keep_initiative")
    assert not nobody.ok
    assert "place the new creatures" in nobody.reason
    assert not s.run(waves.new_wave, "sideways").ok
    o = _session("orcus")
    assert o.run(initiative.roll_initiative, totals={"hero": 20, "mage": 15, "orc": 10}).ok
    assert o.run(initiative.start_combat).ok
    assert o.run(editing.place_creature, orc("gob", 9, 9)).ok
    refused = o.run(waves.new_wave, "start_over")
    assert not refused.ok
    assert "join" in refused.reason


# --- the command line ----------------------------------------------------------------------------


def test_the_cli_knows_square_fireballs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`orcus-desktop rules show square-fireballs` and `query ... --ruleset square-fireballs`."""
    assert main(["rules", "show", SF]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hooks"]["initiative"] == SF
    assert data["hooks"]["encounter_flow"] == SF
    assert data["escalation_start_round"] == 3
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(ENCOUNTER), encoding="utf-8")
    argv = ["query", "sight", str(path), "--from", "fighter", "--to", "orc"]
    assert main([*argv, "--ruleset", SF]) == 0
    assert "cover" in json.loads(capsys.readouterr().out)
