"""Whole-app memory: the main window and the fogged player view on a 200x200 map.

Budget (issue 14): the whole app at most 100 MB with a 200x200 map, 2,000 walls and 200
tokens. Runs offscreen, each case in a process of its own so that the figures do not mix:

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/bench_memory.py [--markdown]

Cases: "qt", no app at all: Python, numpy, shapely and a PySide6 QApplication showing an empty
QGraphicsView in a QMainWindow (the floor no app code can go under; until 2026-11-29 this
case imported some of the app's modules too); "qt-shell", the same window with menus, docks of
tables and a second window, still no app code; "floor", the app on a 10x10 map with 2 tokens;
"big", the 200x200 map (2,000 short walls and doors, 200 tokens, half of them heroes, seeded)
with the Player View open and fogged, after `--moves` committed moves of
one hero (each rebuilds the players' fog; the undo history keeps every step). The app starts
as `orcus-desktop` does (`app.start_gui`). Figures: the resident set (RSS, /proc) after opening
and after the moves, the peak (getrusage), and what the moves added to the C heap in use
(glibc's `mallinfo2`: Python objects, Qt, GEOS and numpy alike). No tracemalloc: it once ran
during the moves and its own bookkeeping added 14 MB to the figures after the moves and 11 MB to
the peak.
`--breakdown` adds, per case, the RSS after each stage (with the C heap in use then, and
Python's own small-object arenas, which are outside that heap) and the resident set by mapping
(libraries against the heap).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import resource
import subprocess
import sys
import time
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BUDGET_MB = 100.0


def big_encounter(side: int, walls: int, tokens: int, seed: int = 3) -> Any:
    """A seeded map: short grid walls (every tenth a door) and medium tokens, row 20 free.

    The app's modules are imported here, not at the top: the "qt" case must not count them.
    """
    from orcus_desktop.geometry.features import Wall, WallKind
    from orcus_desktop.geometry.grid import GridBounds, Size, Square
    from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
    from orcus_desktop.model.ids import WallId
    from orcus_desktop.vocabulary import CreatureId

    rng = random.Random(seed)
    lane = min(20, side // 2)  # the mover's row, kept free of walls and tokens
    mover = Square(lane, lane)
    taken = {mover}
    creatures = [Creature(CreatureId("mover"), "Mover", "heroes", Size.MEDIUM, mover, 12)]
    while len(creatures) < tokens:
        square = Square(rng.randrange(side), rng.randrange(side))
        if square in taken or square.row == lane:
            continue
        taken.add(square)
        n = len(creatures)
        side_name = "monsters" if n % 2 else "heroes"
        creatures.append(Creature(CreatureId(f"c{n}"), f"C{n}", side_name, Size.MEDIUM, square))
    entries = []
    for i in range(walls):
        x, y = rng.randrange(side), rng.randrange(side)
        if y in (lane, lane + 1):
            y = (y + 3) % side
        length = rng.randint(1, 3)
        end = (min(side, x + length), y) if rng.random() < 0.5 else (x, min(side, y + length))
        kind = WallKind.WALL if i % 10 else WallKind.DOOR
        points = ((float(x), float(y)), (float(end[0]), float(end[1])))
        entries.append(WallEntry(WallId(f"w{i}"), Wall(kind, points)))
    return Encounter(
        grid=GridBounds(side, side),
        name="Memory",
        creatures=tuple(creatures),
        walls=tuple(entries),
    )


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            [
                "arena",
                "ordblks",
                "smblks",
                "hblks",
                "hblkhd",
                "usmblks",
                "fsmblks",
                "uordblks",
                "fordblks",
                "keepcost",
            ]
        )
    ]


def heap_in_use_mb() -> float:
    """The C heap in use (MB): small blocks plus mmapped ones; 0.0 off glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
    except (OSError, AttributeError):
        return 0.0
    info = libc.mallinfo2()
    return float(info.uordblks + info.hblkhd) / 1e6


