"""Variant rules played as their texts say (issue 28 item 9), from the GM's side.

Each test quotes its seed line or cites the mechanic id (docs/rulesets.md); the picks where a
text is silent are docs/rulings.md R-125 to R-129.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from orcus_desktop.controller.actions import aid_actions, combat_actions, grappling, interrupts
from orcus_desktop.controller.actions import attacks as attacks_cases
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.movement.waiting import waits_for
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import result_message
from orcus_desktop.controller.turns import waiting_decisions
from orcus_desktop.controller.variants.alloy_heroes import cover_choices, skill_uses
from orcus_desktop.controller.variants.strike import engagement, withdrawing
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import LightSource
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, hero_fights_orc, make_session, orc


def _strike_pair() -> GameSession:
    """Under 001, the hero next to the orc, the hero's turn."""
    return hero_fights_orc((10, 6), (1, 1), (2, 1), "strike")


def _penalties(session: GameSession, attacker: str, power: str, target: str) -> dict[str, int]:
    previews, problem = session.ask(attacks_cases.preview_attack, attacker, power, [target])
    assert problem == ""
    return {source: value for value, source in previews[0].attack_parts if value < 0}


def test_001_13_a_blinded_strike_at_an_adjacent_target_takes_only_the_unseen_band() -> None:
    """001 l.160 "When you make an Attack against a Target you can't see you take a -1"."""
    s = _strike_pair()
    assert s.run(gm_edits.add_condition, "hero", Condition.BLINDED).ok
    assert _penalties(s, "hero", "Knockdown Strike", "orc") == {"target unseen (001)": -1}
    # l.162 "... a Target you can't perceive you take a -2": deafened as well.
    assert s.run(gm_edits.add_condition, "hero", Condition.DEAFENED).ok
    assert _penalties(s, "hero", "Knockdown Strike", "orc") == {"target not perceived (001)": -2}
    # The attack the GM makes rolls the same: 3 Str + 3 proficiency - 2, with no concealment.
    assert s.use_power("hero", "Knockdown Strike", ["orc"], dice=[10, 5]).ok
    attack = next(e for e in reversed(s.encounter.combat.log) if e.kind == "attack")
    target = attack.data["targets"][0]
    assert target["attack"] == 10 + 3 + 3 - 2
    assert target["concealment"] == "none"
    assert target.get("concealment_cause") is None


BURST: dict[str, object] = {
    "name": "Thunder Ring",
    "origin": "near",
    "area": {"type": "burst", "size": 1},
    "targets": "enemies",
    "attack": {"defense": "fortitude", "bonus": 5},
    "hit": {"damage": "1d6"},
}


def test_003_30_a_burst_at_a_taunter_and_another_takes_the_minus_2_on_the_other_only() -> None:
    """003 l.391 "An attack by a Taunted character ignores a Taunt if it targets an enemy not
    taunting the character": the roll against the taunter does not; the roll against the
    other hero does (the second taunter, the shaman's ally, is not targeted)."""
    s = fight_started(
        GridBounds(12, 8),
        (
            orc("orc", 4, 3, powers=[BURST]),
            fighter("guard", 3, 3),
            fighter("mage", 5, 3),
            fighter("paladin", 9, 3),
        ),
        {"orc": 20, "guard": 15, "mage": 12, "paladin": 10},
        "square-fireballs",
    )
    # The guard and the paladin taunt the orc (003 l.349 "multiple enemies at a time").
    assert s.run(gm_edits.add_condition, "orc", Condition.MARKED, source_id="guard").ok
    assert s.run(gm_edits.add_condition, "orc", Condition.MARKED, source_id="paladin").ok
    previews, problem = s.ask(
        attacks_cases.preview_attack, "orc", "Thunder Ring", ["guard", "mage"]
    )
    assert problem == ""
    taunt = {
        str(p.target): [v for v, source in p.attack_parts if source == "taunted"] for p in previews
    }
    assert taunt == {"guard": [], "mage": [-2]}
    # The attack made rolls the same: the one die on both, -2 only against the mage.
    assert s.use_power("orc", "Thunder Ring", ["guard", "mage"], dice=[10, 10, 3]).ok
    attack = next(e for e in reversed(s.encounter.combat.log) if e.kind == "attack")
    rolls = {t["target"]: t["attack"] for t in attack.data["targets"]}
    assert rolls["mage"] == rolls["guard"] - 2


