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

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QApplication, QWidget

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
