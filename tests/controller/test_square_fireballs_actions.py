"""003 "Square Fireballs": the action economy and reactions, played from the GM's side.

Dazed and stunned budgets (003-24, 003-36), Crawl 1 (003-55), slowed movement costs (003-35),
the opportunity attack as one Free Reaction per turn (003-16, 003-19), reactions that provoke
no reactions (003-16) and forced movement that never provokes (003-19, 003 l.472). Each test
quotes the 003 line; where 000 differs the same scene is played under 000 too.
"""

from __future__ import annotations

from orcus_desktop.controller.actions import combat_actions, forced_placement, interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import ready_attacks
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import ruleset_by_id
from orcus_desktop.rules.ruleset.tables import Budget
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

SF = "square-fireballs"


def _fight(ruleset_id: str = SF) -> GameSession:
    """Hero between an orc (east) and a goblin (west); the hero acts first."""
    creatures = (fighter("hero", 4, 4), orc("orc", 5, 4), orc("gob", 3, 4))
    s = make_session(Encounter(GridBounds(14, 10), creatures=creatures, ruleset_id=ruleset_id))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "gob": 10}).ok
    assert s.run(initiative.start_combat).ok
    return s


def _next_turn_of(s: GameSession, cid: str) -> None:
    for _ in range(6):
        assert s.end_turn().ok
        if s.encounter.combat.current == cid:
            return
    raise AssertionError(f"no turn for {cid}")


def test_dazed_keeps_a_minor_and_a_standard_or_a_move() -> None:
    """003-24, 003 l.330 Dazed: "Each turn, can use a Minor Action and either a Standard
    Action or a Move Action." (000 "Dazed": a single standard action.)"""
    for ruleset_id, budget in ((SF, ActionBudget(1, 0, 1)), ("orcus", ActionBudget(1, 0, 0))):
        s = _fight(ruleset_id)
        assert s.run(
            gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.END_OF_ENCOUNTER
        ).ok
        _next_turn_of(s, "hero")
        assert s.encounter.combat.combatant("hero").budget == budget
    # Under 003 the minor is spent and a move is still possible, but then no standard.
    assert s.ruleset.id == "orcus"
    s = _fight(SF)
    assert s.run(gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.END_OF_ENCOUNTER).ok
    _next_turn_of(s, "hero")
    assert s.run(
        combat_actions.take_action, CombatAction.DROP_PRONE, "hero"
    ).ok  # a free action under both
    assert s.run(
        combat_actions.take_action, CombatAction.STAND_UP, "hero"
    ).ok  # 000 "Stand Up": a move action, paid by the standard
    assert s.encounter.combat.combatant("hero").budget == ActionBudget(0, 0, 1)


def test_stunned_leaves_one_action() -> None:
    """003-36, 003 l.368 Stunned: "Can only take one action per turn" (000: none). What a
    stunned creature may not do with it (attack, move) is the 003 status table's row."""
    sf, orcus = ruleset_by_id(SF), ruleset_by_id("orcus")
    assert sf.actions.budget_for(["stunned"]) == Budget(1, 0, 0)
    assert orcus.actions.budget_for(["stunned"]) == Budget(0, 0, 0)


def test_crawl_moves_one_square() -> None:
    """003-55, 003 l.826 "Crawl - Move Action - Crawl 1." (000: half speed, R-08)."""
    s = _fight()
    assert s.run(combat_actions.take_action, CombatAction.DROP_PRONE, "hero").ok
    reach = s.reachable_squares("hero", MoveMode.CRAWL)
    assert Square(4, 3) in reach
    assert Square(4, 2) not in reach
    o = _fight("orcus")
    assert o.run(combat_actions.take_action, CombatAction.DROP_PRONE, "hero").ok
    assert Square(4, 2) in o.reachable_squares("hero", MoveMode.CRAWL)


def test_slowed_doubles_the_cost_of_each_square() -> None:
    """003-35, 003 l.365 Slowed: "For each square moved, must spend an additional square of
    movement" - speed 6 walks 3 squares (000 "Slowed": speed 2)."""
    s = _fight()
    assert s.run(gm_edits.add_condition, "hero", Condition.SLOWED, DurationKind.SAVE_ENDS).ok
    reach = s.reachable_squares("hero", MoveMode.WALK)
    assert Square(4, 1) in reach
    assert Square(4, 0) not in reach
    o = _fight("orcus")
    assert o.run(gm_edits.add_condition, "hero", Condition.SLOWED, DurationKind.SAVE_ENDS).ok
    orcus_reach = o.reachable_squares("hero", MoveMode.WALK)
    assert Square(4, 2) in orcus_reach
    assert Square(4, 1) not in orcus_reach


