"""What the random GM (test_random_gm.py) found, each played again as a GM would, step by step.

Each case names the seed and step of the long run that found it, the rule or ruling it
breaks, and what the GM sees now.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from orcus_desktop.controller.actions import (
    combat_actions,
    forced_placement,
    grappling,
    interrupts,
)
from orcus_desktop.controller.editing import editing, map_import
from orcus_desktop.controller.editing.library_edits import LibraryChange
from orcus_desktop.controller.editing.map_import import ImportMode
from orcus_desktop.controller.gm import gm_edits, notes, zones
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import engagement, withdrawing
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import PendingAttack
from orcus_desktop.model.encounter import Encounter, MapImage
from orcus_desktop.model.uvtt.importing import ImportedMap
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind, MoveMode
from tests.controller.conftest import fight_started, fighter, make_session, orc
from tests.controller.random_gm_map import MAP_ART, library_creature, statblock
from tests.controller.test_random_gm import reopened


def test_a_note_left_off_a_smaller_map_moves_to_its_edge_and_the_file_reopens() -> None:
    """Found by square-fireballs seed 1: a note pinned near the right edge, the grid made
    smaller; the saved file was refused on reopen ("gm_notes[0].point ... is off the map").
    R-200: the note moves to the new map's nearest edge; undo puts it back where it was."""
    session = make_session(Encounter(GridBounds(12, 9), creatures=(fighter("hero", 1, 1),)))
    assert session.run(notes.add_note, (10.5, 8.5), "Trap under the rug").ok
    assert session.run(notes.add_note, (2.5, 2.5), "Lever").ok
    done = session.run(editing.resize_grid, 9, 7)
    assert done.ok, done.reason
    moved, kept = session.encounter.notes
    assert (moved.point, moved.text) == ((9.0, 7.0), "Trap under the rug")
    assert kept.point == (2.5, 2.5)
    assert reopened(session.encounter) == session.encounter
    assert session.undo().ok
    assert session.encounter.notes[0].point == (10.5, 8.5)


def test_a_zone_a_smaller_map_leaves_off_goes_as_the_file_would_write_it() -> None:
    """Found by strike seed 100: a zone placed near an edge, the grid made smaller; the zone
    stayed in the open encounter, squares off the map, but the file left it out, so saving
    and reopening lost it unseen. R-200: the squares off the new map go at once (a zone with
    none left goes), as terrain does, and the file reopens to what the GM sees."""
    session = make_session(Encounter(GridBounds(12, 9), creatures=(fighter("hero", 1, 1),)))
    assert session.run(zones.place_zone, "Fog", [Square(8, 2), Square(10, 2)]).ok
    assert session.run(zones.place_zone, "Pit", [Square(10, 7)]).ok
    done = session.run(editing.resize_grid, 9, 7)
    assert done.ok, done.reason
    (fog,) = session.encounter.zones
    assert (fog.name, fog.squares) == ("Fog", frozenset({Square(8, 2)}))
    assert reopened(session.encounter) == session.encounter
    assert session.undo().ok
    assert [z.name for z in session.encounter.zones] == ["Fog", "Pit"]


def test_importing_a_smaller_map_over_notes_and_zones_keeps_the_file_reopening() -> None:
    """Import map > Replace with a smaller Universal VTT map (R-200): a note off it moves to
    its edge, a zone keeps the squares on it, and the file reopens to the same encounter."""
    session = make_session(Encounter(GridBounds(12, 9), creatures=(fighter("hero", 1, 1),)))
    assert session.run(notes.add_note, (11.5, 0.5), "Secret stair").ok
    assert session.run(zones.place_zone, "Fog", [Square(2, 2), Square(10, 2)]).ok
    crypt = ImportedMap("Crypt", GridBounds(6, 5), (), None)
    done = session.run(map_import.import_map, crypt, ImportMode.REPLACE)
    assert done.ok, done.reason
    assert session.encounter.notes[0].point == (6.0, 0.5)
    assert session.encounter.zones[0].squares == frozenset({Square(2, 2)})
    assert reopened(session.encounter) == session.encounter


class _Library:
    """The GM's library file as the step writes it back (`library_edits.KeptLibrary`)."""

    def __init__(self) -> None:
        self.creatures: list[Mapping[str, Any]] = []

    def restore(self, creatures: Sequence[Mapping[str, Any]]) -> None:
        self.creatures = list(creatures)


