"""View > Preview as Players, from the GM's side (issue 31 item 5).

"No way for the GM to check what the players' screen shows without looking at the TV." The GM
toggles the preview: the map area draws exactly what the Player view draws (no hidden
creature, secret doors as walls, the fog); toggled off, the GM's own map is back.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.features import WallKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.player_window import PlayerWindow
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_player_view import SECRET, hide, open_player_view, render

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def test_the_preview_draws_what_the_player_view_draws(window: MainWindow) -> None:
    hide(window, SECRET)
    door = next(e for e in window.encounter.walls if e.wall.kind is WallKind.DOOR)
    if door.wall.is_open:
        assert window.session.run(editing.set_door_open, door.id, False).ok
    assert window.session.run(editing.set_door_secret, door.id, True).ok
    players = open_player_view(window)
    window.players_preview.action.trigger()  # View > Preview as Players
    QApplication.processEvents()
    preview = window.centralWidget()
    assert isinstance(preview, PlayerWindow)
    assert preview is window.players_preview.preview
    assert preview.isVisible()
    assert not window.view.isVisible()
    # What the players' screen draws, and nothing of the GM's.
    assert preview.scene.token_item(SECRET) is None
    assert preview.scene.drawn_walls()[door.id].kind is WallKind.WALL
    assert render(preview.scene) == render(players.scene)
    assert render(preview.scene) != render(window.scene)
    # Toggled off: the GM's map is back, as it was.
    window.players_preview.action.trigger()
    QApplication.processEvents()
    assert window.centralWidget() is window.view
    assert window.view.isVisible()
    assert not window.players_preview.action.isChecked()
    players.close()


def test_esc_in_the_preview_brings_the_gms_map_back(qtbot: QtBot, window: MainWindow) -> None:
    window.players_preview.action.trigger()
    preview = window.players_preview.preview
    assert preview is not None
    preview.escape_action.trigger()  # Esc
    QApplication.processEvents()
    assert not window.players_preview.action.isChecked()
    assert window.centralWidget() is window.view
