"""One "why not" (issue 30 item 4): every action's check is asked through the availability
table (`availability.table.why_not`), and its use case refuses with the same words."""

from __future__ import annotations

from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import MAINTAIN, why_not
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import stealth_maneuvers
from orcus_desktop.controller.variants.strike import ready_items
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ready_items import ItemKind
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from tests.controller.conftest import ARROW, KNOCKDOWN, fighter, make_session, orc
from tests.controller.log_fights import HOLD


def _fight(ruleset_id: str = "orcus") -> GameSession:
    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2, powers=[KNOCKDOWN, ARROW, HOLD]), orc("orc", 8, 2)),
            ruleset_id=ruleset_id,
        )
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10})
    session.run(initiative.start_combat)
    return session


def test_the_table_answers_every_action_as_the_panel_lists_it() -> None:
    """The panel's list (`available_actions`) and `why_not` give one answer per action."""
    s = _fight()
    assert s.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero").ok
    listed = s.available_actions("hero")
    for option in listed.actions:
        assert s.ask(why_not, "hero", option.action.value) == option.reason
    for power in listed.powers:
        assert s.ask(why_not, "hero", CombatAction.USE_POWER.value, power.name) == power.reason
    # The standard action is spent: "has no standard action left" for both.
    assert "no standard action left" in listed.option(CombatAction.BASIC_ATTACK).reason


def test_maintaining_twice_in_a_turn_is_refused_with_the_buttons_words() -> None:
    """000 "Maintain": the action is spent once a turn; the Maintain button and the use case
    give the same reason (before, only the button knew it was maintained already)."""
    s = _fight()
    assert s.use_power("hero", "Hold Monster", ["orc"], dice=[15]).ok
    why = s.ask(why_not, "hero", MAINTAIN, "Hold Monster")
    assert why == "Hold Monster is already maintained this turn"  # used this turn
    budget = s.encounter.combat.combatant("hero").budget
    refused = s.run(combat_actions.maintain_power, "hero", "Hold Monster")
    assert (refused.ok, refused.reason) == (False, why)
    assert s.encounter.combat.combatant("hero").budget == budget  # nothing spent
    s.end_turn()
    assert s.ask(why_not, "hero", MAINTAIN, "Hold Monster") == "it is not Hero's turn"
    s.end_turn()
    assert s.ask(why_not, "hero", MAINTAIN, "Hold Monster") == ""
    assert s.run(combat_actions.maintain_power, "hero", "Hold Monster").ok
    unknown = s.ask(why_not, "hero", MAINTAIN, "Fireball")
    assert unknown == "no maintained power 'Fireball'"
    assert s.run(combat_actions.maintain_power, "hero", "Fireball").reason == unknown


def test_a_variant_action_is_answered_only_under_its_ruleset() -> None:
    """001-31 Withdraw is Strike!'s own action; Orcus has none by that name."""
    strike = _fight("strike")
    assert strike.ask(why_not, "hero", "withdraw") == (
        strike.available_actions("hero").variant("withdraw").reason
    )
    assert _fight().ask(why_not, "hero", "withdraw") == "Orcus (000) has no action 'withdraw'"
    assert _fight().ask(why_not, "ghost", "walk") == "no creature 'ghost'"


def test_a_shoot_with_no_ranged_weapon_ready_is_greyed_in_the_panel() -> None:
    """001-34, 001 l.186 "A Shoot! Attack requires a Ready! weapon or spell": the Actions
    panel greys Arcane Bolt with the words the attack is refused with (before, it was offered,
    then refused once the GM had picked its target and rolled)."""
    s = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 1, powers=[ARROW]), orc("orc", 6, 1)),
            ruleset_id="strike",
        )
    )
    assert s.run(ready_items.ready_item, "hero", "longsword", ItemKind.MELEE_WEAPON).ok
    s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10})
    s.run(initiative.start_combat)
    bolt = s.available_actions("hero").power("Arcane Bolt")
    assert not bolt.allowed
    assert "a Shoot! needs a ready ranged weapon or spell (001-34" in bolt.reason
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[20, 4]).reason == bolt.reason
    assert s.run(ready_items.ready_item, "hero", "longbow", ItemKind.RANGED_WEAPON).ok
    assert s.available_actions("hero").power("Arcane Bolt").allowed


def test_alloy_heroes_ready_stays_offered_while_a_move_action_is_left() -> None:
    """004-20, 004 l.557 "Readying is the same kind of action as the action you ready": with
    the standard action spent, the Actions panel still offers Ready (a move action can be
    readied), and readying a standard action is refused with the table's words for it."""
    s = _fight("alloy-heroes")
    assert s.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero").ok
    ready = s.available_actions("hero").option(CombatAction.READY)
    assert (ready.allowed, s.ask(why_not, "hero", CombatAction.READY.value)) == (True, "")
    standard = s.ask(why_not, "hero", CombatAction.READY.value, ActionKind.STANDARD.value)
    assert "no standard action left" in standard
    refused = s.run(initiative.ready_action, "hero", ActionKind.STANDARD, "the orc moves")
    assert refused.reason == standard
    assert s.ask(why_not, "hero", CombatAction.READY.value, ActionKind.MOVE.value) == ""
    assert s.run(initiative.ready_action, "hero", ActionKind.MOVE, "the orc moves").ok
    # 000 "Ready" spends the standard action whatever is readied.
    orcus = _fight()
    assert orcus.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero").ok
    assert not orcus.available_actions("hero").option(CombatAction.READY).allowed


def test_a_prone_creature_cannot_sneak() -> None:
    """003-47, 003 l.707 Sneak: "Use only while Shrouded or Hidden", a walk at half speed; 000
    "Prone": "Your only movement option is to Crawl". The Sneak button says so before the GM
    drags (before, it was offered and the drop refused)."""
    s = _fight("square-fireballs")
    assert s.run(gm_edits.add_condition, "hero", Condition.SHROUDED).ok
    assert s.ask(why_not, "hero", stealth_maneuvers.table_key("sneak")) == ""
    assert s.run(gm_edits.add_condition, "hero", Condition.PRONE).ok
    why = s.ask(why_not, "hero", stealth_maneuvers.table_key("sneak"))
    assert why == "Hero is prone: crawl or stand up first"
    assert s.run(stealth_maneuvers.sneak, "hero", Square(2, 2)).reason == why
