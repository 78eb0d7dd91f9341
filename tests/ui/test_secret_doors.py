"""Secret doors, from the GM's side (issue 31 item 5, docs/rulings.md R-151).

"There are no secret doors (a door shows to the players as soon as it is in view)." The GM
right-clicks a closed door and makes it secret: the players' screen draws a wall there and
nothing else until the GM reveals it (or opens it); each step is undoable, and the file keeps it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.secret_doors import door_menu_at
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_player_view import open_player_view, render

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def a_closed_door(encounter: Encounter) -> WallEntry:
    doors = [e for e in encounter.walls if e.wall.kind is WallKind.DOOR and not e.wall.is_open]
    assert doors, "the demo has a closed door"
    return doors[0]


def right_click_door(window: MainWindow, door: WallEntry) -> QAction:
    """The GM right-clicks the middle of the door: its menu's one entry."""
    (x0, y0), (x1, y1) = door.wall.points[0], door.wall.points[1]
    menu = door_menu_at(window, window.session, (x0 + x1) / 2, (y0 + y1) / 2)
    assert menu is not None
    (action,) = [a for a in menu.actions() if a.objectName() == "door_secret_action"]
    return action


def players_picture_with_a_wall_there(window: MainWindow, door: WallEntry) -> QImage:
    """What the players' screen would draw had a plain wall always stood where the door is."""
    walled = WallEntry(door.id, Wall(WallKind.WALL, door.wall.points))
    encounter = window.encounter.with_walls(
        walled if e.id == door.id else e for e in window.encounter.walls
    )
    oracle = MapScene(Document(encounter), rules=window.session.rules, gm=False)
    grid = window.scene.grid_colour  # the table's grid look is the GM's
    oracle.set_grid_style(grid, grid.alphaF())
    fog = PlayerFog(oracle, window.session.rules, enabled=False)
    try:
        return render(oracle)
    finally:
        fog.detach()
        oracle.detach()


def test_a_secret_door_is_drawn_as_a_wall_for_the_players_until_revealed(
    window: MainWindow,
) -> None:
    window.fog_action.setChecked(False)  # nothing hides the door but its secret
    players = open_player_view(window)
    door = a_closed_door(window.encounter)
    action = right_click_door(window, door)
    assert action.text() == "Make Door Secret"
    action.trigger()
    QApplication.processEvents()
    assert window.encounter.wall(door.id).wall.secret
    # The GM still sees a door, marked secret; the players a wall, and nothing more.
    assert window.scene.drawn_walls()[door.id].kind is WallKind.DOOR
    drawn = players.scene.drawn_walls()[door.id]
    assert drawn.kind is WallKind.WALL
    assert not drawn.secret
    assert render(players.scene) == players_picture_with_a_wall_there(window, door)
    # It blocks as the closed door it is (the fog works it out from the same walls).
    assert window.encounter.wall(door.id).wall.blocks_sight
    # Revealed: the players see the door.
    reveal = right_click_door(window, door)
    assert reveal.text() == "Reveal Secret Door"
    reveal.trigger()
    QApplication.processEvents()
    assert players.scene.drawn_walls()[door.id].kind is WallKind.DOOR
    assert render(players.scene) != players_picture_with_a_wall_there(window, door)
    # Undo brings the secret back, and undo again the plain door.
    assert window.session.undo().ok
    QApplication.processEvents()
    assert players.scene.drawn_walls()[door.id].kind is WallKind.WALL
    assert window.session.undo().ok
    QApplication.processEvents()
    assert not window.encounter.wall(door.id).wall.secret
    assert players.scene.drawn_walls()[door.id].kind is WallKind.DOOR
    players.close()


def test_opening_a_secret_door_reveals_it(window: MainWindow) -> None:
    door = a_closed_door(window.encounter)
    assert window.session.run(editing.set_door_secret, door.id, True).ok
    assert window.session.run(editing.set_door_open, door.id, True).ok
    opened = window.encounter.wall(door.id).wall
    assert opened.is_open
    assert not opened.secret
    # An open door cannot be made secret: the GM is told why.
    refused = window.session.run(editing.set_door_secret, door.id, True)
    assert not refused.ok
    assert "close the door first" in refused.reason
    # Nor can a wall.
    wall = next(e for e in window.encounter.walls if e.wall.kind is WallKind.WALL)
    assert not window.session.run(editing.set_door_secret, wall.id, True).ok


def test_the_file_keeps_a_secret_door_and_older_files_still_open(
    window: MainWindow, tmp_path: Path
) -> None:
    door = a_closed_door(window.encounter)
    assert window.session.run(editing.set_door_secret, door.id, True).ok
    path = tmp_path / "secret.json"
    save_encounter(path, window.encounter)
    assert load_encounter(path).wall(door.id).wall.secret
    # A file from before secret doors has no "secret" at all: its doors are plain.
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["walls"]:
        entry.pop("secret", None)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert not any(e.wall.secret for e in load_encounter(path).walls)
