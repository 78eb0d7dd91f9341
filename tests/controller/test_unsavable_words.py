"""A step the file could not keep is refused in the GM's words (R-227).

Issue 29 (every state saves and reopens): the session refuses a step whose document the loader
would refuse (`GameSession._apply`). The GM used to read the file's path ("creatures[0].state.
current_hp: 20, but the creature is dead"); now the creature's name and the thing's plain name,
with the file's own line kept in the refusal's details for a bug report.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.problem_words import in_gm_words
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import fighter, make_session, orc


def test_a_dead_goblin_with_hit_points_is_refused_by_its_name() -> None:
    """The restored autosave's dead goblin has 20 HP (000 "Death": the dead are at 0 or fewer)."""
    session = make_session(Encounter(GridBounds(6, 6), creatures=(orc("goblin", 2, 2),)))
    assert session.run(gm_edits.apply_damage, "goblin", 100).ok
    goblin = session.encounter.creature("goblin")
    assert goblin.state is not None
    broken = session.encounter.with_creature(
        goblin.with_state(replace(goblin.state, current_hp=20))
    )
    refused = session.restore_encounter(broken)
    assert not refused.ok
    assert refused.reason == (
        "Goblin's hit points: 20, but it is dead "
        "(the encounter could not be saved and reopened so; nothing changed)"
    )
    assert refused.details["file_problem"] == (
        "creatures[0].state.current_hp: 20, but the creature is dead"
    )


def test_a_step_that_stacks_two_creatures_names_both() -> None:
    """000 "Moving Around Other Creatures": no move ends in another creature's space."""
    session = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 2, 2), orc("goblin", 5, 5)))
    )

    def goblin_on_the_hero(engine: Engine, encounter: Encounter) -> Outcome:
        goblin = encounter.creature("goblin").moved_to(Square(2, 2))
        return Step(encounter.with_creature(goblin), OperationResult(True, "drop", text="Drop"))

    refused = session.run(goblin_on_the_hero)
    assert not refused.ok
    assert refused.reason.startswith("Goblin's space: overlaps Hero at (2, 2) (the encounter")
    assert "creatures[" not in refused.reason
    assert session.encounter.creature("goblin").square == Square(5, 5)


def test_a_held_attack_naming_a_creature_no_longer_there_says_who() -> None:
    """R-211's kind of bug: a held attack still names a removed creature; its name comes from
    the encounter before the step."""
    session = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 2, 2), orc("goblin", 5, 5)))
    )
    hero, goblin = CreatureId("hero"), CreatureId("goblin")

    def remove_but_keep_the_bolt(engine: Engine, encounter: Encounter) -> Outcome:
        held = PendingAttack(hero, "power", "Arcane Bolt", (goblin,), text="Hero's Arcane Bolt")
        after = encounter.without_creature(goblin)
        after = after.with_combat(replace(after.combat, pending=held))
        return Step(after, OperationResult(True, "remove", text="Remove"))

    refused = session.run(remove_but_keep_the_bolt)
    assert not refused.ok
    assert refused.reason.startswith(
        "the held attack or move: Goblin is no longer in this encounter"
    )


def test_every_path_the_invariants_name_reads_without_brackets() -> None:
    """The words for the file's other paths: walls, notes, lights, the map image, the fight."""
    encounter = Encounter(GridBounds(8, 8), creatures=(fighter("hero", 2, 2),))
    cases = {
        "walls[3].points[1]: not a finite number": "a wall's points: not a finite number",
        "gm_notes[0].point: (9, 9) is off the map": "a note's place: (9, 9) is off the map",
        'lighting.sources[2].carried_by: "hero" is not a creature in this encounter': (
            "a light's carrier: Hero is no longer in this encounter"
        ),
        "map_image.pixels_per_square: not a positive finite number": (
            "the map image's pixels a square: not a positive finite number"
        ),
        "creatures[0].square: the creature's space runs off the grid": (
            "Hero's space: its space runs off the grid"
        ),
        'combat.engagements[0]: "hero" is engaged with one target at a time': (
            "an engagement: Hero is engaged with one target at a time"
        ),
        "combat.round: 0 in normal rounds (the first round is 1)": (
            "the fight's round: 0 in normal rounds (the first round is 1)"
        ),
    }
    for problem, words in cases.items():
        assert in_gm_words(problem, encounter) == words
