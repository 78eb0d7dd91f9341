"""Drag benchmark: token drags in the whole app, fog on, with an empty and a 5,000-entry log.

Budget (docs/design.md#budgets): a drag frame (move, path preview, vision, fog, repaint) at
100x100 with 200 tokens and 1,000 walls: p95 at most 8 ms, also with a 5,000-entry log; memory
within 10% over 10,000 drags. Runs offscreen:

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/bench_drag.py [--markdown]

A drag is a press on the token, `--frames` mouse moves along a free lane (a new square every
few frames, as a hand does) and the release, which commits the move as one undo step. A frame
is one mouse event sent to the map's viewport, then the event loop run until the map and the
players' window (Player View open, fog of war on) have repainted. Each drag gives the p95 of its
frame times; the figure is the median of those over `--drags` drags, with their p95 beside it.
Both logs run in the same process, alternately, so they share the machine's load; the ratio
of the two is the "same cost at 0 and 5,000 entries" check.

Memory: `--memory-drags` committed moves (10,000) through the session with the window open,
each followed by one logged step (the worst case for undo snapshots, which keep the whole
encounter each), starting from the 5,000-entry log; RSS and the Python heap (tracemalloc) are
read once the history is full (1,000 steps) and at the end; the budget is on RSS.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/docs_tables.py

from docs_tables import add_write_docs_option, publish
from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPaintEvent
from PySide6.QtWidgets import QApplication

from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import Combat, LogEntry
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.log_sequence import LogSequence
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.vocabulary import CreatureId, MoveMode

MAP_SQUARES = 100
TOKENS = 200
WALLS = 1000
LONG_LOG = 5000
VIEW_W, VIEW_H = 1280, 800
DRAGGER = Square(40, 40)
BUDGET_P95_MS = 8.0


def build_encounter(seed: int = 1, log_entries: int = 0) -> Encounter:
    """100x100, 200 tokens (half heroes), 1,000 short walls and doors, a free lane on row 40."""
    rng = random.Random(seed)
    taken: set[Square] = {DRAGGER}
    creatures = [
        Creature(CreatureId("dragger"), "Dragged Hero", "heroes", Size.MEDIUM, DRAGGER, speed=12)
    ]
    while len(creatures) < TOKENS:
        sq = Square(rng.randrange(MAP_SQUARES), rng.randrange(MAP_SQUARES))
        # Keep the drag lane (row 40, columns 30-60) free so the drag stays legal most of the way.
        if sq in taken or (sq.row == 40 and 30 <= sq.col <= 60):
            continue
        taken.add(sq)
        side = "monsters" if len(creatures) % 2 else "heroes"
        creatures.append(
            Creature(
                CreatureId(f"c{len(creatures)}"),
                f"Creature {len(creatures)}",
                side,
                Size.MEDIUM,
                sq,
            )
        )
    walls: list[WallEntry] = []
    for i in range(WALLS):
        x, y = rng.randrange(MAP_SQUARES), rng.randrange(MAP_SQUARES)
        if y == 40 or y == 41:
            y += 3  # keep the lane open
        horizontal = rng.random() < 0.5
        length = rng.randint(1, 3)
        end = (
            (min(MAP_SQUARES, x + length), y) if horizontal else (x, min(MAP_SQUARES, y + length))
        )
        kind = WallKind.WALL if i % 10 else WallKind.DOOR
        walls.append(
            WallEntry(
                WallId(f"w{i}"), Wall(kind, ((float(x), float(y)), (float(end[0]), float(end[1]))))
            )
        )
    difficult = frozenset(Square(c, r) for c in range(45, 48) for r in range(38, 43))
    log = LogSequence(
        LogEntry(seq=i + 1, round=i // 50, kind="note", actor=creatures[i % TOKENS].id)
        for i in range(log_entries)
    )
    return Encounter(
        grid=GridBounds(MAP_SQUARES, MAP_SQUARES),
        name="Benchmark",
        creatures=tuple(creatures),
        walls=tuple(walls),
        terrain=(TerrainPatch(TerrainKind.DIFFICULT, difficult),),
        combat=Combat(log=log),
    )


class PaintRecorder(QObject):
    """Records the painted area of every viewport paint event."""

    def __init__(self) -> None:
        super().__init__()
        self.areas: list[int] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            rect = event.region().boundingRect()
            self.areas.append(rect.width() * rect.height())
        return False


def mouse(
    kind: QEvent.Type, pos: QPointF, button: Qt.MouseButton, buttons: Qt.MouseButton
) -> QMouseEvent:
    return QMouseEvent(kind, pos, pos, button, buttons, Qt.KeyboardModifier.NoModifier)


def quantile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def open_app(log_entries: int) -> tuple[QApplication, MainWindow, GameSession]:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    encounter = build_encounter(log_entries=log_entries)
    document = Document(encounter)
    session = GameSession(document, History(document), random.Random(0))
    window = MainWindow(encounter, None, session=session)
    window.resize(VIEW_W + 600, VIEW_H + 250)
    window.show()
    window.fog_action.setChecked(True)
    window.player_view_action.setChecked(True)  # the players' window, fogged, follows the drag
    window.activate_tool("move")
    window.view.resetTransform()
    window.view.scale(0.6, 0.6)
    window.view.centerOn((DRAGGER.col + 8) * SQUARE_PX, DRAGGER.row * SQUARE_PX)
    for _ in range(5):
        app.processEvents()
    return app, window, session


def close_app(app: QApplication, window: MainWindow) -> None:
    window.close()
    window.deleteLater()
    app.processEvents()


def one_drag(
    app: QApplication, window: MainWindow, frames: int, target_col: int
) -> tuple[list[float], float]:
    """Frame times (ms) of one drag (the moves and the release that commits it), and the time
    from the release until the players' fog has been rebuilt for the new position (the
    rebuild runs on the next pass of the event loop, after the release's frame)."""
    view = window.view
    viewport = view.viewport()
    session = window.session
    start_sq = session.encounter.creature("dragger").square

    def at(gx: float, gy: float) -> QPointF:
        return QPointF(view.mapFromScene(QPointF(gx * SQUARE_PX, gy * SQUARE_PX)))

    left, right = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    QApplication.sendEvent(
        viewport,
        mouse(QEvent.Type.MouseButtonPress, at(start_sq.col + 0.5, 40.5), left, left),
    )
    app.processEvents()
    times: list[float] = []
    for i in range(1, frames + 1):
        gx = start_sq.col + 0.5 + (target_col - start_sq.col) * i / frames
        gy = 40.5 + 0.3 * ((i % 7) / 7)
        t = time.perf_counter()
        QApplication.sendEvent(
            viewport, mouse(QEvent.Type.MouseMove, at(gx, gy), Qt.MouseButton.NoButton, left)
        )
        app.processEvents()
        app.processEvents()
        times.append((time.perf_counter() - t) * 1000)
    player_window = window.player_window
    assert player_window is not None
    rebuilds: list[float] = []
    player_window.fog.rebuilt.connect(lambda: rebuilds.append(time.perf_counter()))
    t = time.perf_counter()
    QApplication.sendEvent(
        viewport,
        mouse(QEvent.Type.MouseButtonRelease, at(target_col + 0.5, 40.5), left, right),
    )
    app.processEvents()
    app.processEvents()
    times.append((time.perf_counter() - t) * 1000)
    while not rebuilds and time.perf_counter() - t < 5:
        app.processEvents()
    player_window.fog.rebuilt.disconnect()
    settled = (rebuilds[0] - t) * 1000 if rebuilds else math.inf
    return times, settled


