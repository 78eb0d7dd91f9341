"""001's engagement (Strike!): the Engaged With pairs, played from the GM's side.

Mechanic ids and seed lines as in docs/rulesets.md "001": 001-25 (001 l.250-256 "Engaged With
(Target)", "Engaged By (Target)"), 001-30 Close (l.286), 001-31 Withdraw (l.344-346).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.controller.actions import attacks, combat_actions, interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import engagement, withdrawing
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.file_format.read_encounter import encounter_from_dict
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.engagement import Engagement, StrikeKind
from orcus_desktop.rules.guards import Guard
from orcus_desktop.rules.variants.strike.bands import engagement_band
from orcus_desktop.vocabulary import CreatureId, MoveMode
from tests.controller.conftest import fight_started, fighter, make_session, orc


def _strike_fight(ruleset_id: str = "strike") -> GameSession:
    return fight_started(
        GridBounds(12, 8),
        (
            fighter("hero", 4, 4),
            orc("orc", 5, 4),
            orc("goblin", 3, 4),
            orc("brute", 9, 6),
        ),
        {"hero": 20, "orc": 15, "goblin": 10, "brute": 5},
        ruleset_id,
    )


def test_engaged_with_one_target_at_a_time_and_engaged_by_counts() -> None:
    s = _strike_fight()
    # 001-30, 001 l.286 Close: "you do become Engaged With it".
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(engagement.engage, "goblin", "hero").ok
    assert s.ask(strike_questions.engaged_with, "orc") == "hero"
    assert s.ask(strike_questions.engaged_by, "hero") == ("orc", "goblin")
    assert s.ask(strike_questions.engaged_by_count, "hero") == 2
    # 001-25, 001 l.252: it "ends when you Strike! or Counter Strike a new Target which you
    # then begins a new Engaged With (Target) Condition" - one target at a time.
    assert s.run(engagement.engage, "orc", "brute").ok
    assert s.ask(strike_questions.engaged_with, "orc") == "brute"
    assert s.ask(strike_questions.engaged_by, "hero") == ("goblin",)
    assert s.ask(strike_questions.engaged_by_count, "brute") == 1
    refused = s.run(engagement.engage, "orc", "orc")
    assert not refused.ok
    assert "itself" in refused.reason


def test_withdraw_ends_the_pairs_of_either_end_and_costs_the_action() -> None:
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(engagement.engage, "hero", "goblin").ok
    # 001-31, 001 l.346 "You end all Engaged By Conditions on you"; 001-25, l.256 "either
    # one of you taking the With Draw Action" ends the pair.
    assert s.encounter.combat.current == "hero"
    assert s.run(withdrawing.withdraw, "hero").ok
    # 001-24, l.248 "before or after the Creature Moves or Acts": the Withdraw waits while
    # the orc's Free Strike! is offered; letting it pass lets it go on.
    assert s.encounter.combat.pending is not None
    assert s.ask(strike_questions.engaged_by_count, "hero") == 1
    assert s.run(interrupts.decline_opportunity_attack, "orc").ok
    assert s.ask(strike_questions.engaged_by_count, "hero") == 0
    assert s.ask(strike_questions.engaged_with, "hero") is None
    # 001-05, 001 l.53 "you can move and take one action": withdrawing was the action.
    assert s.encounter.combat.combatant("hero").budget.standard == 0
    assert s.run(interrupts.decline_opportunity_attack, "orc").ok  # offered again after
    again = s.run(withdrawing.withdraw, "hero")
    assert not again.ok
    assert "not engaged" in again.reason
    notes = [e.data["mechanic"] for e in s.encounter.combat.log if e.kind == "rule_note"]
    # The orc was Engaged With the hero: its Free Strike! (001-24) before and after.
    assert notes == ["001-25", "001-25", "001-24", "001-31", "001-24"]


def test_engagement_is_undone_step_by_step() -> None:
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(engagement.engage, "orc", "goblin").ok
    assert s.undo().ok
    assert s.ask(strike_questions.engaged_with, "orc") == "hero"
    assert s.undo().ok
    assert s.ask(strike_questions.engaged_with, "orc") is None
    assert s.redo().ok
    assert s.ask(strike_questions.engaged_by, "hero") == ("orc",)


def test_engagement_survives_save_and_reopen_and_old_files_have_none(tmp_path: Path) -> None:
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(engagement.engage, "goblin", "hero").ok
    path = tmp_path / "fight.json"
    save_encounter(path, s.encounter)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["combat"]["engagements"] == [
        {"engager": "orc", "target": "hero"},
        {"engager": "goblin", "target": "hero"},
    ]
    reopened = make_session(load_encounter(path))
    assert reopened.ask(strike_questions.engaged_by, "hero") == ("orc", "goblin")
    assert reopened.ruleset.id == "strike"
    # A file written before engagement was kept has no "engagements" key: none.
    data = encounter_to_dict(s.encounter)
    del data["combat"]["engagements"]
    assert encounter_from_dict(data).combat.engagements == ()
    # Engaged With is one target at a time (001 l.252): a file saying otherwise is refused.
    data["combat"]["engagements"] = [
        {"engager": "orc", "target": "hero"},
        {"engager": "orc", "target": "goblin"},
    ]
    with pytest.raises(ValueError, match="one target at a time"):
        encounter_from_dict(data)


def test_no_engagement_outside_001_or_outside_combat() -> None:
    s = _strike_fight("orcus")
    refused = s.run(engagement.engage, "orc", "hero")
    assert not refused.ok
    assert "no engagement" in refused.reason
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(initiative.end_combat).ok
    # The pairs belong to the combat (001-25 "stored with the combat"): gone when it ends.
    assert s.encounter.combat.engagements == ()
    assert not s.run(engagement.engage, "orc", "hero").ok


def test_leaving_the_map_ends_the_creatures_engagements() -> None:
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(engagement.engage, "hero", "goblin").ok
    assert s.run(editing.remove_creature, "hero").ok
    assert s.encounter.combat.engagements == ()


def test_bands_of_the_engagement_modifiers() -> None:
    # 001-26, 001 l.262-266 "Engaged By 1 other +1 / 2-3 others +2 / 4 or more others +3".
    assert [engagement_band(n) for n in range(6)] == [0, 1, 2, 2, 3, 3]
    assert Engagement(CreatureId("a"), CreatureId("b")).target == "b"


def test_no_opportunity_attacks_under_001() -> None:
    """001 has no opportunity attacks (docs/rulings.md#001-picks-engagement-and-strike)."""
    s = _strike_fight()
    # The hero stands next to the orc and the goblin: 000 would offer both an opportunity
    # attack for walking away (docs/rulings.md R-02) and for a ranged power made here.
    bolt = s.use_power("hero", "Arcane Bolt", ["brute"], dice=[1])
    assert bolt.ok, bolt.reason
    assert bolt.opportunity_attackers == ()
    assert s.encounter.combat.pending is None
    # 001-05 (001 l.53 "You always move first"): the walk away is a fresh turn's move.
    s = _strike_fight()
    walk = s.move_creature("hero", Square(4, 0), MoveMode.WALK)
    assert walk.ok, walk.reason
    assert walk.opportunity_attackers == ()
    assert all(c.out_of_turn is None for c in s.encounter.combat.combatants)
    # The same walk under 000 provokes both.
    s = _strike_fight("orcus")
    assert s.move_creature("hero", Square(4, 0), MoveMode.WALK).opportunity_attackers == (
        "orc",
        "goblin",
    )


def _offer(s: GameSession, reactor: str) -> StrikeKind | None:
    offer = s.encounter.combat.strike_offer(reactor)
    return offer.kind if offer is not None else None


def _holding(s: GameSession) -> bool:
    return s.encounter.combat.pending is not None


def _attacks(s: GameSession, since: int) -> list[tuple[str | None, tuple[str, ...]]]:
    return [(e.actor, e.targets) for e in s.encounter.combat.log[since:] if e.kind == "attack"]


def test_scripted_engaged_melee_exchange() -> None:
    """Hero between an orc and a goblin: Strike!, Counter Strike!, Free Strike!, Withdraw."""
    s = _strike_fight()
    # Round 1, the hero's turn. 001-22 (l.238) "A strike is a melee attack": the hero Strikes!
    # the orc; 001-24 (l.248) "When you Strike! a Target you gain the Engaged With (Target)
    # Condition"; 001-23 (l.242) "Every Strike! provokes a Counter Strike! from the Target".
    strike = s.run(attacks.basic_attack, "hero", "orc", dice=[15, 5])
    assert strike.ok, strike.reason
    assert s.ask(strike_questions.engaged_with, "hero") == "orc"
    assert _offer(s, "orc") is StrikeKind.COUNTER
    assert _offer(s, "goblin") is None  # the goblin is engaged with no one
    # Equal reach: the original Strike! came first (pick), the counter is offered after.
    counter = s.run(interrupts.opportunity_attack, "orc", "hero", dice=[2])
    assert counter.ok, counter.reason
    assert counter.text == "Orc: Counter Strike!"
    # 001-25 (l.252): a Counter Strike! on a new target begins Engaged With it.
    assert s.ask(strike_questions.engaged_with, "orc") == "hero"
    assert _offer(s, "orc") is None
    # The goblin Closes on the hero (001-30, l.286), recorded by the GM.
    assert s.run(engagement.engage, "goblin", "hero").ok
    assert s.ask(strike_questions.engaged_by_count, "hero") == 2
    assert s.end_turn().ok

    # The orc's turn: its Strike! on the hero provokes the hero's Counter Strike!; the hero
    # lets it pass. A Counter Strike! provokes no other (pick, 001-23).
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[2]).ok
    assert _offer(s, "hero") is StrikeKind.COUNTER
    assert _offer(s, "goblin") is None  # it is engaged with the hero, not the orc
    assert s.run(interrupts.decline_opportunity_attack, "hero").ok
    assert _offer(s, "hero") is None
    assert (
        s.ask(strike_questions.engaged_with, "hero") == "orc"
    )  # letting it pass engages no one new
    assert s.end_turn().ok
    assert s.end_turn().ok  # the goblin
    assert s.end_turn().ok  # the brute

    # Round 2, the hero's turn: a ranged power on the brute is "an Action that does not
    # involve a Strike!" on the orc or the goblin, both Engaged With the hero: 001-24, l.248
    # "you get a Free Strike! on it" - each of them, and no opportunity attack (000 would).
    # "You can take this strike before or after the Creature Moves or Acts": the bolt waits.
    since = len(s.encounter.combat.log)
    bolt = s.use_power("hero", "Arcane Bolt", ["brute"], dice=[1])
    assert bolt.ok, bolt.reason
    assert _holding(s)
    assert _offer(s, "orc") is StrikeKind.FREE
    assert _offer(s, "goblin") is StrikeKind.FREE
    free = s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[2])
    assert free.ok, free.reason
    assert free.text == "Goblin: Free Strike!"
    # l.248 "this attack does not provoke a Counter Strike": nothing is offered to the hero.
    assert _offer(s, "hero") is None
    # The orc lets it pass before: the bolt goes off, and the orc may take it after.
    assert s.run(interrupts.decline_opportunity_attack, "orc").ok
    assert _attacks(s, since) == [("goblin", ("hero",)), ("hero", ("brute",))]
    assert _offer(s, "orc") is StrikeKind.FREE
    assert _offer(s, "goblin") is None  # one Free Strike! per action
    assert s.run(interrupts.decline_opportunity_attack, "orc").ok
    assert _offer(s, "orc") is None
    assert s.end_turn().ok
    for _ in range(3):
        assert s.end_turn().ok

    # Round 3: the hero withdraws (001-31, l.346): its action, so both engaged with it get a
    # Free Strike! (001-24), and every pair it is in ends (001-25, l.256).
    assert s.encounter.combat.current == "hero"
    assert s.run(withdrawing.withdraw, "hero").ok
    assert _offer(s, "orc") is StrikeKind.FREE
    assert _offer(s, "goblin") is StrikeKind.FREE
    assert (
        s.ask(strike_questions.engaged_by_count, "hero") == 2
    )  # it waits for them (l.248 "before", R-127)
    assert s.run(interrupts.decline_opportunity_attack, "orc").ok
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert s.ask(strike_questions.engaged_by_count, "hero") == 0
    assert s.ask(strike_questions.engaged_with, "hero") is None
    assert _offer(s, "orc") is StrikeKind.FREE  # and after
    assert _offer(s, "goblin") is StrikeKind.FREE
    mechanics = [e.data["mechanic"] for e in s.encounter.combat.log if e.kind == "rule_note"]
    assert mechanics.count("001-23") == 2
    assert mechanics.count("001-24") == 7  # the orc's Free Strike! offered before and after


