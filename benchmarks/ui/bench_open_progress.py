"""File > Open of a file at every limit, as the GM waits for it: how long, and the longest freeze.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/bench_open_progress.py
     [--runs 3] [--peer OTHER_CHECKOUT] [--file every]

Each run is a fresh process: the GM's window over the demo, offscreen at 1366 x 768, with the
app's cycle collector; a 20 ms timer ticks in the GUI thread while `FileActions.open_file` opens
`benchmarks/model/bench_big_file.py`'s file. Printed per checkout: the open's time and the
longest gap between two ticks (the window repaints at each tick; the longest gap is the longest
the GM saw it frozen), median and p95 (nearest rank) in seconds, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks" / "model"))

from bench_big_file import FILES, _p95, make_file  # noqa: E402

_CHILD = """
import json, os, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from orcus_desktop.ui.gui_thread_gc import collect_in_gui_thread
collect_in_gui_thread(app)
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.variants import install
from orcus_desktop.ui.main_window import MainWindow
install()
window = MainWindow(load_encounter(demo_encounter_path()), None)
window.resize(1366, 768)
window.show()
for _ in range(5):
    app.processEvents()
ticks = []
timer = QTimer()
timer.setInterval(20)
timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
timer.start()
start = time.perf_counter()
opened = window.files.open_file(Path(sys.argv[1]))
end = time.perf_counter()
times = [start, *ticks, end]
gap = max(b - a for a, b in zip(times, times[1:]))
print(json.dumps({"opened": opened, "open": end - start, "gap": gap}))
"""


def one_run(tree: Path, path: Path) -> dict[str, float]:
    """Open `path` with the code of `tree`, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)],
        capture_output=True,
        cwd=tree,
        text=True,
        env=env,
        timeout=600,
        check=True,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if not result["opened"]:
        raise SystemExit(f"{tree}: the file did not open")
    return {"open": float(result["open"]), "gap": float(result["gap"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peer", type=Path, default=None)
    parser.add_argument("--file", choices=list(FILES), default="every")
    args = parser.parse_args()
    trees = [("this code", ROOT)] + ([("peer", args.peer)] if args.peer else [])
    print(f"load average at the start: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| file | code | open median / p95 (s) | longest freeze median / p95 (s) |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        path = make_file(Path(folder), args.file, FILES[args.file])
        runs: dict[str, list[dict[str, float]]] = {label: [] for label, _ in trees}
        for _ in range(args.runs):  # the codes take turns, so both see the same load
            for label, tree in trees:
                runs[label].append(one_run(tree, path))
        for label, _ in trees:
            cells = []
            for key in ("open", "gap"):
                values = [run[key] for run in runs[label]]
                cells.append(f"{statistics.median(values):.1f} / {_p95(values):.1f}")
            print(f"| {args.file} | {label} | {' | '.join(cells)} |", flush=True)
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
