"""A file read to be opened, with its light worked out (R-252, R-253).

Qt-free and touching no session: the GM's window runs these in a worker thread while it keeps
repainting (`ui/progress.py`), then shows the encounter. The light is worked out here too, so
the window built next finds it done (`battlefield_builder.work_out_light`).
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.battlefield_builder import work_out_light
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.progress import Progress, part_of
from orcus_desktop.model.serialization import ReadEncounter, read_encounter_file
from orcus_desktop.model.uvtt import load_encounter_or_map

_READ_SHARE = 0.8
"""The reading's share of the progress; working out the light takes the rest."""


def read_to_open(path: Path, progress: Progress | None = None) -> ReadEncounter:
    """`read_encounter_file`, then the light (File > Open, a dropped or recent file).

    Raises:
        EncounterFileError: the file cannot be opened.
        ReadCancelledError: `progress` asked to stop.
    """
    result = read_encounter_file(path, part_of(progress, 0.0, _READ_SHARE))
    work_out_light(result.encounter, part_of(progress, _READ_SHARE, 1.0))
    return result


def read_to_start(path: Path, progress: Progress | None = None) -> Encounter:
    """`load_encounter_or_map` (its map image beside it), then the light (the command line).

    Raises:
        EncounterFileError: the file cannot be opened.
        ReadCancelledError: `progress` asked to stop.
    """
    encounter = load_encounter_or_map(path, path.parent, part_of(progress, 0.0, _READ_SHARE))
    work_out_light(encounter, part_of(progress, _READ_SHARE, 1.0))
    return encounter
