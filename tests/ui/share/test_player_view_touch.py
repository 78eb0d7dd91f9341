"""The Player view on a touchscreen TV laid flat (issue 32, item 5): one finger pans, two
pinch-zoom about the point between them, and the GM may turn the map by 180° for the far side
of the table (Window > Turn Player View by 180°)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF
from PySide6.QtGui import QTouchEvent
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.player_window import PlayerWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def gm(qtbot: QtBot) -> Iterator[MainWindow]:
    """The GM's window with the Player view open, 800x600, showing the whole map."""
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.addWidget(window)
    window.show()
    window.player_view_action.setChecked(True)
    players = window.player_window
    assert players is not None
    players.resize(800, 600)
    # Window > Player View Framing > Show the Whole Map, squares as small as 8 px allowed
    # (issue 31 item 4: by default the view follows the party).
    framing = window.player_view.framing_menu
    assert framing is not None
    framing.set_min_square_px(8)
    framing.show_whole_map()
    qtbot.waitExposed(players)
    yield window
    window.player_view_action.setChecked(False)
    window.close()


def players_of(gm: MainWindow) -> PlayerWindow:
    assert gm.player_window is not None
    return gm.player_window


def scene_at(players: PlayerWindow, x: int, y: int) -> QPointF:
    return players.view.mapToScene(QPoint(x, y))


class TouchProbe(QObject):
    """Where the viewport was told the fingers are (offscreen, QTest's touches land a few
    pixels from where they are aimed, the same few pixels each time)."""

    def __init__(self) -> None:
        super().__init__()
        self.middles: list[QPoint] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QTouchEvent) and len(event.points()) == 2:
            first, second = (p.position() for p in event.points())
            self.middles.append(((first + second) / 2).toPoint())
        return False


def test_two_fingers_spreading_zoom_in_about_their_middle(gm: MainWindow) -> None:
    players = players_of(gm)
    view = players.view
    viewport = view.viewport()
    probe = TouchProbe()
    viewport.installEventFilter(probe)  # installed last, it sees each event first
    device = QTest.createTouchDevice()
    zoom = view.zoom_factor()
    # Off the view's centre, where a zoom about the centre would slide the map away.
    QTest.touchEvent(viewport, device).press(0, QPoint(175, 150)).press(1, QPoint(225, 150))
    pressed = probe.middles[-1]
    under_fingers = scene_at(players, pressed.x(), pressed.y())
    QTest.touchEvent(viewport, device).move(0, QPoint(150, 150)).move(1, QPoint(250, 150))
    spread = probe.middles[-1]
    QTest.touchEvent(viewport, device).release(0, QPoint(150, 150)).release(1, QPoint(250, 150))
    viewport.removeEventFilter(probe)
    assert view.zoom_factor() == pytest.approx(zoom * 2, rel=0.01)
    # What was under the fingers' middle is still under it.
    after = scene_at(players, spread.x(), spread.y())
    assert abs(after.x() - under_fingers.x()) < 2
    assert abs(after.y() - under_fingers.y()) < 2


def test_one_finger_drags_the_zoomed_map_along(gm: MainWindow) -> None:
    players = players_of(gm)
    view = players.view
    view.zoom_by(3)
    device = QTest.createTouchDevice()
    before = scene_at(players, 400, 300)
    QTest.touchEvent(view.viewport(), device).press(0, QPoint(400, 300))
    QTest.touchEvent(view.viewport(), device).move(0, QPoint(300, 250))
    QTest.touchEvent(view.viewport(), device).release(0, QPoint(300, 250))
    # The scene point that was under the finger followed it.
    followed = scene_at(players, 300, 250)
    assert abs(followed.x() - before.x()) < 2
    assert abs(followed.y() - before.y()) < 2


def test_the_gm_turns_the_players_map_by_180_degrees(gm: MainWindow) -> None:
    players = players_of(gm)
    view = players.view
    top_left = scene_at(players, 10, 10)
    gm.player_view.turn_action.setChecked(True)
    assert players.turned
    turned_top_left = scene_at(players, 10, 10)
    # The corner that was top left on the screen is now bottom right.
    assert turned_top_left.x() > top_left.x() + 100
    assert turned_top_left.y() > top_left.y() + 100
    # The whole map still fits the screen.
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(players.scene.map_rect.adjusted(1, 1, -1, -1))
    gm.player_view.turn_action.setChecked(False)
    back = scene_at(players, 10, 10)
    assert abs(back.x() - top_left.x()) < 1
    assert abs(back.y() - top_left.y()) < 1


def test_a_player_view_opened_after_the_turn_opens_turned(qtbot: QtBot) -> None:
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.addWidget(window)
    window.player_view.turn_action.setChecked(True)
    window.player_view_action.setChecked(True)
    assert window.player_window is not None
    assert window.player_window.turned
    window.player_view_action.setChecked(False)
    window.close()
