"""The GM's window on a 1280x800 laptop (issue 31 item 1), from the GM's side.

Two named screens need a Qt of their own: `test_laptop_and_tv` runs laptop_screen_cases.py in
a fresh process on the offscreen platform told of a 1280x800 laptop and a 1920x1080 TV.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO_ROOT
from tests.ui.laptop_screen_cases import LAPTOP_AND_TV


def test_laptop_and_tv(tmp_path: Path) -> None:
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(LAPTOP_AND_TV), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(Path("tests", "ui", "laptop_screen_cases.py")),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "3 passed" in result.stdout.splitlines()[-1]
