"""File > Open Recent, the window title's file name and unsaved mark, Save As's proposed name.

Issue 17: "Recent files (QSettings), Save As with the encounter name as default, and the window
title showing the file and an unsaved mark." Every test's settings live in a folder of its own
(tests/ui/conftest.py `own_settings`), never the GM's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.recent_files import MAX_RECENT, RecentFiles, default_file_name
from tests.ui.message_boxes import caught_warnings


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    return win


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return caught_warnings(monkeypatch, "orcus_desktop.ui.recent_files")


def recent_entries(window: MainWindow) -> list[str]:
    """The file entries File > Open Recent shows, as the GM reads them."""
    menu = window.files.recent_menu
    menu.aboutToShow.emit()  # what opening the menu does
    return [a.text() for a in menu.actions() if a.isEnabled() and a.toolTip().endswith(".json")]


def test_open_recent_sits_under_open_in_the_file_menu(window: MainWindow) -> None:
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    texts = [a.text() for a in file_menu.actions()]
    assert texts.index("Open &Recent") == texts.index("&Open…") + 1


def test_saved_and_opened_files_come_first_and_reopen_in_a_new_window(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert window.save_to(first)
    assert window.save_to(second)
    assert window.open_file(first)
    assert recent_entries(window) == ["&1 first.json", "&2 second.json"]
    # The list is the GM's, kept in the settings: a window opened later shows it too.
    later = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(later)
    assert recent_entries(later) == ["&1 first.json", "&2 second.json"]
    later.files.recent_menu.actions()[1].trigger()  # "&2 second.json"
    assert later.path == second


def test_a_missing_recent_file_is_removed_with_a_message(
    window: MainWindow, tmp_path: Path, warnings: list[str]
) -> None:
    gone = tmp_path / "gone.json"
    assert window.save_to(gone)
    gone.unlink()
    before = window.encounter
    window.files.recent_menu.aboutToShow.emit()
    window.files.recent_menu.actions()[0].trigger()
    assert window.encounter is before
    assert len(warnings) == 1
    assert "gone.json is no longer at" in warnings[0]
    assert "removed from File > Open Recent" in warnings[0]
    assert recent_entries(window) == []


def test_the_list_keeps_the_newest_files_once_each(tmp_path: Path) -> None:
    recent = RecentFiles()
    for number in range(MAX_RECENT + 2):
        recent.add(tmp_path / f"e{number}.json")
    recent.add(tmp_path / "e5.json")
    names = [p.name for p in recent.paths()]
    assert len(names) == MAX_RECENT
    assert names[:3] == ["e5.json", f"e{MAX_RECENT + 1}.json", f"e{MAX_RECENT}.json"]
    assert names.count("e5.json") == 1
    recent.clear()
    assert recent.paths() == []


def test_title_names_the_file_and_marks_unsaved_changes(
    window: MainWindow, tmp_path: Path
) -> None:
    assert "(unsaved)" in window.windowTitle()
    assert not window.isWindowModified()
    target = tmp_path / "cave.json"
    assert window.save_to(target)
    assert window.windowTitle().startswith(f"{window.encounter.name} (cave.json)[*]")
    assert not window.isWindowModified()
    assert window.session.move_creature("brakka", Square(5, 6), initiator=window).ok
    assert window.isWindowModified()  # Qt draws the "[*]" as "*"
    window.session.undo(initiator=window)
    assert not window.isWindowModified()


def test_save_as_proposes_the_encounter_name_in_the_last_used_folder(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proposed: list[str] = []

    def save_dialog(_parent: object, _title: str, start: str, *_args: object) -> object:
        proposed.append(start)
        return "", ""  # the GM cancels

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    folder = tmp_path / "campaign"
    folder.mkdir()
    RecentFiles().add(folder / "earlier.json")  # the GM last saved there
    window.files.save_as_action.trigger()
    assert proposed == [str(folder / default_file_name(window.encounter.name))]
    assert default_file_name(window.encounter.name).startswith(window.encounter.name)


def test_default_file_names_are_safe_everywhere() -> None:
    assert default_file_name('Goblins: the "Ambush"') == "Goblins the Ambush.orcus"
    assert default_file_name("a/b\\c") == "a b c.orcus"
    assert default_file_name(" ... ") == "encounter.orcus"


def test_a_file_opened_at_start_is_remembered_but_not_the_bundled_demo(
    window: MainWindow, tmp_path: Path
) -> None:
    window.files.remember(demo_encounter_path())
    assert RecentFiles().paths() == []
    mine = tmp_path / "mine.json"
    assert window.save_to(mine)
    RecentFiles().clear()
    window.files.remember(mine)
    assert RecentFiles().paths() == [mine.absolute()]