def test_opportunity_attacks_are_one_free_reaction_per_turn() -> None:
    """003-19, 003 l.247 Opportunity Attack: "Free Reaction (Interrupt)"; 003-16, l.261 "One
    Free Reaction attack per turn" and a Free Reaction "Does not count toward the limit of 1
    Reaction/Round" - so the hero strikes on the orc's turn and again on the goblin's."""
    s = _fight()
    assert s.end_turn().ok  # hero
    walk = s.move_creature("orc", Square(8, 4), MoveMode.WALK)
    assert walk.opportunity_attackers == ("hero",)
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[2]).ok
    assert not s.encounter.combat.combatant("hero").immediate_used
    assert s.end_turn().ok  # orc
    away = s.move_creature("gob", Square(0, 4), MoveMode.WALK)
    assert away.opportunity_attackers == ("hero",)
    assert s.run(interrupts.opportunity_attack, "hero", "gob", dice=[2]).ok


def test_a_reaction_provokes_no_reaction() -> None:
    """003-16, 003 l.269 "Unless otherwise stated, reactions cannot trigger further
    reactions": the hero's readied move away from the orc and the goblin, taken on the orc's
    turn, offers nobody anything. Under 000 it offers the goblin its opportunity attack, which
    stays until answered, and the orc none: 000 "Immediate Actions": "It must occur on someone
    else's turn", and the attack uses it (R-248; before, the orc's offer was made and withdrawn
    at once)."""
    for ruleset_id in (SF, "orcus"):
        s = _fight(ruleset_id)
        assert s.run(initiative.ready_action, "hero", ActionKind.MOVE, "the orc raises its axe").ok
        assert s.end_turn().ok  # hero
        assert s.run(initiative.trigger_readied, "hero", "orc").ok
        moved = s.move_creature("hero", Square(4, 7), MoveMode.WALK)
        assert moved.ok, moved.reason
        assert s.encounter.combat.combatant("orc").out_of_turn is None
        assert not [e for e in s.encounter.combat.log if e.kind == "offer_withdrawn"]
        if ruleset_id == SF:
            notes = [e for e in s.encounter.combat.log if e.kind == "rule_note"]
            assert notes[-1].data["mechanic"] == "003-16"
            assert s.encounter.combat.combatant("gob").out_of_turn is None
        else:
            assert moved.opportunity_attackers == ("gob",)
            assert s.encounter.combat.combatant("gob").out_of_turn is ActionKind.OPPORTUNITY
            assert "warning" not in moved.details
            assert s.encounter.combat.log[-1].kind == "attack_held"


def test_forced_movement_never_provokes() -> None:
    """003-19, 003 l.472 "Forced movement never triggers opportunity attacks"."""
    s = _fight()
    pushed = s.run(
        forced_placement.force_move, "hero", "push", 1, Square(4, 5), source_square=Square(4, 3)
    )
    assert pushed.ok, pushed.reason
    assert pushed.opportunity_attackers == ()
    assert all(c.out_of_turn is None for c in s.encounter.combat.combatants)


def test_ready_melee_attack_strikes_the_first_enemy_that_comes_close() -> None:
    """003-52, 003 l.790 Ready Melee Attack: "Until your next turn, the first time an enemy you
    can see moves to a square adjacent to you, they provoke an opportunity attack from you";
    l.792 "only if there are no enemies you can see adjacent to you"."""
    s = _fight()
    refused = s.run(ready_attacks.ready_attack, "hero")
    assert not refused.ok
    assert "adjacent" in refused.reason
    apart = (fighter("hero", 1, 1), orc("orc", 8, 8))
    s = make_session(Encounter(GridBounds(14, 10), creatures=apart, ruleset_id=SF))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(ready_attacks.ready_attack, "hero").ok
    readied = s.encounter.combat.combatant("hero").readied
    assert readied is not None
    assert "003-52" in readied.trigger
    assert s.encounter.combat.combatant("hero").budget.standard == 0
    assert s.end_turn().ok
    assert s.move_creature("orc", Square(2, 2), MoveMode.WALK).ok
    # The walk triggers it by itself (tests/controller/test_ready_walks.py).
    assert s.encounter.combat.combatant("hero").out_of_turn is ActionKind.OPPORTUNITY
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[15]).ok
    o = _fight("orcus")
    assert "no Ready Melee" in o.run(ready_attacks.ready_attack, "hero").reason
