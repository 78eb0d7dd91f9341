"""Opening bad files in the window (issue 12): what the GM is asked and told, and that the open
work stays as it was when a file is refused or the GM says Cancel.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.ui.message_boxes import caught_warnings


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    return win


def _demo_with_unreadable(tmp_path: Path, count: int) -> tuple[Path, list[str]]:
    data: dict[str, Any] = json.loads(demo_encounter_path().read_text(encoding="utf-8"))
    names = []
    for creature in [c for c in data["creatures"] if c.get("statblock")][:count]:
        creature["statblock"]["max_hp"] = "many"
        names.append(creature["name"])
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, names


def _answer(
    monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton, asked: list[str]
) -> None:
    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return button

    monkeypatch.setattr("orcus_desktop.ui.file_actions.QMessageBox.question", question)


def test_unreadable_stat_blocks_ask_before_leaving_creatures_out(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, names = _demo_with_unreadable(tmp_path, 2)
    asked: list[str] = []
    _answer(monkeypatch, QMessageBox.StandardButton.Cancel, asked)
    before = window.encounter
    assert window.open_file(path) is False
    assert window.encounter is before  # Cancel: the open work is untouched
    assert len(asked) == 1
    assert "Open anyway without these 2 creatures?" in asked[0]
    assert all(name in asked[0] for name in names)
    assert "max_hp" in asked[0]

    _answer(monkeypatch, QMessageBox.StandardButton.Open, asked)
    assert window.open_file(path)
    shown = {c.name for c in window.encounter.creatures}
    assert not shown & set(names)
    assert len(window.encounter.creatures) == len(before.creatures) - 2
    assert "Left out 2 creatures" in window.statusBar().currentMessage()


def test_a_refused_file_names_the_field_and_keeps_the_open_work(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = caught_warnings(monkeypatch, "orcus_desktop.ui.file_actions")
    data = json.loads(demo_encounter_path().read_text(encoding="utf-8"))
    data["creatures"][1]["square"] = data["creatures"][0]["square"]
    path = tmp_path / "overlap.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = window.encounter
    assert window.open_file(path) is False
    assert window.encounter is before
    first = data["creatures"][0]
    col, row = first["square"]
    assert shown == [
        f'overlap.json: creatures[1].square: overlaps "{first["id"]}" at ({col}, {row})'
    ]


def test_a_failed_save_says_why_and_keeps_the_work_unsaved(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = caught_warnings(monkeypatch, "orcus_desktop.ui.file_actions")
    target = tmp_path / "fight.json"
    assert window.save_to(target)
    good = target.read_bytes()
    window.session.run(editing.rename_encounter, "Renamed before the disk filled")
    before = window.encounter

    def disk_full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("orcus_desktop.model.atomic_file.os.fsync", disk_full)
    assert window.save_to(target) is False
    assert shown == [
        "Could not save fight.json: the disk is full; nothing was changed, "
        "and the last saved file is as it was."
    ]
    assert window.encounter is before
    assert not window.session.history.is_clean  # still unsaved: the GM can save elsewhere
    assert target.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["fight.json"]
