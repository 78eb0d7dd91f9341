"""A limiting condition begun or ended during its holder's own turn (docs/rulings.md R-121).

Issue 28: ending Dazed during the creature's turn left the dazed limits for the rest of it.
Each test is what the GM did, then what the Actions panel offers.
"""

from __future__ import annotations

import pytest

from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, orc


def _turn(ruleset_id: str = "orcus", *limits: Condition) -> GameSession:
    """The hero's turn, begun under `limits` (the GM imposed them in the orc's turn)."""
    session = fight_started(
        GridBounds(12, 10),
        (fighter("hero", 1, 1), orc("orc", 8, 8)),
        {"orc": 20, "hero": 10},
        ruleset_id,
    )
    for condition in limits:
        assert session.run(gm_edits.add_condition, "hero", condition, DurationKind.SAVE_ENDS).ok
    assert session.end_turn().ok
    assert session.encounter.combat.current == "hero"
    return session


def _remove(session: GameSession, condition: Condition) -> None:
    """The GM removes the condition's effect from the hero (the condition box's Remove)."""
    hero = session.encounter.creature("hero")
    assert hero.state is not None
    (effect,) = [c for c in hero.state.conditions if c.condition is condition]
    assert session.run(gm_edits.remove_effect, "hero", effect.effect_id).ok


def _allowed(session: GameSession) -> set[CombatAction]:
    return set(session.available_actions("hero").allowed)


@pytest.mark.parametrize("ruleset_id", ["orcus", "4e-quickref", "square-fireballs"])
def test_dazed_ended_before_acting_gives_the_whole_turn(ruleset_id: str) -> None:
    session = _turn(ruleset_id, Condition.DAZED)
    budget = session.encounter.combat.combatant("hero").budget
    assert budget.standard + budget.move + budget.swift < 3
    _remove(session, Condition.DAZED)
    combatant = session.encounter.combat.combatant("hero")
    assert (combatant.budget.standard, combatant.budget.move, combatant.budget.swift) == (1, 1, 1)
    assert combatant.budget == combatant.turn_budget  # no action taken yet: it may still Delay
    assert CombatAction.DELAY in _allowed(session)


def test_dazed_ended_after_its_one_action_leaves_the_slots_not_used() -> None:
    """000 "Dazed": one standard action, exchanged here for a walk; then Dazed ends."""
    session = _turn("orcus", Condition.DAZED)
    assert session.move_creature("hero", Square(3, 1), MoveMode.WALK).ok
    assert CombatAction.WALK not in _allowed(session)  # the one action is taken
    _remove(session, Condition.DAZED)
    budget = session.encounter.combat.combatant("hero").budget
    assert (budget.standard, budget.move, budget.swift) == (0, 1, 1)
    assert CombatAction.WALK in _allowed(session)
    assert session.move_creature("hero", Square(5, 1), MoveMode.WALK).ok
    # Undo takes the change back with the removal, one step each.
    session.undo()
    session.undo()
    assert session.encounter.combat.combatant("hero").budget.move == 0


def test_dazed_imposed_after_a_walk_leaves_no_action() -> None:
    session = _turn("orcus")
    assert session.move_creature("hero", Square(3, 1), MoveMode.WALK).ok
    assert session.run(gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.SAVE_ENDS).ok
    option = session.available_actions("hero").option(CombatAction.BASIC_ATTACK)
    assert not option.allowed
    assert option.reason == "Hero is dazed: only a single action this turn, already taken"


@pytest.mark.parametrize("condition", [Condition.STUNNED, Condition.UNCONSCIOUS])
def test_every_limiting_condition_ends_alike(condition: Condition) -> None:
    """Stunned and Unconscious ("can't take any actions") end like Dazed: the turn is whole."""
    session = _turn("orcus", condition)
    assert CombatAction.BASIC_ATTACK not in _allowed(session)
    _remove(session, condition)
    # (Unconscious left the hero prone: 000 "Unconscious" "You fall prone".)
    assert CombatAction.BASIC_ATTACK in _allowed(session)
    budget = session.encounter.combat.combatant("hero").budget
    assert (budget.standard, budget.move, budget.swift) == (1, 1, 1)
