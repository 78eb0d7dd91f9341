"""Universal VTT maps (`.dd2vtt`, `.uvtt`, `.df2vtt`, `.json`): import and export, Qt-free.

`reader` checks a file into a `UvttMap` (world coordinates), `importing` places it on the grid
as an `ImportedMap` and stores its image, `writer` exports an encounter's map as format 0.3.
`load_encounter_or_map` is what the command line calls wherever it takes an encounter.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.progress import Progress
from orcus_desktop.model.serialization import EncounterFileError, load_encounter
from orcus_desktop.model.uvtt.importing import (
    ImportedMap,
    import_uvtt_file,
    imported_map,
    map_as_encounter,
    numbered,
)
from orcus_desktop.model.uvtt.reader import (
    UVTT_SUFFIXES,
    ImportCancelledError,
    MapFileError,
    UvttMap,
    is_uvtt_path,
    looks_like_uvtt,
    parse_uvtt,
    read_uvtt,
)
from orcus_desktop.model.uvtt.writer import uvtt_document, write_uvtt

__all__ = [
    "UVTT_SUFFIXES",
    "ImportCancelledError",
    "ImportedMap",
    "MapFileError",
    "Progress",
    "UvttMap",
    "import_uvtt_file",
    "imported_map",
    "is_uvtt_path",
    "load_encounter_or_map",
    "looks_like_uvtt",
    "map_as_encounter",
    "numbered",
    "parse_uvtt",
    "read_uvtt",
    "uvtt_document",
    "write_uvtt",
]


def load_encounter_or_map(
    path: str | Path, image_folder: Path | None = None, progress: Progress | None = None
) -> Encounter:
    """An encounter file, or a Universal VTT map as a new encounter.

    A `.dd2vtt`, `.uvtt` or `.df2vtt` file is a map; a `.json` file is an encounter unless it
    reads as Universal VTT. The map's image is written to `image_folder`, or not at all when it
    is None (the headless `query` needs none). `progress` hears an encounter file's reading
    (R-252).

    Raises:
        EncounterFileError: the file is neither (a `MapFileError` for a bad map).
        ReadCancelledError: `progress` asked to stop.
    """
    if is_uvtt_path(path):
        return map_as_encounter(path, image_folder)
    try:
        return load_encounter(path, progress)
    except EncounterFileError:
        if Path(path).suffix.lower() == ".json" and looks_like_uvtt(path):
            return map_as_encounter(path, image_folder)
        raise
