"""Saving from the GM's side (issue 12): no stray temporary files, permissions and links kept,
any text saves, and a failed save says why and leaves the last good file as it was.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

import pytest

from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.atomic_file import describe_write_error, sweep_temp_files
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.serialization import load_encounter, read_encounter_file, save_encounter
from orcus_desktop.vocabulary import CreatureId

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
HEBREW = "\u05e9\u05dc\u05d5\u05dd \u202bGoblin\u202c"  # right-to-left text and embedding marks
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and links")


def named(name: str) -> Encounter:
    return Encounter(
        GridBounds(4, 4),
        creatures=(Creature(CreatureId("a"), name, "heroes", square=Square(1, 1)),),
    )


def test_temporary_files_of_a_killed_save_are_swept_at_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    (tmp_path / ".fight.json.k3x9_q0a").write_text("{", encoding="utf-8")  # older versions
    (tmp_path / ".fight.json.ab12cd34.orcus-tmp").write_text("{", encoding="utf-8")
    (tmp_path / ".other.json.ab12cd34.orcus-tmp").write_text("{", encoding="utf-8")
    (tmp_path / ".fight.json.notes").write_text("mine", encoding="utf-8")  # not ours
    save_encounter(target, named("Brakka"))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".fight.json.notes",
        ".other.json.ab12cd34.orcus-tmp",
        "fight.json",
    ]
    assert sweep_temp_files(tmp_path / "other.json") == 1


def test_a_failed_save_removes_its_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "fight.json"
    save_encounter(target, named("Brakka"))
    good = target.read_bytes()

    def disk_full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("orcus_desktop.model.atomic_file.os.fsync", disk_full)
    with pytest.raises(OSError, match="No space") as caught:
        save_encounter(target, named("Venn"))
    assert target.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["fight.json"]
    assert describe_write_error(caught.value) == (
        "the disk is full; nothing was changed, and the last saved file is as it was"
    )


@POSIX
def test_a_resave_keeps_the_file_mode(tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    save_encounter(target, named("Brakka"))
    os.chmod(target, 0o664)
    save_encounter(target, named("Venn"))
    assert stat.S_IMODE(target.stat().st_mode) == 0o664


@POSIX
def test_a_new_file_gets_the_usual_mode_not_0600(tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    save_encounter(target, named("Brakka"))
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


@POSIX
def test_a_symlinked_file_is_saved_through_the_link(tmp_path: Path) -> None:
    real = tmp_path / "campaign" / "fight.json"
    real.parent.mkdir()
    save_encounter(real, named("Brakka"))
    link = tmp_path / "fight.json"
    link.symlink_to(real)
    save_encounter(link, named("Venn"))
    assert link.is_symlink()
    assert load_encounter(real).creatures[0].name == "Venn"


def test_a_vanished_folder_gives_a_clear_message(tmp_path: Path) -> None:
    target = tmp_path / "gone" / "fight.json"
    with pytest.raises(FileNotFoundError) as caught:
        save_encounter(target, named("Brakka"))
    assert describe_write_error(caught.value).startswith("the folder no longer exists")


def test_a_lone_surrogate_saves_and_reopens_repaired(tmp_path: Path) -> None:
    # Pasted text once made every save fail with UnicodeEncodeError.
    target = tmp_path / "fight.json"
    save_encounter(target, named("Gob\udcfflin"))
    result = read_encounter_file(target)
    assert result.encounter.creatures[0].name == "Gob\N{REPLACEMENT CHARACTER}lin"
    assert result.repairs == (
        f"creatures[0].name: a character that cannot be saved was replaced by {REPLACEMENT}",
    )


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        (
            "\u05e9\u05dc\u05d5\u05dd \u202bGoblin\u202c",
            "\u05e9\u05dc\u05d5\u05dd \u202bGoblin\u202c",
        ),
        ("Bell\x07\x1b[31mring", "Bell[31mring"),
        ("G" * 10_000, "G" * 200),
    ],
)
def test_any_name_saves_and_reopens(tmp_path: Path, name: str, kept: str) -> None:
    # Right-to-left text is kept as it is; control characters and overlong names are repaired.
    target = tmp_path / "fight.json"
    save_encounter(target, named(name))
    result = read_encounter_file(target)
    assert result.encounter.creatures[0].name == kept
    assert bool(result.repairs) == (kept != name)