def test_the_longer_reach_counter_strikes_first() -> None:
    """001-23, 001 l.244 "the one with the longest Reach gets to Strike! first!"."""
    s = fight_started(
        GridBounds(12, 8),
        (fighter("hero", 4, 4), orc("ogre", 5, 4, reach=2)),
        {"hero": 20, "ogre": 5},
        "strike",
    )
    since = len(s.encounter.combat.log)
    strike = s.run(attacks.basic_attack, "hero", "ogre", dice=[15, 5])
    assert strike.ok, strike.reason
    # The hero's Strike! waits: the ogre's reach is longer.
    assert _holding(s)
    assert _attacks(s, since) == []
    assert _offer(s, "ogre") is StrikeKind.COUNTER
    assert s.ask(strike_questions.engaged_with, "hero") == "ogre"
    counter = s.run(interrupts.opportunity_attack, "ogre", "hero", dice=[2])
    assert counter.ok, counter.reason
    # The counter, then the held Strike!, in one step.
    assert _attacks(s, since) == [("ogre", ("hero",)), ("hero", ("ogre",))]
    assert not _holding(s)
    assert _offer(s, "ogre") is None
    assert s.undo().ok
    assert _offer(s, "ogre") is StrikeKind.COUNTER  # the Strike! waits again


def test_a_target_that_cannot_see_the_striker_counter_strikes_last() -> None:
    """001-14, 001 l.168-170: "on the Counter Strike! you always go last regardless of Reach"."""
    s = fight_started(
        GridBounds(12, 8),
        (fighter("hero", 4, 4), orc("ogre", 5, 4, reach=2)),
        {"hero": 20, "ogre": 5},
        "strike",
    )
    assert s.run(gm_edits.add_condition, "ogre", Condition.BLINDED, DurationKind.SAVE_ENDS).ok
    since = len(s.encounter.combat.log)
    assert s.run(attacks.basic_attack, "hero", "ogre", dice=[15, 5]).ok
    assert not _holding(s)
    assert _attacks(s, since) == [("hero", ("ogre",))]
    assert _offer(s, "ogre") is StrikeKind.COUNTER


