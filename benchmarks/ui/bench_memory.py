"""Whole-app memory: the main window and the fogged player view on a 200x200 map.

Budget (issue 14): the whole app at most 100 MB with a 200x200 map, 2,000 walls and 200
tokens. Runs offscreen, each case in a process of its own so that the figures do not mix:

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/bench_memory.py [--markdown]

Cases: "floor", the same app on a 10x10 map with 2 tokens (what Python, Qt, numpy and shapely
cost before any map); "big", the 200x200 map (2,000 short walls and doors, 200 tokens, half of
them heroes, seeded) with the Player View open and fogged, after `--moves` committed moves of
one hero (each rebuilds the players' fog; the undo history keeps every step). Figures: the
resident set (RSS, /proc) after opening and after the moves, the peak (getrusage), and the
Python heap (tracemalloc) the moves added.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
import tracemalloc

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from orcus_desktop.controller.outcomes import MoveMode
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.vocabulary import CreatureId

BUDGET_MB = 100.0


def big_encounter(side: int, walls: int, tokens: int, seed: int = 3) -> Encounter:
    """A seeded map: short grid walls (every tenth a door) and medium tokens, row 20 free."""
    rng = random.Random(seed)
    mover = Square(20, 20)
    taken = {mover}
    creatures = [Creature(CreatureId("mover"), "Mover", "heroes", Size.MEDIUM, mover, 12)]
    while len(creatures) < tokens:
        square = Square(rng.randrange(side), rng.randrange(side))
        if square in taken or square.row == 20:
            continue
        taken.add(square)
        n = len(creatures)
        side_name = "monsters" if n % 2 else "heroes"
        creatures.append(Creature(CreatureId(f"c{n}"), f"C{n}", side_name, Size.MEDIUM, square))
    entries = []
    for i in range(walls):
        x, y = rng.randrange(side), rng.randrange(side)
        if y in (20, 21):
            y += 3
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


def measure(case: str, moves: int) -> dict[str, float]:
    """Open the app on the case's map, move, and read the memory (in this process)."""
    from PySide6.QtWidgets import QApplication

    from orcus_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    encounter = big_encounter(10, 0, 2) if case == "floor" else big_encounter(200, 2000, 200)
    document = Document(encounter)
    session = GameSession(document, History(document), random.Random(0))
    window = MainWindow(encounter, None, session=session)
    window.resize(1600, 1000)
    window.show()
    window.fog_action.setChecked(True)
    window.player_view_action.setChecked(True)
    for _ in range(5):
        app.processEvents()
    out = {"rss_open_mb": rss_mb()}
    tracemalloc.start()
    heap_before = tracemalloc.get_traced_memory()[0]
    started = time.perf_counter()
    for i in range(moves if case != "floor" else 0):
        target = Square(22 + (i % 2) * 4, 20)
        assert session.move_creature("mover", target, MoveMode.GM).ok
        app.processEvents()
        app.processEvents()
    out["moves_s"] = time.perf_counter() - started
    out["heap_added_mb"] = (tracemalloc.get_traced_memory()[0] - heap_before) / 1e6
    tracemalloc.stop()
    out["rss_end_mb"] = rss_mb()
    out["rss_peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
    window.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--markdown", action="store_true", help="README table rows")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(measure(args.case, args.moves)))
        return 0
    figures = {}
    for case in ("floor", "big"):
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
            f"peak {f['rss_peak_mb']:.0f} MB, Python heap added {f['heap_added_mb']:.1f} MB"
        )
    big, floor = figures["big"], figures["floor"]
    verdict = "yes" if big["rss_peak_mb"] <= BUDGET_MB else "NO"
    print(f"  within {BUDGET_MB:g} MB (peak, 200x200): {verdict}")
    if args.markdown:
        print(
            "| whole app, 200×200, 2,000 walls, 200 tokens, player view fogged, "
            f"{args.moves} moves | ≤ {BUDGET_MB:g} MB | RSS {big['rss_open_mb']:.0f} MB open, "
            f"{big['rss_end_mb']:.0f} MB after, peak {big['rss_peak_mb']:.0f} MB | "
            f"the app on a 10×10 map: {floor['rss_peak_mb']:.0f} MB peak |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