def frame_figures(
    drags: int, frames: int, logs: tuple[int, ...] = (0, LONG_LOG)
) -> dict[int, dict[str, float]]:
    """Per log size: median and p95 over drags of each drag's p95 frame time."""
    results: dict[int, dict[str, float]] = {}
    per_drag: dict[int, list[float]] = {n: [] for n in logs}
    fog_after: dict[int, list[float]] = {n: [] for n in logs}
    paints: dict[int, tuple[int, int]] = {}
    opened = {n: open_app(n) for n in per_drag}
    recorders = {n: PaintRecorder() for n in per_drag}
    for n, (_app, window, _session) in opened.items():
        window.view.viewport().installEventFilter(recorders[n])
    for d in range(drags):
        target = 44 + (d % 2) * 8  # back and forth across the difficult squares
        for n in per_drag:  # alternate, so both logs see the same machine load
            app, window, session = opened[n]
            times, settled = one_drag(app, window, frames, target)
            per_drag[n].append(quantile(times, 95))
            fog_after[n].append(settled)
    for n, (app, window, session) in opened.items():
        viewport = window.view.viewport()
        area = viewport.width() * viewport.height()
        full = sum(1 for a in recorders[n].areas if a >= area)
        paints[n] = (len(recorders[n].areas), full)
        moved = session.encounter.creature("dragger").square
        results[n] = {
            "frames": float(drags * (frames + 1)),
            "p95_median_ms": statistics.median(per_drag[n]),
            "p95_p95_ms": quantile(per_drag[n], 95),
            "release_to_fog_median_ms": statistics.median(fog_after[n]),
            "release_to_fog_p95_ms": quantile(fog_after[n], 95),
            "paints": float(paints[n][0]),
            "full_viewport_paints": float(paints[n][1]),
            "log_entries": float(len(session.encounter.combat.log)),
            "ended_on_col": float(moved.col),
        }
        close_app(app, window)
    return results


