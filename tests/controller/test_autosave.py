"""Autosave's decisions without Qt: the debounce policy and the recovery folder."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.files.autosave import (
    AutosavePolicy,
    RecoveryStore,
    load_saved,
    recovery_folder,
    restore_encounter,
)
from orcus_desktop.controller.turns import initiative
from orcus_desktop.model.encounter import Encounter, MapImage
from orcus_desktop.model.serialization import load_encounter, save_encounter
from tests.controller.conftest import make_session

T0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


# --- the policy -----------------------------------------------------------------------------
def test_nothing_pending_is_never_due() -> None:
    policy = AutosavePolicy(debounce=2, max_wait=30)
    assert not policy.pending
    assert policy.delay(0) is None
    assert not policy.due(1000)


def test_a_change_is_written_after_the_debounce() -> None:
    policy = AutosavePolicy(debounce=2, max_wait=30)
    policy.changed(10)
    assert policy.pending
    assert not policy.due(11.9)
    assert policy.due(12)
    assert policy.delay(11) == pytest.approx(1)
    policy.started(12)
    assert policy.writing
    assert not policy.pending
    policy.written(12.1)  # type: ignore[unreachable]
    assert not policy.writing
    assert not policy.due(100)


def test_each_change_restarts_the_debounce() -> None:
    policy = AutosavePolicy(debounce=2, max_wait=30)
    for t in (0, 1, 2, 3):
        policy.changed(t)
        assert not policy.due(t + 1.5)
    assert policy.due(5)


def test_a_long_burst_is_still_written_every_max_wait() -> None:
    # A drag sends a change every frame: the debounce alone would never fire.
    policy = AutosavePolicy(debounce=2, max_wait=30)
    writes = []
    t = 0.0
    while t < 95:
        policy.changed(t)
        if policy.due(t):
            writes.append(t)
            policy.started(t)
            policy.written(t)
        t += 0.25
    assert writes == [30.0, 60.25, 90.5]


@pytest.mark.parametrize(
    ("changes", "now", "expected"),
    [
        ([0], 0, 2.0),  # debounce from the last change
        ([0, 29], 29, 1.0),  # the max wait comes first
        ([0, 40], 40, 0.0),  # overdue
    ],
)
def test_delay_until_the_next_write(changes: list[float], now: float, expected: float) -> None:
    policy = AutosavePolicy(debounce=2, max_wait=30)
    for t in changes:
        policy.changed(t)
    assert policy.delay(now) == pytest.approx(expected)


def test_a_failed_write_backs_off_then_retries() -> None:
    policy = AutosavePolicy(debounce=2, max_wait=30, retry=10)
    policy.changed(0)
    assert policy.due(2)
    policy.started(2)
    policy.failed(2.5)
    assert policy.pending
    assert not policy.due(5)
    assert policy.delay(5) == pytest.approx(7.5)
    assert policy.due(12.5)
    policy.started(12.5)
    policy.written(12.6)
    assert not policy.pending


def test_one_write_at_a_time_and_changes_meanwhile_wait_for_the_next() -> None:
    policy = AutosavePolicy(debounce=2, max_wait=30)
    policy.changed(0)
    policy.started(2)
    policy.changed(2.5)  # the GM drags on while the worker writes
    assert policy.writing
    assert not policy.due(10)  # not a second write on top of the first
    assert policy.delay(10) is None
    policy.written(3)
    assert policy.pending
    assert policy.due(4.5)


def test_a_failed_write_keeps_its_changes_and_the_ones_made_meanwhile() -> None:
    policy = AutosavePolicy(debounce=2, max_wait=30, retry=1)
    policy.changed(0)
    policy.started(2)
    policy.changed(3)
    policy.failed(4)
    # The first change still counts for the max wait; the last for the debounce.
    assert policy.due_at() == pytest.approx(5)
    policy.changed(20)
    policy.changed(29.5)
    assert policy.due_at() == pytest.approx(30)


def test_a_clean_document_has_nothing_to_write() -> None:
    policy = AutosavePolicy()
    policy.changed(0)
    policy.cleared()
    assert not policy.pending
    assert policy.delay(100) is None


def test_max_wait_is_never_shorter_than_the_debounce() -> None:
    policy = AutosavePolicy(debounce=5, max_wait=1)
    policy.changed(0)
    assert not policy.due(4)
    assert policy.due(5)


# --- the folder -----------------------------------------------------------------------------
def test_the_folder_is_under_the_data_dir_or_the_override(tmp_path: Path) -> None:
    assert recovery_folder(tmp_path / "app", {}) == tmp_path / "app" / "autosave"
    env = {"ORCUS_DESKTOP_DATA_DIR": str(tmp_path / "t")}
    assert recovery_folder(tmp_path / "app", env) == tmp_path / "t" / "autosave"


@pytest.fixture
def demo() -> Encounter:
    return load_encounter(demo_encounter_path())


def test_a_written_slot_is_an_encounter_file_with_a_sidecar(
    tmp_path: Path, demo: Encounter
) -> None:
    store = RecoveryStore(tmp_path / "autosave", "run1")
    slot = store.new_slot()
    original = tmp_path / "cave.json"
    store.write(slot, demo, original, T0)
    assert load_encounter(store.encounter_file(slot)) == demo  # the map image path survives
    meta = json.loads(store.sidecar_file(slot).read_text(encoding="utf-8"))
    assert meta["format"] == "orcus-recovery"
    assert meta["original_path"] == str(original)
    assert meta["name"] == demo.name
    assert datetime.fromisoformat(meta["saved_at"]) == T0
    store.remove(slot)
    assert list((tmp_path / "autosave").iterdir()) == []
    store.remove(slot)  # twice is fine


def test_slots_are_one_per_window_and_never_collide_between_runs(tmp_path: Path) -> None:
    a, b = RecoveryStore(tmp_path, "runa"), RecoveryStore(tmp_path, "runb")
    slots = {a.new_slot(), a.new_slot(), b.new_slot()}
    assert len(slots) == 3
    with pytest.raises(ValueError, match="run id"):
        RecoveryStore(tmp_path, "../evil")


def test_leftovers_of_other_runs_are_listed_newest_first(tmp_path: Path, demo: Encounter) -> None:
    old = RecoveryStore(tmp_path, "old")
    older_slot, newer_slot = old.new_slot(), old.new_slot()
    old.write(older_slot, demo, None, T0)
    old.write(newer_slot, demo, tmp_path / "x.json", T0.replace(hour=13))
    live = RecoveryStore(tmp_path, "live")
    live.write(live.new_slot(), demo, None, T0)
    me = RecoveryStore(tmp_path, "me")
    me.write(me.new_slot(), demo, None, T0)

    entries = me.entries(is_live=lambda run_id: run_id == "live")
    assert [e.slot for e in entries] == [newer_slot, older_slot]
    assert entries[0].original_path == tmp_path / "x.json"
    assert entries[1].original_path is None
    assert entries[0].name == demo.name
    assert me.load(entries[0]) == demo


def test_a_slot_without_a_readable_sidecar_is_still_offered(
    tmp_path: Path, demo: Encounter
) -> None:
    # The sidecar is written second: a crash between the two must not hide the encounter.
    save_encounter(tmp_path / "lost-1.orcus.json", demo)
    (tmp_path / "junk.orcus.json.tmp").write_text("x", encoding="utf-8")
    (tmp_path / "other-1.orcus.json").write_text("{}", encoding="utf-8")
    (tmp_path / "other-1.recovery.json").write_text("[not json", encoding="utf-8")
    entries = RecoveryStore(tmp_path, "me").entries()
    assert sorted(e.slot for e in entries) == ["lost-1", "other-1"]
    assert all(e.name == "" and e.original_path is None for e in entries)


def test_an_unreadable_folder_lists_nothing(tmp_path: Path) -> None:
    assert RecoveryStore(tmp_path / "missing", "me").entries() == []


def test_a_failed_write_raises_and_keeps_the_previous_copy(
    tmp_path: Path, demo: Encounter
) -> None:
    store = RecoveryStore(tmp_path / "autosave", "run")
    slot = store.new_slot()
    store.write(slot, demo, None, T0)
    blocked = RecoveryStore(tmp_path / "autosave" / store.encounter_file(slot).name, "run")
    with pytest.raises(FileExistsError):  # the "folder" is a file: cannot be created
        blocked.write(slot, demo, None, T0)
    assert load_encounter(store.encounter_file(slot)) == demo


# --- restoring --------------------------------------------------------------------------------
def test_restore_is_one_undo_step_on_top_of_the_saved_file(
    tmp_path: Path, demo: Encounter
) -> None:
    saved_path = tmp_path / "cave.json"
    save_encounter(saved_path, demo)
    session = make_session(demo)
    assert session.run(initiative.roll_initiative).ok
    assert session.run(initiative.start_combat).ok
    recovered = session.encounter
    assert recovered.combat.active

    fresh = make_session(load_saved(saved_path) or recovered)
    result = restore_encounter(fresh, recovered)
    assert result.ok
    assert fresh.encounter == recovered
    assert not fresh.history.is_clean  # shown with '*', closing asks to save
    assert fresh.history.undo_text == "Restore autosaved changes"
    fresh.undo()
    assert fresh.encounter == demo
    assert fresh.history.is_clean


def test_restore_without_a_saved_file_still_marks_it_unsaved(demo: Encounter) -> None:
    recovered = Encounter(demo.grid, name="Never saved", map_image=MapImage("/m.png", 64))
    assert load_saved(None) is None
    assert load_saved(Path("/nonexistent/orcus.json")) is None
    session = make_session(recovered)
    restore_encounter(session, recovered)
    assert session.encounter == recovered
    assert not session.history.is_clean
