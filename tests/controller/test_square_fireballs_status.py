"""003 "Square Fireballs": the status table and its downgrades, played from the GM's side.

Mechanics 003-21..38 (docs/rulesets.md "003"), seed 003 "5.8 Status Effects". Dice typed in
are consumed in rolling order, as in tests/controller/test_variant_fights.py.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.log_text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition, ConditionInstance
from orcus_desktop.rules.durations import DurationKind
from tests.controller.conftest import fighter, make_session, orc

SF = "square-fireballs"


def _fight(ruleset_id: str = SF) -> GameSession:
    session = make_session(
        Encounter(
            GridBounds(12, 8),
            creatures=(
                fighter("hero", 3, 3),
                orc("orc", 4, 3),
                orc("shaman", 6, 3),
            ),
            ruleset_id=ruleset_id,
        )
    )
    assert session.roll_initiative(totals={"hero": 20, "orc": 15, "shaman": 10}).ok
    assert session.start_combat().ok
    return session


def _conditions(session: GameSession, cid: str) -> tuple[ConditionInstance, ...]:
    state = session.encounter.creature(cid).state
    assert state is not None
    return state.conditions


def _log(session: GameSession) -> list[str]:
    names = {str(c.id): c.name for c in session.encounter.creatures}
    return [
        entry_text(e, lambda cid: names.get(cid or "", ""), session.ruleset.label)
        for e in session.encounter.combat.log
    ]


def test_the_003_conditions_are_offered_under_003_only() -> None:
    # 003 l.346 Hindered, l.363 Shocked, l.380 Partially Weakened, 5.8.3 Shrouded/Hidden,
    # 5.8.4 Swallowed/Exiled are 003's own; 003-39 l.458 "Deafened: Renamed to Dazzled".
    sf, orcus = _fight(SF), _fight("orcus")
    offered = set(sf.gm_conditions())
    for own in ("charmed", "dazzled", "flanked", "hindered", "shocked", "partially_weakened"):
        assert Condition(own) in offered
        assert Condition(own) not in orcus.gm_conditions()
    assert {Condition.SHROUDED, Condition.HIDDEN, Condition.SWALLOWED} <= offered
    assert Condition.DEAFENED not in offered
    assert Condition.DEAFENED in orcus.gm_conditions()
    # The 003 names (003-30 Taunted, 003-27 Grabbed, 003-33 Immobilized, 003-26 Dominated).
    labels = {sf.ruleset.condition_label(c.value) for c in offered}
    assert {"Taunted", "Grabbed", "Immobilized", "Dominated", "Partially weakened"} <= labels


def test_stunned_is_downgraded_to_dazed_by_a_save_then_ends() -> None:
    """003-21, 003 l.366 "Stunned | Dazed": a successful save downgrades it (R-62)."""
    s = _fight()
    assert s.add_condition("orc", Condition.STUNNED, DurationKind.SAVE_ENDS).ok
    (stunned,) = _conditions(s, "orc")
    assert s.saving_throw("orc", stunned.effect_id, die=14).ok
    (now,) = _conditions(s, "orc")
    assert (now.condition, now.downgraded_from) == (Condition.DAZED, Condition.STUNNED)
    assert now.effect_id == stunned.effect_id
    assert now.duration == stunned.duration
    assert "downgraded to Dazed, downgraded from Stunned (save ends)" in _log(s)[-1]
    # "A status effect can only be downgraded once at any given time": the next save ends it.
    assert s.saving_throw("orc", stunned.effect_id, die=12).ok
    assert _conditions(s, "orc") == ()
    # A failed save changes nothing; under 000 a success ends Stunned at once.
    orcus = _fight("orcus")
    assert orcus.add_condition("orc", Condition.STUNNED).ok
    (gone,) = _conditions(orcus, "orc")
    assert orcus.saving_throw("orc", gone.effect_id, die=14).ok
    assert _conditions(orcus, "orc") == ()


def test_end_of_turn_saves_downgrade_no_effect_ends_and_no_downgrade_ends() -> None:
    # 003 l.318-385: Weakened -> Partially Weakened; Slowed -> "No Effect"; Prone... Taunted
    # "No Downgrade" (a save ends it as in 000).
    s = _fight()
    for condition in (Condition.WEAKENED, Condition.SLOWED):
        assert s.add_condition("hero", condition, DurationKind.SAVE_ENDS).ok
    assert s.add_condition("hero", Condition.MARKED, source_id="orc").ok
    weakened, slowed, taunted = _conditions(s, "hero")
    dice = {weakened.effect_id: 15, slowed.effect_id: 15, taunted.effect_id: 15}
    assert s.end_turn(save_dice=dice).ok
    (left,) = _conditions(s, "hero")
    assert (left.condition, left.downgraded_from) == (
        Condition.PARTIALLY_WEAKENED,
        Condition.WEAKENED,
    )
    assert any("Hero saves against Weakened (save ends)" in line for line in _log(s))


def test_downgrades_survive_undo_redo_and_save_reopen(tmp_path: Path) -> None:
    s = _fight()
    assert s.add_condition("orc", Condition.PETRIFIED).ok
    (petrified,) = _conditions(s, "orc")
    assert s.saving_throw("orc", petrified.effect_id, die=18).ok
    downgraded = _conditions(s, "orc")
    assert downgraded[0].condition is Condition.STUNNED  # 003 l.350 "Petrified | Stunned"
    s.undo()
    assert _conditions(s, "orc") == (petrified,)
    s.redo()
    assert _conditions(s, "orc") == downgraded
    path = tmp_path / "fight.json"
    save_encounter(path, s.encounter)
    reopened = load_encounter(path)
    state = reopened.creature("orc").state
    assert state is not None
    assert state.conditions == downgraded
    assert reopened.ruleset_id == SF


def test_the_gm_downgrades_by_hand_once() -> None:
    """003-21: an ability downgrades (the GM box's Downgrade): one undo step."""
    s = _fight()
    assert s.add_condition("orc", Condition.RESTRAINED).ok
    assert s.add_condition("orc", Condition.FLANKED).ok
    restrained, flanked, *_ = _conditions(s, "orc")
    assert s.downgrade_problem(flanked) == "Flanked cannot be downgraded."  # "No Downgrade"
    assert not s.downgrade_effect("orc", flanked.effect_id).ok
    assert s.downgrade_effect("orc", restrained.effect_id).ok
    grabbed = _conditions(s, "orc")[0]
    assert grabbed.condition is Condition.GRAPPLED  # 003 l.359 "Restrained | Grabbed"
    assert s.ruleset.condition_label(grabbed.condition.value) == "Grabbed"
    assert s.downgrade_problem(grabbed).startswith("Downgraded already")
    assert not s.downgrade_effect("orc", grabbed.effect_id).ok
    s.undo()
    assert _conditions(s, "orc")[0] == restrained
    # Under 000 nothing downgrades.
    assert "no downgrades" in _fight("orcus").downgrade_problem(restrained)


def _attack_parts(session: GameSession) -> list[tuple[int, str]]:
    entry = session.encounter.combat.log[-1]
    assert entry.kind == "attack"
    (target,) = entry.data["targets"]
    return [(int(p[0]), str(p[1])) for p in target["attack_parts"]]


def test_status_rows_in_an_attack() -> None:
    """003-29 Hindered -2; 003-32 Prone is Hindered, not on top of it; 003-30 two taunters."""
    s = _fight()
    assert s.add_condition("hero", Condition.HINDERED, DurationKind.END_OF_TARGET_NEXT_TURN).ok
    assert s.add_condition("hero", Condition.PRONE, DurationKind.UNTIL_COUNTERED).ok
    # 003 l.349 "may be Taunted by multiple enemies at a time" (000: a new mark supersedes).
    assert s.add_condition("hero", Condition.MARKED, source_id="orc").ok
    assert s.add_condition("hero", Condition.MARKED, source_id="shaman").ok
    state = s.encounter.creature("hero").state
    assert state is not None
    assert state.markers() == {"orc", "shaman"}
    assert s.basic_attack("hero", "orc", dice=[10, 5]).ok
    penalties = [p for p in _attack_parts(s) if p[0] < 0]
    # One -2 for Hindered and Prone together (003 l.302 "don't stack"); the orc taunts the
    # hero, so attacking it does not ignore the Taunt (003 l.389).
    assert penalties == [(-2, "attacker hindered")]
    assert "Taunted" in _log(s)[-3]
    # 000: the shaman's mark superseded the orc's, so attacking the orc is -2 (marked).
    orcus = _fight("orcus")
    assert orcus.add_condition("hero", Condition.MARKED, source_id="orc").ok
    assert orcus.add_condition("hero", Condition.MARKED, source_id="shaman").ok
    assert orcus.basic_attack("hero", "orc", dice=[10, 5]).ok
    assert (-2, "marked") in _attack_parts(orcus)


def _attack_target(session: GameSession) -> dict[str, object]:
    entry = session.encounter.combat.log[-1]
    assert entry.kind == "attack"
    (target,) = entry.data["targets"]
    return dict(target)


def test_melee_crits_on_10_against_the_helpless() -> None:
    """003-28, 003 l.345 "Melee Attacks against the character gain +10 Crit Range"."""
    for ruleset_id, crit in ((SF, True), ("orcus", False)):
        s = _fight(ruleset_id)
        assert s.add_condition("orc", Condition.HELPLESS).ok
        assert s.basic_attack("hero", "orc", dice=[10, 4]).ok  # 10+3+3 +2 advantage vs AC 15
        target = _attack_target(s)
        assert target["hit"] is True
        assert target["critical"] is crit, ruleset_id
    # A natural 9 is not in the range.
    s = _fight()
    assert s.add_condition("orc", Condition.HELPLESS).ok
    assert s.basic_attack("hero", "orc", dice=[9, 4]).ok
    assert _attack_target(s)["critical"] is False


def _hp(session: GameSession, cid: str) -> int:
    state = session.encounter.creature(cid).state
    assert state is not None
    return state.current_hp


def test_partially_weakened_deals_three_quarters_and_weakened_heals_half() -> None:
    """003-38, 003 l.377-382: damage dealt halved / "reduced by 1/4", healing received too."""
    s = _fight()
    assert s.add_condition("hero", Condition.PARTIALLY_WEAKENED).ok
    assert s.basic_attack("hero", "orc", dice=[15, 8]).ok  # 1d10 8 + 3 = 11 -> 8
    assert _hp(s, "orc") == 30 - 8
    assert any("reduced (attacker partially weakened)" in line for line in _log(s))
    assert s.apply_damage("hero", 20).ok
    assert s.add_condition("hero", Condition.WEAKENED).ok
    assert s.heal("hero", 10).ok  # halved: 5
    assert _hp(s, "hero") == 44 - 20 + 5
    s.undo()
    assert _hp(s, "hero") == 24
    # 000: the whole 11 and the whole 10.
    orcus = _fight("orcus")
    assert orcus.add_condition("hero", Condition.WEAKENED).ok
    assert orcus.apply_damage("hero", 20).ok
    assert orcus.heal("hero", 10).ok
    assert _hp(orcus, "hero") == 34
