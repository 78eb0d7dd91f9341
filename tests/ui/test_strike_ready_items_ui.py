"""001's Ready items from the GM's side: Combat > Ready Items…, the token's tooltip, undo.

001-34 (001 l.330 "Ready", l.186 "A Shoot! Attack requires a Ready! weapon or spell");
docs/rulings.md R-98.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import ready_items
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ready_items import ItemKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.strike.ready_items_dialog import ReadyItemsActions
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot: QtBot, ruleset_id: str) -> MainWindow:
    encounter = Encounter(
        GridBounds(10, 6),
        creatures=(fighter("hero", 1, 1), orc("orc", 6, 1)),
        ruleset_id=ruleset_id,
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    assert win.session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert win.session.run(initiative.start_combat).ok
    return win


def _tooltip(window: MainWindow, creature_id: str) -> str:
    item = window.scene.token_item(creature_id)
    assert item is not None
    return item.toolTip()


def test_the_gm_readies_a_bow_for_the_hero_and_undoes_it(qtbot: QtBot) -> None:
    window = _window(qtbot, "strike")
    actions = window.plugged(ReadyItemsActions)
    assert actions.action.isEnabled()
    actions.action.trigger()
    dialog = actions.dialog
    assert dialog is not None
    assert dialog.windowTitle() == "Hero: ready items (001-34)"
    assert "Hands: 2, 0 in use" in dialog.summary.text()
    dialog.name.setText("longbow")
    dialog.kind.setCurrentIndex(dialog.kind.findData(ItemKind.RANGED_WEAPON))
    dialog.hands.setValue(2)
    dialog.add_button.click()
    assert dialog.error.text() == ""
    assert [dialog.entries.item(i).text() for i in range(dialog.entries.count())] == [
        "longbow (ranged weapon, 2 hands)"
    ]
    assert "Ready: longbow (ranged weapon, 2 hands)" in _tooltip(window, "hero")
    # No free hand left: refused with the reason, in the dialog.
    dialog.name.setText("dagger")
    dialog.hands.setValue(1)
    dialog.add_button.click()
    assert "0 free hands" in dialog.error.text()
    # One undo step takes the bow back.
    window.session.undo()
    dialog.refresh()
    assert dialog.entries.count() == 0
    assert "Ready:" not in _tooltip(window, "hero")
    dialog.close()


def test_ready_items_are_disabled_under_orcus(qtbot: QtBot) -> None:
    window = _window(qtbot, "orcus")
    window.plugged(ReadyItemsActions).refresh()
    assert not window.plugged(ReadyItemsActions).action.isEnabled()


def test_removing_a_creature_says_its_ready_items_go_and_undo_brings_them_back(
    qtbot: QtBot,
) -> None:
    # 001-34: ready items are the creature's (they outlive the fight). Removing the creature
    # takes them with it: a creature placed again is a new one. The GM is told what went, and
    # the one undo step brings the creature back holding them (docs/rulings.md R-98).
    window = _window(qtbot, "strike")
    session = window.session
    assert session.run(ready_items.ready_item, "hero", "longsword", ItemKind.MELEE_WEAPON).ok
    before = session.encounter
    window.scene.select_creature("hero")
    window.delete_action.trigger()
    assert session.encounter.find_creature("hero") is None
    assert session.encounter.combat.ready_items == ()
    assert window.statusBar().currentMessage() == (
        "Remove Hero: its ready items (longsword) went with it; Undo brings them back"
    )
    window.undo_action.trigger()
    assert session.encounter == before
    assert "Ready: longsword (melee weapon, 1 hand)" in _tooltip(window, "hero")
    # A creature holding nothing ready goes without a word about items.
    window.scene.select_creature("orc")
    window.delete_action.trigger()
    assert window.statusBar().currentMessage() == "Remove Orc"
