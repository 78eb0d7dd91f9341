"""The player view never shows what the GM hides (docs/design.md: the GM's secret stays secret).

The oracle is pixel-exact: the players' window with a hidden creature on the map must render
exactly as it would if that creature were not in the encounter at all: no token, no ghost, no
turn marker, no name, nothing in a tooltip, whatever the GM does with it (moves, attacks, its
turn in combat, undo and redo of any of it).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QDeadlineTimer, QEventLoop, QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsItem,
    QGraphicsTextItem,
    QGraphicsView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.attacks import attack_powers
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.document import Document
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import shown_demo_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SECRET = "goblin-archer"
SECRET_NAME = "Goblin Archer"


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def open_player_view(window: MainWindow) -> PlayerWindow:
    window.player_view_action.trigger()  # F5, as the GM does
    players = window.player_window
    assert players is not None
    assert players.isVisible()
    return players


def render(scene: MapScene) -> QImage:
    """The whole map as a fresh view of `scene` paints it (no item cache from earlier)."""
    # The map image is decoded on a worker thread: compare pictures with the art in place.
    deadline = QDeadlineTimer(5000)
    while scene.map_image_loading and not deadline.hasExpired():
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    assert not scene.map_image_loading
    assert not scene.map_pixmap.isNull()
    view = QGraphicsView(scene)
    try:
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setFrameShape(QFrame.Shape.NoFrame)
        rect = scene.sceneRect()
        view.resize(int(rect.width()), int(rect.height()))
        view.setSceneRect(rect)
        return view.grab().toImage()
    finally:
        view.setScene(None)
        view.deleteLater()


def render_without(window: MainWindow, creature_id: str) -> QImage:
    """The players' picture of the same moment had `creature_id` never been on the map."""
    encounter = window.encounter.without_creature(creature_id)
    oracle = MapScene(Document(encounter), rules=window.session.rules, gm=False)
    grid = window.scene.grid_colour  # the table's grid look is the GM's (R-160 follows the art)
    oracle.set_grid_style(grid, grid.alphaF())
    fog = PlayerFog(oracle, window.session.rules, enabled=window.fog_action.isChecked())
    try:
        return render(oracle)
    finally:
        fog.detach()
        oracle.detach()


def assert_nothing_shows(window: MainWindow, players: PlayerWindow) -> None:
    QApplication.processEvents()
    scene = players.scene
    assert scene.token_item(SECRET) is None
    for item in scene.items():
        assert SECRET_NAME not in item.toolTip()
        if isinstance(item, QGraphicsTextItem):
            assert SECRET_NAME not in item.toPlainText()
    texts = [players.windowTitle(), players.statusBar().currentMessage()]
    texts += [w.toolTip() for w in players.findChildren(QWidget)]
    assert not [t for t in texts if SECRET_NAME in t]
    assert render(scene) == render_without(window, SECRET)


def hide(window: MainWindow, creature_id: str) -> None:
    """Hide through the token's right-click menu."""
    menu = window.token_menu(creature_id)
    assert menu is not None
    hide_action = menu.actions()[0]
    assert hide_action.text() == "Hide from the Players"
    hide_action.trigger()
    menu.deleteLater()


def test_hiding_a_creature_takes_it_off_the_players_screen_and_undo_brings_it_back(
    window: MainWindow,
) -> None:
    players = open_player_view(window)
    assert players.scene.token_item(SECRET) is not None
    before = render(players.scene)
    hide(window, SECRET)
    assert window.encounter.creature(SECRET).hidden
    assert_nothing_shows(window, players)
    # The GM still sees its ghost.
    assert window.scene.token_item(SECRET) is not None
    window.undo_action.trigger()
    QApplication.processEvents()
    assert players.scene.token_item(SECRET) is not None
    assert render(players.scene) == before
    window.redo_action.trigger()
    assert_nothing_shows(window, players)