def test_a_tougher_library_creature_applied_to_a_dead_token_leaves_it_dead() -> None:
    """Found by alloy-heroes seed 0: the Ogre killed, then saved in the GM's library with
    more hit points and applied to its tokens (issue 17: "changes can be applied to tokens
    already on the map"); the dead token's hit points rose above 0 and the step was refused
    as unsavable. R-201: the damage a token took moves with its maximum, but a library edit
    heals no one: the dead stay dead, at 0 hit points or fewer; the living move as before."""
    ogre = statblock("ogre.json")
    tokens = (
        library_creature("ogre.json", "ogre", Square(2, 2)),
        library_creature("ogre.json", "ogre-2", Square(6, 2)),
    )
    session = make_session(Encounter(GridBounds(12, 9), creatures=tokens))
    assert session.run(gm_edits.apply_damage, "ogre", 130).ok  # 110 HP: dead at -20
    assert session.run(gm_edits.apply_damage, "ogre-2", 30).ok  # 80 of 110 left
    tougher = dict(ogre, max_hp=ogre["max_hp"] + 40)
    library = _Library()
    change = LibraryChange("Save Ogre Bruiser to your library", library, [], [tougher])
    done = session.edit_library(change, (ogre["name"], tougher))
    assert done.ok, done.reason
    dead, living = (session.encounter.creature(c).state for c in ("ogre", "ogre-2"))
    assert dead is not None
    assert living is not None
    assert (dead.dead, dead.current_hp) == (True, 0)
    assert (living.dead, living.current_hp) == (False, 120)
    assert reopened(session.encounter) == session.encounter


@pytest.mark.parametrize("per_square", [20 / 12, 5000.0, math.nan, math.inf])
def test_a_map_image_calibration_the_file_cannot_keep_is_refused_in_words(
    per_square: float,
) -> None:
    """Found while widening the random GM: File > Import Map Image stretches the image's width
    over the grid's columns, so a 20-pixel-wide image on a 12-column grid set 1.7 pixels a
    square; the step was done, and the saved file was refused on reopen ("expected a number
    from 4 to 4096"). R-210: the map is left as it was, and the GM reads why and what to
    change; a calibration within 4 to 4,096 pixels a square is set and reopens."""
    session = make_session(Encounter(GridBounds(12, 9), creatures=(fighter("hero", 1, 1),)))
    art = str(MAP_ART)
    refused = session.run(editing.set_map_image, MapImage(art, per_square))
    assert not refused.ok
    assert "4 to 4,096 pixels a square" in refused.reason
    assert "could not be saved" not in refused.reason
    assert session.encounter.map_image is None
    done = session.run(editing.set_map_image, MapImage(art, 4.0))
    assert done.ok, done.reason
    assert reopened(session.encounter) == session.encounter


def _bolt_held_on(*targets: str) -> GameSession:
    """The hero's Arcane Bolt at `targets`, held while the orc next to it may strike first
    (000 "Ranged and Far Attacks in Close Combat": a ranged attack provokes)."""
    session = fight_started(
        GridBounds(12, 6),
        (fighter("hero", 1, 2), orc("orc", 2, 2), orc("far", 8, 2), orc("farther", 9, 4)),
        {"hero": 20, "orc": 10, "far": 5, "farther": 4},
    )
    bolt = session.use_power("hero", "Arcane Bolt", list(targets), dice=[15, 3])
    assert bolt.ok, bolt.reason
    assert bolt.opportunity_attackers == ("orc",)
    return session


def test_removing_the_target_of_a_held_attack_takes_the_attack_with_it_in_words() -> None:
    """Found by alloy-heroes seed 21 (400 steps): the Cleric's Sacred Flame on the Wizard held
    for the Archer's opportunity attack, then the GM removed the Wizard; the step was refused
    as unsavable ("combat.pending: "wizard" is not a creature"). R-211: the held attack goes
    with its last target, the GM is told so, the opportunity attack stays offered, and Undo
    brings both back."""
    session = _bolt_held_on("far")
    held = session.encounter
    removed = session.run(editing.remove_creature, "far")
    assert removed.ok, removed.reason
    assert removed.details["warning"] == (
        "Hero's Arcane Bolt, held on it, went with it; Undo brings it back"
    )
    assert session.encounter.combat.pending is None
    assert session.encounter.combat.combatant("orc").out_of_turn is ActionKind.OPPORTUNITY
    assert reopened(session.encounter) == session.encounter
    assert session.run(interrupts.decline_opportunity_attack, "orc").ok
    assert session.encounter.combat.log[-1].kind != "attack"
    assert session.undo().ok
    assert session.undo().ok
    assert session.encounter == held


