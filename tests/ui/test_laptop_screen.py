"""The GM's window on a 1280x800 laptop and a 1280x720 screen (issue 31 item 1).

Named screens need a Qt of their own: `test_laptop_and_tv` runs laptop_screen_cases.py in a
fresh process on the offscreen platform told of a 1280x800 laptop and a 1920x1080 TV;
`test_a_1280_by_720_screen` runs small_screen_cases.py on one 1280x720 screen, in both layouts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO_ROOT
from tests.ui.laptop_screen_cases import LAPTOP_AND_TV
from tests.ui.small_screen_cases import SMALL_SCREEN


def run_cases(tmp_path: Path, screens: object, cases: str) -> str:
    """Run the test file `cases` on Qt's offscreen platform told of `screens`; its last line."""
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(screens), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(Path("tests", "ui", cases)),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    return result.stdout.splitlines()[-1]


def test_laptop_and_tv(tmp_path: Path) -> None:
    assert "3 passed" in run_cases(tmp_path, LAPTOP_AND_TV, "laptop_screen_cases.py")


def test_a_1280_by_720_screen(tmp_path: Path) -> None:
    assert "2 passed" in run_cases(tmp_path, SMALL_SCREEN, "small_screen_cases.py")
