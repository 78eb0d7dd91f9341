"""Big dark map benchmark (issue 33): a Dungeondraft-sized cave at table speed.

A seeded cave (`cave_map.py`: L is 120x120 squares, 12,000 free-angle wall segments, 120
torches, 8,400 px art; XL is 200x200, 30,000 segments, 300 torches, 10,000 px art; dark
ambient light) is imported as a GM does (File > Import Map, replacing the map of an encounter
holding six heroes and thirty monsters) with the Player View open and fogged. Each run is a
process of its own (the peak memory is its own), offscreen:

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/bench_big_map.py [--sizes L XL]
        [--runs 3] [--markdown] [--write-docs]

Timed: the import (from the menu's call until the players' fog shows the map, and until both
windows show the art, decoded off the GUI thread; the edits wait for it); a drag of a hero
(each drag's p95 frame: one mouse move, then both windows repainted); the release to the
players' fog (from the release until their fog is rebuilt); the door of the heroes' chamber nearest
them opened or closed, the nearest door some hero's view meets (their views are swept again),
and a torch near them moved one square (from the session's call until the players' fog is
rebuilt); the peak resident memory of the run (getrusage). Figures are medians over all
the runs' samples with their p95; budgets from issue 33. `--write-docs` rewrites this
benchmark's section of docs/benchmarks.md from the output.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cave_map import PITCH, SIZES, CaveSize, generate

from orcus_desktop.controller.editing import editing, lighting_edits

HEROES = 6
MONSTERS = 30
BUDGETS_MS = {
    "L": {"release_to_fog": 50.0, "door": 50.0, "door_seen": 50.0, "torch": 30.0},
    "XL": {"release_to_fog": 100.0},
}
BUDGET_PEAK_MB = {"L": 400.0, "XL": 600.0}
VIEW_W, VIEW_H = 1280, 800

PEERS = (
    "MapTool: about 40 s to load a map with 144 lights (RPTools/maptool#3342)",
    "MapTool: 1-3 s per token drag with 40+ lights (JamzTheMan/MapTool#45)",
    "Foundry VTT: users report lag from about 700-2,600 walls",
)
"""What the peers' users report for maps of this kind (no peer is run here)."""

BEFORE = (
    "Before issue 33's changes (commit 52cea51, one run a size, 2026-12-05): release to fog "
    "149 ms on L and 136 ms on XL, door 1,179 ms and 1,872 ms, torch 39 ms and 68 ms, peak "
    "memory 759 MB and 1,087 MB. The door after the first round of that work (97ef0a5, the wall "
    "index noded afresh for each door): 174-419 ms on L."
)
"""This benchmark's first run, on the code before the issue's work, for comparison."""

DOCS_START = "<!-- bench_big_map: start -->"
DOCS_END = "<!-- bench_big_map: end -->"


def quantile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else math.nan
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


# -- one run (a child process) -------------------------------------------------------------


