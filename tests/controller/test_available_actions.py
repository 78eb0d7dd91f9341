"""`available_actions`: what a creature may do now and why not (issue 5; 000 "Conditions",
002 "Limitations"), table-driven per condition.
"""

from __future__ import annotations

import pytest

from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from tests.controller.conftest import fighter, make_session, orc


@pytest.fixture
def session() -> GameSession:
    s = make_session(
        Encounter(GridBounds(10, 10), creatures=(fighter("hero", 2, 2), orc("orc", 3, 2)))
    )
    s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10})
    s.run(initiative.start_combat)
    return s


@pytest.mark.parametrize(
    ("condition", "action", "allowed", "why"),
    [
        # 000 "Stunned": "You can't take actions"
        (Condition.STUNNED, CombatAction.BASIC_ATTACK, False, "stunned: no actions"),
        (Condition.STUNNED, CombatAction.WALK, False, "stunned: no actions"),
        # 000 "Petrified": "You can't take any actions"
        (Condition.PETRIFIED, CombatAction.TOTAL_DEFENSE, False, "petrified"),
        # 000 "Immobile": "You cannot willingly move into another square"
        (Condition.IMMOBILE, CombatAction.WALK, False, "immobile: cannot move"),
        (Condition.IMMOBILE, CombatAction.FIVE_FOOT_STEP, False, "immobile: cannot move"),
        (Condition.IMMOBILE, CombatAction.BASIC_ATTACK, True, ""),
        # 000 "Restrained": "You cannot be moved into another square"
        (Condition.RESTRAINED, CombatAction.CHARGE, False, "restrained: cannot move"),
        # 000 "Prone": "Your only movement option is to Crawl, unless you stand up"
        (Condition.PRONE, CombatAction.WALK, False, "prone: crawl or stand up"),
        (Condition.PRONE, CombatAction.CRAWL, True, ""),
        (Condition.PRONE, CombatAction.STAND_UP, True, ""),
        # 000 "Dazed": one standard action, convertible to a move or swift action
        (Condition.DAZED, CombatAction.WALK, True, ""),
        (Condition.DAZED, CombatAction.BASIC_ATTACK, True, ""),
        # 000 "Grapple": only a grappled creature escapes
        (Condition.SLOWED, CombatAction.ESCAPE_GRAPPLE, False, "not grappled"),
    ],
)
def test_condition_limits(
    session: GameSession, condition: Condition, action: CombatAction, allowed: bool, why: str
) -> None:
    session.run(gm_edits.add_condition, "hero", condition, DurationKind.SAVE_ENDS)
    session.end_turn(save_dice={1: 2})  # the save fails; a full round later it's the hero again
    session.end_turn()
    assert session.encounter.combat.current == "hero"
    option = session.available_actions("hero").option(action)
    assert option.allowed is allowed
    assert why in option.reason


def test_reasons_off_turn_and_dazed_reactions(session: GameSession) -> None:
    # 000 "Your Turn"; 000 "Dazed": "You can't take immediate or opportunity actions."
    orc_view = session.available_actions("orc")
    assert not orc_view.its_turn
    assert "not Orc's turn" in orc_view.option(CombatAction.WALK).reason
    assert orc_view.option(CombatAction.DROP_PRONE).allowed  # free actions on others' turns
    assert "nothing provoked" in orc_view.option(CombatAction.OPPORTUNITY_ATTACK).reason
    session.run(gm_edits.add_condition, "orc", Condition.DAZED, DurationKind.SAVE_ENDS)
    dazed = session.available_actions("orc").option(CombatAction.OPPORTUNITY_ATTACK)
    assert "no immediate or opportunity actions" in dazed.reason
    hero = session.available_actions("hero")
    assert hero.its_turn
    assert hero.power("Knockdown Strike").allowed
    assert session.available_actions("hero").option(CombatAction.DELAY).allowed
    session.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero")
    after = session.available_actions("hero")
    assert "no standard action left" in after.option(CombatAction.BASIC_ATTACK).reason
    assert "already took actions" in after.option(CombatAction.DELAY).reason
    assert after.option(CombatAction.WALK).allowed
