"""The creature editor's Hands field, from the GM's side (001-34).

Seed 001 "Ready" (l.330): "You can only have a number of ready items equal to your number of
hands"; the stat block's `hands` is that number (docs/rulings.md R-98). The GM sets it in the
editor, it is saved to the library and shown again when the library is reopened, and a
creature placed from it holds only that many one-hand items ready.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.tools.library_drop import creature_from_entry
from orcus_desktop.controller.variants.strike import ready_items
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ready_items import ItemKind
from orcus_desktop.ui.creature_editor import CreatureEditor
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from tests.controller.conftest import make_session
from tests.ui.library_reopen import library_panel, reopened_entry


@pytest.fixture
def panel(qtbot: QtBot, tmp_path: Path) -> LibraryPanel:
    return library_panel(qtbot, tmp_path)


def test_the_gm_gives_a_creature_three_hands_saved_and_reopened(
    qtbot: QtBot, tmp_path: Path, panel: LibraryPanel
) -> None:
    editor = panel.editor()
    assert editor.hands.value() == 2  # 001-34: the usual two when the stat block names none
    editor.name.setText("Three-Armed Thug")
    editor.hands.setValue(3)
    assert editor.save(), editor.problem.text()
    saved = panel.library.get("Three-Armed Thug")
    assert saved is not None
    assert saved["hands"] == 3

    again = reopened_entry(qtbot, tmp_path, "three-armed")
    entry = again.selected_entry()
    assert entry is not None
    reopened = again.editor(entry)
    assert reopened.hands.value() == 3
    # Unchanged through a second save of the edited creature.
    assert reopened.save(), reopened.problem.text()
    assert again.library.get("Three-Armed Thug") == saved

    # In a 001 game the placed creature readies up to three one-hand items, not a fourth.
    session = make_session(Encounter(GridBounds(8, 8), ruleset_id="strike"))
    thug = creature_from_entry(session.encounter, entry, (2.5, 2.5))
    assert session.run(editing.place_creature, thug).ok
    for item in ("club", "shield", "torch"):
        assert session.run(ready_items.ready_item, thug.id, item, ItemKind.MELEE_WEAPON).ok
    fourth = session.run(ready_items.ready_item, thug.id, "dagger", ItemKind.MELEE_WEAPON)
    assert not fourth.ok
    assert "0 free hands" in fourth.reason


def test_no_hands_is_a_value_and_the_usual_two_is_not_written(panel: LibraryPanel) -> None:
    editor = panel.editor()
    editor.name.setText("Dire Wolf Pup")
    editor.hands.setValue(0)  # a wolf holds nothing ready (001-34)
    assert editor.save(), editor.problem.text()
    assert (panel.library.get("Dire Wolf Pup") or {})["hands"] == 0
    second = panel.editor()
    second.name.setText("Plain Goblin")
    assert second.save(), second.problem.text()
    assert "hands" not in (panel.library.get("Plain Goblin") or {})


def test_the_field_takes_no_bad_number(qtbot: QtBot, panel: LibraryPanel) -> None:
    editor = panel.editor()
    editor.hands.setValue(-1)  # the field holds 0 to 99: a negative count is not taken
    assert editor.hands.value() == 0
    editor.hands.lineEdit().selectAll()
    qtbot.keyClicks(editor.hands.lineEdit(), "x")
    assert editor.hands.value() == 0


def test_a_stat_block_with_bad_hands_says_so_in_the_editor(
    qtbot: QtBot, panel: LibraryPanel
) -> None:
    # A hand-edited stat block: the editor names the bad value and what Save would write,
    # rather than changing it silently.
    editor = CreatureEditor(panel.library, {"name": "Odd", "hands": "two"}, None, panel)
    qtbot.add_widget(editor)
    assert editor.hands.value() == 2
    assert editor.problem.text() == (
        "Hands 'two' is not a whole number from 0 to 99; the field shows 2, which Save would keep."
    )
    assert editor.save()
    assert "hands" not in (panel.library.get("Odd") or {})
