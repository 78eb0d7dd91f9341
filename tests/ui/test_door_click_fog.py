"""The GM clicks a door open in the GM window: the players' fog shows the room (issue 33).

The door's walls are changed in place in the sight index (`geometry/wall_edits.py`), the
lights near it relit and only then the fog worked out. What the players see must be exactly
what they would see had the door stood open from the start (a window opened afresh on that
map), and closing it hides the room again.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.geometry.features import WallKind
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.fog import FOG
from orcus_desktop.vocabulary import CreatureId
from tests.ui.test_map_scene import view_point
from tests.ui.test_player_fog import pixel, settle
from tests.ui.test_player_view import open_player_view, render

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DOOR = "south-door"
"""In the demo, a closed door from (9, 13) to (11, 13): the room south of it is out of sight."""


def with_sentry(door_open: bool) -> Encounter:
    """The demo with a monster in the room beyond the south door, the door as asked."""
    encounter = load_encounter(demo_encounter_path())
    sentry = Creature(CreatureId("sentry"), "Sentry", "monsters", square=Square(10, 14))
    walls = tuple(
        replace(e, wall=replace(e.wall, is_open=door_open)) if e.id == DOOR else e
        for e in encounter.walls
    )
    return replace(encounter, creatures=(*encounter.creatures, sentry), walls=walls)


def shown(qtbot: QtBot, encounter: Encounter) -> MainWindow:
    window = MainWindow(encounter, None)
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    return window


def click_door(qtbot: QtBot, window: MainWindow) -> None:
    """The GM clicks the middle of the door with the Select tool, as on the table."""
    window.activate_tool("select")
    at = view_point(window.view, 10.0, 13.0)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    settle()


def test_the_gm_clicks_a_door_open_and_the_players_see_the_room_as_if_it_stood_open(
    qtbot: QtBot,
) -> None:
    window = shown(qtbot, with_sentry(door_open=False))
    players = open_player_view(window)
    closed = render(players.scene)
    assert pixel(closed, 10.5, 14.5) == FOG
    assert players.scene.token_item("sentry") is None
    click_door(qtbot, window)
    door = window.encounter.wall(DOOR).wall
    assert door.kind is WallKind.DOOR
    assert door.is_open
    assert window.scene.drawn_walls()[DOOR].is_open  # the GM's map draws it open
    assert players.scene.token_item("sentry") is not None
    opened = render(players.scene)
    assert pixel(opened, 10.5, 14.5) != FOG
    # exactly the players' picture of the same map opened with the door open from the start
    oracle = shown(qtbot, with_sentry(door_open=True))
    oracle_players = open_player_view(oracle)
    assert opened == render(oracle_players.scene)
    oracle_players.close()
    # closed again: the room is fogged as before the click
    click_door(qtbot, window)
    assert not window.encounter.wall(DOOR).wall.is_open
    assert players.scene.token_item("sentry") is None
    assert render(players.scene) == closed
    players.close()
