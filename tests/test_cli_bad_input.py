"""`query` on careless or hostile input (issue 12): JSON, or one line on stderr and exit 2.

Never a traceback, a MemoryError or a library warning, whatever the file or the arguments hold.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.cli import query_main

DEMO = demo_encounter_path().read_text(encoding="utf-8")


def _file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "nasty.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


DEEP = "[" * 5000 + "]" * 5000
NASTY = {
    "deep nesting": '{"format": "orcus-encounter", "version": 1, "grid": ' + "[" * 100_000,
    "deep nesting, closed": DEMO.replace(
        '"walls": [', '"walls": [' + "[" * 5000 + "]" * 5000 + ",", 1
    ),
    "a 5000-digit number": DEMO.replace('"version": 1', '"version": ' + "9" * 5000, 1),
    "NaN": DEMO.replace('"version": 1', '"version": NaN', 1),
    "1e400": DEMO.replace('"version": 1', '"version": 1e400', 1),
    "an unreadable stat block": DEMO.replace('"max_hp": ', '"max_hp": "many", "x": ', 1),
    "a far wall": DEMO.replace('"points": [', '"points": [[1e308, 0], ', 1),
}


@pytest.mark.parametrize("name", sorted(NASTY))
def test_nasty_files_get_one_line_and_exit_2(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, NASTY[name])
    status = query_main(["distance", path, "--from", "brakka", "--to", "ogre"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert err.startswith("orcus-desktop query: nasty.json: ")


@pytest.mark.parametrize(
    "argv",
    [
        ["area", "{demo}", "--shape", "burst", "--size", "9" * 5000, "--origin", "1,1"],
        ["path", "{demo}", "--creature", "brakka", "--to", "9" * 5000 + ",1"],
        ["sight", "{demo}", "--from", "-99999999,0", "--to", "ogre"],
        ["distance", "/dev/zero", "--from", "a", "--to", "b"],
        ["distance", "{folder}", "--from", "a", "--to", "b"],
        ["distance", "nul\x00byte.json", "--from", "a", "--to", "b"],
    ],
)
def test_nasty_arguments_get_one_line_and_exit_2(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [a.format(demo=demo_encounter_path(), folder=tmp_path) for a in argv]
    status = query_main(args)
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert err.startswith("orcus-desktop query: ")


def test_a_real_process_prints_no_traceback_and_no_warning(tmp_path: Path) -> None:
    code = (
        "import sys; from orcus_desktop.cli import query_main; sys.exit(query_main(sys.argv[1:]))"
    )
    for text in NASTY.values():
        done = subprocess.run(
            [
                sys.executable,
                "-W",
                "error",
                "-c",
                code,
                "distance",
                _file(tmp_path, text),
                "--from",
                "brakka",
                "--to",
                "ogre",
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert done.returncode == 2
        assert len(done.stderr.splitlines()) == 1, done.stderr[-500:]
