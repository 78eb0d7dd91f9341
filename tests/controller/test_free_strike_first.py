"""001's other actions wait for the Free Strikes! offered before them (001-24, R-153).

001 "Free Strike!" (001 l.248): "When that Target takes an Action that does not involve a
Strike! on you, you get a Free Strike! on it ... You can take this strike before or after the
Creature Moves or Acts." From the GM's side through the façade: the hero, Engaged By the goblin
(001-30 Close), takes Block, Dodge, Dispel, Hide, a shove or another action; it waits while
the goblin's offer stands; taking it strikes first, letting it pass lets the action go on (and
the goblin may strike after, as R-127); End turn names it (R-117); undo and the file keep it.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from pathlib import Path

import pytest

from orcus_desktop.controller.actions import aid_actions, combat_actions, grappling, interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.movement.waiting import waits_for
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.controller.turns.waiting_decisions import HELD, OFFER
from orcus_desktop.controller.variants.strike import engagement, strike_states, table_actions
from orcus_desktop.controller.variants.strike.free_strike_first import ACTIONS
from orcus_desktop.controller.variants.strike.table_actions import TableAction, TableCheck
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.guards import Guard
from orcus_desktop.rules.powers import ActionKind
from tests.controller.conftest import fighter, make_session, orc


def _engaged(*others: tuple[str, int, int]) -> GameSession:
    """Under 001: the goblin at (3,4) Engaged With the hero at (4,4); the hero's turn."""
    extra = tuple(orc(cid, col, row) for cid, col, row in others)
    s = make_session(
        Encounter(
            GridBounds(12, 8),
            creatures=(orc("goblin", 3, 4), fighter("hero", 4, 4), *extra),
            ruleset_id="strike",
        )
    )
    totals = {"hero": 20, "goblin": 10} | {cid: 5 for cid, _c, _r in others}
    assert s.run(initiative.roll_initiative, totals=totals).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(engagement.engage, "goblin", "hero").ok  # 001-30 Close, out of the goblin's turn
    assert s.encounter.combat.current == "hero"
    return s


def _offered(s: GameSession, reactor: str) -> str:
    offer = s.encounter.combat.strike_offer(reactor)
    return offer.kind.label if offer is not None else ""


def _holding(s: GameSession) -> bool:
    """Whether an action waits (held) for its offers."""
    return s.encounter.combat.pending is not None


def _guards(s: GameSession) -> list[tuple[str, Guard]]:
    return [(g.creature, g.guard) for g in s.encounter.combat.guards]


def _attackers(s: GameSession, since: int) -> list[str | None]:
    return [e.actor for e in s.encounter.combat.log[since:] if e.kind == "attack"]


@pytest.mark.parametrize("kind", list(Guard))
def test_block_dodge_dispel_wait_for_the_free_strike_and_taking_it_strikes_first(
    kind: Guard,
) -> None:
    """001-28 (l.276-298) Block, Dodge, Dispel are the hero's action (001-05): the goblin's Free
    Strike! comes before the +1, so it is rolled against the hero's defense without it."""
    s = _engaged()
    since = len(s.encounter.combat.log)
    held = s.run(engagement.guard, "hero", kind)
    assert held.ok, held.reason
    assert held.text == f"Hero's {kind.label} waits for the Free Strike!"
    assert _holding(s)
    assert _guards(s) == []  # not yet
    assert _offered(s, "goblin") == "Free Strike!"
    assert waits_for(s.encounter) == "the Free Strike!"
    assert [(d.kind, d.creature) for d in s.ask(waiting_decisions.decisions)] == [
        (HELD, "hero"),
        (OFFER, "goblin"),
    ]
    taken = s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[10, 3])
    assert taken.ok, taken.reason
    assert _attackers(s, since) == ["goblin"]
    strike = next(e for e in reversed(s.encounter.combat.log) if e.kind == "attack")
    assert "001-28" not in str(strike.data["targets"][0])  # no +1 yet when it struck
    assert _guards(s) == [("hero", kind)]  # then the guard
    assert not _holding(s)
    assert _offered(s, "goblin") == ""  # one Free Strike! per action
    # One undo step: the guard waits again, the offer stands.
    assert s.undo().ok
    assert _guards(s) == []
    assert _offered(s, "goblin") == "Free Strike!"


