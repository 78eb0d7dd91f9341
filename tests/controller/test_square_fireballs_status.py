"""003 "Square Fireballs": the status table and its downgrades, played from the GM's side.

Mechanics 003-21..38 (docs/rulesets.md "003"), seed 003 "5.8 Status Effects". Dice typed in
are consumed in rolling order, as in tests/controller/test_variant_fights.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from orcus_desktop.controller.actions import attacks, forced_placement
from orcus_desktop.controller.availability.table import DOWNGRADE, why_not
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import forced_collisions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition, ConditionInstance
from orcus_desktop.rules.durations import DurationKind
from tests.controller.conftest import fight_started, fighter, make_session, orc

SF = "square-fireballs"


def _fight(ruleset_id: str = SF) -> GameSession:
    return fight_started(
        GridBounds(12, 8),
        (
            fighter("hero", 3, 3),
            orc("orc", 4, 3),
            orc("shaman", 6, 3),
        ),
        {"hero": 20, "orc": 15, "shaman": 10},
        ruleset_id,
    )


def _conditions(session: GameSession, cid: str) -> tuple[ConditionInstance, ...]:
    """The creature's conditions but the opening Total Defense (003-08, the flow's)."""
    state = session.encounter.creature(cid).state
    assert state is not None
    return tuple(c for c in state.conditions if c.condition is not Condition.TOTAL_DEFENSE)


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
    offered = set(sf.ask(questions.gm_conditions))
    for own in ("charmed", "dazzled", "flanked", "hindered", "shocked", "partially_weakened"):
        assert Condition(own) in offered
        assert Condition(own) not in orcus.ask(questions.gm_conditions)
    assert {Condition.SHROUDED, Condition.HIDDEN, Condition.SWALLOWED} <= offered
    assert Condition.DEAFENED not in offered
    assert Condition.DEAFENED in orcus.ask(questions.gm_conditions)
    # The 003 names (003-30 Taunted, 003-27 Grabbed, 003-33 Immobilized, 003-26 Dominated).
    labels = {sf.ruleset.condition_label(c.value) for c in offered}
    assert {"Taunted", "Grabbed", "Immobilized", "Dominated", "Partially weakened"} <= labels


def test_stunned_is_downgraded_to_dazed_by_a_save_then_ends() -> None:
    """003-21, 003 l.366 "Stunned | Dazed": a successful save downgrades it (R-80)."""
    s = _fight()
    assert s.run(gm_edits.add_condition, "orc", Condition.STUNNED, DurationKind.SAVE_ENDS).ok
    (stunned,) = _conditions(s, "orc")
    assert s.run(gm_edits.saving_throw, "orc", stunned.effect_id, die=14).ok
    (now,) = _conditions(s, "orc")
    assert (now.condition, now.downgraded_from) == (Condition.DAZED, Condition.STUNNED)
    assert now.effect_id == stunned.effect_id
    assert now.duration == stunned.duration
    # The downgrade is named once: "...; Stunned downgraded to Dazed (save ends)".
    assert _log(s)[-1].endswith("succeeds (typed in); Stunned downgraded to Dazed (save ends)")
    # "A status effect can only be downgraded once at any given time": the next save ends it.
    assert s.run(gm_edits.saving_throw, "orc", stunned.effect_id, die=12).ok
    assert _conditions(s, "orc") == ()
    # A failed save changes nothing; under 000 a success ends Stunned at once.
    orcus = _fight("orcus")
    assert orcus.run(gm_edits.add_condition, "orc", Condition.STUNNED).ok
    (gone,) = _conditions(orcus, "orc")
    assert orcus.run(gm_edits.saving_throw, "orc", gone.effect_id, die=14).ok
    assert _conditions(orcus, "orc") == ()


def test_end_of_turn_saves_downgrade_no_effect_ends_and_no_downgrade_ends() -> None:
    # 003 l.318-385: Weakened -> Partially Weakened; Slowed -> "No Effect"; Prone... Taunted
    # "No Downgrade" (a save ends it as in 000).
    s = _fight()
    for condition in (Condition.WEAKENED, Condition.SLOWED):
        assert s.run(gm_edits.add_condition, "hero", condition, DurationKind.SAVE_ENDS).ok
    assert s.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="orc").ok
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
    assert s.run(gm_edits.add_condition, "orc", Condition.PETRIFIED).ok
    (petrified,) = _conditions(s, "orc")
    assert s.run(gm_edits.saving_throw, "orc", petrified.effect_id, die=18).ok
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
    assert tuple(c for c in state.conditions if c.downgraded_from) == downgraded
    assert reopened.ruleset_id == SF


def test_the_gm_downgrades_by_hand_once() -> None:
    """003-21: an ability downgrades (the GM box's Downgrade): one undo step."""
    s = _fight()
    # Restrained by the hero beside it: downgraded, the hero grabs it (R-242, 003-27).
    assert s.run(gm_edits.add_condition, "orc", Condition.RESTRAINED, source_id="hero").ok
    assert s.run(gm_edits.add_condition, "orc", Condition.FLANKED).ok
    restrained, flanked, *_ = _conditions(s, "orc")
    why = s.ask(why_not, "orc", DOWNGRADE, str(flanked.effect_id))
    assert why == "Flanked cannot be downgraded."  # "No Downgrade"
    assert s.run(gm_edits.downgrade_effect, "orc", flanked.effect_id).reason == why
    assert s.run(gm_edits.downgrade_effect, "orc", restrained.effect_id).ok
    grabbed = _conditions(s, "orc")[0]
    assert grabbed.condition is Condition.GRAPPLED  # 003 l.359 "Restrained | Grabbed"
    assert s.ruleset.condition_label(grabbed.condition.value) == "Grabbed"
    why = s.ask(why_not, "orc", DOWNGRADE, str(grabbed.effect_id))
    assert why.startswith("Downgraded already")
    assert s.run(gm_edits.downgrade_effect, "orc", grabbed.effect_id).reason == why
    s.undo()
    assert _conditions(s, "orc")[0] == restrained
    # Under 000 nothing downgrades.
    orcus = _fight("orcus")
    assert orcus.run(gm_edits.add_condition, "orc", Condition.RESTRAINED).ok
    (held,) = (c for c in _conditions(orcus, "orc") if c.condition is Condition.RESTRAINED)
    why = orcus.ask(why_not, "orc", DOWNGRADE, str(held.effect_id))
    assert "no downgrades" in why
    assert orcus.run(gm_edits.downgrade_effect, "orc", held.effect_id).reason == why


def _attack_parts(session: GameSession) -> list[tuple[int, str]]:
    entry = session.encounter.combat.log[-1]
    assert entry.kind == "attack"
    (target,) = entry.data["targets"]
    return [(int(p[0]), str(p[1])) for p in target["attack_parts"]]


def test_status_rows_in_an_attack() -> None:
    """003-29 Hindered -2; 003-32 Prone is Hindered, not on top of it; 003-30 two taunters."""
    s = _fight()
    assert s.run(
        gm_edits.add_condition, "hero", Condition.HINDERED, DurationKind.END_OF_TARGET_NEXT_TURN
    ).ok
    assert s.run(gm_edits.add_condition, "hero", Condition.PRONE, DurationKind.UNTIL_COUNTERED).ok
    # 003 l.349 "may be Taunted by multiple enemies at a time" (000: a new mark supersedes).
    assert s.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="orc").ok
    assert s.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="shaman").ok
    state = s.encounter.creature("hero").state
    assert state is not None
    assert state.markers() == {"orc", "shaman"}
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[10, 5]).ok
    penalties = [p for p in _attack_parts(s) if p[0] < 0]
    # One -2 for Hindered and Prone together (003 l.302 "don't stack"); the orc taunts the
    # hero, so attacking it does not ignore the Taunt (003 l.389).
    assert penalties == [(-2, "attacker hindered")]
    assert "Taunted" in _log(s)[-3]
    # 000: the shaman's mark superseded the orc's, so attacking the orc is -2 (marked).
    orcus = _fight("orcus")
    assert orcus.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="orc").ok
    assert orcus.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="shaman").ok
    assert orcus.run(attacks.basic_attack, "hero", "orc", dice=[10, 5]).ok
    assert (-2, "marked") in _attack_parts(orcus)


