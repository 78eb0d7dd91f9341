"""Show This to the Players (issue 31 item 4), from the GM's side.

"The Player view ... shows the frame the GM chose ('Show this to the players' on a rectangle
dragged in the GM window); a square is never drawn smaller than a size the GM sets." The GM
picks Window > Player View Framing > Show This to the Players… (Shift+F5), drags a rectangle
on the map, and the TV shows that part; Follow the Party goes back. No undo (a view setting),
but the menu's check and a dashed outline on the GM's map say what the players see.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.tools.move_tool import MoveTool
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.player_framing import DEFAULT_MIN_SQUARE_PX
from orcus_desktop.ui.player_window import PlayerWindow
from tests.ui.test_player_framing import heroes_in_view, on_the_tv, square_px, window

__all__ = ["window"]  # the 120x120 cave of test_player_framing

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def at(window: MainWindow, col: float, row: float) -> QPoint:
    return window.view.mapFromScene(QPointF(col * SQUARE_PX, row * SQUARE_PX))


def look_at(window: MainWindow, left: int, top: int, right: int, bottom: int) -> None:
    """The GM's map shows the squares from (left, top) to (right, bottom), with room around."""
    view = window.view
    view.resetTransform()
    side = max(right - left, bottom - top) + 4
    scale = min(view.viewport().width(), view.viewport().height()) / (side * SQUARE_PX)
    view.scale(scale, scale)
    view.centerOn((left + right) / 2 * SQUARE_PX, (top + bottom) / 2 * SQUARE_PX)
    QApplication.processEvents()


def drag(qtbot: QtBot, window: MainWindow, start: tuple[int, int], end: tuple[int, int]) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(window, *start))
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    qtbot.mouseMove(viewport, pos=at(window, *middle))
    qtbot.mouseMove(viewport, pos=at(window, *end))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(window, *end))
    QApplication.processEvents()  # the GM's tool comes back after the release


def shown(players: PlayerWindow) -> QRectF:
    """The part of the map on the TV (a pixel of slack for a frame that fits exactly)."""
    view = players.view
    return view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-1, -1, 1, 1)


def grid_rect(left: int, top: int, right: int, bottom: int) -> QRectF:
    return QRectF(
        left * SQUARE_PX, top * SQUARE_PX, (right - left) * SQUARE_PX, (bottom - top) * SQUARE_PX
    )


def test_the_gm_drags_a_rectangle_and_the_tv_shows_it(qtbot: QtBot, window: MainWindow) -> None:
    players = on_the_tv(qtbot, window)
    menu = window.player_view.framing_menu
    assert menu is not None
    assert menu.frame_action.shortcut() == QKeySequence("Shift+F5")
    assert menu.follow_action.isChecked()
    look_at(window, 60, 70, 84, 82)
    menu.frame_action.trigger()  # Window > Player View Framing > Show This to the Players…
    assert menu.follow_action.isChecked()  # not yet: nothing is dragged
    drag(qtbot, window, (60, 70), (84, 82))
    players.framing.finish()
    # The TV shows that part of the cave: all of it, centred, at no less than 40 px a square.
    frame = grid_rect(60, 70, 84, 82)
    assert shown(players).contains(frame)
    assert (shown(players).center() - frame.center()).manhattanLength() < SQUARE_PX
    assert square_px(players) >= DEFAULT_MIN_SQUARE_PX - 0.01
    assert heroes_in_view(window, players) != []  # far from the party, as the GM asked
    # What the players see is visible to the GM: the menu's check and the outline on the map.
    assert menu.frame_action.isChecked()
    outline = window.players_frame.outline
    assert outline.isVisible()
    assert outline.rect() == frame
    assert outline.scene() is window.scene
    assert outline not in players.scene.items()
    # The GM's own tool is back for the next click.
    assert window.toolbar.checked_key() == "select"
    assert isinstance(window.view.tool, MoveTool)
    # Back to following the party.
    menu.follow_action.trigger()
    players.framing.finish()
    assert heroes_in_view(window, players) == []
    assert not outline.isVisible()
    players.close()


def test_a_frame_too_big_for_the_tv_keeps_the_smallest_square(
    qtbot: QtBot, window: MainWindow
) -> None:
    players = on_the_tv(qtbot, window)
    menu = window.player_view.framing_menu
    assert menu is not None
    look_at(window, 0, 0, 120, 120)
    menu.frame_action.trigger()
    drag(qtbot, window, (2, 2), (118, 118))
    players.framing.finish()
    assert menu.frame_action.isChecked()
    assert square_px(players) >= DEFAULT_MIN_SQUARE_PX - 0.01
    players.close()


def test_escape_or_a_slip_of_the_mouse_changes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    players = on_the_tv(qtbot, window)
    menu = window.player_view.framing_menu
    assert menu is not None
    before = players.framing.current()
    look_at(window, 10, 10, 30, 30)
    menu.frame_action.trigger()
    window.activateWindow()  # the GM's keys go to the GM's window (Esc on the TV closes it)
    qtbot.wait_until(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    QApplication.processEvents()
    assert menu.follow_action.isChecked()
    assert window.toolbar.checked_key() == "select"
    menu.frame_action.trigger()
    drag(qtbot, window, (12, 12), (12, 12))  # a click, not a frame
    assert "Refused" in window.statusBar().currentMessage()
    assert menu.follow_action.isChecked()
    players.framing.finish()
    assert players.framing.current()[0] == pytest.approx(before[0])
    # The drag waits for a real frame; Esc gives up.
    assert not isinstance(window.view.tool, MoveTool)
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    QApplication.processEvents()
    assert isinstance(window.view.tool, MoveTool)
    players.close()


def test_a_frame_drawn_before_the_player_view_opens_is_what_it_shows(
    qtbot: QtBot, window: MainWindow
) -> None:
    menu = window.player_view.framing_menu
    assert menu is not None
    look_at(window, 60, 70, 84, 82)
    menu.frame_action.trigger()
    drag(qtbot, window, (60, 70), (84, 82))
    assert menu.frame_action.isChecked()
    players = on_the_tv(qtbot, window)
    assert shown(players).contains(grid_rect(60, 70, 84, 82))
    players.close()
