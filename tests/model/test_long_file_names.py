"""A file whose name is as long as the file system allows saves, re-saves and imports (issue 29).

Before: with a name of 236+ characters the temporary file's name (the target's, a dot, eight
random characters and ".orcus-tmp") passed the 255-byte limit, and nothing could be saved.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.atomic_file import TEMP_SUFFIX, sweep_temp_files, write_atomically
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.model.uvtt import import_uvtt_file
from tests.uvtt_files import corridor_map, write_map


def test_an_encounter_named_to_the_limit_saves_and_reopens(tmp_path: Path) -> None:
    path = tmp_path / ("n" * 250 + ".json")
    encounter = Encounter(GridBounds(5, 5), name="Long")
    save_encounter(path, encounter)
    save_encounter(path, encounter)  # the re-save sweeps and replaces
    assert load_encounter(path) == encounter
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_map_file_named_to_the_limit_imports(tmp_path: Path) -> None:
    path = write_map(tmp_path / ("m" * 240 + ".dd2vtt"), corridor_map())
    imported, created = import_uvtt_file(path, tmp_path / "images")
    assert created
    assert imported.map_image is not None
    assert Path(imported.map_image.path).name == "m" * 240 + ".png"


def test_a_long_named_files_leftover_temporary_file_is_swept(tmp_path: Path) -> None:
    target = tmp_path / ("é" * 120 + ".json")  # 245 bytes in UTF-8
    write_atomically(target, "{}")
    stem = target.name.encode()[:235].decode("utf-8", "ignore")
    left = tmp_path / f".{stem}.abcd1234{TEMP_SUFFIX}"
    left.write_text("half", encoding="utf-8")
    assert sweep_temp_files(target) == 1
    assert not left.exists()
