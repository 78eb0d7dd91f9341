"""The README's layout pictures come from benchmarks/ui/layout_screenshots.py: it still runs.

It draws the app's own windows on a 1280x800 laptop and a 1920x1080 TV (issue 31's
acceptance: "screenshots of both layouts at 1280x800 and of the Player view at 1920x1080").
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from tests.conftest import REPO_ROOT

NAMES = ("layout-fight.png", "layout-prepare.png", "player-view.png")


def test_the_script_draws_both_layouts_on_the_laptop_and_the_player_view_on_the_tv(
    tmp_path: Path,
) -> None:
    script = REPO_ROOT / "benchmarks" / "ui" / "layout_screenshots.py"
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    result = subprocess.run(
        [sys.executable, str(script), str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-2000:]
    pictures = {name: QImage(str(tmp_path / name)) for name in NAMES}
    for name in ("layout-fight.png", "layout-prepare.png"):
        width, height = pictures[name].width(), pictures[name].height()
        assert 1200 <= width <= 1280, name  # the laptop's free area, less the window's frame
        assert 740 <= height <= 800, name
    assert (pictures["player-view.png"].width(), pictures["player-view.png"].height()) == (
        1920,
        1080,
    )
    # Two different layouts, not one picture twice.
    assert pictures["layout-fight.png"] != pictures["layout-prepare.png"]
    for name in NAMES:
        assert (REPO_ROOT / "docs" / name).is_file(), f"docs/{name} is shown in the README"
