"""Killing the app during a save or an autosave breaks nothing (issue 29's kill test, a few
kills; `python -m tests.kill_saves 400` is the long run)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.kill_saves import one_kill


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL and the recovery sweep test are POSIX")
def test_kills_during_save_and_autosave_leave_nothing_broken(tmp_path: Path) -> None:
    rng = random.Random(29)
    for run in range(4):
        broken, _ = one_kill(tmp_path, run, rng)
        assert broken == []
    assert not list((tmp_path / "autosave").glob(".*"))  # no temporary file of a killed run
