"""Opportunity attacks interrupt the attack that provoked them (issue 5), scripted with fixed dice.

000 "Opportunity Attacks": "The attack occurs right before the creature leaves your reach".
000 "Charge": "Your movement provokes opportunity attacks as normal movement does. After
moving, you may make a single basic melee attack". 000 "Ranged and Far Attacks in Close
Combat": "When you make a ranged attack ... you provoke an opportunity attack". 000 "Immediate
Actions": an interrupt happens before the action; "that creature can continue its action right
after". docs/rulings.md R-02.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import combat_actions, interrupts
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from tests.controller.conftest import fight_started, fighter, make_session, orc


def _hp(session: GameSession, cid: str) -> int:
    state = session.rules.state(session.encounter.creature(cid))
    assert state is not None
    return state.current_hp


def _kinds(session: GameSession, since: int) -> list[str]:
    return [e.kind for e in session.encounter.combat.log[since:]]


def _charge_past_a_goblin() -> GameSession:
    """Hero (1, 2) next to a goblin (2, 1); an orc at (6, 2) to charge; hero's turn."""
    return fight_started(
        GridBounds(12, 6),
        (fighter("hero", 1, 2), orc("goblin", 2, 1), orc("orc", 6, 2)),
        {"hero": 20, "goblin": 10, "orc": 5},
    )


def test_a_charge_past_a_goblin_offers_the_oa_before_the_charge_attack() -> None:
    # 000 "Charge": "Your movement provokes opportunity attacks as normal movement does. After
    # moving, you may make a single basic melee attack"; 000 "Opportunity Attacks": the OA
    # comes first, so the charge's attack waits for it.
    session = _charge_past_a_goblin()
    before = session.encounter
    charge = session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4])
    assert charge.ok, charge.reason
    assert charge.opportunity_attackers == ("goblin",)
    combat = session.encounter.combat
    # It provokes leaving its first square: it waits there (tests/controller/
    # test_charge_interrupts.py has the waits further along).
    assert session.encounter.creature("hero").square == Square(1, 2)
    assert _hp(session, "orc") == 30  # no attack yet
    assert combat.combatant("goblin").out_of_turn is ActionKind.OPPORTUNITY
    assert combat.pending is not None
    assert (combat.pending.attacker, combat.pending.kind, combat.pending.targets) == (
        "hero",
        "charge",
        ("orc",),
    )
    assert combat.combatant("hero").budget.standard == 0  # the charge's standard is spent
    assert "attack" not in _kinds(session, len(before.combat.log))
    held = combat.log[-1]
    assert held.kind == "attack_held"
    assert describe(held, names_of(session.encounter)) == (
        "Hero's charge waits for the opportunity attacks"
    )
    after_charge = session.encounter

    # Letting it pass: the charge resolves with its +1 in the same step.
    let_pass = session.run(interrupts.decline_opportunity_attack, "goblin")
    assert let_pass.ok, let_pass.reason
    assert session.encounter.combat.pending is None
    assert session.encounter.creature("hero").square == Square(5, 2)
    assert _hp(session, "orc") < 30
    assert _kinds(session, len(after_charge.combat.log)) == ["opportunity_declined", "attack"]
    attack = session.encounter.combat.log[-1]
    assert attack.actor == "hero"
    assert [1, "charge"] in [list(p) for p in attack.data["targets"][0]["attack_parts"]]

    # Undo restores each prior state exactly: the held charge, then before the charge.
    assert session.undo().ok
    assert session.encounter == after_charge
    assert session.undo().ok
    assert session.encounter == before
    assert session.redo().ok
    assert session.encounter == after_charge


def test_an_oa_that_drops_the_charger_cancels_the_charge_attack() -> None:
    # 000 "Opportunity Attacks": "The attack occurs right before the creature leaves your
    # reach"; a charger knocked unconscious cannot make the charge's attack (000 "Immediate
    # Actions": it continues only if it can).
    session = _charge_past_a_goblin()
    assert session.run(gm_edits.apply_damage, "hero", 40).ok  # 4 HP left
    assert session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[19, 10]).ok
    held = session.encounter
    oa = session.run(
        interrupts.opportunity_attack, "goblin", "hero", dice=[18, 6]
    )  # hits AC 16 for 9
    assert oa.ok, oa.reason
    assert _hp(session, "hero") <= 0
    state = session.rules.state(session.encounter.creature("hero"))
    assert state is not None
    assert Condition.UNCONSCIOUS in {c.condition for c in state.conditions}
    assert _hp(session, "orc") == 30  # the charge's attack never happened
    assert session.encounter.combat.pending is None
    dropped = session.encounter.combat.log[-1]
    assert dropped.kind == "attack_dropped"
    assert describe(dropped, names_of(session.encounter)) == (
        "Hero's charge does not happen: Hero is unconscious"
    )
    # The charger stopped where it provoked (the first square it left next to the goblin).
    assert session.encounter.creature("hero").square == Square(1, 2)
    assert session.undo().ok
    assert session.encounter == held


