"""File > Import Map and Import Creatures on hostile files (issue 29): one line, no traceback.

The window must not freeze on a named pipe nor let an exception of the import escape its slot.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path, resource_path
from orcus_desktop.controller.files.creature_library import UserLibrary
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui import uvtt_actions
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.ui.panels.palette import load_library
from tests.hostile_files import HOSTILE
from tests.ui.message_boxes import caught_warnings
from tests.uvtt_files import corridor_map, write_map


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    win = MainWindow(Encounter(GridBounds(6, 6), name="Empty room"), None)
    qtbot.add_widget(win)
    return win


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return caught_warnings(monkeypatch, "orcus_desktop.ui.uvtt_actions")


@pytest.mark.parametrize("name", ["fifo.dd2vtt", "nested map", "5000-digit number map"])
def test_import_map_refuses_a_hostile_file_in_one_line(
    name: str, window: MainWindow, tmp_path: Path, warnings: list[str]
) -> None:
    if os.name != "posix" and name == "fifo.dd2vtt":
        pytest.skip("named pipes are POSIX")
    path = HOSTILE[name](tmp_path, False)
    before = window.encounter
    assert window.map_files.import_file(path) is None
    assert window.encounter == before
    assert len(warnings) == 1
    assert len(warnings[0].splitlines()) == 1
    assert path.name in warnings[0]
    assert window.statusBar().currentMessage().startswith(f"Could not import {path.name}")


def test_an_unexpected_failure_of_the_import_is_one_line(
    window: MainWindow, tmp_path: Path, warnings: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*_args: object) -> object:
        raise MemoryError

    monkeypatch.setattr(uvtt_actions, "import_uvtt_file", explode)
    path = write_map(tmp_path / "keep.dd2vtt", corridor_map())
    assert window.map_files.import_file(path) is None
    assert warnings == ["keep.dd2vtt: cannot be imported (out of memory)"]


def test_import_creatures_never_lets_an_exception_escape(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = LibraryPanel(load_library(resource_path("creatures")), UserLibrary(tmp_path / "mine"))
    qtbot.add_widget(panel)
    path = HOSTILE["nested library"](tmp_path, False)
    assert not panel.import_file(path)
    assert panel.message.text() == (
        "Not imported: nested.json: file: not a creature library (nested more than 64 levels deep)"
    )

    def explode(_path: Path) -> list[str]:
        raise RecursionError

    monkeypatch.setattr(panel.library, "import_file", explode)
    assert not panel.import_file(path)
    assert panel.message.text() == "Not imported: nested.json: nested too deeply"


def test_file_open_cuts_an_echoed_input_with_the_count_of_what_was_cut(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: a 10,000-character ruleset id was echoed whole in the message box."""
    said = caught_warnings(monkeypatch, "orcus_desktop.ui.file_actions")
    data = json.loads(demo_encounter_path().read_text(encoding="utf-8"))
    data["ruleset"] = {"id": "x" * 10_000}
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert not window.files.open_file(path)
    assert len(said) == 1
    assert said[0].startswith("odd.json: ruleset: unknown ruleset 'xxx")
    assert said[0].endswith(" more characters)")
    assert len(said[0]) < 400
    assert len(window.statusBar().currentMessage()) < 400
