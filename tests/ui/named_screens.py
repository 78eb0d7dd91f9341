"""Named screens for the window tests that need them (issue 13, issue 31 item 1).

The test process's QApplication has one screen. A test that needs others runs a cases file
(`*_screen_cases.py`) in a process of its own, on Qt's offscreen platform told of the screens
(`QT_QPA_PLATFORM=offscreen:configfile=...`, a JSON like `LAPTOP_AND_TV`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QApplication, QMenu, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.app import show_main_window
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.turns import initiative
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.conftest import REPO_ROOT

LAPTOP, TV = "GM laptop", "Table TV"
LAPTOP_AND_TV = {
    "screens": [
        {"name": LAPTOP, "x": 0, "y": 0, "width": 1280, "height": 800, "logicalDpi": 96},
        {"name": TV, "x": 1280, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96},
    ]
}
"""The GM's 1280x800 laptop with the players' 1920x1080 TV to its right."""


OFFSCREEN_WARNINGS = (
    "This plugin does not support propagateSizeHints",
    # The offscreen platform's words for a menu's popup (More ▾), not the app's.
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",
)
"""What the offscreen platform logs for a window and a popup menu; the cases ignore them."""


def one_screen(name: str, width: int, height: int) -> dict[str, object]:
    """The configuration of one screen called `name`, `width` x `height` at 96 dpi."""
    screen = {"name": name, "x": 0, "y": 0, "width": width, "height": height, "logicalDpi": 96}
    return {"screens": [screen]}


def demo_window_on(qtbot: QtBot, name: str) -> MainWindow:
    """The GM's window on the demo fight, on the one screen `name` the test process has."""
    assert [s.name() for s in QGuiApplication.screens()] == [name], f"run on {name!r} alone"
    window = show_main_window(load_encounter(demo_encounter_path()), None, player_view=False)
    qtbot.add_widget(window)
    qtbot.wait_exposed(window)
    for _ in range(6):
        QApplication.processEvents()
    return window


def run_cases(tmp_path: Path, screens: object, cases: str) -> str:
    """Run the test file `cases` on Qt's offscreen platform told of `screens`; its last line."""
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(screens), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(Path("tests", "ui", cases)),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    return result.stdout.splitlines()[-1]


def screen(name: str) -> QScreen:
    (found,) = [s for s in QGuiApplication.screens() if s.name() == name]
    return found


def on_screen(widget: QWidget) -> QRect:
    """Where `widget` is on the desktop."""
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def assert_gm_box_whole_in_one_place(window: MainWindow, area: QRect) -> None:
    """Whoever the GM selects, the GM box shows whole inside `area` and the Actions dock,
    without a scroll, and stays in one place from one selection to the next (issue 31 item 1).
    """
    panel = window.actions_panel
    if not panel.gm_header.is_open:  # closed on a short window until the GM opens it
        panel.gm_header.click()
    places = set()
    for creature in window.encounter.creatures:
        window.scene.select_creature(creature.id)
        QApplication.processEvents()
        box = panel.gm_box
        assert box.isVisible(), creature.name
        assert area.contains(on_screen(box)), creature.name
        assert not panel.scroll_area.isAncestorOf(box)
        assert on_screen(window.docks["actions"]).contains(on_screen(box)), creature.name
        places.add(on_screen(box).topLeft().toTuple())
    assert len(places) == 1, places


def sister_venns_turn(window: MainWindow) -> None:
    """The demo fight as the README shows it: Brakka's turn ended, Sister Venn's begun."""
    session = window.session
    order = ["brakka", "sister-venn", "ilsabet", "quill", "goblin-1", "goblin-2"]
    order += [c.id for c in session.encounter.creatures if c.id not in order]
    session.run(initiative.roll_initiative, totals={cid: 30 - i for i, cid in enumerate(order)})
    session.run(initiative.start_combat)
    session.end_turn()
    for _ in range(6):
        QApplication.processEvents()
    assert window.actions_panel.title.text() == "Sister Venn: its turn"


def actions_rows_in_view(window: MainWindow) -> list[str]:
    """The powers and actions the Actions list shows whole without scrolling (R-237)."""
    panel = window.actions_panel
    tree = panel.tree
    view = on_screen(tree.viewport()).intersected(on_screen(panel.scroll_area.viewport()))
    assert on_screen(window).contains(view)
    rows = []
    for i in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(i)
        assert group is not None
        for j in range(group.childCount()):
            row = group.child(j)
            assert row is not None
            place = tree.visualItemRect(row)
            where = QRect(tree.viewport().mapToGlobal(place.topLeft()), place.size())
            if place.isValid() and view.contains(where):
                rows.append(row.text(0))
    return rows


def actions_dock_view(window: MainWindow) -> QRect:
    """What the GM sees of the Actions panel's scrolling part, on the desktop, unscrolled."""
    panel = window.actions_panel
    assert panel.scroll_area.verticalScrollBar().value() == 0, "scrolled"
    view = on_screen(panel.scroll_area.viewport()).intersected(on_screen(window.docks["actions"]))
    assert on_screen(window).contains(view)
    return view


def action_buttons_one_click_away(qtbot: QtBot, window: MainWindow) -> tuple[list[str], list[str]]:
    """The Actions panel's buttons under the list the GM reaches without scrolling (R-257).

    Returns the words of those shown whole in the dock's view, and of the items of the
    "More ▾" menu, when that button is shown whole there (clicked to open the menu).
    """
    panel = window.actions_panel
    view = actions_dock_view(window)
    buttons = [*panel.action_buttons.buttons.values(), *panel.help_buttons.buttons.values()]
    shown = [b.text() for b in buttons if b.isVisible() and view.contains(on_screen(b))]
    more = panel.findChild(QPushButton, "more_button")
    if more is None or not more.isVisible() or not view.contains(on_screen(more)):
        return shown, []
    qtbot.mouseClick(more, Qt.MouseButton.LeftButton)
    menu = panel.findChild(QMenu, "moreMenu")
    assert menu is not None
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    listed = [a.text() for a in menu.actions() if a.isVisible() and not a.isSeparator()]
    menu.close()
    return shown, listed
