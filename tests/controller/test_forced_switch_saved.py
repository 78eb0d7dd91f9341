"""003-46's "Forced" switch lasts the forcer's turn, so it is saved with the encounter.

003 "5.9 Forced Movement" (l.472) "Forced movement never triggers opportunity attacks"; 003
"5.8.6 Forced Attacks" (l.468) "Forced attacks never trigger opportunity attacks"; 003-26
Dominated: the dominating character spends its actions for them. docs/rulings.md R-97: the
GM's switch holds for the rest of the forcer's turn, over several actions, so a GM who saves
mid-turn and reopens still has it; turning it on or off is one undo step; it never comes back
in a later turn; a bad one in a file is refused with its field.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.square_fireballs import forced_actions
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.file_format.fields import EncounterFileError
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, orc, saved_and_reopened


def _dominion() -> GameSession:
    """003: the hero's turn; the orc (dominated by the hero, say) stands next to the mage."""
    return fight_started(
        GridBounds(16, 12),
        (fighter("hero", 1, 1), fighter("mage", 6, 5), orc("orc", 5, 5)),
        {"hero": 20, "mage": 15, "orc": 10},
        "square-fireballs",
    )


def _reopened(s: GameSession, tmp_path: Path) -> GameSession:
    return saved_and_reopened(s, tmp_path / "forced.orcus")


def test_the_switch_survives_save_and_reopen_and_still_forces(tmp_path: Path) -> None:
    s = _dominion()
    assert s.run(forced_actions.set_forcing, "hero").ok
    reopened = _reopened(s, tmp_path)
    assert reopened.ask(sf_questions.forcing) == "hero"
    # The orc walks away from the mage as the hero's forced move: no opportunity attack.
    assert reopened.move_creature("orc", Square(5, 8), MoveMode.WALK).ok
    combat = reopened.encounter.combat
    assert combat.combatant("mage").out_of_turn is None
    assert combat.combatant("hero").budget.move == 0  # the forcer's move action paid
    assert combat.combatant("orc").budget.move == 1  # the orc's own stays


def test_turning_it_on_and_off_are_undo_steps() -> None:
    s = _dominion()
    before = s.encounter
    assert s.run(forced_actions.set_forcing, "hero").ok
    assert s.history.undo_text == "Forced: Hero"
    on = s.encounter
    assert s.run(forced_actions.set_forcing, None).ok
    assert s.encounter.combat.forcing is None
    assert s.undo().ok
    assert s.encounter == on
    assert s.ask(sf_questions.forcing) == "hero"
    assert s.undo().ok
    assert s.encounter == before
    assert s.ask(sf_questions.forcing) is None


def test_it_does_not_come_back_in_a_later_turn_even_from_a_file(tmp_path: Path) -> None:
    s = _dominion()
    assert s.run(forced_actions.set_forcing, "hero").ok
    for _ in range(3):  # hero, mage, orc: the hero's turn of round 2
        assert s.end_turn().ok
    assert s.encounter.combat.current == "hero"
    assert s.ask(sf_questions.forcing) is None
    assert _reopened(s, tmp_path).ask(sf_questions.forcing) is None


def test_only_the_creature_whose_turn_it_is_forces() -> None:
    s = _dominion()
    refused = s.run(forced_actions.set_forcing, "mage")
    assert not refused.ok
    assert refused.reason == "Mage forces only on its own turn: it is Hero's"
    assert s.ask(sf_questions.forcing) is None


def test_removing_the_forcer_turns_it_off_and_the_file_stays_readable(tmp_path: Path) -> None:
    s = _dominion()
    assert s.run(forced_actions.set_forcing, "hero").ok
    assert s.run(editing.remove_creature, "hero").ok
    assert s.encounter.combat.forcing is None
    assert _reopened(s, tmp_path).ask(sf_questions.forcing) is None


@pytest.mark.parametrize(
    ("switch", "message"),
    [
        (
            {"forcer": "nobody", "round": 1},
            "combat.forcing.forcer: not the id of a creature in this encounter",
        ),
        ({"forcer": "hero", "round": 0}, "combat.forcing.round: expected a whole number from 1"),
        ("hero", "combat.forcing"),
    ],
)
def test_a_bad_switch_in_a_file_is_refused_with_its_field(
    tmp_path: Path, switch: object, message: str
) -> None:
    s = _dominion()
    assert s.run(forced_actions.set_forcing, "hero").ok
    path = tmp_path / "forced.orcus"
    save_encounter(path, s.encounter)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["combat"]["forcing"] == {"forcer": "hero", "round": 1}
    data["combat"]["forcing"] = switch
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterFileError, match=message):
        load_encounter(path)


def test_a_switch_set_in_a_round_the_combat_has_not_reached_is_refused(tmp_path: Path) -> None:
    """R-97: the switch is set in its forcer's turn, so its round is one the fight has
    reached; a hand-edited file with a later one is refused, naming the forcer and the field."""
    s = _dominion()
    assert s.run(forced_actions.set_forcing, "hero").ok
    path = tmp_path / "forced.orcus"
    save_encounter(path, s.encounter)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["combat"]["round"] == 1
    data["combat"]["forcing"]["round"] = 2
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    assert str(caught.value).endswith(
        "combat.forcing.round: hero's switch is set in round 2, after the combat's round 1"
    )
    data["combat"]["forcing"]["round"] = 1  # the round it was set in reads again
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_encounter(path) == s.encounter
