"""A killed autosave's temporary files leave the recovery folder (issue 29).

Each run writes slots of its own name (`<run>-<n>`), so the writer's sweep of the file it saves
never met the `.orcus-tmp` files a killed run left; they piled up. Now listing the recovery
files (at every start) removes those of runs no longer running, and only those.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from orcus_desktop.controller.files.autosave import ENCOUNTER_SUFFIX, SIDECAR_SUFFIX, RecoveryStore
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.atomic_file import TEMP_SUFFIX
from orcus_desktop.model.encounter import Encounter


def _leftover(folder: Path, slot: str, suffix: str) -> Path:
    path = folder / f".{slot}{suffix}.k9x2b7q1{TEMP_SUFFIX}"
    path.write_text('{"format": "orcus-en', encoding="utf-8")  # cut off mid-write
    return path


def test_the_next_start_sweeps_a_dead_runs_temporary_files(tmp_path: Path) -> None:
    dead = RecoveryStore(tmp_path, "dead-run")
    slot = dead.new_slot()
    dead.write(slot, Encounter(GridBounds(4, 4), name="Kept"), None, datetime.now(UTC))
    killed = [
        _leftover(tmp_path, slot, ENCOUNTER_SUFFIX),
        _leftover(tmp_path, slot, SIDECAR_SUFFIX),
    ]
    busy = _leftover(tmp_path, "live-run-1", ENCOUNTER_SUFFIX)  # another copy, mid-write
    own = _leftover(tmp_path, "this-run-1", ENCOUNTER_SUFFIX)
    stranger = tmp_path / "notes.txt"
    stranger.write_text("mine", encoding="utf-8")

    entries = RecoveryStore(tmp_path, "this-run").entries(lambda run: run == "live-run")

    assert [e.name for e in entries] == ["Kept"]  # the recovery itself is still offered
    assert not any(path.exists() for path in killed)
    assert busy.exists()
    assert own.exists()
    assert stranger.exists()
