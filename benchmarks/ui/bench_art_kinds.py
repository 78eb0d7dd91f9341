"""Big map art by file kind (docs/rulings.md R-168, R-230, R-262, R-263): memory, time, tiles.

The big-map benchmark's cave art (`cave_map.py`, L 8,400 px and XL 10,000 px a side) with a
seeded grain over it (commercial battle maps are textured, and a JPEG's cost follows its
detail) is saved as PNG, baseline JPEG (quality 90), progressive JPEG and WebP (quality 85).
Each figure is a process of its own (its peak memory is its own), offscreen:

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/bench_art_kinds.py [--sizes L XL]
        [--runs 3] [--peer OTHER_CHECKOUT] [--primitives] [--write-docs]

`--peer` runs the load of another checkout (the code before) on the same files in the same run.
With the art cache (R-262, R-263), the load is followed by its one-time preparation (until every
band is in the cache; a baseline JPEG's pass starts at a screen at the top) and the peak memory
of the cache's process; "load-cached" opens the file again from the cache the last load left.

Measured per kind and size: the art as the app loads it (`load_map_art`: what the players'
screen and the GM's map need, the overview), against the peer in the same run, a whole decode
(`read_map_image`, what every kind but PNG got before R-230); and Qt's own JPEG reader asked
for a clip rect (one tile, at the top and at the bottom) or a scaled size, the primitives the
design stands on. Then the GM zoomed in: a 1,280 x 800 screen at one screen pixel an art pixel
drawn at the top rows and at the bottom rows, each tile's wait from the repaint that asked for
it until it is drawn at full detail (median and p95 over all tiles), and the whole screen's.
Memory is the peak resident set less the process's before the load (getrusage; the files
are written by a process of their own, since Linux hands a child its parent's peak).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/docs_tables.py

from cave_map import SIZES, art_image, generate
from docs_tables import add_write_docs_option, publish

KINDS = ("png", "jpeg", "jpeg-progressive", "webp")
SCREEN = (1280, 800)
SCREENS = 4
"""Screens asked for at the top rows and at the bottom rows in each run."""


def quantile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else math.nan
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- the art files -------------------------------------------------------------------------


def write_art(size_name: str, folder: Path) -> None:
    """Write the cave's art with grain in every kind (`art_paths`)."""
    import numpy as np
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QImageWriter

    image = art_image(generate(SIZES[size_name], 33))
    side = image.width()
    rows = np.frombuffer(image.bits(), dtype=np.uint8).reshape(side, image.bytesPerLine())
    rng = np.random.default_rng(5)
    for top in range(0, side, 500):  # a grain of +-14 levels, in pieces to spare memory
        part = rows[top : top + 500, : side * 4].reshape(-1, side, 4)
        grain = rng.integers(-14, 15, size=(*part.shape[:2], 1), dtype=np.int16)
        part[..., :3] = np.clip(part[..., :3].astype(np.int16) + grain, 0, 255)
    del rows
    for kind, path in art_paths(size_name, folder).items():
        writer = QImageWriter(str(path), QByteArray(path.suffix[1:].encode()))
        writer.setQuality(QUALITY[kind])
        writer.setProgressiveScanWrite(kind == "jpeg-progressive")
        if not writer.write(image):
            raise SystemExit(f"{path}: {writer.errorString()}")


QUALITY = {"png": 50, "jpeg": 90, "jpeg-progressive": 90, "webp": 85}
SUFFIX = {"png": "png", "jpeg": "jpg", "jpeg-progressive": "jpg", "webp": "webp"}


def art_paths(size_name: str, folder: Path) -> dict[str, Path]:
    """Where the art of each kind is written."""
    return {kind: folder / f"{size_name}-{kind}.{SUFFIX[kind]}" for kind in KINDS}


# -- one measurement (a child process) -----------------------------------------------------


def measure(op: str, path: str) -> dict[str, Any]:
    from PySide6.QtCore import QRect, QSize
    from PySide6.QtGui import QGuiApplication, QImageReader

    from orcus_desktop.ui.map.image_loader import load_map_art, read_map_image

    app = QGuiApplication.instance() or QGuiApplication([])
    QImageReader.setAllocationLimit(0)
    size = QImageReader(path).size()
    # what the app has loaded before any map opens, so the load counts only the art's memory
    for name in ("hashlib", "multiprocessing", "orcus_desktop.controller.session"):
        importlib.import_module(name)
    before = _peak_mb()
    t0 = time.perf_counter()
    out: dict[str, Any] = {}
    if op == "whole":
        read_map_image(path)
    elif op in ("load", "load-cached"):
        art = load_map_art(path)
        assert art is not None
        out["tiled"] = art.tiled
    elif op.startswith("clip-"):
        reader = QImageReader(path)
        top = 0 if op == "clip-top" else size.height() - 256
        reader.setClipRect(QRect(0, top, 512, 256))
        reader.read()
    elif op == "scaled":
        reader = QImageReader(path)
        reader.setScaledSize(QSize(4096, 4096))
        reader.read()
    out["ms"] = [(time.perf_counter() - t0) * 1000]
    out["mb"] = [_peak_mb() - before]
    if op == "load" and out["tiled"]:
        out.update(prepared(app, art, t0))
        out.update(screens(app, art))
    return out


