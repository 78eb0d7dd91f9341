"""The Actions dock's offers box speaks the ruleset's words (004 l.381, GM's side).

Under Alloy Heroes the status line, the tracker ("AoO offered"), the log and the map's prompt
say "attacks of opportunity"; the dock's box said "Opportunity attacks offered" beside them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import LAPTOP, shown_demo_window
from tests.ui.test_gm_first_minutes import place_from_library
from tests.ui.test_interaction_count import Gm, _start

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot, own_data_dir: Path) -> MainWindow:
    """The demo at a laptop's size; the creature library in the test's own folder."""
    return shown_demo_window(qtbot, LAPTOP)


@pytest.mark.parametrize(
    ("ruleset", "title"),
    [
        ("orcus", "Opportunity attacks offered"),
        ("alloy-heroes", "Attacks of opportunity offered"),
    ],
)
def test_the_offers_box_names_the_offers_as_the_ruleset_does(
    qtbot: QtBot, window: MainWindow, ruleset: str, title: str
) -> None:
    """File > New in the ruleset, a cleric and a wraith by Enter; the cleric walks off."""
    assert window.rulesets.new_encounter(ruleset, 20, 15)
    window.view.fit_map()
    for name in ("Dwarf Cleric", "Wraith Lancer"):
        place_from_library(window, qtbot, name)
    cleric, lancer = (c.id for c in window.encounter.creatures)
    session = window.session
    assert session.move_creature(lancer, Square(4, 5), MoveMode.GM).ok
    assert session.move_creature(cleric, Square(5, 5), MoveMode.GM).ok
    _start(window, cleric)
    Gm(qtbot, window).drag_token(cleric, Square(8, 5))
    box = window.actions_panel.offers_box
    assert box.rows.keys() == {lancer}
    assert box.title() == title
