"""History: push/undo/redo, groups as one step, merging, clean state (docs/design.md#undo)."""

from __future__ import annotations

import pytest

from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.history import History
from orcus_desktop.vocabulary import CreatureId


def _doc() -> tuple[Document, History]:
    doc = Document(Encounter(GridBounds(10, 10)))
    return doc, History(doc)


ORIGIN = Square(0, 0)


def _add(doc: Document, history: History, cid: str, square: Square = ORIGIN) -> None:
    before = doc.encounter
    after = before.with_creature(Creature(CreatureId(cid), cid, "heroes", square=square))
    history.push(ReplaceEncounter(f"Add {cid}", before, after))


def test_push_undo_redo_restore_exact_snapshots() -> None:
    doc, history = _doc()
    start = doc.encounter
    _add(doc, history, "a")
    after_a = doc.encounter
    assert history.can_undo
    assert not history.can_redo
    assert history.undo_text == "Add a"
    assert history.undo()
    assert doc.encounter is start
    assert history.redo_text == "Add a"
    assert history.redo()
    assert doc.encounter is after_a
    assert not history.redo()


def test_new_push_discards_redo_steps() -> None:
    doc, history = _doc()
    _add(doc, history, "a")
    history.undo()
    _add(doc, history, "b")
    assert not history.can_redo
    assert doc.encounter.creature_ids() == ("b",)


def test_group_is_one_step_and_nested_groups_fold() -> None:
    doc, history = _doc()
    start = doc.encounter
    with history.group("Orc: Cleave"):
        _add(doc, history, "a")
        with history.group("inner"):
            _add(doc, history, "b", Square(1, 0))
    assert len(history) == 1
    assert history.undo_text == "Orc: Cleave"
    history.undo()
    assert doc.encounter is start
    history.redo()
    assert doc.encounter.creature_ids() == ("a", "b")


def test_group_that_raises_leaves_nothing_behind() -> None:
    doc, history = _doc()
    start = doc.encounter

    def broken_step() -> None:
        with history.group("broken"):
            _add(doc, history, "a")
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        broken_step()
    assert doc.encounter is start
    assert not history.can_undo


def test_merge_by_key_makes_a_drag_one_step() -> None:
    doc, history = _doc()
    _add(doc, history, "a")
    for col in (1, 2, 3):
        before = doc.encounter
        after = before.with_creature(before.creature("a").moved_to(Square(col, 0)))
        history.push(ReplaceEncounter("Move a", before, after, merge_key=("gm-move", "a")))
    assert len(history) == 2
    history.undo()
    assert doc.encounter.creature("a").square == Square(0, 0)


def test_clean_state_tracks_save_point() -> None:
    doc, history = _doc()
    seen: list[int] = []
    history.changed.connect(lambda: seen.append(1))
    assert history.is_clean
    _add(doc, history, "a")
    assert not history.is_clean
    history.mark_clean()  # type: ignore[unreachable]
    assert history.is_clean
    history.undo()
    assert not history.is_clean
    history.redo()
    assert history.is_clean
    history.undo()
    _add(doc, history, "b")  # the saved step can no longer be reached
    assert not history.is_clean
    history.clear()
    assert history.is_clean
    assert not history.can_undo
    assert len(seen) == 7  # push, mark_clean, undo, redo, undo, push, clear


class _LibraryStep:
    """A step that writes a file of its own and leaves the encounter alone."""

    leaves_encounter = True

    def __init__(self, text: str) -> None:
        self.text = text

    def redo(self, doc: Document) -> None:
        pass

    def undo(self, doc: Document) -> None:
        pass

    def merge_with(self, other: object) -> bool:
        return False


def test_steps_that_leave_the_encounter_do_not_make_it_unsaved() -> None:
    doc, history = _doc()

    def saved() -> bool:  # a call, so that mypy does not narrow the property between steps
        return history.is_clean

    history.push(_LibraryStep("Save Cave Brute to your library"))
    assert saved()
    with history.group("Delete Ogre from your library"):
        history.push(_LibraryStep("delete"))
    assert saved()
    history.undo()
    history.undo()
    assert saved()
    history.redo()
    _add(doc, history, "a")  # the encounter changes
    assert not saved()
    history.undo()
    assert saved()
    # Saved after a library step, then back before it and a new library step pushed: the
    # encounter is still the saved one.
    history.mark_clean()
    history.undo()
    history.push(_LibraryStep("Import monsters"))
    assert saved()
    history.undo()
    _add(doc, history, "b")
    assert not saved()
