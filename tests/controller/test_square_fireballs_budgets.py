"""003 "Square Fireballs": the stunned and slowed rows, no substitution, the tie log.

Played from the GM's side: 003-36 Stunned leaves one action that is no attack and no move,
003-15 allows no slot substitution, 003-35 Slowed shows the squares it walks, and 003-12's
tie entry stands alone in the log. Where 000 differs, the same scene is played under 000.
"""

from __future__ import annotations

import pytest

from orcus_desktop.controller.actions import attacks, combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.derived import effective_speed
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc
from tests.controller.test_panel_session_agree import _CALLS, _TARGET_DECIDES, CLERIC, FAR, HERO
from tests.controller.test_panel_session_agree import ORC as ORC_ID

SF = "square-fireballs"


def _hero_turn(ruleset_id: str = SF, condition: Condition | None = None) -> GameSession:
    """The scene of test_panel_session_agree under ``ruleset_id``: the hero's turn."""
    creatures = (fighter(HERO, 2, 2), fighter(CLERIC, 2, 3), orc(ORC_ID, 3, 2), orc(FAR, 5, 2))
    s = make_session(Encounter(GridBounds(12, 12), creatures=creatures, ruleset_id=ruleset_id))
    assert s.run(initiative.roll_initiative, totals={ORC_ID: 20, HERO: 15, CLERIC: 10, FAR: 5}).ok
    assert s.run(initiative.start_combat).ok
    if condition is not None:
        assert s.run(
            gm_edits.add_condition, HERO, condition, DurationKind.SAVE_ENDS, source_id=ORC_ID
        ).ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == HERO
    return s


# --- 003-36 Stunned -----------------------------------------------------------------------------


def test_stunned_takes_one_action_but_no_attack_and_no_move() -> None:
    """003-36, 003 l.366-368 Stunned: "Cannot attack", "Cannot move", "Can only take one
    action per turn" (000 "Stunned": "You can't take any actions")."""
    s = _hero_turn(SF, Condition.STUNNED)
    panel = s.available_actions(HERO)
    assert "cannot attack" in panel.option(CombatAction.BASIC_ATTACK).reason
    assert not s.run(attacks.basic_attack, HERO, ORC_ID, dice=[10, 4]).ok
    assert not s.move_creature(HERO, Square(2, 1), MoveMode.WALK).ok
    assert not next(p for p in panel.powers if p.name == "Knockdown Strike").allowed
    assert panel.option(CombatAction.TOTAL_DEFENSE).allowed
    assert s.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, HERO).ok  # its one action
    assert s.encounter.combat.combatant(HERO).budget == ActionBudget(0, 0, 0)
    assert not s.available_actions(HERO).option(CombatAction.TOTAL_DEFENSE).allowed
    o = _hero_turn("orcus", Condition.STUNNED)
    assert not o.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, HERO).ok


@pytest.mark.parametrize("action", list(CombatAction), ids=str)
def test_stunned_panel_and_session_agree(action: CombatAction) -> None:
    """The Actions panel offers a stunned creature exactly what the session lets it do (003-36).

    A power is answered by its own entry in the panel's power list (attack or not).
    """
    s = _hero_turn(SF, Condition.STUNNED)
    panel = s.available_actions(HERO)
    option = panel.option(action)
    if action is CombatAction.USE_POWER:
        option = next(p for p in panel.powers if p.name == "Knockdown Strike")  # type: ignore[assignment]
    result = _CALLS[action](s)
    if not option.allowed:
        assert not result.ok, f"the panel says {option.reason!r} but the session did it"
    elif action not in _TARGET_DECIDES:
        assert result.ok, f"the panel allows it but the session refused: {result.reason!r}"


# --- 003-15 no substitution ---------------------------------------------------------------------


def test_no_standard_action_is_spent_as_a_move() -> None:
    """003-15, 003 l.256 "One each of : Minor Action, Move Action, Standard Action." (000
    "Your Turn": "a standard action can be used as a move or swift action")."""
    s = _hero_turn(SF)
    assert s.move_creature(HERO, Square(2, 1), MoveMode.WALK).ok
    walk = s.available_actions(HERO).option(CombatAction.WALK)
    assert not walk.allowed
    assert not s.move_creature(HERO, Square(3, 1), MoveMode.WALK).ok
    assert s.encounter.combat.combatant(HERO).budget == ActionBudget(1, 0, 1)
    o = _hero_turn("orcus")
    conversions = o.rules.conversions(o.encounter, HERO)
    assert ActionBudget(1, 0, 1).can_spend(ActionKind.MOVE, conversions)