def test_003_30_once_every_taunter_is_a_target_the_others_do_not_ignore_the_taunt() -> None:
    """003 l.393 "If the attack targets multiple characters, and all enemies taunting the
    character are already targeted, any additional targets do not ignore the Taunt"; l.394
    says the same of a power's "primary and secondary attacks", and a power here has one
    attack line, so its targets are one attack (R-155): no -2 on any roll."""
    s = fight_started(
        GridBounds(12, 8),
        (
            orc("orc", 4, 3, powers=[BURST]),
            fighter("guard", 3, 3),
            fighter("mage", 5, 3),
        ),
        {"orc": 20, "guard": 15, "mage": 12},
        "square-fireballs",
    )
    assert s.run(gm_edits.add_condition, "orc", Condition.MARKED, source_id="guard").ok
    previews, problem = s.ask(
        attacks_cases.preview_attack, "orc", "Thunder Ring", ["guard", "mage"]
    )
    assert problem == ""
    assert [v for p in previews for v, source in p.attack_parts if source == "taunted"] == []
    # The mage alone: the attack ignores the guard's Taunt (l.391), -2.
    alone, _ = s.ask(attacks_cases.preview_attack, "orc", "Thunder Ring", ["mage"])
    assert [v for v, source in alone[0].attack_parts if source == "taunted"] == [-2]


def test_004_24_moving_in_total_darkness_is_at_half_speed() -> None:
    """004 l.700 "If a character moves when he or she can't see, such as in total darkness,
    his or her speed is limited to one-half normal" (R-126: darkness where it stands)."""
    s = hero_fights_orc((20, 6), (1, 1), (18, 4), "alloy-heroes")
    full = s.reachable_squares("hero", MoveMode.WALK)
    assert Square(7, 1) in full  # speed 6
    # The GM puts out the lights: the hero has no darkvision.
    assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    dark = s.reachable_squares("hero", MoveMode.WALK)
    assert Square(4, 1) in dark  # 3 squares: half of 6
    assert Square(5, 1) not in dark
    # A torch at the hero's feet: it sees where it walks, full speed again.
    torch = LightSource(LightId(""), "Torch", Square(1, 1), bright=4, dim=8)
    assert s.run(lighting_edits.add_light, torch).ok
    assert Square(7, 1) in s.reachable_squares("hero", MoveMode.WALK)
    # Undo the torch, and the walk the GM makes is cut to 3 squares.
    s.undo()
    refused = s.move_creature("hero", Square(5, 1), MoveMode.WALK)
    assert not refused.ok
    assert s.move_creature("hero", Square(4, 1), MoveMode.WALK).ok
    # Under 000 darkness does not slow the walk.
    orcus = hero_fights_orc((20, 6), (1, 1), (18, 4))
    assert orcus.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    assert Square(7, 1) in orcus.reachable_squares("hero", MoveMode.WALK)


def _strike_three() -> GameSession:
    """Under 001: the goblin, the hero and the orc in a row; the goblin is Engaged With the
    hero (001-30 Close); the hero's turn."""
    s = fight_started(
        GridBounds(12, 8),
        (orc("goblin", 3, 4), fighter("hero", 4, 4), orc("orc", 5, 4)),
        {"hero": 20, "orc": 15, "goblin": 10},
        "strike",
    )
    assert s.run(engagement.engage, "goblin", "hero").ok
    return s


def _holding(s: GameSession) -> bool:
    """Whether an action waits (held) for its offers."""
    return s.encounter.combat.pending is not None


def _attackers(s: GameSession, since: int) -> list[str | None]:
    return [e.actor for e in s.encounter.combat.log[since:] if e.kind == "attack"]