def _attack_target(session: GameSession) -> dict[str, object]:
    entry = session.encounter.combat.log[-1]
    assert entry.kind == "attack"
    (target,) = entry.data["targets"]
    return dict(target)


def _end_opening_defense(session: GameSession, cid: str) -> None:
    """The GM ends the creature's opening Total Defense (003-08), to keep the numbers 000's."""
    state = session.encounter.creature(cid).state
    for c in state.conditions if state is not None else ():
        if c.condition is Condition.TOTAL_DEFENSE:
            assert session.run(gm_edits.remove_effect, cid, c.effect_id).ok


def test_melee_crits_on_10_against_the_helpless() -> None:
    """003-28, 003 l.345 "Melee Attacks against the character gain +10 Crit Range"."""
    for ruleset_id, crit in ((SF, True), ("orcus", False)):
        s = _fight(ruleset_id)
        _end_opening_defense(s, "orc")
        assert s.run(gm_edits.add_condition, "orc", Condition.HELPLESS).ok
        assert s.run(
            attacks.basic_attack, "hero", "orc", dice=[10, 4]
        ).ok  # 10+3+3 +2 advantage vs AC 15
        target = _attack_target(s)
        assert target["hit"] is True
        assert target["critical"] is crit, ruleset_id
    # A natural 9 is not in the range.
    s = _fight()
    _end_opening_defense(s, "orc")
    assert s.run(gm_edits.add_condition, "orc", Condition.HELPLESS).ok
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[9, 4]).ok
    assert _attack_target(s)["critical"] is False


