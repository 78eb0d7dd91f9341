"""Fog of war on the players' screen: they see only what their creatures see.

The oracle is the same as for hidden creatures (test_player_view.py): with the fog on, the
players' window with a monster no hero sees must render exactly as it would if that monster were
not in the encounter at all: no item, so nothing in a tooltip or at an anti-aliased edge. The
GM's screen never changes.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPolygonF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Creature
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map import fog
from orcus_desktop.ui.map.fog import FOG, scene_polygon
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.vocabulary import CreatureId, MoveMode
from tests.controller.test_vision import inside
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_player_view import open_player_view, render, render_without

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LURKER = "goblin-2"
"""In the demo it stands in the crook of the inner wall, out of every hero's sight."""


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def settle() -> None:
    """Let the debounced fog rebuild run (it waits for the event loop)."""
    QApplication.processEvents()


def pixel(image: QImage, x: float, y: float) -> QColor:
    """The colour at grid point (x, y) of a `render` picture (the map has a square's margin)."""
    return image.pixelColor(int((x + 1) * SQUARE_PX), int((y + 1) * SQUARE_PX))


def assert_not_there(window: MainWindow, players: PlayerWindow, creature_id: str) -> None:
    settle()
    assert players.scene.token_item(creature_id) is None
    name = window.encounter.creature(creature_id).name
    assert not [item for item in players.scene.items() if name in item.toolTip()]
    assert window.scene.token_item(creature_id) is not None  # the GM's screen is unchanged
    assert render(players.scene) == render_without(window, creature_id)


def test_a_monster_no_hero_sees_does_not_exist_on_the_players_screen(window: MainWindow) -> None:
    assert window.fog_action.isChecked()  # on by default
    players = open_player_view(window)
    assert_not_there(window, players, LURKER)
    # Monsters in plain sight are there; so is every hero.
    for shown in ("goblin-1", "goblin-archer", "ogre", "brakka", "quill"):
        assert players.scene.token_item(shown) is not None, shown
    # What no hero sees is dark: the lurker's square and the far side of the east window's
    # wall; the heroes' own room is not.
    image = render(players.scene)
    assert pixel(image, 10.5, 7.5) == FOG
    assert pixel(image, 19.5, 2.5) == FOG
    assert pixel(image, 6.5, 3.5) != FOG


def test_a_hero_stepping_round_the_corner_reveals_it_and_undo_hides_it_again(
    window: MainWindow,
) -> None:
    session = window.session
    players = open_player_view(window)
    before = render(players.scene)
    assert session.move_creature("brakka", Square(9, 3), MoveMode.GM).ok
    settle()
    assert players.scene.token_item(LURKER) is not None
    assert pixel(render(players.scene), 10.5, 7.5) != FOG
    window.undo_action.trigger()
    assert_not_there(window, players, LURKER)
    assert render(players.scene) == before
    window.redo_action.trigger()
    settle()
    assert players.scene.token_item(LURKER) is not None


def test_a_monster_stepping_behind_the_wall_is_gone_at_once(window: MainWindow) -> None:
    players = open_player_view(window)
    assert players.scene.token_item("goblin-1") is not None
    assert window.session.move_creature("goblin-1", Square(9, 7), MoveMode.GM).ok
    # Not a single frame at its new square: gone before the event loop runs.
    assert players.scene.token_item("goblin-1") is None
    assert_not_there(window, players, "goblin-1")


def test_opening_a_door_reveals_the_room_beyond(window: MainWindow) -> None:
    session = window.session
    sentry = Creature(CreatureId("sentry"), "Sentry", "monsters", square=Square(10, 14))
    assert session.run(editing.place_creature, sentry).ok
    players = open_player_view(window)
    assert_not_there(window, players, "sentry")
    assert pixel(render(players.scene), 10.5, 14.5) == FOG
    assert session.run(editing.set_door_open, "south-door", True).ok
    settle()
    assert players.scene.token_item("sentry") is not None
    assert pixel(render(players.scene), 10.1, 14.9) != FOG
    assert session.run(editing.set_door_open, "south-door", False).ok
    assert_not_there(window, players, "sentry")


def test_fog_off_shows_everything_but_what_the_gm_hides(window: MainWindow) -> None:
    players = open_player_view(window)
    window.fog_action.trigger()  # Ctrl+Shift+F
    assert not window.fog_action.isChecked()
    settle()
    assert not players.fog.item.isVisible()
    shown = set(players.scene.token_items())
    assert shown == {c.id for c in window.encounter.creatures if not c.hidden}
    assert LURKER in shown
    assert "rat" not in shown
    assert render(players.scene) == render_without(window, "rat")
    window.fog_action.trigger()
    assert_not_there(window, players, LURKER)
    assert players.scene.token_item("rat") is None


def test_a_player_view_opened_with_the_fog_off_has_none(window: MainWindow) -> None:
    window.fog_action.setChecked(False)
    players = open_player_view(window)
    assert players.scene.token_item(LURKER) is not None
    assert pixel(render(players.scene), 19.5, 2.5) != FOG


