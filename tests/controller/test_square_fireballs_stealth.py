"""003-47 stealth maneuvers played from the GM's side (003 "5.10.5 Stealth Maneuvers").

Enshroud, Hide, Search, Sneak and Spot (003 l.672-721) are actions with their kinds and one
undo step each; Shrouded and Hidden end "If, at the end of a character's action, the ...
character doesn't have Cover (other than Body Cover) or Concealment against all enemies" (003
l.420, 431). The "Medium" DC and the training tiers are the GM's (docs/rulings.md R-99).
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.stealth import hidden_from_players
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.controller.variants.square_fireballs import stealth_maneuvers
from orcus_desktop.controller.variants.square_fireballs.stealth_maneuvers import StealthCheck
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

SF = "square-fireballs"
WALL = Wall(WallKind.WALL, ((5, 0), (5, 6)))
"""Between the hero (2,3) and the orc (8,3); rows 6 and 7 stay open below it."""


def _fight(ruleset_id: str = SF, *, wall: bool = True) -> GameSession:
    s = make_session(
        Encounter(
            GridBounds(14, 8),
            creatures=(fighter("hero", 2, 3), orc("orc", 8, 3), fighter("ally", 2, 5)),
            ruleset_id=ruleset_id,
        )
    )
    if wall:
        assert s.run(editing.add_wall, WALL).ok
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "ally": 10}).ok
    assert s.run(initiative.start_combat).ok
    return s


def _held(s: GameSession, cid: str) -> set[Condition]:
    return set(s.rules.conditions(s.encounter, cid)) & {Condition.SHROUDED, Condition.HIDDEN}


def _log(s: GameSession) -> list[str]:
    names = {str(c.id): c.name for c in s.encounter.creatures}
    return [
        entry_text(e, lambda cid: names.get(cid or "", ""), s.ruleset.label)
        for e in s.encounter.combat.log
    ]


def _next_round(s: GameSession) -> None:
    for _ in range(3):
        assert s.end_turn().ok
    assert s.encounter.combat.current == "hero"


def test_enshroud_needs_cover_shrouds_then_hides() -> None:
    """003 l.672-678 Enshroud: "If you are in Cover (other than Body Cover) or Concealment
    from all enemies, you become Shrouded. If you were already Shrouded, you become Hidden"."""
    open_ground = _fight(wall=False)
    refused = open_ground.run(stealth_maneuvers.enshroud, "hero")
    assert refused.reason == "Hero has no cover or concealment from Orc"
    s = _fight()
    assert s.ask(stealth_maneuvers.maneuver_problem, "hero", "enshroud") == ""
    assert s.run(stealth_maneuvers.enshroud, "hero").ok
    assert _held(s, "hero") == {Condition.SHROUDED}
    assert s.encounter.combat.combatant("hero").budget.standard == 0  # a standard action
    assert "003-47: Enshroud: Hero is shrouded" in _log(s)
    s.undo()  # one step
    assert _held(s, "hero") == set()
    assert s.encounter.combat.combatant("hero").budget.standard == 1
    s.redo()
    _next_round(s)
    assert s.run(stealth_maneuvers.enshroud, "hero").ok
    assert _held(s, "hero") == {Condition.HIDDEN}
    assert (
        s.ask(stealth_maneuvers.maneuver_problem, "hero", "enshroud") == "Hero is already hidden"
    )
    # Not under 000: the maneuvers are 003's.
    orcus = _fight("orcus")
    assert "has no Enshroud maneuver" in orcus.run(stealth_maneuvers.enshroud, "hero").reason
    assert not orcus.ask(sf_questions.stealth_offered)


def test_hide_is_a_stealth_check_against_the_gms_dc() -> None:
    """003 l.680-692 Hide: "make a Medium Stealth check. On a success, you become Hidden";
    "+1/+2/+3: Nearby enemies Trained/Master/Grandmaster in Perception"; "-1: You have Total
    Cover or Total Concealment from all enemies" (the wall hides it from the orc)."""
    s = _fight()
    # Dex +1: 14 + 1 = 15 against 15 + 2 (Master) - 1 (total cover) = 16: a failure.
    assert s.run(stealth_maneuvers.hide, "hero", StealthCheck(dc=15, tier=2, die=14)).ok
    assert _held(s, "hero") == set()
    assert s.encounter.combat.combatant("hero").budget.standard == 0
    note = (
        "003-47: Hide: Stealth check 15 vs DC 15 +2 nearby enemies' Perception (tier 2) "
        "-1 total cover or concealment = 16: failure"
    )
    assert note in _log(s)
    s.undo()
    assert s.run(stealth_maneuvers.hide, "hero", StealthCheck(dc=15, tier=2, die=15)).ok
    assert _held(s, "hero") == {Condition.HIDDEN}
    bad = _fight().run(stealth_maneuvers.hide, "hero", StealthCheck(dc=15, tier=4))
    assert bad.reason == "the training tier is 0 (none) to 3 (Grandmaster)"


