"""Library edits are undoable, and an edit can be applied to the tokens already placed.

Issue 17: the editor is "Undoable; saved to the GM's library; changes can be applied to tokens
already on the map, or not." Each library edit is one step of Edit > Undo; applying it to the
placed tokens is part of that same step.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.tools.library_drop import LibraryEntry, creature_from_entry
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.library_panel import (
    LibraryPanel,
    apply_question,
    ask_apply_to_tokens,
)
from tests.controller.conftest import fighter

# The offscreen platform warns when a message box is shown; harmless.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    win = MainWindow(Encounter(GridBounds(12, 12), creatures=(fighter("hero", 1, 1),)), None)
    qtbot.add_widget(win)
    return win


def panel_of(window: MainWindow) -> LibraryPanel:
    panel = window.creature_palette
    assert isinstance(panel, LibraryPanel)
    return panel


def build_brute(panel: LibraryPanel) -> LibraryEntry:
    """The GM builds "Cave Brute" in the editor and saves it; its library entry."""
    editor = panel.editor()
    editor.name.setText("Cave Brute")
    editor.level.setValue(3)
    editor.role.setCurrentIndex(editor.role.findData("brute"))
    editor.use_suggestions.click()
    assert editor.save(), editor.problem.text()
    panel.select_name("Cave Brute")
    entry = panel.selected_entry()
    assert entry is not None
    return entry


def test_saving_a_new_creature_is_one_undo_step(window: MainWindow) -> None:
    panel = panel_of(window)
    build_brute(panel)
    assert window.undo_action.text() == "&Undo Save Cave Brute to your library"
    window.undo_action.trigger()
    assert panel.library.names() == []
    panel.search.setText("cave")
    assert panel.visible_names() == []  # the dock follows the undo
    window.redo_action.trigger()
    assert panel.library.names() == ["Cave Brute"]
    assert panel.visible_names() == ["Cave Brute"]


def test_duplicate_delete_and_import_are_undone_one_by_one(window: MainWindow) -> None:
    panel = panel_of(window)
    build_brute(panel)
    panel.duplicate_selected()
    assert panel.library.names() == ["Cave Brute", "Cave Brute (copy)"]
    panel.select_name("Cave Brute")
    panel.delete_selected()
    assert panel.library.names() == ["Cave Brute (copy)"]
    window.undo_action.trigger()
    assert panel.library.names() == ["Cave Brute", "Cave Brute (copy)"]
    window.undo_action.trigger()
    assert panel.library.names() == ["Cave Brute"]


def place_two(window: MainWindow, entry: LibraryEntry) -> tuple[str, str]:
    session = window.session
    first = creature_from_entry(session.encounter, entry, (5.5, 5.5))
    assert session.run(editing.place_creature, first).ok
    second = creature_from_entry(session.encounter, entry, (8.5, 8.5))
    assert session.run(editing.place_creature, second).ok
    return first.id, second.id


def test_an_edit_applied_to_the_placed_tokens_is_undone_with_them(window: MainWindow) -> None:
    panel = panel_of(window)
    session = window.session
    entry = build_brute(panel)
    first, second = place_two(window, entry)
    old_max = int(entry.statblock["max_hp"])
    assert session.run(gm_edits.set_hit_points, first, old_max - 7).ok  # the first one is wounded
    asked: list[tuple[str, int]] = []

    def answer(name: str, count: int) -> bool:
        asked.append((name, count))
        return True  # "Apply to the 2 tokens"

    panel.ask_apply = answer
    editor = panel.editor(entry)
    editor.max_hp.setValue(old_max + 20)
    editor.speed.setValue(8)
    before = session.encounter
    assert editor.save(), editor.problem.text()
    assert asked == [("Cave Brute", 2)]
    tokens = [session.encounter.creature(first), session.encounter.creature(second)]
    assert [t.statblock["max_hp"] for t in tokens] == [old_max + 20] * 2
    assert [t.speed for t in tokens] == [8, 8]
    wounded = tokens[0].state
    assert wounded is not None
    assert wounded.current_hp == old_max + 20 - 7  # the damage it took is kept
    # Their own names kept (the first numbered when the second was placed, issue 28).
    assert [t.name for t in tokens] == ["Cave Brute 1", "Cave Brute 2"]
    assert window.undo_action.text() == (
        "&Undo Save Cave Brute to your library, applied to 2 tokens"
    )
    window.undo_action.trigger()  # one step takes back both
    assert session.encounter == before
    assert session.encounter.creature(first).statblock["max_hp"] == old_max
    library_brute = panel.library.get("Cave Brute")
    assert library_brute is not None
    assert library_brute["max_hp"] == old_max
    window.redo_action.trigger()
    assert session.encounter.creature(second).statblock["max_hp"] == old_max + 20


def test_the_gm_can_keep_the_placed_tokens_as_they_are(window: MainWindow) -> None:
    panel = panel_of(window)
    session = window.session
    entry = build_brute(panel)
    first, _second = place_two(window, entry)
    panel.ask_apply = lambda _name, _count: False  # "Only the library"
    editor = panel.editor(entry)
    old_max = editor.max_hp.value()
    editor.max_hp.setValue(old_max + 5)
    before = session.encounter
    assert editor.save()
    assert session.encounter == before
    assert session.encounter.creature(first).statblock["max_hp"] == old_max
    library_brute = panel.library.get("Cave Brute")
    assert library_brute is not None
    assert library_brute["max_hp"] == old_max + 5
    window.undo_action.trigger()
    library_brute = panel.library.get("Cave Brute")
    assert library_brute is not None
    assert library_brute["max_hp"] == old_max


def test_no_question_when_no_token_of_the_creature_is_placed(window: MainWindow) -> None:
    panel = panel_of(window)
    entry = build_brute(panel)
    panel.ask_apply = lambda _name, _count: pytest.fail("asked with nothing on the map")
    editor = panel.editor(entry)
    editor.speed.setValue(4)
    assert editor.save()


def test_the_question_names_the_creature_and_how_many_tokens() -> None:
    text = apply_question("Cave Brute", 2)
    assert text.startswith("2 tokens of Cave Brute are on the map. Apply your changes to them")
    assert "damage they have taken" in text
    assert apply_question("Ogre", 1).startswith("1 token of Ogre is on the map")


@pytest.mark.parametrize(("button", "applies"), [("Apply to the 2 tokens", True), ("Only", False)])
def test_the_dialog_offers_apply_or_only_the_library(
    qtbot: QtBot, button: str, applies: bool
) -> None:
    parent = QWidget()
    qtbot.add_widget(parent)
    seen: list[str] = []

    def click() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.extend(b.text() for b in box.buttons())
        next(b for b in box.buttons() if b.text().startswith(button)).click()

    QTimer.singleShot(0, click)
    assert ask_apply_to_tokens(parent, "Cave Brute", 2) is applies
    assert sorted(seen) == ["Apply to the 2 tokens", "Only the library"]


def test_a_size_that_no_longer_fits_is_not_applied_and_says_why(window: MainWindow) -> None:
    panel = panel_of(window)
    session = window.session
    entry = build_brute(panel)
    first = creature_from_entry(session.encounter, entry, (5.5, 5.5))
    assert session.run(editing.place_creature, first).ok
    beside = creature_from_entry(session.encounter, entry, (6.5, 5.5))  # the next square
    assert session.run(editing.place_creature, beside).ok
    panel.ask_apply = lambda _name, _count: True
    editor = panel.editor(entry)
    editor.size_box.setCurrentIndex(editor.size_box.findData("large"))
    before = session.encounter
    assert editor.save()
    assert session.encounter == before  # no token changed: all or nothing
    assert "does not fit there" in panel.not_applied
    library_brute = panel.library.get("Cave Brute")
    assert library_brute is not None
    assert library_brute["size"] == "large"  # the library edit itself stands
    window.undo_action.trigger()
    library_brute = panel.library.get("Cave Brute")
    assert library_brute is not None
    assert library_brute["size"] == "medium"


def test_an_edit_of_the_library_only_leaves_the_encounter_saved(window: MainWindow) -> None:
    """The library is its own file, written at once: the encounter has nothing new to save.

    Applied to the placed tokens, the same edit changes the encounter and marks it unsaved.
    """
    panel = panel_of(window)
    session = window.session

    def saved() -> bool:  # a call, so that mypy does not narrow the property between steps
        return session.history.is_clean

    entry = build_brute(panel)
    assert saved()
    assert not window.isWindowModified()
    place_two(window, entry)
    session.history.mark_clean()  # File > Save
    panel.ask_apply = lambda _name, _count: False  # "Only the library"
    editor = panel.editor(entry)
    editor.speed.setValue(4)
    assert editor.save()
    assert saved()
    assert not window.isWindowModified()
    window.undo_action.trigger()  # the library edit undone: still the saved encounter
    assert saved()
    window.redo_action.trigger()
    panel.ask_apply = lambda _name, _count: True  # "Apply to the 2 tokens"
    editor = panel.editor(entry)
    editor.speed.setValue(8)
    assert editor.save()
    assert not saved()
    assert window.isWindowModified()


def test_a_lower_maximum_never_drops_a_standing_token_and_says_so(window: MainWindow) -> None:
    """R-215: the GM lowers Cave Brute's hit points by more than a wounded token has left.
    000 "Falling Unconscious" drops a creature only when *damage* takes it to 0 or below, and
    an edit is not damage: the token stays standing at 1 HP, awake, and the status bar names
    it; the unhurt token keeps its damage (none) against the new maximum; undo restores both."""
    panel = panel_of(window)
    session = window.session
    entry = build_brute(panel)
    first, second = place_two(window, entry)
    old_max = int(entry.statblock["max_hp"])
    assert session.run(gm_edits.set_hit_points, first, 5).ok
    before = session.encounter
    panel.ask_apply = lambda _name, _count: True
    editor = panel.editor(entry)
    editor.max_hp.setValue(old_max - 10)
    assert editor.save(), editor.problem.text()
    wounded, unhurt = (session.encounter.creature(c).state for c in (first, second))
    assert wounded is not None
    assert (wounded.current_hp, wounded.dead, wounded.conditions) == (1, False, ())
    assert unhurt is None or unhurt.current_hp == old_max - 10
    assert window.statusBar().currentMessage() == (
        "Save Cave Brute to your library, applied to 2 tokens; Cave Brute 1 kept standing at 1 HP"
    )
    assert panel.applied_note == "Cave Brute 1 kept standing at 1 HP"
    window.undo_action.trigger()
    assert session.encounter == before