def _offered(s: GameSession, reactor: str) -> str:
    offer = s.encounter.combat.strike_offer(reactor)
    return offer.kind.label if offer is not None else ""


def test_001_24_a_free_strike_before_the_action_and_the_action_waits() -> None:
    """001 l.248: "When that Target takes an Action that does not involve a Strike! on you,
    you get a Free Strike! on it ... You can take this strike before or after the Creature
    Moves or Acts." The hero's Strike! on the orc waits while the goblin's offer stands."""
    s = _strike_three()
    since = len(s.encounter.combat.log)
    declared = s.run(attacks_cases.basic_attack, "hero", "orc", dice=[15, 5])
    assert declared.ok, declared.reason
    assert _holding(s)
    assert _attackers(s, since) == []
    assert _offered(s, "goblin") == "Free Strike!"
    assert _offered(s, "orc") == ""  # struck by nothing yet: its Counter Strike! comes after
    assert waits_for(s.encounter) == "the Free Strike!"
    # The goblin takes it before: its strike, then the hero's Strike!, in one step.
    taken = s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[3])
    assert taken.ok, taken.reason
    assert _attackers(s, since) == ["goblin", "hero"]
    assert not _holding(s)
    assert _offered(s, "orc") == "Counter Strike!"  # 001-23: the Strike! provokes it
    assert _offered(s, "goblin") == ""  # one Free Strike! per action
    # Undo: the Strike! waits again, the goblin's offer stands.
    assert s.undo().ok
    assert _holding(s)
    assert _offered(s, "goblin") == "Free Strike!"
    assert _attackers(s, since) == []


def test_001_24_letting_it_pass_before_offers_it_after() -> None:
    """l.248 "before or after": the goblin lets it pass before the hero's ranged attack,
    which then goes off, and is offered it after (R-127); letting it pass again ends it."""
    s = _strike_three()
    since = len(s.encounter.combat.log)
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 4]).ok
    assert _attackers(s, since) == []
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert _attackers(s, since) == ["hero"]
    assert _offered(s, "goblin") == "Free Strike!"
    after = s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[3])
    assert after.ok, after.reason
    assert _attackers(s, since) == ["hero", "goblin"]
    assert _offered(s, "goblin") == ""
    # A Strike! on the goblin itself is no occasion for its Free Strike!: it counter-strikes.
    t = _strike_three()
    assert t.run(attacks_cases.basic_attack, "hero", "goblin", dice=[15, 5]).ok
    assert not _holding(t)
    assert _offered(t, "goblin") == "Counter Strike!"


def _attack_lines(s: GameSession) -> list[str]:
    names = {str(c.id): c.name for c in s.encounter.creatures}
    return [
        entry_text(e, lambda cid: names.get(cid or "", ""), s.ruleset.label).splitlines()[0]
        for e in s.encounter.combat.log
        if e.kind == "attack"
    ]


def test_001_23_24_the_attack_lines_name_the_strike() -> None:
    """001 l.236 "as a Counter Strike! to a Strike! made on you, or as a Free Strike! made
    against someone you are Engaged With": the log says which the GM took."""
    s = _strike_three()
    assert s.run(attacks_cases.basic_attack, "hero", "orc", dice=[15, 5]).ok
    assert s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[3]).ok
    assert s.run(interrupts.opportunity_attack, "orc", "hero", dice=[4]).ok
    assert _attack_lines(s) == [
        "Goblin uses Basic Melee Attack with Axe (melee) as a Free Strike!",
        "Hero uses Basic Melee Attack with Longsword (melee)",
        "Orc uses Basic Melee Attack with Axe (melee) as a Counter Strike!",
    ]


def _cover_fight(goblin_reflex: int) -> GameSession:
    """Under 004: the hero shoots at the orc past the goblin standing between them."""
    goblin = orc(
        "goblin", 3, 1, defenses={"ac": 15, "fortitude": 15, "reflex": goblin_reflex, "will": 11}
    )
    return fight_started(
        GridBounds(12, 6),
        (fighter("hero", 1, 1), goblin, orc("orc", 5, 1)),
        {"hero": 20, "orc": 10, "goblin": 5},
        "alloy-heroes",
    )


