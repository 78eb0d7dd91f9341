"""The GM's window on the demo encounter, shown: what most window tests start from."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow

LAPTOP = (1440, 900)
"""A laptop's screen: the docks leave the map a narrow view (issue 28's placement tests)."""


def shown_demo_window(qtbot: QtBot, size: tuple[int, int] | None = None) -> MainWindow:
    """A new GM's window on the demo, resized to `size` if given, shown and exposed.

    qtbot closes it after the test.
    """
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    if size is not None:
        win.resize(*size)
    win.show()
    qtbot.wait_exposed(win)
    return win