def _hp(session: GameSession, cid: str) -> int:
    state = session.rules.state(session.encounter.creature(cid))
    assert state is not None
    return state.current_hp


def test_partially_weakened_deals_three_quarters_and_weakened_heals_half() -> None:
    """003-38, 003 l.377-382: damage dealt halved / "reduced by 1/4", healing received too."""
    s = _fight()
    assert s.run(gm_edits.add_condition, "hero", Condition.PARTIALLY_WEAKENED).ok
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[15, 8]).ok  # 1d10 8 + 3 = 11 -> 8
    assert _hp(s, "orc") == 30 - 8
    assert any("reduced (attacker partially weakened)" in line for line in _log(s))
    assert s.run(gm_edits.apply_damage, "hero", 20).ok
    assert s.run(gm_edits.add_condition, "hero", Condition.WEAKENED).ok
    assert s.run(gm_edits.heal, "hero", 10).ok  # halved: 5
    assert _hp(s, "hero") == 44 - 20 + 5
    s.undo()
    assert _hp(s, "hero") == 24
    # 000: the whole 11 and the whole 10.
    orcus = _fight("orcus")
    assert orcus.run(gm_edits.add_condition, "hero", Condition.WEAKENED).ok
    assert orcus.run(gm_edits.apply_damage, "hero", 20).ok
    assert orcus.run(gm_edits.heal, "hero", 10).ok
    assert _hp(orcus, "hero") == 34


# --- 003-47 stealth, 003-23 Charmed, 003-48 Swallowed ----------------------------------------

BURST: dict[str, object] = {
    "name": "Thunder Ring",
    "origin": "near",
    "area": {"type": "burst", "size": 1},
    "targets": "enemies",
    "attack": {"defense": "fortitude", "bonus": 5},
    "hit": {"damage": "1d6"},
}


