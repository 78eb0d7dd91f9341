"""A held step nothing waits for any more goes on (R-241; 000 "Immediate Actions").

Found by the long random GM (alloy-heroes seed 332 step 83, strike seed 330 step 364): the
Wizard's bolt beside the Ogre was held for the Ogre's opportunity attack; the GM triggered the
Ogre's readied action instead, which took the offer's place (001-20 fires a readied shot in
place of the offered attack); once the readied action was let pass, nothing was left to answer,
and the bolt waited for no one: "When your immediate action interrupts another creature's
action, that creature can continue its action right after" (000 "Immediate Actions").
"""

from __future__ import annotations

import pytest

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.controller.turns.waiting_decisions import HELD, OFFER, READIED
from orcus_desktop.rules.powers import ActionKind
from tests.controller.test_end_turn_waits import OA_RULESETS, _fight, _kinds, _log_kinds


def _bolt_held_then_readied(ruleset_id: str) -> GameSession:
    """The goblin readies; the hero's bolt beside it is held for its opportunity attack; the
    GM triggers the goblin's readied action in its place."""
    s = _fight(ruleset_id)
    assert s.end_turn().ok
    assert s.run(
        initiative.ready_action, "goblin", ActionKind.STANDARD, "the hero shoots", "drop prone"
    ).ok
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 3]).ok
    assert _kinds(s) == [(HELD, "hero"), (OFFER, "goblin")]
    assert s.run(initiative.trigger_readied, "goblin", "hero").ok
    assert _kinds(s) == [(HELD, "hero"), (READIED, "goblin")]
    return s


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_the_bolt_goes_on_once_the_readied_action_is_let_pass(ruleset_id: str) -> None:
    s = _bolt_held_then_readied(ruleset_id)
    done = s.run(waiting_decisions.let_readied_pass, "goblin")
    assert done.ok
    assert s.encounter.combat.pending is None
    assert _kinds(s) == []
    assert _log_kinds(s)[-2:] == ["readied_passed", "attack"]
    assert "Hero's Arcane Bolt went on" in done.details["warning"]
    s.undo()  # one step: the bolt waits again for the readied action
    assert _kinds(s) == [(HELD, "hero"), (READIED, "goblin")]


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_end_turn_letting_the_readied_action_pass_lets_the_bolt_go_on(ruleset_id: str) -> None:
    s = _bolt_held_then_readied(ruleset_id)
    assert s.end_turn(let_pass=True).ok
    assert s.encounter.combat.pending is None
    assert "attack" in _log_kinds(s)
    # 000 "Ready": the goblin acted just before the hero, so the orc is next
    assert s.encounter.combat.current == "orc"