def test_strike_offers_survive_save_and_reopen(tmp_path: Path) -> None:
    s = _strike_fight()
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[15, 5]).ok
    path = tmp_path / "offer.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter.combat.strike_offer("orc") is not None
    taken = reopened.run(interrupts.opportunity_attack, "orc", "hero", dice=[2])
    assert taken.ok, taken.reason
    assert taken.text == "Orc: Counter Strike!"
    assert reopened.ask(strike_questions.engaged_with, "orc") == "hero"


def _parts(s: GameSession) -> list[list[object]]:
    entry = [e for e in s.encounter.combat.log if e.kind == "attack"][-1]
    return [list(p) for p in entry.data["targets"][0]["attack_parts"]]


def test_strike_bonus_against_a_target_engaged_by_others() -> None:
    """001-26, 001 l.262-266 "Target Engaged By 1 other +1 / 2-3 others +2 / 4 or more +3"."""
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(engagement.engage, "goblin", "hero").ok
    assert s.run(engagement.engage, "brute", "hero").ok
    assert s.end_turn().ok
    # The orc Strikes! the hero, whom two others (the goblin, the brute) engage: +2.
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[2]).ok
    assert [2, "target engaged by 2 others (001-26)"] in _parts(s)
    # Under 000 the same attack has no such bonus.
    plain = _strike_fight("orcus")
    assert plain.end_turn().ok
    assert plain.run(attacks.basic_attack, "orc", "hero", dice=[2]).ok
    assert not [p for p in _parts(plain) if "001-26" in str(p[1])]