def test_no_action_is_spent_as_a_minor() -> None:
    """003-15, 003 l.225 "1 Minor Action/turn" and no substitution: a second minor is refused
    (000: a move or standard pays it)."""
    for ruleset_id, second in ((SF, False), ("orcus", True)):
        s = _hero_turn(ruleset_id)
        budget = s.encounter.combat.combatant(HERO).budget
        rules = s.rules
        conversions = rules.conversions(s.encounter, HERO)
        after = budget.spend(ActionKind.SWIFT, conversions)
        assert after.can_spend(ActionKind.SWIFT, conversions) is second


def test_dazed_still_spends_its_standard_on_a_move() -> None:
    """003-24, 003 l.330 Dazed: "either a Standard Action or a Move Action" - the one
    substitution 003 keeps."""
    s = _hero_turn(SF, Condition.DAZED)
    assert s.move_creature(HERO, Square(2, 1), MoveMode.WALK).ok
    assert s.encounter.combat.combatant(HERO).budget == ActionBudget(0, 0, 1)


# --- 003-35 Slowed ------------------------------------------------------------------------------


def test_slowed_speed_shown_is_what_it_walks() -> None:
    """003-35, 003 l.365 Slowed: "For each square moved, must spend an additional square of
    movement": speed 6 shows 3 and walks 3 (000 "Slowed": speed 2, shows 2)."""
    for ruleset_id, shown in ((SF, 3), ("orcus", 2)):
        s = _hero_turn(ruleset_id, Condition.SLOWED)
        hero = s.encounter.creature(HERO)
        statblock, state = s.rules.statblock(hero), s.rules.state(hero)
        assert statblock is not None
        assert state is not None
        assert effective_speed(statblock, state, s.ruleset).total == shown
        reach = s.reachable_squares(HERO, MoveMode.WALK)
        assert Square(2, 2 + shown) in reach
        assert Square(2, 3 + shown) not in reach


def test_a_slowed_dash_goes_no_farther_than_the_speed_shown() -> None:
    """000 "Slowed": "reduced to 2 and can't be increased": a dash (speed + 2) still goes 2,
    the speed the panel shows."""
    s = _hero_turn("orcus", Condition.SLOWED)
    hero = s.encounter.creature(HERO)
    statblock, state = s.rules.statblock(hero), s.rules.state(hero)
    assert statblock is not None
    assert state is not None
    assert effective_speed(statblock, state, s.ruleset).total == 2
    reach = s.reachable_squares(HERO, MoveMode.DASH)
    assert Square(2, 4) in reach
    assert Square(2, 5) not in reach


# --- 003-12 the tie log -------------------------------------------------------------------------


def test_a_tie_is_logged_once_by_003_12() -> None:
    """003-12, 003 l.193-194: ties alternate PCs and monsters, then "roll a die" - 003's own
    entry; 000's coin flip (docs/rulings.md R-18) is not logged under 003."""
    for ruleset_id, coin in ((SF, 0), ("orcus", 1)):
        creatures = (fighter("hero", 4, 4), fighter("mage", 2, 2), orc("orc", 5, 4))
        s = make_session(Encounter(GridBounds(14, 10), creatures=creatures, ruleset_id=ruleset_id))
        assert s.run(
            initiative.roll_initiative,
            totals={"hero": 20, "mage": 12, "orc": 12},
            modifiers={"mage": 0, "orc": 0},
        ).ok
        kinds = [e.kind for e in s.encounter.combat.log]
        assert kinds.count("initiative_tie") == coin
        notes = [e for e in s.encounter.combat.log if e.kind == "rule_note"]
        assert bool(notes) is (ruleset_id == SF)


def test_an_edited_tie_is_logged_once_by_003_12() -> None:
    """003-12, 003 l.193-194: a GM edit that makes a tie is ordered and logged by 003 alone."""
    creatures = (fighter("hero", 4, 4), fighter("mage", 2, 2), orc("orc", 5, 4))
    s = make_session(Encounter(GridBounds(14, 10), creatures=creatures, ruleset_id=SF))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "mage": 12, "orc": 9}).ok
    assert s.run(initiative.set_initiative, "orc", 12).ok
    assert [e.kind for e in s.encounter.combat.log].count("initiative_tie") == 0
