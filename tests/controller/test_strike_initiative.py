"""001's initiative by a chosen check, from the GM's side (001-01..03).

001 l.15 "Third: Roll The Initiative Order", l.17-29 "Ties", l.31-39 "Initiative Modifiers".
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.records import InitiativeLadder, record_of
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import initiative_checks
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.initiative_choice import InitiativeCheck, TieChoice
from tests.controller.conftest import fighter, make_session, orc


def _party(ruleset_id: str = "strike") -> GameSession:
    # Hero: Dex 12 (+1), Int 16 (+3), Wis 10 (+0); level 1 (half level 0).
    return make_session(
        Encounter(
            GridBounds(12, 8),
            creatures=(
                fighter("hero", 1, 1),
                fighter("mage", 2, 1, abilities={"dexterity": 10, "intelligence": 18}),
                orc("orc", 6, 1),
                orc("brute", 7, 1),
            ),
            ruleset_id=ruleset_id,
        )
    )


def test_the_chosen_check_gives_the_modifier() -> None:
    s = _party()
    # 001 l.15: "either a Quickness, Perception, or Awareness check, it is their choice".
    assert (
        s.ask(initiative.initiative_modifier, "hero") == 1
    )  # Quickness: 000's Dexterity initiative
    assert s.run(initiative_checks.set_choice, "hero", "awareness", "none").ok
    assert s.ask(initiative.initiative_modifier, "hero") == 3  # Intelligence (pick)
    # 001-02, l.35 "Unaware, Distracted, or Overconfident -1"; l.39 "Hidden ... +2".
    assert s.run(
        initiative_checks.set_choice, "hero", "awareness", "none", unaware=True, hidden=True
    ).ok
    assert s.ask(initiative.initiative_modifier, "hero") == 3 - 1 + 2
    assert s.run(gm_edits.add_condition, "hero", Condition.UNCONSCIOUS).ok
    assert s.ask(initiative.initiative_modifier, "hero") == 3 - 1 + 2 - 2  # l.33 "Unconscious -2"
    refused = s.run(initiative_checks.set_choice, "hero", "luck", "none")
    assert not refused.ok
    assert "awareness, perception or quickness" in refused.reason
    # Under 000 there is no such choice.
    orcus = _party("orcus")
    assert not orcus.run(initiative_checks.set_choice, "hero", "awareness", "none").ok


def test_ties_fall_by_the_players_choice_then_the_check() -> None:
    s = _party()
    assert s.run(initiative_checks.set_choice, "hero", "quickness", "after").ok
    assert s.run(initiative_checks.set_choice, "mage", "perception", "none").ok
    assert s.run(initiative_checks.set_choice, "orc", "awareness", "none").ok
    assert s.run(initiative_checks.set_choice, "brute", "quickness", "before").ok
    assert s.run(
        initiative.roll_initiative, totals={"hero": 14, "mage": 14, "orc": 14, "brute": 14}
    ).ok
    # Step 1 (l.19): before, then no choice, then after; step 2 (l.23): "Awareness goes
    # before Perception which goes before Quickness".
    assert s.encounter.combat.order == ("brute", "orc", "mage", "hero")
    ladder = [e for e in s.encounter.combat.log if e.kind == "initiative_ladder"]
    assert list(ladder[-1].data["first_to_last"]) == ["brute", "orc", "mage", "hero"]
    assert not ladder[-1].data["steps"]  # no dice needed
    assert s.encounter.combat.combatant("orc").initiative_check == "awareness"


def test_ties_on_the_same_check_roll_the_other_checks_then_d6() -> None:
    s = _party()
    assert s.run(
        initiative.roll_initiative, totals={"hero": 14, "mage": 14, "orc": 9, "brute": 20}
    ).ok
    order = s.encounter.combat.order
    assert order[0] == "brute"
    assert order[-1] == "orc"
    ladder = next(e for e in s.encounter.combat.log if e.kind == "initiative_ladder")
    steps = ladder.data["steps"]
    # Both rolled Quickness: step 3 checks the next ability in 001's precedence (Awareness).
    assert [(st["step"], st["check"]) for st in steps[:2]] == [(3, "awareness")] * 2
    first, second = ladder.data["first_to_last"]
    assert tuple(ladder.data["first_to_last"]) == order[1:3]
    totals = {st["unit"]: st["total"] for st in steps if st["step"] == 3}
    assert totals[first] >= totals[second]
    if totals[first] == totals[second]:
        assert any(st["step"] >= 4 for st in steps)


def test_choices_survive_undo_and_reopening(tmp_path: Path) -> None:
    s = _party()
    assert s.run(initiative_checks.set_choice, "hero", "perception", "before", unseen=True).ok
    assert s.run(initiative_checks.set_choice, "orc", "awareness", "none").ok
    assert s.undo().ok
    undone = s.ask(strike_questions.initiative_choice, "orc")
    assert undone is not None
    assert undone.check is InitiativeCheck.QUICKNESS  # 001's default again
    assert s.redo().ok
    assert s.run(
        initiative.roll_initiative, totals={"hero": 12, "mage": 12, "orc": 12, "brute": 5}
    ).ok
    order = s.encounter.combat.order
    path = tmp_path / "fight.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    choice = reopened.ask(strike_questions.initiative_choice, "hero")
    assert choice is not None
    assert (choice.check, choice.tie_choice, choice.unseen) == (
        InitiativeCheck.PERCEPTION,
        TieChoice.BEFORE,
        True,
    )
    assert reopened.encounter.combat.order == order
    assert reopened.encounter.combat.combatant("orc").initiative_check == "awareness"
    assert reopened.encounter.combat.combatant("hero").tie_break == (
        s.encounter.combat.combatant("hero").tie_break
    )


def test_a_removed_creatures_choice_goes_with_it(tmp_path: Path) -> None:
    s = _party()
    assert s.run(initiative_checks.set_choice, "orc", "awareness", "after").ok
    assert s.run(editing.remove_creature, "orc").ok
    assert all(c.creature_id != "orc" for c in s.encounter.combat.initiative_choices)
    path = tmp_path / "fight.json"
    save_encounter(path, s.encounter)
    assert load_encounter(path).find_creature("orc") is None


def test_a_newcomer_tied_in_a_running_combat_takes_the_ladder() -> None:
    s = _party()
    assert s.run(initiative.roll_initiative, ["hero", "orc"], totals={"hero": 15, "orc": 8}).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(initiative_checks.set_choice, "brute", "awareness", "none").ok
    # 001 l.23 "Awareness goes before Perception which goes before Quickness": the brute,
    # joining at 15 with Awareness, goes before the hero (Quickness).
    assert s.run(initiative.join_combat, "brute", total=15).ok
    assert s.encounter.combat.order == ("brute", "hero", "orc")
    ladder = [e for e in s.encounter.combat.log if e.kind == "initiative_ladder"]
    assert list(ladder[-1].data["first_to_last"]) == ["brute", "hero"]


def test_the_log_says_which_check_each_rolls_and_how_the_ladder_ordered_the_tie() -> None:
    """The GM reads the choice (001-01) and the ladder's order (001-03), not a bare kind."""
    s = _party()
    assert s.run(initiative_checks.set_choice, "hero", "quickness", "after").ok
    assert s.run(initiative_checks.set_choice, "brute", "awareness", "before").ok
    assert s.run(
        initiative.roll_initiative, totals={"hero": 14, "mage": 14, "orc": 9, "brute": 14}
    ).ok
    names = {str(c.id): c.name for c in s.encounter.creatures}
    lines = [
        entry_text(e, lambda cid: names.get(cid or "", ""), s.ruleset.label)
        for e in s.encounter.combat.log
    ]
    hero, brute = names["hero"], names["brute"]
    assert f"001-01: {hero} rolls Quickness for initiative, after the tied" in lines
    assert f"001-01: {brute} rolls Awareness for initiative, before the tied" in lines
    # 001-03 orders the tie: no 000 coin flip is logged that would name another order.
    assert not [e for e in s.encounter.combat.log if e.kind == "initiative_tie"]
    ladder = next(e for e in s.encounter.combat.log if e.kind == "initiative_ladder")
    record = record_of(ladder)
    assert isinstance(record, InitiativeLadder)
    assert freeze(record.to_dict()) == ladder.data  # the stored layout is the record's
    order = ", then ".join(names[c] for c in record.first_to_last)
    assert any(line.startswith(f"001-03: tie at initiative 14 goes {order}") for line in lines)


def test_001_02_the_unaware_minus_1_shows_in_the_initiative_line() -> None:
    """001 l.35 "Unaware, Distracted, or Overconfident -1": the GM ticks it for the mage
    (Quickness +0) and the roll's line names it, not "+ 0" or the bare sum."""
    s = _party()
    assert s.run(initiative_checks.set_choice, "mage", "quickness", "none", unaware=True).ok
    assert s.run(
        initiative.roll_initiative, dice={"hero": 11, "mage": 14, "orc": 5, "brute": 3}
    ).ok
    names = {str(c.id): c.name for c in s.encounter.creatures}
    lines = [
        entry_text(e, lambda cid: names.get(cid or "", ""), s.ruleset.label)
        for e in s.encounter.combat.log
        if e.kind == "initiative"
    ]
    mage = "Mage rolls initiative: 1d20 (14) + 0 [quickness] - 1 [unaware (001)] = 13"
    assert any(line.startswith(mage) for line in lines), lines
    assert s.encounter.combat.combatant("mage").initiative == 13
    # A creature without 001-02's modifiers keeps the short line.
    assert any(line.startswith("Hero rolls initiative: 1d20 (11) + 1 = 12") for line in lines)
