"""003-52 Ready Ranged Attack interrupts an enemy's walk where it comes within long range.

003 "Ready Ranged Attack" (l.798): "Until your next turn, you are Hindered, and the first time
an enemy you can see moves to a square within Long Range of your Ranged Basic Attack, you can
make a Ranged Basic Attack as a Reaction (Interrupt) against them". The walk waits there as for
any interrupt (003-18, 003 l.235 "Resolving Interrupts") and goes on once the readier takes or
lets pass its attack (docs/rulings.md R-110).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import ready_attacks
from orcus_desktop.geometry.grid import GridBounds, Square, space_distance
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc, saved_and_reopened
from tests.controller.test_square_fireballs_basic_attacks import (
    IMPLEMENT_BASIC,
    IMPLEMENT_POWER,
    SCHOLAR,
)

GOAL = Square(10, 4)
SLING_GOAL = Square(20, 4)
SLING = {"name": "Sling", "die": "1d6", "normal_range": 10, "long_range": 20}


def _readied(**mage: Any) -> GameSession:
    """The mage at (2, 4) readies a ranged attack; the orc at (14, 4), 12 away, then acts."""
    creatures = (
        fighter("mage", 2, 4, abilities=SCHOLAR, powers=[IMPLEMENT_POWER], **mage),
        orc("orc", 14 if "weapons" not in mage else 24, 4),
    )
    s = make_session(
        Encounter(GridBounds(26, 10), creatures=creatures, ruleset_id="square-fireballs")
    )
    assert s.run(initiative.roll_initiative, totals={"mage": 20, "orc": 5}).ok
    assert s.run(initiative.start_combat).ok
    readied = s.run(ready_attacks.ready_attack, "mage", ranged=True)
    assert readied.ok, readied.reason
    assert s.end_turn().ok
    return s


def _walk_in(s: GameSession, goal: Square = GOAL) -> Square:
    """The orc walks 4 squares towards the mage; where it stands once the walk stops."""
    walk = s.move_creature("orc", goal, MoveMode.WALK)
    assert walk.ok, walk.reason
    return s.encounter.creature("orc").square


def test_the_walk_stops_on_the_first_square_within_the_implement_range() -> None:
    """R-104: the Ranged Basic Attack (Implement) reaches 10: the orc stops 10 squares away."""
    s = _readied()
    at = _walk_in(s)
    mage = s.encounter.creature("mage")
    orc_space = s.encounter.creature("orc").space
    assert at != GOAL
    assert space_distance(orc_space, mage.space) == 10
    combat = s.encounter.combat
    assert combat.combatant("mage").out_of_turn is ActionKind.OPPORTUNITY
    assert combat.combatant("mage").readied is None  # "the first time": it is spent
    assert combat.order.index("mage") < combat.order.index("orc")  # 000 "Ready"
    assert combat.pending is not None
    assert combat.pending.attacker == "orc"
    notes = [e.data["note"] for e in combat.log if e.kind == "rule_note"]
    assert any("Ready Ranged Attack triggers" in n and IMPLEMENT_BASIC in n for n in notes)
    assert s.ask(questions.readied_attack, "mage") == IMPLEMENT_BASIC


def test_taking_it_makes_the_ranged_basic_attack_as_the_reaction_then_the_walk_goes_on() -> None:
    """003 l.798 "a Ranged Basic Attack as a Reaction (Interrupt)": 1d6 + Int (003-49)."""
    s = _readied()
    _walk_in(s)
    shot = s.run(
        interrupts.opportunity_attack, "mage", "orc", dice=[3, 2]
    )  # a miss: the orc walks on
    assert shot.ok, shot.reason
    attack = shot.details["attack"]
    assert attack["power"] == IMPLEMENT_BASIC
    # l.798 "Until your next turn, you are Hindered": 003-29's -2 on the readied shot too.
    assert [-2, "attacker hindered"] in attack["targets"][0]["attack_parts"]
    mage = s.encounter.combat.combatant("mage")
    assert mage.out_of_turn is None
    assert mage.immediate_used  # 003 l.225: "1 Reaction/Round", spent
    assert s.encounter.creature("orc").square == GOAL
    assert s.encounter.combat.pending is None
    assert s.end_turn().ok  # the mage's next turn: no longer Hindered
    assert not s.rules.conditions(s.encounter, "mage")


def test_letting_it_pass_finishes_the_walk_one_undo_step() -> None:
    s = _readied()
    at = _walk_in(s)
    waiting = s.encounter
    assert s.run(interrupts.decline_opportunity_attack, "mage").ok
    assert s.encounter.creature("orc").square == GOAL
    assert not s.encounter.combat.combatant("mage").immediate_used
    assert s.undo().ok
    assert s.encounter == waiting
    assert s.encounter.creature("orc").square == at
    assert s.undo().ok  # the walk itself
    assert s.encounter.creature("orc").square == Square(14, 4)
    assert s.encounter.combat.combatant("mage").readied is not None


def test_a_walk_waiting_for_the_readied_shot_survives_save_and_reopen(tmp_path: Path) -> None:
    s = _readied()
    at = _walk_in(s)
    reopened = saved_and_reopened(s, tmp_path / "ready-ranged.orcus")
    assert reopened.encounter.creature("orc").square == at
    assert reopened.ask(questions.readied_attack, "mage") == IMPLEMENT_BASIC
    shot = reopened.run(interrupts.opportunity_attack, "mage", "orc", dice=[3, 2])
    assert shot.ok, shot.reason
    assert shot.details["attack"]["power"] == IMPLEMENT_BASIC


def test_the_farthest_ranged_basic_attack_sets_the_trigger_and_is_the_one_offered() -> None:
    """A sling (long range 20) reaches farther than the implement's 10 (R-110)."""
    s = _readied(weapons=[SLING])
    at = _walk_in(s, SLING_GOAL)
    assert (
        space_distance(s.encounter.creature("orc").space, s.encounter.creature("mage").space) == 20
    )
    assert at == Square(22, 4)
    assert s.ask(questions.readied_attack, "mage") == "Basic Ranged Attack"
    shot = s.run(interrupts.opportunity_attack, "mage", "orc", dice=[3, 2])
    assert shot.ok, shot.reason
    assert shot.details["attack"]["power"] == "Basic Ranged Attack"


