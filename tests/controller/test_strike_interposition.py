"""001's "Against Who?" from the GM's side: a creature next to the target declares itself the
target of an attack (001-10) or a charge (001-29), offered when the attack is declared.

Seed 001 "Making an Attack" (l.136), "Against Who?" (l.364-366), "Charge" (l.280-282); picks in
docs/rulings.md R-92.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import combat_actions, interrupts
from orcus_desktop.controller.availability import table
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import (
    engagement,
    interposition,
    ready_items,
    strike_turns,
)
from orcus_desktop.controller.variants.strike.interposition import offered
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ready_items import ItemKind
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.engagement import StrikeKind
from tests.controller.conftest import fighter, make_session, orc

BASIC = "Basic Melee Attack"


def _fight(ruleset_id: str = "strike", squire_reach: int = 1) -> GameSession:
    """The orc next to the hero; the squire beside both; the page two squares off the hero."""
    session = make_session(
        Encounter(
            GridBounds(12, 8),
            creatures=(
                orc("orc", 3, 2),
                fighter("hero", 2, 2),
                fighter("squire", 2, 3, reach=squire_reach),
                fighter("page", 0, 2),
                orc("raider", 8, 6),
            ),
            ruleset_id=ruleset_id,
        )
    )
    totals = {"orc": 20, "raider": 18, "hero": 15, "squire": 10, "page": 5}
    assert session.run(initiative.roll_initiative, totals=totals).ok
    assert session.run(initiative.start_combat).ok
    assert session.encounter.combat.current == "orc"
    return session


def _attacks(s: GameSession) -> list[tuple[str, ...]]:
    return [tuple(e.targets) for e in s.encounter.combat.log if e.kind == "attack"]


def test_001_10_the_squire_steps_in_and_is_struck_instead() -> None:
    s = _fight()
    # The orc declares its Strike! on the hero: it waits for who is its target.
    assert s.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    assert offered(s.encounter) == ("squire",)  # not the page (not adjacent), not the orc's ally
    assert _attacks(s) == []
    note = s.encounter.combat.log[-1]
    assert note.data["mechanic"] == "001-10"
    assert note.data["note"] == (
        "Squire may declare itself the target of Orc's Basic Melee Attack instead of Hero"
    )
    # Nothing else may start meanwhile, with the reason.
    refused = s.use_power("orc", BASIC, ["squire"])
    assert not refused.ok
    assert "declare itself its target" in refused.reason
    # l.366 "they become the new target": the Strike! resolves on the squire, in one step.
    assert s.run(interposition.interpose, "squire").ok
    assert _attacks(s) == [("squire",)]
    assert s.encounter.combat.pending is None
    # 001-25: the orc is now Engaged With the squire, which may Counter Strike! (001-23).
    assert s.encounter.combat.engaged_with("orc") == "squire"
    offer = s.encounter.combat.strike_offer("squire")
    assert offer is not None
    assert offer.kind is StrikeKind.COUNTER
    # One undo step back to the offer, one more before the attack.
    s.undo()
    assert offered(s.encounter) == ("squire",)
    assert _attacks(s) == []
    s.undo()
    assert s.encounter.combat.pending is None
    orc_turn = s.encounter.combat.find("orc")
    assert orc_turn is not None
    assert orc_turn.budget.standard == 1  # its action is back


def test_001_10_nobody_steps_in_and_the_hero_is_struck() -> None:
    s = _fight()
    assert s.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    assert not s.run(interposition.interpose, "page").ok  # not offered
    assert s.run(interposition.keep_target).ok
    assert _attacks(s) == [("hero",)]
    assert s.encounter.combat.engaged_with("orc") == "hero"
    assert not s.run(interposition.keep_target).ok  # answered once


def test_001_10_end_turn_names_the_open_offer_and_letting_it_pass_strikes_the_hero() -> None:
    """Issue 28, R-117: "Against who?" is never dropped unasked. Letting it pass is "nobody
    steps in" (001 l.136): the Strike! lands on the hero, whose Counter Strike! (001-23) is a
    new offer, so the turn waits for the GM's word on it too."""
    s = _fight()
    assert s.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    refused = s.end_turn()
    assert not refused.ok
    assert refused.reason.startswith("Orc's Basic Melee Attack waits for anyone stepped in; ")
    assert "Against who? Squire may declare itself the target instead of Hero" in refused.reason
    stopped = s.end_turn(let_pass=True)
    assert stopped.ok
    assert _attacks(s) == [("hero",)]
    assert s.encounter.combat.current == "orc"
    assert "Hero may make a Counter Strike! on Orc" in stopped.text
    assert s.end_turn(let_pass=True).ok
    assert s.encounter.combat.current != "orc"
    assert not [e for e in s.encounter.combat.log if e.kind == "attack_dropped"]