def test_no_strike_bonus_for_the_attackers_own_engagement_or_a_ranged_attack() -> None:
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    # The hero is engaged by the orc only: the orc's own engagement is not "others".
    assert s.end_turn().ok
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[2]).ok
    assert not [p for p in _parts(s) if "001-26" in str(p[1])]
    # A Shoot! or Spell! is not a Strike! (001-22, l.238 "A strike is a melee attack").
    s = _strike_fight()
    assert s.run(engagement.engage, "goblin", "orc").ok
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[2]).ok
    assert not [p for p in _parts(s) if "001-26" in str(p[1])]
    assert s.undo().ok
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[2]).ok
    assert [1, "target engaged by 1 other (001-26)"] in _parts(s)


def test_the_dead_are_no_longer_engaged() -> None:
    """Pick (docs/rulings.md#001-picks-engagement-and-strike): the dead leave their pairs."""
    s = _strike_fight()
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.run(engagement.engage, "hero", "orc").ok
    assert s.run(engagement.engage, "goblin", "hero").ok
    assert s.run(gm_edits.apply_damage, "orc", 100).ok  # an orc dies at 0 hit points
    assert s.ask(strike_questions.engaged_by, "hero") == ("goblin",)
    assert s.ask(strike_questions.engaged_with, "hero") is None
    assert s.encounter.combat.log[-1].data["note"] == "Orc: dead, no longer engaged"
    assert s.undo().ok
    assert s.ask(strike_questions.engaged_by, "hero") == ("orc", "goblin")