def _hp(s: GameSession, cid: str) -> int:
    state = s.rules.state(s.encounter.creature(cid))
    assert state is not None
    return state.current_hp


def test_004_27_a_miss_through_a_creatures_cover_strikes_the_creature() -> None:
    """004 l.757-758 "Cover is a Character: If the cover is a character then compare the attack
    to the covering character. Attack Hits Covering Character: ... he or she suffers the effects
    of the attack." d20 9 + 3 Int - 2 cover = 10 misses the orc's Reflex 12; 12 without the
    cover hits the goblin's Reflex 12."""
    s = _cover_fight(goblin_reflex=12)
    shot = s.use_power("hero", "Arcane Bolt", ["orc"], dice=[9])
    assert shot.ok, shot.reason
    assert _hp(s, "orc") == 30
    assert _hp(s, "goblin") < 30
    attacks = [e for e in s.encounter.combat.log if e.kind == "attack"]
    assert [e.targets for e in attacks] == [("orc",), ("goblin",)]
    struck = attacks[-1].data["targets"][0]
    assert struck["hit"] is True
    assert struck["automatic"] == "004-27"
    notes = [str(e.data["note"]) for e in s.encounter.combat.log if e.kind == "rule_note"]
    assert notes[-1] == (
        "the attack missed Orc only because of cover (Goblin): 12 against Goblin's Reflex 12 "
        "hits; Goblin is struck"
    )
    # One undo step takes back the shot and the hit on the goblin.
    assert s.undo().ok
    assert _hp(s, "goblin") == 30
    assert not [e for e in s.encounter.combat.log if e.kind == "attack"]


def test_004_27_a_miss_on_the_covering_creature_strikes_the_target_as_it_dodges() -> None:
    """004 l.759 "Attack Misses Covering Character: If the attack would miss the covering
    character's defense then the original target is struck as he or she dodges out of the
    way." 12 misses the goblin's Reflex 14: the orc takes the bolt once the goblin lets the
    hit pass (l.760 "The covering character can choose to take the hit", R-154)."""
    s = _cover_fight(goblin_reflex=14)
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[9]).ok
    assert [d.text for d in s.ask(waiting_decisions.decisions)] == [
        "Goblin may take the hit of Hero's Arcane Bolt instead of Orc (004 l.760)"
    ]
    assert s.run(cover_choices.answer, "goblin", take=False).ok
    assert _hp(s, "goblin") == 30
    assert _hp(s, "orc") < 30
    attacks = [e for e in s.encounter.combat.log if e.kind == "attack"]
    assert [e.targets for e in attacks] == [("orc",), ("orc",)]
    # Under 000 the miss is a miss.
    orcus = fight_started(
        GridBounds(12, 6),
        (fighter("hero", 1, 1), orc("goblin", 3, 1), orc("orc", 5, 1)),
        {"hero": 20, "orc": 10, "goblin": 5},
    )
    assert orcus.use_power("hero", "Arcane Bolt", ["orc"], dice=[9]).ok
    assert _hp(orcus, "orc") == 30
    assert _hp(orcus, "goblin") == 30


