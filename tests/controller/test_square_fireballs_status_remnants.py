"""003's status rows that act on the turn, the damage and the healing, played from the GM's side.

003-48 Swallowed's one action a turn, 003-26 Dominated's save when damaged, 003-38 a Weakened
healer's healing (seed 003 "5.8 Status Effects", "5.8.4 Special Status Effects").
"""

from __future__ import annotations

from orcus_desktop.controller.actions import attacks, combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.rules.conditions import Condition
from tests.controller.conftest import fight_started, fighter, orc
from tests.controller.log_fights import HEALING_WORD
from tests.controller.test_panel_session_agree import HERO
from tests.controller.test_panel_session_agree import ORC as ORC_ID
from tests.controller.test_square_fireballs_budgets import SF, _hero_turn


def test_the_swallowed_take_one_action_a_turn() -> None:
    """003-48, 003 l.439 Swallowed: "Can only take one action per turn"."""
    s = _hero_turn(SF, Condition.SWALLOWED)
    assert s.encounter.combat.combatant(HERO).budget == ActionBudget(1, 0, 0)
    # It may attack its swallower (its one action), then nothing else.
    assert s.run(attacks.basic_attack, HERO, ORC_ID, dice=[10, 4]).ok
    assert s.encounter.combat.combatant(HERO).budget == ActionBudget(0, 0, 0)
    assert not s.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, HERO).ok
    # The one action may be a move action instead (l.437 its Escape Check).
    other = _hero_turn(SF, Condition.SWALLOWED)
    assert ("standard", "move") in other.rules.conversions(other.encounter, HERO)


def _healer_fight(ruleset_id: str, condition: Condition | None) -> tuple[GameSession, int]:
    """The hero (Healing Word) heals the damaged ally; the hit points the ally regains."""
    session = fight_started(
        GridBounds(12, 8),
        (
            fighter("hero", 2, 2, powers=[HEALING_WORD]),
            fighter("ally", 3, 2),
            orc("orc", 8, 2),
        ),
        {"hero": 20, "ally": 15, "orc": 10},
        ruleset_id,
    )
    assert session.run(gm_edits.apply_damage, "ally", 30).ok
    if condition is not None:
        assert session.run(gm_edits.add_condition, "hero", condition).ok
    before = _hp(session, "ally")
    assert session.use_power("hero", "Healing Word", ["ally"]).ok
    return session, _hp(session, "ally") - before


def _hp(session: GameSession, cid: str) -> int:
    state = session.encounter.creature(cid).state
    assert state is not None
    return state.current_hp


def test_a_weakened_healer_grants_less() -> None:
    """003-38, 003 l.378 Weakened "Healing granted or received is halved", l.381 Partially
    Weakened "reduced by 1/4" - the healer's side (docs/rulings.md R-81)."""
    _, whole = _healer_fight(SF, None)
    _, halved = _healer_fight(SF, Condition.WEAKENED)
    session, three_quarters = _healer_fight(SF, Condition.PARTIALLY_WEAKENED)
    assert whole == 11  # the ally's recovery value: 44 // 4
    assert (halved, three_quarters) == (5, 8)
    assert session.encounter.combat.log[-1].data["targets"][0]["healing"][0]["source"] == (
        "Healing Word (reduced: healer partially weakened)"
    )
    # 000's Weakened leaves healing whole.
    assert _healer_fight("orcus", Condition.WEAKENED)[1] == 11


def test_the_dominated_save_when_damaged() -> None:
    """003-26, 003 l.334 Dominated: "When damaged, can roll a Save to end this condition"."""
    for seed in range(6):
        s = _healer_fight(SF, None)[0]
        s.engine.rng.seed(seed)
        assert s.run(gm_edits.add_condition, "orc", Condition.CONTROLLED, source_id="hero").ok
        assert s.run(gm_edits.apply_damage, "orc", 0).ok  # no damage, no save
        assert s.encounter.combat.log[-1].kind != "saving_throw"
        assert s.run(gm_edits.apply_damage, "orc", 5).ok
        saved = s.encounter.combat.log[-1]
        assert saved.kind == "saving_throw"
        assert s.encounter.combat.log[-2].data["note"] == "Orc is damaged: a save ends it"
        ended = Condition.CONTROLLED not in s.rules.conditions(s.encounter, "orc")
        assert ended == saved.data["success"] == (saved.data["total"] >= 10)
        s.undo()  # the damage and the save are one step
        assert Condition.CONTROLLED in s.rules.conditions(s.encounter, "orc")
    orcus = _healer_fight("orcus", None)[0]
    assert orcus.run(gm_edits.add_condition, "orc", Condition.CONTROLLED, source_id="hero").ok
    assert orcus.run(gm_edits.apply_damage, "orc", 5).ok
    assert orcus.encounter.combat.log[-1].kind != "saving_throw"
