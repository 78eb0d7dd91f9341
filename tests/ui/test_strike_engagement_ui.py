"""001's engagement from the GM's side: the line between engaged pairs in both views.

001-25 (001 l.250-256 "Engaged With (Target)", "Engaged By (Target)"): who is engaged with whom
is drawn on the GM's map and on the players' map, with the Engaged By count on the token; the
players' view leaves out a creature the GM hides. 001-23 (l.242): the Counter Strike! is
offered in the Actions panel's offers box, as an opportunity attack is under 000.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import engagement
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.guards import Guard
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.map.look import Badge
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.panels.initiative_model import Column
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.variants.strike.engagement_actions import EngagementActions
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    encounter = Encounter(
        GridBounds(12, 8),
        creatures=(fighter("hero", 2, 4), orc("orc", 3, 4), orc("goblin", 8, 4)),
        ruleset_id="strike",
    )
    win = MainWindow(encounter, None)
    qtbot.add_widget(win)
    win.show()
    qtbot.wait_exposed(win)
    session = win.session
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15, "goblin": 10}).ok
    assert session.run(initiative.start_combat).ok
    return win


def _players(window: MainWindow) -> PlayerWindow:
    window.player_view_action.trigger()  # F5, as the GM does
    players = window.player_window
    assert players is not None
    return players


def _strip(scene: MapScene, first_col: float, last_col: float, row: float) -> QImage:
    """The map's pixels on the row's centre line between two columns, as the scene paints."""
    y = (row + 0.5) * SQUARE_PX
    source = QRectF(first_col * SQUARE_PX, y - 3, (last_col - first_col) * SQUARE_PX, 6)
    image = QImage(int(source.width()), int(source.height()), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), source)
    painter.end()
    return image


def _badge(scene: MapScene, creature_id: str) -> Badge | None:
    item = scene.token_item(creature_id)
    assert item is not None
    return next((b for b in item.look.badges if b.label == "engaged by"), None)


def test_the_engagement_line_is_drawn_in_the_gm_and_player_views(window: MainWindow) -> None:
    session = window.session
    players = _players(window)
    # Between the hero (column 2) and the goblin (column 8), clear of both tokens.
    gm_before = _strip(window.scene, 3.9, 7.1, 4)
    players_before = _strip(players.scene, 3.9, 7.1, 4)
    # The GM: the hero Closes on the goblin (001-30) through Combat > Engage the Selected
    # Creature, the goblin selected on the map.
    window.scene.select_creature("goblin")
    window.plugged(EngagementActions).engage_action.trigger()
    QApplication.processEvents()
    assert session.ask(strike_questions.engaged_with, "hero") == "goblin"
    for scene in (window.scene, players.scene):
        assert scene.engagement.lines == (("hero", "goblin"),)
        assert _badge(scene, "goblin") == Badge("engaged by", "1")
        assert _badge(scene, "hero") is None
    assert _strip(window.scene, 3.9, 7.1, 4) != gm_before
    assert _strip(players.scene, 3.9, 7.1, 4) != players_before

    # The hero Strikes! the orc: 001-25, it is now Engaged With the orc (one at a time), and
    # the orc is offered its Counter Strike! in the offers box (001-23).
    assert session.run(attacks.basic_attack, "hero", "orc", dice=[15, 5]).ok
    QApplication.processEvents()
    panel = window.actions_panel
    labels = [w.text() for w in panel.offers_box.findChildren(QLabel)]
    assert "Orc may make a Counter Strike! on Hero" in labels
    assert "no immediate action" in panel.offer_rows["orc"][1].toolTip()
    model = window.initiative_panel.model
    status = model.index(model.row_of("orc"), Column.STATUS).data(Qt.ItemDataRole.DisplayRole)
    assert status == "Counter Strike! offered"
    _dice, take, _let_pass = panel.offer_rows["orc"]
    take.click()
    QApplication.processEvents()
    for scene in (window.scene, players.scene):
        assert scene.engagement.lines == (("hero", "orc"), ("orc", "hero"))
        assert _badge(scene, "hero") == Badge("engaged by", "1")
        assert _badge(scene, "goblin") is None
    assert _strip(window.scene, 3.9, 7.1, 4) == gm_before  # the goblin's line is gone

    # Undo (Ctrl+Z) takes the counter back: the orc is no longer engaged.
    window.undo_action.trigger()
    QApplication.processEvents()
    assert window.scene.engagement.lines == (("hero", "orc"),)
    assert players.scene.engagement.lines == (("hero", "orc"),)


def test_the_players_never_see_a_hidden_creatures_engagement(window: MainWindow) -> None:
    session = window.session
    players = _players(window)
    assert session.run(engagement.engage, "goblin", "hero").ok
    assert session.run(engagement.engage, "orc", "hero").ok
    assert session.run(editing.update_creature, "goblin", hidden=True).ok
    QApplication.processEvents()
    assert window.scene.engagement.lines == (("goblin", "hero"), ("orc", "hero"))
    assert _badge(window.scene, "hero") == Badge("engaged by", "2")
    # The players see the orc's engagement only, and count one.
    assert players.scene.engagement.lines == (("orc", "hero"),)
    assert _badge(players.scene, "hero") == Badge("engaged by", "1")
    item = players.scene.token_item("hero")
    assert item is not None
    # Their screen has no hover text at all (issue 31 item 6), so it counts nothing.
    assert item.toolTip() == ""
    assert players.scene.engagement.boundingRect().contains(
        QPointF(3 * SQUARE_PX, 4.5 * SQUARE_PX)
    )


def test_block_from_the_combat_menu(window: MainWindow) -> None:
    """001-28 (001 l.276-278 "Block"): Combat > Block, for the creature shown; one undo step."""
    actions = window.plugged(EngagementActions)
    assert actions.guard_actions[Guard.BLOCK].isEnabled()
    actions.guard_actions[Guard.BLOCK].trigger()
    QApplication.processEvents()
    guards = window.session.encounter.combat.guards
    assert [(g.creature, g.guard) for g in guards] == [("hero", Guard.BLOCK)]
    # Its action is spent: a second guard this turn is refused, said in the status bar.
    actions.guard_actions[Guard.DODGE].trigger()
    QApplication.processEvents()
    assert "no action left" in window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert window.session.encounter.combat.guards == ()


def test_block_waits_on_the_map_for_the_free_strike_and_esc_lets_it_pass(
    qtbot: QtBot, window: MainWindow
) -> None:
    """001-24 (001 l.248 "before or after the Creature Moves or Acts"), R-153: the hero, Engaged
    By the orc, takes Block from the Combat menu; the orc's Free Strike! is offered over the map
    and the Block waits; Esc lets it pass and the Block is taken."""
    session = window.session
    assert session.run(engagement.engage, "orc", "hero").ok  # 001-30 Close
    window.plugged(EngagementActions).guard_actions[Guard.BLOCK].trigger()
    QApplication.processEvents()
    prompt = window.reaction_prompt
    assert prompt.isVisible()
    assert ("offer", "orc", "take") in prompt.buttons
    assert not session.encounter.combat.guards
    note = window.actions_panel.offers_box.findChild(QLabel, "held_attack_note")
    assert note is not None
    assert note.text() == "Hero's Block waits for the Free Strike!"
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)  # the map has the keyboard
    guards = session.encounter.combat.guards
    assert [(g.creature, g.guard) for g in guards] == [("hero", Guard.BLOCK)]
    assert not session.encounter.combat.pending
    window.undo_action.trigger()  # Ctrl+Z: the Block waits again
    assert not session.encounter.combat.guards
    assert session.encounter.combat.pending is not None
