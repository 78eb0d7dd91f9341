"""A charge's move is interrupted by the opportunity attacks it provokes, as a walk is.

000 "Charge": "Your movement provokes opportunity attacks as normal movement does. After
moving, you may make a single basic melee attack or shove." 000 "Opportunity Attacks": "The
attack occurs right before the creature leaves your reach". 000 "Immediate Actions": "that
creature can continue its action right after the immediate action". So the charger waits on
the square it provokes from; when the offers are settled it moves on to the end of the charge
and attacks, unless an attack stopped it there (then there is no charge attack).
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import combat_actions, interrupts
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from tests.controller.conftest import fighter, make_session, orc, saved_and_reopened


def _hp(session: GameSession, cid: str) -> int:
    state = session.rules.state(session.encounter.creature(cid))
    assert state is not None
    return state.current_hp


def _square(session: GameSession, cid: str) -> Square:
    return session.encounter.creature(cid).square


def _charge_past(*guards: Creature) -> GameSession:
    """Hero (1, 2) charges the orc at (6, 2) along row 2, past `guards`; hero's turn.

    Three rows: no way to the orc as short passes the guards by (issue 28: a charge, like a
    walk, takes the way that provokes the fewest).
    """
    session = make_session(
        Encounter(GridBounds(12, 3), creatures=(fighter("hero", 1, 2), *guards, orc("orc", 6, 2)))
    )
    totals = {"hero": 20, "orc": 5} | {g.id: 10 - i for i, g in enumerate(guards)}
    assert session.run(initiative.roll_initiative, totals=totals).ok
    assert session.run(initiative.start_combat).ok
    return session


def _charged(session: GameSession) -> None:
    charge = session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4])
    assert charge.ok, charge.reason
    log = session.encounter.combat.log
    path = [Square(*p) for p in next(e for e in log if e.kind == "charge_move").data["path"]]
    assert path == [Square(c, 2) for c in range(1, 6)]  # the straight line the tests assume


def test_the_charger_waits_where_it_provokes_then_charges_on_and_undo_steps_back() -> None:
    # The goblin at (3, 1) is next to (2, 2): the hero leaves its reach from there.
    session = _charge_past(orc("goblin", 3, 1))
    before = session.encounter
    _charged(session)
    combat = session.encounter.combat
    assert _square(session, "hero") == Square(2, 2)  # not at the end of the charge yet
    assert combat.combatant("goblin").out_of_turn is ActionKind.OPPORTUNITY
    assert combat.pending is not None
    assert (combat.pending.kind, combat.pending.targets) == ("charge", ("orc",))
    assert combat.combatant("hero").budget.standard == 0  # the charge's standard is spent
    assert _hp(session, "orc") == 30
    assert describe(combat.log[-1], names_of(session.encounter)) == (
        "Hero's charge waits for the opportunity attacks"
    )
    waiting = session.encounter

    # The goblin misses: the hero moves on to (5, 2) and makes the charge attack (+1).
    oa = session.run(interrupts.opportunity_attack, "goblin", "hero", dice=[2])
    assert oa.ok, oa.reason
    assert _square(session, "hero") == Square(5, 2)
    assert session.encounter.combat.pending is None
    attack = session.encounter.combat.log[-1]
    assert (attack.kind, attack.actor) == ("attack", "hero")
    assert [1, "charge"] in [list(p) for p in attack.data["targets"][0]["attack_parts"]]
    assert _hp(session, "orc") < 30

    assert session.undo().ok
    assert session.encounter == waiting
    assert session.undo().ok
    assert session.encounter == before


def test_a_charger_knocked_prone_where_it_waits_makes_no_charge_attack() -> None:
    # 000 "Prone": only a crawl is left, so the charge's move ends where the hero waits, short
    # of a square it could attack from: the charge attack does not happen.
    session = _charge_past(orc("goblin", 3, 1))
    _charged(session)
    assert session.run(
        gm_edits.add_condition, "hero", Condition.PRONE
    ).ok  # the GM rules it knocked down
    assert session.run(interrupts.opportunity_attack, "goblin", "hero", dice=[2]).ok
    assert _square(session, "hero") == Square(2, 2)
    assert _hp(session, "orc") == 30
    assert session.encounter.combat.pending is None
    names = names_of(session.encounter)
    assert [describe(e, names) for e in session.encounter.combat.log[-2:]] == [
        "Hero is stopped where it provoked",
        "Hero's charge does not happen: its move stopped at (2, 2), short of the charge's end",
    ]


def test_an_oa_that_drops_the_charger_on_the_way_cancels_the_charge_attack() -> None:
    session = _charge_past(orc("goblin", 3, 1))
    assert session.run(gm_edits.apply_damage, "hero", 40).ok  # 4 HP left
    _charged(session)
    assert session.run(
        interrupts.opportunity_attack, "goblin", "hero", dice=[18, 6]
    ).ok  # 9 damage
    assert _square(session, "hero") == Square(2, 2)
    assert _hp(session, "orc") == 30
    dropped = session.encounter.combat.log[-1]
    assert describe(dropped, names_of(session.encounter)) == (
        "Hero's charge does not happen: Hero is unconscious"
    )


def test_a_charge_past_two_enemies_waits_twice_then_attacks() -> None:
    # The goblin at (3, 1) is left from (2, 2); the kobold at (5, 1) from (4, 2).
    session = _charge_past(orc("goblin", 3, 1), orc("kobold", 5, 1))
    _charged(session)
    assert _square(session, "hero") == Square(2, 2)
    assert session.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert _square(session, "hero") == Square(4, 2)
    combat = session.encounter.combat
    assert combat.combatant("kobold").out_of_turn is ActionKind.OPPORTUNITY
    assert combat.pending is not None
    assert combat.pending.kind == "charge"
    assert _hp(session, "orc") == 30
    assert session.run(interrupts.decline_opportunity_attack, "kobold").ok
    assert _square(session, "hero") == Square(5, 2)
    assert session.encounter.combat.log[-1].kind == "attack"
    assert _hp(session, "orc") < 30


def test_a_charge_waiting_mid_move_survives_save_and_reopen(tmp_path: Path) -> None:
    session = _charge_past(orc("goblin", 3, 1))
    _charged(session)
    reopened = saved_and_reopened(session, tmp_path / "mid-charge.orcus")
    assert _square(reopened, "hero") == Square(2, 2)
    assert reopened.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert _square(reopened, "hero") == Square(5, 2)
    attack = reopened.encounter.combat.log[-1]
    assert (attack.kind, attack.actor) == ("attack", "hero")
    assert [1, "charge"] in [list(p) for p in attack.data["targets"][0]["attack_parts"]]
    assert _hp(reopened, "orc") < 30
