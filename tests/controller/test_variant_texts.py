"""Variant rules played as their texts say (issue 28 item 9), from the GM's side.

Each test quotes its seed line or cites the mechanic id of VARIANTS.md; the picks where a text is
silent are docs/rulings.md R-125 to R-129.
"""

from __future__ import annotations

from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from tests.controller.conftest import fighter, make_session, orc


def _strike_pair() -> GameSession:
    """Under 001, the hero next to the orc, the hero's turn."""
    session = make_session(
        Encounter(
            GridBounds(10, 6),
            creatures=(fighter("hero", 1, 1), orc("orc", 2, 1)),
            ruleset_id="strike",
        )
    )
    assert session.roll_initiative(totals={"hero": 20, "orc": 10}).ok
    assert session.start_combat().ok
    return session


def _penalties(session: GameSession, attacker: str, power: str, target: str) -> dict[str, int]:
    previews, problem = session.preview_attack(attacker, power, [target])
    assert problem == ""
    return {source: value for value, source in previews[0].attack_parts if value < 0}


def test_001_13_a_blinded_strike_at_an_adjacent_target_takes_only_the_unseen_band() -> None:
    """001 l.160 "When you make an Attack against a Target you can't see you take a -1"."""
    s = _strike_pair()
    assert s.add_condition("hero", Condition.BLINDED).ok
    assert _penalties(s, "hero", "Knockdown Strike", "orc") == {"target unseen (001)": -1}
    # l.162 "... a Target you can't perceive you take a -2": deafened as well.
    assert s.add_condition("hero", Condition.DEAFENED).ok
    assert _penalties(s, "hero", "Knockdown Strike", "orc") == {"target not perceived (001)": -2}
    # The attack the GM makes rolls the same: 3 Str + 3 proficiency - 2, with no concealment.
    assert s.use_power("hero", "Knockdown Strike", ["orc"], dice=[10, 5]).ok
    attack = next(e for e in reversed(s.encounter.combat.log) if e.kind == "attack")
    target = attack.data["targets"][0]
    assert target["attack"] == 10 + 3 + 3 - 2
    assert target["concealment"] == "none"
    assert target.get("concealment_cause") is None
