"""Versioned JSON for encounters: read (validated, never running code) and write (atomically).

The file is `{"format": "orcus-encounter", "version": N, ...}`. Version 1's core is fixed by
issue 3: grid, walls, terrain and creatures; unknown fields are allowed and optional ones are
defaulted. Every problem in a file becomes one `EncounterFileError` whose message names the
field, so the app can show it in one line and keep what is already open.
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from orcus_desktop.model.atomic_file import write_atomically
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.fields import CURRENT_VERSION, FORMAT, EncounterFileError
from orcus_desktop.model.file_format.limits import (
    MAX_FILE_BYTES,
    MAX_TEXT_CHARS,
    decode_json_scanned,
)
from orcus_desktop.model.file_format.read_encounter import (
    ReadEncounter,
    UnreadableCreature,
    encounter_from_dict,
    read_encounter,
    unreadable_message,
)
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.file_reading import UnreadableFileError, read_capped
from orcus_desktop.model.progress import Progress, part_of, tell

__all__ = [
    "CURRENT_VERSION",
    "FORMAT",
    "EncounterFileError",
    "ReadEncounter",
    "UnreadableCreature",
    "encounter_from_dict",
    "encounter_to_dict",
    "load_encounter",
    "read_encounter_file",
    "save_encounter",
]


def load_encounter(path: str | os.PathLike[str], progress: Progress | None = None) -> Encounter:
    """Read an encounter file; nothing is left out (see `read_encounter_file` for that).

    A relative map-image path in the file is resolved against the file's folder, so the
    returned encounter holds an absolute one. Repaired text is kept repaired, silently.

    Raises:
        EncounterFileError: the file is missing, unreadable, beyond the limits, not a valid
            encounter, or has creatures whose stat blocks cannot be read.
    """
    result = read_encounter_file(path, progress)
    if result.unreadable:
        message = unreadable_message(result.unreadable)
        raise EncounterFileError(f"{Path(path).name}: {message}")
    return result.encounter


def read_encounter_file(
    path: str | os.PathLike[str], progress: Progress | None = None
) -> ReadEncounter:
    """Read an encounter file: the encounter, its repairs and the creatures left out.

    The GM is asked before the encounter opens without those creatures.

    The encounter passes `check_encounter`; its map-image path is absolute. `progress` is told
    how far the reading is and can stop it (R-252); the reading touches nothing but the file,
    so it may run in a worker thread.

    Raises:
        EncounterFileError: "FILE: field.path: problem", one line.
        ReadCancelledError: `progress` asked to stop.
    """
    with _collector_paused():
        return _read_encounter_file(Path(path), progress)


def _read_encounter_file(file: Path, progress: Progress | None) -> ReadEncounter:
    tell(progress, "Reading the file", 0.0)
    raw = _read_bytes(file)
    tell(progress, "Decoding the file", 0.05)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise EncounterFileError(f"{file.name}: not an encounter file (not UTF-8 text)") from None
    try:
        decoding = part_of(progress, 0.05, 0.2)
        data, scan = decode_json_scanned(text, "an encounter file", decoding)
        clean = scan is not None and scan.needs_no_repair(MAX_TEXT_CHARS)
        result = read_encounter(data, owned=True, decoded=True, clean=clean, progress=progress)
    except EncounterFileError as exc:
        raise EncounterFileError(f"{file.name}: {exc}") from None
    encounter = result.encounter
    encounter = _with_map_image_path(encounter, _absolute_image_path(encounter, file.parent))
    return replace(result, encounter=encounter)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a file is read (R-253).

    Reading makes millions of objects and no cycles; the collector, run every 700 of them, took
    3 of the 6 s of a file at every limit. The app's collector (`ui/gui_thread_gc.py`) is
    already off: it runs on the GUI thread's timer alone, and this changes nothing there.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _read_bytes(file: Path) -> bytes:
    """The file's bytes, refusing what is not a regular file or is over `MAX_FILE_BYTES`."""
    try:
        return read_capped(file, MAX_FILE_BYTES, "an encounter file")
    except UnreadableFileError as exc:
        raise EncounterFileError(str(exc)) from None


def save_encounter(path: str | os.PathLike[str], encounter: Encounter) -> None:
    """Write an encounter atomically: a temporary file beside the target, fsync, rename.

    A crash or a full disk never leaves a half-written file in place of the old one. An
    absolute map-image path is written relative to the target's folder where it can be.
    """
    target = Path(path)
    on_disk = _with_map_image_path(encounter, _relative_image_path(encounter, target.parent))
    text = json.dumps(encounter_to_dict(on_disk), indent=1, ensure_ascii=False) + "\n"
    write_atomically(target, text)


# A map image's path is relative to the encounter file on disk (so a folder of files can be
# moved or shared whole) and absolute in memory (so "Save As" into another folder, or the
# bundled demo opened from the app's resources, never loses the image).
def _absolute_image_path(encounter: Encounter, folder: Path) -> str | None:
    image = encounter.map_image
    if image is None:
        return None
    path = Path(image.path)
    return str(path if path.is_absolute() else (folder / path).resolve())


def _relative_image_path(encounter: Encounter, folder: Path) -> str | None:
    image = encounter.map_image
    if image is None:
        return None
    path = Path(image.path)
    if not path.is_absolute():
        return image.path
    try:
        return Path(os.path.relpath(path, folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows): only an absolute path can say where it is
        return image.path


def _with_map_image_path(encounter: Encounter, image_path: str | None) -> Encounter:
    if encounter.map_image is None or image_path is None:
        return encounter
    return replace(encounter, map_image=replace(encounter.map_image, path=image_path))
