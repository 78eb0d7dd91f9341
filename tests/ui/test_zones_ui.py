"""Zones from the GM's side (issue 13): a clicked template kept as a zone, drawn on both maps
(hidden ones only on the GM's), undoable, removed, and ended at the turn boundary.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import zones as zones_cases
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.zones import ZoneDuration
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.zones import KeepZone, ZoneAnswer, ZoneDialog, ZoneItem
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_map_scene import view_point
from tests.ui.test_player_view import open_player_view

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

BURST = {Square(c, r) for c in (5, 6, 7) for r in (5, 6, 7)}


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = shown_demo_window(qtbot)
    win.fog_action.setChecked(False)  # the players' map shows all the GM does not hide
    return win


class Answers:
    def __init__(self, answer: ZoneAnswer | None) -> None:
        self.answer = answer
        self.asked: list[tuple[str, str | None]] = []

    def zone(
        self,
        _parent: QWidget,
        name: str,
        _creatures: list[tuple[str, str]],
        owner: str | None,
        keep: KeepZone,
    ) -> ZoneAnswer | None:
        """The GM fills the dialog in with `answer` and presses OK (it keeps the zone)."""
        self.asked.append((name, owner))
        if self.answer is not None:
            assert keep(self.answer).ok
        return self.answer


def _click_burst(qtbot: QtBot, window: MainWindow) -> None:
    window.toolbar.template_size.setValue(1)
    window.toolbar.template_origin.setCurrentText("Far")
    window.toolbar.tools["template"][0].trigger()
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view_point(view, 6.5, 6.5))


def _zone_items(scene_owner: object) -> list[ZoneItem]:
    scene = getattr(scene_owner, "scene")  # noqa: B009 - both windows have one
    return [i for i in scene.items() if isinstance(i, ZoneItem)]


def test_a_clicked_template_is_kept_as_a_zone_on_both_maps_and_undone(
    qtbot: QtBot, window: MainWindow
) -> None:
    players = open_player_view(window)
    _click_burst(qtbot, window)
    answers = Answers(ZoneAnswer("Stinking Cloud", ZoneDuration.UNTIL_REMOVED, None, False))
    window.zones.ask_zone = answers.zone
    qtbot.keyClick(window.view, Qt.Key.Key_Z)  # Tools > Keep Template as Zone
    assert answers.asked == [("Far burst 1", None)]
    (zone,) = window.encounter.zones
    assert zone.squares == BURST
    assert [i.zone.name for i in _zone_items(window)] == ["Stinking Cloud"]
    assert [i.zone.name for i in _zone_items(players)] == ["Stinking Cloud"]
    assert window.undo_action.text() == "&Undo Place zone Stinking Cloud"
    window.undo_action.trigger()
    assert _zone_items(window) == []
    assert _zone_items(players) == []
    window.redo_action.trigger()
    assert len(_zone_items(players)) == 1
    # One zone on the map: Remove Zone asks nothing.
    window.zones.remove_action.trigger()
    assert window.encounter.zones == ()
    assert _zone_items(window) == []
    players.close()


def test_a_hidden_zone_is_never_on_the_players_map(qtbot: QtBot, window: MainWindow) -> None:
    players = open_player_view(window)
    _click_burst(qtbot, window)
    window.zones.ask_zone = Answers(
        ZoneAnswer("Trap", ZoneDuration.UNTIL_REMOVED, None, True)
    ).zone
    window.zones.keep_action.trigger()
    assert [i.zone.name for i in _zone_items(window)] == ["Trap"]
    assert _zone_items(players) == []
    assert [i.zone.hidden for i in _zone_items(window)] == [True]  # drawn dashed for the GM
    window.zones.visibility_action.trigger()  # the GM shows it
    QApplication.processEvents()
    assert [i.zone.name for i in _zone_items(players)] == ["Trap"]
    assert [i.zone.hidden for i in _zone_items(window)] == [False]  # redrawn solid
    window.session.undo()
    assert _zone_items(players) == []
    players.close()


def test_keeping_without_a_template_says_what_to_do(window: MainWindow) -> None:
    window.zones.keep_action.trigger()
    assert window.statusBar().currentMessage() == (
        "Place a template first: Template (A), then click it onto the map."
    )
    assert window.encounter.zones == ()


def test_a_zone_for_a_creatures_next_turn_ends_at_its_turn_boundary(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.session
    ids = [c.id for c in session.encounter.creatures]
    assert session.run(
        initiative.roll_initiative, totals={c: 30 - i for i, c in enumerate(ids)}
    ).ok
    assert session.run(initiative.start_combat).ok
    first = session.encounter.combat.current
    _click_burst(qtbot, window)
    answers = Answers(
        ZoneAnswer("Wall of Fire", ZoneDuration.END_OF_OWNER_NEXT_TURN, first, False)
    )
    window.zones.ask_zone = answers.zone
    window.zones.keep_action.trigger()
    assert answers.asked == [("Far burst 1", first)]  # the creature whose turn it is
    for _ in ids:  # a whole round: the zone outlives the turn it was placed in
        assert session.end_turn().ok
    assert len(_zone_items(window)) == 1
    assert session.end_turn().ok  # the end of that creature's next turn
    assert _zone_items(window) == []
    # Logged where the GM reads the fight.
    assert (
        window.log_panel.model.lines()[-3:].count(
            f"Zone Wall of Fire ended: the end of {window.encounter.name_of(first)}'s turn"
        )
        == 1
    )


def test_right_clicking_a_zone_offers_its_own_actions_each_one_undo_step(
    window: MainWindow,
) -> None:
    """A GM who sees the cloud on the map acts on it there, without the Tools menu's lists."""
    players = open_player_view(window)
    session = window.session
    assert session.run(zones_cases.place_zone, "Fog Cloud", BURST, ZoneDuration.UNTIL_REMOVED).ok
    assert session.run(zones_cases.place_zone, "Trap", {Square(6, 6)}, hidden=True).ok
    assert window.zones.menu_at(1.5, 1.5) is None  # nothing there: no menu
    menu = window.zones.menu_at(6.5, 6.2)  # both zones cover the square
    assert menu is not None
    entries = {a.text(): a for a in menu.actions() if not a.isSeparator()}
    assert set(entries) == {
        "Hide from Players",
        "Remove Fog Cloud",
        "Show to Players",
        "Remove Trap",
    }
    assert [a.text() for a in menu.actions() if a.isSeparator()] == ["Fog Cloud", "Trap"]
    entries["Show to Players"].trigger()
    QApplication.processEvents()
    assert sorted(i.zone.name for i in _zone_items(players)) == ["Fog Cloud", "Trap"]
    entries["Remove Fog Cloud"].trigger()
    assert [z.name for z in window.encounter.zones] == ["Trap"]
    assert window.undo_action.text() == "&Undo Remove zone Fog Cloud"
    window.undo_action.trigger()
    assert len(window.encounter.zones) == 2
    menu.deleteLater()
    players.close()


