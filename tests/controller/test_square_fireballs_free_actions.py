"""003-17 own-turn free actions, a scripted turn from the GM's side.

003 "Limits to actions" (l.257-258), during a character's turn: "One Free Action Attack. Any
number of non-attack Free Actions, but each power can only be used once per turn this way."
000 sets no such limit.
"""

from __future__ import annotations

from typing import Any

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from tests.controller.conftest import KNOCKDOWN, fighter, make_session, orc

JAB: dict[str, Any] = {
    "name": "Quick Jab",
    "action": "free",
    "origin": "melee",
    "attack": {"defense": "ac", "ability": "strength"},
    "hit": {"damage": "1"},
}
FEINT: dict[str, Any] = {**JAB, "name": "Feint Jab"}
SHOUT: dict[str, Any] = {
    "name": "Battle Shout",
    "action": "free",
    "category": "utility",
    "origin": "self",
    "targets": "self",
    "effect": {"text": "allies take heart"},
}


def _turn(ruleset_id: str) -> GameSession:
    hero = fighter("hero", 4, 4, powers=[KNOCKDOWN, JAB, FEINT, SHOUT])
    creatures = (hero, orc("orc", 5, 4, max_hp=200))
    s = make_session(Encounter(GridBounds(10, 10), creatures=creatures, ruleset_id=ruleset_id))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 5}).ok
    assert s.run(initiative.start_combat).ok
    return s


def test_003_one_free_action_attack_per_turn() -> None:
    """003-17, 003 l.257 "One Free Action Attack" on the creature's own turn."""
    s = _turn("square-fireballs")
    assert s.use_power("hero", "Quick Jab", ["orc"], dice=[15]).ok
    second = s.use_power("hero", "Feint Jab", ["orc"], dice=[15])
    assert not second.ok
    assert "free action attack" in second.reason
    # 000 has no such limit.
    s = _turn("orcus")
    assert s.use_power("hero", "Quick Jab", ["orc"], dice=[15]).ok
    assert s.use_power("hero", "Feint Jab", ["orc"], dice=[15]).ok


def test_003_each_free_power_once_per_turn() -> None:
    """003-17, 003 l.258 "each power can only be used once per turn this way"; the next turn
    it may be used again."""
    s = _turn("square-fireballs")
    assert s.use_power("hero", "Battle Shout").ok
    again = s.use_power("hero", "Battle Shout")
    assert not again.ok
    assert "Battle Shout" in again.reason
    assert "once per turn" in again.reason
    for _ in range(2):
        assert s.end_turn().ok
    assert s.encounter.combat.current == "hero"
    assert s.use_power("hero", "Battle Shout").ok
    s = _turn("orcus")
    assert s.use_power("hero", "Battle Shout").ok
    assert s.use_power("hero", "Battle Shout").ok