def party_encounter(size: CaveSize) -> Any:
    """The encounter before the import: six heroes in the middle chamber, thirty monsters."""
    from orcus_desktop.geometry.grid import GridBounds, Size, Square
    from orcus_desktop.model.encounter import Creature, Encounter
    from orcus_desktop.vocabulary import CreatureId

    cells = size.squares // PITCH
    middle = (cells // 2) * PITCH + PITCH // 2
    creatures = [
        Creature(
            CreatureId(f"hero{i}"),
            f"Hero {i}",
            "heroes",
            Size.MEDIUM,
            # hero0 on a row of its own (its drags), the others on a row below it
            Square(middle - 1, middle - 1) if i == 0 else Square(middle - 3 + i, middle + 1),
            speed=12,
        )
        for i in range(HEROES)
    ]
    rng = random.Random(5)
    taken = {c.square for c in creatures}
    while len(creatures) < HEROES + MONSTERS:
        ci, cj = rng.randrange(cells), rng.randrange(cells)
        if (ci, cj) == (cells // 2, cells // 2):
            continue
        square = Square(ci * PITCH + PITCH // 2, cj * PITCH + PITCH // 2)
        if square in taken:
            continue
        taken.add(square)
        n = len(creatures) - HEROES
        creatures.append(
            Creature(CreatureId(f"m{n}"), f"Monster {n}", "monsters", Size.MEDIUM, square)
        )
    return Encounter(grid=GridBounds(size.squares, size.squares), creatures=tuple(creatures))


def one_run(  # noqa: PLR0915 -- split pending (issue 30 item 7)
    size: CaveSize, cave_file: Path, drags: int, frames: int, edits: int
) -> dict[str, Any]:
    """Open the app, import the cave, time the GM's actions; the figures as a dict."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    from orcus_desktop.controller.editing.map_import import ImportMode
    from orcus_desktop.controller.session import GameSession
    from orcus_desktop.geometry.features import WallKind
    from orcus_desktop.geometry.grid import Square
    from orcus_desktop.model.document import Document
    from orcus_desktop.model.history import History
    from orcus_desktop.ui.gui_thread_gc import collect_in_gui_thread
    from orcus_desktop.ui.main_window import MainWindow
    from orcus_desktop.ui.map.layers import SQUARE_PX

    app = QApplication.instance() or QApplication([])
    collect_in_gui_thread(app)  # as app.py: cycles are collected in the GUI thread only
    encounter = party_encounter(size)
    document = Document(encounter)
    session = GameSession(document, History(document), random.Random(0))
    window = MainWindow(encounter, None, session=session)
    window.resize(VIEW_W + 600, VIEW_H + 250)
    window.show()
    window.fog_action.setChecked(True)
    window.player_view_action.setChecked(True)
    for _ in range(5):
        app.processEvents()
    player = window.player_window
    assert player is not None
    stamps: list[float] = []
    player.fog.rebuilt.connect(lambda: stamps.append(time.perf_counter()))

    def settle(t0: float) -> float:
        """Run the event loop until the players' fog is rebuilt; ms since t0."""
        app.processEvents()
        while not stamps and time.perf_counter() - t0 < 30:
            app.processEvents()
        done = stamps[0] if stamps else math.inf
        app.processEvents()  # the repaint that follows
        stamps.clear()
        return (done - t0) * 1000

    stamps.clear()
    t0 = time.perf_counter()
    result = window.map_files.import_file(cave_file, ImportMode.REPLACE)
    assert result is not None, "import cancelled"
    assert result.ok, result.reason
    import_ms = settle(t0)
    out: dict[str, Any] = {"import_ms": [import_ms]}
    # The art is decoded off the GUI thread after the fog shows: wait for both windows to show
    # it, so that the edits below are not timed against the decoder for the two cores.
    scenes = (window.scene, player.scene)
    while any(scene.map_image_loading for scene in scenes) and time.perf_counter() - t0 < 120:
        app.processEvents()
        time.sleep(0.005)
    out["art_shown_ms"] = [(time.perf_counter() - t0) * 1000]

    # -- drags of a hero, as bench_drag.py drags
    window.activate_tool("move")
    view = window.view
    view.resetTransform()
    view.scale(0.6, 0.6)
    hero = session.encounter.creature("hero0")
    row = hero.square.row
    view.centerOn(hero.square.col * SQUARE_PX, row * SQUARE_PX)
    for _ in range(5):
        app.processEvents()
    viewport = view.viewport()

    def at(gx: float, gy: float) -> QPointF:
        return QPointF(view.mapFromScene(QPointF(gx * SQUARE_PX, gy * SQUARE_PX)))

    def mouse(kind: QEvent.Type, pos: QPointF, button: Any, buttons: Any) -> QMouseEvent:
        return QMouseEvent(kind, pos, pos, button, buttons, Qt.KeyboardModifier.NoModifier)

    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    frame_p95: list[float] = []
    release: list[float] = []
    home = hero.square.col
    arrived = 0
    for d in range(drags):
        start = session.encounter.creature("hero0").square.col
        target = home + (2 if d % 2 == 0 else 0)
        QApplication.sendEvent(
            viewport, mouse(QEvent.Type.MouseButtonPress, at(start + 0.5, row + 0.5), left, left)
        )
        app.processEvents()
        times: list[float] = []
        for i in range(1, frames + 1):
            gx = start + 0.5 + (target - start) * i / frames
            t = time.perf_counter()
            QApplication.sendEvent(
                viewport, mouse(QEvent.Type.MouseMove, at(gx, row + 0.5), none, left)
            )
            app.processEvents()
            app.processEvents()
            times.append((time.perf_counter() - t) * 1000)
        frame_p95.append(quantile(times, 95))
        stamps.clear()
        t0 = time.perf_counter()
        QApplication.sendEvent(
            viewport,
            mouse(QEvent.Type.MouseButtonRelease, at(target + 0.5, row + 0.5), left, none),
        )
        release.append(settle(t0))
        arrived += session.encounter.creature("hero0").square.col == target
    # Each drag goes two squares east and the next one back: every drop must land.
    moved = arrived == drags
    out["drag_frame_p95_ms"] = frame_p95
    out["release_to_fog_ms"] = release

    # -- a door of the heroes' chamber, opened and closed
    centre = (hero.square.col + 0.5, row + 0.5)

    def nearest_door(among: set[str] | None = None) -> str:
        doors = [e for e in session.encounter.walls if e.wall.kind is WallKind.DOOR]
        doors = [e for e in doors if among is None or e.id in among]

        def distance(entry: Any) -> float:
            (x0, y0), (x1, y1) = entry.wall.points[0], entry.wall.points[-1]
            return math.hypot((x0 + x1) / 2 - centre[0], (y0 + y1) / 2 - centre[1])

        return str(min(doors, key=distance).id)

    door = nearest_door()
    door_ms: list[float] = []
    for k in range(edits):
        stamps.clear()
        t0 = time.perf_counter()
        assert session.run(editing.set_door_open, door, k % 2 == 0).ok
        door_ms.append(settle(t0))
    out["door_ms"] = door_ms
    # -- the nearest door some hero sees: their views are swept again, not only the lights
    seen_door = nearest_door(seen_by_heroes(session))
    door_ms = []
    for k in range(edits):
        stamps.clear()
        t0 = time.perf_counter()
        assert session.run(editing.set_door_open, seen_door, k % 2 == 0).ok
        door_ms.append(settle(t0))
    out["door_seen_ms"] = door_ms

    # -- the torch nearest the heroes, moved a square and back
    sources = session.encounter.lighting.sources
    torch = min(
        sources,
        key=lambda s: math.hypot(s.square.col - centre[0], s.square.row - centre[1]),
    )
    torch_ms: list[float] = []
    for k in range(edits):
        shift = 1 if k % 2 == 0 else 0
        moved_torch = replace(torch, square=Square(torch.square.col + shift, torch.square.row))
        stamps.clear()
        t0 = time.perf_counter()
        assert session.run(lighting_edits.update_light, moved_torch).ok
        torch_ms.append(settle(t0))
    out["torch_ms"] = torch_ms
    out["peak_mb"] = [resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024]
    out["walls"] = len(session.encounter.walls)
    out["lights"] = len(session.encounter.lighting.sources)
    out["hero_moved"] = moved
    window.close()
    app.processEvents()
    return out


def seen_by_heroes(session: Any) -> set[str]:
    """The ids of the doors some hero's view meets (the fog changes when one opens)."""
    import shapely

    from orcus_desktop.controller.battlefield_builder import battlefield_for
    from orcus_desktop.geometry.features import WallKind
    from orcus_desktop.geometry.occupant_views import occupant_view_array

    field = battlefield_for(session.encounter, session.rules)
    views = [
        shapely.make_valid(shapely.Polygon(occupant_view_array(field, f"hero{i}")))
        for i in range(HEROES)
    ]
    seen = shapely.union_all(views)
    return {
        str(e.id)
        for e in session.encounter.walls
        if e.wall.kind is WallKind.DOOR
        and shapely.intersects(seen, shapely.LineString(e.wall.points))
    }


# -- the parent: generate, run the children, report -----------------------------------------


def run_size(size: CaveSize, runs: int, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    cave_file = folder / f"cave-{size.name}.dd2vtt"
    t0 = time.perf_counter()
    # Written by a process of its own: Linux starts a child's peak memory (getrusage) at its
    # parent's, and the art drawn here is 282-400 MB.
    maker = Path(__file__).resolve().parent / "cave_map.py"
    subprocess.run([sys.executable, str(maker), size.name, str(cave_file)], check=True)
    cave = generate(size)  # the same seed: its counts, without the art
    made_s = time.perf_counter() - t0
    merged: dict[str, Any] = {}
    for _ in range(runs):
        env = dict(os.environ, ORCUS_DESKTOP_DATA_DIR=str(folder / "data"))
        command = [
            sys.executable,
            __file__,
            "--child",
            size.name,
            str(cave_file),
            str(args.drags),
            str(args.frames),
            str(args.edits),
        ]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"run failed ({size.name}):\n{done.stderr[-3000:]}")
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        for key, value in figures.items():
            if isinstance(value, list):
                merged.setdefault(key, []).extend(value)
            else:
                merged[key] = value
    merged["segments"] = cave.segment_count
    merged["doors"] = len(cave.doors)
    merged["torches"] = len(cave.torches)
    merged["generate_s"] = made_s
    merged["file_mb"] = cave_file.stat().st_size / 2**20
    return merged


ROWS = (
    ("import_ms", "import (menu to fogged Player View)", "ms"),
    ("art_shown_ms", "import until the art shows in both windows", "ms"),
    ("drag_frame_p95_ms", "drag: each drag's p95 frame", "ms"),
    ("release_to_fog_ms", "release of a dragged hero to the players' fog", "ms"),
    ("door_ms", "door of the heroes' chamber opened or closed, to the players' fog", "ms"),
    ("door_seen_ms", "door the heroes see opened or closed, to the players' fog", "ms"),
    ("torch_ms", "torch moved a square, to the players' fog", "ms"),
    ("peak_mb", "peak memory (resident)", "MB"),
)


def budget(size: str, key: str) -> float | None:
    if key == "peak_mb":
        return BUDGET_PEAK_MB.get(size)
    return BUDGETS_MS.get(size, {}).get(key.removesuffix("_ms"))


def markdown(results: dict[str, dict[str, Any]], header: str) -> str:
    lines = [
        "## Big dark maps (issue 33)",
        "",
        "Written by `benchmarks/ui/bench_big_map.py --write-docs` from its output; the map is",
        "generated by `benchmarks/ui/cave_map.py` (seeded). " + header,
        "",
        "| size | figure | median | p95 | budget |",
        "|---|---|---:|---:|---:|",
    ]
    for name, figures in results.items():
        for key, label, unit in ROWS:
            values = figures[key]
            limit = budget(name, key)
            mark = "" if limit is None else f"{limit:g} {unit}"
            if limit is not None:
                mark += " ok" if statistics.median(values) <= limit else " **over**"
            lines.append(
                f"| {name} | {label} | {statistics.median(values):.1f} {unit} "
                f"| {quantile(values, 95):.1f} {unit} | {mark} |"
            )
    lines += ["", BEFORE]
    lines += ["", "What the peers' users report for maps of this kind (not run here):", ""]
    lines += [f"- {peer}" for peer in PEERS]
    return "\n".join(lines) + "\n"


def write_docs(text: str) -> None:
    path = Path(__file__).resolve().parents[2] / "docs" / "benchmarks.md"
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    section = f"{DOCS_START}\n{text}{DOCS_END}\n"
    if DOCS_START in old and DOCS_END in old:
        before, rest = old.split(DOCS_START, 1)
        after = rest.split(DOCS_END, 1)[1].lstrip("\n")
        new = before + section + (("\n" + after) if after else "")
    else:
        new = old.rstrip("\n") + "\n\n" + section
    path.write_text(new, encoding="utf-8")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        name, cave_file, drags, frames, edits = sys.argv[2:7]
        figures = one_run(SIZES[name], Path(cave_file), int(drags), int(frames), int(edits))
        print(json.dumps(figures))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["L", "XL"], choices=sorted(SIZES))
    parser.add_argument("--runs", type=int, default=3, help="processes per size")
    parser.add_argument("--drags", type=int, default=8)
    parser.add_argument("--frames", type=int, default=20, help="mouse moves per drag")
    parser.add_argument("--edits", type=int, default=8, help="door toggles and torch moves")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication([])  # the art is drawn with Qt
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="orcus-bigmap-") as tmp:
        for name in args.sizes:
            results[name] = run_size(SIZES[name], args.runs, args, Path(tmp))
    del app
    load = os.getloadavg()[1] if hasattr(os, "getloadavg") else math.nan
    header = (
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs (load average "
        f"{load:.1f} over the run's last 5 minutes), python {platform.python_version()}; "
        f"{args.runs} runs a size, {args.drags} drags of {args.frames} frames and {args.edits} "
        "door and torch edits a run. On a shared machine the figures move with the load."
    )
    print(f"big-map benchmark: {header}")
    ok = True
    for name, figures in results.items():
        print(
            f"  {name}: {figures['segments']} segments ({figures['doors']} doors), "
            f"{figures['torches']} torches, {figures['walls']} wall entries, file "
            f"{figures['file_mb']:.1f} MB (generated in {figures['generate_s']:.1f} s), "
            f"every drop landed: {figures['hero_moved']}"
        )
        for key, label, unit in ROWS:
            values = figures[key]
            limit = budget(name, key)
            median = statistics.median(values)
            verdict = "" if limit is None else ("  ok" if median <= limit else "  OVER")
            print(
                f"    {label:48} median {median:8.1f} {unit}  p95 {quantile(values, 95):8.1f}"
                f" {unit}  (n={len(values)}){'' if limit is None else f'  budget {limit:g}'}"
                f"{verdict}"
            )
            ok &= limit is None or median <= limit
    text = markdown(results, header)
    if args.markdown:
        print(text)
    if args.write_docs:
        write_docs(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
