"""The Initiative panel's row menu, the plug-in hook `UiVariant.initiative_menu` (ui/plugins.py).

The GM right-clicks a row of the initiative: the variants of the ruleset played now add their
items for that row's creature, and an item runs its action through the session (one undo
step). Under a ruleset a variant does not apply to, its items are not there, and with no item
at all no menu opens.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.plugins import Variant
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.ui import plugins
from orcus_desktop.ui.panels.initiative import InitiativePanel
from orcus_desktop.ui.plugins import InitiativeContext, UiVariant
from orcus_desktop.ui.variants import REGISTERED
from orcus_desktop.ui.variants.square_fireballs.monster_groups_dialog import MonsterGroupsDialog
from tests.controller.conftest import fighter, make_session, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _knock_prone(context: InitiativeContext, creature_id: str | None, menu: QMenu) -> None:
    """A stand-in variant's row item: "Knock <name> prone", the GM's condition edit."""
    if creature_id is None:
        return
    session = context.session
    item = menu.addAction(f"Knock {session.encounter.name_of(creature_id)} prone")
    item.triggered.connect(
        lambda: session.by(context.parent).run(
            gm_edits.add_condition, creature_id, Condition.PRONE
        )
    )


STAND_IN = UiVariant(
    of=Variant("stand-in", frozenset({"strike"})), initiative_menu=(_knock_prone,)
)


@pytest.fixture
def stand_in_installed() -> Iterator[None]:
    plugins.install((*REGISTERED, STAND_IN))
    try:
        yield
    finally:
        plugins.install(REGISTERED)


def _panel(qtbot: QtBot, ruleset_id: str) -> tuple[GameSession, InitiativePanel]:
    creatures = (fighter("hero", 1, 1), orc("g1", 5, 1), orc("g2", 5, 3))
    session = make_session(
        Encounter(GridBounds(10, 10), creatures=creatures, ruleset_id=ruleset_id)
    )
    panel = InitiativePanel(session)
    qtbot.add_widget(panel)
    return session, panel


def _right_click(
    panel: InitiativePanel, creature_id: str, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """The GM right-clicks `creature_id`'s row: the texts of the menu that opens ([] if none)."""
    opened: list[QMenu] = []
    monkeypatch.setattr(QMenu, "popup", lambda menu, _pos, _at=None: opened.append(menu))
    rect = panel.table.visualRect(panel.model.index(panel.model.row_of(creature_id), 0))
    panel.table.customContextMenuRequested.emit(rect.center())
    return [a.text() for a in opened[0].actions()] if opened else []


def _trigger(panel: InitiativePanel, creature_id: str, text: str) -> None:
    menu = panel.context_menu(creature_id)
    next(a for a in menu.actions() if a.text() == text).trigger()


@pytest.mark.usefixtures("stand_in_installed")
def test_a_variants_row_item_shows_only_under_its_ruleset_and_does_what_it_says(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, panel = _panel(qtbot, "orcus")
    assert _right_click(panel, "g1", monkeypatch) == []  # 000: no item, no menu
    assert session.switch_ruleset("strike").ok
    assert _right_click(panel, "g1", monkeypatch) == ["Knock G1 prone"]
    _trigger(panel, "g1", "Knock G1 prone")
    assert Condition.PRONE in session.rules.conditions(session.encounter, "g1")
    assert session.history.undo_text == "G1: Prone"  # one step, taken back by undo
    assert session.undo().ok
    assert Condition.PRONE not in session.rules.conditions(session.encounter, "g1")
    assert panel.context_menu(None).isEmpty()  # no row under the pointer: nothing for it
    assert session.switch_ruleset("square-fireballs").ok  # another variant's ruleset
    assert "Knock G1 prone" not in _right_click(panel, "g1", monkeypatch)


def test_square_fireballs_monster_groups_item_opens_its_dialog(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """003-07, 003 l.125 "The GM arranges all monsters in the encounter into monster groups":
    the registered 003 UI's row item, under 003 only, opens the arrangement dialog."""
    session, panel = _panel(qtbot, "orcus")
    assert _right_click(panel, "g1", monkeypatch) == []
    assert session.switch_ruleset("square-fireballs").ok
    assert _right_click(panel, "g1", monkeypatch) == ["Monster groups…"]
    _trigger(panel, "g1", "Monster groups…")
    dialogs = panel.findChildren(MonsterGroupsDialog)
    assert len(dialogs) == 1
    assert set(dialogs[0].fields) == {"g1", "g2"}  # the monsters, to arrange into groups
    dialogs[0].reject()
