"""001's Hide and Crouch, played from the GM's side: the actions, what the states do to the
attacks against (and by) the creature, how they end, undo and save/reopen.

Seed 001 "Hide" (l.304-310, 001-15), "Cover" (l.146, 001-12), "Unseen Attackers and Targets"
(l.158-166, 001-13), "Hidden" (l.176-178); picks in docs/rulings.md R-90.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import engagement, strike_states
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.guards import Guard
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import ARROW, fight_started, fighter, make_session, orc


def _conditions(s: GameSession, creature_id: str) -> set[Condition]:
    state = s.encounter.creature(creature_id).state
    assert state is not None
    return {c.condition for c in state.conditions}


def _behind_wall(ruleset_id: str = "strike") -> GameSession:
    """The hero in a closed room (north-west), the orc east of it; the archer and the brute
    in the open rows below, a low wall before the brute (3/4 cover from the archer)."""
    hero = fighter("hero", 1, 1)
    session = make_session(
        Encounter(
            GridBounds(14, 8),
            creatures=(
                hero,
                orc("orc", 10, 1),
                fighter("archer", 1, 6, powers=[ARROW]),
                orc("brute", 9, 6),
            ),
            walls=(
                WallEntry(WallId("split"), Wall(WallKind.WALL, ((6.0, 0.0), (6.0, 5.0)))),
                WallEntry(WallId("room"), Wall(WallKind.WALL, ((0.0, 5.0), (6.0, 5.0)))),
                WallEntry(WallId("low"), Wall(WallKind.WALL, ((8.0, 6.2), (8.0, 8.0)))),
            ),
            ruleset_id=ruleset_id,
        )
    )
    assert session.run(
        initiative.roll_initiative, totals={"hero": 20, "archer": 15, "orc": 10, "brute": 5}
    ).ok
    assert session.run(initiative.start_combat).ok
    return session


def _parts(s: GameSession, attacker: str, power: str, target: str) -> dict[str, int]:
    previews, problem = s.ask(attacks.preview_attack, attacker, power, [target])
    assert problem == ""
    return {source: value for value, source in previews[0].attack_parts}


def test_001_15_hide_out_of_sight_beats_the_best_passive_perception(tmp_path: Path) -> None:
    s = _behind_wall()
    # 001 l.306 "a -1 Dexterity (Stealth) check"; the DC pick: the enemies' best passive
    # Perception, 10 + Wis 0 + half level 1 = 11 for the orcs. Dex 12 (+1) - 1 + d20 10 = 10.
    result = s.run(strike_states.hide, "hero", die=10)
    assert result.ok
    assert Condition.HIDDEN not in _conditions(s, "hero")
    note = s.encounter.combat.log[-1]
    assert note.data["mechanic"] == "001-15"
    assert "Stealth 10 (d20 10) vs Orc's passive Perception 11: not hidden" in note.data["note"]
    # The action is spent either way (001-05): a second try waits for the next turn.
    assert not s.run(strike_states.hide, "hero", die=20).ok
    s.undo()
    assert s.run(
        strike_states.hide, "hero", die=11
    ).ok  # 11 + 1 - 1 = 11: "equals or exceeds" (000)
    assert Condition.HIDDEN in _conditions(s, "hero")
    # Saved and reopened, the hero is still hidden.
    path = tmp_path / "hidden.json"
    save_encounter(path, s.encounter)
    assert Condition.HIDDEN in _conditions(make_session(load_encounter(path)), "hero")
    # A move elsewhere on the map looks again: the hero is still out of every enemy's sight.
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "orc"
    assert s.move_creature("orc", Square(10, 5), MoveMode.WALK).ok
    assert Condition.HIDDEN in _conditions(s, "hero")


def test_001_15_hide_is_refused_in_sight_of_an_enemy() -> None:
    s = _behind_wall()
    assert s.end_turn().ok
    assert s.encounter.combat.current == "archer"
    result = s.run(strike_states.hide, "archer", die=20)
    # 001 l.306: only "Heavily Obscured, behind Total Cover or ... out of any enemy's line of
    # sight"; the brute sees the archer across the open row.
    assert not result.ok
    assert "Brute can see it" in result.reason
    # Not under 000: no Hide action.
    plain = _behind_wall("orcus")
    refused = plain.run(strike_states.hide, "hero", die=20)
    assert not refused.ok
    assert "no Hide action" in refused.reason


def test_001_13_15_a_hidden_target_is_not_perceived_and_a_hidden_attacker_is_not() -> None:
    s = _behind_wall()
    assert s.end_turn().ok  # the archer's turn
    before = _parts(s, "archer", "Arcane Bolt", "brute")
    assert "target not perceived (001)" not in before
    # The GM rules the brute hidden (the condition list); the map does not end it until a move.
    assert s.run(
        gm_edits.add_condition, "brute", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED
    ).ok
    # 001-14 pick: against an unseen target only a Shoot! with an area of effect.
    _, problem = s.ask(attacks.preview_attack, "archer", "Arcane Bolt", ["brute"])
    assert "cannot see Brute" in problem
    # A Strike! may still be made on it at -2 (001 l.162 "can't perceive you take a -2").
    assert s.move_creature("archer", Square(6, 6), MoveMode.WALK).ok
    assert Condition.HIDDEN not in _conditions(s, "brute")  # the archer walked into its sight
    s.undo()
    assert Condition.HIDDEN in _conditions(s, "brute")
    assert s.move_creature("archer", Square(8, 5), MoveMode.GM).ok  # the GM places it
    parts = _parts(s, "archer", "Basic Melee Attack", "brute")
    assert parts["target not perceived (001)"] == -2
    # 001 l.166 "a Target that can't perceive you take a +2": the brute attacks from hiding.
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "brute"
    parts = _parts(s, "brute", "Basic Melee Attack", "archer")
    assert parts["attacker not perceived (001)"] == 2
    assert s.use_power("brute", "Basic Melee Attack", ["archer"], dice=[5, 3]).ok
    # 001 l.176-178: "you give away your location when the attack hits or misses".
    assert Condition.HIDDEN not in _conditions(s, "brute")
    ended = [e for e in s.encounter.combat.log if e.kind == "effect_ended"][-1]
    assert "001-15" in ended.data["reason"]


def test_001_12_crouch_is_a_state_until_it_moves_or_acts(tmp_path: Path) -> None:
    s = _behind_wall()
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.move_creature("orc", Square(10, 5), MoveMode.WALK).ok  # out from behind the split
    assert s.end_turn().ok
    assert s.encounter.combat.current == "brute"
    # 001 l.146 "If a creature can Crouch it can generally improve its Cover by one Level".
    assert s.run(strike_states.crouch, "brute").ok
    assert Condition.CROUCHING in _conditions(s, "brute")
    assert not s.run(
        strike_states.crouch, "brute"
    ).ok  # already crouching (and its action is spent)
    # Every attack on it while crouched: the low wall's 3/4 cover (001 l.154 "+2") one level
    # up to 7/8 (l.156 "+3").
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "archer"
    assert _parts(s, "archer", "Arcane Bolt", "brute")["7/8 cover"] == -3
    # Saved and reopened, it is still crouching; the attack sees the same.
    path = tmp_path / "crouch.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert Condition.CROUCHING in _conditions(reopened, "brute")
    assert _parts(reopened, "archer", "Arcane Bolt", "brute")["7/8 cover"] == -3
    # It ends when the brute moves of its own will; undo brings it back.
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "brute"
    assert s.move_creature("brute", Square(10, 6), MoveMode.WALK).ok
    assert Condition.CROUCHING not in _conditions(s, "brute")
    s.undo()
    assert Condition.CROUCHING in _conditions(s, "brute")
    # ... or when it takes another action, here Block (001-28).
    assert s.run(engagement.guard, "brute", Guard.BLOCK).ok
    assert Condition.CROUCHING not in _conditions(s, "brute")
    ended = [e for e in s.encounter.combat.log if e.kind == "effect_ended"][-1]
    assert ended.data["reason"] == "took an action (001-12)"
    # Under 000 nobody crouches as an action (the attack dialog's toggle stays per attack).
    assert not _behind_wall("orcus").run(strike_states.crouch, "hero").ok


def test_001_14_15_a_hidden_striker_strikes_before_a_longer_reach() -> None:
    """001 l.170: against an unseen striker "on the Counter Strike! you always go last
    regardless of Reach"; a Hidden striker is unseen (R-91)."""

    def fight() -> GameSession:
        return fight_started(
            GridBounds(8, 6),
            (orc("orc", 3, 2), fighter("pike", 2, 2, reach=2)),
            {"orc": 20, "pike": 10},
            "strike",
        )

    seen = fight()
    assert seen.use_power("orc", "Basic Melee Attack", ["pike"], dice=[15, 6]).ok
    assert seen.encounter.combat.pending is not None  # the pike's reach 2 strikes first (l.244)
    hidden = fight()
    assert hidden.run(
        gm_edits.add_condition, "orc", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED
    ).ok
    assert hidden.use_power("orc", "Basic Melee Attack", ["pike"], dice=[15, 6]).ok
    assert hidden.encounter.combat.pending is None
    assert [e.targets for e in hidden.encounter.combat.log if e.kind == "attack"] == [("pike",)]
    assert hidden.ask(questions.strike_name, "pike") == "Counter Strike!"  # afterwards, last
