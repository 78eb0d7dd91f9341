"""003-49's Ranged Basic Attack (Implement) from the GM's side: the editor's mark, the panel.

Seed 003 "5.10.1 PC Maneuvers" (l.540-548): "Ranged Basic Attack (Implement) ... Implement
Range - Primary Ability vs Arm. Hit: 1d6+Primary Ability." Stat blocks do not say who wields
an implement: the GM ticks the creature editor's Implement box, or the creature has a power
with the Implement keyword (docs/rulings.md R-104). Under 003 the Actions panel then offers
the attack, aimed on the map and rolled through the attack dialog; other rulesets do not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import resource_path
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.files.creature_library import UserLibrary
from orcus_desktop.controller.tools.library_drop import creature_from_entry
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.creature_editor import CreatureEditor
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.ui.panels.palette import load_library
from tests.controller.conftest import fighter, orc
from tests.ui.test_targeting import accept_dialog, activate, at, hp

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

IMPLEMENT = "Ranged Basic Attack (Implement)"
# Int 18 (+4) is the highest of Int, Wis 14, Cha 8: the implement's primary ability.
SCHOLAR = {"strength": 10, "dexterity": 12, "intelligence": 18, "wisdom": 14, "charisma": 8}


def _offered(window: MainWindow, creature_id: str) -> list[str]:
    """The names in the Actions panel's power list for the creature."""
    window.actions_panel.show_creature(creature_id)
    powers = window.actions_panel.tree.topLevelItem(0)
    assert powers is not None
    return [powers.child(i).text(0) for i in range(powers.childCount())]  # type: ignore[union-attr]


def _window(qtbot: QtBot, ruleset_id: str) -> MainWindow:
    """A staff-carrying mage (no Implement power, the GM's mark) 6 squares from an orc."""
    creatures = (
        fighter("mage", 2, 4, abilities=SCHOLAR, powers=[], implement=True),
        orc("orc", 8, 4),
    )
    window = MainWindow(Encounter(GridBounds(14, 10), creatures=creatures, ruleset_id=ruleset_id))
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    window.view.resetTransform()
    window.view.centerOn(6 * SQUARE_PX, 5 * SQUARE_PX)
    assert window.session.run(initiative.roll_initiative, totals={"mage": 20, "orc": 5}).ok
    assert window.session.run(initiative.start_combat).ok
    return window


def test_the_gm_rolls_the_implement_basic_attack_from_the_actions_panel(qtbot: QtBot) -> None:
    window = _window(qtbot, "square-fireballs")
    assert IMPLEMENT in _offered(window, "mage")
    before = hp(window, "orc")
    activate(qtbot, window, "mage", IMPLEMENT)
    # Ranged 10: the orc 6 squares off is a target.
    assert window.scene.preview.current.candidate_ids == ("orc",)
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 8.5, 4.5))
    # 17 + 4 Intelligence hits the orc's AC 15 (+4 for 003's Total Defense start); a 5 on the d6.
    accept_dialog(qtbot, window, "17 5")
    assert hp(window, "orc") == before - (5 + 4)  # "Hit: 1d6+Primary Ability"
    log = window.log_panel.view.model()
    lines = "\n".join(str(log.index(r, 0).data()) for r in range(log.rowCount()))
    assert f"Mage uses {IMPLEMENT}" in lines
    assert "1d6 (5) + 4 [Intelligence modifier] = 9" in lines  # what was rolled
    assert "+4 Intelligence" in lines
    window.undo_action.trigger()
    assert hp(window, "orc") == before


def test_other_rulesets_do_not_offer_it(qtbot: QtBot) -> None:
    """000 "Basic Attack" has only the weapon attacks; the mark changes nothing there."""
    window = _window(qtbot, "orcus")
    offered = _offered(window, "mage")
    assert "Basic Melee Attack" in offered
    assert IMPLEMENT not in offered


def test_the_editors_implement_box_is_saved_reopened_and_offers_the_attack(
    qtbot: QtBot, tmp_path: Path
) -> None:
    panel = LibraryPanel(load_library(resource_path("creatures")), UserLibrary(tmp_path))
    qtbot.add_widget(panel)
    editor = panel.editor()
    assert not editor.implement.isChecked()  # nobody wields one unless marked
    editor.name.setText("Hedge Wizard")
    editor.level.setValue(2)
    for ability, score in SCHOLAR.items():
        editor.abilities[ability].setValue(score)
    editor.implement.setChecked(True)
    assert editor.save(), editor.problem.text()
    assert (panel.library.get("Hedge Wizard") or {})["implement"] is True

    again = LibraryPanel(load_library(resource_path("creatures")), UserLibrary(tmp_path))
    qtbot.add_widget(again)
    again.search.setText("hedge")
    again.list_view.setCurrentIndex(again.proxy.index(0, 0))
    entry = again.selected_entry()
    assert entry is not None
    reopened = again.editor(entry)
    assert reopened.implement.isChecked()

    window = MainWindow(Encounter(GridBounds(10, 10), ruleset_id="square-fireballs"))
    qtbot.add_widget(window)
    wizard = creature_from_entry(window.session.encounter, entry, (2.5, 2.5))
    assert window.session.run(editing.place_creature, wizard).ok
    assert IMPLEMENT in _offered(window, wizard.id)
    # Unticked and saved again: the mark is written no more (only a ticked box is).
    reopened.implement.setChecked(False)
    assert reopened.save(), reopened.problem.text()
    assert "implement" not in (again.library.get("Hedge Wizard") or {})


def test_a_bad_implement_value_is_named_in_the_editor(qtbot: QtBot, tmp_path: Path) -> None:
    library = UserLibrary(tmp_path)
    editor = CreatureEditor(library, {"name": "Odd", "implement": "staff"})
    qtbot.add_widget(editor)
    assert not editor.implement.isChecked()
    assert editor.problem.text() == (
        "Implement 'staff' is not true or false; the box is unticked, which Save would keep."
    )
    assert editor.save()
    assert "implement" not in (library.get("Odd") or {})
