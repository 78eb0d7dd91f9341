"""The session's one runner and one asker (issue 30 item 3): what a caller hands over, gets back.

From the caller's side: a GM action is a use case handed to `GameSession.run` with its
arguments; the result is announced once on `operation_done` with whoever asked
(`by(initiator)`), a step the file could not reopen is refused and not committed, and a
question asked through `ask` changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.gm import notes, zones
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from tests.controller.conftest import creature, make_session


def _session() -> GameSession:
    return make_session(Encounter(GridBounds(6, 6), creatures=(creature("hero", "heroes", 1, 1),)))


def _heard(session: GameSession) -> list[tuple[OperationResult, object]]:
    heard: list[tuple[OperationResult, object]] = []
    session.operation_done.connect(lambda result, initiator: heard.append((result, initiator)))
    return heard


def test_a_use_case_handed_over_is_one_undo_step_announced_once() -> None:
    session = _session()
    heard = _heard(session)
    result = session.run(zones.place_zone, "Web", [Square(2, 2), Square(2, 3)])
    assert result.ok
    assert [z.name for z in session.encounter.zones] == ["Web"]
    assert heard == [(result, None)]
    assert session.undo().ok
    assert session.encounter.zones == ()


def test_the_initiator_comes_back_with_the_result() -> None:
    """The panel that asked hears of its refusal (a note that is not there cannot be removed)."""
    session = _session()
    heard = _heard(session)
    panel = object()
    result = session.by(panel).run(notes.remove_note, "note-9")
    assert not result.ok
    assert heard == [(result, panel)]


def test_a_step_the_file_could_not_reopen_is_refused_not_committed() -> None:
    """Issue 29: the commit-time check holds for whatever use case is handed over."""
    session = _session()

    def clone_the_hero(engine: Engine, encounter: Encounter) -> Outcome:
        broken = replace(encounter, creatures=(*encounter.creatures, encounter.creatures[0]))
        return Step(broken, OperationResult(True, "clone", text="Clone"))

    result = session.run(clone_the_hero)
    assert not result.ok
    assert "could not be saved and reopened" in result.reason
    assert len(session.encounter.creatures) == 1
    assert not session.undo().ok


def test_a_question_changes_nothing() -> None:
    session = _session()
    before = session.encounter
    grid = session.ask(questions.illumination, players=True)
    assert len(grid) == 6
    assert session.encounter is before
    assert not session.undo().ok


def _wrong_arguments_are_type_errors(session: GameSession) -> None:
    """Never run: mypy --strict checks it, and `warn_unused_ignores` fails the gate if the
    runner ever stopped checking a use case's arguments where it is handed over."""
    session.run(zones.remove_zone, 42)  # type: ignore[arg-type]
    session.run(zones.remove_zone)  # type: ignore[call-arg]
    session.by(object()).run(notes.edit_note, "note-1", text=3)  # type: ignore[arg-type]
    session.ask(questions.illumination, players="yes")  # type: ignore[arg-type]
