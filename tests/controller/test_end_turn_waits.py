"""End turn never drops what waits for the GM's word (issue 28 item 1; docs/rulings.md R-117).

A scripted fight per ruleset, from the GM's side through the façade: End turn is pressed while
each kind of decision waits. It is refused naming what waits (`waiting_decisions` shows it);
"let it pass" answers each one as the GM's own "Let it pass" button does, so a held attack or
walk goes on (000 "Immediate Actions": the interrupted creature "can continue its action right
after"), and the turn ends, as one undo step. Nothing lapses unsaid: no "does not happen".
"""

from __future__ import annotations

from typing import Any

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.controller.turns.waiting_decisions import (
    FORCED_MOVE,
    HELD,
    INTERPOSE,
    OFFER,
    READIED,
)
from orcus_desktop.controller.variants.strike import engagement
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.rules.guards import Guard
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import ARROW, KNOCKDOWN, fight_started, fighter, orc

OA_RULESETS = ("orcus", "4e-quickref", "alloy-heroes", "square-fireballs")
"""The rulesets with opportunity attacks (001 has Counter and Free Strike! instead)."""

SHOVE_BOLT: dict[str, Any] = {
    "name": "Shoving Bolt",
    "origin": "ranged",
    "range": {"normal": 10},
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {
        "damage": "1d6 + Intelligence modifier",
        "forced_movement": {"kind": "push", "squares": 2},
    },
}


def _fight(ruleset_id: str) -> GameSession:
    """The hero next to the goblin, the orc six squares off; the hero acts first."""
    s = fight_started(
        GridBounds(14, 8),
        (
            fighter("hero", 2, 3, powers=[KNOCKDOWN, ARROW, SHOVE_BOLT]),
            orc("goblin", 3, 3),
            orc("orc", 9, 3),
        ),
        {"hero": 20, "goblin": 10, "orc": 5},
        ruleset_id,
    )
    assert s.encounter.combat.current == "hero"
    return s


def _kinds(s: GameSession) -> list[tuple[str, str]]:
    return [(d.kind, d.creature) for d in s.ask(waiting_decisions.decisions)]


def _log_kinds(s: GameSession) -> list[str]:
    return [e.kind for e in s.encounter.combat.log]


def _refused_naming(s: GameSession, *texts: str) -> None:
    refused = s.end_turn()
    assert not refused.ok
    for text in texts:
        assert text in refused.reason
    assert s.encounter.combat.current == "hero"


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_a_ranged_attack_next_to_an_enemy_is_not_lost_when_the_turn_ends(ruleset_id: str) -> None:
    """The issue's case: a ranged power next to a goblin; its opportunity attack is offered."""
    s = _fight(ruleset_id)
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[18, 4]).ok
    assert _kinds(s) == [(HELD, "hero"), (OFFER, "goblin")]
    # 004 l.381 names them "attacks of opportunity".
    alloy = ruleset_id == "alloy-heroes"
    _refused_naming(
        s,
        "Hero's Arcane Bolt waits for the "
        + ("attacks of opportunity" if alloy else "opportunity attacks"),
        "Goblin may make an " + ("attack of opportunity" if alloy else "opportunity attack"),
    )
    before = s.encounter
    ended = s.end_turn(let_pass=True)
    assert ended.ok, ended.reason
    assert ended.text == "Let pass what waited and end Hero's turn"
    attacks = [e for e in s.encounter.combat.log if e.kind == "attack"]
    assert [(a.actor, a.targets) for a in attacks] == [("hero", ("orc",))]
    assert "opportunity_declined" in _log_kinds(s)
    assert "attack_dropped" not in _log_kinds(s)
    assert s.encounter.combat.current == "goblin"
    assert s.ask(waiting_decisions.decisions) == ()
    s.undo()  # one undo step: the offer and the held attack are back
    assert s.encounter == before


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_a_walk_waiting_where_it_provoked_goes_on_when_it_is_let_pass(ruleset_id: str) -> None:
    s = _fight(ruleset_id)
    walk = s.move_creature("hero", Square(2, 6), MoveMode.WALK)
    assert walk.ok, walk.reason
    assert walk.opportunity_attackers == ("goblin",)
    assert _kinds(s) == [(HELD, "hero"), (OFFER, "goblin")]
    named = "attacks of opportunity" if ruleset_id == "alloy-heroes" else "opportunity attacks"
    _refused_naming(s, f"Hero's move waits for the {named}")
    assert s.end_turn(let_pass=True).ok
    assert s.encounter.creature("hero").square == Square(2, 6)
    assert s.encounter.combat.current == "goblin"


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_a_push_not_placed_is_named_and_left_only_when_let_pass(ruleset_id: str) -> None:
    """000 "Unwilling Movement": the push is "up to"; leaving it is the GM's word, not a lapse."""
    s = _fight(ruleset_id)
    assert s.move_creature("hero", Square(1, 3), MoveMode.SHIFT).ok  # away from the goblin
    assert s.use_power("hero", "Shoving Bolt", ["orc"], dice=[19, 4]).ok
    assert _kinds(s) == [(FORCED_MOVE, "orc")]
    _refused_naming(s, "Orc's push of up to 2 squares is not placed yet")
    orc_at = s.encounter.creature("orc").square
    ended = s.end_turn(let_pass=True)
    assert ended.ok, ended.reason
    # the log says nothing of a push left, so the answer names it (random GM, 003 seed 105).
    assert ended.text == "Let pass what waited (Leave Orc where it is) and end Hero's turn"
    assert s.encounter.combat.owed_forced_moves == ()
    assert s.encounter.creature("orc").square == orc_at
    assert s.encounter.combat.current == "goblin"


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_a_triggered_readied_action_is_named_and_let_pass(ruleset_id: str) -> None:
    """000 "Ready": the readier acts when the trigger comes; ending the turn asks first."""
    s = _fight(ruleset_id)
    assert s.run(
        initiative.ready_action, "hero", ActionKind.STANDARD, "the goblin moves", "attack it"
    ).ok
    assert s.end_turn().ok  # nothing waits yet
    assert s.encounter.combat.current == "goblin"
    assert s.run(initiative.trigger_readied, "hero", "goblin").ok
    assert _kinds(s) == [(READIED, "hero")]
    refused = s.end_turn()
    assert not refused.ok
    assert "Hero may take its readied standard action now" in refused.reason
    assert s.end_turn(let_pass=True).ok
    assert _log_kinds(s).count("readied_passed") == 1
    assert s.encounter.combat.current == "orc"


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_delay_is_refused_while_a_triggered_readied_action_waits(ruleset_id: str) -> None:
    """000 "Delay" ends the turn's offers as End turn does: it names them and waits too."""
    s = _fight(ruleset_id)
    assert s.run(
        initiative.ready_action, "hero", ActionKind.STANDARD, "the goblin moves", "attack it"
    ).ok
    assert s.end_turn().ok
    assert s.run(initiative.trigger_readied, "hero", "goblin").ok
    refused = s.delay()
    assert not refused.ok
    assert refused.reason == "Hero may take its readied standard action now: answer it first"
    assert s.encounter.combat.combatant("hero").out_of_turn is ActionKind.STANDARD
    assert s.run(waiting_decisions.let_readied_pass, "hero").ok
    assert s.delay().ok
    assert s.encounter.combat.current == "orc"


