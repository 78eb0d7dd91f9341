"""Initiative, surprise, rounds, delay, ready and joining, played step by step with fixed dice.

Rules checked: 000 "Initiative", "Surprise", "Delay", "Initiative Consequences of Delaying",
"Ready", "Initiative Consequences of Readying"; docs/rulings.md R-18, R-05.
"""

from __future__ import annotations

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.combat import ActionBudget, CombatPhase
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from tests.controller.conftest import creature, make_session


@pytest.fixture
def session() -> GameSession:
    return make_session(
        Encounter(
            GridBounds(12, 12),
            creatures=(
                creature("hero", "heroes", 1, 1),
                creature("gob1", "monsters", 5, 1),
                creature("gob2", "monsters", 6, 1),
                creature("orc", "monsters", 8, 8),
            ),
        )
    )


def _roll(session: GameSession) -> None:
    result = session.run(
        initiative.roll_initiative,
        groups={"gob1": "goblins", "gob2": "goblins"},
        dice={"hero": 15, "gob1": 12},
        totals={"orc": 17},
        modifiers={"hero": 2, "gob1": 3, "gob2": 3, "orc": 2},
    )
    assert result.ok, result.reason


def test_initiative_group_roll_ties_and_coin_flip(session: GameSession) -> None:
    # 000 "Initiative": one roll for a group of identical creatures; ties by modifier, then a
    # coin flip (docs/rulings.md R-18: the app flips and records it).
    _roll(session)
    combat = session.encounter.combat
    assert combat.combatant("gob1").initiative == combat.combatant("gob2").initiative == 15
    assert combat.combatant("hero").initiative == 17
    assert combat.combatant("hero").initiative_roll == 15
    ties = [e for e in combat.log if e.kind == "initiative_tie"]
    assert len(ties) == 1
    first = ties[0].data["winner_first"][0]
    assert combat.order[0] == first
    assert set(combat.order[:2]) == {"hero", "orc"}
    assert combat.order[2:] == ("gob1", "gob2")
    # the goblins' single roll is recorded once per member with the same die
    rolls = [
        e.data["roll"]["dice"] for e in combat.log if e.kind == "initiative" and "roll" in e.data
    ]
    assert rolls == [((20, 15, True),), ((20, 12, True),), ((20, 12, True),)]


def test_tie_broken_by_modifier_before_coin(session: GameSession) -> None:
    session.run(
        initiative.roll_initiative, totals={"hero": 14, "orc": 14}, modifiers={"hero": 1, "orc": 4}
    )
    assert session.encounter.combat.order[:2] == ("orc", "hero")
    assert not [e for e in session.encounter.combat.log if e.kind == "initiative_tie"]


def test_gm_edits_initiative(session: GameSession) -> None:
    _roll(session)
    assert session.run(initiative.set_initiative, "gob2", 30).ok
    assert session.encounter.combat.order[0] == "gob2"
    session.undo()
    assert session.encounter.combat.order[-1] == "gob2"


def test_surprise_round_then_rounds(session: GameSession) -> None:
    # docs/rulings.md R-05 — aware combatants act with one standard action; surprised ones take
    # no actions in the surprise round and lose the condition when it ends.
    _roll(session)
    session.run(initiative.set_initiative, "orc", 1)
    assert session.run(initiative.set_surprised, "orc").ok
    assert session.run(initiative.start_combat).ok
    combat = session.encounter.combat
    assert combat.phase is CombatPhase.SURPRISE
    assert combat.round == 0
    assert combat.current == "hero"
    assert combat.combatant("hero").budget == ActionBudget(1, 0, 0)
    session.end_turn()
    session.end_turn()
    session.end_turn()  # gob2 ends; the orc is skipped: surprised
    combat = session.encounter.combat
    assert combat.phase is CombatPhase.ROUNDS
    assert combat.round == 1
    assert combat.current == "hero"
    assert combat.combatant("hero").budget == ActionBudget(1, 1, 1)
    assert not combat.combatant("orc").surprised
    skipped = [e for e in combat.log if e.kind == "turn_skipped"]
    assert [(e.actor, e.data["reason"]) for e in skipped] == [("orc", "surprised")]
    for _ in range(3):
        session.end_turn()
    assert session.encounter.combat.current == "orc"  # acts in round 1


def test_delay_reenter_and_initiative_change(session: GameSession) -> None:
    # 000 "Delay": take your turn later; "your initiative result becomes the count on which you
    # took the delayed turn".
    _roll(session)
    session.run(initiative.set_initiative, "orc", 1)
    session.run(initiative.start_combat)
    assert session.encounter.combat.current == "hero"
    assert session.delay().ok
    combat = session.encounter.combat
    assert combat.current == "gob1"
    assert combat.combatant("hero").delaying
    assert session.run(initiative.resume_delayed, "hero").ok  # acts right after gob1's turn
    session.end_turn()
    combat = session.encounter.combat
    assert combat.current == "hero"
    assert combat.order == ("gob1", "hero", "gob2", "orc")
    assert combat.combatant("hero").initiative == 15
    session.end_turn()
    session.end_turn()
    session.end_turn()
    combat = session.encounter.combat
    assert combat.round == 2
    assert combat.current == "gob1"  # the new order holds for the rest of combat