def test_search_finds_the_nearby_and_spot_sees_the_close() -> None:
    """003 l.694-704 Search ("a Medium Perception check. On a success, they are no longer
    Hidden or Shrouded"); l.716-721 Spot ("Hidden enemies within 2 or less squares of you
    become Shrouded instead")."""
    s = _fight()
    nobody = s.run(stealth_maneuvers.search, "hero", StealthCheck(dc=10))
    assert nobody.reason.startswith("no hidden or shrouded enemy")
    assert s.run(gm_edits.add_condition, "orc", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED).ok
    # Wis +0 at level 1: 12 against 10 + 1 (the wall: total cover from the hero) = 11; the
    # orc is 6 squares off (no -1 for within 4).
    assert s.run(stealth_maneuvers.search, "hero", StealthCheck(dc=10, die=12)).ok
    note = "Perception check 12 vs DC 10 +1 total cover or concealment = 11: success"
    assert f"003-47: Search: {note}" in _log(s)
    assert _held(s, "orc") == set()
    assert "Orc: Hidden (until countered) ends (found by Hero's Search (003-47))" in _log(s)
    s.undo()
    assert _held(s, "orc") == {Condition.HIDDEN}
    # Spot (minor): the orc is too far; next to the hero it becomes Shrouded.
    assert s.run(stealth_maneuvers.spot, "hero").ok
    assert _held(s, "orc") == {Condition.HIDDEN}
    assert s.encounter.combat.combatant("hero").budget == ActionBudget(1, 1, 0)
    s.undo()
    # Either side of the wall, two squares apart.
    assert s.move_creature("hero", Square(4, 3), MoveMode.GM).ok
    assert s.move_creature("orc", Square(6, 3), MoveMode.GM).ok
    assert s.run(stealth_maneuvers.spot, "hero").ok
    assert _held(s, "orc") == {Condition.SHROUDED}


def test_sneak_keeps_it_a_walk_loses_it_and_so_does_the_open() -> None:
    """003 l.706-712 Sneak: "Move half your Speed. This movement does not cause you to lose
    Shrouded or Hidden"; l.427-431 Hidden is lost "After moving" and at the end of an action
    without cover or concealment against all enemies."""
    s = _fight()
    assert s.run(stealth_maneuvers.sneak, "hero", Square(2, 2)).reason == (
        "Hero is neither shrouded nor hidden: no Sneak"
    )
    assert s.run(gm_edits.add_condition, "hero", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED).ok
    # Speed 6: a sneak goes 3 squares.
    assert Square(2, 0) in s.ask(sf_questions.sneak_destinations, "hero")
    assert Square(1, 7) not in s.ask(sf_questions.sneak_destinations, "hero")
    assert not s.run(stealth_maneuvers.sneak, "hero", Square(2, 7)).ok
    done = s.run(stealth_maneuvers.sneak, "hero", Square(2, 1))
    assert done.ok
    assert done.text == "Sneak Hero 2 squares"
    assert _held(s, "hero") == {Condition.HIDDEN}
    assert s.encounter.combat.combatant("hero").budget.move == 0
    s.undo()
    assert s.move_creature("hero", Square(2, 1), MoveMode.WALK).ok
    assert _held(s, "hero") == set()  # "After moving"
    s.undo()
    # The orc walks round the wall's end: at the end of its move the hero is in the open.
    assert s.end_turn().ok
    assert s.move_creature("orc", Square(4, 6), MoveMode.WALK).ok
    assert _held(s, "hero") == set()
    assert "Hero: Hidden (until countered) ends (no cover or concealment from Orc (003-47))" in (
        _log(s)
    )
    s.undo()  # the move and the loss are one step
    assert _held(s, "hero") == {Condition.HIDDEN}


def test_the_gms_edit_is_no_action_and_hiding_is_saved(tmp_path: Path) -> None:
    """A condition the GM sets in the open stays until an action ends (docs/rulings.md R-99);
    Hidden is saved and reopened, and the players' screen leaves a hidden enemy out (R-82)."""
    s = _fight(wall=False)
    assert s.run(gm_edits.add_condition, "orc", Condition.HIDDEN, DurationKind.UNTIL_COUNTERED).ok
    assert _held(s, "orc") == {Condition.HIDDEN}
    assert hidden_from_players(s.rules, s.encounter) == {"orc"}
    assert s.run(
        combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero"
    ).ok  # an action: the orc stands in the open
    assert _held(s, "orc") == set()
    assert hidden_from_players(s.rules, s.encounter) == frozenset()
    hiding = _fight()
    assert hiding.end_turn().ok
    assert hiding.run(stealth_maneuvers.hide, "orc", StealthCheck(dc=5, die=20)).ok
    path = tmp_path / "hidden.json"
    save_encounter(path, hiding.encounter)
    reopened = make_session(load_encounter(path))
    assert _held(reopened, "orc") == {Condition.HIDDEN}
    assert hidden_from_players(reopened.rules, reopened.encounter) == {"orc"}