def test_004_27_the_covering_creature_chooses_to_take_the_hit(tmp_path: Path) -> None:
    """004 l.760 "Note: The covering character can choose to take the hit." (R-154): the hit
    waits for the GM's word for the goblin; nothing new starts and End turn names it; saved
    and reopened it still waits; the goblin takes it; one undo step asks again."""
    s = _cover_fight(goblin_reflex=14)
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[9]).ok
    assert _hp(s, "goblin") == 30
    assert _hp(s, "orc") == 30  # the hit waits
    refused = s.run(attacks_cases.basic_attack, "hero", "orc", dice=[15])
    assert not refused.ok
    assert refused.reason == "Hero's Arcane Bolt waits: does Goblin take the hit?"
    ended = s.end_turn()
    assert not ended.ok
    assert "Goblin may take the hit of Hero's Arcane Bolt instead of Orc" in ended.reason
    path = tmp_path / "cover.orcus"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == s.encounter
    waiting = reopened.encounter
    taken = reopened.run(cover_choices.answer, "goblin", take=True)
    assert taken.ok, taken.reason
    assert taken.text == "Goblin takes the hit instead of Orc"
    assert _hp(reopened, "orc") == 30
    assert _hp(reopened, "goblin") < 30
    struck = [e for e in reopened.encounter.combat.log if e.kind == "attack"][-1]
    assert struck.targets == ("goblin",)
    assert struck.data["targets"][0]["automatic"] == "004-27"
    assert reopened.ask(waiting_decisions.decisions) == ()
    assert reopened.undo().ok
    assert reopened.encounter == waiting
    # End turn's "let it pass": the goblin dodges and the orc is struck, then the turn ends.
    assert reopened.end_turn(let_pass=True).ok
    assert _hp(reopened, "orc") < 30
    assert reopened.encounter.combat.current != "hero"
    assert not reopened.run(cover_choices.answer, "goblin", take=True).ok


_GRENADE: dict[str, Any] = {
    "name": "Grenade",
    "origin": "far",
    "range": {"normal": 10},
    "area": {"type": "burst", "size": 1},
    "targets": "all",
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "1d6"},
}
_FLAME_SWEEP: dict[str, Any] = {**_GRENADE, "name": "Flame Sweep", "origin": "near"}
del _FLAME_SWEEP["range"]


def test_004_an_area_attack_next_to_an_enemy_provokes_a_close_attack_does_not() -> None:
    """004 l.96 "Attacks of Opportunity: Area attacks provoke attacks of opportunity"; l.386
    "If an enemy adjacent to you makes a ranged or area attack then you can make an attack of
    opportunity against that enemy" (R-156). 004's area attack is 000's Far; its close attack
    (000's Near, l.79-85) says nothing of it and provokes nothing."""
    s = fight_started(
        GridBounds(14, 8),
        (
            fighter("hero", 2, 3, powers=[_GRENADE, _FLAME_SWEEP]),
            orc("goblin", 3, 3),
            orc("orc", 9, 3),
        ),
        {"hero": 20, "goblin": 10, "orc": 5},
        "alloy-heroes",
    )
    near_orc = AttackChoices(area_origin=Square(9, 3))
    thrown = s.use_power("hero", "Grenade", ["orc"], dice=[15, 3], choices=near_orc)
    assert thrown.ok, thrown.reason
    assert thrown.opportunity_attackers == ("goblin",)
    assert waits_for(s.encounter) == "the attacks of opportunity"
    assert _hp(s, "orc") == 30  # the grenade waits (004 l.388 "before the target finishes")
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert _hp(s, "orc") < 30
    s.undo()
    s.undo()
    swept = s.use_power("hero", "Flame Sweep", ["goblin"], dice=[15, 3])
    assert swept.ok, swept.reason
    assert swept.opportunity_attackers == ()
    assert s.encounter.combat.pending is None
    assert _hp(s, "goblin") < 30


def test_003_41_after_a_charge_an_action_points_run_does_not_move() -> None:
    """003 l.654 Charge: "You are Hindered this turn. Move your Speed and make a Melee Basic
    Attack. You can't move this turn" - not with the standard action an action point gives
    (a Run), nor a shift; the GM's own moves stay free."""
    s = hero_fights_orc((12, 6), (1, 2), (6, 2), "square-fireballs")
    assert s.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[10, 3]).ok
    assert s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").ok
    run = s.move_creature("hero", Square(3, 4), MoveMode.DASH)
    assert not run.ok
    assert run.reason == "Hero charged this turn: it can't move again this turn (003-41)"
    assert not s.move_creature("hero", Square(4, 2), MoveMode.SHIFT).ok
    assert s.reachable_squares("hero", MoveMode.DASH) == frozenset()
    assert s.move_creature("hero", Square(5, 3), MoveMode.GM).ok
    # The action point's standard action still attacks.
    assert s.run(attacks_cases.basic_attack, "hero", "orc", dice=[10, 3]).ok
    # Its next turn it moves again.
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.move_creature("hero", Square(2, 3), MoveMode.WALK).ok