def _stealth_fight(first: str = "orc") -> GameSession:
    from orcus_desktop.model.frozen import freeze
    from tests.controller.conftest import creature, orc_block

    session = make_session(
        Encounter(
            GridBounds(12, 8),
            creatures=(
                fighter("hero", 3, 3),
                creature(
                    "orc", "monsters", 4, 3, statblock=freeze(orc_block("Orc", powers=[BURST]))
                ),
                orc("archer", 8, 3),
            ),
            ruleset_id=SF,
        )
    )
    order = {"orc": 15, "hero": 14, "archer": 10, first: 20}
    assert session.run(initiative.roll_initiative, totals=order).ok
    assert session.run(initiative.start_combat).ok
    return session


def test_shrouded_cannot_be_shot_or_opportunity_attacked_and_is_lost_on_moving() -> None:
    """003-47, 003 l.414-421 Shrouded: no Ranged or Reaction attacks; lost after moving."""
    from orcus_desktop.geometry.grid import Square
    from orcus_desktop.vocabulary import MoveMode

    s = _stealth_fight(first="hero")
    assert s.run(
        gm_edits.add_condition, "orc", Condition.SHROUDED, DurationKind.END_OF_ENCOUNTER
    ).ok
    refused = s.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 3])
    assert not refused.ok
    assert refused.reason == "Orc is shrouded: it cannot be targeted by ranged attacks"
    assert s.end_turn().ok  # the orc's turn
    # The orc walks away from the hero: no opportunity attack is offered (a reaction attack).
    moved = s.move_creature("orc", Square(6, 3), MoveMode.WALK)
    assert moved.ok
    assert s.encounter.combat.combatant("hero").out_of_turn is None
    assert _conditions(s, "orc") == ()  # "Condition is lost: After moving"
    assert "Orc: Shrouded (end of the encounter) ends (moved (003-47))" in _log(s)


def test_hidden_cannot_be_targeted_gains_advantage_and_is_lost_on_attacking() -> None:
    """003-47, 003 l.423-432 Hidden."""
    s = _stealth_fight()
    assert s.run(
        gm_edits.add_condition, "hero", Condition.HIDDEN, DurationKind.END_OF_ENCOUNTER
    ).ok
    melee = s.run(attacks.basic_attack, "orc", "hero", dice=[15, 3])
    assert not melee.ok
    assert "cannot be targeted by melee attacks" in melee.reason
    # A near burst targets the hidden hero only together with a creature that is not hidden.
    alone = s.use_power("orc", "Thunder Ring", ["hero"], dice=[15, 3])
    assert not alone.ok
    assert "only together with a creature that is not" in alone.reason
    assert s.end_turn().ok  # the hero's turn
    assert s.run(
        attacks.basic_attack, "hero", "orc", dice=[9, 4]
    ).ok  # 9+3+3 +2 advantage = 17 vs AC 15
    target = _attack_target(s)
    assert target["hit"] is True
    assert target["combat_advantage"] == ("attacker hidden",)
    assert _conditions(s, "hero") == ()  # "Condition is lost: After attacking"


def test_charmed_cannot_attack_its_charmer_and_the_swallowed_only_its_swallower() -> None:
    """003-23 (003 l.325), 003-48 (003 l.434-440)."""
    s = _stealth_fight()
    assert s.end_turn().ok  # the hero's turn
    charm = DurationKind.END_OF_ENCOUNTER
    assert s.run(gm_edits.add_condition, "hero", Condition.CHARMED, charm, source_id="orc").ok
    refused = s.run(attacks.basic_attack, "hero", "orc", dice=[15, 3])
    assert refused.reason == "Hero is charmed by Orc and cannot attack it"
    # "Automatically ends if attacked by an enemy Charming the character."
    assert s.end_turn().ok
    assert s.end_turn().ok  # the orc's turn again
    assert Condition.CHARMED in s.rules.conditions(s.encounter, "hero")
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[2, 3]).ok  # a miss still attacks
    assert Condition.CHARMED not in s.rules.conditions(s.encounter, "hero")
    ended = "Hero: Charmed (end of the encounter) ends (attacked by its charmer (003-23))"
    assert ended in _log(s)
    for _ in range(4):  # the attack, two turns, the charm
        s.undo()
    assert s.run(gm_edits.add_condition, "hero", Condition.SWALLOWED, source_id="orc").ok
    # "Does not occupy a space": the swallowed hero leaves the battlefield.
    assert "hero" not in {o.id for o in s.battlefield().occupants}
    shot = s.use_power("hero", "Arcane Bolt", ["archer"], dice=[15, 3])
    assert shot.reason == "Hero is swallowed: only its swallower can be attacked"
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[15, 3]).ok


