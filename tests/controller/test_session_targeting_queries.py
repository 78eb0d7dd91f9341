"""Session queries the targeting flow needs: basic attacks by name, charge destinations."""

from __future__ import annotations

import json

from orcus_desktop.assets import resource_path
from orcus_desktop.controller.actions import combat_actions, interrupts
from orcus_desktop.controller.attacks import attack_powers
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import creature, fighter, make_session


def _goblin(cid: str, col: int, row: int) -> Creature:
    raw = json.loads(resource_path("creatures", "goblin_warrior.json").read_text("utf-8"))
    return creature(cid, "monsters", col, row, statblock=freeze(raw))


def test_basic_attack_name_uses_a_monsters_own_basic_attack() -> None:
    session = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 1, 1), _goblin("gob", 2, 1)))
    )
    assert session.ask(attack_powers.basic_attack_name, "hero") == "Basic Melee Attack"
    # 000 "Basic Attack": the goblin's stat block names its own ("Short Sword", basic).
    assert session.ask(attack_powers.basic_attack_name, "gob") == "Short Sword"
    assert session.ask(attack_powers.basic_attack_name, "gob", ranged=True) is None
    assert session.ask(attack_powers.basic_attack_name, "nobody") is None


def test_a_goblin_takes_its_opportunity_attack_with_its_short_sword() -> None:
    session = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 1, 1), _goblin("gob", 2, 1)))
    )
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "gob": 10}).ok
    assert session.run(initiative.start_combat).ok
    walk = session.move_creature("hero", Square(1, 4), MoveMode.WALK)
    assert walk.opportunity_attackers == ("gob",)
    hp = session.rules.state(session.encounter.creature("hero"))
    assert hp is not None
    # Short Sword: +6 vs AC 17, 1d6 + 3: a 15 hits, a 4 on the d6 deals 7.
    result = session.run(interrupts.opportunity_attack, "gob", "hero", dice=[15, 4])
    assert result.ok, result.reason
    after = session.rules.state(session.encounter.creature("hero"))
    assert after is not None
    assert after.current_hp == hp.current_hp - 7


def test_charge_destinations_are_the_closest_attack_squares() -> None:
    session = make_session(
        Encounter(GridBounds(10, 10), creatures=(fighter("hero", 1, 1), _goblin("gob", 6, 1)))
    )
    squares = session.ask(combat_actions.charge_destinations, "hero", "gob")
    # Speed 6 (the fighter default), reach 1: the squares next to the goblin facing the hero.
    assert squares
    assert all(abs(s.col - 6) <= 1 and abs(s.row - 1) <= 1 for s in squares)
    assert min(s.col for s in squares) == 5
    assert session.ask(combat_actions.charge_destinations, "hero", "hero") == ()
    # Already adjacent: a charge needs 2 squares of movement, so there is none.
    near = make_session(
        Encounter(GridBounds(10, 10), creatures=(fighter("hero", 1, 1), _goblin("gob", 2, 1)))
    )
    assert near.ask(combat_actions.charge_destinations, "hero", "gob") == ()
