"""The map-first layouts (issue 31 item 2, docs/rulings.md R-162), driven as a GM would.

"The map gets about half the window: five docks crowd it. Library names are cut ('Cinderwing
Drake (large, mons'); the toolbar is text only and overflows into '»' even at 1440 px." Now
the window opens in Run the Fight (initiative, actions, the log), F6 switches to Prepare the
Map (the library, the map tools) and back, each kept as the GM left it; F7 hides the side
panels; the rail at the left edge opens and closes each one; the tool bars are icons.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QMenu, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.app import show_main_window
from orcus_desktop.assets import demo_encounter_path, resource_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.about_dialog import AboutDialog
from orcus_desktop.ui.icons import drawn_icon_names, icon_names
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.palette import CreatureLibraryModel
from orcus_desktop.ui.workspaces import Workspace
from tests.ui.test_window_layout import start_combat

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def layout(window: MainWindow) -> Workspace | None:
    """The layout shown (read afresh: a key press changes it)."""
    return window.workspaces.current


LAPTOP = (1280, 800)
FIGHT_DOCKS = {"initiative", "actions", "log"}
PREPARE_DOCKS = {"library", "creatures"}


def settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def open_app(qtbot: QtBot, *, remember: bool = False) -> MainWindow:
    """The app's own window on the demo, as `orcus-desktop` opens it, at laptop size."""
    window = show_main_window(
        load_encounter(demo_encounter_path()), None, player_view=False, remember_layout=remember
    )
    qtbot.add_widget(window)
    if not remember:
        window.resize(*LAPTOP)
    qtbot.wait_exposed(window)
    window.activateWindow()
    qtbot.wait_until(lambda: QApplication.activeWindow() is window)
    settle()
    return window


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    win = open_app(qtbot)
    yield win
    win.close()


def press(qtbot: QtBot, window: MainWindow, key: Qt.Key) -> None:
    qtbot.keyClick(window, key)
    settle()


def shown_docks(window: MainWindow) -> set[str]:
    return {key for key, dock in window.docks.items() if dock.isVisible()}


def map_share(window: MainWindow) -> float:
    """How much of the window the map view takes."""
    view = window.view
    return view.width() * view.height() / (window.width() * window.height())


def tab_shown(window: MainWindow, key: str) -> bool:
    """The dock is open and not behind another's tab."""
    dock = window.docks[key]
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def test_it_opens_to_run_the_fight_with_the_map_first(window: MainWindow) -> None:
    assert layout(window) is Workspace.FIGHT
    assert window.workspaces.actions[Workspace.FIGHT].isChecked()
    assert shown_docks(window) == FIGHT_DOCKS
    assert not window.toolbar.prepare_bar.isVisible()
    assert window.toolbar.isVisible()
    assert map_share(window) > 0.5
    # The map is the widest thing in the window.
    assert window.view.width() > window.width() / 2


def test_f6_switches_to_prepare_the_map_and_back(qtbot: QtBot, window: MainWindow) -> None:
    press(qtbot, window, Qt.Key.Key_F6)
    assert layout(window) is Workspace.PREPARE
    assert window.workspaces.actions[Workspace.PREPARE].isChecked()
    assert shown_docks(window) == PREPARE_DOCKS
    assert tab_shown(window, "library")
    assert window.docks["creatures"] in window.tabifiedDockWidgets(window.docks["library"])
    assert window.toolbar.prepare_bar.isVisible()
    assert map_share(window) > 0.6
    press(qtbot, window, Qt.Key.Key_F6)
    assert layout(window) is Workspace.FIGHT
    assert shown_docks(window) == FIGHT_DOCKS


def test_the_library_names_are_never_cut(qtbot: QtBot, window: MainWindow) -> None:
    press(qtbot, window, Qt.Key.Key_F6)  # Prepare: the library
    view = window.creature_palette.list_view
    model = view.model()
    viewport = view.viewport().rect()
    metrics = QFontMetrics(view.font())
    checked = []
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        text = str(model.data(index, Qt.ItemDataRole.DisplayRole))
        rect = view.visualRect(index)
        assert rect.left() >= viewport.left(), text
        assert rect.right() <= viewport.right(), text
        wrapped = metrics.boundingRect(
            QRect(0, 0, rect.width(), 10_000), Qt.TextFlag.TextWordWrap, text
        )
        assert wrapped.width() <= rect.width(), text
        assert wrapped.height() <= rect.height(), text
        checked.append(str(model.data(index, CreatureLibraryModel.EntryRole)))
    assert "Cinderwing Drake" in checked


def test_each_layout_is_kept_as_the_gm_left_it(qtbot: QtBot, window: MainWindow) -> None:
    press(qtbot, window, Qt.Key.Key_F6)  # Prepare
    window.resizeDocks([window.docks["library"]], [420], Qt.Orientation.Horizontal)
    window.docks["creatures"].raise_()  # the GM looks at the creatures on the map
    settle()
    library_width = window.docks["library"].width()
    press(qtbot, window, Qt.Key.Key_F6)  # Run the Fight: the GM opens the dice there
    window.docks["dice"].toggleViewAction().trigger()
    settle()
    assert "dice" in shown_docks(window)
    press(qtbot, window, Qt.Key.Key_F6)  # back to Prepare, as it was
    assert shown_docks(window) == PREPARE_DOCKS
    assert abs(window.docks["library"].width() - library_width) <= 2
    assert tab_shown(window, "creatures")
    press(qtbot, window, Qt.Key.Key_F6)  # and the fight, with its dice
    assert shown_docks(window) == FIGHT_DOCKS | {"dice"}


