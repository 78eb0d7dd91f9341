"""003-52 Ready Melee Attack interrupts an enemy's walk where it comes next to the readier.

003 "Ready Melee Attack" (l.790): "Until your next turn, the first time an enemy you can see
moves to a square adjacent to you, they provoke an opportunity attack from you." The walk waits
there as for any interrupt (003-18, 003 l.235 "Resolving Interrupts") and goes on once the
readier takes or lets pass its attack (docs/rulings.md R-108).
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import combat_actions, interrupts
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import ready_attacks
from orcus_desktop.geometry.grid import GridBounds, Space, Square, spaces_adjacent
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import (
    fighter,
    hero_fights_orc,
    make_session,
    orc,
    saved_and_reopened,
)

GOAL = Square(1, 2)


def _readied(ruleset_id: str = "square-fireballs") -> GameSession:
    """Hero at (3, 2) readies (003) or not (000); the orc at (7, 2) then has its turn."""
    creatures = (fighter("hero", 3, 2), orc("orc", 7, 2))
    s = make_session(Encounter(GridBounds(12, 8), creatures=creatures, ruleset_id=ruleset_id))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    if ruleset_id == "square-fireballs":
        assert s.run(ready_attacks.ready_attack, "hero").ok
    assert s.end_turn().ok
    return s


def _walk_past(s: GameSession) -> Square:
    """The orc walks past the hero to GOAL; the first square of its path next to the hero."""
    walk = s.move_creature("orc", GOAL, MoveMode.WALK)
    assert walk.ok, walk.reason
    hero = s.encounter.creature("hero")
    orc_size = s.encounter.creature("orc").size
    path = walk.details["path"]
    first: Square = next(p for p in path[1:] if spaces_adjacent(Space(p, orc_size), hero.space))
    return first


def test_the_walk_stops_next_to_the_readier_which_is_offered_its_attack() -> None:
    s = _readied()
    first_next = _walk_past(s)
    combat = s.encounter.combat
    assert s.encounter.creature("orc").square == first_next != GOAL
    hero = combat.combatant("hero")
    assert hero.out_of_turn is ActionKind.OPPORTUNITY  # "they provoke an opportunity attack"
    assert hero.readied is None  # "the first time": it is spent
    assert combat.order.index("hero") < combat.order.index("orc")  # 000 "Ready": ahead of it
    assert combat.pending is not None
    assert combat.pending.attacker == "orc"
    notes = [e.data["note"] for e in combat.log if e.kind == "rule_note"]
    assert any("Ready Melee Attack triggers" in n for n in notes)
    assert any(e.data.get("mechanic") == "003-52" for e in combat.log if e.kind == "rule_note")


def test_the_walk_goes_on_once_the_attack_is_let_pass_one_undo_step() -> None:
    s = _readied()
    first_next = _walk_past(s)
    waiting = s.encounter
    assert s.run(interrupts.decline_opportunity_attack, "hero").ok
    assert s.encounter.creature("orc").square == GOAL
    assert s.encounter.combat.pending is None
    assert s.undo().ok
    assert s.encounter == waiting
    assert s.encounter.creature("orc").square == first_next


def test_the_walk_goes_on_after_the_attack_is_taken() -> None:
    s = _readied()
    _walk_past(s)
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[2]).ok
    assert s.encounter.combat.combatant("hero").out_of_turn is None
    if s.encounter.creature("orc").square != GOAL:  # only if the attack stopped it
        assert s.rules.is_dead(s.encounter, "orc")


def test_a_walk_waiting_for_the_readied_attack_survives_save_and_reopen(tmp_path: Path) -> None:
    s = _readied()
    first_next = _walk_past(s)
    reopened = saved_and_reopened(s, tmp_path / "ready.orcus")
    assert reopened.encounter.creature("orc").square == first_next
    assert reopened.run(interrupts.decline_opportunity_attack, "hero").ok
    assert reopened.encounter.creature("orc").square == GOAL


def test_orcus_free_text_ready_is_still_triggered_by_hand() -> None:
    """000 "Ready": the GM names the trigger, and triggers it (Readied action)."""
    s = hero_fights_orc((12, 8), (3, 2), (7, 2), "orcus")
    assert s.run(initiative.ready_action, "hero", ActionKind.STANDARD, "an orc comes adjacent").ok
    assert s.end_turn().ok
    assert s.move_creature("orc", Square(6, 6), MoveMode.WALK).ok
    assert s.encounter.creature("orc").square == Square(6, 6)
    assert s.encounter.combat.combatant("hero").readied is not None
    assert s.encounter.combat.pending is None


def test_a_charge_waits_next_to_the_readier_then_makes_its_attack() -> None:
    """000 "Charge" moves "as normal movement does": it waits for the readied attack too."""
    s = _readied()
    charge = s.run(combat_actions.charge, "orc", Square(4, 2), "hero", dice=[12, 4])
    assert charge.ok, charge.reason
    waiting_at = s.encounter.creature("orc").square
    hero = s.encounter.creature("hero")
    assert spaces_adjacent(Space(waiting_at, s.encounter.creature("orc").size), hero.space)
    assert s.encounter.combat.combatant("hero").out_of_turn is ActionKind.OPPORTUNITY
    assert not any(e.kind == "attack" for e in s.encounter.combat.log if e.actor == "orc")
    assert s.run(interrupts.decline_opportunity_attack, "hero").ok
    assert s.encounter.creature("orc").square == Square(4, 2)
    assert any(e.kind == "attack" and e.actor == "orc" for e in s.encounter.combat.log)


def test_a_shift_next_to_the_readier_triggers_it_too() -> None:
    """003 l.790 "moves to a square adjacent to you": a Shift moves (R-108), though 003-42
    keeps it from provoking the Free Reaction opportunity attack."""
    creatures = (fighter("hero", 3, 2), orc("orc", 5, 2))
    s = make_session(
        Encounter(GridBounds(12, 8), creatures=creatures, ruleset_id="square-fireballs")
    )
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(ready_attacks.ready_attack, "hero").ok
    assert s.end_turn().ok
    assert s.move_creature("orc", Square(4, 2), MoveMode.SHIFT).ok
    assert s.encounter.combat.combatant("hero").out_of_turn is ActionKind.OPPORTUNITY
    assert s.encounter.combat.combatant("hero").readied is None
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[2]).ok
    assert s.encounter.combat.pending is None
