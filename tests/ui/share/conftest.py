"""Sharing tests: the GM's window they share from."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    """The GM's window on the demo (opened from its file); sharing stops when the test ends."""
    win = MainWindow(load_encounter(demo_encounter_path()), demo_encounter_path())
    qtbot.addWidget(win)
    yield win
    win.sharing.stop()
    win.close()
