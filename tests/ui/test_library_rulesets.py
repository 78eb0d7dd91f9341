"""Library creatures tagged with the rulesets they are built for, and the dock's filter by it.

Issue 17: "Creatures built for a variant ruleset are tagged with it." A creature with no tag
is built for none in particular (000's numbers) and suits every ruleset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import resource_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.editing.ruleset_choice import new_encounter
from orcus_desktop.controller.files.creature_library import UserLibrary, library_json
from orcus_desktop.controller.tools.library_drop import creature_from_entry
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.ui.panels.palette import load_library


@pytest.fixture
def panel(qtbot: QtBot, tmp_path: Path) -> LibraryPanel:
    widget = LibraryPanel(load_library(resource_path("creatures")), UserLibrary(tmp_path / "lib"))
    qtbot.add_widget(widget)
    return widget


def build(panel: LibraryPanel, name: str, rulesets: list[str]) -> None:
    editor = panel.editor()
    editor.name.setText(name)
    editor.set_rulesets(rulesets)
    assert editor.save(), editor.problem.text()


def choose_ruleset_filter(panel: LibraryPanel, ruleset_id: str) -> None:
    box = panel.ruleset_filter
    box.setCurrentIndex(box.findData(ruleset_id))


def test_the_editor_tags_a_creature_with_its_rulesets(panel: LibraryPanel) -> None:
    build(panel, "Rust Golem", ["alloy-heroes"])
    saved = panel.library.get("Rust Golem")
    assert saved is not None
    assert saved["rulesets"] == ["alloy-heroes"]
    panel.select_name("Rust Golem")
    entry = panel.selected_entry()
    assert entry is not None
    editor = panel.editor(entry)
    assert editor.checked_rulesets() == ["alloy-heroes"]
    editor.set_rulesets([])  # untagged again: the key goes away
    assert editor.save()
    again = panel.library.get("Rust Golem")
    assert again is not None
    assert "rulesets" not in again


def test_the_filter_shows_what_suits_a_ruleset(panel: LibraryPanel) -> None:
    build(panel, "Rust Golem", ["alloy-heroes"])
    build(panel, "Duel Master", ["strike"])
    build(panel, "Plain Bandit", [])
    panel.search.setText("o")  # all three, and some bundled ones
    everything = panel.visible_names()
    assert {"Rust Golem", "Duel Master", "Plain Bandit"} <= set(everything)
    choose_ruleset_filter(panel, "alloy-heroes")
    shown = panel.visible_names()
    assert "Rust Golem" in shown
    assert "Plain Bandit" in shown  # built for none in particular: suits any
    assert "Duel Master" not in shown
    choose_ruleset_filter(panel, "strike")
    assert "Rust Golem" not in panel.visible_names()
    assert "Duel Master" in panel.visible_names()
    choose_ruleset_filter(panel, "")
    assert panel.visible_names() == everything
    golem = panel.proxy.index(everything.index("Rust Golem"), 0)
    assert "built for alloy-heroes" in panel.proxy.data(golem, Qt.ItemDataRole.ToolTipRole)


def test_an_unknown_ruleset_in_a_library_file_is_refused_with_the_field(
    panel: LibraryPanel, tmp_path: Path
) -> None:
    ogre = json.loads(resource_path("creatures", "ogre.json").read_text(encoding="utf-8"))
    bad = tmp_path / "bad.json"
    bad.write_text(library_json([{**ogre, "rulesets": ["alloy-heroes", "gurps"]}]))
    assert not panel.import_file(bad)
    assert "creatures[0].rulesets[1]: unknown ruleset 'gurps'" in panel.message.text()
    assert panel.library.names() == []


def test_a_new_creature_built_while_playing_a_variant_is_tagged_with_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    window = MainWindow(new_encounter("alloy-heroes", 10, 10), None)
    qtbot.add_widget(window)
    panel = window.creature_palette
    assert isinstance(panel, LibraryPanel)
    editor = panel.editor()
    assert editor.checked_rulesets() == ["alloy-heroes"]
    editor.name.setText("Scrap Drone")
    assert editor.save()
    panel.select_name("Scrap Drone")
    entry = panel.selected_entry()
    assert entry is not None
    drone = creature_from_entry(window.encounter, entry, (2.5, 2.5))
    assert window.session.run(editing.place_creature, drone).ok
    # The tag travels with the token, through a saved file that reopens.
    saved = tmp_path / "scrap.json"
    assert window.save_to(saved)
    assert window.open_file(saved)
    assert list(window.encounter.creature(drone.id).statblock["rulesets"]) == ["alloy-heroes"]


def test_the_filtered_library_passes_the_model_tester(
    qtmodeltester: object, panel: LibraryPanel
) -> None:
    build(panel, "Rust Golem", ["alloy-heroes"])
    choose_ruleset_filter(panel, "strike")
    qtmodeltester.check(panel.proxy)  # type: ignore[attr-defined]