# --- 003-43 collisions, 003-45 the cliff save, 003-27 grabbed --------------------------------


def _push_fight(ruleset_id: str = SF, hero_level: int = 1) -> GameSession:
    """The hero pushes the orc east; the shaman stands two squares beyond it."""
    return fight_started(
        GridBounds(14, 8),
        (
            fighter("hero", 3, 3, level=hero_level),
            orc("orc", 4, 3),
            orc("shaman", 6, 3),
        ),
        {"hero": 20, "orc": 15, "shaman": 10},
        ruleset_id,
    )


def _hero_pushes_orc(
    s: GameSession,
    squares: int,
    to: Square,
    *,
    collided_with: str | None = None,
    over_edge: bool = False,
    dice: Sequence[int] = (),
) -> OperationResult:
    """The hero pushes the orc up to `squares` toward `to`; how it ends, and its dice."""
    return s.run(
        forced_placement.force_move,
        "orc",
        "push",
        squares,
        to,
        source_id="hero",
        collided_with=collided_with,
        over_edge=over_edge,
        dice=dice,
    )


def test_a_push_that_hits_a_creature_hurts_both() -> None:
    """003-43, 003 l.472: "each character involved in the collision takes Forced Movement
    Damage ... 1d4 for Heroic sources"."""
    s = _push_fight()
    choices = dict(s.ask(forced_collisions.choices, "orc", Square(5, 3), short=True))
    assert choices["shaman"] == "It hit Shaman (003-43)"
    assert "obstacle" in choices
    assert "edge" in choices
    pushed = _hero_pushes_orc(s, 2, Square(5, 3), collided_with="shaman", dice=[3])
    assert pushed.ok
    assert (_hp(s, "orc"), _hp(s, "shaman")) == (27, 27)
    assert s.encounter.creature("orc").square == Square(5, 3)
    assert any("Forced Movement Damage (003-43)" in line for line in _log(s))
    # It went 1 of its 2 squares: the log says so, not "pushed 2 squares".
    assert "Orc is pushed 1 of 2 squares by Hero (stopped short)" in _log(s)
    s.undo()  # one step
    assert (_hp(s, "orc"), _hp(s, "shaman")) == (30, 30)
    assert s.encounter.creature("orc").square == Square(4, 3)
    # Only a move that ended early collided; 000 has no collision damage.
    full = _hero_pushes_orc(s, 1, Square(5, 3), collided_with="shaman", dice=[3])
    assert full.reason == "Orc moved the full distance: no collision (003-43)"
    orcus = _push_fight("orcus")
    assert orcus.ask(forced_collisions.choices, "orc", Square(5, 3), short=True) == ()
    refused = _hero_pushes_orc(orcus, 2, Square(5, 3), collided_with="obstacle")
    assert refused.reason == "Orcus (000) has no collision damage (003-43)"


def test_collision_dice_follow_the_source_tier() -> None:
    """003 l.472 "2d4 ... Paragon ..., and 4d4 for Epic sources" (levels 11-20, 21-30)."""
    s = _push_fight(hero_level=21)
    # Pushed 0 of 2 squares into a wall: the orc alone takes 4d4.
    assert _hero_pushes_orc(s, 2, Square(4, 3), collided_with="obstacle", dice=[1, 2, 3, 4]).ok
    assert (_hp(s, "orc"), _hp(s, "shaman")) == (20, 30)
    assert any("4d4" in line for line in _log(s))
    assert "Orc is pushed 0 of 2 squares by Hero (stopped at once)" in _log(s)


