"""What the random GM (test_random_gm.py) found, each played again as a GM would, step by step.

Each case names the seed and step of the long run that found it, the rule or ruling it
breaks, and what the GM sees now.
"""

from __future__ import annotations

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import notes
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from tests.controller.conftest import fighter, make_session
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
    assert (moved.point, moved.text) == ((9, 7), "Trap under the rug")
    assert kept.point == (2.5, 2.5)
    assert reopened(session.encounter) == session.encounter
    assert session.undo().ok
    assert session.encounter.notes[0].point == (10.5, 8.5)
