"""Tokens the GM and the players can tell apart (issue 13, "Tokens"), from the GM's side."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.vocabulary import CreatureId
from tests.ui.demo_window import shown_demo_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def labels(scene: MapScene) -> dict[str, str]:
    return {cid: item.look.label for cid, item in scene.token_items().items()}


def place(window: MainWindow, creature_id: str, name: str, square: Square) -> None:
    goblin = window.session.encounter.creature(CreatureId("goblin-1"))
    clone = replace(goblin, id=CreatureId(creature_id), name=name, square=square, state=None)
    assert window.session.run(editing.place_creature, clone).ok


def test_the_map_and_the_player_view_number_the_goblins_and_split_the_obs(
    window: MainWindow,
) -> None:
    assert labels(window.scene)["goblin-1"] == "GW1"
    place(window, "goblin-3", "Goblin Warrior", Square(11, 5))
    place(window, "orc", "Orc Berserker", Square(12, 2))
    window.player_view_action.trigger()
    players = window.player_window
    assert players is not None
    shown = labels(window.scene)
    assert (shown["goblin-1"], shown["goblin-2"], shown["goblin-3"]) == ("GW1", "GW2", "GW3")
    assert (shown["orc"], shown["ogre"]) == ("OBe", "OBr")
    assert len(set(shown.values())) == len(shown)
    # The players see the tokens their fog lets through, under the labels the GM sees.
    seen = labels(players.scene)
    assert seen
    assert seen == {cid: shown[cid] for cid in seen}
    # Undo the orc: the ogre is the only "OB" again, on both screens.
    assert window.session.undo().ok
    assert labels(window.scene)["ogre"] == "OB"
    assert all(label != "OBr" for label in labels(players.scene).values())
    players.close()


def test_a_hidden_creature_shapes_no_label_the_players_see(window: MainWindow) -> None:
    place(window, "orc", "Orc Berserker", Square(12, 2))
    assert window.session.run(editing.update_creature, "orc", hidden=True).ok
    window.player_view_action.trigger()
    players = window.player_window
    assert players is not None
    assert labels(window.scene)["ogre"] == "OBr"  # the GM tells the two apart
    # The players' "OBr" would hint at a second OB they cannot see (fog off: the ogre shows).
    window.fog_action.setChecked(False)
    assert labels(players.scene)["ogre"] == "OB"
    assert "orc" not in labels(players.scene)
    players.close()