def python_arenas_mb() -> float:
    """Python's small-object allocator: MB of its arenas (mmapped outside the C heap)."""
    blocks = sys.getallocatedblocks()  # cheap check that pymalloc is in use
    if not blocks:
        return 0.0
    read, write = os.pipe()
    saved = os.dup(2)
    try:
        os.dup2(write, 2)
        sys._debugmallocstats()  # writes its table to the C stderr
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(write)
    with os.fdopen(read) as table:
        for line in table:
            if line.startswith("Total"):
                return int(line.split("=")[1].replace(",", "")) / 1e6
    return 0.0


def stage() -> tuple[float, float, float]:
    """(RSS, C heap in use, Python arenas) now, in MB."""
    return rss_mb(), heap_in_use_mb(), python_arenas_mb()


def resident_by_mapping(top: int = 8) -> list[tuple[str, float]]:
    """The resident set by mapping (MB): each library file, and the heap ("anonymous")."""
    sizes: dict[str, float] = {}
    name = ""
    with open("/proc/self/smaps") as f:
        for line in f:
            head = line.split()
            if head and head[0] == "Rss:":
                sizes[name] = sizes.get(name, 0.0) + int(head[1]) / 1e3
            elif head and "-" in head[0] and not head[0].endswith(":"):
                path = head[5] if len(head) > 5 else ""
                if path.startswith("/"):
                    parts = path.split("/")
                    name = (
                        parts[parts.index("site-packages") + 1]
                        if "site-packages" in parts
                        else parts[-1]
                    )
                else:
                    name = "anonymous (heap, Python objects)" if path in ("", "[heap]") else path
    return sorted(sizes.items(), key=lambda kv: -kv[1])[:top]


def measure_qt(shell: bool) -> dict[str, Any]:
    """The floor: Python, numpy, shapely and an empty PySide6 window with a graphics view.

    With `shell`, the window has what any app of this shape shows, with no app code: six menus
    of ten actions, four docks each with a 30x4 table of text, and a second 800x768 window
    with a graphics view (the players' window).
    """
    import numpy  # noqa: F401
    import shapely  # noqa: F401
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import (
        QApplication,
        QDockWidget,
        QGraphicsScene,
        QGraphicsView,
        QMainWindow,
        QTableWidget,
        QTableWidgetItem,
    )

    app = QApplication.instance() or QApplication([])
    window = QMainWindow()
    view = QGraphicsView(QGraphicsScene(window), window)
    window.setCentralWidget(view)
    window.resize(1600, 1000)
    window.show()
    second = QMainWindow()
    if shell:
        for name in ("File", "Edit", "View", "Combat", "Window", "Help"):
            menu = window.menuBar().addMenu(name)
            for i in range(10):
                menu.addAction(f"{name} action {i}")
        for k in range(4):
            table = QTableWidget(30, 4)
            for row in range(30):
                for col in range(4):
                    table.setItem(row, col, QTableWidgetItem(f"cell {row} {col} text"))
            dock = QDockWidget(f"Dock {k}", window)
            dock.setWidget(table)
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        second.setCentralWidget(QGraphicsView(QGraphicsScene(second), second))
        second.resize(800, 768)
        second.show()
    for _ in range(5):
        app.processEvents()
    rss = rss_mb()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6  # KiB
    return {"rss_open_mb": rss, "rss_end_mb": rss, "rss_peak_mb": peak, "heap_added_mb": 0.0}


