"""Opening a file at the limits: read, then the GM's window's first render (R-218).

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/model/bench_big_file.py
     [--runs 3] [--peer OTHER_CHECKOUT] [--timeout 120] [--only every ...]
     [--collector app|python] [--reader plain|app] [--write-docs]

Four files, made here from a seeded random generator:

- "stress": the lead's file within every R-136 limit: a 1,000 x 1,000 grid, 20,000 random short
  walls, 2,000 creatures each with its stat block inline, 2,000 lights of bright 50 / dim 100,
  ambient dark (80,802,000 lit squares: refused since R-218);
- "budget": the same with lights of bright 6 / dim 13 (1,458,000 lit squares): the worst the
  R-218 budget lets through at the count limit;
- "import": a big Dungeondraft/Universal VTT import: a 300 x 300 grid, 3,000 walls, 40
  creatures, 300 lights of bright 9 / dim 18;
- "every": every limit at once (R-253): "budget" with 1,000,000 squares of terrain (10,000
  patches of 100, R-219) and a combat log of 100,000 entries (a real fight's, over and over).

Each run is a fresh process (so no cache helps): it makes the QApplication with the app's cycle
collector (`--collector python`: Python's own), reads the file (`load_encounter`; `--reader
app`: as the app opens one, with its light worked out in the reading thread) and opens the
main window offscreen at 1366 x 768, processing events until the first render. `--peer` runs
the same in another checkout (the code before), on the same files, the two codes taking turns;
a run past `--timeout` seconds is stopped and shown as "> N s". Printed: the load average at
the start and end, then the median and p95 (nearest rank) of the read, of the window and of
both, in seconds, or the one-line refusal; `--write-docs` puts the rows in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))  # docs_tables.py

from docs_tables import add_write_docs_option, publish  # noqa: E402

_CHILD = """
import json, os, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication
app = QApplication([])
if sys.argv[2] == "app":  # the cycle collector in the GUI thread only, as the app runs
    from orcus_desktop.ui.gui_thread_gc import collect_in_gui_thread
    collect_in_gui_thread(app)
from orcus_desktop.model.serialization import EncounterFileError, load_encounter
read = load_encounter
if sys.argv[3] == "app":  # as the app opens a file: with the light worked out (R-253)
    try:
        from orcus_desktop.controller.session.opening import read_to_start as read
    except ImportError:  # the code before: it had no such step
        pass
from pathlib import Path
start = time.perf_counter()
try:
    encounter = read(Path(sys.argv[1]))
except EncounterFileError as exc:
    print(json.dumps({"refused": str(exc)}))
    raise SystemExit(0)
read = time.perf_counter() - start
from orcus_desktop.ui.main_window import MainWindow
start = time.perf_counter()
window = MainWindow(encounter, None)
window.resize(1366, 768)
window.show()
for _ in range(5):
    app.processEvents()
