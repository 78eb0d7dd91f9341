"""The combat log panel mirrors the document's structured log: model drives view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.actions import (
    combat_actions,
    forced_placement,
    grappling,
    interrupts,
)
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.panels.combat_log import CombatLogModel, CombatLogPanel
from orcus_desktop.ui.status_report import one_line
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc
from tests.controller.log_fights import FIGHTS


@pytest.fixture
def session() -> GameSession:
    """Hero (initiative 20) adjacent to an orc (10); a second orc far away (5)."""
    return make_session(
        Encounter(
            GridBounds(12, 12),
            creatures=(fighter("hero", 2, 2), orc("orc", 3, 2), orc("brute", 9, 9)),
        )
    )


def _start(session: GameSession) -> None:
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10, "brute": 5}).ok
    assert session.run(initiative.start_combat).ok


def _lines(panel: CombatLogPanel) -> list[str]:
    model = panel.view.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_model_passes_the_model_tester(session: GameSession, qtmodeltester: ModelTester) -> None:
    _start(session)
    model = CombatLogModel(session)
    qtmodeltester.check(model)
    assert model.rowCount() == len(session.encounter.combat.log)
    # the tester stays attached while rows come and go
    assert session.end_turn().ok
    session.undo()
    session.redo()
    session.open_encounter(Encounter(GridBounds(3, 3)))
    assert model.rowCount() == 0


def test_panel_shows_the_log_and_follows_actions_and_undo(
    session: GameSession, qtbot: QtBot
) -> None:
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    assert _lines(panel) == []
    _start(session)
    lines = _lines(panel)
    assert lines[0] == "Hero: initiative 20 (entered by the GM)"
    assert "Combat starts" in lines
    assert "— Round 1 —" in lines
    assert lines[-1] == "Hero's turn"
    before = len(lines)

    with qtbot.wait_signal(panel.model.rowsInserted):
        result = session.use_power("hero", "Basic Melee Attack", ["orc"], dice=[18, 6])
    assert result.ok, result.reason
    attack = _lines(panel)[-1]
    assert attack.startswith("Hero uses Basic Melee Attack with Longsword (melee)")
    # the d20 and every modifier, then the damage dice, as rules/format prints them
    assert "Orc: 18 (d20)" in attack
    assert "= 24 vs AC 15 -> hit" in attack  # the defense, unmodified, read once
    assert "damage on a hit: 1d10 (6) + 3" in attack
    assert "Orc takes 9 damage" in attack
    assert "HP 30 -> 21" in attack

    with qtbot.wait_signal(panel.model.rowsRemoved):
        session.undo()
    assert len(_lines(panel)) == before
    assert _lines(panel) == lines
    session.redo()
    assert _lines(panel)[-1] == attack


def test_turn_flow_lines(session: GameSession, qtbot: QtBot) -> None:
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    _start(session)
    assert session.run(gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.SAVE_ENDS).ok
    assert session.end_turn(save_dice={1: 3}).ok
    lines = _lines(panel)
    assert "Hero is Dazed (save ends) (by GM)" not in lines  # the GM is no creature
    assert "Hero is Dazed (save ends)" in lines
    save = next(line for line in lines if "saves against" in line)
    assert save.startswith("Hero saves against Dazed (save ends): 3 (d20)")
    assert save.endswith("vs 10: fails (typed in)")
    assert "Hero ends its turn" in lines
    assert lines[-1] == "Orc's turn"
    assert session.delay().ok
    assert _lines(panel)[-2:] == ["Orc delays", "Brute's turn"]


def test_reset_rebuilds(session: GameSession, qtbot: QtBot) -> None:
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    _start(session)
    with qtbot.wait_signal(panel.model.modelReset):
        session.open_encounter(Encounter(GridBounds(4, 4)))
    assert _lines(panel) == []


def test_removed_creature_keeps_its_name_in_the_log(session: GameSession, qtbot: QtBot) -> None:
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    _start(session)
    assert session.run(editing.remove_creature, "brute").ok
    assert "Brute: initiative 5 (entered by the GM)" in _lines(panel)


def test_deleted_panel_disconnects(session: GameSession, qtbot: QtBot) -> None:
    panel = CombatLogPanel(session)
    events = session.document.events
    connected = len(events.combat_changed)
    panel.deleteLater()
    qtbot.wait_until(lambda: len(events.combat_changed) < connected)
    _start(session)  # no slot of a deleted model runs


@pytest.mark.parametrize("fight", FIGHTS, ids=lambda f: f.__name__)
def test_the_panel_shows_the_export_text_of_every_entry(
    fight: Callable[[], GameSession], qtbot: QtBot
) -> None:
    """Issue 10: one wording; the panel's rows are `log_text`'s lines, entry by entry."""
    session = fight()
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    names = names_of(session.encounter)
    log = session.encounter.combat.log
    assert _lines(panel) == [one_line(describe(e, names)) for e in log]
    assert [one_line(line) for line in panel.model.lines()] == _lines(panel)


# The offscreen platform says so whenever a top-level widget is shown.
@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_visible_log_scrolls_to_the_newest_line(session: GameSession, qtbot: QtBot) -> None:
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    panel.resize(300, 120)
    panel.show()
    qtbot.wait_exposed(panel)
    _start(session)
    for _ in range(6):
        assert session.end_turn().ok
    bar = panel.view.verticalScrollBar()
    qtbot.wait_until(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    panel.close()


def _until(session: GameSession, creature_id: str) -> None:
    """End turns until it is `creature_id`'s."""
    for _ in range(8):
        if session.encounter.combat.current == creature_id:
            return
        assert session.end_turn().ok
    raise AssertionError(f"{creature_id}'s turn never came")


