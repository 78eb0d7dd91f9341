"""One round of each variant, run as a GM who picks it for a new encounter (001-004).

Initiative as the variant rolls it, a move, attacks, its signature mechanics, a condition and
the end of the round, through the session; each step checks the numbers, who may act and the
combat log as the GM reads it (in the ruleset's words, `Ruleset.label`) against the seed line
or mechanic id it quotes (docs/rulesets.md).
"""

from __future__ import annotations

import json

from orcus_desktop.controller.actions import (
    aid_actions,
    attacks,
    combat_actions,
    grappling,
    interrupts,
)
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import entry_text, names_of
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.controller.variants.strike import engagement, initiative_checks
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import encounter_from_dict, encounter_to_dict
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.guards import Guard
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc


def _session(ruleset_id: str, *creatures: object) -> GameSession:
    encounter = Encounter(GridBounds(14, 10), creatures=creatures, ruleset_id=ruleset_id)  # type: ignore[arg-type]
    session = make_session(encounter)
    assert session.ruleset.id == ruleset_id
    return session


def _lines(session: GameSession) -> list[str]:
    """The combat log as the log panel words it: in the encounter's ruleset's terms."""
    names = names_of(session.encounter)
    return [
        entry_text(e, lambda cid: names.get(cid, cid) if cid else "", session.ruleset.label)
        for e in session.encounter.combat.log
    ]


def _last_attack(session: GameSession) -> str:
    return [line for line in _lines(session) if " uses " in line][-1]


def _notes(session: GameSession) -> list[str]:
    return [str(e.data["mechanic"]) for e in session.encounter.combat.log if e.kind == "rule_note"]


# --- 004 Alloy Heroes -------------------------------------------------------------------------


def test_an_alloy_heroes_round() -> None:
    s = _session(
        "alloy-heroes",
        fighter("hero", 2, 2),
        fighter("ally", 4, 2),
        orc("orc", 3, 2),
        orc("gob", 9, 6),
    )
    # 004-35 initiative = a Dexterity check, highest first (as 000).
    assert s.run(initiative.roll_initiative, dice={"hero": 15, "orc": 12, "ally": 9, "gob": 4}).ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "hero"
    # 004-08, 004 l.386 "Not Your Turn: You may not make an attack of opportunity on your own
    # turn." - said as such, not as an immediate action (004's is a free action, l.383).
    own = s.available_actions("hero").option(CombatAction.OPPORTUNITY_ATTACK)
    assert not own.allowed
    assert own.reason == "Hero cannot make an attack of opportunity on its own turn"
    # 004-26, 004 l.689 "You have battle superiority against enemies you flank." - a ranged
    # attack too (000: melee only); 004-29 l.784 "Battle Superiority: +2 bonus to attack".
    previews, problem = s.ask(attacks.preview_attack, "hero", "Arcane Bolt", ["orc"])
    assert problem == ""
    assert (2, "battle superiority") in previews[0].attack_parts
    # The hero's Strike with the GM's improved cover (004-29 l.729 "Improved Cover -5"):
    # d20 12 +3 Str +3 proficiency +2 battle superiority -5 = 15 against the orc's Defense 15.
    choices = AttackChoices(cover={"orc": "three_quarters"})
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[12, 4], choices=choices).ok
    line = _last_attack(s)
    # 004-37, 004 l.40 attacks are "vs. Defense"; the line speaks 004's words throughout.
    assert "= 15 vs Defense 15 -> hit" in line
    assert "(battle superiority: flanking)" in line
    assert "; improved cover" in line
    assert "combat advantage" not in line
    assert "AC" not in line
    assert s.end_turn().ok

    # The orc walks off: 004-08 "Once per Turn" free attacks of opportunity (l.383-385).
    walk = s.move_creature("orc", Square(3, 5), MoveMode.WALK)
    assert walk.ok
    assert set(walk.opportunity_attackers) == {"hero", "ally"}
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[2]).ok
    assert s.run(interrupts.opportunity_attack, "ally", "orc", dice=[2]).ok
    assert not s.encounter.combat.combatant("hero").immediate_used
    assert s.end_turn().ok
    assert s.encounter.combat.current == "ally"
    # 004-21, 004 l.572-577 Run: speed +10 feet, "-5 penalty to attack rolls until the start
    # of your next turn".
    assert s.move_creature("ally", Square(4, 9), MoveMode.DASH).ok
    previews, _ = s.ask(attacks.preview_attack, "ally", "Arcane Bolt", ["gob"])
    assert (-5, "attacker dashing") in previews[0].attack_parts
    # The run provoked the orc: End turn lets its offer pass and the ally runs on.
    assert s.end_turn(let_pass=True).ok
    assert s.encounter.creature("ally").square == Square(4, 9)
    assert s.end_turn().ok  # gob: the round ends
    assert s.encounter.combat.round == 2
    dashing = s.encounter.creature("ally").state
    assert dashing is not None
    assert dashing.instances_of(Condition.DASHING)
    assert s.end_turn().ok  # hero
    assert s.end_turn().ok  # orc; the ally's turn starts and its Run's penalty ends
    state = s.encounter.creature("ally").state
    assert state is not None
    assert not state.instances_of(Condition.DASHING)