def rss_mib() -> float:
    """Resident set size now (Linux /proc), else the peak from getrusage."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory_figures(drags: int) -> dict[str, float]:
    """RSS and Python heap once the undo history is full, and after `drags` drags."""
    app, window, session = open_app(LONG_LOG)
    history = session.history
    document = session.document
    tracemalloc.start()
    marks: dict[str, float] = {}
    cols = (44, 52)
    for d in range(drags):
        assert session.move_creature("dragger", Square(cols[d % 2], 40), MoveMode.GM).ok
        # one logged step per drag: the case where a copied log would cost the most
        before = document.encounter
        after = replace(before, combat=before.combat.logged("note", CreatureId("dragger")))
        history.push(ReplaceEncounter("Note", before, after))
        if d % 50 == 0:
            app.processEvents()
        if d + 1 == min(drags, 1000):
            app.processEvents()
            marks["rss_at_1000_mib"] = rss_mib()
            marks["heap_at_1000_mib"] = tracemalloc.get_traced_memory()[0] / 2**20
    app.processEvents()
    marks["rss_end_mib"] = rss_mib()
    marks["heap_end_mib"] = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    marks["rss_growth"] = marks["rss_end_mib"] / marks["rss_at_1000_mib"] - 1
    # The traced heap starts after the window is built, so it holds what the drags added: the
    # new log entries and their lines, not snapshots' copies of the log.
    marks["heap_added_per_drag_bytes"] = (
        (marks["heap_end_mib"] - marks["heap_at_1000_mib"]) * 2**20 / max(1, drags - 1000)
    )
    marks["log_entries"] = float(len(session.encounter.combat.log))
    close_app(app, window)
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drags", type=int, default=15)
    parser.add_argument("--frames", type=int, default=40, help="mouse moves per drag")
    parser.add_argument("--memory-drags", type=int, default=10_000)
    parser.add_argument(
        "--markdown", action="store_true", help="print its table's rows (docs/benchmarks.md)"
    )
    add_write_docs_option(parser)
    args = parser.parse_args()
    frames = frame_figures(args.drags, args.frames)
    memory = memory_figures(args.memory_drags) if args.memory_drags > 0 else {}
    empty, long = frames[0], frames[LONG_LOG]
    ratio = long["p95_median_ms"] / empty["p95_median_ms"]
    print(
        f"drag benchmark: {MAP_SQUARES}x{MAP_SQUARES} map, {TOKENS} tokens, {WALLS} walls, "
        f"main window + fogged player view, {args.drags} drags x {args.frames} frames, "
        f"{time.strftime('%Y-%m-%d')}, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} CPUs, python {platform.python_version()}"
    )
    for n, figures in frames.items():
        print(f"  log {n} entries:")
        for key, value in figures.items():
            print(f"    {key:24} {value:10.2f}")
    print(f"  ratio, 5,000-entry log / empty log: {ratio:.2f}")
    for key, value in memory.items():
        print(f"  memory {key:24} {value:10.3f}")
    ok_frames = all(
        f["p95_median_ms"] <= BUDGET_P95_MS and f["full_viewport_paints"] == 0
        for f in frames.values()
    )
    ok_memory = bool(memory) and memory["rss_growth"] <= 0.10
    verdict = "yes" if ok_frames else "NO"
    print("within budget (median drag p95 <= 8 ms, no full repaint):", verdict)
    print("memory within 10% over the drags:", "yes" if ok_memory else "NO")
    if args.markdown or args.write_docs:
        rows = [
            f"| drag, fog on, log {n:,} | p95 ≤ {BUDGET_P95_MS:g} ms | "
            f"{f['p95_median_ms']:.2f} ms (p95 over drags {f['p95_p95_ms']:.2f}) | |"
            for n, f in frames.items()
        ]
        rows.append(f"| drag, 5,000-entry log / empty log | same cost | {ratio:.2f} × | |")
        rows += [
            f"| release to the players' fog rebuilt, log {n:,} | | "
            f"{f['release_to_fog_median_ms']:.1f} ms "
            f"(p95 {f['release_to_fog_p95_ms']:.1f}) | |"
            for n, f in frames.items()
        ]
        if memory:
            rows.append(
                f"| memory over {args.memory_drags:,} drags (from 1,000: history full) "
                "| ≤ +10 % | "
                f"RSS {memory['rss_at_1000_mib']:.0f} → {memory['rss_end_mib']:.0f} MiB "
                f"({memory['rss_growth']:+.1%}); Python heap "
                f"+{memory['heap_added_per_drag_bytes']:.0f} B per drag (its log entry) | |"
            )
        publish("drag", rows, write=args.write_docs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
