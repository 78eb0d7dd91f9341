"""`--smoke-test` names the Qt platform it ran on, and says when it had no display (issue 34).

An installer's self-check that falls back to the offscreen platform shows no window, so it must
not pass a broken display setup silently: CI checks the platform named here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_app_cli import run_app


def test_the_smoke_test_names_the_platform_it_was_told_to_use() -> None:
    result = run_app("--smoke-test", env={"QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    assert 'smoke test passed on Qt\'s "offscreen" platform' in result.stderr
    assert "no display" not in result.stderr  # it was asked for, not a fallback


def test_without_a_display_the_smoke_test_says_it_falls_back_to_offscreen(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    env.pop("QT_QPA_PLATFORM", None)
    result = subprocess.run(
        [sys.executable, "-m", "orcus_desktop", "--smoke-test"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "no display found; the smoke test runs on Qt's offscreen platform" in result.stderr
    assert 'smoke test passed on Qt\'s "offscreen" platform' in result.stderr
    assert not (tmp_path / "orcus-screenshot.png").exists()  # a smoke test writes no PNG


@pytest.mark.xvfb
def test_on_a_real_x_server_the_smoke_test_says_xcb(xvfb_display: str) -> None:
    env = {"DISPLAY": xvfb_display, "QT_QPA_PLATFORM": ""}
    result = run_app("--smoke-test", env=env)
    assert result.returncode == 0, result.stderr
    assert 'smoke test passed on Qt\'s "xcb" platform' in result.stderr
    assert "no display" not in result.stderr