def test_both_layouts_are_remembered_for_the_next_run(qtbot: QtBot) -> None:
    first = open_app(qtbot, remember=True)
    first.resize(*LAPTOP)
    settle()
    press(qtbot, first, Qt.Key.Key_F6)  # Prepare, with a wide library
    first.resizeDocks([first.docks["library"]], [400], Qt.Orientation.Horizontal)
    settle()
    width = first.docks["library"].width()
    first.close()
    again = open_app(qtbot, remember=True)
    assert layout(again) is Workspace.PREPARE
    assert shown_docks(again) == PREPARE_DOCKS
    assert abs(again.docks["library"].width() - width) <= 2
    press(qtbot, again, Qt.Key.Key_F6)
    assert shown_docks(again) == FIGHT_DOCKS
    again.close()


def test_f7_gives_the_map_the_whole_window_and_brings_the_panels_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    before = map_share(window)
    press(qtbot, window, Qt.Key.Key_F7)
    assert window.workspaces.collapse_action.isChecked()
    assert shown_docks(window) == set()
    assert map_share(window) > 0.8 > before
    # The rail stays: a narrow bar at the left edge, one icon a panel.
    rail = window.workspaces.rail
    assert rail.isVisible()
    assert rail.width() <= 48
    press(qtbot, window, Qt.Key.Key_F7)
    assert not window.workspaces.collapse_action.isChecked()
    assert shown_docks(window) == FIGHT_DOCKS
    # Collapsed, a click on a panel's icon opens that one alone; the panels are then shown.
    press(qtbot, window, Qt.Key.Key_F7)
    initiative = window.docks["initiative"].toggleViewAction()
    button = rail.widgetForAction(initiative)
    assert isinstance(button, QToolButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    settle()
    assert shown_docks(window) == {"initiative"}
    assert not window.workspaces.collapse_action.isChecked()


def test_the_tool_bars_are_icons_grouped_fight_then_map_with_words_in_tips_and_menus(
    qtbot: QtBot, window: MainWindow
) -> None:
    press(qtbot, window, Qt.Key.Key_F6)  # Prepare shows both bars
    fight_bar, map_bar = window.toolbar, window.toolbar.prepare_bar
    assert map_bar.isVisible()
    assert fight_bar.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
    assert map_bar.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
    on_bar = {
        bar: {str(a.data()) for a in bar.actions() if a in window.toolbar.tool_group.actions()}
        for bar in (fight_bar, map_bar)
    }
    assert on_bar[fight_bar] == {"select", "move", "measure", "template", "sight"}
    assert on_bar[map_bar] == {
        "wall", "window", "door", "terrain", "erase", "calibrate", "light", "darkness"
    }  # fmt: skip
    (tools_menu,) = [m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Tools"]
    in_menu = {a.text() for a in tools_menu.actions()}
    for act, _factory in window.toolbar.tools.values():
        assert not act.icon().isNull(), act.text()
        assert act.text() in act.toolTip()
        assert act.shortcut().toString() in act.toolTip()
        assert act.text() in in_menu
    # At 1280 px nothing spills into the "»" overflow.
    for bar in (fight_bar, map_bar, window.workspaces.rail):
        overflow = bar.findChild(QToolButton, "qt_toolbar_ext_button")
        assert overflow is None or not overflow.isVisible(), bar.windowTitle()


def test_the_icons_are_bundled_with_their_licence_used_and_credited(
    qtbot: QtBot, window: MainWindow
) -> None:
    licence = resource_path("icons", "tabler", "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    # Only the icons the app draws are bundled.
    assert set(icon_names()) == drawn_icon_names()
    window.about_action.trigger()
    dialog = window.findChild(AboutDialog)
    assert isinstance(dialog, QWidget)
    qtbot.add_widget(dialog)
    text = dialog.text.toPlainText()
    assert "Tabler Icons" in text
    assert "MIT" in text
    dialog.close()


def test_in_run_the_fight_the_powers_are_named_whole(window: MainWindow) -> None:
    """The Actions dock in Run the Fight at 1280x800: "Beacon of Hope", not "Beacon of ..."."""
    start_combat(window)
    tree = window.actions_panel.tree
    metrics = tree.fontMetrics()
    named = []
    for creature in ("sister-venn", "ilsabet", "brakka"):
        window.scene.select_creature(creature)
        settle()
        powers = tree.topLevelItem(0)
        assert powers is not None
        for row in range(powers.childCount()):
            item = powers.child(row)
            assert item is not None
            cell = tree.visualRect(tree.indexFromItem(item, 0))
            assert cell.width() >= metrics.horizontalAdvance(item.text(0)) + 6, item.text(0)
            named.append(item.text(0))
    assert "Beacon of Hope" in named