def test_a_block_let_pass_goes_on_and_the_free_strike_may_come_after() -> None:
    """R-127's "after": letting it pass lets the Block happen; the goblin is offered it again."""
    s = _engaged()
    assert s.run(engagement.guard, "hero", Guard.BLOCK).ok
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert _guards(s) == [("hero", Guard.BLOCK)]
    assert not _holding(s)
    assert _offered(s, "goblin") == "Free Strike!"  # after the action, as R-127
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert _offered(s, "goblin") == ""


def test_end_turn_names_the_waiting_block_and_letting_it_pass_blocks(tmp_path: Path) -> None:
    """R-117: End turn is refused naming what waits; saved and reopened it still waits; "let it
    pass" lets the Block happen (one undo step), and a second ends the turn."""
    s = _engaged()
    assert s.run(engagement.guard, "hero", Guard.BLOCK).ok
    refused = s.end_turn()
    assert not refused.ok
    assert "Hero's Block waits for the Free Strike!" in refused.reason
    assert "Goblin may make a Free Strike! on Hero" in refused.reason
    path = tmp_path / "block.orcus"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == s.encounter
    before = reopened.encounter
    # Let pass: the Block happens; the Free Strike! offered after it is named.
    passed = reopened.end_turn(let_pass=True)
    assert passed.ok, passed.reason
    assert _guards(reopened) == [("hero", Guard.BLOCK)]
    assert "Goblin may make a Free Strike! on Hero" in passed.text
    assert reopened.undo().ok  # one undo step
    assert reopened.encounter == before
    assert reopened.end_turn(let_pass=True).ok
    assert reopened.end_turn(let_pass=True).ok
    assert reopened.encounter.combat.current == "goblin"


def test_a_free_strike_that_drops_the_hero_stops_its_block() -> None:
    """000 "Immediate Actions": the creature continues its action "if it still can"; Block is
    "as long as you are not Incapacitated" (001 l.278). The log says why it does not happen."""
    s = _engaged()
    assert s.run(gm_edits.apply_damage, "hero", 40).ok  # 4 HP left
    assert s.run(engagement.guard, "hero", Guard.BLOCK).ok
    assert s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[19, 12]).ok
    assert _guards(s) == []
    dropped = s.encounter.combat.log[-1]
    assert dropped.kind == "attack_dropped"
    assert dropped.data["what"] == "Hero's Block"
    assert not _holding(s)


def test_hide_waits_for_the_free_strike_of_a_blinded_engager() -> None:
    """001-15 (l.300-308) Hide needs no enemy to see the hider: the goblin, blinded, still may
    Free Strike! it first; once let pass the hero hides."""
    s = _engaged()
    assert s.run(gm_edits.add_condition, "goblin", Condition.BLINDED).ok
    held = s.run(strike_states.hide, "hero", die=20)
    assert held.ok, held.reason
    assert held.text == "Hero's Hide waits for the Free Strike!"
    assert Condition.HIDDEN not in s.rules.conditions(s.encounter, "hero")
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert Condition.HIDDEN in s.rules.conditions(s.encounter, "hero")


def test_a_shove_waits_and_the_free_strike_lands_before_the_hero_follows() -> None:
    """A shove on the orc is no Strike! on the goblin: its Free Strike! comes first, while the
    hero is still beside it ("before ... the Creature Moves or Acts")."""
    s = _engaged(("orc", 5, 4))
    since = len(s.encounter.combat.log)
    assert s.run(combat_actions.shove, "hero", "orc", Square(6, 4), dice=[15]).ok
    assert s.encounter.creature("orc").square == Square(5, 4)  # not shoved yet
    assert _offered(s, "goblin") == "Free Strike!"
    assert _offered(s, "orc") == ""  # struck by nothing yet: its Counter Strike! comes after
    assert s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[3]).ok
    assert _attackers(s, since) == ["goblin", "hero"]
    assert s.encounter.creature("orc").square == Square(6, 4)
    assert _offered(s, "orc") == "Counter Strike!"  # 001-23: the shove struck it