def test_004_its_own_term_attack_of_opportunity_in_the_log_and_the_reasons() -> None:
    """004 l.381 "The most common attack of opportunity is a melee basic attack against the
    creature that provokes it"; l.75 "Ranged attacks provoke attacks of opportunity"."""
    s = fight_started(
        GridBounds(12, 6),
        (fighter("hero", 1, 1), orc("orc", 2, 1), orc("gob", 8, 1)),
        {"hero": 20, "orc": 10, "gob": 5},
        "alloy-heroes",
    )
    assert s.use_power("hero", "Arcane Bolt", ["gob"], dice=[15, 3]).ok
    waits = [d.text for d in s.ask(waiting_decisions.decisions)]
    assert "Orc may make an attack of opportunity on Hero" in waits
    assert "Hero's Arcane Bolt waits for the attacks of opportunity" in waits
    refused = s.run(interrupts.opportunity_attack, "gob", "hero", dice=[5])
    assert not refused.ok
    assert refused.reason == "nothing provoked an attack of opportunity from Gob"
    assert s.run(interrupts.decline_opportunity_attack, "orc").ok
    names = {str(c.id): c.name for c in s.encounter.creatures}
    text = "\n".join(
        entry_text(e, lambda cid: names.get(cid or "", ""), s.ruleset.label)
        for e in s.encounter.combat.log
    )
    assert "waits for the attacks of opportunity" in text
    assert "Orc lets the attack of opportunity pass" in text
    assert "opportunity attack" not in text
    # 000 keeps its own words.
    orcus = hero_fights_orc((12, 6), (1, 1), (2, 1))
    own = orcus.run(interrupts.opportunity_attack, "orc", "hero", dice=[5])
    assert own.reason == "nothing provoked an opportunity attack from Orc"


def _alloy_pair() -> GameSession:
    return fight_started(
        GridBounds(12, 6),
        (fighter("hero", 1, 1), fighter("ally", 1, 2), orc("orc", 2, 1)),
        {"hero": 20, "orc": 10, "ally": 5},
        "alloy-heroes",
    )


def _rule_notes(s: GameSession) -> list[str]:
    return [
        f"{e.data['mechanic']}: {e.data['note']}"
        for e in s.encounter.combat.log
        if e.kind == "rule_note"
    ]


def test_004_09_a_skill_used_next_to_an_enemy_waits_for_its_attack_of_opportunity() -> None:
    """004 l.262 "Use a skill that takes a standard action Yes" (it provokes); l.389
    "An attack of opportunity takes place before the target finishes its action. After the
    attack of opportunity, the creature resumes its action if it is still capable of it."."""
    s = _alloy_pair()
    used = s.run(skill_uses.use_skill, "hero", "Heal", die=12, target_number=15)
    assert used.ok, used.reason
    assert _holding(s)
    assert s.encounter.combat.combatant("orc").out_of_turn is not None
    assert not any("uses Heal" in n for n in _rule_notes(s))
    # The orc's attack of opportunity first, then the check, in one step.
    assert s.run(interrupts.opportunity_attack, "orc", "hero", dice=[3]).ok
    assert not _holding(s)
    assert _rule_notes(s)[-1].startswith("004-09: Hero uses Heal (standard action): 12 (d20)")
    assert _rule_notes(s)[-1].endswith("vs DC 15: failure")
    # A move action's skill use, with no enemy able to answer, rolls at once.
    used = s.run(skill_uses.use_skill, "hero", "Perception", ActionKind.MOVE, die=18)
    assert used.ok, used.reason
    assert not _holding(s)
    assert "004-09: Hero uses Perception (move action): 18 (d20)" in _rule_notes(s)[-1]
    # Its actions are spent; undo gives them back, one step each.
    assert s.run(skill_uses.use_skill, "hero", "Heal").reason == "Hero has no standard action left"
    assert s.undo().ok
    assert s.undo().ok
    assert _holding(s)