def test_a_charge_waits_for_the_longer_reach_counter_strike() -> None:
    """001-23, l.244, for the Strike! that ends a charge (001-29 "You can Strike the Target")."""
    s = fight_started(
        GridBounds(12, 8),
        (fighter("hero", 1, 4), orc("ogre", 6, 4, reach=2)),
        {"hero": 20, "ogre": 5},
        "strike",
    )
    destination = s.ask(combat_actions.charge_destinations, "hero", "ogre")[0]
    charged = s.run(combat_actions.charge, "hero", destination, "ogre", dice=[15, 5])
    assert charged.ok, charged.reason
    assert _holding(s)
    assert _offer(s, "ogre") is StrikeKind.COUNTER
    # What the charge waits for is named as 001 names the strike (001-23), not as 000's offer.
    waiting = s.use_power("hero", "Arcane Bolt", ["ogre"])
    assert waiting.reason == "Hero's charge waits for the Counter Strike!"
    since = len(s.encounter.combat.log)
    assert s.run(interrupts.opportunity_attack, "ogre", "hero", dice=[2]).ok
    assert _attacks(s, since) == [("ogre", ("hero",)), ("hero", ("ogre",))]
    assert s.ask(strike_questions.engaged_with, "hero") == "ogre"
    assert s.ask(strike_questions.engaged_with, "ogre") == "hero"


def test_block_dodge_dispel_raise_one_defense_until_the_next_turn(tmp_path: Path) -> None:
    """001-28, 001 l.276-278 "You add +1 to your Block until your next turn as long as you
    are not Incapacitated" (Block = AC, Dodge = Reflex, Dispel = Will: the global pick)."""
    s = _strike_fight()
    refused = s.run(engagement.guard, "orc", Guard.BLOCK)
    assert not refused.ok
    assert "own turn" in refused.reason
    assert s.run(engagement.guard, "hero", Guard.BLOCK).ok
    assert s.encounter.combat.combatant("hero").budget.standard == 0  # its action (001-05)
    path = tmp_path / "block.json"
    save_encounter(path, s.encounter)
    s = make_session(load_encounter(path))  # kept in the file
    assert s.end_turn().ok
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[2]).ok  # against AC
    assert [-1, "target's block (001-28)"] in _parts(s)
    assert s.end_turn(let_pass=True).ok  # the hero lets its Counter Strike! pass
    for _ in range(2):
        assert s.end_turn().ok
    assert s.encounter.combat.current == "hero"  # its next turn: the +1 is over
    assert s.end_turn().ok
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[2]).ok
    assert not [p for p in _parts(s) if "001-28" in str(p[1])]
    # A Dodge raises Reflex only: the orc's axe (AC) is not slowed by it.
    assert s.end_turn(let_pass=True).ok  # the Counter Strike! again let pass
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.run(engagement.guard, "hero", Guard.DODGE).ok
    # The orc lets its Free Strike! pass before the Dodge, then after it.
    assert s.end_turn(let_pass=True).ok
    assert s.end_turn(let_pass=True).ok
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[2]).ok
    assert not [p for p in _parts(s) if "001-28" in str(p[1])]
    # Not under 000.
    plain = _strike_fight("orcus")
    assert not plain.run(engagement.guard, "hero", Guard.BLOCK).ok
