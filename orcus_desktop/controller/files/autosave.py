"""Autosave and crash recovery, without Qt: when to write, where, and what to keep.

Two pieces, both driven by the UI's timer and the history's `changed` signal:

- `AutosavePolicy` decides *when* to write: fed "changed at t", "written at t", "failed at t"
  and asked "due at t?", it debounces a burst of edits (a drag is dozens of changes) into one
  write a moment after the last change, yet never lets unsaved work wait longer than
  `max_wait` while the GM keeps editing, and backs off after a failed write.
- `RecoveryStore` decides *which file* and *what to keep*: one recovery slot per open window
  in a per-user folder. A slot is an ordinary encounter file (written atomically: temp file,
  fsync, rename, so a crash mid-write leaves the previous copy) plus a small sidecar naming
  the original file and the time. A clean close, a Save or a Discard removes the slot; what is
  left at the next start belongs to a run that did not close cleanly, and is offered back.

`restore_encounter` puts a recovered encounter back into a session as one undo step on top
of its saved file, so the window shows it unsaved ('*') and Undo returns to the saved file.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.atomic_file import TEMP_SUFFIX, write_atomically
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_reading import read_capped
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_to_dict,
    load_encounter,
)

DATA_DIR_ENV = "ORCUS_DESKTOP_DATA_DIR"
"""Environment variable that replaces the per-user data folder (tests, portable installs)."""
RECOVERY_SUBDIR = "autosave"
SIDECAR_FORMAT = "orcus-recovery"
SIDECAR_VERSION = 1
ENCOUNTER_SUFFIX = ".orcus.json"
SIDECAR_SUFFIX = ".recovery.json"
MAX_SIDECAR_BYTES = 64 * 1024

DEFAULT_DEBOUNCE_S = 2.0
DEFAULT_MAX_WAIT_S = 30.0
DEFAULT_RETRY_S = 10.0

_SLOT_NAME = re.compile(r"^[A-Za-z0-9_-]{1,80}$")
_TEMP_FILE = re.compile(
    rf"^\.(?P<slot>[A-Za-z0-9_-]{{1,80}})"
    rf"({re.escape(ENCOUNTER_SUFFIX)}|{re.escape(SIDECAR_SUFFIX)})"
    rf"\.[a-z0-9_]{{8}}{re.escape(TEMP_SUFFIX)}$"
)
"""A temporary file `write_atomically` makes for a slot's file (model/atomic_file.py)."""


def _listed(folder: Path) -> list[os.DirEntry[str]]:
    try:
        return list(os.scandir(folder))
    except OSError:
        return []


def recovery_folder(app_data: Path, environ: Mapping[str, str] | None = None) -> Path:
    """The folder holding the recovery files: `<data dir>/autosave`.

    Args:
        app_data: the platform's per-user data folder (Qt's `AppDataLocation`).
        environ: the environment to read `ORCUS_DESKTOP_DATA_DIR` from (default `os.environ`);
            when set it replaces `app_data`, so tests never touch the real user folders.
    """
    env = os.environ if environ is None else environ
    override = env.get(DATA_DIR_ENV, "")
    return (Path(override) if override else app_data) / RECOVERY_SUBDIR


class AutosavePolicy:
    """When to write the recovery file; times are seconds on any monotonic clock.

    One write at a time: `started` hands the changes so far to a write, `written` or
    `failed` reports how it ended; changes made meanwhile wait for the next write.

    Args:
        debounce: write this long after the last change (a burst of edits is one write).
        max_wait: but never later than this after the first unwritten change, so a long
            drag session or a busy round is still saved every `max_wait` seconds.
        retry: after a failed write, wait this long before trying again.
    """

    def __init__(
        self,
        debounce: float = DEFAULT_DEBOUNCE_S,
        max_wait: float = DEFAULT_MAX_WAIT_S,
        retry: float = DEFAULT_RETRY_S,
    ) -> None:
        self.debounce = max(0.0, debounce)
        self.max_wait = max(self.debounce, max_wait)
        self.retry = max(0.0, retry)
        self._first_change: float | None = None
        self._last_change: float | None = None
        self._retry_at: float | None = None
        # The changes handed to the write in flight (first, last), to put back if it fails.
        self._in_flight: tuple[float, float] | None = None
        self._writing = False

    @property
    def pending(self) -> bool:
        """True when there are changes no finished or running write covers."""
        return self._last_change is not None

    @property
    def writing(self) -> bool:
        """True between `started` and `written`/`failed`."""
        return self._writing

    def changed(self, now: float) -> None:
        """The document changed (and is not clean)."""
        if self._first_change is None:
            self._first_change = now
        self._last_change = now

    def started(self, now: float) -> None:
        """A write of the document as it is now begins."""
        if self._first_change is not None and self._last_change is not None:
            self._in_flight = (self._first_change, self._last_change)
        self._first_change = self._last_change = None
        self._writing = True

    def written(self, now: float) -> None:
        """The running write finished: what it covered is safe; later changes stay pending."""
        self._in_flight = None
        self._retry_at = None
        self._writing = False

    def failed(self, now: float) -> None:
        """The running write failed: its changes are pending again, retried after `retry`."""
        if self._in_flight is not None:
            first, last = self._in_flight
            if self._first_change is None or self._last_change is None:
                self._first_change, self._last_change = first, last
            else:
                self._first_change = min(first, self._first_change)
                self._last_change = max(last, self._last_change)
        self._in_flight = None
        self._writing = False
        self._retry_at = now + self.retry

    def cleared(self) -> None:
        """The document is clean again (saved, discarded, undone to the saved state)."""
        self._first_change = self._last_change = self._retry_at = None
        self._in_flight = None

    def due_at(self) -> float | None:
        """The time a write becomes due, or None (nothing pending, or a write is running)."""
        if self._writing or self._first_change is None or self._last_change is None:
            return None
        due = min(self._last_change + self.debounce, self._first_change + self.max_wait)
        if self._retry_at is not None:
            due = max(due, self._retry_at)
        return due

    def due(self, now: float) -> bool:
        """Whether to start a write now."""
        at = self.due_at()
        return at is not None and now >= at

    def delay(self, now: float) -> float | None:
        """Seconds from `now` until the next write is due (0 when overdue), or None."""
        at = self.due_at()
        return None if at is None else max(0.0, at - now)


