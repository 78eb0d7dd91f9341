"""003 "Square Fireballs" at the GM's screen: the status names in the GM box, on the token
badges and in the effect list, and the Downgrade button (003-21..38; seed 003 "5.8 Status
Effects").
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from tests.controller.conftest import fighter, make_session, orc


@pytest.fixture
def session() -> GameSession:
    s = make_session(
        Encounter(
            GridBounds(10, 8),
            creatures=(fighter("hero", 2, 2), orc("orc", 3, 2)),
            ruleset_id="square-fireballs",
        )
    )
    assert s.roll_initiative(totals={"hero": 20, "orc": 10}).ok
    assert s.start_combat().ok
    return s


@pytest.fixture
def panel(session: GameSession, qtbot: QtBot) -> ActionsPanel:
    widget = ActionsPanel(session, lambda: "hero")
    qtbot.add_widget(widget)
    widget.refresh()
    return widget


def _effects(panel: ActionsPanel) -> dict[str, QTreeWidgetItem]:
    top = panel.tree.topLevelItem(2)
    assert top is not None
    assert top.text(0) == "Effects"
    return {top.child(i).text(0): top.child(i) for i in range(top.childCount())}  # type: ignore[union-attr, misc]


def _add(panel: ActionsPanel, qtbot: QtBot, condition: Condition) -> None:
    box = panel.gm_box
    box.condition.setCurrentIndex(box.condition.findData(condition.value))
    box.duration.setCurrentIndex(box.duration.findData(DurationKind.SAVE_ENDS.value))
    qtbot.mouseClick(panel.buttons["add_condition"], Qt.MouseButton.LeftButton)


def test_the_gm_box_speaks_003_and_downgrades(
    session: GameSession, panel: ActionsPanel, qtbot: QtBot
) -> None:
    names = [panel.gm_box.condition.itemText(i) for i in range(panel.gm_box.condition.count())]
    # 003-30 Taunted, 003-27 Grabbed, 003-29 Hindered, 003-34 Shocked, 003-47 Hidden; 003-39
    # no Deafened.
    assert {"Taunted", "Grabbed", "Hindered", "Shocked", "Hidden", "Shrouded"} <= set(names)
    assert "Deafened" not in names
    assert "Marked" not in names
    _add(panel, qtbot, Condition.STUNNED)
    scene = MapScene(session.document, rules=session.rules)
    token = scene.token_item("hero")
    assert token is not None
    assert [b.label for b in token.look.badges] == ["stunned"]
    _effects(panel)["Stunned (save ends)"].setSelected(True)
    button = panel.buttons["downgrade_effect"]
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # 003 l.366 "Stunned | Dazed": the list, the badge and the log name the downgrade.
    assert set(_effects(panel)) == {"Dazed, downgraded from Stunned (save ends)"}
    token = scene.token_item("hero")
    assert token is not None
    assert [b.label for b in token.look.badges] == ["dazed"]
    _effects(panel)["Dazed, downgraded from Stunned (save ends)"].setSelected(True)
    assert not button.isEnabled()
    assert button.toolTip() == "Downgraded already (only once at a time)."
    session.undo()
    assert set(_effects(panel)) == {"Stunned (save ends)"}


def test_badges_use_the_003_names(session: GameSession, qtbot: QtBot) -> None:
    # 003-30 "Taunted" for 000's Marked, 003-27 "Grabbed" for Grappled (Ruleset.label).
    assert session.add_condition("hero", Condition.MARKED, source_id="orc").ok
    assert session.add_condition("hero", Condition.HINDERED).ok
    scene = MapScene(session.document, rules=session.rules)
    token = scene.token_item("hero")
    assert token is not None
    assert [b.label for b in token.look.badges] == ["Taunted", "Hindered"]
    assert "Taunted (save)" in token.look.tooltip