print(json.dumps({"read": read, "window": time.perf_counter() - start}))
"""


def _walls(rng: random.Random, count: int, side: int) -> list[dict[str, object]]:
    walls: list[dict[str, object]] = []
    for i in range(count):
        x, y = rng.uniform(1, side - 1), rng.uniform(1, side - 1)
        angle = rng.uniform(0, 2 * math.pi)
        end = (round(x + 5 * math.cos(angle), 2), round(y + 5 * math.sin(angle), 2))
        walls.append({"id": f"w{i}", "kind": "wall", "points": [[round(x, 2), round(y, 2)], end]})
    return walls


def _creatures(rng: random.Random, count: int, side: int) -> list[dict[str, object]]:
    statblock = json.loads((ROOT / "resources/creatures/fighter.json").read_text("utf-8"))
    squares = rng.sample(range(side * side), count)
    return [
        {
            "id": f"c{i}",
            "name": f"C{i}",
            "side": "heroes",
            "size": "medium",
            "square": [square % side, square // side],
            "speed": 5,
            "statblock": statblock,
        }
        for i, square in enumerate(squares)
    ]


def _lights(rng: random.Random, count: int, side: int, bright: int, dim: int) -> list[object]:
    return [
        {
            "id": f"l{i}",
            "name": "Torch",
            "square": [rng.randrange(side), rng.randrange(side)],
            "bright": bright,
            "dim": dim,
        }
        for i in range(count)
    ]


def _terrain(squares: int, side: int) -> list[dict[str, object]]:
    """`squares` squares of terrain in patches of 100 (R-219's limits: 10,000 patches of 100)."""
    kinds = ("difficult", "lightly-obscured")
    return [
        {
            "kind": kinds[patch % 2],
            "squares": [[s % side, s // side] for s in range(start, min(start + 100, squares))],
        }
        for patch, start in enumerate(range(0, squares, 100))
    ]


def _combat(entries: int, creatures: int) -> dict[str, object]:
    """A combat log of `entries` entries, a real fight's entries over and over (seq renumbered)."""
    fight = json.loads((ROOT / "tests/data/log_v1/support_fight.json").read_text("utf-8"))
    actors = {
        a: f"c{i % max(1, creatures)}" for i, a in enumerate(("hero", "ally", "orc", "troll"))
    }
    log = []
    for seq in range(1, entries + 1):
        entry = dict(fight["combat"]["log"][seq % len(fight["combat"]["log"])])
        entry["seq"] = seq
        entry["actor"] = actors.get(entry["actor"]) if entry["actor"] else None
        entry["targets"] = [actors[t] for t in entry["targets"] if t in actors]
        log.append(entry)
    return {"phase": "setup", "round": 0, "log": log}


def make_file(folder: Path, name: str, sizes: tuple[int, ...]) -> Path:
    """Write the file: (grid side, walls, creatures, lights, bright, dim[, terrain, log])."""
    side, walls, creatures, lights, bright, dim, *more = sizes
    terrain, log = more or (0, 0)
    rng = random.Random(7)
    data: dict[str, object] = {
        "format": "orcus-encounter",
        "version": 1,
        "name": name,
        "grid": {"columns": side, "rows": side},
        "walls": _walls(rng, walls, side),
        "creatures": _creatures(rng, creatures, side),
        "lighting": {"ambient": "dark", "sources": _lights(rng, lights, side, bright, dim)},
    }
    if terrain:
        data["terrain"] = _terrain(terrain, side)
    if log:
        data["combat"] = _combat(log, creatures)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


FILES: dict[str, tuple[int, ...]] = {
    "stress": (1000, 20_000, 2_000, 2_000, 50, 100),
    "budget": (1000, 20_000, 2_000, 2_000, 6, 13),
    "import": (300, 3_000, 40, 300, 9, 18),
    "every": (1000, 20_000, 2_000, 2_000, 6, 13, 1_000_000, 100_000),
}


def one_run(
    tree: Path, path: Path, timeout: float, collector: str = "app", reader: str = "plain"
) -> dict[str, object]:
    """Read and open `path` with the code of `tree`, in a fresh process.

    `collector`: "app", Python's cycle collector run by the GUI thread's timer as the app
    installs it (`ui/gui_thread_gc.py`); "python", Python's own (as a headless `query` reads).
    `reader`: "plain", `load_encounter`; "app", as the app opens a file where the code has that
    step (`controller/session/opening.py::read_to_start`: the light worked out in the reading
    thread, not in the window's build).
    """
    env = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(path), collector, reader],
            capture_output=True,
            cwd=tree,  # its code first on the path, before any installed copy
            text=True,
            env=env,
            timeout=timeout,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return {"timeout": time.perf_counter() - start}
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def summary(runs: list[dict[str, object]], timeout: float) -> str:
    """`read | window | in all` cells: median / p95 s each; or the refusal, or the timeout."""
    if "refused" in runs[0]:
        return f"refused in one line: {runs[0]['refused']} | - | -"
    if any("timeout" in run for run in runs):
        return f"> {timeout:.0f} s (stopped) | - | -"
    reads = [float(str(run["read"])) for run in runs]
    windows = [float(str(run["window"])) for run in runs]
    totals = [r + w for r, w in zip(reads, windows, strict=True)]
    return " | ".join(
        f"{statistics.median(values):.1f} / {_p95(values):.1f}"
        for values in (reads, windows, totals)
    )


def main() -> None:
    """Print one row per file and checkout (`--write-docs`: into docs/benchmarks.md too)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peer", type=Path, default=None)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--only", nargs="*", default=list(FILES))
    parser.add_argument("--collector", choices=("app", "python"), default="app")
    parser.add_argument("--reader", choices=("plain", "app"), default="plain")
    add_write_docs_option(parser)
    args = parser.parse_args()
    trees = [("this code", ROOT)] + ([("peer", args.peer)] if args.peer else [])
    print(
        f"load average at the start: {_load()}; collector: {args.collector}; reader: {args.reader}"
    )
    print("| file | code | read median / p95 (s) | window median / p95 (s) | in all (s) |")
    print("|---|---|---|---|---|")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only:
            path = make_file(Path(folder), name, FILES[name])
            runs: dict[str, list[dict[str, object]]] = {label: [] for label, _ in trees}
            for _ in range(args.runs):  # the codes take turns, so both see the same load
                for label, tree in trees:
                    done = runs[label]
                    if done and ("refused" in done[-1] or "timeout" in done[-1]):
                        continue  # the same answer again, or minutes more
                    done.append(one_run(tree, path, args.timeout, args.collector, args.reader))
            for label, _ in trees:
                rows.append(f"| {name} | {label} | {summary(runs[label], args.timeout)} |")
                print(rows[-1], flush=True)
    print(f"load average at the end: {_load()}")
    if args.write_docs:
        publish("big-file", rows, write=True)


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
