"""Rules the variants share with 000 (the =000 items of docs/rulesets.md), played under each.

Where 002 and 004 are silent or say the same as 000, the same fight gives the same result.
"""

from __future__ import annotations

import pytest

from orcus_desktop.controller.actions import attacks, combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, hero_fights_orc, orc

RULESETS = ("orcus", "4e-quickref", "alloy-heroes")


def _duel(ruleset_id: str) -> GameSession:
    return fight_started(
        GridBounds(12, 12),
        (fighter("hero", 2, 2), orc("orc", 3, 2), orc("brute", 9, 9)),
        {"hero": 20, "orc": 10, "brute": 5},
        ruleset_id,
    )


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_dazed_leaves_one_action(ruleset_id: str) -> None:
    # 000 "Dazed"; 002-10 (002 l.26 "may only take one standard action, one move action or one
    # minor action"); 004-34 (004 l.797 "a single action each round").
    s = _duel(ruleset_id)
    assert s.run(gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.SAVE_ENDS).ok
    assert s.end_turn(save_dice={1: 3}).ok
    _ = s.end_turn(), s.end_turn()
    assert s.encounter.combat.combatant("hero").budget == ActionBudget(1, 0, 0)
    assert not s.available_actions("hero").option(CombatAction.OPPORTUNITY_ATTACK).allowed


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_walking_out_provokes_and_shifting_does_not(ruleset_id: str) -> None:
    # docs/rulings.md R-02; 002-25 (pick = R-02), 002 l.100 "A single square shift ... does
    # not provoke"; 004-05 l.75, 004-35 Adjust = shift 1.
    s = _duel(ruleset_id)
    assert s.end_turn().ok
    shift = s.move_creature("orc", Square(4, 2), MoveMode.SHIFT)
    assert shift.ok
    assert shift.opportunity_attackers == ()
    assert s.undo().ok
    walk = s.move_creature("orc", Square(6, 2), MoveMode.WALK)
    assert walk.ok
    assert walk.opportunity_attackers == ("hero",)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_save_succeeds_on_10(ruleset_id: str) -> None:
    # 000 "Saving Throws"; 002-04 (002 l.28-31: saves at the end of the turn).
    s = _duel(ruleset_id)
    assert s.run(gm_edits.add_condition, "hero", Condition.SLOWED, DurationKind.SAVE_ENDS).ok
    state = s.encounter.creature("hero").state
    assert state is not None
    effect = state.conditions[0].effect_id
    assert s.end_turn(save_dice={effect: 10}).ok
    after = s.encounter.creature("hero").state
    assert after is not None
    assert not after.instances_of(Condition.SLOWED)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_natural_20_that_would_hit_is_a_critical_hit(ruleset_id: str) -> None:
    # 000 "Critical Hits": maximum damage; 004-04 (004 l.145 "maximizes the character's
    # damage"); 002 is silent.
    s = _duel(ruleset_id)
    result = s.run(attacks.basic_attack, "hero", "orc", dice=[20])
    assert result.ok, result.reason
    assert s.encounter.creature("orc").state.current_hp == 30 - (10 + 3)  # type: ignore[union-attr]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_charge_moves_at_least_two_squares_and_adds_1(ruleset_id: str) -> None:
    # 000 "Charge": +1, at least 2 squares; 002-14 (002 l.42); 004-13 l.449 "at least 10
    # feet", l.733 "Charge attack (melee only) +1".
    s = hero_fights_orc((12, 6), (1, 2), (6, 2), ruleset_id)
    assert s.ask(combat_actions.charge_destinations, "hero", "orc") == (
        Square(5, 1),
        Square(5, 2),
        Square(5, 3),
    )
    charge = s.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[2])
    assert charge.ok, charge.reason
    attack = [e for e in s.encounter.combat.log if e.kind == "attack"][-1]
    assert [1, "charge"] in [list(p) for p in attack.data["targets"][0]["attack_parts"]]
