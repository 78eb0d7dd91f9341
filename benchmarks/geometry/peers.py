"""Shared helpers for the benchmarks that compare with a peer in the same run.

Figures are ratios against the peer measured in the same process run on the same inputs: the
median of the rounds with its 95th percentile, and the growth exponent (the slope of log time
against log size, least squares). The npm peer (`visibility-polygon`) runs in node; `ensure_npm`
installs it into `benchmarks/peers/node_modules` (ignored by git) and the caller skips the peer,
saying so, when node or npm is missing or the install fails.
"""

from __future__ import annotations

import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

PEERS = Path(__file__).resolve().parent.parent / "peers"
NPM_PACKAGE = "visibility-polygon@1.1.0"


def machine_line() -> str:
    """One line naming the machine, the interpreter and the date (for docs/benchmarks.md)."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    node = shutil.which("node")
    node_v = ""
    if node:
        done = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
        node_v = f", node {done.stdout.strip()}"
    return (
        f"{datetime.now(UTC):%Y-%m-%d}, {cpu}, {os.cpu_count()} CPUs, "
        f"python {sys.version.split()[0]}, numpy {np.__version__}{node_v}"
    )


def median_p95(times: Sequence[float]) -> tuple[float, float]:
    """(median, 95th percentile) of times."""
    arr = np.asarray(times, dtype=np.float64)
    return float(np.median(arr)), float(np.percentile(arr, 95))


def rounds(fn: Callable[[], object], repeats: int) -> list[float]:
    """Wall times (ms) of `repeats` calls after one warm-up call."""
    fn()
    out = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def exponent(sizes: Sequence[float], times: Sequence[float]) -> float:
    """Slope of log(time) against log(size): cost grows as size ** slope."""
    if len(sizes) < 2:
        return math.nan
    x = np.log(np.asarray(sizes, dtype=np.float64))
    y = np.log(np.asarray(times, dtype=np.float64))
    return float(np.polyfit(x, y, 1)[0])


def ensure_npm() -> tuple[str, Path] | str:
    """(node, node_modules) with `visibility-polygon` installed, or why the peer is skipped."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return "node or npm not found"
    modules = PEERS / "node_modules"
    if not (modules / "visibility-polygon").exists():
        PEERS.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [
                npm,
                "install",
                "--no-audit",
                "--no-fund",
                "--no-save",
                "--prefix",
                str(PEERS),
                NPM_PACKAGE,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not (modules / "visibility-polygon").exists():
            return f"npm install {NPM_PACKAGE} failed: {done.stderr.strip()[:160]}"
    return node, modules


NODE_DRIVER = r"""
const vp = require("visibility-polygon");
const fs = require("fs");
const jobs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const out = [];
for (const job of jobs) {
  const times = [];
  const polygons = [];
  for (const view of job.views) {
    const poly = vp.compute(view, job.segments);  // warm-up, and the polygon kept
    polygons.push(poly);
    for (let i = 0; i < job.repeats; i++) {
      const t0 = process.hrtime.bigint();
      vp.compute(view, job.segments);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  out.push({times, polygons});
}
process.stdout.write(JSON.stringify(out));
"""


def run_npm_visibility(
    node: str, modules: Path, jobs: Sequence[dict[str, Any]]
) -> list[dict[str, Any]] | str:
    """Run `compute` for each job {segments, views, repeats}; times (ms) and polygons per job."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "jobs.json"
        data.write_text(json.dumps(list(jobs)), encoding="utf-8")
        driver = Path(tmp) / "driver.js"
        driver.write_text(NODE_DRIVER, encoding="utf-8")
        env = dict(os.environ, NODE_PATH=str(modules))
        done = subprocess.run(
            [node, str(driver), str(data)], capture_output=True, text=True, env=env, check=False
        )
    if done.returncode != 0:
        return f"node failed: {done.stderr.strip()[:200]}"
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def fmt_ms(value: float) -> str:
    return f"{value:.3f}" if value < 1 else f"{value:.2f}" if value < 100 else f"{value:.0f}"


def pct(values: Sequence[float], q: float) -> float:
    return float(np.percentile(np.asarray(values, dtype=np.float64), q))


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values))
