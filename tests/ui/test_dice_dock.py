"""The dice roller dock from the GM's side (issue 17): type, roll, repeat, favourites,
to the combat log or private; rolled with a seeded RNG."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.views.dice_tray import MemoryFavourites
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import RandomSource
from orcus_desktop.ui.panels.dice_dock import DiceDock, DiceHistoryModel, SettingsFavourites
from tests.controller.conftest import make_session


@pytest.fixture
def session() -> GameSession:
    return make_session(Encounter(GridBounds(6, 6)), seed=17)


@pytest.fixture
def dock(qtbot: QtBot, session: GameSession) -> DiceDock:
    widget = DiceDock(session, MemoryFavourites())
    qtbot.add_widget(widget)
    return widget


def _type_and_roll(qtbot: QtBot, dock: DiceDock, expression: str, label: str = "") -> None:
    dock.expression.setText(expression)
    dock.label.setText(label)
    qtbot.mouseClick(dock.roll_button, Qt.MouseButton.LeftButton)


def test_a_typed_roll_goes_to_the_combat_log_with_the_seeded_dice(
    qtbot: QtBot, dock: DiceDock, session: GameSession
) -> None:
    expected = roll("4d6kh3 + 1", RandomSource(random.Random(17))).total
    _type_and_roll(qtbot, dock, "4d6kh3 + 1", "Treasure")
    (entry,) = session.encounter.combat.log
    assert entry.kind == "dice_roll"
    assert entry.data["total"] == expected
    assert dock.result.text().startswith(f"<b>{expected}</b>")
    assert dock.model.rowCount() == 1


def test_enter_rolls_and_private_rolls_stay_with_the_gm(
    qtbot: QtBot, dock: DiceDock, session: GameSession
) -> None:
    dock.private.setChecked(True)
    dock.expression.setText("1d20ro1")
    qtbot.keyClick(dock.expression, Qt.Key.Key_Return)
    assert dock.model.rowCount() == 1
    assert session.encounter.combat.log == ()
    assert "[private]" in dock.model.data(dock.model.index(0, 0))


def test_a_bad_expression_is_explained_not_rolled(
    qtbot: QtBot, dock: DiceDock, session: GameSession
) -> None:
    _type_and_roll(qtbot, dock, "3d")
    assert dock.result.text().startswith("Cannot roll:")
    assert dock.model.rowCount() == 0
    assert session.encounter.combat.log == ()


def test_repeat_and_double_click_roll_the_history_again(
    qtbot: QtBot, dock: DiceDock, session: GameSession
) -> None:
    _type_and_roll(qtbot, dock, "1d8", "Wandering monster")
    qtbot.mouseClick(dock.repeat_button, Qt.MouseButton.LeftButton)
    assert dock.model.rowCount() == 2
    assert [e.data["label"] for e in session.encounter.combat.log] == ["Wandering monster"] * 2


def test_favourites_are_kept_in_the_settings_and_rolled(
    qtbot: QtBot, tmp_path: object, session: GameSession
) -> None:
    settings = QSettings(f"{tmp_path}/dice.ini", QSettings.Format.IniFormat)
    dock = DiceDock(session, SettingsFavourites(settings))
    qtbot.add_widget(dock)
    dock.expression.setText("1d20 + 7")
    dock.label.setText("Perception")
    assert dock.save_favourite()
    again = DiceDock(session, SettingsFavourites(settings))
    qtbot.add_widget(again)
    assert again.tray.favourites == {"Perception": "1d20 + 7"}
    qtbot.mouseClick(again.favourite_roll, Qt.MouseButton.LeftButton)
    assert session.encounter.combat.log[-1].data["label"] == "Perception"
    qtbot.mouseClick(again.favourite_remove, Qt.MouseButton.LeftButton)
    assert SettingsFavourites(settings).load() == {}


def test_the_history_model_passes_the_model_tester(
    qtmodeltester: object, dock: DiceDock, qtbot: QtBot
) -> None:
    model: DiceHistoryModel = dock.model
    qtmodeltester.check(model)  # type: ignore[attr-defined]
    for expression in ("1d6", "2d10kl1", "d%"):
        _type_and_roll(qtbot, dock, expression)
    qtmodeltester.check(model)  # type: ignore[attr-defined]
