"""The reaction prompt over the map, from the GM's side (issue 28 item 6).

It never hides the creatures it asks about, and Enter and Esc answer it only while no map
tool is at work: a wall being drawn keeps its Enter (finish) and Esc (drop).

At 1440 x 900 with the docks open, the map view is too narrow for the frame on either side
of tokens in the middle of the map: it used to be pushed back over them, hiding the very
creatures the offer names. It goes below (or above) them then.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRect, Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import LAPTOP, shown_demo_window
from tests.ui.test_end_turn_waits_ui import _provoke
from tests.ui.test_gm_first_minutes import place_from_library
from tests.ui.test_interaction_count import Gm, _start

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot, own_data_dir: Path) -> MainWindow:
    """The demo at a laptop's size; the creature library in the test's own folder."""
    return shown_demo_window(qtbot, LAPTOP)


def _token_rect(window: MainWindow, creature_id: str) -> QRect:
    space = window.scene.token_space_rect(creature_id)
    assert space is not None
    return window.view.mapFromScene(space).boundingRect()


def test_the_offer_shows_beside_the_tokens_without_covering_them(
    qtbot: QtBot, window: MainWindow
) -> None:
    """File > New 20 x 15, a cleric and two monsters by Enter, the cleric walks away."""
    assert window.rulesets.new_encounter("orcus", 20, 15)
    window.view.fit_map()
    for name in ("Dwarf Cleric", "Wraith Lancer", "Goblin Archer"):
        place_from_library(window, qtbot, name)
    cleric, lancer, archer = (c.id for c in window.encounter.creatures)
    session = window.session
    # The GM sets the cleric between the two mid-map; on its turn it walks off.
    wanted = ((archer, Square(11, 5)), (lancer, Square(9, 5)), (cleric, Square(10, 5)))
    for creature, square in wanted:
        if window.encounter.creature(creature).square != square:
            assert session.move_creature(creature, square, MoveMode.GM).ok
    _start(window, cleric)
    Gm(qtbot, window).drag_token(cleric, Square(10, 9))
    qtbot.wait(20)  # the GM looks: the cleric is back on its square, waiting
    assert window.encounter.creature(cleric).square == Square(10, 5)
    prompt = window.reaction_prompt
    assert prompt.isVisible()
    assert window.view.viewport().rect().contains(prompt.geometry())
    for creature in (cleric, lancer, archer):
        assert not prompt.geometry().intersects(_token_rect(window, creature)), creature
    # Still beside them: within a square and a half.
    near = _token_rect(window, cleric).adjusted(-80, -80, 80, 80)
    assert near.intersects(prompt.geometry())


def _click_corner(qtbot: QtBot, window: MainWindow, x: int, y: int) -> None:
    at = window.view.mapFromScene(QPointF(x * SQUARE_PX, y * SQUARE_PX))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Escape])
def test_enter_and_esc_stay_with_a_wall_being_drawn_while_an_offer_waits(
    qtbot: QtBot, window: MainWindow, key: Qt.Key
) -> None:
    """Brakka's offer waits; the GM draws a wall (W, two clicks) and presses Enter or Esc."""
    window.view.fit_map()
    session = window.session
    _provoke(qtbot, window)
    held = session.encounter.combat
    walls = len(session.encounter.walls)
    window.toolbar.tools["wall"][0].trigger()
    _click_corner(qtbot, window, 2, 12)
    _click_corner(qtbot, window, 4, 12)
    window.view.setFocus()
    qtbot.keyClick(window.view, key)
    # The wall is finished (Enter) or dropped (Esc); the offer still waits, unanswered.
    assert len(session.encounter.walls) == walls + (1 if key == Qt.Key.Key_Return else 0)
    assert session.encounter.combat.log == held.log
    assert window.reaction_prompt.isVisible()
    # Back on the Select tool, Esc is the offer's again.
    window.toolbar.tools["select"][0].trigger()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert session.encounter.combat.log[-1].kind == "opportunity_declined"


def test_esc_mid_drag_cancels_the_drag_and_the_offer_still_waits(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Brakka's offer waits; the GM starts dragging Ilsabet, thinks better of it, presses Esc."""
    window.view.fit_map()
    session = window.session
    gm = _provoke(qtbot, window)
    held = session.encounter
    viewport = window.view.viewport()
    ilsabet = session.encounter.creature("ilsabet").square
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=gm._at(ilsabet))
    qtbot.mouseMove(viewport, pos=gm._at(Square(ilsabet.col, ilsabet.row + 2)))
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton)
    assert session.encounter == held  # nothing moved, nothing declined
    assert window.reaction_prompt.isVisible()
