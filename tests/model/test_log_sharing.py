"""Undo snapshots share the combat log: memory stays flat however long the fight.

Every undo step keeps a whole encounter (docs/design.md#undo); the log is the one part that
grows with play, so each snapshot's log must reuse the entries of the one before.
"""

from __future__ import annotations

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.combat import Combat, LogEntry
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.model.log_sequence import LogSequence


def _log_step(doc: Document, history: History, kind: str) -> None:
    before = doc.encounter
    after = before.with_combat(before.combat.logged(kind))
    history.push(ReplaceEncounter(kind, before, after))


def test_snapshots_in_the_history_share_one_copy_of_the_log() -> None:
    doc = Document(Encounter(GridBounds(5, 5)))
    history = History(doc)
    first = doc.encounter.combat.log
    for i in range(50):
        _log_step(doc, history, f"note{i}")
    snapshots = [doc.encounter.combat.log]
    while history.undo():
        snapshots.append(doc.encounter.combat.log)
    assert [len(s) for s in snapshots] == list(range(50, -1, -1))
    assert all(s.shares_items_with(snapshots[0]) for s in snapshots[:-1])
    assert snapshots[-1] is first
    # every snapshot still reads its own entries, in order
    assert [e.kind for e in snapshots[10]] == [f"note{i}" for i in range(40)]


def test_a_new_action_after_undo_leaves_the_undone_versions_intact() -> None:
    doc = Document(Encounter(GridBounds(5, 5)))
    history = History(doc)
    for kind in ("a", "b", "c"):
        _log_step(doc, history, kind)
    three = doc.encounter.combat.log
    history.undo()
    history.undo()
    _log_step(doc, history, "x")
    assert [e.kind for e in doc.encounter.combat.log] == ["a", "x"]
    assert [e.kind for e in three] == ["a", "b", "c"]
    assert [e.seq for e in doc.encounter.combat.log] == [1, 2]


def test_a_shared_log_reads_and_compares_like_the_tuple_of_its_entries() -> None:
    combat = Combat().logged("a").logged("b")
    entries = tuple(combat.log)
    assert combat.log == entries
    assert entries == combat.log
    assert combat.log[-1].kind == "b"
    assert combat.log[1:] == entries[1:]
    assert combat == Combat(log=LogSequence(entries))
    assert combat.log != entries[:1]
    assert list(reversed(combat.log)) == list(reversed(entries))
    assert isinstance(combat.log[0], LogEntry)
