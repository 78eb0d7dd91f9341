"""The Actions panel and the session give the same answer (issue 10, divergence 1).

For every condition of 000 "Appendix: Conditions" (and the action states tracked like them) and
every action of 000 "Actions in Combat", what the panel offers (`available_actions`) is exactly
what the session accepts: a GM who clicks an enabled button is never refused, and a disabled
button's action is never done through another route. 000 "Stunned": "You can't take actions",
so a stunned creature cannot, for one, ready an action (000 "Ready").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from orcus_desktop.controller.actions import (
    aid_actions,
    attacks,
    combat_actions,
    grappling,
    interrupts,
)
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

HERO, ORC, CLERIC, FAR = "hero", "orc", "cleric", "far"


@cache
def _hero_turn_with(condition: Condition | None, mid_turn: bool = False) -> Encounter:
    """The hero's turn with `condition` on it, imposed by the orc next to it before the turn
    began or (`mid_turn`) once it had begun, as by an immediate action or the GM.

    A second orc stands within a slowed charge (000 "Slowed": speed 2), an ally next to the hero.
    """
    s = make_session(
        Encounter(
            GridBounds(12, 12),
            creatures=(
                fighter(HERO, 2, 2),
                fighter(CLERIC, 2, 3),
                orc(ORC, 3, 2),
                orc(FAR, 5, 2),
            ),
        )
    )
    s.run(initiative.roll_initiative, totals={ORC: 20, HERO: 15, CLERIC: 10, FAR: 5})
    s.run(initiative.start_combat)
    if condition is not None and not mid_turn:
        assert s.run(
            gm_edits.add_condition, HERO, condition, DurationKind.SAVE_ENDS, source_id=ORC
        ).ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == HERO
    if condition is not None and mid_turn:
        assert s.run(
            gm_edits.add_condition, HERO, condition, DurationKind.SAVE_ENDS, source_id=ORC
        ).ok
    return s.encounter


def _charge(s: GameSession) -> OperationResult:
    destinations = s.ask(combat_actions.charge_destinations, HERO, FAR) or (Square(4, 1),)
    return s.run(combat_actions.charge, HERO, destinations[0], FAR, dice=[10, 4])


_CALLS: dict[CombatAction, Callable[[GameSession], OperationResult]] = {
    CombatAction.AID_ANOTHER: lambda s: s.run(aid_actions.aid_another, HERO, CLERIC),
    CombatAction.BASIC_ATTACK: lambda s: s.run(attacks.basic_attack, HERO, ORC, dice=[10, 4]),
    CombatAction.CHARGE: _charge,
    CombatAction.COUP_DE_GRACE: lambda s: s.run(
        combat_actions.coup_de_grace, HERO, ORC, dice=[10, 4]
    ),
    CombatAction.CRAWL: lambda s: s.move_creature(HERO, Square(2, 1), MoveMode.CRAWL),
    CombatAction.DASH: lambda s: s.move_creature(HERO, Square(2, 1), MoveMode.DASH),
    CombatAction.FIVE_FOOT_STEP: lambda s: s.move_creature(HERO, Square(2, 1), MoveMode.SHIFT),
    CombatAction.DELAY: lambda s: s.delay(),
    CombatAction.GRAPPLE: lambda s: s.run(grappling.grapple, HERO, ORC, dice=[10]),
    CombatAction.ESCAPE_GRAPPLE: lambda s: s.run(grappling.escape_grapple, HERO, die=10),
    CombatAction.MOVE_GRAPPLED: lambda s: s.run(
        grappling.move_grappled, HERO, ORC, Square(1, 2), Square(2, 2), dice=[10]
    ),
    CombatAction.RELEASE_GRAPPLE: lambda s: s.run(grappling.release_grapple, HERO),
    CombatAction.HELP_ATTACK: lambda s: s.run(
        aid_actions.help_ally, HERO, CLERIC, ORC, AidKind.ATTACK
    ),
    CombatAction.HELP_DEFENSE: lambda s: s.run(
        aid_actions.help_ally, HERO, CLERIC, ORC, AidKind.DEFENSE
    ),
    CombatAction.RALLY: lambda s: s.run(combat_actions.take_action, CombatAction.RALLY, HERO),
    CombatAction.READY: lambda s: s.run(
        initiative.ready_action, HERO, ActionKind.STANDARD, "the orc moves"
    ),
    CombatAction.SHOVE: lambda s: s.run(combat_actions.shove, HERO, ORC, dice=[10]),
    CombatAction.STAND_UP: lambda s: s.run(
        combat_actions.take_action, CombatAction.STAND_UP, HERO
    ),
    CombatAction.DROP_PRONE: lambda s: s.run(
        combat_actions.take_action, CombatAction.DROP_PRONE, HERO
    ),
    CombatAction.SQUEEZE: lambda s: s.move_creature(HERO, Square(2, 1), MoveMode.SQUEEZE),
    CombatAction.TOTAL_DEFENSE: lambda s: s.run(
        combat_actions.take_action, CombatAction.TOTAL_DEFENSE, HERO
    ),
    CombatAction.USE_POWER: lambda s: s.use_power(HERO, "Knockdown Strike", [ORC], dice=[10, 4]),
    CombatAction.WALK: lambda s: s.move_creature(HERO, Square(2, 1), MoveMode.WALK),
    CombatAction.SPEND_ACTION_POINT: lambda s: s.run(
        combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, HERO
    ),
    CombatAction.OPPORTUNITY_ATTACK: lambda s: s.run(
        interrupts.opportunity_attack, HERO, ORC, dice=[10, 4]
    ),
    CombatAction.END_TURN: lambda s: s.end_turn(),
}

# Coup de grace needs a helpless target (000 "Coup de Grace"): the panel answers for the actor
# (it has no target yet), so it is checked where the panel forbids it; where the panel allows
# it, the (here not helpless) target decides.
_TARGET_DECIDES = frozenset({CombatAction.COUP_DE_GRACE})


def test_every_action_has_a_session_call() -> None:
    assert set(_CALLS) == set(CombatAction)


@pytest.mark.parametrize("action", list(CombatAction), ids=str)
@pytest.mark.parametrize("condition", [None, *Condition], ids=str)
@pytest.mark.parametrize("mid_turn", [False, True], ids=["before-turn", "mid-turn"])
def test_panel_and_session_agree(
    condition: Condition | None, action: CombatAction, mid_turn: bool
) -> None:
    session = make_session(_hero_turn_with(condition, mid_turn))
    option = session.available_actions(HERO).option(action)
    result = _CALLS[action](session)
    if not option.allowed:
        assert not result.ok, f"the panel says {option.reason!r} but the session did it"
    elif action not in _TARGET_DECIDES:
        assert result.ok, f"the panel allows it but the session refused: {result.reason!r}"


def test_stunned_creature_cannot_ready_an_action() -> None:
    # 000 "Stunned": "You can't take actions." The orc stuns the hero during its turn.
    session = make_session(_hero_turn_with(Condition.STUNNED, mid_turn=True))
    panel = session.available_actions(HERO).option(CombatAction.READY)
    assert "stunned: no actions" in panel.reason
    result = session.run(initiative.ready_action, HERO, ActionKind.STANDARD, "the orc moves")
    assert not result.ok
    assert "stunned: no actions" in result.reason