def test_004_09_a_skill_use_waiting_for_its_attack_of_opportunity_saves_and_reopens(
    tmp_path: Path,
) -> None:
    """The GM saves while the hero's Heal waits for the orc's attack of opportunity (004 l.389),
    reopens the file the next evening, and the orc's attack then the check happen as before."""
    s = _alloy_pair()
    assert s.run(skill_uses.use_skill, "hero", "Heal", die=12, target_number=15).ok
    assert _holding(s)
    path = tmp_path / "waiting-skill.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == s.encounter
    assert reopened.run(interrupts.opportunity_attack, "orc", "hero", dice=[3]).ok
    assert _rule_notes(reopened)[-1].startswith("004-09: Hero uses Heal (standard action)")


def test_004_09_a_user_knocked_out_by_the_attack_of_opportunity_uses_no_skill() -> None:
    """l.389 "... resumes its action if it is still capable of it"."""
    s = _alloy_pair()
    assert s.run(gm_edits.apply_damage, "hero", 43).ok
    assert s.run(skill_uses.use_skill, "hero", "Heal", die=12).ok
    assert s.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 8]).ok
    log = s.encounter.combat.log
    assert log[-1].kind == "attack_dropped"
    assert not any("uses Heal" in n for n in _rule_notes(s))


def test_004_aid_another_and_escape_do_not_provoke() -> None:
    """004 "Table: Actions in Combat": "Aid Another No"; "Escape No" (l.251, 270)."""
    s = _alloy_pair()
    assert s.run(aid_actions.aid_another, "hero", "ally", "Athletics to climb").ok
    assert s.encounter.combat.combatant("orc").out_of_turn is None
    assert not any(n.startswith("004-09") for n in _rule_notes(s))
    # Escape: the orc escapes the hero's grab, next to the hero and the ally.
    assert s.end_turn().ok  # the orc's turn
    assert s.end_turn().ok  # the ally's
    assert s.end_turn().ok  # round 2, the hero's
    assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    assert s.end_turn().ok
    assert s.run(grappling.escape_grapple, "orc", "athletics", die=20).ok
    assert s.encounter.combat.combatant("hero").out_of_turn is None
    assert s.encounter.combat.combatant("ally").out_of_turn is None
    # Under 000 the skill use is not an action of its own.
    orcus = make_session(Encounter(GridBounds(6, 6), creatures=(fighter("hero", 1, 1),)))
    refused = orcus.run(skill_uses.use_skill, "hero", "Heal")
    assert refused.reason == "using a skill as an action is Alloy Heroes' (004-09)"


def test_001_24_a_charge_waits_on_its_first_square_for_the_free_strike() -> None:
    """001 l.248 "before or after the Creature Moves or Acts": the hero, engaged by the goblin,
    charges the brute; the goblin's Free Strike! comes before the hero leaves its square."""
    s = fight_started(
        GridBounds(12, 8),
        (orc("goblin", 3, 4), fighter("hero", 4, 4), orc("brute", 9, 4)),
        {"hero": 20, "brute": 15, "goblin": 10},
        "strike",
    )
    assert s.run(engagement.engage, "goblin", "hero").ok
    since = len(s.encounter.combat.log)
    assert s.run(combat_actions.charge, "hero", Square(8, 4), "brute", dice=[15, 5]).ok
    assert _holding(s)
    assert s.encounter.creature("hero").square == Square(4, 4)
    assert _offered(s, "goblin") == "Free Strike!"
    assert s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[3]).ok
    assert s.encounter.creature("hero").square == Square(8, 4)
    assert _attackers(s, since) == ["goblin", "hero"]
    assert _offered(s, "brute") == "Counter Strike!"


def test_004_a_provoking_walks_status_line_says_attacks_of_opportunity() -> None:
    """004 l.387 "Movement: If an enemy leaves a space adjacent to you, you can make an attack
    of opportunity against that enemy": the status line after the walk says so."""
    s = hero_fights_orc((12, 6), (1, 1), (2, 1), "alloy-heroes")
    walked = s.move_creature("hero", Square(1, 4), MoveMode.WALK)
    assert walked.opportunity_attackers == ("orc",)
    assert result_message(walked, s.encounter).endswith(" — attacks of opportunity offered to Orc")