def test_alloy_heroes_grappled_attacker_and_withered() -> None:
    s = _session("alloy-heroes", fighter("hero", 2, 2), orc("orc", 3, 2))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    assert s.end_turn().ok
    # 004-31, 004 l.823 "takes a -2 on all attacks".
    previews, _ = s.ask(attacks.preview_attack, "orc", "Basic Melee Attack", ["hero"])
    assert (-2, "attacker grappled") in previews[0].attack_parts
    # 004-34 l.880 Withered (000 Weakened) "deal half damage", by 004's name in the log.
    assert s.run(gm_edits.add_condition, "orc", Condition.WEAKENED, DurationKind.SAVE_ENDS).ok
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[19, 1]).ok
    assert "Withered" in "\n".join(_lines(s))


# --- 001 Strike!/Shoot!/Spell! ----------------------------------------------------------------


def test_a_strike_round() -> None:
    s = _session(
        "strike",
        fighter("hero", 2, 2),
        fighter("archer", 2, 6),
        orc("orc", 4, 2),
        orc("gob", 9, 6),
    )
    # 001-01, 001 l.15 "they make either a Quickness, Perception, or Awareness check, it is
    # their choice".
    assert s.run(initiative_checks.set_choice, "hero", "awareness").ok
    assert s.run(
        initiative.roll_initiative, dice={"hero": 10, "archer": 8, "orc": 10, "gob": 3}
    ).ok
    assert "001-01: Hero rolls Awareness for initiative" in _lines(s)
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "hero"
    # 001-05, 001 l.53 "You always move first and then take your [action]".
    assert s.move_creature("hero", Square(3, 2), MoveMode.WALK).ok
    assert s.run(attacks.basic_attack, "hero", "orc", dice=[15, 6]).ok
    # 001-38 (docs/rulings.md "001-38"): Block = AC, so a Strike! reads "vs Block".
    assert "= 21 vs Block 15 -> hit" in _last_attack(s)
    after = s.move_creature("hero", Square(3, 3), MoveMode.WALK)
    assert not after.ok
    assert "001-05" in after.reason
    # 001-25 engaged with the orc; 001-23 the orc's Counter Strike!.
    assert _notes(s)[-2:] == ["001-25", "001-23"]
    assert s.ask(questions.strike_name, "orc") == "Counter Strike!"
    assert s.run(interrupts.opportunity_attack, "orc", "hero", dice=[12, 5]).ok
    assert "vs Block 16" in _last_attack(s)
    assert s.end_turn().ok

    # The orc Blocks (001 l.276 "You add +1 to your Block until your next turn"): the hero's
    # Free Strike! (001-24) is offered before it, and the Block waits; the hero lets it
    # pass, the note says Block, as the seed does, and the strike is offered after.
    assert s.run(engagement.guard, "orc", Guard.BLOCK).ok
    assert s.ask(questions.strike_name, "hero") == "Free Strike!"
    assert s.run(interrupts.decline_opportunity_attack, "hero").ok
    assert "001-28: Orc: Block, +1 to Block until its next turn" in _lines(s)
    assert s.ask(questions.strike_name, "hero") == "Free Strike!"
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[12, 5]).ok
    assert "-1 target's block (001-28) = 17 vs Block 15" in _last_attack(s)
    assert s.end_turn().ok

    # The archer Shoots! into the melee: 001-17 range 4 "-3", 001-21 one ally engaged "-1";
    # the target's Dodge (= Reflex).
    assert s.use_power("archer", "Arcane Bolt", ["orc"], dice=[14, 3]).ok
    line = _last_attack(s)
    assert "-3 range 4 (001 Shoot!) -1 into melee: 1 ally (001) = 13 vs Dodge 12" in line
    assert s.end_turn().ok
    assert s.end_turn().ok  # gob
    # 001-04, 001 l.47 "The End Of Round Activities Are Performed Including Adding 1".
    assert _notes(s)[-1] == "001-04"
    assert s.encounter.combat.round == 2


# --- 003 Square Fireballs ---------------------------------------------------------------------