def test_removing_a_creature_that_holds_a_grapple_under_004_ends_the_upkeep() -> None:
    """004-18 ("You can maintain a grapple as a swift action"): the grapple is kept like a
    maintained power of its grappler. Removing the grappler was refused as unsavable
    ("combat.maintained[0].owner: "hero" is not a creature"); R-211: what a creature
    maintains ends with it (000 "Maintain"), and the file reopens."""
    session = fight_started(
        GridBounds(8, 8),
        (fighter("hero", 1, 1), orc("orc", 2, 1), orc("other", 5, 5)),
        {"hero": 20, "orc": 10, "other": 5},
        ruleset_id="alloy-heroes",
    )
    assert session.run(grappling.grapple, "hero", "orc", dice=[20, 20]).ok
    assert [m.owner for m in session.encounter.combat.maintained] == ["hero"]
    removed = session.run(editing.remove_creature, "hero")
    assert removed.ok, removed.reason
    assert session.encounter.combat.maintained == ()
    assert reopened(session.encounter) == session.encounter


def test_a_held_attack_loses_a_removed_target_and_keeps_the_others() -> None:
    """R-211: of an attack held on two creatures, removing one leaves it held on the other."""
    hero, a, b = CreatureId("hero"), CreatureId("a"), CreatureId("b")
    held = PendingAttack(hero, "power", "Bolt", (a, b))
    one_left = held.without(a)
    assert one_left == PendingAttack(hero, "power", "Bolt", (b,))
    assert one_left.without(b) is None
    assert held.without("c") is held
    assert held.without(hero) is None


def test_removing_the_only_creature_offered_a_strike_lets_the_held_attack_go_on() -> None:
    """Found looking where the random GM plays: the Hero's Arcane Bolt waited for the orc's
    opportunity attack, and the GM took the orc off the map; the bolt waited for an offer no
    one could answer, and End turn was refused for it. R-212: a removed creature's offer goes
    as if let pass (000 "Immediate Actions": "that creature can continue its action right
    after"), so the bolt lands in the same step, the GM is told, and Undo brings it back."""
    session = _bolt_held_on("far")
    held = session.encounter
    removed = session.run(editing.remove_creature, "orc")
    assert removed.ok, removed.reason
    assert removed.details["warning"] == (
        "Hero's Arcane Bolt, which waited for it, went on; Undo brings it back"
    )
    assert session.encounter.combat.pending is None
    assert session.encounter.combat.log[-1].kind == "attack"
    assert session.encounter.creature("far").state != held.creature("far").state
    assert session.end_turn().ok
    assert session.undo().ok
    assert session.undo().ok
    assert session.encounter == held


def test_under_001_removing_the_engager_lets_a_withdraw_waiting_for_its_strike_go_on() -> None:
    """001-24 (001 l.248, a Free Strike! "before or after the Creature Moves or Acts") and
    001 l.346 Withdraw: the Hero's Withdraw waited for the goblin's Free Strike!; with the
    goblin removed it waited for no one and End turn, even letting it pass, left it waiting.
    R-212: the Withdraw goes on in the removal's step and the turn ends."""
    session = fight_started(
        GridBounds(12, 8),
        (orc("goblin", 3, 4), fighter("hero", 4, 4), orc("orc", 5, 4)),
        {"hero": 20, "orc": 15, "goblin": 10},
        "strike",
    )
    assert session.run(engagement.engage, "goblin", "hero").ok
    assert session.run(withdrawing.withdraw, "hero").ok
    waiting = session.encounter.combat.pending
    assert waiting is not None
    assert waiting.text == "Hero's withdraw"
    removed = session.run(editing.remove_creature, "goblin")
    assert removed.ok, removed.reason
    assert "Hero's withdraw, which waited for it, went on" in removed.details["warning"]
    assert session.encounter.combat.pending is None
    assert reopened(session.encounter) == session.encounter
    ended = session.end_turn()
    assert ended.ok, ended.reason
    assert session.encounter.combat.current == "orc"


def test_ending_a_squeeze_where_the_full_space_does_not_fit_is_refused_in_words() -> None:
    """Found by square-fireballs seed 70 (400 steps): the Ogre squeezed in beside the Rogue
    (000 "Squeeze": it fills a space one size smaller, R-131), then the GM ended its
    squeezing; the step was refused only as "could not be saved and reopened (overlaps
    "rogue")". R-213: it is refused in the GM's words, by End effect and by a saving throw
    alike, and works once the Ogre has room."""
    ogre = library_creature("ogre.json", "ogre", Square(5, 2))
    session = fight_started(
        GridBounds(10, 8),
        (ogre, fighter("hero", 3, 3), orc("orc", 8, 7)),
        {"ogre": 20, "hero": 10, "orc": 5},
    )
    assert session.move_creature("ogre", Square(3, 2), MoveMode.SQUEEZE).ok
    state = session.encounter.creature("ogre").state
    assert state is not None
    (squeeze,) = (c.effect_id for c in state.conditions if c.condition is Condition.SQUEEZING)
    expected = (
        "Ogre Bruiser cannot stop squeezing where it stands: its full space would be occupied "
        "by Hero; move it first"
    )
    for refused in (
        session.run(gm_edits.remove_effect, "ogre", squeeze),
        session.run(gm_edits.saving_throw, "ogre", squeeze, die=15),
    ):
        assert not refused.ok
        assert expected in refused.reason
    assert session.move_creature("hero", Square(7, 5)).ok  # the GM makes room
    assert session.run(gm_edits.remove_effect, "ogre", squeeze).ok
    assert reopened(session.encounter) == session.encounter


