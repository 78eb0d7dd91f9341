"""003 "Square Fireballs" at the GM's screen: the status names in the GM box, on the token
badges and in the effect list, and the Downgrade button (003-21..38; seed 003 "5.8 Status
Effects").
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from tests.controller.conftest import hero_fights_orc


@pytest.fixture
def session() -> GameSession:
    return hero_fights_orc((10, 8), (2, 2), (3, 2), "square-fireballs")


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


def _log_lines(session: GameSession) -> list[str]:
    """The log's lines as the log panel words them."""
    names = {str(c.id): c.name for c in session.encounter.creatures}
    return [
        entry_text(e, lambda cid: names.get(cid or "", ""), session.ruleset.label)
        for e in session.encounter.combat.log
    ]


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
    assert set(_effects(panel)) == {"Stunned downgraded to Dazed (save ends)"}
    token = scene.token_item("hero")
    assert token is not None
    assert [b.label for b in token.look.badges] == ["dazed"]
    # The GM's hover names it as the list does (003-21), "downgraded" once.
    assert "Conditions: Stunned downgraded to Dazed (save)" in token.look.tooltip
    assert session.encounter.combat.log[-1].kind == "condition_added"
    assert _log_lines(session)[-1] == "Hero: Stunned downgraded to Dazed (save ends)"
    _effects(panel)["Stunned downgraded to Dazed (save ends)"].setSelected(True)
    assert not button.isEnabled()
    assert button.toolTip() == "Downgraded already (only once at a time)."
    session.undo()
    assert set(_effects(panel)) == {"Stunned (save ends)"}


def test_badges_use_the_003_names(session: GameSession, qtbot: QtBot) -> None:
    # 003-30 "Taunted" for 000's Marked, 003-27 "Grabbed" for Grappled (Ruleset.label).
    assert session.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="orc").ok
    assert session.run(gm_edits.add_condition, "hero", Condition.HINDERED).ok
    scene = MapScene(session.document, rules=session.rules)
    token = scene.token_item("hero")
    assert token is not None
    assert [b.label for b in token.look.badges] == ["Taunted", "Hindered"]
    assert "Taunted (save)" in token.look.tooltip


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_player_view_does_not_show_a_hidden_creature(
    session: GameSession, qtbot: QtBot
) -> None:
    """003-47, 003 l.428 Hidden: "Location unknown to other characters" (R-82)."""
    from orcus_desktop.ui.main_window import MainWindow
    from tests.ui.test_player_view import open_player_view

    window = MainWindow(session.encounter, None, session=session)
    qtbot.add_widget(window)
    window.show()
    players = open_player_view(window)
    assert players.scene.token_item("orc") is not None
    assert session.run(gm_edits.add_condition, "orc", Condition.MARKED, source_id="hero").ok
    assert session.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="orc").ok
    assert session.run(
        gm_edits.add_condition, "orc", Condition.HIDDEN, DurationKind.END_OF_ENCOUNTER
    ).ok
    # The hidden orc has no token for the players, nor a badge it caused; the GM sees both.
    assert players.scene.token_item("orc") is None
    hero = players.scene.token_item("hero")
    assert hero is not None
    assert hero.look.badges == ()
    assert window.scene.token_item("orc") is not None
    # A hidden hero stays on the players' screen: it is one of theirs (R-82).
    assert session.run(
        gm_edits.add_condition, "hero", Condition.HIDDEN, DurationKind.END_OF_ENCOUNTER
    ).ok
    assert players.scene.token_item("hero") is not None
    # Undo brings the orc back.
    session.undo()
    session.undo()
    assert players.scene.token_item("orc") is not None


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_gm_confirms_a_collision_when_placing_a_push(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """003-43, 003 l.472: the GM clicks where the push ended and says what it hit."""
    from PySide6.QtWidgets import QInputDialog

    from orcus_desktop.assets import demo_encounter_path
    from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool
    from orcus_desktop.geometry.grid import Square
    from orcus_desktop.model.serialization import load_encounter
    from orcus_desktop.ui.main_window import MainWindow
    from orcus_desktop.ui.map.layers import SQUARE_PX
    from orcus_desktop.vocabulary import MoveMode
    from tests.ui.test_targeting import accept_dialog, activate, at, hp

    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    window.show()
    qtbot.wait_exposed(window)
    window.view.resetTransform()
    window.view.centerOn(10 * SQUARE_PX, 6 * SQUARE_PX)
    session = window.session
    assert session.switch_ruleset("square-fireballs").ok
    asked: list[tuple[str, list[str]]] = []

    def get_item(
        _parent: object, _title: str, label: str, items: list[str], *_: object
    ) -> tuple[str, bool]:
        asked.append((label, list(items)))
        return "It hit a wall or an obstacle (003-43)", True

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    activate(qtbot, window, "brakka", "Tide of Iron")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    accept_dialog(qtbot, window, "15 6")

    def placing() -> bool:
        return isinstance(window.view.tool, ForcedMoveTool)

    assert placing()
    before = hp(window, "goblin-1")
    # The goblin is pushed into the wall behind it: the GM clicks its own square.
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    ((question, items),) = asked
    assert "it ends here after 0 squares" in question
    assert items == [
        "No collision",
        "It hit a wall or an obstacle (003-43)",
        "It hit Brakka (003-43)",  # the pusher stands next to it
        "The next square is over a cliff: save (003-45)",
    ]
    assert session.encounter.creature("goblin-1").square == Square(10, 4)
    assert 1 <= before - hp(window, "goblin-1") <= 4  # 1d4, a heroic source
    # The log panel says it went none of its squares (003-43), the collision follows.
    lines = window.log_panel.model.lines()
    pushed = [i for i, line in enumerate(lines) if line.startswith("Goblin")]
    assert any("is pushed 0 of" in lines[i] and "(stopped at once)" in lines[i] for i in pushed)
    assert not placing()
    window.undo_action.trigger()
    assert hp(window, "goblin-1") == before
