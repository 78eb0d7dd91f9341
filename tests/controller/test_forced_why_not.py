"""Under 003-46's Forced switch, the panel's "why not" is the forced action's (issue 30 item 4).

003-46, 003 l.460-472 with 003-26 (l.332-336): the forcer spends "a move action to make the
dominated character move its speed (forced movement) ... a standard action to make the
dominated character use an at-will attack (forced attack)". The session then runs the forced
walk and attack in place of the creature's own (`Variant.redirects`), so every "why not" the
GM reads for that creature, through the Actions panel or one button's tooltip
(`why_not(creature, key, about)`), must be the forced action's: allowed while the forcer has
the action, refused in the words the forced use case refuses with.
"""

from __future__ import annotations

from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import why_not
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import forced_actions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc
from tests.controller.random_gm_map import library_creature
from tests.controller.test_why_not_random_gm import _disagreements

CLUB = "Basic Melee Attack"
USE_POWER = CombatAction.USE_POWER.value
WALK = CombatAction.WALK.value


def _hero_forces_the_orc() -> GameSession:
    """The hero's turn under 003, its Forced switch on; the orc stands next to the mage."""
    creatures = (fighter("hero", 1, 1), fighter("mage", 6, 5), orc("orc", 5, 5), orc("o2", 9, 9))
    session = make_session(
        Encounter(GridBounds(16, 12), creatures=creatures, ruleset_id="square-fireballs")
    )
    totals = {"hero": 20, "mage": 15, "orc": 10, "o2": 5}
    assert session.run(initiative.roll_initiative, totals=totals).ok
    assert session.run(initiative.start_combat).ok
    assert session.run(forced_actions.set_forcing, "hero").ok
    return session


def _answers(session: GameSession, key: str, about: str = "") -> tuple[str, str]:
    """The orc's answer for `key` in the Actions panel and in a button's tooltip."""
    panel = session.available_actions("orc")
    listed = panel.power(about).reason if about else panel.option(CombatAction(key)).reason
    return listed, session.ask(why_not, "orc", key, about)


def test_a_forced_attack_is_offered_while_the_forcer_has_its_standard_action() -> None:
    session = _hero_forces_the_orc()
    assert _answers(session, USE_POWER, CLUB) == ("", "")  # not "it is not Orc's turn"
    assert session.use_power("orc", CLUB, ["mage"], dice=[15, 3]).ok
    listed, asked = _answers(session, USE_POWER, CLUB)
    assert asked  # the hero's standard action is spent
    assert listed == asked
    refused = session.use_power("orc", CLUB, ["mage"], dice=[15, 3])
    assert not refused.ok
    assert refused.reason == asked


def test_a_forced_walk_is_offered_while_the_forcer_has_its_move_action() -> None:
    session = _hero_forces_the_orc()
    assert _answers(session, WALK) == ("", "")
    assert session.move_creature("orc", Square(5, 8), MoveMode.WALK).ok
    listed, asked = _answers(session, WALK)
    assert asked  # the hero's move action is spent
    assert listed == asked
    refused = session.move_creature("orc", Square(5, 9), MoveMode.WALK)
    assert not refused.ok
    assert refused.reason == asked


def test_without_the_switch_the_orc_answers_for_itself() -> None:
    session = _hero_forces_the_orc()
    assert session.run(forced_actions.set_forcing, None).ok
    listed, asked = _answers(session, USE_POWER, CLUB)
    assert asked == listed == "it is not Orc's turn"
    assert session.use_power("orc", CLUB, ["mage"], dice=[15, 3]).reason == asked


def test_every_answer_agrees_with_its_use_case_under_the_switch() -> None:
    """The random GM's comparison (`test_why_not_random_gm`), in the Forced state its seeds
    rarely reach: for each creature and every action and power the table lists, before and
    after the hero spends its actions on the orc."""
    session = _hero_forces_the_orc()
    everyone = ("hero", "mage", "orc", "o2")
    assert [_disagreements(session, c) for c in everyone] == [[]] * 4
    assert session.use_power("orc", CLUB, ["mage"], dice=[15, 3]).ok
    assert session.move_creature("orc", Square(5, 8), MoveMode.WALK).ok
    assert [_disagreements(session, c) for c in everyone] == [[]] * 4


def test_a_power_without_an_attack_is_not_forced_and_the_panel_says_so() -> None:
    """R-216: 003 l.460-468 forces attacks only; the cleric's Healing Word (no attack) is
    refused through the switch, in the panel's words."""
    cleric = library_creature("cleric.json", "cleric", Square(6, 7))
    session = make_session(
        Encounter(
            GridBounds(16, 12),
            creatures=(fighter("hero", 1, 1), cleric, orc("orc", 5, 5)),
            ruleset_id="square-fireballs",
        )
    )
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "cleric": 15, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    assert session.run(forced_actions.set_forcing, "hero").ok
    listed = session.available_actions("cleric").power("Healing Word").reason
    asked = session.ask(why_not, "cleric", USE_POWER, "Healing Word")
    assert (
        listed == asked == "Healing Word is not an attack: a forced creature only attacks (003-46)"
    )
    assert session.use_power("cleric", "Healing Word", ["hero"]).reason == asked
    assert session.ask(why_not, "cleric", USE_POWER, "Sacred Flame") == ""  # an attack


def test_a_forced_creature_only_walks_and_the_panel_and_the_session_say_so() -> None:
    """R-228: 003 l.472 (forced movement: "an action to move", "depends on the character's
    speed") and 003-26 (l.334: "move its speed (forced movement)") force a walk. The session
    turned a run, crawl, squeeze or shift of the orc into a forced walk while the panel said
    "it is not Orc's turn"; now both refuse it in one answer (003 calls Dash "run", the
    Five-Foot Step "shift"), the preview and the squares offered agree, and the walk works."""
    session = _hero_forces_the_orc()
    moves = {
        CombatAction.DASH: MoveMode.DASH,
        CombatAction.CRAWL: MoveMode.CRAWL,
        CombatAction.SQUEEZE: MoveMode.SQUEEZE,
        CombatAction.FIVE_FOOT_STEP: MoveMode.SHIFT,
    }
    words = {
        MoveMode.DASH: "a run",
        MoveMode.CRAWL: "a crawl",
        MoveMode.SQUEEZE: "a squeeze",
        MoveMode.SHIFT: "a shift",
    }
    for action, mode in moves.items():
        listed, asked = _answers(session, action.value)
        assert (
            listed
            == asked
            == f"{words[mode]} is not a walk: a forced creature only walks (003-46)"
        )
        refused = session.move_creature("orc", Square(5, 6), mode)
        assert not refused.ok
        assert refused.reason == asked
        preview = session.preview_move("orc", Square(5, 6), mode)
        assert not preview.reachable
        assert preview.reason == asked
        assert session.reachable_squares("orc", mode) == frozenset()
    assert session.encounter.creature("orc").square == Square(5, 5)
    assert session.move_creature("orc", Square(5, 8), MoveMode.WALK).ok