def test_the_player_window_title_follows_the_open_encounter(
    window: MainWindow, tmp_path: Path
) -> None:
    players = open_player_view(window)
    assert players.windowTitle() == "The Goblin Shrine (demo) — Player view"
    other = tmp_path / "crypt.json"
    save_encounter(other, replace(load_encounter(demo_encounter_path()), name="The Crypt"))
    assert window.open_file(other)
    assert players.windowTitle() == "The Crypt — Player view"
    assert window.session.run(editing.rename_encounter, "The Flooded Crypt").ok
    assert players.windowTitle() == "The Flooded Crypt — Player view"
    # The fog follows the new encounter too.
    assert_not_there(window, players, LURKER)


def test_keyboard_shortcuts_list_the_fog_toggle_and_enter_in_the_library(
    window: MainWindow,
) -> None:
    rows = dict(window.shortcut_rows())
    assert rows["Ctrl+Shift+F"] == "View: Fog of War on Player View"
    assert "middle of the view" in rows["Enter in the creature library"]


def test_blinded_heroes_see_no_monster_but_the_players_still_see_them(
    window: MainWindow,
) -> None:
    players = open_player_view(window)
    heroes = [c.id for c in window.encounter.creatures if c.side == "heroes"]
    for hero in heroes:
        assert window.session.run(
            gm_edits.add_condition, hero, Condition.BLINDED, DurationKind.SAVE_ENDS
        ).ok
    settle()
    assert set(players.scene.token_items()) == set(heroes)
    image = render(players.scene)
    assert pixel(image, 6.5, 3.5) == FOG  # the room they stand in, unseen now
    window.undo_action.trigger()  # Quill can see again: the monsters in its sight come back
    settle()
    assert set(players.scene.token_items()) > set(heroes)
    assert pixel(render(players.scene), 6.5, 3.5) != FOG


def near_an_edge(rings: tuple[tuple[tuple[float, float], ...], ...], x: float, y: float) -> bool:
    """Whether (x, y) lies within 4 pixels of a ring's edge (an anti-aliased pixel there)."""
    margin = 4 / SQUARE_PX
    for ring in rings:
        for (ax, ay), (bx, by) in zip(ring, (*ring[1:], ring[0]), strict=True):
            dx, dy = bx - ax, by - ay
            t = ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)
            t = min(1.0, max(0.0, t))
            if (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 < margin * margin:
                return True
    return False


def test_the_fog_is_exactly_what_no_hero_sees_a_closed_closet_amid_them_included(
    window: MainWindow,
) -> None:
    # A closet walled shut in the heroes' room: they see all round it, never into it, so the
    # region they see has a hole there, and what stands in it stays hidden (000 "Line of
    # Sight"). The fog is painted piece by piece (each hero's view, each seen space): the hole
    # must stay fog all the same.
    closet = ((5.0, 4.0), (7.0, 4.0), (7.0, 6.0), (5.0, 6.0), (5.0, 4.0))
    stowaway = Creature(CreatureId("stowaway"), "Stowaway", "monsters", square=Square(6, 5))
    assert window.session.run(editing.place_creature, stowaway).ok
    assert window.session.run(editing.add_wall, Wall(WallKind.WALL, closet)).ok
    players = open_player_view(window)
    assert_not_there(window, players, "stowaway")
    vision = players.fog.vision
    assert vision is not None
    rings = vision.rings  # the exact union of what the heroes see (shapely)
    assert not inside(rings, 6.0, 5.0)
    assert all(inside(rings, x, y) for x, y in ((6.0, 3.5), (7.5, 5.0), (6.0, 6.5), (4.5, 5.0)))
    image = render(players.scene)
    assert pixel(image, 6.5, 5.5) == FOG
    assert all(pixel(image, x, y) != FOG for x, y in ((6.0, 3.5), (7.5, 5.0), (6.0, 6.5)))
    # Every point of the map away from the region's edges: fog exactly where no hero sees.
    checked = 0
    for i in range(20 * 8):
        for j in range(15 * 8):
            x, y = i / 8 + 0.07, j / 8 + 0.07
            if near_an_edge(rings, x, y):
                continue
            checked += 1
            assert (pixel(image, x, y) == FOG) == (not inside(rings, x, y)), (x, y)
    assert checked > 15_000


def test_a_piece_reaches_the_scene_with_exactly_the_points_of_its_ring() -> None:
    # The fog's pieces are read in one go from their arrays (`fog.scene_polygon`): the same
    # doubles as one QPointF per vertex, whatever the ring's form.
    rng = np.random.default_rng(5)
    ring = rng.uniform(-3.0, 203.0, size=(57, 2))
    expected = QPolygonF([QPointF(x * SQUARE_PX, y * SQUARE_PX) for x, y in ring.tolist()])
    assert scene_polygon(ring) == expected
    as_tuples = tuple((float(x), float(y)) for x, y in ring.tolist())
    assert scene_polygon(as_tuples) == expected
    assert scene_polygon(np.empty((0, 2))).isEmpty()


def test_the_fog_painted_band_by_band_is_the_fog_of_one_layer(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fog is painted through a layer a band of rows high, not one as big as the repainted
    # part (issue 14): the picture is the same, the map's art and tokens included.
    players = open_player_view(window)
    settle()
    banded = render(players.scene)
    assert banded.height() > 4 * fog.BAND_PX  # several bands,
    assert banded.height() % fog.BAND_PX  # and a last one cut short
    monkeypatch.setattr(fog, "BAND_PX", 1_000_000)
    assert render(players.scene) == banded
