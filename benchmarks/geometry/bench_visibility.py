"""Visibility polygon against the npm `visibility-polygon` sweep, in the same run, same inputs.

Run: .venv/bin/python benchmarks/geometry/bench_visibility.py [--quick] [--markdown]

Inputs (a 100 x 100 map, its frame added for the peer; seeded, so runs compare):

* free: the peer's own kind of input, random free-angle segments 0.5-4 units long, noded;
* grid: the project's maps, straight walls 1-4 squares long on grid lines, noded;
* parallel: the worst case for a sweep without culling, long horizontal walls from x = 2 to
  x = 98 stacked around the viewer.

Each is run at several sizes (noded segment counts), from 20 viewpoints each (off the walls).
Ours is `visibility_polygon_array` on the map's `SegmentIndex` (built once per map, as the app
does; the build time is printed apart); the peer is `compute` in node. Per row: the median and
p95 over all rounds of all viewpoints, the ratio of the medians, the median vertex count of each
polygon, and the number of polygons that differ from the exact shapely shadow-union oracle by
more than 1e-6 square units (checked at the sizes up to `--oracle-max`). Per input, the growth
exponent of each side's median against the size.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path
from typing import cast

import numpy as np
import shapely
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/docs_tables.py

from docs_tables import add_write_docs_option, publish
from peers import (
    ensure_npm,
    exponent,
    fmt_ms,
    machine_line,
    median_p95,
    rounds,
    run_npm_visibility,
)

from orcus_desktop.geometry.visibility import visibility_oracle, visibility_polygon_array
from orcus_desktop.geometry.walls import SegmentIndex, box_segments, node_segments

SIDE = 100.0
BOUNDS = (0.0, 0.0, SIDE, SIDE)
SIZES = {
    "free": (500, 1000, 2000, 4000, 8000),
    "grid": (500, 1000, 2000, 4000),
    "parallel": (250, 500, 1000, 2000, 4000),
}
QUICK = {"free": (500, 2000, 8000), "grid": (500, 2000), "parallel": (250, 1000, 4000)}
VIEWS = 20


def _trim(noded: np.ndarray, count: int, rng: np.random.Generator) -> np.ndarray:
    """`count` noded segments chosen at random (noded segments never cross: any subset works)."""
    pick = rng.permutation(len(noded))[:count]
    return np.ascontiguousarray(noded[np.sort(pick)])


def free_segments(count: int, seed: int) -> np.ndarray:
    """Random free-angle segments, noded, exactly `count` of them."""
    rng = np.random.default_rng(seed)
    raw = count
    while True:
        mid = rng.uniform(2, SIDE - 2, (raw, 2))
        ang = rng.uniform(0, np.pi, raw)
        half = rng.uniform(0.25, 2.0, raw)[:, None]
        d = np.stack([np.cos(ang), np.sin(ang)], axis=1) * half
        segs = np.concatenate([mid - d, mid + d], axis=1)
        noded = node_segments([((a, b), (c, e)) for a, b, c, e in segs.tolist()])
        if len(noded) >= count:
            return _trim(noded, count, rng)
        raw = int(raw * 1.2) + 10


def grid_segments(count: int, seed: int) -> np.ndarray:
    """Straight walls 1-4 squares long on grid lines, noded, exactly `count` of them."""
    rng = np.random.default_rng(seed)
    raw = count
    while True:
        xy = rng.integers(1, int(SIDE) - 1, (raw, 2)).astype(np.float64)
        length = rng.integers(1, 5, raw).astype(np.float64)
        horizontal = rng.random(raw) < 0.5
        end = xy.copy()
        end[horizontal, 0] = np.minimum(SIDE, xy[horizontal, 0] + length[horizontal])
        end[~horizontal, 1] = np.minimum(SIDE, xy[~horizontal, 1] + length[~horizontal])
        segs = np.concatenate([xy, end], axis=1)
        noded = node_segments([((a, b), (c, e)) for a, b, c, e in segs.tolist()])
        if len(noded) >= count:
            return _trim(noded, count, rng)
        raw = int(raw * 1.3) + 10


def parallel_segments(count: int, seed: int) -> np.ndarray:
    """`count` long horizontal walls, x 2..98, evenly stacked from y = 1 to y = 99."""
    del seed
    ys = np.linspace(1.0, SIDE - 1.0, count)
    return np.stack([np.full(count, 2.0), ys, np.full(count, SIDE - 2.0), ys], axis=1)


MAKERS = {"free": free_segments, "grid": grid_segments, "parallel": parallel_segments}


def viewpoints(kind: str, segs: np.ndarray, seed: int) -> list[tuple[float, float]]:
    """Viewpoints clear of every segment (the oracle has no "which side" rule)."""
    rng = np.random.default_rng(seed + 1)
    # one line per segment: an array (the stubs allow a single line for a single segment)
    lines = cast("NDArray[np.object_]", shapely.linestrings(segs.reshape(-1, 2, 2)))
    tree = shapely.STRtree(lines)
    views: list[tuple[float, float]] = []
    while len(views) < VIEWS:
        if kind == "parallel":
            # between two walls near the middle of the stack
            ys = np.unique(segs[:, 1])
            k = int(rng.integers(len(ys) // 3, 2 * len(ys) // 3))
            p = (float(rng.uniform(30, 70)), float((ys[k] + ys[k + 1]) / 2))
        elif kind == "grid":
            c, r = (int(v) for v in rng.integers(5, int(SIDE) - 5, 2))
            p = (c + 0.5, r + 0.5)
        else:
            p = (float(rng.uniform(5, SIDE - 5)), float(rng.uniform(5, SIDE - 5)))
        if not len(tree.query(shapely.Point(p), predicate="dwithin", distance=1e-6)):
            views.append(p)
    return views


def wrong(polygon: np.ndarray, oracle: shapely.Geometry) -> bool:
    """Whether a polygon's region differs from the oracle's by more than 1e-6 square units."""
    if len(polygon) < 3:
        return float(shapely.area(oracle)) > 1e-6
    region = shapely.make_valid(shapely.Polygon(polygon))
    return float(shapely.symmetric_difference(region, oracle).area) > 1e-6


def main(argv: list[str] | None = None) -> int:  # noqa: PLR0915 -- split pending (issue 30 item 7)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer sizes and rounds")
    parser.add_argument(
        "--markdown", action="store_true", help="print its table's rows (docs/benchmarks.md)"
    )
    add_write_docs_option(parser)
    parser.add_argument("--oracle-max", type=int, default=2000, help="largest size checked")
    parser.add_argument("--only", choices=sorted(MAKERS), help="one input kind")
    parser.add_argument(
        "--no-cull", action="store_true", help="sweep every segment (the array, not the index)"
    )
    args = parser.parse_args(argv)
    repeats = 3 if args.quick else 10
    sizes = QUICK if args.quick else SIZES
    print(machine_line())
    peer = ensure_npm()
    if isinstance(peer, str):
        print(f"npm visibility-polygon: SKIPPED ({peer})")
    table: list[str] = []
    for kind in sorted(MAKERS) if args.only is None else [args.only]:
        print(f"\n{kind}: ours median / p95 ms | npm median / p95 ms | ratio | vertices | wrong")
        ours_med: list[float] = []
        npm_med: list[float] = []
        for n in sizes[kind]:
            segs = MAKERS[kind](n, seed=n)
            views = viewpoints(kind, segs, seed=n)
            t0 = time.perf_counter()
            index = SegmentIndex.build(segs)
            source = index.segments if args.no_cull else index
            build_ms = (time.perf_counter() - t0) * 1000
            times: list[float] = []
            ours: list[np.ndarray] = []
            for view in views:
                times += rounds(partial(visibility_polygon_array, view, source, BOUNDS), repeats)
                ours.append(visibility_polygon_array(view, source, BOUNDS))
            o_med, o_p95 = median_p95(times)
            ours_med.append(o_med)
            line = f"  n={n:<5} {fmt_ms(o_med):>7} / {fmt_ms(o_p95):>7}"
            theirs: list[np.ndarray] | None = None
            j_med = j_p95 = float("nan")
            if not isinstance(peer, str):
                framed = node_segments(
                    [((a, b), (c, e)) for a, b, c, e in segs.tolist()] + box_segments(BOUNDS)
                )
                job = {
                    "segments": [[[a, b], [c, e]] for a, b, c, e in framed.tolist()],
                    "views": [list(v) for v in views],
                    "repeats": repeats,
                }
                result = run_npm_visibility(*peer, [job])
                if isinstance(result, str):
                    print(f"  npm visibility-polygon: SKIPPED ({result})")
                else:
                    j_med, j_p95 = median_p95(result[0]["times"])
                    theirs = [np.asarray(p, dtype=np.float64) for p in result[0]["polygons"]]
            npm_med.append(j_med)
            ratio = o_med / j_med
            line += f" | {fmt_ms(j_med):>7} / {fmt_ms(j_p95):>7} | {ratio:5.2f} x"
            o_vert = int(np.median([len(p) for p in ours]))
            j_vert = int(np.median([len(p) for p in theirs])) if theirs else 0
            line += f" | {o_vert} vs {j_vert}"
            bad = "not checked"
            if n <= args.oracle_max:
                oracles = [visibility_oracle(v, segs, BOUNDS) for v in views]
                o_bad = sum(wrong(p, o) for p, o in zip(ours, oracles, strict=True))
                j_bad = (
                    sum(wrong(p, o) for p, o in zip(theirs, oracles, strict=True))
                    if theirs
                    else "-"
                )
                bad = f"{o_bad} vs {j_bad} of {len(views)}"
            print(f"{line} | {bad}   (index built in {build_ms:.0f} ms)")
            table.append(
                f"| visibility, {kind}, {n} segments | {fmt_ms(o_med)} ms (p95 {fmt_ms(o_p95)}) "
                f"| {fmt_ms(j_med)} ms (p95 {fmt_ms(j_p95)}) | {ratio:.2f} × "
                f"| {o_vert} vs {j_vert} | {bad} |"
            )
        n_list = list(sizes[kind])
        e_ours = exponent(n_list, ours_med)
        e_npm = exponent(n_list, npm_med) if not isinstance(peer, str) else float("nan")
        print(f"  growth exponent: ours n^{e_ours:.2f}, npm n^{e_npm:.2f}")
        table.append(
            f"| visibility, {kind}: growth exponent | n^{e_ours:.2f} | n^{e_npm:.2f} | | | |"
        )
    if args.markdown or args.write_docs:
        print(f"\n{machine_line()}\n")
        publish("visibility", table, write=args.write_docs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