def test_001_10_the_offer_is_saved_and_reopened_mid_way(tmp_path: Path) -> None:
    s = _fight()
    assert s.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    path = tmp_path / "offer.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert offered(reopened.encounter) == ("squire",)
    assert reopened.encounter.combat.pending == s.encounter.combat.pending
    assert reopened.run(interposition.interpose, "squire").ok
    assert _attacks(reopened) == [("squire",)]


def test_001_10_an_engaged_creature_cannot_step_in() -> None:
    s = _fight()
    # l.136 "that does not have the Engaged By (Creature) Condition": the raider engages the
    # squire (001-30 Close, the GM's record), so the orc's Strike! resolves at once.
    assert s.run(engagement.engage, "raider", "squire").ok
    assert s.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    assert offered(s.encounter) == ()
    assert _attacks(s) == [("hero",)]
    # Not under 000: the attack resolves at once.
    plain = _fight("orcus")
    assert plain.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    assert _attacks(plain) == [("hero",)]


def test_001_10_23_a_longer_reach_stepping_in_counter_strikes_first() -> None:
    s = _fight(squire_reach=2)
    assert s.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    assert s.run(interposition.interpose, "squire").ok
    # 001 l.244 "the one with the longest Reach gets to Strike! first": the Strike! now waits
    # for the squire's Counter Strike!.
    held = s.encounter.combat.pending
    assert held is not None
    assert held.targets == ("squire",)
    assert offered(s.encounter) == ()
    assert s.ask(questions.strike_name, "squire") == "Counter Strike!"
    assert s.run(interrupts.opportunity_attack, "squire", "orc", dice=[2, 1]).ok
    assert _attacks(s) == [("orc",), ("squire",)]


def test_001_29_a_charge_at_the_hero_is_taken_by_the_squire() -> None:
    s = _fight()
    assert s.end_turn().ok
    assert s.encounter.combat.current == "raider"
    # The raider charges the hero and ends next to it, with the squire also in its reach.
    assert s.run(combat_actions.charge, "raider", Square(3, 3), "hero", dice=[15, 6]).ok
    assert offered(s.encounter) == ("squire",)
    note = s.encounter.combat.log[-1]
    assert note.data["mechanic"] == "001-29"
    assert s.run(interposition.interpose, "squire").ok
    assert _attacks(s) == [("squire",)]
    assert s.encounter.combat.engaged_with("raider") == "squire"


def test_001_10_while_against_who_waits_its_attacker_starts_nothing_else() -> None:
    """001 l.136: choosing the target is step 1 of "Making an Attack"; the one who "can instead
    declare itself the Target" does so before the modifiers and the roll, so the attacker is
    mid-attack until the GM answers (R-247). The table says why for each of its actions, and
    each use case refuses with the same words. Others act as on any turn: 001 l.100 "On a
    creature you can see's turn, you can give yourself the Prone condition"."""
    s = _fight()
    assert s.use_power("orc", BASIC, ["hero"], dice=[15, 6]).ok
    waits = "Orc's Basic Melee Attack waits: does someone declare itself its target?"
    orc_can = s.ask(table.available_actions, "orc")
    assert orc_can.allowed == (CombatAction.END_TURN,)  # End turn asks, lets it pass
    assert orc_can.option(CombatAction.DROP_PRONE).reason == waits
    assert s.ask(table.why_not, "orc", CombatAction.STAND_UP.value) == waits
    dropped = s.run(combat_actions.take_action, CombatAction.DROP_PRONE, "orc")
    assert (dropped.ok, dropped.reason) == (False, waits)
    # 001-34 (001 l.330): an item is made Ready "before" it is used, not while its attack waits.
    readied = s.run(ready_items.ready_item, "orc", "Axe", ItemKind.MELEE_WEAPON)
    assert (readied.ok, readied.reason) == (False, waits)
    # The squire may still drop prone (001-06) and step in; the orc then strikes it.
    assert s.ask(table.why_not, "squire", "drop_prone_off_turn") == ""
    assert s.run(strike_turns.drop_prone_off_turn, "squire").ok
    assert s.run(interposition.interpose, "squire").ok
    assert _attacks(s) == [("squire",)]
    # Once answered the attacker's readying is back (001-34: one item, on its own turn).
    assert s.run(ready_items.ready_item, "orc", "Axe", ItemKind.MELEE_WEAPON).ok
