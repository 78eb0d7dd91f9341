"""003's status rows that act on the turn, the damage and the healing, played from the GM's side.

003-48 Swallowed's one action a turn, 003-26 Dominated's save when damaged, 003-38 a Weakened
healer's healing (seed 003 "5.8 Status Effects", "5.8.4 Special Status Effects").
"""

from __future__ import annotations

from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.rules.conditions import Condition
from tests.controller.test_panel_session_agree import HERO
from tests.controller.test_panel_session_agree import ORC as ORC_ID
from tests.controller.test_square_fireballs_budgets import SF, _hero_turn


def test_the_swallowed_take_one_action_a_turn() -> None:
    """003-48, 003 l.439 Swallowed: "Can only take one action per turn"."""
    s = _hero_turn(SF, Condition.SWALLOWED)
    assert s.encounter.combat.combatant(HERO).budget == ActionBudget(1, 0, 0)
    # It may attack its swallower (its one action), then nothing else.
    assert s.basic_attack(HERO, ORC_ID, dice=[10, 4]).ok
    assert s.encounter.combat.combatant(HERO).budget == ActionBudget(0, 0, 0)
    assert not s.total_defense(HERO).ok
    # The one action may be a move action instead (l.437 its Escape Check).
    other = _hero_turn(SF, Condition.SWALLOWED)
    assert ("standard", "move") in other.rules.conversions(other.encounter, HERO)