def test_every_event_of_a_played_combat_has_its_own_line(
    session: GameSession, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No entry of a varied combat falls back to the generic line."""

    def generic(entry: LogEntry, _name: Any) -> str:
        raise AssertionError(f"no handler formatted {entry.kind}: {dict(entry.data)}")

    monkeypatch.setattr("orcus_desktop.controller.log.text.fallback_text", generic)
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    s = session
    assert s.run(
        initiative.roll_initiative,
        dice={"hero": 15},
        totals={"orc": 10, "brute": 10},
        modifiers={"orc": 1, "brute": 1},
    ).ok
    assert s.run(initiative.set_initiative, "brute", 9).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(grappling.grapple, "hero", "orc", dice=[15]).ok
    assert s.run(combat_actions.take_action, CombatAction.DROP_PRONE, "hero").ok
    assert s.run(combat_actions.take_action, CombatAction.STAND_UP, "hero").ok
    assert s.run(grappling.release_grapple, "hero").ok
    assert s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").ok
    assert s.use_power("hero", "Knockdown Strike", ["orc"], dice=[18, 6, 5]).ok
    assert s.end_turn().ok  # the orc's turn
    assert s.delay().ok  # the brute's turn
    assert s.run(initiative.resume_delayed, "orc").ok  # the orc acts after the brute
    assert s.end_turn().ok  # the orc's turn again
    assert s.move_creature("orc", Square(6, 2), MoveMode.WALK).opportunity_attackers
    assert s.run(interrupts.decline_opportunity_attack, "hero").ok
    assert s.run(gm_edits.heal, "orc", 3).ok
    assert s.run(gm_edits.grant_temp_hp, "orc", 4).ok
    assert s.run(gm_edits.set_hit_points, "orc", 12).ok
    assert s.run(forced_placement.force_move, "orc", "push", 1, Square(7, 2), source_id="hero").ok
    assert s.run(gm_edits.apply_damage, "hero", 50).ok
    assert s.run(gm_edits.add_persistent_damage, "hero", 5, ["fire"]).ok
    assert s.run(editing.place_creature, fighter("ally", 3, 3)).ok
    assert s.run(initiative.join_combat, "ally", total=1).ok
    assert s.end_turn().ok  # the ally's turn
    assert s.end_turn(death_save_die=4).ok  # round 2: the hero, dying, saves
    _until(s, "brute")
    assert s.run(initiative.ready_action, "brute", ActionKind.STANDARD, "the orc moves").ok
    _until(s, "orc")
    assert s.run(initiative.trigger_readied, "brute", "orc").ok
    assert s.run(
        waiting_decisions.let_readied_pass, "brute"
    ).ok  # answered before the orc may delay
    assert s.delay().ok  # the orc delays to the end of the round: its turn is lost
    for _ in range(3):
        s.end_turn()
    assert s.run(initiative.end_combat).ok
    lines = _lines(panel)
    assert len(lines) == len(s.encounter.combat.log)
    assert lines[-1].startswith("Combat ends")
    assert "Orc's hit points are set by GM: HP 19 -> 12" in lines
    assert "Orc's turn (re-entering after a delay)" in lines
    assert "Orc is offered 4 temporary HP: 0 -> 4 (never added together)" in lines


def test_a_modified_defense_shows_how_it_came_about(session: GameSession, qtbot: QtBot) -> None:
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    _start(session)
    assert session.run(
        gm_edits.add_condition, "orc", Condition.UNCONSCIOUS, DurationKind.SAVE_ENDS
    ).ok
    assert session.use_power("hero", "Basic Melee Attack", ["orc"], dice=[18, 6]).ok
    attack = _lines(panel)[-1]
    # Unconscious: -5 to all defenses (000 "Conditions"), so the GM sees the 15 become 10.
    assert "vs AC 15 (" in attack
    assert "-5 unconscious = 10 ->" in attack.lower()


def test_a_new_entry_is_appended_as_rows_without_a_reset(
    session: GameSession, qtbot: QtBot
) -> None:
    """A long log must not make each action slower: the view appends, it never re-measures."""
    panel = CombatLogPanel(session)
    qtbot.add_widget(panel)
    _start(session)
    assert panel.view.uniformItemSizes()
    before = panel.model.rowCount()
    resets: list[bool] = []
    inserted: list[tuple[int, int]] = []
    panel.model.modelReset.connect(lambda: resets.append(True))
    panel.model.rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    assert session.end_turn().ok
    after = panel.model.rowCount()
    assert after > before
    assert resets == []
    assert inserted == [(before, after - 1)]
    # the whole line stays readable although rows are one line high
    tip = panel.model.index(after - 1, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.endswith(_lines(panel)[-1])