def test_a_hidden_creatures_turn_moves_and_attack_never_show(window: MainWindow) -> None:
    session = window.session
    hide(window, SECRET)
    players = open_player_view(window)
    order = [SECRET, "brakka"]
    order += [c.id for c in window.encounter.creatures if c.id not in order]
    assert session.run(
        initiative.roll_initiative, totals={cid: 30 - i for i, cid in enumerate(order)}
    ).ok
    assert session.run(initiative.start_combat).ok
    assert window.encounter.combat.current == SECRET
    assert_nothing_shows(window, players)  # no turn marker on anyone
    assert session.move_creature(SECRET, Square(8, 9), MoveMode.GM).ok
    assert_nothing_shows(window, players)
    power = session.ask(attack_powers.basic_attack_name, SECRET, ranged=True)
    assert power is not None
    result = session.use_power(SECRET, power, ["quill"], dice=[19, 6])
    assert result.ok, result.reason
    assert_nothing_shows(window, players)
    assert session.end_turn().ok
    assert_nothing_shows(window, players)
    for _ in range(3):
        assert session.undo().ok
        assert_nothing_shows(window, players)
    for _ in range(3):
        assert session.redo().ok
        assert_nothing_shows(window, players)


def test_player_view_tooltips_name_only_what_the_players_see(
    qtbot: QtBot, window: MainWindow
) -> None:
    hide(window, SECRET)
    players = open_player_view(window)
    tooltips = {cid: item.toolTip() for cid, item in players.scene.token_items().items()}
    # No tooltip at all on the players' screen (issue 31 item 6), so no hit points, defenses
    # or the GM's notes on any token the players can hover.
    assert "brakka" in tooltips
    assert set(tooltips.values()) == {""}
    # A player clicking on the players' screen changes nothing and selects nothing.
    view = players.view
    item = players.scene.token_item("brakka")
    assert isinstance(item, QGraphicsItem)
    point: QPoint = view.mapFromScene(item.sceneBoundingRect().center())
    before = window.encounter
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.encounter is before
    assert players.scene.selectedItems() == []


def assert_whole_map_shown(players: PlayerWindow) -> None:
    view = players.view
    assert not view.horizontalScrollBar().isVisible()
    assert not view.verticalScrollBar().isVisible()
    shown = view.mapFromScene(players.scene.map_rect).boundingRect()
    viewport = view.viewport().rect()
    assert viewport.adjusted(-1, -1, 1, 1).contains(shown)
    # ...and fills the screen in one direction (not a small map in a big window).
    assert max(shown.width() / viewport.width(), shown.height() / viewport.height()) > 0.95


def show_whole_map(window: MainWindow) -> None:
    """The GM's Window > Player View Framing > Show the Whole Map, with squares as small as 8 px
    allowed (issue 31 item 4: by default the view follows the party at 40 px or more)."""
    menu = window.player_view.framing_menu
    assert menu is not None
    menu.set_min_square_px(8)
    menu.show_whole_map()


@pytest.mark.parametrize(("width", "height"), [(800, 600), (1920, 1080)])
def test_the_players_screen_shows_the_whole_map_at_any_size(
    qtbot: QtBot, window: MainWindow, width: int, height: int
) -> None:
    players = open_player_view(window)
    show_whole_map(window)
    players.resize(width, height)
    qtbot.wait_until(lambda: players.view.viewport().width() > width - 40)
    QApplication.processEvents()
    players.framing.finish()
    assert_whole_map_shown(players)


@pytest.mark.parametrize(("columns", "rows"), [(40, 30), (24, 60)])
def test_the_players_screen_follows_a_resized_grid(
    window: MainWindow, columns: int, rows: int
) -> None:
    players = open_player_view(window)
    show_whole_map(window)
    assert window.session.run(editing.resize_grid, columns, rows).ok
    QApplication.processEvents()
    players.framing.finish()
    assert_whole_map_shown(players)


def test_the_players_screen_keeps_no_cached_background_and_still_follows_a_move(
    window: MainWindow,
) -> None:
    # Issue 14: nobody pans there, so no second screen-sized image; the map still repaints.
    players = open_player_view(window)
    assert players.view.cacheMode() == QGraphicsView.CacheModeFlag.CacheNone
    before = players.view.grab().toImage()
    mover = next(c for c in window.encounter.creatures if c.side == "heroes")
    target = Square(mover.square.col + 1, mover.square.row)
    assert window.session.move_creature(mover.id, target, MoveMode.GM).ok
    QApplication.processEvents()
    QApplication.processEvents()
    assert players.view.grab().toImage() != before
