"""The initiative strip on the player view (issue 13): who acts now and next, never a secret.

Issue 13: "the initiative order with the current turn, showing only what the players may see
(hidden creatures left out, monsters named as the GM chooses)".
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.views.player_initiative import MonsterNames, player_initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Creature
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.player_strip import StripMode, remembered_strip_mode
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.screens import app_settings
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import creature, fight_started
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_player_view import SECRET, SECRET_NAME, hide, open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ORDER = {
    "brakka": 30,
    "rat": 28,  # hidden in the demo
    "goblin-1": 26,
    SECRET: 24,
    "sister-venn": 22,
    "goblin-2": 20,
    "ilsabet": 18,
    "ogre": 16,
    "quill": 14,
}


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def _fight(window: MainWindow) -> None:
    assert window.session.run(initiative.roll_initiative, totals=ORDER).ok
    assert window.session.run(initiative.start_combat).ok


def _strip_text(players: PlayerWindow) -> str:
    QApplication.processEvents()  # the fog's rebuild, then the strip's
    return players.strip.text()


def test_the_strip_names_who_acts_now_and_next(window: MainWindow) -> None:
    window.fog_action.setChecked(False)  # every creature not hidden is on the players' map
    _fight(window)
    players = open_player_view(window)
    text = _strip_text(players)
    assert players.strip.isVisible()
    assert text.startswith("Round 1 · <b>Now: Brakka</b> · Next: Goblin Warrior 1 · ")
    assert "Dire Rat" not in text  # hidden by the GM
    assert window.session.end_turn().ok
    # Issue 28: the rat is hidden, and the strip reads as before its turn, "Now:" and all,
    # so the players cannot tell that a hidden creature acts.
    assert window.encounter.combat.current == "rat"
    assert _strip_text(players) == text
    assert window.session.end_turn().ok
    assert _strip_text(players).startswith("Round 1 · <b>Now: Goblin Warrior 1</b> · Next: ")


def test_a_creature_hidden_mid_fight_leaves_the_strip(window: MainWindow) -> None:
    window.fog_action.setChecked(False)
    _fight(window)
    players = open_player_view(window)
    assert SECRET_NAME in _strip_text(players)
    hide(window, SECRET)
    assert SECRET_NAME not in _strip_text(players)
    window.session.undo()
    assert SECRET_NAME in _strip_text(players)


def test_the_fog_keeps_unseen_monsters_off_the_strip(window: MainWindow) -> None:
    assert window.fog_action.isChecked()
    _fight(window)
    players = open_player_view(window)
    text = _strip_text(players)
    vision = players.fog.vision
    assert vision is not None
    # In the demo no hero sees the second goblin (behind the walls), and the rat is hidden.
    assert "goblin-2" not in vision.seen
    assert "Goblin Warrior 2" not in text
    encounter = window.encounter
    for c in encounter.creatures:
        seen = c.side == "heroes" or c.id in vision.seen
        assert (c.name in text) == (seen and not c.hidden), c.name
    # The same as the players' map: a token there is a name on the strip and back.
    shown = {e.creature_id for e in players.strip.strip.entries}
    on_map = {c.id for c in encounter.creatures if players.scene.token_item(c.id) is not None}
    assert shown == on_map


def test_the_gm_names_monsters_by_token_label_or_turns_it_off(window: MainWindow) -> None:
    window.fog_action.setChecked(False)
    _fight(window)
    players = open_player_view(window)
    menu = window.player_view.strip_menu
    assert menu is not None
    menu.actions[StripMode.LABELS].trigger()
    text = _strip_text(players)
    assert "GW1" in text
    assert "Goblin Warrior" not in text
    assert "Brakka" in text  # the players' own creatures keep their names
    assert remembered_strip_mode(app_settings()) is StripMode.LABELS
    menu.actions[StripMode.OFF].trigger()
    QApplication.processEvents()
    assert not players.strip.isVisible()
    # Reopened, the view keeps the choice.
    window.player_view_action.trigger()
    players = open_player_view(window)
    QApplication.processEvents()
    assert players.strip.mode is StripMode.OFF
    assert not players.strip.isVisible()


def test_outside_combat_there_is_no_strip(window: MainWindow) -> None:
    players = open_player_view(window)
    QApplication.processEvents()
    assert not players.strip.isVisible()
    assert players.strip.text() == ""


def test_the_strip_leaves_out_a_hidden_goblin_and_its_turn() -> None:
    # Two goblins, one hidden: the players read the one they see by its label, and the
    # hidden one is neither listed nor marked as acting on its turn.
    session = fight_started(
        GridBounds(8, 8),
        (
            creature("hero", "heroes", 1, 1),
            Creature(CreatureId("g1"), "Goblin Warrior 1", "monsters", square=Square(3, 3)),
            Creature(
                CreatureId("g2"),
                "Goblin Warrior 2",
                "monsters",
                square=Square(4, 4),
                hidden=True,
            ),
        ),
        {"hero": 20, "g1": 15, "g2": 10},
    )
    strip = player_initiative(session.encounter, None, {"heroes"}, MonsterNames.LABELS)
    assert [e.text for e in strip.entries] == ["Hero", "GW1"]
    assert strip.now is not None
    assert strip.now.creature_id == "hero"
    assert session.end_turn().ok
    before = player_initiative(session.encounter, None, {"heroes"}, MonsterNames.NAMES)
    assert session.end_turn().ok  # g2's turn: hidden
    strip = player_initiative(session.encounter, None, {"heroes"}, MonsterNames.NAMES)
    # Issue 28: "Now:" stays on the goblin the players saw act, as if nobody else acted.
    assert strip == before
    assert strip.now is not None
    assert strip.now.text == "Goblin Warrior 1"
    assert strip.next is not None
    assert strip.next.text == "Hero"
    # Fog: a monster the players do not see is left out, their own creatures never are.
    strip = player_initiative(session.encounter, frozenset(), {"heroes"})
    assert [e.text for e in strip.entries] == ["Hero"]


def test_a_creature_left_off_the_players_map_for_its_status_is_off_the_strip() -> None:
    """003-47 Hidden "Location unknown to other characters": the players' map leaves the
    goblin out (`stealth.hidden_from_players`), so the strip does too; the players' own
    creature is listed whatever its status (R-82: their own are not hidden from them)."""
    session = fight_started(
        GridBounds(8, 8),
        (
            creature("hero", "heroes", 1, 1),
            Creature(CreatureId("g1"), "Goblin Warrior 1", "monsters", square=Square(3, 3)),
            Creature(CreatureId("g2"), "Goblin Warrior 2", "monsters", square=Square(4, 4)),
        ),
        {"hero": 20, "g1": 15, "g2": 10},
    )
    shown = player_initiative(session.encounter, None, {"heroes"}, MonsterNames.LABELS)
    assert [e.text for e in shown.entries] == ["Hero", "GW1", "GW2"]
    strip = player_initiative(
        session.encounter, None, {"heroes"}, MonsterNames.LABELS, absent={"g1", "hero"}
    )
    assert [e.text for e in strip.entries] == ["Hero", "GW2"]


def test_a_hidden_creature_first_in_the_round_does_not_show_the_new_round() -> None:
    """Issue 28: while a hidden creature opens round 2, the strip still reads round 1."""
    session = fight_started(
        GridBounds(8, 8),
        (
            creature("hero", "heroes", 1, 1),
            Creature(CreatureId("rat"), "Dire Rat", "monsters", square=Square(5, 5), hidden=True),
            Creature(CreatureId("g1"), "Goblin Warrior 1", "monsters", square=Square(3, 3)),
        ),
        {"rat": 25, "hero": 20, "g1": 15},
    )
    assert session.end_turn().ok  # the rat's turn ends: the hero's
    assert session.end_turn().ok  # the goblin's, the last of round 1
    before = player_initiative(session.encounter, None, {"heroes"})
    assert (before.round, before.now and before.now.text) == (1, "Goblin Warrior 1")
    assert session.end_turn().ok  # round 2: the hidden rat acts
    assert session.encounter.combat.current == "rat"
    assert player_initiative(session.encounter, None, {"heroes"}) == before
    assert session.end_turn().ok
    strip = player_initiative(session.encounter, None, {"heroes"})
    assert (strip.round, strip.now and strip.now.text) == (2, "Hero")


def test_the_dead_leave_next(window: MainWindow) -> None:
    """Issue 28: the GM drops goblin 1 to 0 hit points; the turn order passes over the dead
    (R-36), so the players' strip stops naming it, and never as "Next:"."""
    window.fog_action.setChecked(False)
    _fight(window)
    players = open_player_view(window)
    assert _strip_text(players).startswith("Round 1 · <b>Now: Brakka</b> · Next: Goblin Warrior 1")
    killed = window.session.run(gm_edits.apply_damage, "goblin-1", 1000)
    assert killed.ok, killed.reason
    assert window.session.rules.is_dead(window.encounter, "goblin-1")
    text = _strip_text(players)
    assert "Goblin Warrior 1" not in text
    assert text.startswith(f"Round 1 · <b>Now: Brakka</b> · Next: {SECRET_NAME} · Sister Venn")
