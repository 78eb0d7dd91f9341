"""The dice roller's model (issue 17): any expression the dice library accepts, history,
repeat, favourites, and a roll either shown to the table (the combat log) or private."""

from __future__ import annotations

import random

import pytest

from orcus_desktop.controller.gm import gm_rolls
from orcus_desktop.controller.log.records import DiceRolled, record_of
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.views.dice_tray import HISTORY_LIMIT, DiceTray, MemoryFavourites
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.dice_values import DiceError, RandomSource, ScriptedSource
from tests.controller.conftest import make_session


@pytest.fixture
def session() -> GameSession:
    return make_session(Encounter(GridBounds(6, 6)))


def tray_for(
    session: GameSession, dice: list[int], store: MemoryFavourites | None = None
) -> DiceTray:
    def publish(roll, label):  # type: ignore[no-untyped-def]
        return session.run(gm_rolls.log_roll, roll, label).ok

    return DiceTray(ScriptedSource(dice), publish, store or MemoryFavourites())


def test_keep_highest_rolls_every_die_and_logs_the_roll_for_the_table(
    session: GameSession,
) -> None:
    tray = tray_for(session, [6, 1, 5, 4])
    entry = tray.roll("4d6kh3 + 2", "Treasure")
    assert entry.roll.total == 6 + 5 + 4 + 2
    assert entry.shown
    (logged,) = session.encounter.combat.log
    record = record_of(logged)
    assert isinstance(record, DiceRolled)
    assert record.total == 17
    text = describe(logged, names_of(session.encounter))
    assert text.startswith("GM rolls Treasure: 4d6kh3 (6, ")
    assert text.endswith("= 17")


def test_a_reroll_keeps_the_first_die_on_record(session: GameSession) -> None:
    # d20 syntax "ro1": reroll a 1 once; the 1 stays in the log, struck.
    tray = tray_for(session, [1, 15])
    assert tray.roll("1d20ro1").roll.total == 15
    record = record_of(session.encounter.combat.log[0])
    assert isinstance(record, DiceRolled)
    assert record.terms[0].dice == ((20, 1, False), (20, 15, True))


def test_a_private_roll_never_reaches_the_document(session: GameSession) -> None:
    tray = tray_for(session, [7])
    entry = tray.roll("1d20", private=True)
    assert not entry.shown
    assert session.encounter.combat.log == ()
    assert not session.history.can_undo


def test_a_shown_roll_is_one_undo_step(session: GameSession) -> None:
    tray_for(session, [3]).roll("1d4")
    assert session.history.undo_text == "Roll 1d4"
    session.undo()
    assert session.encounter.combat.log == ()


def test_a_bad_expression_is_refused_and_not_kept(session: GameSession) -> None:
    tray = tray_for(session, [])
    with pytest.raises(DiceError):
        tray.roll("2d6 +* 3")
    assert tray.history == []


def test_repeat_rolls_the_same_expression_again_newest_first(session: GameSession) -> None:
    tray = tray_for(session, [2, 9])
    tray.roll("1d10", "Wandering monster", private=True)
    again = tray.repeat()
    assert (again.roll.expression, again.label, again.roll.total) == (
        "1d10",
        "Wandering monster",
        9,
    )
    assert not again.shown  # private stays private
    assert [e.roll.total for e in tray.history] == [9, 2]


def test_the_history_keeps_the_latest_rolls(session: GameSession) -> None:
    tray = DiceTray(RandomSource(random.Random(1)), lambda _r, _l: False, MemoryFavourites())
    for _ in range(HISTORY_LIMIT + 5):
        tray.roll("1d6", private=True)
    assert len(tray.history) == HISTORY_LIMIT


def test_favourites_are_stored_validated_and_rolled_under_their_name(session: GameSession) -> None:
    store = MemoryFavourites()
    tray = tray_for(session, [20], store)
    tray.add_favourite("Perception", "1d20 + 7")
    with pytest.raises(DiceError):
        tray.add_favourite("Broken", "1d20 +")
    with pytest.raises(DiceError):
        tray.add_favourite("  ", "1d20")
    assert store.stored == {"Perception": "1d20 + 7"}
    entry = tray.roll_favourite("Perception")
    assert (entry.label, entry.roll.total) == ("Perception", 27)
    # A fresh tray (the next run) finds them; a hand-broken one is left out.
    store.stored["Bad"] = "d"
    assert tray_for(session, [], store).favourites == {"Perception": "1d20 + 7"}
    tray.remove_favourite("Perception")
    assert store.stored == {}
