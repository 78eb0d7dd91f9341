"""Light from the GM's side: ambient light, the light tool and dialog, the players' view darkens.

000 "Vision and Light": darkness is heavily obscured; torches give bright light.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.session import questions
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.ui.light_dialog import LightDialog
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.fog import FOG
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.map.light_layer import DARKNESS_SHADE
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_map_scene import view_point
from tests.ui.test_player_fog import pixel
from tests.ui.test_player_view import open_player_view, render
from tests.ui.test_targeting import accept_dialog, activate, at

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ROOM = (6.5, 3.5)
"""A point of the heroes' room in the demo, seen by them in daylight."""


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def settle() -> None:
    QApplication.processEvents()


def click(qtbot: QtBot, window: MainWindow, square: Square, right: bool = False) -> None:
    button = Qt.MouseButton.RightButton if right else Qt.MouseButton.LeftButton
    at = view_point(window.view, square.col + 0.5, square.row + 0.5)
    qtbot.mouseClick(window.view.viewport(), button, pos=at)
    settle()


def light_dialog(window: MainWindow) -> LightDialog:
    dialog = window.toolbar.light_dialog
    assert dialog is not None
    assert dialog.isVisible()
    return dialog


def test_a_dark_dungeon_a_torch_and_putting_it_out_darken_the_players_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    players = open_player_view(window)
    settle()
    assert pixel(render(players.scene), *ROOM) != FOG  # daylight: the room is seen
    window.lights.ambient_actions[Illumination.DARK].trigger()  # Encounter > Ambient Light
    assert window.encounter.lighting.ambient is Illumination.DARK
    assert window.undo_action.text().endswith("Ambient light: darkness")
    settle()
    assert pixel(render(players.scene), *ROOM) == FOG  # nobody sees in the dark
    window.toolbar.activate("light")  # a torch by default: bright 4, dim 8
    click(qtbot, window, Square(6, 6))
    (torch,) = window.encounter.lighting.sources
    assert (torch.name, torch.bright, torch.dim, torch.lit) == ("Torch", 4, 8, True)
    settle()
    lit = pixel(render(players.scene), *ROOM)
    assert lit != FOG
    click(qtbot, window, Square(6, 6))  # a click on the light edits it
    dialog = light_dialog(window)
    dialog.lit.setChecked(False)
    dialog.accept()
    assert not window.encounter.lighting.sources[0].lit
    assert window.undo_action.text().endswith("Put out Torch")
    settle()
    # remembered, not seen: drawn dimmed, darker than lit but not black
    remembered = pixel(render(players.scene), *ROOM)
    assert remembered != FOG
    assert remembered.lightness() < lit.lightness()
    window.undo_action.trigger()  # the torch burns again
    settle()
    assert pixel(render(players.scene), *ROOM) == lit