def test_a_readier_whose_reaction_is_spent_is_not_triggered() -> None:
    """003 l.225 "1 Reaction/Round": the Reaction (Interrupt) cannot be taken, the walk goes on."""
    s = _readied()
    combat = s.encounter.combat
    spent = combat.with_combatant(replace(combat.combatant("mage"), immediate_used=True))
    s = make_session(s.encounter.with_combat(spent))
    assert s.move_creature("orc", GOAL, MoveMode.WALK).ok
    assert s.encounter.creature("orc").square == GOAL
    assert s.encounter.combat.pending is None
    assert s.encounter.combat.combatant("mage").readied is not None


def test_while_the_shot_is_offered_the_walk_says_it_waits_for_the_readied_attack() -> None:
    """000 "Immediate Actions": the interrupt comes first; the refusal names what it waits for.

    Only a readied shot is offered here, no opportunity attack, so the GM reads "the readied
    attack", not "the opportunity attacks" (R-110).
    """
    s = _readied()
    _walk_in(s)
    again = s.use_power("orc", "Melee Basic Attack", ["mage"])
    assert not again.ok
    assert again.reason.endswith("waits for the readied attack")
    assert "opportunity" not in again.reason


def test_end_turn_while_the_shot_is_offered_names_the_shot_and_letting_it_pass_walks_on() -> None:
    """000 "Immediate Actions": the offer belongs to the orc's turn; End turn names the walk
    and the readied shot it waits for, as the refusal does (R-110), and drops neither (issue
    28, R-117): letting the shot pass, the orc walks on to where the GM sent it."""
    s = _readied()
    stopped = _walk_in(s)
    waiting = s.use_power("orc", "Melee Basic Attack", ["mage"])
    assert waiting.reason.endswith("waits for the readied attack")
    refused = s.end_turn()
    assert not refused.ok
    assert refused.reason.startswith("Orc's move waits for the readied attack; ")
    assert f"Mage may make its readied {IMPLEMENT_BASIC} on Orc" in refused.reason
    assert s.encounter.creature("orc").square == stopped
    assert s.end_turn(let_pass=True).ok
    assert s.encounter.creature("orc").square == GOAL
    assert not [e for e in s.encounter.combat.log if e.kind == "attack_dropped"]
    assert s.encounter.combat.pending is None