def test_a_full_push_and_an_old_log_read_as_before() -> None:
    """A push that went its whole distance, or a log written before `moved` was kept, says
    only the distance (000 "Forced Movement")."""
    s = _push_fight()
    assert _hero_pushes_orc(s, 1, Square(5, 3)).ok
    assert _log(s)[-1] == "Orc is pushed 1 square by Hero"
    (entry,) = [e for e in s.encounter.combat.log if e.kind == "forced_move"]
    assert entry.data["moved"] == 1
    old = replace(entry, data={k: v for k, v in entry.data.items() if k != "moved"})
    names = {"orc": "Orc", "hero": "Hero"}
    assert (
        entry_text(old, lambda cid: names.get(cid or "", "")) == "Orc is pushed 1 square by Hero"
    )


def test_the_save_against_going_over_a_cliff() -> None:
    """003-45, 003 l.516-524: Example 2, 1 square from the edge and Push 4: a -2 save."""
    s = _push_fight()
    # The orc is pushed 1 square; the next would take it over: 4 - (1 + 1) = 2 left, -2.
    assert _hero_pushes_orc(s, 4, Square(5, 3), over_edge=True, dice=[12]).ok
    assert Condition.PRONE in s.rules.conditions(s.encounter, "orc")  # 12 - 2 = 10: saved
    assert "Orc saves (10): stops, prone" in _log(s)[-2]
    s.undo()
    assert _hero_pushes_orc(s, 4, Square(5, 3), over_edge=True, dice=[11]).ok
    assert Condition.PRONE not in s.rules.conditions(s.encounter, "orc")
    assert "goes over the edge" in _log(s)[-1]
    # Example 1: adjacent to the precipice, Push 1, no penalty; it stays where it is.
    s.undo()
    assert _hero_pushes_orc(s, 1, Square(4, 3), over_edge=True, dice=[10]).ok
    assert Condition.PRONE in s.rules.conditions(s.encounter, "orc")


def test_a_grabbed_creature_saves_or_the_push_is_negated() -> None:
    """003-27, 003 l.342: forced out of its grabber's reach, it saves to end the grab; "If
    the condition doesn't end this way, the forced movement is negated"."""
    s = _push_fight()
    assert s.run(gm_edits.add_condition, "orc", Condition.GRAPPLED, source_id="hero").ok
    # The shaman slides the orc away from the hero: a failed save (5) negates it.
    assert s.run(
        forced_placement.force_move, "orc", "slide", 2, Square(5, 2), source_id="shaman", dice=[5]
    ).ok
    assert s.encounter.creature("orc").square == Square(4, 3)
    assert Condition.GRAPPLED in s.rules.conditions(s.encounter, "orc")
    s.undo()
    # A successful save (15) ends the grab and the orc slides.
    assert s.run(
        forced_placement.force_move, "orc", "slide", 2, Square(5, 2), source_id="shaman", dice=[15]
    ).ok
    assert s.encounter.creature("orc").square == Square(5, 2)
    assert Condition.GRAPPLED not in s.rules.conditions(s.encounter, "orc")


def test_prone_gains_a_cover_step_against_non_melee_attacks() -> None:
    """003-32, 003 l.358: "Against non-melee attacks, gains Cover (-2 ...)"; melee: Advantage."""
    s = _stealth_fight(first="hero")
    assert s.run(gm_edits.add_condition, "orc", Condition.PRONE, DurationKind.UNTIL_COUNTERED).ok
    (ranged,), problem = s.ask(attacks.preview_attack, "hero", "Arcane Bolt", ["orc"])
    assert problem == ""
    assert (-2, "cover") in ranged.attack_parts
    (melee,), _ = s.ask(attacks.preview_attack, "hero", "Basic Melee Attack", ["orc"])
    assert (-2, "cover") not in melee.attack_parts
    assert (2, "advantage") in melee.attack_parts
    # 000: no cover, +2 to its defenses against a ranged attacker not adjacent instead.
    orcus = _fight("orcus")
    assert orcus.run(
        gm_edits.add_condition, "orc", Condition.PRONE, DurationKind.UNTIL_COUNTERED
    ).ok
    (plain,), _ = orcus.ask(attacks.preview_attack, "hero", "Arcane Bolt", ["orc"])
    assert (-2, "cover") not in plain.attack_parts


