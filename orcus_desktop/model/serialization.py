"""Versioned JSON for encounters: read (validated, never running code) and write (atomically).

The file is `{"format": "orcus-encounter", "version": N, ...}`. Version 1's core is fixed by
issue 3: grid, walls, terrain and creatures; unknown fields are allowed and optional ones are
defaulted. Every problem in a file becomes one `EncounterFileError` whose message names the
field, so the app can show it in one line and keep what is already open.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

from orcus_desktop.model.atomic_file import write_atomically
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.fields import (
    CURRENT_VERSION,
    FORMAT,
    MAX_FILE_BYTES,
    EncounterFileError,
)
from orcus_desktop.model.file_format.read_encounter import encounter_from_dict
from orcus_desktop.model.file_format.write import encounter_to_dict

__all__ = [
    "CURRENT_VERSION",
    "FORMAT",
    "EncounterFileError",
    "encounter_from_dict",
    "encounter_to_dict",
    "load_encounter",
    "save_encounter",
]


def load_encounter(path: str | os.PathLike[str]) -> Encounter:
    """Read an encounter file.

    A relative map-image path in the file is resolved against the file's folder, so the
    returned encounter holds an absolute one.

    Raises:
        EncounterFileError: the file is missing, unreadable, not JSON or not a valid encounter.
    """
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > MAX_FILE_BYTES:
            raise EncounterFileError(f"{file.name}: too large for an encounter ({size} bytes)")
        raw = file.read_bytes()
    except FileNotFoundError:
        raise EncounterFileError(f"{file}: no such file") from None
    except IsADirectoryError:
        raise EncounterFileError(f"{file}: is a folder, not an encounter file") from None
    except OSError as exc:
        raise EncounterFileError(f"{file}: cannot be read ({exc.strerror})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise EncounterFileError(f"{file.name}: not an encounter file (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        raise EncounterFileError(
            f"{file.name}: not an encounter file (invalid JSON at line {exc.lineno}, "
            f"column {exc.colno}: {exc.msg})"
        ) from None
    try:
        encounter = encounter_from_dict(data)
    except EncounterFileError as exc:
        raise EncounterFileError(f"{file.name}: {exc}") from None
    return _with_map_image_path(encounter, _absolute_image_path(encounter, file.parent))


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