def _strike_fight() -> GameSession:
    """001: the orc next to the hero; the squire beside both may step in (001-10)."""
    return fight_started(
        GridBounds(12, 8),
        (
            orc("orc", 3, 2),
            fighter("hero", 2, 2),
            fighter("squire", 2, 3),
        ),
        {"orc": 20, "hero": 15, "squire": 10},
        "strike",
    )


def test_001_against_who_then_the_counter_strike_each_wait_for_the_gm() -> None:
    """001-10 "Against Who?" then 001-23 Counter Strike!: each named, neither dropped."""
    s = _strike_fight()
    assert s.use_power("orc", "Basic Melee Attack", ["hero"], dice=[15, 6]).ok
    assert _kinds(s) == [(HELD, "orc"), (INTERPOSE, "orc")]
    (interpose,) = [d for d in s.ask(waiting_decisions.decisions) if d.kind == INTERPOSE]
    assert interpose.choices == ("squire",)
    # Letting it pass is "nobody steps in": the Strike! lands on the hero, whose Counter
    # Strike! is new, so the step stops there and says so; the turn goes on.
    stopped = s.end_turn(let_pass=True)
    assert stopped.ok
    assert "Hero may make a Counter Strike! on Orc" in stopped.text
    assert [e.targets for e in s.encounter.combat.log if e.kind == "attack"] == [("hero",)]
    assert _kinds(s) == [(OFFER, "hero")]
    assert s.encounter.combat.current == "orc"
    assert s.end_turn(let_pass=True).ok
    assert s.encounter.combat.current == "hero"
    # 001-24: the hero, Engaged By the orc, takes an action that is no Strike! on it (a
    # Dodge, 001-28): the Dodge waits for the orc's Free Strike! (R-153), and both are named.
    assert s.run(engagement.guard, "hero", Guard.DODGE).ok
    assert _kinds(s) == [(HELD, "hero"), (OFFER, "orc")]
    refused = s.end_turn()
    assert not refused.ok
    assert "Hero's Dodge waits for the Free Strike!" in refused.reason
    assert "Orc may make a Free Strike! on Hero" in refused.reason
    before = s.encounter
    # Let pass: the Dodge happens and the orc's Free Strike! is offered after it, which
    # the step names; passing that too ends the turn.
    passed = s.end_turn(let_pass=True)
    assert passed.ok
    assert "Orc may make a Free Strike! on Hero" in passed.text
    assert [(g.creature, g.guard) for g in s.encounter.combat.guards] == [("hero", Guard.DODGE)]
    assert s.end_turn(let_pass=True).ok
    assert s.encounter.combat.current == "squire"
    s.undo()
    s.undo()
    assert s.encounter == before


def test_under_004_a_refused_step_and_a_dropped_attack_say_attacks_of_opportunity() -> None:
    """004 l.381 "attacks of opportunity": every line that names what a held step waits for
    speaks 004's words (`waiting.py::waits_for`), not only End turn's."""
    s = _fight("alloy-heroes")
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[18, 4]).ok
    refused = s.use_power("hero", "Arcane Bolt", ["orc"], dice=[18, 4])
    assert not refused.ok
    assert refused.reason == "Hero's Arcane Bolt waits for the attacks of opportunity"
    # The GM removes the hero while its bolt waits: its turn passes and the bolt lapses.
    assert s.run(editing.remove_creature, "hero").ok
    dropped = [e for e in s.encounter.combat.log if e.kind == "attack_dropped"]
    assert dropped, _log_kinds(s)
    shown = entry_text(dropped[-1], s.encounter.name_of, s.ruleset.label)
    assert "attacks of opportunity" in shown
    assert "opportunity attacks" not in shown