def test_a_square_fireballs_round() -> None:
    s = _session(
        "square-fireballs",
        fighter("hero", 2, 2),
        fighter("ally", 2, 4),
        orc("orc1", 5, 2),
        orc("orc2", 5, 4),
        orc("gob", 9, 2),
    )
    assert s.run(
        initiative.roll_initiative, dice={"hero": 12, "ally": 5, "orc1": 12, "orc2": 12, "gob": 2}
    ).ok
    # 003-12, 003 l.193 ties alternate PCs and monsters (a tie at the top: a roll-off, R-41).
    assert any(line.startswith("003-12: tied at 13") for line in _lines(s))
    assert s.run(initiative.set_surprised, "gob").ok
    assert s.run(initiative.start_combat).ok
    # 003-10, 003 l.383-385: no surprise round.
    assert _notes(s)[-1] == "003-10"
    assert s.move_creature("hero", Square(4, 2), MoveMode.WALK).ok
    # 003-08/09 the orc opened in Total Defense: +4 to its AC.
    assert s.run(attacks.basic_attack, "hero", "orc1", dice=[15, 6]).ok
    assert "= 21 vs AC 15 (Orc1 AC) +4 total defense = 19 -> hit" in _last_attack(s)
    assert s.end_turn().ok
    order = s.encounter.combat.current
    assert order in ("orc1", "orc2")
    # 003-21 a downgrade: Stunned -> Dazed (003 l.327-330, 383).
    assert s.run(gm_edits.add_condition, "hero", Condition.STUNNED, DurationKind.SAVE_ENDS).ok
    state = s.encounter.creature("hero").state
    assert state is not None
    stunned = state.instances_of(Condition.STUNNED)[0]
    assert s.run(gm_edits.downgrade_effect, "hero", stunned.effect_id).ok
    assert "Hero: Stunned downgraded to Dazed (save ends)" in _lines(s)
    # 003-24 Dazed grants Advantage (003-20, l.279 "Defender grants Advantage to Attacker +2"):
    # the line names it by 003's word.
    assert s.move_creature(order, Square(3, 3), MoveMode.WALK).ok  # the dazed hero can't react
    assert s.run(attacks.basic_attack, order, "hero", dice=[10, 6]).ok
    line = _last_attack(s)
    assert "+2 advantage = 16 vs AC 16 -> hit (advantage: target dazed)" in line
    assert "combat advantage" not in line
    for _ in range(3):
        assert s.end_turn().ok
    # The surprised goblin's turn: Total Defense and nothing else (003-10).
    assert "Gob takes total defense: +4 to all defenses" in _lines(s)
    assert s.encounter.combat.round == 2
    assert s.ask(sf_questions.escalation_die) == 0
    for _ in range(5):
        assert s.end_turn().ok
    # 003-13, 003 l.196 "each combat round starting with the third, add 1".
    assert s.encounter.combat.round == 3
    assert s.ask(sf_questions.escalation_die) == 1


# --- 002 4e quick reference -------------------------------------------------------------------


def test_a_quickref_surprise_round() -> None:
    s = _session(
        "4e-quickref",
        fighter("hero", 2, 2),
        orc("orc", 3, 2),
        orc("brute", 9, 6, role="solo", action_points=2),
    )
    assert s.run(initiative.roll_initiative, dice={"hero": 10, "orc": 15, "brute": 3}).ok
    assert s.run(initiative.set_surprised, "hero").ok
    assert s.run(initiative.start_combat).ok
    # 002 l.84 action points "(once per encounter, not in a surprise round)".
    refused = s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "orc")
    assert not refused.ok
    assert "surprise round" in refused.reason
    # 002-24/002-08: the surprised hero takes no opportunity actions.
    assert not s.available_actions("hero").option(CombatAction.OPPORTUNITY_ATTACK).allowed
    assert s.run(attacks.basic_attack, "orc", "hero", dice=[15, 5]).ok
    assert "(combat advantage: target surprised)" in _last_attack(s)
    assert s.end_turn().ok
    assert s.end_turn().ok  # the brute; the surprised hero's turn is lost
    assert s.encounter.combat.round == 1
    # 002-01 "minor" for swift, in the action's label.
    assert s.ruleset.label("swift") == "minor"


def test_the_surprised_are_marked_after_their_initiative_roll() -> None:
    """003-10, 003 l.168 "When this character would take the turn, they use Full Defense, end
    the turn": the surprised have a place in the order, so they roll too. Marked before the
    roll, the goblin was put in the order at initiative 0 and the roll passed it over."""
    s = _session("square-fireballs", fighter("hero", 2, 2), orc("gob", 9, 2))
    early = s.run(initiative.set_surprised, "gob")
    assert not early.ok
    assert early.reason == "roll initiative for Gob first"
    assert s.encounter.combat.combatants == ()
    assert s.run(initiative.roll_initiative, dice={"hero": 5, "gob": 14}).ok
    assert s.encounter.combat.combatant("gob").initiative == 15
    assert s.run(initiative.set_surprised, "gob").ok
    assert s.run(initiative.start_combat).ok
    assert s.encounter.combat.current == "hero"  # the goblin's turn, first in order, is lost