@dataclass(frozen=True, slots=True)
class RecoveryEntry:
    """One recovery slot found on disk.

    Attributes:
        slot: the slot's name (the file name without suffix).
        encounter_file: the autosaved encounter (an ordinary encounter file).
        name: the encounter's name, for the dialog ("" when the sidecar is missing).
        original_path: the file the encounter came from, or None (unsaved or unknown).
        saved_at: when it was autosaved (UTC).
        run_id: the app run that wrote it ("" when unknown).
    """

    slot: str
    encounter_file: Path
    name: str
    original_path: Path | None
    saved_at: datetime
    run_id: str


class RecoveryStore:
    """The recovery folder: write, remove, list and read recovery slots.

    Args:
        folder: the recovery folder (see `recovery_folder`); created on the first write.
        run_id: this app run's id; slots are named `<run_id>-<n>` so runs never collide.
    """

    def __init__(self, folder: Path, run_id: str) -> None:
        if not _SLOT_NAME.match(run_id):
            raise ValueError(f"run id {run_id!r}: letters, digits, '-' and '_' only")
        self.folder = folder
        self.run_id = run_id
        self._next = 0

    def new_slot(self) -> str:
        """A fresh slot name for one window of this run."""
        self._next += 1
        return f"{self.run_id}-{self._next}"

    def encounter_file(self, slot: str) -> Path:
        return self.folder / f"{slot}{ENCOUNTER_SUFFIX}"

    def sidecar_file(self, slot: str) -> Path:
        return self.folder / f"{slot}{SIDECAR_SUFFIX}"

    def write(
        self,
        slot: str,
        encounter: Encounter,
        original_path: Path | None,
        now: datetime,
        *,
        share_gil: bool = False,
    ) -> None:
        """Write a slot: the encounter first, then the sidecar, each atomically.

        Safe to call from a worker thread: it reads only the frozen `encounter`. With
        `share_gil` (on a worker) it pauses about every millisecond so the GUI thread never
        waits long for the GIL; the write itself then takes a little longer.

        Raises:
            OSError: the folder or a file cannot be written; what was there stays intact.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        # Compact JSON, not `save_encounter`'s indented text: the indenting encoder is pure
        # Python and makes a 200-creature write ~10x slower. The map image keeps its absolute
        # path, which `load_encounter` takes as it is.
        pause: Callable[[], None] = _GilBreaks() if share_gil else (lambda: None)
        text = _encode(encounter_to_dict(encounter), pause)
        write_atomically(self.encounter_file(slot), text + "\n")
        sidecar = {
            "format": SIDECAR_FORMAT,
            "version": SIDECAR_VERSION,
            "name": encounter.name,
            "original_path": str(original_path) if original_path is not None else None,
            "saved_at": now.astimezone(UTC).isoformat(),
            "run_id": self.run_id,
        }
        write_atomically(self.sidecar_file(slot), json.dumps(sidecar, indent=1) + "\n")

    def remove(self, slot: str) -> None:
        """Forget a slot (missing files are fine).

        The sidecar goes first: a slot whose encounter file survives a failure is still
        offered (with its file's time) rather than silently lost.

        Raises:
            OSError: a file exists but cannot be removed.
        """
        self.sidecar_file(slot).unlink(missing_ok=True)
        self.encounter_file(slot).unlink(missing_ok=True)

    def entries(
        self, is_live: Callable[[str], bool] = lambda _run_id: False
    ) -> list[RecoveryEntry]:
        """The slots left by runs that are not running any more, newest first.

        Args:
            is_live: whether the run with that id is still running (another open copy of the
                app); its slots are its own, not leftovers. This run's slots are always live.
        """
        if not self.folder.is_dir():
            return []
        self.sweep_temp_files(is_live)
        found: list[RecoveryEntry] = []
        for file in self.folder.glob(f"*{ENCOUNTER_SUFFIX}"):
            slot = file.name.removesuffix(ENCOUNTER_SUFFIX)
            if not _SLOT_NAME.match(slot):
                continue
            entry = self._entry(slot, file)
            if entry is None or entry.run_id == self.run_id:
                continue
            if entry.run_id and is_live(entry.run_id):
                continue
            found.append(entry)
        found.sort(key=lambda e: e.saved_at, reverse=True)
        return found

    def sweep_temp_files(self, is_live: Callable[[str], bool]) -> int:
        """Remove the temporary files that runs no longer running left mid-write; how many.

        A killed autosave leaves `.<slot>.orcus.json.XXXXXXXX.orcus-tmp` behind, and the next
        run writes other slots, so the writer's own sweep never meets it (issue 29). A running
        run's files (this one's included) may be half-way through a write and stay.
        """
        removed = 0
        for entry in _listed(self.folder):
            match = _TEMP_FILE.match(entry.name)
            if match is None or not entry.is_file(follow_symlinks=False):
                continue
            run_id = match["slot"].rsplit("-", 1)[0]
            if run_id == self.run_id or is_live(run_id):
                continue
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed += 1
        return removed

    def load(self, entry: RecoveryEntry) -> Encounter:
        """Read a slot's encounter (validated like any file; never runs code).

        Raises:
            EncounterFileError: the file is missing or not a valid encounter.
        """
        return load_encounter(entry.encounter_file)

    def _entry(self, slot: str, file: Path) -> RecoveryEntry | None:
        try:
            mtime = datetime.fromtimestamp(file.stat().st_mtime, UTC)
        except OSError:
            return None  # removed meanwhile (another run discarding it)
        meta = _read_sidecar(self.sidecar_file(slot))
        original = meta.get("original_path")
        saved_at = _parse_time(meta.get("saved_at")) or mtime
        name = meta.get("name")
        run_id = meta.get("run_id")
        return RecoveryEntry(
            slot=slot,
            encounter_file=file,
            name=name if isinstance(name, str) else "",
            original_path=Path(original) if isinstance(original, str) and original else None,
            saved_at=saved_at,
            run_id=run_id if isinstance(run_id, str) else "",
        )


def restore_encounter(
    session: GameSession, recovered: Encounter, initiator: object = None
) -> OperationResult:
    """Put a recovered encounter into the session, unsaved, as one undo step.

    The caller first opens the original file as it is on disk (`load_saved`), or the
    recovered encounter itself when there is none; then the recovered state replaces it as
    the step "Restore autosaved changes". The document is not clean, so the window shows '*'
    and closing asks to save, and Undo goes back to the saved file.
    """
    return session.restore_encounter(recovered, initiator)


def load_saved(path: Path | None) -> Encounter | None:
    """The original file's encounter for `restore_encounter`, or None when it cannot be read."""
    if path is None:
        return None
    try:
        return load_encounter(path)
    except EncounterFileError:
        return None


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _encode(data: Mapping[str, Any], pause: Callable[[], None]) -> str:
    """`_compact(data)` one list item at a time, calling `pause` in between.

    The C encoder holds the GIL for a whole call: 200 creatures in one call would stall the
    GUI thread for milliseconds while a worker autosaves; item by item, it gets its turn.
    """
    members = []
    for key, value in data.items():
        if isinstance(value, list):
            items = []
            for item in value:
                items.append(_compact(item))
                pause()
            members.append(f"{_compact(key)}:[{','.join(items)}]")
        elif isinstance(value, dict):
            members.append(f"{_compact(key)}:{_encode(value, pause)}")
        else:
            members.append(f"{_compact(key)}:{_compact(value)}")
    return "{" + ",".join(members) + "}"


class _GilBreaks:
    """A `pause` that hands the GIL to other threads (`sleep(0)`) about once per `every` s."""

    def __init__(self, every: float = 0.001) -> None:
        self.every = every
        self._last = time.perf_counter()

    def __call__(self) -> None:
        now = time.perf_counter()
        if now - self._last >= self.every:
            time.sleep(0)
            self._last = time.perf_counter()


def _read_sidecar(file: Path) -> dict[str, Any]:
    """The sidecar's fields, or {} when it is missing, too big or not ours (never raises)."""
    try:
        data = json.loads(read_capped(file, MAX_SIDECAR_BYTES, "a sidecar").decode("utf-8"))
    except (OSError, ValueError):  # UnicodeDecodeError and UnreadableFileError among them
        return {}
    if not isinstance(data, dict) or data.get("format") != SIDECAR_FORMAT:
        return {}
    return data


def _parse_time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