@pytest.mark.parametrize("ruleset_id", ["orcus", "alloy-heroes", "strike"])
def test_a_coup_de_grace_that_kills_a_creature_above_0_hp_leaves_it_dead_at_0(
    ruleset_id: str,
) -> None:
    """Found by the random GM (strike seed 301, step 105, the fight played under Alloy Heroes):
    the GM made the Fighter helpless, and the Ogre's coup de grace with its Greatclub was
    refused only as "could not be saved and reopened (current_hp: 8, but the creature is
    dead)". 000 "Coup de Grace": "If the damage equals or exceeds their Staggered value, they
    die", here with 8 of 29 hit points left. R-220: the coup de grace is done, the Fighter dead
    at 0 HP, the log says so, and the file reopens."""
    session = fight_started(
        GridBounds(8, 6),
        (
            library_creature("ogre.json", "ogre", Square(1, 1)),
            library_creature("fighter.json", "fighter", Square(3, 1)),
        ),
        {"ogre": 20, "fighter": 10},
        ruleset_id,
    )
    helpless = session.run(
        gm_edits.add_condition, "fighter", Condition.HELPLESS, DurationKind.UNTIL_COUNTERED
    )
    assert helpless.ok, helpless.reason
    done = session.run(
        combat_actions.coup_de_grace, "ogre", "fighter", "Greatclub", dice=[10, 18, 4, 1, 1, 2]
    )
    assert done.ok, done.reason
    state = session.encounter.creature("fighter").state
    assert state is not None
    assert (state.dead, state.current_hp) == (True, 0)
    said = [entry_text(entry, session.encounter.name_of) for entry in done.log]
    assert any("HP 29 -> 0" in line and "dies (coup de grace)" in line for line in said)
    assert reopened(session.encounter) == session.encounter


def test_no_push_or_walk_ends_on_the_square_a_swallowed_creature_left() -> None:
    """Found by the random GM (alloy-heroes seed 322, step 281, the fight under Square
    Fireballs): the Cleric swallowed (003-48 "Does not occupy a space"), the Fighter's Tide of
    Iron pushed the Ogre, and the forced-move tool offered the square the Cleric stood on; the
    push was refused only as "could not be saved and reopened (overlaps Dwarf Cleric)". A walk
    there was offered alike. R-221: the square is kept for the Cleric's return, as the dead's
    are (R-132): no push or walk ends there; the other squares are offered as before."""
    session = fight_started(
        GridBounds(10, 8),
        (
            library_creature("fighter.json", "fighter", Square(2, 2)),
            library_creature("ogre.json", "ogre", Square(3, 2)),
            library_creature("cleric.json", "cleric", Square(5, 2)),
        ),
        {"fighter": 20, "ogre": 10, "cleric": 5},
        "square-fireballs",
    )
    swallowed = session.run(
        gm_edits.add_condition, "cleric", Condition.SWALLOWED, DurationKind.END_OF_ENCOUNTER
    )
    assert swallowed.ok, swallowed.reason
    assert Square(5, 2) not in session.reachable_squares("fighter", MoveMode.WALK)
    hit = session.use_power("fighter", "Tide of Iron", ["ogre"], dice=[19, 4, 4, 4, 4, 4])
    assert hit.ok, hit.reason
    (owed,) = session.encounter.combat.owed_forced_moves
    offered = forced_destinations(
        session.battlefield(),
        owed.target,
        ForcedMovementKind(owed.kind),
        owed.squares,
        source_id=owed.source,
        along_lines=session.ruleset.hooks.movement_policy.forced_along_lines,
    )
    assert set(offered) == {Square(4, 3)}  # from the others the Ogre (Large) would cover (5, 2)
    onto = session.run(
        forced_placement.force_move, "ogre", "push", 1, Square(4, 2), source_id="fighter"
    )
    assert not onto.ok
    assert "could not be saved" not in onto.reason
    pushed = session.run(
        forced_placement.force_move, "ogre", "push", 1, Square(4, 3), source_id="fighter"
    )
    assert pushed.ok, pushed.reason
    assert reopened(session.encounter) == session.encounter
