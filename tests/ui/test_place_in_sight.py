"""Enter in the library: the GM sees where the creature went (issue 28 item 7, GM's side).

Zoomed in on a crowded corner of the demo map, a gargantuan creature finds no room near the
middle of the view and goes to the nearest free place; the view follows it instead of leaving
the GM with a status line and nothing on screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from tests.ui.demo_window import LAPTOP, shown_demo_window
from tests.ui.test_gm_first_minutes import place_from_library

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot, own_data_dir: Path) -> MainWindow:
    """The demo at a laptop's size; the creature library in the test's own folder."""
    return shown_demo_window(qtbot, LAPTOP)


def test_a_creature_placed_far_from_the_middle_is_brought_into_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = window.view
    view.zoom_by(3.0)
    view.centerOn(QPointF(5.5 * SQUARE_PX, 9.5 * SQUARE_PX))  # the blocked square by the wall
    looked_at = view.mapToScene(view.viewport().rect()).boundingRect()
    for name in ("Goblin Warrior", "Ogre Bruiser", "Deep Leviathan"):
        place_from_library(window, qtbot, name)
    leviathan = window.encounter.creatures[-1]
    assert leviathan.name == "Deep Leviathan"
    space = window.scene.token_space_rect(leviathan.id)
    assert space is not None
    # No room for its 4 x 4 squares where the GM was looking: it went elsewhere...
    assert not looked_at.contains(space)
    # ...and the view followed it.
    shown = view.mapFromScene(space).boundingRect()
    assert view.viewport().rect().intersects(shown)