def test_a_light_dialog_explains_a_bad_radius_and_a_right_click_removes_the_light(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.toolbar.activate("light")
    click(qtbot, window, Square(6, 6))
    click(qtbot, window, Square(6, 6))
    dialog = light_dialog(window)
    dialog.bright.setValue(6)
    dialog.dim.setValue(2)
    dialog.accept()
    assert "dim radius" in dialog.error.text()
    assert dialog.isVisible()  # still open, nothing changed
    assert window.encounter.lighting.sources[0].bright == 4
    dialog.reject()
    click(qtbot, window, Square(6, 6), right=True)
    assert window.encounter.lighting.sources == ()
    assert window.undo_action.text().endswith("Remove Torch")


def test_a_carried_torch_follows_its_bearer(qtbot: QtBot, window: MainWindow) -> None:
    window.lights.set_ambient(Illumination.DARK)
    window.toolbar.activate("light")
    window.toolbar.light_carried.setChecked(True)
    click(qtbot, window, Square(4, 6))  # Brakka's square
    (torch,) = window.encounter.lighting.sources
    assert torch.carried_by == "brakka"
    assert window.session.move_creature("brakka", Square(14, 10), MoveMode.GM).ok
    levels = window.session.ask(questions.illumination)
    assert Illumination(int(levels[10, 14])) is Illumination.BRIGHT
    assert Illumination(int(levels[6, 4])) is Illumination.DARK


def test_the_gm_map_shades_darkness_lightly_and_marks_the_light(
    qtbot: QtBot, window: MainWindow
) -> None:
    item = window.lights.layer.item
    assert item.shade.isNull()  # daylight: nothing drawn
    window.lights.set_ambient(Illumination.DARK)
    settle()
    centre = QPointF(6.5 * SQUARE_PX, 6.5 * SQUARE_PX)
    assert item.shade_at(centre) == DARKNESS_SHADE
    window.toolbar.activate("light")
    click(qtbot, window, Square(6, 6))
    settle()
    assert item.shade_at(centre).alpha() == 0  # the torch's own square is bright
    assert [at for at, _colour in item.markers] == [centre]


def test_in_the_dark_the_attack_dialog_names_the_darkness_and_the_gm_overrides_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    """000 "Vision and Light": darkness next to the attacker gives partial concealment (-2)."""
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    window.lights.set_ambient(Illumination.DARK)
    window.view.resetTransform()
    window.view.centerOn(10 * SQUARE_PX, 6 * SQUARE_PX)
    activate(qtbot, window, "brakka", "Cleave")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    dialog = window.attack_dialog
    assert dialog is not None
    summary = dialog.summaries["goblin-1"]
    # bright light: needs 10 (+7 vs AC 17); darkness, adjacent: -2
    assert summary.text().startswith("Goblin Warrior 1: needs 12 on the d20 (+5 vs AC 17)")
    assert "darkness: concealment" in summary.text()
    box = dialog.concealment_boxes["goblin-1"]
    box.setCurrentIndex(box.findData("none"))
    assert summary.text().startswith("Goblin Warrior 1: needs 10 on the d20 (+7 vs AC 17)")
    accept_dialog(qtbot, window, "11 3")
    target = session.encounter.combat.log[-1].data["targets"][0]
    assert target["concealment"] == "none"


def test_a_hero_without_a_light_moving_leaves_the_drawn_light_as_it_was(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Issue 33: on a big dark map, working the light's shading out again for each step of a
    creature that carries no light cost a repaint's worth; the light is the same, so is the
    drawing."""
    window.lights.set_ambient(Illumination.DARK)
    window.toolbar.activate("light")
    click(qtbot, window, Square(6, 6))
    item = window.lights.layer.item
    drawn = item.shade
    assert window.session.move_creature("brakka", Square(4, 7), MoveMode.GM).ok
    settle()
    assert item.shade is drawn
    (torch,) = window.encounter.lighting.sources
    window.session.run(lighting_edits.remove_light, torch.id)
    settle()
    assert item.shade is not drawn
    assert item.shade_at(QPointF(6.5 * SQUARE_PX, 6.5 * SQUARE_PX)) == DARKNESS_SHADE


def test_the_players_fog_is_worked_out_before_the_player_view_repaints(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Issue 33: the fog's rebuild is queued ahead of the repaints a move asks for, so the
    players' screen shows the move with its new fog in one repaint, not the old fog first."""
    window.lights.set_ambient(Illumination.DARK)
    player = open_player_view(window)
    settle()
    order: list[str] = []
    player.fog.rebuilt.connect(lambda: order.append("fog"))
    recorder = PaintOrder(order)
    player.view.viewport().installEventFilter(recorder)
    assert window.session.move_creature("brakka", Square(4, 7), MoveMode.GM).ok
    qtbot.waitUntil(lambda: "paint" in order and "fog" in order)
    assert order.index("fog") < order.index("paint")


class PaintOrder(QObject):
    """Appends "paint" to a list for each paint event of the watched widget."""

    def __init__(self, order: list[str]) -> None:
        super().__init__()
        self.order = order

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.order.append("paint")
        return False