def prepared(app: Any, art: Any, t0: float) -> dict[str, list[float]]:
    """The one-time preparation of the full detail (R-262, R-263; none before them): from the
    load's start until every band is in the cache, and the peak memory of its process.

    A baseline JPEG's pass starts when the GM first zooms in: a screen at the top asks for it.
    """
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    progress = getattr(art, "preparing", None)
    if progress is None:
        return {}
    if not progress.started:
        screen = QImage(*SCREEN, QImage.Format.Format_RGB32)
        painter = QPainter(screen)
        art.draw(painter, QRectF(0, 0, *SCREEN), QRectF(0, 0, *art.size), detail=True)
        painter.end()
    while not progress.done and time.perf_counter() - t0 < 600:
        app.processEvents()
        time.sleep(0.01)
    if progress.failure:
        raise SystemExit(f"the preparation failed: {progress.failure}")
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"ready_ms": [(time.perf_counter() - t0) * 1000], "child_mb": [children]}


def screens(app: Any, art: Any) -> dict[str, list[float]]:
    """Screens at full detail at the top and bottom rows: each tile's wait, each screen's."""
    from PySide6.QtCore import QObject, QRect, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter, QTransform

    from orcus_desktop.ui.map.map_art import TILE_PX
    from orcus_desktop.ui.map.png_bands import BAND_ROWS

    class Arrivals(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.at: dict[tuple[int, int], float] = {}

        def heard(self, pixels: QRect) -> None:
            now = time.perf_counter()
            for band in range(pixels.top() // BAND_ROWS, (pixels.bottom() + 1) // BAND_ROWS):
                for column in range(pixels.left() // TILE_PX, (pixels.right() + 1) // TILE_PX):
                    self.at.setdefault((band, column), now)

    arrivals = Arrivals()
    art.add_detail_listener(arrivals.heard)
    width, height = art.size
    target = QRectF(0, 0, width, height)  # a scene unit an art pixel, one screen pixel each
    out: dict[str, list[float]] = {}
    for where in ("top", "bottom"):
        for n in range(SCREENS):
            left = (n * 2 * TILE_PX + 100) % (width - SCREEN[0])
            top = 37 if where == "top" else height - SCREEN[1] - 37
            view = QRectF(left, top, *SCREEN)
            art._tiles.clear()  # a screen not seen yet (the benchmark's own reach inside)
            art._tile_bytes = 0
            arrivals.at.clear()
            screen = QImage(*SCREEN, QImage.Format.Format_RGB32)
            screen.fill(QColor("black"))
            t0 = time.perf_counter()
            painter = QPainter(screen)
            painter.setTransform(QTransform().translate(-view.left(), -view.top()))
            art.draw(painter, view, target, detail=True)
            painter.end()
            while art.detail_pending and time.perf_counter() - t0 < 60:
                app.processEvents()
                time.sleep(0.001)
            waits = [(stamp - t0) * 1000 for stamp in arrivals.at.values()]
            out.setdefault(f"tile_{where}_ms", []).extend(waits)
            out.setdefault(f"screen_{where}_ms", []).append(max(waits))
    out["tiles_mb"] = [_peak_mb()]
    return out


# -- the parent: make the files, run the children, report ----------------------------------

OPS = {
    "png": ("whole", "load"),
    "jpeg": ("whole", "load", "load-cached", "clip-top", "clip-bottom", "scaled"),
    "jpeg-progressive": ("whole", "load", "load-cached", "clip-top", "scaled"),
    "webp": ("whole", "load", "load-cached", "clip-top", "scaled"),
}
PLAIN_OPS = ("whole", "load", "load-cached")
"""The ops run without `--primitives` (Qt's reader alone was measured for R-230)."""
ROOT = Path(__file__).resolve().parents[2]
"""This checkout (its code runs the children unless `--peer` names another)."""


def run_kind(path: Path, ops: tuple[str, ...], runs: int, tree: Path) -> dict[str, dict[str, Any]]:
    """Each op `runs` times, a process each, with the code of `tree` (this checkout or a peer).

    Each "load" starts with an empty art cache; "load-cached" opens the file again with the
    cache the last "load" left (R-262).
    """
    merged: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="orcus-art-cache-") as caches:
        cache = Path(caches) / "none"
        for op in ops:
            for run in range(runs):
                if op == "load":
                    cache = Path(caches) / f"{run}"
                env = {
                    **os.environ,
                    "PYTHONPATH": str(tree),
                    "QT_QPA_PLATFORM": "offscreen",
                    "ORCUS_DESKTOP_ART_CACHE": str(cache),
                }
                command = [sys.executable, __file__, "--child", op, str(path)]
                done = subprocess.run(
                    command, capture_output=True, text=True, check=False, env=env, cwd=tree
                )
                if done.returncode != 0:
                    raise SystemExit(f"{op} {path.name} failed:\n{done.stderr[-3000:]}")
                figures = json.loads(done.stdout.strip().splitlines()[-1])
                for key, value in figures.items():
                    if isinstance(value, list):
                        merged.setdefault(op, {}).setdefault(key, []).extend(value)
                    else:
                        merged.setdefault(op, {})[key] = value
    return merged


ROWS = (
    ("whole", "ms", "whole decode (`read_map_image`)", "ms"),
    ("whole", "mb", "whole decode: memory", "MB"),
    ("load", "ms", "the art as loaded", "ms"),
    ("load", "mb", "the art as loaded: memory", "MB"),
    ("load", "ready_ms", "full detail in the cache (one time), from the load's start", "ms"),
    ("load", "child_mb", "the cache's process: memory", "MB"),
    ("load-cached", "ms", "opened again: the art from the cache", "ms"),
    ("load-cached", "mb", "opened again: memory", "MB"),
    ("load", "tile_top_ms", "GM at full detail, top rows: a tile's wait", "ms"),
    ("load", "screen_top_ms", "GM at full detail, top rows: the whole screen's", "ms"),
    ("load", "tile_bottom_ms", "GM at full detail, bottom rows: a tile's wait", "ms"),
    ("load", "screen_bottom_ms", "GM at full detail, bottom rows: the whole screen's", "ms"),
    ("clip-top", "ms", "Qt reader, one 512 x 256 clip at the top", "ms"),
    ("clip-top", "mb", "Qt reader, clip at the top: memory", "MB"),
    ("clip-bottom", "ms", "Qt reader, one 512 x 256 clip at the bottom", "ms"),
    ("clip-bottom", "mb", "Qt reader, clip at the bottom: memory", "MB"),
    ("scaled", "ms", "Qt reader, scaled to 4,096 px", "ms"),
    ("scaled", "mb", "Qt reader, scaled to 4,096 px: memory", "MB"),
)


def lines(results: dict[str, dict[str, dict[str, dict[str, Any]]]]) -> list[str]:
    """The table's rows (its header is in docs/benchmarks.md)."""
    out = []
    for size, kinds in results.items():
        for kind_code, ops in kinds.items():
            kind, _, code = kind_code.partition(" ")
            tiled = ops.get("load", {}).get("tiled")
            for op, key, label, unit in ROWS:
                values = ops.get(op, {}).get(key)
                if not values:
                    continue
                shown = (
                    label
                    if op != "load" or key not in ("ms", "mb")
                    else (f"{label} ({'tiled' if tiled else 'decoded whole'})")
                )
                out.append(
                    f"| {size} | {kind} | {code} | {shown} | {statistics.median(values):,.0f} "
                    f"{unit} | {quantile(values, 95):,.0f} {unit} |"
                )
    return out


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        print(json.dumps(measure(sys.argv[2], sys.argv[3])))
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--write-art":
        from PySide6.QtGui import QGuiApplication

        app = QGuiApplication.instance() or QGuiApplication([])
        write_art(sys.argv[2], Path(sys.argv[3]))
        del app
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["L", "XL"], choices=sorted(SIZES))
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument("--runs", type=int, default=3, help="processes per figure")
    parser.add_argument(
        "--peer", type=Path, default=None, help="another checkout: its load, in the same run"
    )
    parser.add_argument(
        "--primitives", action="store_true", help="also Qt's reader alone (clip, scaled)"
    )
    add_write_docs_option(parser)
    args = parser.parse_args()
    results: dict[str, dict[str, Any]] = {}
    loads = []
    with tempfile.TemporaryDirectory(prefix="orcus-art-") as tmp:
        for size in args.sizes:
            subprocess.run([sys.executable, __file__, "--write-art", size, tmp], check=True)
            paths = art_paths(size, Path(tmp))
            results[size] = {}
            for kind in args.kinds:
                ops = tuple(op for op in OPS[kind] if args.primitives or op in PLAIN_OPS)
                trees = [("this", ROOT, ops)]
                if args.peer is not None:
                    trees.append(("peer", args.peer.resolve(), ("load",)))
                for code, tree, tree_ops in trees:
                    loads.append(os.getloadavg()[0])
                    figures = run_kind(paths[kind], tree_ops, args.runs, tree)
                    results[size][f"{kind} {code}"] = figures
                    print("\n".join(lines({size: {f"{kind} {code}": figures}})), flush=True)
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load average "
        f"(1 min) {min(loads):.1f}-{max(loads):.1f} through the run, python "
        f"{platform.python_version()}; {args.runs} processes a figure, {SCREENS} screens at the "
        "top and at the bottom a process."
    )
    publish("art-kinds", lines(results), write=args.write_docs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
