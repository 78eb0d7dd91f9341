"""The creature library and editor from the GM's side (issue 17): build a monster from level
and role, place it, attack with its new power and undo; import a library file and refuse a
broken one with the field path; filter by level, role and keyword."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import resource_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.files.creature_library import (
    LIBRARY_FORMAT,
    UserLibrary,
    library_json,
    suggest,
)
from orcus_desktop.controller.tools.library_drop import creature_from_entry
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.ui.panels.palette import CreatureLibraryModel, load_library
from tests.controller.conftest import fighter


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    win = MainWindow(Encounter(GridBounds(10, 10), creatures=(fighter("hero", 3, 3),)), None)
    qtbot.add_widget(win)
    return win


@pytest.fixture
def panel(qtbot: QtBot, tmp_path: Path) -> LibraryPanel:
    widget = LibraryPanel(load_library(resource_path("creatures")), UserLibrary(tmp_path))
    qtbot.add_widget(widget)
    return widget


def test_a_monster_built_from_level_and_role_fights_on_the_map(window: MainWindow) -> None:
    panel = window.creature_palette
    assert isinstance(panel, LibraryPanel)
    editor = panel.editor()
    editor.name.setText("Cave Brute")
    editor.level.setValue(5)
    editor.role.setCurrentIndex(editor.role.findData("brute"))
    editor.use_suggestions.click()
    wanted = suggest(5, "monster", "brute")
    assert editor.defenses["ac"].value() == wanted.ac
    assert editor.max_hp.value() == wanted.max_hp
    editor.defenses["will"].setValue(wanted.will + 2)  # the GM overrides and sees the difference
    assert editor.hints["will"].text() == f"suggested {wanted.will} (+2)"
    editor.add_power.click()
    editor.power_form.name.setText("Rending Claw")
    assert editor.power_form.attack_bonus.value() == wanted.attack_vs_ac
    assert editor.power_form.hit_damage.text() == wanted.damage
    assert editor.save(), editor.problem.text()
    panel.refresh()
    panel.search.setText("cave")
    assert panel.visible_names() == ["Cave Brute"]
    panel.list_view.setCurrentIndex(panel.proxy.index(0, 0))
    entry = panel.selected_entry()
    assert entry is not None
    assert "brute" in entry.statblock["keywords"]
    session = window.session
    monster = creature_from_entry(session.encounter, entry, (4.5, 3.5))
    assert session.run(editing.place_creature, monster).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 5, monster.id: 20}).ok
    assert session.run(initiative.start_combat).ok
    before = session.encounter.creature("hero").state
    result = session.use_power(monster.id, "Rending Claw", ["hero"], dice=[19, 6])
    assert result.ok, result.reason
    hit = session.encounter.creature("hero").state
    assert hit is not None
    assert hit.current_hp < (before.current_hp if before else 10_000)
    window.undo_action.trigger()
    assert session.encounter.creature("hero").state == before


def test_the_editor_refuses_a_bad_creature_with_the_field(panel: LibraryPanel) -> None:
    editor = panel.editor()
    editor.name.setText("Nameless Power")
    editor.add_power.click()
    editor.power_form.hit_damage.setText("2d6 +")
    assert not editor.save()
    assert "creature.powers[0] 'New Power'.hit.damage" in editor.problem.text()
    assert panel.library.names() == []


def test_the_editor_says_what_is_missing_in_the_gms_words(panel: LibraryPanel) -> None:
    editor = panel.editor()
    assert not editor.save()  # a new creature has no name yet
    assert editor.problem.text() == "Not saved: The creature needs a name."
    editor.name.setText("Marsh Troll")
    editor.add_power.click()
    editor.power_form.name.setText("")
    assert not editor.save()
    assert editor.problem.text() == "Not saved: Power 1 needs a name."
    assert panel.library.names() == []


def test_a_missing_part_of_an_imported_creature_is_named_in_words(
    panel: LibraryPanel, tmp_path: Path
) -> None:
    # A hand-edited file with "defenses": null once read "got NoneType".
    ogre = json.loads(resource_path("creatures", "ogre.json").read_text(encoding="utf-8"))
    bad = tmp_path / "nulls.json"
    bad.write_text(library_json([{**ogre, "defenses": None}]), encoding="utf-8")
    assert not panel.import_file(bad)
    assert panel.message.text() == (
        "Not imported: nulls.json: creatures[0].defenses: expected an object, got nothing (null)"
    )


def test_import_adds_a_library_file_and_refuses_a_broken_one(
    panel: LibraryPanel, tmp_path: Path
) -> None:
    ogre = json.loads(resource_path("creatures", "ogre.json").read_text(encoding="utf-8"))
    good = tmp_path / "shared.json"
    good.write_text(library_json([{**ogre, "name": "Swamp Ogre"}]), encoding="utf-8")
    assert panel.import_file(good)
    panel.search.setText("swamp")
    assert panel.visible_names() == ["Swamp Ogre"]
    broken = dict(ogre, name="Bad Ogre", defenses={**ogre["defenses"], "ac": "high"})
    bad = tmp_path / "broken.json"
    bad.write_text(
        json.dumps({"format": LIBRARY_FORMAT, "version": 1, "creatures": [ogre, broken]}),
        encoding="utf-8",
    )
    assert not panel.import_file(bad)
    assert "creatures[1].defenses.ac" in panel.message.text()
    assert panel.library.names() == ["Swamp Ogre"]  # nothing of the broken file came in
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": LIBRARY_FORMAT, "version": 99, "creatures": []}))
    assert not panel.import_file(newer)
    assert "version" in panel.message.text()
    out = tmp_path / "out.json"
    assert panel.export_file(out) == 1
    assert UserLibrary(tmp_path / "other").import_file(out) == ["Swamp Ogre"]


def test_duplicate_and_delete_in_the_gms_library(panel: LibraryPanel) -> None:
    panel.search.setText("ogre")
    panel.list_view.setCurrentIndex(panel.proxy.index(0, 0))
    panel.duplicate_selected()
    assert panel.library.names() == ["Ogre Bruiser (copy)"]
    panel.delete_selected()
    assert panel.library.names() == []


def test_filters_by_level_role_and_keyword(panel: LibraryPanel) -> None:
    everyone = panel.visible_names()
    panel.search.setText("beast")  # a keyword of the Dire Rat, not in its name
    assert "Dire Rat" in panel.visible_names()
    panel.search.setText("")
    panel.lowest.setValue(2)
    assert "Dire Rat" not in panel.visible_names()
    panel.lowest.setValue(1)
    panel.role_filter.setCurrentIndex(panel.role_filter.findData("solo"))
    assert all(n in everyone for n in panel.visible_names())
    assert "Dire Rat" not in panel.visible_names()


def test_the_library_model_passes_the_model_tester(
    qtmodeltester: object, panel: LibraryPanel
) -> None:
    model: CreatureLibraryModel = panel.model
    qtmodeltester.check(model)  # type: ignore[attr-defined]


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_gm_sees_the_library_buttons_and_filters_in_the_dock(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A GM looking at the Creature library dock sees New, Edit… and the level/role filters
    (they were built but never shown: a nested layout added with addItem parents nothing)."""
    window.resize(1440, 900)
    window.show()
    qtbot.wait_exposed(window)
    panel = window.creature_palette
    assert all(button.isVisible() for button in panel.buttons.values())
    assert panel.lowest.isVisible()
    assert panel.role_filter.isVisible()
    for button in panel.buttons.values():
        assert panel.rect().contains(button.geometry())


def test_the_bundled_bestiary_is_filtered_by_tier_and_rank_and_placed(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The GM narrows the dock to epic solos (000 "Tiers": 21-30) and places one with Enter."""
    panel = window.creature_palette
    assert isinstance(panel, LibraryPanel)
    panel.lowest.setValue(21)
    panel.highest.setValue(30)
    panel.role_filter.setCurrentIndex(panel.role_filter.findData("solo"))
    names = panel.visible_names()
    assert "Eclipse Dragon" in names
    assert "Cinderwing Drake" not in names  # a solo of the first tier
    lst = panel.list_view
    lst.setFocus()
    lst.setCurrentIndex(panel.proxy.index(names.index("Eclipse Dragon"), 0))
    qtbot.keyClick(lst, Qt.Key.Key_Return)
    (dragon,) = [c for c in window.encounter.creatures if c.name == "Eclipse Dragon"]
    assert dragon.size.value == "gargantuan"
    assert dragon.statblock["level"] == 30
    assert window.scene.token_item(dragon.id) is not None
