"""Hostile files of issue 29 get one line, at once: the command line and the readers.

Issue 29 item 3: a FIFO hung the app, a link to /dev/zero read until memory ran out, a PNG
bomb took 2.2 GB, deep nesting and a 5,000-digit number printed tracebacks. Each file here is a
small one of the same kind (`tests/hostile_files.py` measures the full sizes).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from orcus_desktop.cli import query_main
from orcus_desktop.controller.files.creature_library import LibraryFileError, read_library_file
from orcus_desktop.model.uvtt.images import MAX_IMAGE_PIXELS
from tests.hostile_files import HOSTILE, LIBRARIES, POSIX_ONLY, copies_of_one_wall

SECONDS = 10.0
"""The acceptance bound of issue 29 (the small files here take well under a second)."""


def _usable(name: str) -> bool:
    return os.name == "posix" or name not in POSIX_ONLY


@pytest.mark.parametrize("name", sorted(n for n in HOSTILE if n not in LIBRARIES))
def test_query_says_one_line_about_a_hostile_file(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not _usable(name):
        pytest.skip("named pipes and devices are POSIX")
    path = HOSTILE[name](tmp_path, False)
    start = time.perf_counter()
    status = query_main(["sight", str(path), "--from", "0,0", "--to", "1,1"])
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert path.name in err
    assert "Traceback" not in err
    assert "cannot answer" not in err
    assert elapsed < SECONDS


@pytest.mark.parametrize("name", sorted(LIBRARIES))
def test_import_creatures_refuses_a_hostile_library_in_one_line(name: str, tmp_path: Path) -> None:
    if not _usable(name):
        pytest.skip("devices are POSIX")
    path = HOSTILE[name](tmp_path, False)
    start = time.perf_counter()
    with pytest.raises(LibraryFileError) as refused:
        read_library_file(path)
    assert time.perf_counter() - start < SECONDS
    assert len(str(refused.value).splitlines()) == 1


def test_the_fifo_is_named_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not _usable("fifo.json"):
        pytest.skip("named pipes are POSIX")
    path = HOSTILE["fifo.json"](tmp_path, False)
    query_main(["distance", str(path), "--from", "a", "--to", "b"])
    assert "is a named pipe (FIFO), not an encounter file" in capsys.readouterr().err


def test_the_png_bomb_is_refused_from_its_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-135: 16,384 x 16,384 pixels is over the budget; nothing of it is decoded."""
    path = HOSTILE["png bomb"](tmp_path, False)
    query_main(["sight", str(path), "--from", "0,0", "--to", "1,1"])
    err = capsys.readouterr().err
    assert "16,384 x 16,384 pixels" in err
    assert f"{MAX_IMAGE_PIXELS // 1_000_000} megapixels" in err


def test_sight_on_thousands_of_copies_of_one_wall_answers_quickly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A valid encounter: 4,000 copies of one wall on a 4 x 3 grid (54 s before this fix)."""
    path = copies_of_one_wall(tmp_path, False)
    start = time.perf_counter()
    assert query_main(["sight", str(path), "--from", "0,0", "--to", "3,2"]) == 0
    assert time.perf_counter() - start < SECONDS
    assert '"line_of_sight": true' in capsys.readouterr().out


def test_an_echoed_input_is_cut_with_the_count_of_what_was_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.dd2vtt"
    path.write_text('{"format": "' + "x" * 10_000 + '"}', encoding="utf-8")
    query_main(["sight", str(path), "--from", "0,0", "--to", "1,1"])
    err = capsys.readouterr().err
    assert len(err) < 400
    assert err.rstrip().endswith(" more characters)")