def measure(case: str, moves: int) -> dict[str, Any]:
    """Open the app on the case's map, move, and read the memory (in this process)."""
    if case in ("qt", "qt-shell"):
        return measure_qt(case == "qt-shell")
    from orcus_desktop.app import start_gui
    from orcus_desktop.geometry.grid import Square
    from orcus_desktop.vocabulary import MoveMode

    stages = {"imported": stage()}
    encounter = big_encounter(10, 0, 2) if case == "floor" else big_encounter(200, 2000, 200)
    window = start_gui(encounter, None, player_view=False, remember_layout=False)
    session = window.session
    session.rng.seed(0)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None
    window.resize(1600, 1000)
    for _ in range(5):
        app.processEvents()
    stages["GM window shown"] = stage()
    window.fog_action.setChecked(True)
    window.player_view_action.setChecked(True)
    for _ in range(5):
        app.processEvents()
    stages["player view fogged"] = stage()
    out: dict[str, Any] = {"rss_open_mb": rss_mb()}
    heap_before = heap_in_use_mb()
    started = time.perf_counter()
    lane = encounter.creatures[0].square.row
    for i in range(moves if case != "floor" else 0):
        target = Square(lane + 2 + (i % 2) * 4, lane)
        assert session.move_creature("mover", target, MoveMode.GM).ok
        app.processEvents()
        app.processEvents()
    out["moves_s"] = time.perf_counter() - started
    out["heap_added_mb"] = heap_in_use_mb() - heap_before
    out["rss_end_mb"] = rss_mb()
    stages["after the moves"] = stage()
    out["rss_peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6  # KiB
    out["stages"] = stages
    out["mappings"] = resident_by_mapping()
    window.close()
    return out


def main() -> int:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from docs_tables import add_write_docs_option, publish

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument(
        "--markdown", action="store_true", help="print its table's rows (docs/benchmarks.md)"
    )
    add_write_docs_option(parser)
    parser.add_argument("--breakdown", action="store_true", help="RSS per stage and mapping")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(measure(args.case, args.moves)))
        return 0
    figures = {}
    for case in ("qt", "qt-shell", "floor", "big"):
        done = subprocess.run(
            [sys.executable, __file__, "--case", case, "--moves", str(args.moves)],
            capture_output=True,
            text=True,
            check=True,
        )
        figures[case] = json.loads(done.stdout.strip().splitlines()[-1])
    print(
        f"whole-app memory, offscreen, {time.strftime('%Y-%m-%d')}, "
        f"python {sys.version.split()[0]}"
    )
    for case, f in figures.items():
        print(
            f"  {case}: RSS open {f['rss_open_mb']:.0f} MB, after moves {f['rss_end_mb']:.0f} MB, "
            f"peak {f['rss_peak_mb']:.0f} MB, heap in use added {f['heap_added_mb']:.1f} MB"
        )
        if args.breakdown and "stages" in f:
            print(
                "    RSS (C heap in use, Python arenas): "
                + ", ".join(
                    f"{k} {r:.0f} ({h:.0f}, {a:.0f})" for k, (r, h, a) in f["stages"].items()
                )
            )
            print("    resident: " + ", ".join(f"{k} {v:.1f}" for k, v in f["mappings"]))
    big, floor, qt, shell = figures["big"], figures["floor"], figures["qt"], figures["qt-shell"]
    verdict = "yes" if big["rss_peak_mb"] <= BUDGET_MB else "NO"
    print(f"  within {BUDGET_MB:g} MB (peak, 200x200): {verdict}")
    if args.markdown or args.write_docs:
        row = (
            "| whole app, 200×200, 2,000 walls, 200 tokens, player view fogged, "
            f"{args.moves} moves | ≤ {BUDGET_MB:g} MB | RSS {big['rss_open_mb']:.0f} MB open, "
            f"{big['rss_end_mb']:.0f} MB after, peak {big['rss_peak_mb']:.0f} MB | "
            f"the app on a 10×10 map: {floor['rss_peak_mb']:.0f} MB peak; an empty PySide6 "
            f"window with numpy and shapely: {qt['rss_peak_mb']:.0f} MB; with menus, four docks "
            f"of tables and a second window: {shell['rss_peak_mb']:.0f} MB |"
        )
        publish("memory", [row], write=args.write_docs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
