"""003 monster groups in the app (003-07, 003-12), from the GM's side.

003 l.125 "The GM arranges all monsters in the encounter into monster groups" (the Initiative
panel's "Monster groups…"); l.142 "Combat turn: Turn of action for a single PC or group of
monsters": one initiative row for the group, the GM naming the member who acts ("Act with" in
the table's context menu); the players' strip lists the group as one entry without the
members the GM hides.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import monster_groups
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants.square_fireballs.monster_groups_dialog import MonsterGroupsDialog
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import creature, fighter, orc_block
from tests.ui.test_player_view import open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DICE = {"hero": 18, "mage": 2, "g1": 12, "g2": 10, "g3": 10, "g4": 10}


def goblin(cid: str, col: int, row: int, hidden: bool = False) -> Creature:
    c = creature(cid, "monsters", col, row, statblock=freeze(orc_block("Goblin")))
    return Creature(c.id, c.name, c.side, square=c.square, hidden=hidden, statblock=c.statblock)


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    creatures = (
        fighter("hero", 1, 1),
        fighter("mage", 1, 3),
        goblin("g1", 5, 1),
        goblin("g2", 5, 3),
        goblin("g3", 5, 5),
        goblin("g4", 7, 7, hidden=True),
    )
    win = MainWindow(
        Encounter(GridBounds(10, 10), creatures=creatures, ruleset_id="square-fireballs")
    )
    qtbot.add_widget(win)
    return win


def _groups_button(panel: QWidget) -> QPushButton:
    button = panel.findChild(QPushButton, "monster_groups_button")
    assert button is not None
    return button


def _last_dialog(panel: QWidget) -> MonsterGroupsDialog:
    """The "Monster groups…" dialog opened last over the panel."""
    dialogs: list[MonsterGroupsDialog] = panel.findChildren(MonsterGroupsDialog)
    return dialogs[-1]


def _arrange_g1_as_scout(window: MainWindow) -> MonsterGroupsDialog:
    panel = window.initiative_panel
    assert not _groups_button(panel).isHidden()
    assert panel.group_check.isHidden()  # 000's identical-creature box gives way
    _groups_button(panel).click()
    dialog = _last_dialog(panel)
    assert set(dialog.fields) == {"g1", "g2", "g3", "g4"}  # the PCs roll alone
    dialog.fields["g1"].setCurrentText("Scouts")
    dialog.accept()
    assert dialog.result() == MonsterGroupsDialog.DialogCode.Accepted
    return dialog


def _act_with(menu: QMenu, cid: str) -> None:
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            for inner in sub.actions():
                if inner.objectName() == f"act_with_{cid}":
                    inner.trigger()
                    return
    raise AssertionError(f"no Act with {cid}")


def test_the_gm_arranges_groups_and_the_group_has_one_row_and_one_turn(
    window: MainWindow,
) -> None:
    session = window.session
    panel = window.initiative_panel
    _arrange_g1_as_scout(window)
    assert session.ask(sf_questions.monster_group, "g1") == "Scouts"
    window.undo_action.trigger()  # one undo step
    assert session.ask(sf_questions.monster_group, "g1") == "monsters: Goblin"
    window.redo_action.trigger()
    assert session.run(initiative.roll_initiative, dice=DICE).ok
    model = panel.model
    # hero, the scout, the goblins (one row), the mage.
    assert model.rowCount() == 4
    goblins = model.row_data("g2")
    assert goblins.members == ("g2", "g3", "g4")
    assert model.row_of("g3") == model.row_of("g2")
    assert session.run(initiative.start_combat).ok
    assert session.end_turn().ok  # hero
    assert session.end_turn().ok  # the scout
    assert session.encounter.combat.current == "g2"
    row = model.row_data("g2")
    assert row.current
    assert row.name == "G2 (group: G3, G4)"
    # The GM names g3 through the row's context menu: one undo step.
    _act_with(panel.context_menu("g2"), "g3")
    assert session.encounter.combat.current == "g3"
    assert model.row_data("g2").name == "G3 (group: G2, G4)"
    assert model.row_data("g2").selected_id == "g3"
    window.undo_action.trigger()
    assert session.encounter.combat.current == "g2"
    # Editing the group's initiative moves the whole group.
    assert model.setData(model.index(model.row_of("g2"), 1), 15)
    combat = session.encounter.combat
    assert {combat.combatant(g).initiative for g in ("g2", "g3", "g4")} == {15}
    # During combat the arrangement is refused, and the dialog says why.
    _groups_button(panel).click()
    dialog = _last_dialog(panel)
    dialog.fields["g3"].setCurrentText("Rearguard")
    dialog.accept()
    assert "before combat" in dialog.error.text()
    assert dialog.isVisible()  # it stays open with the reason
    dialog.reject()


def test_the_players_strip_lists_the_group_once_without_its_hidden_member(
    window: MainWindow,
) -> None:
    session = window.session
    window.fog_action.setChecked(False)
    assert session.run(initiative.roll_initiative, dice=DICE).ok
    assert session.run(initiative.start_combat).ok
    assert session.end_turn().ok  # hero: the goblins' group turn (no arrangement)
    assert session.encounter.combat.current == "g1"
    players = open_player_view(window)
    QApplication.processEvents()
    text = players.strip.text()
    assert "Now: G1, G2, G3" in text
    assert "G4" not in text  # hidden by the GM
    assert session.run(
        monster_groups.act_with, "g4"
    ).ok  # the hidden goblin acts: still the group's turn
    QApplication.processEvents()
    assert "Now: G1, G2, G3" in players.strip.text()
    assert "G4" not in players.strip.text()


def test_a_member_picked_on_the_map_is_the_one_the_group_row_acts_for(window: MainWindow) -> None:
    """The group's row stands for its members: a goblin picked on the map is the one the
    Surprised button marks; Move up moves the whole group above the row before it."""
    session = window.session
    panel = window.initiative_panel
    assert session.run(
        initiative.roll_initiative, dice={**DICE, "g1": 10}
    ).ok  # all goblins: one group
    panel.select_creature("g3")
    assert panel.selected_creature_id() == "g3"
    panel.surprised_button.click()
    combat = session.encounter.combat
    assert combat.combatant("g3").surprised
    assert not combat.combatant("g1").surprised
    panel.table.selectRow(0)  # the GM clicks a row: the pick is forgotten
    panel.table.selectRow(panel.model.row_of("g1"))
    assert panel.selected_creature_id() == "g1"
    assert session.encounter.combat.order[0] == "hero"
    panel.move_up_button.click()
    assert session.encounter.combat.order[:4] == ("g1", "g2", "g3", "g4")
    assert panel.model.row_of("g2") == 0


def test_the_hero_is_offered_one_opportunity_attack_in_the_goblins_turn(
    window: MainWindow, qtbot: QtBot
) -> None:
    """003 "Limits to actions" ("One Free Reaction attack per turn") with l.135's one turn for
    the group: after the hero strikes the first goblin walking off, the second goblin walking
    off in the same group turn is offered nothing (docs/rulings.md R-106)."""
    window.show()
    qtbot.wait_exposed(window)
    session = window.session
    panel = window.actions_panel
    for cid, square in (("g1", Square(2, 1)), ("g2", Square(2, 2)), ("mage", Square(1, 8))):
        assert session.move_creature(cid, square, MoveMode.GM).ok
    assert session.run(initiative.roll_initiative, dice=DICE).ok
    assert session.run(initiative.start_combat).ok
    assert session.end_turn().ok  # hero: the goblins' group turn
    assert session.encounter.combat.current == "g1"
    assert session.move_creature("g1", Square(4, 1), MoveMode.WALK).ok
    assert panel.offers_box.isVisibleTo(panel)
    dice, take, _let_pass = panel.offer_rows["hero"]
    dice.setText("19 3")
    qtbot.mouseClick(take, Qt.MouseButton.LeftButton)
    assert not panel.offers_box.isVisibleTo(panel)
    assert session.encounter.creature("g1").square == Square(4, 1)
    # The GM names g2 in the initiative row's menu; g2 walks off the hero too.
    _act_with(window.initiative_panel.context_menu("g1"), "g2")
    assert session.encounter.combat.current == "g2"
    assert session.move_creature("g2", Square(4, 3), MoveMode.WALK).ok
    assert session.encounter.creature("g2").square == Square(4, 3)
    assert not panel.offers_box.isVisibleTo(panel)
    (*_, line) = (x for x in window.log_panel.model.lines() if x.startswith("G2 moves"))
    assert "opportunity attack offered" not in line


def test_a_member_that_delays_leaves_the_groups_row(window: MainWindow, qtbot: QtBot) -> None:
    """000 "Delay" in 003's group turn (docs/rulings.md R-94, R-107): the group's row goes on
    with the others; the delayer re-enters alone and has its own row from then on."""
    window.show()
    qtbot.wait_exposed(window)
    session = window.session
    panel = window.initiative_panel
    model = panel.model
    assert session.run(initiative.roll_initiative, dice=DICE).ok
    assert session.run(initiative.start_combat).ok
    assert session.end_turn().ok  # hero: the goblins' group turn
    _act_with(panel.context_menu("g1"), "g2")
    assert panel.delay_button.isEnabled()
    qtbot.mouseClick(panel.delay_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.current == "g1"  # the group's turn goes on
    row = model.row_data("g1")
    assert row.current
    assert row.name.startswith("G1 (group: ")  # the one acting named first
    qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.current == "mage"
    assert session.run(initiative.resume_delayed, "g2").ok  # after the mage, at its initiative
    assert model.row_of("g2") != model.row_of("g1")
    assert (model.row_data("g2").name, model.row_data("g2").members) == ("G2", ())
    assert model.row_data("g1").members == ("g1", "g3", "g4")
    qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.current == "g2"
    assert model.row_data("g2").current
    assert any("G2 acts alone from now on" in x for x in window.log_panel.model.lines())


def test_removing_the_acting_member_keeps_the_groups_turn(
    window: MainWindow, qtbot: QtBot
) -> None:
    """003-07 (docs/rulings.md R-109): the GM removes the goblin acting in the group's turn
    (its token's menu); the group's row stays current with the others, and one End turn
    gives the mage its turn."""
    window.show()
    qtbot.wait_exposed(window)
    session = window.session
    panel = window.initiative_panel
    assert session.run(initiative.roll_initiative, dice=DICE).ok
    assert session.run(initiative.start_combat).ok
    assert session.end_turn().ok  # hero: the goblins' group turn
    _act_with(panel.context_menu("g1"), "g2")
    menu = window.token_menu("g2")
    assert menu is not None
    (remove,) = (a for a in menu.actions() if a.text() == "Remove G2")
    remove.trigger()
    assert session.encounter.find_creature("g2") is None
    assert session.encounter.combat.current == "g1"
    row = panel.model.row_data("g1")
    assert row.current
    assert row.members == ("g1", "g3", "g4")
    assert any("G2 leaves combat: G1 acts on" in x for x in window.log_panel.model.lines())
    qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.current == "mage"


def test_a_delaying_member_has_its_own_row_and_strip_entry(window: MainWindow) -> None:
    """docs/rulings.md R-107: a member that delays leaves the group's turn, so while it
    delays the group's row and the players' strip entry no longer list it; it shows on its
    own, as delaying (000 "Delay")."""
    session = window.session
    window.fog_action.setChecked(False)
    model = window.initiative_panel.model
    assert session.run(initiative.roll_initiative, dice=DICE).ok
    assert session.run(initiative.start_combat).ok
    assert session.end_turn().ok  # hero: the goblins' group turn
    assert session.run(monster_groups.act_with, "g2").ok
    assert session.delay().ok
    assert session.encounter.combat.current == "g1"
    assert model.row_data("g1").members == ("g1", "g3", "g4")
    assert model.row_of("g2") != model.row_of("g1")
    own = model.row_data("g2")
    assert (own.name, own.members, own.inactive) == ("G2", (), True)
    players = open_player_view(window)
    QApplication.processEvents()
    text = players.strip.text()
    assert "Now: G1, G3" in text
    assert "G1, G2" not in text
    assert "G2" in text