def test_alloy_heroes_aid_another_names_its_roll() -> None:
    """004-10, 004 l.358 "make a basic attack vs. Defense 10. If you succeed, deal no damage";
    l.360 "Make a DC 10 skill check or ability check". The note read "... vs. Defense
    against 10" and "makes a check against 10"."""
    s = _session(
        "alloy-heroes", fighter("hero", 2, 2), fighter("ally", 2, 3), orc("orc {x}", 3, 2)
    )
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc {x}": 15, "ally": 10}).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(aid_actions.help_ally, "hero", "ally", "orc {x}", AidKind.ATTACK).ok
    note = _lines(s)[-1]
    assert note == (
        "004-10: Hero makes a basic attack against Orc {X} vs. Defense 10 (no damage); "
        "if it fails, there is no +2 (undo the aid)"
    )
    assert s.undo().ok
    assert s.run(aid_actions.aid_another, "hero", "ally", "Athletics").ok
    assert "004-10: Hero makes a DC 10 skill or ability check; if it fails" in "\n".join(_lines(s))


def test_square_fireballs_shift_stand_up_and_charge_hinder_this_turn() -> None:
    """003 "5.10 Maneuvers": Shift "If you move away from an adjacent enemy this way, you are
    Hindered this turn." (l.594, 003-42); Stand Up "you are Hindered this turn" (l.670);
    Charge "You are Hindered this turn. ... You can't move this turn" (l.654, 003-41).
    Hindered is 003-29's -2 to hit. None of it happened before."""
    s = _session("square-fireballs", fighter("hero", 2, 2), orc("orc", 3, 2), orc("gob", 9, 2))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "gob": 5}).ok
    assert s.run(initiative.start_combat).ok
    assert s.move_creature("hero", Square(1, 2), MoveMode.SHIFT).ok
    assert _notes(s)[-1] == "003-42"
    assert "003-42: Hero shifts away from Orc: Hindered (-2 to hit) this turn" in _lines(s)
    previews, _ = s.ask(attacks.preview_attack, "hero", "Arcane Bolt", ["orc"])
    assert (-2, "attacker hindered") in previews[0].attack_parts
    saved = json.loads(json.dumps(encounter_to_dict(s.encounter)))
    assert encounter_from_dict(saved) == s.encounter  # "this turn" is kept in the file
    assert s.end_turn().ok
    # "this turn": gone when it ends, so the hero's reactions are not hindered.
    assert "Hero: Hindered (end of its turn) ends (end of turn)" in _lines(s)
    hero = s.encounter.creature("hero").state
    assert hero is not None
    assert not hero.instances_of(Condition.HINDERED)

    # The orc stands up (Hindered this turn); two rounds on it charges the hero: its charge
    # rolls at -2 and without 000's +1, and after it the orc moves no more this turn.
    assert s.run(gm_edits.add_condition, "orc", Condition.PRONE, DurationKind.UNTIL_COUNTERED).ok
    assert s.run(combat_actions.take_action, CombatAction.STAND_UP, "orc").ok
    stood = "003-42: Orc stands up (and may move 1 square: a GM move): Hindered (-2 to hit)"
    assert stood + " this turn" in _lines(s)
    assert s.end_turn().ok
    assert s.end_turn().ok  # gob
    assert s.end_turn().ok  # hero, round 2
    assert s.encounter.combat.current == "orc"
    assert s.move_creature("orc", Square(5, 2), MoveMode.WALK).ok
    assert s.end_turn().ok
    assert s.end_turn().ok  # gob
    assert s.end_turn().ok  # hero, round 3 (escalation die 1)
    assert s.run(combat_actions.charge, "orc", Square(2, 2), "hero", dice=[10, 3]).ok
    assert "003-41: Orc charges and can't move again this turn" in "\n".join(_lines(s))
    line = _last_attack(s)
    assert "10 (d20) +3 Strength +1 half level -2 attacker hindered +1 escalation die = 13" in line
    assert "charge" not in line.split("\n")[1]  # no "+0 charge" (000's +1 is not 003's)
    moved = s.move_creature("orc", Square(2, 3), MoveMode.SHIFT)
    assert not moved.ok
    assert moved.reason == "Orc has no move action left"
