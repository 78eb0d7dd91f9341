"""The drag benchmark still runs (a few frames): docs/benchmarks.md's drag figures come from it."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest
from pytestqt.qtbot import QtBot

from tests.conftest import REPO_ROOT


def load_bench() -> ModuleType:
    path = REPO_ROOT / "benchmarks" / "ui" / "bench_drag.py"
    spec = importlib.util.spec_from_file_location("bench_drag", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_drag_benchmark_runs_and_never_repaints_the_whole_viewport(qtbot: QtBot) -> None:
    result = load_bench().frame_figures(drags=1, frames=40, logs=(0,))[0]
    assert result["frames"] == 41  # 40 moves and the release
    assert result["full_viewport_paints"] == 0
    assert result["paints"] > 0
    # The drag ended with a real move through the session.
    assert result["ended_on_col"] != 40.0
    # The time from the release to the players' fog rebuilt is measured, not left out.
    assert 0 < result["release_to_fog_median_ms"] < 5_000
