"""Setting up a fight (issue 28 item 7): Enter in the library, names, moves before combat.

What the GM does before the first initiative roll, then what the GM sees.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import Square, spaces_adjacent
from orcus_desktop.model.creature_names import token_labels
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import LAPTOP, shown_demo_window
from tests.ui.test_gm_first_minutes import place_from_library

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot, own_data_dir: Path) -> MainWindow:
    """The demo at a laptop's size; the creature library in the test's own folder."""
    return shown_demo_window(qtbot, LAPTOP)


def test_enter_spreads_creatures_around_the_middle_and_numbers_names_as_labels(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The GM makes a new 20 x 15 map and presses Enter on Goblin Warrior four times."""
    assert window.rulesets.new_encounter("orcus", 20, 15)
    window.view.fit_map()
    for _ in range(4):
        place_from_library(window, qtbot, "Goblin Warrior")
    creatures = window.encounter.creatures
    assert len(creatures) == 4
    # Name and label number alike: the first goblin is renamed when the second comes.
    names = [c.name for c in creatures]
    assert names == [f"Goblin Warrior {n}" for n in (1, 2, 3, 4)]
    labels = token_labels(creatures)
    assert [labels[c.id] for c in creatures] == ["GW1", "GW2", "GW3", "GW4"]
    # Spread out: no two touch, all near the middle of the view.
    for i, a in enumerate(creatures):
        for b in creatures[i + 1 :]:
            assert not spaces_adjacent(a.space, b.space), (a.name, b.name)
            assert a.square != b.square
    middle = Square(10, 7)
    for c in creatures:
        assert max(abs(c.square.col - middle.col), abs(c.square.row - middle.row)) <= 3
    # The rename is part of the placing step: one undo takes the second goblin away and
    # gives the first its plain name back.
    for _ in range(3):
        window.session.undo()
    assert [c.name for c in window.encounter.creatures] == ["Goblin Warrior"]


def test_a_walk_before_combat_offers_and_logs_no_opportunity_attack(window: MainWindow) -> None:
    """The GM walks a goblin away from Brakka before rolling initiative.

    000 "Opportunity Attacks" is an opportunity action, and actions are taken in combat: the
    move's result names no attacker, the log says nothing of an offer, the preview neither.
    """
    session = window.session
    assert not session.encounter.combat.active
    brakka = session.encounter.creature("brakka").square
    assert session.move_creature("goblin-1", Square(brakka.col + 1, brakka.row), MoveMode.GM).ok
    away = Square(brakka.col + 4, brakka.row)
    preview = session.preview_move("goblin-1", away, MoveMode.WALK)
    assert preview.reachable, preview.reason
    assert preview.provoking_enemy_ids == ()
    moved = session.move_creature("goblin-1", away, MoveMode.WALK)
    assert moved.ok, moved.reason
    assert moved.opportunity_attackers == ()
    assert all(not e.data.get("provoked") for e in session.encounter.combat.log)
    model = window.log_panel.view.model()
    lines = [str(model.index(row, 0).data()) for row in range(model.rowCount())]
    assert lines, "the walk is logged"
    assert not any("opportunity" in line.lower() for line in lines), lines