def test_dazzled_sees_its_targets_concealed() -> None:
    """003-25, 003 l.331 Dazzled: "Treats all enemies as having Concealment (-2 to hit them)"
    — for melee and ranged attacks (003-05), not for a near burst."""
    s = _stealth_fight()
    assert s.run(gm_edits.add_condition, "orc", Condition.DAZZLED).ok
    (melee,), _ = s.ask(attacks.preview_attack, "orc", "Basic Melee Attack", ["hero"])
    assert (-2, "attacker dazzled: concealment") in melee.attack_parts
    (burst,), _ = s.ask(attacks.preview_attack, "orc", "Thunder Ring", ["hero"])
    assert not [p for p in burst.attack_parts if "concealment" in p[1]]


def test_a_legacy_deafen_dazzles() -> None:
    """003-39, 003 l.458 "Deafened: Renamed to Dazzled" (a 000 power's deafen, or the GM's)."""
    s = _fight()
    assert s.run(gm_edits.add_condition, "orc", Condition.DEAFENED).ok
    (dazzled,) = _conditions(s, "orc")
    assert dazzled.condition is Condition.DAZZLED
    orcus = _fight("orcus")
    assert orcus.run(gm_edits.add_condition, "orc", Condition.DEAFENED).ok
    assert _conditions(orcus, "orc")[0].condition is Condition.DEAFENED


def test_damage_wakes_the_unconscious_that_keep_hit_points() -> None:
    """003-37, 003 l.373: "When damaged, if the character has 1 or more remaining hit points
    after receiving the damage, the condition ends" (a sleep power's Unconscious)."""
    s = _fight()
    assert s.run(gm_edits.add_condition, "orc", Condition.UNCONSCIOUS, DurationKind.SAVE_ENDS).ok
    assert s.run(gm_edits.apply_damage, "orc", 5).ok
    assert Condition.UNCONSCIOUS not in s.rules.conditions(s.encounter, "orc")
    assert Condition.PRONE in s.rules.conditions(s.encounter, "orc")  # "knocked prone"
    assert _log(s)[-1].endswith("HP 30 -> 25; wakes (003-37)")
    orcus = _fight("orcus")
    assert orcus.run(
        gm_edits.add_condition, "orc", Condition.UNCONSCIOUS, DurationKind.SAVE_ENDS
    ).ok
    assert orcus.run(gm_edits.apply_damage, "orc", 5).ok
    assert Condition.UNCONSCIOUS in orcus.rules.conditions(orcus.encounter, "orc")


def test_a_shrouded_charge_past_an_enemy_strikes_at_once_with_nothing_held() -> None:
    """003-47 (003 l.414-421): Shrouded "Cannot be targeted by ... Reaction attacks", so a
    charge that leaves an enemy's reach offers it nothing and is not held for an offer never
    made (R-212: no held step waits for no one; found by the random GM, orcus seed 2)."""
    s = _stealth_fight(first="orc")
    assert s.run(
        gm_edits.add_condition, "orc", Condition.SHROUDED, DurationKind.END_OF_ENCOUNTER
    ).ok
    from orcus_desktop.controller.actions import combat_actions

    charged = s.run(combat_actions.charge, "orc", Square(7, 3), "archer", dice=[15, 3, 3])
    assert charged.ok, charged.reason
    assert s.encounter.combat.pending is None  # nothing waits
    assert s.encounter.combat.combatant("hero").out_of_turn is None  # no offer to the hero
    assert s.encounter.creature("orc").square == Square(7, 3)
    assert any(e.kind == "attack" for e in s.encounter.combat.log)  # the charge struck