def test_a_sustained_zone_is_sustained_from_its_right_click_menu(window: MainWindow) -> None:
    session = window.session
    ids = [c.id for c in session.encounter.creatures]
    assert session.run(
        initiative.roll_initiative, totals={c: 30 - i for i, c in enumerate(ids)}
    ).ok
    assert session.run(initiative.start_combat).ok
    first = session.encounter.combat.current
    assert session.run(zones_cases.place_zone, "Spirit", BURST, ZoneDuration.SUSTAINED, first).ok
    menu = window.zones.menu_at(5.5, 5.5)
    assert menu is not None
    (sustain,) = [a for a in menu.actions() if a.text() == "Sustain Spirit"]
    sustain.trigger()
    assert window.encounter.zones[0].sustained
    menu.deleteLater()


def test_a_refused_zone_keeps_the_dialog_open_with_the_reason(
    qtbot: QtBot, window: MainWindow
) -> None:
    _click_burst(qtbot, window)
    window.scene.select_creature(None)
    seen: list[tuple[bool, str, int]] = []

    def fill_in() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, ZoneDialog))
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        ok = box.button(QDialogButtonBox.StandardButton.Ok)
        dialog.name.setText("Cloud of Daggers")
        dialog.duration.setCurrentIndex(dialog.duration.findData(ZoneDuration.SUSTAINED.value))
        ok.click()  # with nobody to sustain it
        seen.append((dialog.isVisible(), dialog.error.text(), len(window.encounter.zones)))
        dialog.owner.setCurrentIndex(dialog.owner.findData("ilsabet"))
        ok.click()

    QTimer.singleShot(0, fill_in)
    window.zones.keep_action.trigger()  # Z: the dialog
    # Refused: still open, saying why, and nothing kept; then kept with what was typed.
    assert seen == [
        (True, "A zone that is sustained needs the creature it belongs to: pick it.", 0)
    ]
    zones = window.encounter.zones
    assert [(z.name, z.owner) for z in zones] == [("Cloud of Daggers", "ilsabet")]
