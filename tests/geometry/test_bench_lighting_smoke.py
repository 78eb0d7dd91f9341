"""The lighting benchmark still runs (tiny sizes): it is how docs/design.md#budgets is measured."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "geometry"


def test_the_lighting_benchmark_runs_and_reports_both_rows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(
            "bench_lighting", BENCH / "bench_lighting.py"
        )
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert module.main(["--lights", "3", "--walls", "20", "--repeats", "1"]) == 0
    finally:
        sys.path.remove(str(BENCH))
    out = capsys.readouterr().out
    assert "light 3 torches, 20 walls, cold, vs 3 polygons" in out
    assert "re-light after one torch moved" in out
