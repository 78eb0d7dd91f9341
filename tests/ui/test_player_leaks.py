"""The players' screen gives nothing away (issue 12): no wall or door names on hover, no
badge of a hidden creature's doing on the creatures the players see, and fog over everything
outside the players' sight: map art beyond the grid and wall and door pens included.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.fog import FOG
from orcus_desktop.ui.map.layers import OFF_MAP, SQUARE_PX
from orcus_desktop.ui.player_strip import StripMode
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_player_fog import pixel, settle
from tests.ui.test_player_view import SECRET, hide, open_player_view, render

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DOOR_COLOUR = QColor("#7a4a1e")
"""A closed door's pen (ui/map/items.py `wall_pen`)."""


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def test_walls_and_doors_have_no_tooltip_for_the_players(window: MainWindow) -> None:
    # A hover once named a door under the fog, so players could find secret doors.
    players = open_player_view(window)
    walls = window.scene.drawn_walls()
    assert walls  # the demo has walls and doors
    assert players.scene.drawn_walls() == walls
    # The middle of each wall's first segment, where the pointer lies on the wall's pen.
    middles = [
        QPointF(
            (w.points[0][0] + w.points[1][0]) / 2 * SQUARE_PX,
            (w.points[0][1] + w.points[1][1]) / 2 * SQUARE_PX,
        )
        for w in walls.values()
    ]
    assert all(window.scene.wall_tooltip_at(p) for p in middles)  # the GM's do
    assert [t for p in middles if (t := players.scene.wall_tooltip_at(p))] == []
    # And no item of the players' scene carries a wall's name either.
    names = {w.kind.value for w in walls.values()}
    assert not [i for i in players.scene.items() if i.toolTip() in names]


def test_a_hidden_creatures_mark_shows_no_badge_to_the_players(window: MainWindow) -> None:
    hide(window, SECRET)
    assert window.session.run(
        gm_edits.add_condition, "brakka", Condition.MARKED, source_id=SECRET
    ).ok
    players = open_player_view(window)
    gm_token = window.scene.token_item("brakka")
    player_token = players.scene.token_item("brakka")
    assert gm_token is not None
    assert player_token is not None
    assert [b.label for b in gm_token.look.badges] == ["marked"]
    assert player_token.look.badges == ()
    # Once the marker is shown to the players, so is its mark.
    window.session.run(editing.update_creature, SECRET, hidden=False)
    shown = players.scene.token_item("brakka")
    assert shown is not None
    assert [b.label for b in shown.look.badges] == ["marked"]


def test_the_fog_covers_map_art_beyond_the_grid_and_door_pens_on_its_edge(
    window: MainWindow,
) -> None:
    # The art is moved a square up and left, so it overhangs the grid on every side the
    # players' window can show; a door on the grid's west edge lies where no hero sees.
    art = window.encounter.map_image
    assert art is not None
    moved = replace(art, offset_px=(art.pixels_per_square, art.pixels_per_square))
    assert window.session.run(editing.set_map_image, moved).ok
    window.session.run(editing.add_wall, Wall(WallKind.DOOR, ((0.0, 5.0), (0.0, 7.0))))
    players = open_player_view(window)
    settle()
    image = render(players.scene)
    gm_image = render(window.scene)
    # Beyond the grid the GM sees the art; the players see fog.
    for x, y in ((-0.5, -0.5), (-0.5, 7.0), (7.0, -0.5)):
        assert pixel(gm_image, x, y) not in (FOG, OFF_MAP), (x, y)
        assert pixel(image, x, y) == FOG, (x, y)
    # The door's pen straddles the grid's edge: on the GM's screen it shows on both sides;
    # on the players' it shows on neither.
    for x in (-0.06, 0.06):
        assert pixel(gm_image, x, 6.0) == DOOR_COLOUR, x
        assert pixel(image, x, 6.0) == FOG, x
    # The south door closes the heroes' room: its inner half is seen, its outer half is fog.
    assert pixel(image, 10.0, 12.94) == DOOR_COLOUR
    assert pixel(image, 10.0, 13.06) == FOG
    # Every pixel of the players' picture outside the grid is fog.
    rect = players.scene.sceneRect()
    inside = players.scene.map_rect.translated(-rect.left(), -rect.top())
    leaks = [
        (x, y)
        for y in range(0, image.height(), 4)
        for x in range(0, image.width(), 4)
        if not inside.adjusted(-1, -1, 1, 1).contains(x, y) and image.pixelColor(x, y) != FOG
    ]
    assert leaks == []


def test_no_token_in_the_player_view_has_a_tooltip_whatever_the_strip(window: MainWindow) -> None:
    # Issue 31 item 6: the README promises a players' screen without tooltips; a hover over a
    # goblin once said "Goblin Warrior 1 (monsters)", whatever the strip's setting.
    window.fog_action.setChecked(False)  # every creature not hidden is on the players' map
    players = open_player_view(window)
    menu = window.player_view.strip_menu
    assert menu is not None

    def tooltips() -> dict[str, str]:
        return {i.creature.id: i.toolTip() for i in players.scene.token_items().values()}

    for mode in (StripMode.LABELS, StripMode.NAMES, StripMode.OFF):
        menu.actions[mode].trigger()
        shown = tooltips()
        assert "goblin-1" in shown
        assert "brakka" in shown
        assert set(shown.values()) == {""}
    assert [i for i in players.scene.items() if i.toolTip()] == []
    # The GM's own map keeps its hover text.
    gm_token = window.scene.token_item("goblin-1")
    assert gm_token is not None
    assert "Goblin Warrior 1" in gm_token.toolTip()
