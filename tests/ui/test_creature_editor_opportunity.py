"""The creature editor's Opportunity modifier field, from the GM's side (003-19).

003 "Opportunity Attacks" (l.249): "You make a Melee Basic Attack against the triggering enemy,
adding your Opportunity Modifier to the Hit Roll". The GM sets it in the editor, it is saved to
the library, shown again when the library is reopened, and counts on the placed creature's
opportunity attack under 003.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.tools.library_drop import creature_from_entry
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.creature_editor import CreatureEditor
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session
from tests.ui.library_reopen import library_panel, reopened_entry


@pytest.fixture
def panel(qtbot: QtBot, tmp_path: Path) -> LibraryPanel:
    return library_panel(qtbot, tmp_path)


def test_the_gm_gives_a_goblin_opportunity_modifier_two(
    qtbot: QtBot, tmp_path: Path, panel: LibraryPanel
) -> None:
    # A new creature with a short sword (so it has a Melee Basic Attack).
    sword = {"weapons": [{"name": "Short sword", "die": "1d6"}]}
    editor = CreatureEditor(panel.library, sword, None, panel)
    qtbot.add_widget(editor)
    assert editor.opportunity_modifier.value() == 0  # none written: 0
    editor.name.setText("Goblin Cutter")
    editor.opportunity_modifier.setValue(2)
    assert editor.save(), editor.problem.text()
    saved = panel.library.get("Goblin Cutter") or {}
    assert saved["opportunity_modifier"] == 2

    again = reopened_entry(qtbot, tmp_path, "goblin cutter")
    entry = again.selected_entry()
    assert entry is not None
    reopened = again.editor(entry)
    assert reopened.opportunity_modifier.value() == 2
    assert reopened.save(), reopened.problem.text()
    assert again.library.get("Goblin Cutter") == saved

    # Placed in a 003 fight, its opportunity attack on the walking hero names the +2.
    session = make_session(
        Encounter(
            GridBounds(10, 8), creatures=(fighter("hero", 4, 4),), ruleset_id="square-fireballs"
        )
    )
    goblin = creature_from_entry(session.encounter, entry, (5.5, 4.5))
    assert session.run(editing.place_creature, goblin).ok
    assert session.run(initiative.roll_initiative, totals={"hero": 20, goblin.id: 5}).ok
    assert session.run(initiative.start_combat).ok
    assert session.move_creature("hero", Square(1, 4), MoveMode.WALK).opportunity_attackers
    struck = session.run(interrupts.opportunity_attack, goblin.id, "hero", dice=[10, 3])
    assert struck.ok, struck.reason
    parts = struck.details["attack"]["targets"][0]["attack_parts"]
    assert [2, "opportunity modifier (003-19)"] in parts


def test_zero_is_not_written(panel: LibraryPanel) -> None:
    editor = panel.editor()
    editor.name.setText("Plain Goblin")
    assert editor.save(), editor.problem.text()
    assert "opportunity_modifier" not in (panel.library.get("Plain Goblin") or {})


def test_a_stat_block_with_a_bad_opportunity_modifier_says_so(
    qtbot: QtBot, panel: LibraryPanel
) -> None:
    editor = CreatureEditor(
        panel.library, {"name": "Odd", "opportunity_modifier": "+2"}, None, panel
    )
    qtbot.add_widget(editor)
    assert editor.opportunity_modifier.value() == 0
    assert editor.problem.text() == (
        "Opportunity modifier '+2' is not a whole number from -99 to 99; "
        "the field shows 0, which Save would keep."
    )
