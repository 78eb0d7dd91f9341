"""The UI's plug-in API (issue 30 item 1): the variants' menu items, boxes and prompts are
registered (`ui/variants/__init__.py`), never imported by the window.

With no variant's UI installed, and no variant's controller code either, the GM's window opens
and a 000 fight is played through its menus and panels, with no variant's item in sight; with
them installed, each variant's menu items show only under the rulesets it applies to.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.plugins import NO_VARIANTS, Variant
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.targeting_tool import TargetingTool
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.ui import plugins
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.plugins import MenuItems, UiVariant, WindowContext
from orcus_desktop.ui.variants import REGISTERED
from orcus_desktop.ui.variants.strike.round_end_dialog import RoundEndActions
from tests.controller.conftest import fighter, orc
from tests.ui.test_targeting import accept_dialog, at, hp

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def bare_ui() -> Iterator[None]:
    """No variant's UI installed, as if their packages and registry lines were deleted."""
    plugins.install(())
    try:
        yield
    finally:
        plugins.install(REGISTERED)


def _menu_items(window: MainWindow, *, shown_only: bool) -> dict[str, list[str]]:
    """Each menu's item texts (with the submenus' titles), optionally only the shown ones."""
    items: dict[str, list[str]] = {}
    for top in window.menuBar().actions():
        menu = top.menu()
        assert isinstance(menu, QMenu)
        menu.aboutToShow.emit()  # the items refresh as the menu opens
        items[top.text()] = [
            a.text()
            for a in menu.actions()
            if not a.isSeparator() and (a.isVisible() or not shown_only)
        ]
    return items


def _window(qtbot: QtBot, *, bare: bool = False) -> MainWindow:
    encounter = Encounter(GridBounds(8, 6), creatures=(fighter("hero", 2, 2), orc("orc", 3, 2)))
    document = Document(encounter)
    history = History(document)
    session = (
        GameSession(document, history, random.Random(), variants=NO_VARIANTS)
        if bare
        else GameSession(document, history, random.Random())
    )
    window = MainWindow(encounter, None, session=session)
    qtbot.add_widget(window)
    return window


@pytest.mark.usefixtures("bare_ui")
def test_with_no_variant_installed_a_000_fight_is_played_through_the_menus(
    qtbot: QtBot,
) -> None:
    window = _window(qtbot, bare=True)
    window.show()
    qtbot.wait_exposed(window)
    with pytest.raises(LookupError):
        window.plugged(RoundEndActions)
    assert plugins.installed() == ()
    # Roll initiative with the table's dice: the hero first; then start combat.
    panel = window.initiative_panel
    panel.typed_dice_check.setChecked(True)
    panel.ask_die = lambda _parent, label: 20 if "Hero" in label else 2
    panel.roll_button.click()
    panel.start_button.click()
    session = window.session
    assert session.encounter.combat.current == "hero"
    # Combat > Basic Attack (B) on the orc, with the table's dice: a hit.
    window.scene.select_creature("hero")
    before = hp(window, "orc")
    window.basic_attack_action.trigger()
    assert isinstance(window.view.tool, TargetingTool), window.statusBar().currentMessage()
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 3.5, 2.5))
    accept_dialog(qtbot, window, "19 6")
    assert hp(window, "orc") < before
    # Combat > End Turn: the orc's turn.
    window.end_turn_action.trigger()
    assert session.encounter.combat.current == "orc"


@pytest.mark.usefixtures("bare_ui")
def test_with_no_variant_installed_the_menus_show_what_orcus_shows(qtbot: QtBot) -> None:
    bare = _menu_items(_window(qtbot, bare=True), shown_only=True)
    plugins.install(REGISTERED)
    # The variants installed, a 000 encounter shows not one item more.
    assert _menu_items(_window(qtbot), shown_only=True) == bare


def _items_of(qtbot: QtBot, variant: UiVariant) -> set[str]:
    """The menu items `variant` builds into the window (by menu and text)."""
    plugins.install(())
    bare = _menu_items(_window(qtbot), shown_only=False)
    plugins.install((variant,))
    alone = _menu_items(_window(qtbot), shown_only=False)
    plugins.install(REGISTERED)
    return {f"{m} > {t}" for m, texts in alone.items() for t in texts if t not in bare[m]}


def _shown(window: MainWindow) -> set[str]:
    return {
        f"{m} > {t}" for m, texts in _menu_items(window, shown_only=True).items() for t in texts
    }


@pytest.mark.usefixtures("bare_ui")
def test_each_variants_menu_items_show_under_its_rulesets_only(qtbot: QtBot) -> None:
    items = {variant.of.name: _items_of(qtbot, variant) for variant in REGISTERED}
    assert all(items.values()), items  # 001 and 004 each add Combat menu items
    window = _window(qtbot)
    assert not _shown(window) & set().union(*items.values())  # 000: none of them
    for variant in REGISTERED:
        for ruleset in sorted(variant.of.ruleset_ids):
            assert window.session.switch_ruleset(ruleset).ok
            shown = _shown(window)
            assert shown & items[variant.of.name], (
                f"{variant.of.name}'s items hidden under {ruleset}"
            )
            for other in REGISTERED:
                if other is not variant and not other.applies_to(ruleset):
                    assert not shown & items[other.of.name], (other.of.name, ruleset)


@pytest.mark.usefixtures("bare_ui")
def test_a_variants_status_item_and_encounter_menu_item_are_built_into_the_window(
    qtbot: QtBot,
) -> None:
    """The hook kinds no registered variant uses yet are built where they say (ui/plugins.py)."""
    built: list[WindowContext] = []

    def encounter_item(ui: WindowContext, menu: QMenu) -> QAction:
        built.append(ui)
        return menu.addAction("Test Variant Item")

    plugins.install(
        (
            UiVariant(
                of=Variant("test", frozenset({"strike"})),
                menu_items=(MenuItems("encounter", encounter_item),),
                status_items=(lambda ui: QLabel("escalation 0", ui.window),),
            ),
        )
    )
    window = _window(qtbot)
    assert "Test Variant Item" in _menu_items(window, shown_only=False)["E&ncounter"]
    assert window.plugged(QAction).text() == "Test Variant Item"
    assert window.plugged(QLabel).text() == "escalation 0"
    assert window.statusBar().isAncestorOf(window.plugged(QLabel))
    assert [ui.session for ui in built] == [window.session]