def test_a_ranged_power_next_to_an_enemy_takes_the_oa_first() -> None:
    # 000 "Ranged and Far Attacks in Close Combat": "When you make a ranged attack ... you
    # provoke an opportunity attack" — it comes before the ranged attack.
    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2), orc("orc", 2, 2), orc("far", 8, 2)),
        )
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10, "far": 5})
    session.run(initiative.start_combat)
    before = session.encounter
    bolt = session.use_power("hero", "Arcane Bolt", ["far"], dice=[15, 3])
    assert bolt.ok, bolt.reason
    assert bolt.opportunity_attackers == ("orc",)
    assert _hp(session, "far") == 30
    pending = session.encounter.combat.pending
    assert pending is not None
    assert (pending.kind, pending.power, pending.targets) == ("power", "Arcane Bolt", ("far",))
    assert session.encounter.combat.combatant("hero").budget.standard == 0
    held = session.encounter

    oa = session.run(interrupts.opportunity_attack, "orc", "hero", dice=[2])  # misses
    assert oa.ok, oa.reason
    assert oa.details["hits"] == ()
    attacks = session.encounter.combat.log[len(held.combat.log) :]
    assert [(e.kind, e.actor) for e in attacks] == [("attack", "orc"), ("attack", "hero")]
    assert _hp(session, "far") == 30 - (3 + 3)  # 1d6 (3) + Intelligence (+3)
    assert session.encounter.combat.pending is None
    # The held bolt offers nothing again.
    assert session.encounter.combat.combatant("orc").out_of_turn is None
    assert session.encounter.creature("hero").square == Square(1, 2)

    assert session.undo().ok
    assert session.encounter == held
    assert session.undo().ok
    assert session.encounter == before


def test_no_enemy_provoked_resolves_at_once() -> None:
    # docs/rulings.md R-02 — nothing to interrupt, nothing held.
    session = make_session(
        Encounter(GridBounds(12, 6), creatures=(fighter("hero", 1, 2), orc("orc", 6, 2)))
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10})
    session.run(initiative.start_combat)
    assert session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4]).ok
    assert session.encounter.combat.pending is None
    assert session.encounter.combat.log[-1].kind == "attack"
    assert _hp(session, "orc") < 30


def test_a_held_charge_survives_save_and_reopen(tmp_path: Path) -> None:
    session = _charge_past_a_goblin()
    assert session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4]).ok
    path = tmp_path / "held.orcus"
    save_encounter(path, session.encounter)
    loaded = load_encounter(path)
    assert loaded.combat.pending == session.encounter.combat.pending

    reopened = make_session(loaded)
    assert reopened.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert reopened.encounter.combat.pending is None
    assert _hp(reopened, "orc") < 30
    attack = reopened.encounter.combat.log[-1]
    assert attack.kind == "attack"
    assert [1, "charge"] in [list(p) for p in attack.data["targets"][0]["attack_parts"]]


def test_end_turn_while_a_charge_waits_asks_then_letting_it_pass_charges() -> None:
    """Issue 28, R-117: the held charge is never dropped unasked; letting the offer pass (the
    GM's answer) lets the charge go on (000 "Immediate Actions"), then the turn ends, as one
    undo step."""
    session = _charge_past_a_goblin()
    assert session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4]).ok
    refused = session.end_turn()
    assert not refused.ok
    assert refused.reason.startswith("Hero's charge waits for the opportunity attacks; ")
    assert "Goblin may make an opportunity attack on Hero" in refused.reason
    assert _hp(session, "orc") == 30
    held = session.encounter
    assert session.end_turn(let_pass=True).ok
    assert session.encounter.combat.pending is None
    assert session.encounter.combat.current != "hero"
    assert _hp(session, "orc") < 30  # the charge's 12 hit
    assert not [e for e in session.encounter.combat.log if e.kind == "attack_dropped"]
    session.undo()
    assert session.encounter == held


def test_no_new_attack_while_one_is_held() -> None:
    # 000 "Immediate Actions": the interrupted action continues right after the interrupt;
    # nothing else is ordered in between.
    session = _charge_past_a_goblin()
    assert session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4]).ok
    refused = session.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 3])
    assert not refused.ok
    assert refused.reason == "Hero's charge waits for the opportunity attacks"


def test_a_held_ranged_power_keeps_the_gms_choices_through_save_and_reopen(
    tmp_path: Path,
) -> None:
    # 000 "Immediate Actions": the held attack continues "right after" the interrupt, as the GM
    # ordered it: the cover override (docs/design.md#cover) and the imposed damage held with it.
    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2), orc("orc", 2, 2), orc("far", 8, 2)),
        )
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10, "far": 5})
    session.run(initiative.start_combat)
    choices = AttackChoices(cover={"far": "half"}, damage_overrides={"far": 11})
    assert session.use_power("hero", "Arcane Bolt", ["far"], dice=[19], choices=choices).ok
    path = tmp_path / "held.orcus"
    save_encounter(path, session.encounter)
    pending = load_encounter(path).combat.pending
    assert pending is not None
    assert AttackChoices.from_options(pending.options) == choices

    reopened = make_session(load_encounter(path))
    assert reopened.run(interrupts.decline_opportunity_attack, "orc").ok
    bolt = reopened.encounter.combat.log[-1]
    assert (bolt.kind, bolt.actor) == ("attack", "hero")
    assert bolt.data["targets"][0]["cover"] == "half"
    assert _hp(reopened, "far") == 30 - 11