def test_001_24_a_dash_waits_on_its_first_square_for_the_free_strike(tmp_path: Path) -> None:
    """001 l.248: "When that Target takes an Action that does not involve a Strike! on you,
    you get a Free Strike! on it ... You can take this strike before or after the Creature
    Moves or Acts." The hero, engaged by the goblin, dashes away (001-32, its action): the
    GM sees it wait on its square for the goblin's Free Strike! (R-127)."""
    s = _strike_three()
    since = len(s.encounter.combat.log)
    assert s.move_creature("hero", Square(4, 1), MoveMode.DASH).ok
    assert _holding(s)
    assert s.encounter.creature("hero").square == Square(4, 4)
    assert _offered(s, "goblin") == "Free Strike!"
    assert waits_for(s.encounter) == "the Free Strike!"
    # End turn names what waits instead of letting it lapse.
    refused = s.end_turn()
    assert not refused.ok
    assert "Hero's dash waits for the Free Strike!" in refused.reason
    assert "Goblin may make a Free Strike! on Hero" in refused.reason
    # Saved and reopened, it still waits, and letting it pass lets the dash go on.
    path = tmp_path / "dash.orcus"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == s.encounter
    assert reopened.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert reopened.encounter.creature("hero").square == Square(4, 1)
    assert not _holding(reopened)
    # Taken before: the goblin strikes while the hero is still next to it, then it dashes.
    taken = s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[3])
    assert taken.ok, taken.reason
    assert _attackers(s, since) == ["goblin"]
    assert s.encounter.creature("hero").square == Square(4, 1)
    assert _offered(s, "goblin") == ""  # one Free Strike! per action
    # Undo: the dash waits on its first square again, the offer stands.
    assert s.undo().ok
    assert _holding(s)
    assert s.encounter.creature("hero").square == Square(4, 4)
    assert _offered(s, "goblin") == "Free Strike!"
    # A walk is the move, not the action (001-05, l.53): nothing waits.
    t = _strike_three()
    assert t.move_creature("hero", Square(4, 2), MoveMode.WALK).ok
    assert not _holding(t)


def test_001_24_a_withdraw_waits_for_the_free_strike(tmp_path: Path) -> None:
    """001 l.248 "You can take this strike before or after the Creature Moves or Acts"; l.346
    Withdraw "You end all Engaged By Conditions on you." The goblin strikes before the hero's
    Withdraw ends their engagement; the GM can undo it, save, reopen and end the turn."""
    s = _strike_three()
    since = len(s.encounter.combat.log)
    assert s.run(withdrawing.withdraw, "hero").ok
    assert _holding(s)
    assert s.ask(strike_questions.engaged_by, "hero") == ("goblin",)
    assert _offered(s, "goblin") == "Free Strike!"
    refused = s.end_turn()
    assert not refused.ok
    assert "Hero's withdraw waits for the Free Strike!" in refused.reason
    path = tmp_path / "withdraw.orcus"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == s.encounter
    taken = reopened.run(interrupts.opportunity_attack, "goblin", "hero", dice=[3])
    assert taken.ok, taken.reason
    assert _attackers(reopened, since) == ["goblin"]
    assert reopened.ask(strike_questions.engaged_by, "hero") == ()
    assert not _holding(reopened)
    assert reopened.undo().ok
    assert _holding(reopened)
    assert reopened.ask(strike_questions.engaged_by, "hero") == ("goblin",)
    # Ending the turn letting it pass: the Withdraw goes on and the Free Strike! is offered
    # after it ("before or after"), which the turn's end names; passing that ends the turn.
    passed = reopened.end_turn(let_pass=True)
    assert passed.ok, passed.reason
    assert reopened.ask(strike_questions.engaged_by, "hero") == ()
    assert "Goblin may make a Free Strike! on Hero" in passed.text
    assert reopened.end_turn(let_pass=True).ok
    assert reopened.encounter.combat.current != "hero"
