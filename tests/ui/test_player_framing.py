"""The player view frames the party (issue 31 item 4), from the GM's side.

"On a 120x120 imported cave map the Player view shows the whole map on the TV: the party's lit
area is a small blob in a black screen." Now it follows the party with squares of at least the
size the GM sets (40 px by default), pans smoothly after a move, or shows the GM's own view.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.player_framing import DEFAULT_MIN_SQUARE_PX, MIN_SQUARE_KEY
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.screens import app_settings
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_player_view import open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TV = (1920, 1080)


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = shown_demo_window(qtbot)
    # The imported cave: 120x120 squares.
    assert win.session.run(editing.resize_grid, 120, 120).ok
    return win


def on_the_tv(qtbot: QtBot, window: MainWindow) -> PlayerWindow:
    players = open_player_view(window)
    players.resize(*TV)
    qtbot.wait_until(lambda: players.view.viewport().width() > TV[0] - 40)
    QApplication.processEvents()
    players.framing.finish()
    return players


def square_px(players: PlayerWindow) -> float:
    return players.view.transform().m11() * SQUARE_PX


def heroes_in_view(window: MainWindow, players: PlayerWindow) -> list[str]:
    view = players.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    heroes = [c for c in window.encounter.creatures if c.side == "heroes" and not c.hidden]
    assert heroes
    outside = []
    for hero in heroes:
        x0, y0, x1, y1 = hero.space.bounds()
        space = QRectF(
            x0 * SQUARE_PX, y0 * SQUARE_PX, (x1 - x0) * SQUARE_PX, (y1 - y0) * SQUARE_PX
        )
        if not shown.contains(space):
            outside.append(hero.name)
    return outside


def test_on_a_120_square_map_the_tv_frames_the_party_with_big_enough_squares(
    qtbot: QtBot, window: MainWindow
) -> None:
    players = on_the_tv(qtbot, window)
    assert players.fog.enabled
    assert square_px(players) >= DEFAULT_MIN_SQUARE_PX - 0.01
    assert heroes_in_view(window, players) == []
    # Not the whole map shrunk to a blob: a part of it, around the heroes.
    shown = players.view.mapFromScene(players.scene.map_rect).boundingRect()
    assert shown.width() > players.view.viewport().width()
    players.close()


def test_the_gm_sets_the_smallest_square_and_it_is_kept(qtbot: QtBot, window: MainWindow) -> None:
    players = on_the_tv(qtbot, window)
    menu = window.player_view.framing_menu
    assert menu is not None
    menu.set_min_square_px(72)
    assert square_px(players) >= 72 - 0.01
    assert heroes_in_view(window, players) == []
    assert int(str(app_settings().value(MIN_SQUARE_KEY))) == 72
    # Reopened, the view keeps the GM's size.
    window.player_view_action.trigger()
    players = on_the_tv(qtbot, window)
    assert square_px(players) >= 72 - 0.01
    # The whole map, on the GM's word, still never below the GM's size.
    menu.show_whole_map()
    players.framing.finish()
    assert square_px(players) >= 72 - 0.01
    players.close()


def test_the_view_pans_smoothly_after_the_party(qtbot: QtBot, window: MainWindow) -> None:
    players = on_the_tv(qtbot, window)
    heroes = [c for c in window.encounter.creatures if c.side == "heroes"]
    before = players.framing.current()
    # The party walks on down the cave, one hero after the other.
    for hero in heroes:
        far = Square(hero.square.col + 40, hero.square.row + 30)
        assert window.session.move_creature(hero.id, far, MoveMode.GM).ok
    # It pans there over a moment (not a jump), then stops where the party is.
    qtbot.wait_until(lambda: players.framing.panning, timeout=3000)
    qtbot.wait_until(lambda: players.framing.current()[1] != before[1], timeout=3000)

    def arrived() -> bool:
        (scale, centre), (goal_scale, goal) = players.framing.current(), players.framing.target()
        return abs(scale - goal_scale) < 1e-3 and (centre - goal).manhattanLength() < SQUARE_PX / 4

    qtbot.wait_until(arrived, timeout=3000)
    assert heroes_in_view(window, players) == []
    assert square_px(players) >= DEFAULT_MIN_SQUARE_PX - 0.01
    players.close()


def test_the_gm_shows_the_players_what_the_gms_map_shows(qtbot: QtBot, window: MainWindow) -> None:
    players = on_the_tv(qtbot, window)
    window.view.resetTransform()
    window.view.centerOn(100 * SQUARE_PX, 100 * SQUARE_PX)  # far from the heroes
    menu = window.player_view.framing_menu
    assert menu is not None
    menu.show_gm_view()
    players.framing.finish()
    view = players.view
    centre = view.mapToScene(view.viewport().rect().center())
    gm = window.view.mapToScene(window.view.viewport().rect().center())
    assert abs(centre.x() - gm.x()) < SQUARE_PX
    assert abs(centre.y() - gm.y()) < SQUARE_PX
    menu.follow_action.trigger()
    players.framing.finish()
    assert heroes_in_view(window, players) == []
    players.close()
