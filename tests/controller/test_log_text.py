"""The default log wording: every event the controller writes has a sentence (issue 5 log)."""

from __future__ import annotations

from orcus_desktop.controller.log_text import _WRITERS, describe, names_of
from orcus_desktop.controller.results import MoveMode
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from tests.controller.conftest import fighter, make_session, orc


def test_a_played_encounter_reads_as_sentences() -> None:
    session = make_session(
        Encounter(
            GridBounds(10, 10),
            creatures=(fighter("hero", 1, 1), orc("orc", 2, 1), orc("brute", 8, 8)),
        )
    )
    session.roll_initiative(dice={"hero": 12, "orc": 9}, totals={"brute": 3})
    session.set_surprised("brute")
    session.start_combat()
    session.use_power("hero", "Knockdown Strike", ["orc"], dice=[18, 7, 5])
    session.end_turn(save_dice={})
    session.end_turn(save_dice={1: 12})  # the orc saves against dazed
    session.move_creature("hero", Square(1, 3), MoveMode.WALK)
    session.add_condition("brute", Condition.SLOWED)
    session.ready_action("hero", ActionKind.STANDARD, "the brute comes")
    session.end_turn()
    session.delay()
    session.apply_damage("brute", 4)
    session.heal("brute", 2)
    session.end_combat()
    names = names_of(session.encounter)
    lines = [describe(e, names) for e in session.encounter.combat.log]
    kinds = {e.kind for e in session.encounter.combat.log}
    assert kinds <= set(_WRITERS), kinds - set(_WRITERS)
    attack = next(line for line in lines if line.startswith("Hero: Knockdown Strike"))
    assert "d20 18 +3 Strength +0 half level +3 Longsword proficiency = 24 vs AC 15: hit" in attack
    assert "15 damage (HP 30 -> 15)" in attack
    assert "Orc saves against dazed: 1d20 [12] = 12, dazed ends" in lines
    assert "Round 1" in lines
    assert lines[-1] == "Combat ends"