def test_delay_refused_after_acting_and_turn_lost_at_round_end(session: GameSession) -> None:
    _roll(session)
    session.run(initiative.set_initiative, "orc", 1)
    session.run(initiative.start_combat)
    session.run(initiative.ready_action, "hero", ActionKind.MOVE, "an orc comes near")
    assert "after taking actions" in session.delay().reason
    session.end_turn()  # hero done; gob1's turn
    assert session.delay().ok  # gob1 delays and never comes back this round
    session.end_turn()  # gob2
    session.end_turn()  # orc
    combat = session.encounter.combat
    assert combat.round == 2
    lost = [e for e in combat.log if e.kind == "turn_lost"]
    assert [e.actor for e in lost] == ["gob1"]
    assert not combat.combatant("gob1").delaying


def test_ready_trigger_moves_initiative_and_costs_next_turn(session: GameSession) -> None:
    # 000 "Initiative Consequences of Readying": the readier acts immediately ahead of the
    # trigger; taken next round before its own turn, it loses its regular turn that round.
    _roll(session)
    session.run(initiative.set_initiative, "orc", 1)
    session.run(initiative.start_combat)
    session.end_turn()  # hero
    assert session.run(initiative.ready_action, "gob1", ActionKind.STANDARD, "the orc moves").ok
    assert session.encounter.combat.combatant("gob1").budget.standard == 0
    session.end_turn()  # gob1
    session.end_turn()  # gob2
    assert session.encounter.combat.current == "orc"
    assert session.run(initiative.trigger_readied, "gob1", "orc").ok
    combat = session.encounter.combat
    assert combat.order == ("hero", "gob2", "gob1", "orc")
    assert combat.combatant("gob1").initiative == combat.combatant("orc").initiative
    assert combat.combatant("gob1").out_of_turn is ActionKind.STANDARD
    # Issue 28, R-117: End turn asks first; the GM lets the readied action pass.
    assert not session.end_turn().ok
    assert session.end_turn(let_pass=True).ok  # orc ends round 1
    assert session.encounter.combat.log[-1].kind != "readied_passed"
    assert any(e.kind == "readied_passed" for e in session.encounter.combat.log)
    assert session.encounter.combat.current == "hero"


def test_readied_action_lapses_on_next_turn(session: GameSession) -> None:
    _roll(session)
    session.run(initiative.set_initiative, "orc", 1)
    session.run(initiative.start_combat)
    session.run(initiative.ready_action, "hero", ActionKind.STANDARD, "never")
    for _ in range(4):
        session.end_turn()
    combat = session.encounter.combat
    assert combat.current == "hero"
    assert combat.combatant("hero").readied is None
    assert [e.kind for e in combat.log if e.actor == "hero"][-2:] == [
        "readied_lapsed",
        "turn_start",
    ]


def test_join_mid_combat(session: GameSession) -> None:
    session.run(initiative.roll_initiative, ["hero", "gob1"], dice={"hero": 10, "gob1": 5})
    session.run(initiative.start_combat)
    assert session.run(
        initiative.join_combat, "orc", die=8
    ).ok  # 8 lands between hero (10) and gob1 (5)
    combat = session.encounter.combat
    assert combat.order == ("hero", "orc", "gob1")
    session.end_turn()
    assert session.encounter.combat.current == "orc"
    assert not session.run(initiative.join_combat, "orc").ok


def test_end_turn_is_undoable_exactly(session: GameSession) -> None:
    _roll(session)
    session.run(initiative.start_combat)
    before = session.encounter
    session.end_turn()
    assert session.encounter is not before
    session.undo()
    assert session.encounter is before
    assert session.run(initiative.end_combat).ok
    assert session.encounter.combat.phase is CombatPhase.SETUP
    assert session.encounter.combat.log[-1].kind == "combat_end"


def test_refusals(session: GameSession) -> None:
    assert not session.run(initiative.start_combat).ok  # no initiative yet
    assert not session.end_turn().ok
    _roll(session)
    assert not session.run(initiative.trigger_readied, "hero", "orc").ok
    assert session.run(initiative.set_initiative, "nobody", 3).reason == "no creature 'nobody'"


def test_removing_the_current_creature_passes_the_turn(session: GameSession) -> None:
    _roll(session)
    session.run(initiative.set_initiative, "orc", 1)
    session.run(initiative.start_combat)
    assert session.run(editing.remove_creature, "hero").ok
    combat = session.encounter.combat
    assert combat.current == "gob1"
    assert "hero" not in combat.order
    session.undo()
    assert session.encounter.combat.current == "hero"
