"""A dialog kept open beside the map follows the map as it changes under it (R-240).

Found by the random GM at the window (strike seed 10, step 504): the Influence dialog listed the
Ogre after Ctrl+Z took it off the map, and choosing it raised KeyError('ogre') in the dialog's
slot (001-35, 001 l.322: Influence's DC is the monster's Intelligence or 15). Combat >
Influence…, Ready Items… (001-34) and Use a Skill… (004-09) stay open while the GM plays on:
Ctrl+Z, a removal, the fight. Now each lists only creatures on the map after every operation,
and closes when its own creature leaves the map.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike.table_actions import TableAction
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.alloy_heroes.skill_use_dialog import SkillUseActions
from orcus_desktop.ui.variants.strike.ready_items_dialog import ReadyItemsActions
from orcus_desktop.ui.variants.strike.strike_table_dialogs import (
    StrikeTableActions,
    TableActionDialog,
)
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot: QtBot, ruleset_id: str) -> MainWindow:
    encounter = Encounter(
        GridBounds(10, 6),
        creatures=(fighter("hero", 1, 1), orc("orc", 6, 1), orc("ogre", 6, 4)),
        ruleset_id=ruleset_id,
    )
    window = MainWindow(encounter, None)
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    return window


def _targets(dialog: TableActionDialog) -> list[str]:
    return [str(dialog.target.itemData(i)) for i in range(dialog.target.count())]


def test_the_influence_dialog_lists_only_who_is_on_the_map(qtbot: QtBot) -> None:
    window = _window(qtbot, "strike")
    actions = window.plugged(StrikeTableActions)
    window.actions_panel.show_creature("hero")
    actions.table_action.trigger()
    dialog = actions.dialog
    assert isinstance(dialog, TableActionDialog)
    dialog.action.setCurrentIndex(dialog.action.findData(TableAction.INFLUENCE))
    assert _targets(dialog) == ["orc", "ogre"]
    with qtbot.capture_exceptions() as raised:
        assert window.session.run(editing.remove_creature, "ogre").ok
        assert _targets(dialog) == ["orc"]  # the Ogre left the map: it is not offered
        dialog.target.setCurrentIndex(0)
        window.session.undo()  # the Ogre is back, and so is its row
        assert _targets(dialog) == ["orc", "ogre"]
        dialog.target.setCurrentIndex(1)
    assert not raised
    assert dialog.dc.value() == 15  # 001 l.322: 15 or its Intelligence (10), the higher
    dialog.close()


def test_a_dialog_about_a_creature_closes_when_it_leaves_the_map(qtbot: QtBot) -> None:
    window = _window(qtbot, "strike")
    assert window.session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    window.actions_panel.show_creature("orc")
    items = window.plugged(ReadyItemsActions)
    items.action.trigger()
    assert items.dialog is not None
    assert items.dialog.isVisible()
    table = window.plugged(StrikeTableActions)
    table.table_action.trigger()
    assert table.dialog is not None
    assert table.dialog.isVisible()
    with qtbot.capture_exceptions() as raised:
        assert window.session.run(editing.remove_creature, "orc").ok
    assert not raised
    assert not items.dialog.isVisible()
    assert not table.dialog.isVisible()


def test_the_skill_dialog_closes_when_redo_takes_its_creature_away(qtbot: QtBot) -> None:
    window = _window(qtbot, "alloy-heroes")
    assert window.session.run(editing.remove_creature, "ogre").ok
    window.session.undo()  # the Ogre stands again; Redo takes it away again
    window.actions_panel.show_creature("ogre")
    skills = window.plugged(SkillUseActions)
    skills.action.trigger()
    dialog = skills.dialog
    assert dialog is not None
    assert dialog.isVisible()
    with qtbot.capture_exceptions() as raised:
        window.session.redo()
    assert not raised
    assert window.session.encounter.find_creature("ogre") is None
    assert not dialog.isVisible()


def test_a_dialog_stays_open_while_its_creature_is_on_the_map(qtbot: QtBot) -> None:
    window = _window(qtbot, "strike")
    window.actions_panel.show_creature("hero")
    items = window.plugged(ReadyItemsActions)
    items.action.trigger()
    dialog = items.dialog
    assert dialog is not None
    dialog.name.setText("longsword")
    dialog.add()
    assert dialog.rows() == ["longsword (melee weapon, 1 hand)"]
    assert window.session.run(editing.remove_creature, "orc").ok
    assert dialog.isVisible()
    window.session.undo()
    window.session.undo()  # the longsword readied: the list follows the map
    assert dialog.isVisible()
    assert dialog.entries.count() == 0
    dialog.close()