def test_a_strike_on_the_engager_itself_does_not_wait() -> None:
    """001 l.248 "an Action that does not involve a Strike! on you": shoving the goblin offers
    its Counter Strike! (001-23) and nothing waits."""
    s = _engaged()
    assert s.run(combat_actions.shove, "hero", "goblin", Square(2, 4), dice=[15]).ok
    assert not _holding(s)
    assert _offered(s, "goblin") == "Counter Strike!"


def test_a_table_action_waits_and_is_kept_in_the_file(tmp_path: Path) -> None:
    """001-35 (l.310-342) Search is the hero's action too; the GM's whole call (the check, its
    total and DC) is kept while it waits, and reopened it resolves with them."""
    s = _engaged()
    check = TableCheck(action=TableAction.SEARCH, what="look for the lever", total=17, dc=12)
    held = s.run(table_actions.take_table_action, "hero", check)
    assert held.ok, held.reason
    assert held.text == "Hero's search waits for the Free Strike!"
    path = tmp_path / "search.orcus"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == s.encounter
    assert reopened.run(interrupts.decline_opportunity_attack, "goblin").ok
    notes = [str(e.data) for e in reopened.encounter.combat.log if e.kind == "rule_note"]
    assert any("look for the lever" in n and "17" in n for n in notes), notes


_OTHER_ACTIONS: dict[str, Callable[[GameSession], OperationResult]] = {
    "crouch": lambda s: s.run(strike_states.crouch, "hero"),  # 001-12
    "Help": lambda s: s.run(aid_actions.aid_another, "hero", "orc"),  # 001-33
    "total defense": lambda s: s.run(
        combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero"
    ),
    "rally": lambda s: s.run(combat_actions.take_action, CombatAction.RALLY, "hero"),
    "grapple": lambda s: s.run(grappling.grapple, "hero", "orc", dice=[15]),
    "ready": lambda s: s.run(
        initiative.ready_action, "hero", ActionKind.STANDARD, "an enemy comes near"
    ),
}


@pytest.mark.parametrize("noun", list(_OTHER_ACTIONS))
def test_every_other_action_waits_then_goes_on(noun: str) -> None:
    """R-153: each action of the engaged hero that is no Strike! on the goblin waits for its
    Free Strike!, and goes on once it is let pass (then the goblin may strike after)."""
    s = _engaged(("orc", 5, 4))
    held = _OTHER_ACTIONS[noun](s)
    assert held.ok, held.reason
    assert held.text == f"Hero's {noun} waits for the Free Strike!"
    assert _holding(s)
    hero_before = s.encounter.combat.combatant("hero")
    assert hero_before.budget.standard == 1  # not spent while it waits
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert not _holding(s)
    assert s.encounter.combat.combatant("hero").budget.standard == 0  # done: its action
    assert _offered(s, "goblin") == "Free Strike!"  # after


def test_no_other_action_starts_while_the_block_waits() -> None:
    """000 "Immediate Actions": the held action goes on once its offers are settled; a second
    action meanwhile would resolve before it, so it is refused naming what waits."""
    s = _engaged(("orc", 5, 4))
    assert s.run(engagement.guard, "hero", Guard.BLOCK).ok
    refused = s.run(engagement.guard, "hero", Guard.DODGE)
    assert not refused.ok
    assert refused.reason == "Hero's Block waits for the Free Strike!"
    assert not s.run(grappling.grapple, "hero", "orc", dice=[15]).ok
    assert _guards(s) == []
    assert s.run(interrupts.decline_opportunity_attack, "goblin").ok
    assert _guards(s) == [("hero", Guard.BLOCK)]


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_every_waiting_action_can_be_read_back_from_the_file(name: str) -> None:
    """R-153: a held action is kept as its call; each parameter after the engine and the
    encounter has a type the file's reader knows (`free_strike_first._decoded`)."""
    use_case = ACTIONS[name].use_case
    hints = typing.get_type_hints(use_case)
    parameters = list(inspect.signature(use_case).parameters)[2:]
    assert parameters
    assert all(p in hints for p in parameters), (name, parameters, hints)
