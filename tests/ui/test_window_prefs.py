"""The window at the table (issue 13 "Layout"): remembered between runs, usable at 1024x700,
an 11-creature fight at 1080p without scrolling, and a grid contrast setting.

Every test here keeps its settings in a folder of its own (tests/ui/conftest.py
`own_settings`), never the GM's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.app import show_main_window
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Creature
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.screens import app_settings
from orcus_desktop.ui.window_prefs import (
    DOCKS_KEY,
    GEOMETRY_KEY,
    GridContrast,
    WindowLayoutMemory,
)
from orcus_desktop.vocabulary import CreatureId
from tests.ui.test_player_view import open_player_view
from tests.ui.test_window_layout import make_window, settle, start_combat

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _in_window(window: QWidget, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def test_the_settings_are_the_tests_own(own_settings: Path) -> None:
    assert Path(app_settings().fileName()).is_relative_to(own_settings)


def test_geometry_and_docks_come_back_next_run(qtbot: QtBot) -> None:
    first = show_main_window(
        load_encounter(demo_encounter_path()), None, player_view=False, remember_layout=True
    )
    qtbot.add_widget(first)
    first.resize(1100, 760)
    # The GM moves the dice dock to the left and hides the log.
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.docks["dice"])
    first.docks["log"].hide()
    settle()
    first.close()
    settings = app_settings()
    assert settings.value(GEOMETRY_KEY)
    assert settings.value(DOCKS_KEY)

    second = show_main_window(
        load_encounter(demo_encounter_path()), None, player_view=False, remember_layout=True
    )
    qtbot.add_widget(second)
    settle()
    # The default is 1440x900. The test screen (800x800) is narrower than the window's least
    # width, so Qt fits the width to it; the height is the GM's.
    assert second.height() == 760
    assert second.width() < 1100
    assert second.dockWidgetArea(second.docks["dice"]) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert second.docks["log"].isHidden()
    second.close()


def test_no_saved_layout_keeps_the_default_and_headless_runs_keep_none(qtbot: QtBot) -> None:
    window = show_main_window(load_encounter(demo_encounter_path()), None, player_view=False)
    qtbot.add_widget(window)
    assert not WindowLayoutMemory(window).restore()
    window.close()
    # The screenshot and smoke-test runs (remember_layout off) never write a layout.
    assert app_settings().value(GEOMETRY_KEY) is None


def test_a_layout_of_other_docks_is_not_applied(qtbot: QtBot) -> None:
    window = make_window(qtbot, 1200, 800)
    settings = app_settings()
    settings.setValue(DOCKS_KEY, window.saveState(99))  # another version's docks
    area = window.dockWidgetArea(window.docks["dice"])
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.docks["dice"])
    assert not WindowLayoutMemory(window).restore()
    assert window.dockWidgetArea(window.docks["dice"]) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert area != Qt.DockWidgetArea.LeftDockWidgetArea
    window.close()


def test_grid_contrast_in_the_view_menu_is_applied_and_remembered(qtbot: QtBot) -> None:
    window = make_window(qtbot, 1200, 800)
    normal = window.scene.grid_colour
    menu = window.grid_contrast
    assert menu.actions[GridContrast.AUTOMATIC].isChecked()  # it follows the art
    menu.actions[GridContrast.STRONG].trigger()
    strong = window.scene.grid_colour
    assert strong.alphaF() > normal.alphaF()
    assert strong.lightness() < normal.lightness()
    window.close()
    again = make_window(qtbot, 1200, 800)
    assert again.grid_contrast.actions[GridContrast.STRONG].isChecked()
    assert again.scene.grid_colour == strong
    again.grid_contrast.actions[GridContrast.FAINT].trigger()
    assert again.scene.grid_colour.alphaF() < normal.alphaF()
    assert (
        QSettings(app_settings().fileName(), QSettings.Format.IniFormat).value("view/gridContrast")
        == "faint"
    )
    again.close()


def test_the_player_view_draws_the_grid_with_the_contrast_the_gm_picked(qtbot: QtBot) -> None:
    """A strong grid picked for a bright room must reach the table's screen, open or not yet."""
    window = make_window(qtbot, 1200, 800)
    window.grid_contrast.actions[GridContrast.STRONG].trigger()
    players = open_player_view(window)
    assert players.scene.grid_colour == window.scene.grid_colour
    assert players.scene.grid_colour.alphaF() > 0.8
    window.grid_contrast.actions[GridContrast.FAINT].trigger()  # changed while it is open
    assert players.scene.grid_colour == window.scene.grid_colour
    assert players.scene.grid_colour.alphaF() < 0.3
    window.map_settings.apply(QColor(200, 30, 30), 0.5)  # View > Map Grid… colour
    assert players.scene.grid_colour == window.scene.grid_colour
    window.close()


def test_at_1024_by_700_the_main_widgets_show_whole(qtbot: QtBot) -> None:
    window = make_window(qtbot, 1024, 700)
    start_combat(window)
    frame = window.rect()
    widgets: dict[str, QWidget] = {
        "map": window.view,
        "initiative table": window.initiative_panel.table,
        "end turn": window.initiative_panel.end_turn_button,
        "actions": window.actions_panel.scroll_area,
        "actions list": window.actions_panel.tree,
        "toolbar": window.toolbar,
    }
    for name, widget in widgets.items():
        assert widget.isVisible(), name
        rect = _in_window(window, widget)
        assert frame.contains(rect), f"{name} is cut off: {rect} not in {frame}"
        assert rect.height() >= min(24, widget.sizeHint().height()), name
    # The map keeps the room it is there for: over half the height, over 40% of the width.
    assert window.view.height() >= 0.5 * 700
    assert window.view.width() >= 0.4 * 1024
    window.close()


def _eleven_creature_fight(window: MainWindow) -> None:
    session = window.session
    extra = [f"Kobold {i}" for i in range(1, 3)]
    for i, name in enumerate(extra):
        creature = Creature(CreatureId(f"kobold-{i}"), name, "monsters", square=Square(18, 2 + i))
        assert session.run(editing.place_creature, creature).ok
    for c in session.encounter.creatures:
        if c.hidden:
            assert session.run(editing.update_creature, c.id, hidden=False).ok
    assert len(session.encounter.creatures) == 11
    start_combat(window)


def test_at_1080p_an_eleven_creature_fight_needs_no_scrolling(qtbot: QtBot) -> None:
    window = make_window(qtbot, 1920, 1080)
    _eleven_creature_fight(window)
    table = window.initiative_panel.table
    assert table.model().rowCount() == 11
    settle()
    assert not table.verticalScrollBar().isVisible()
    last = table.visualRect(table.model().index(10, 0))
    assert table.viewport().rect().contains(last)
    window.close()
