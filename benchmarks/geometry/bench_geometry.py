"""Geometry benchmarks against the docs/design.md budgets (a report, not a timed test).

Run: .venv/bin/python benchmarks/geometry/bench_geometry.py [--quick]

Scenario: a 100 x 100 map with 1,000 wall segments on grid lines (a dungeon-like scatter of
straight walls 1-4 squares long) and 40 medium tokens on free squares of a 30 x 30 battle area
in the middle (where an encounter's creatures stand), seeded so runs compare. Each row prints
the median and best of several repeats and the budget. The cover rows are pure computation
(nothing about pairs is cached between calls); the opportunity-attack rows time `provoked_by`
per path over the 20 longest cheapest paths of the first token, with the per-map sight cache
warm, then starting empty on a new map state.

The visibility polygon is compared with the npm `visibility-polygon` package in
`bench_visibility.py`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/docs_tables.py

from docs_tables import add_write_docs_option, publish

from orcus_desktop.geometry.areas import burst_squares, creatures_in_area
from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.cover import cover_table
from orcus_desktop.geometry.cover_walls import forget_kept_shares
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.movement import reachable_squares
from orcus_desktop.geometry.paths import cheapest_path
from orcus_desktop.geometry.provoking import provoked_by
from orcus_desktop.geometry.sight import lines_of_sight
from orcus_desktop.vocabulary import CoverDegree

SIDE = 100


def timeit(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    """(median, best) wall time in milliseconds."""
    fn()  # warm caches (prepared indexes are built once per map state)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)


def random_walls(rng: np.random.Generator, count: int) -> list[Wall]:
    walls = []
    for _ in range(count):
        x, y = (int(v) for v in rng.integers(1, SIDE - 1, 2))
        length = int(rng.integers(1, 5))
        if rng.random() < 0.5:
            end = (float(min(SIDE, x + length)), float(y))
        else:
            end = (float(x), float(min(SIDE, y + length)))
        walls.append(Wall(WallKind.WALL, ((float(x), float(y)), end)))
    return walls


def room_walls() -> list[Wall]:
    """A dungeon of 6 x 6 rooms: every room side is two 2-square walls round a 2-square door."""
    walls = []
    for k in range(6, SIDE, 6):
        for start in range(0, SIDE - 5, 6):
            for a, b in ((start, start + 2), (start + 4, start + 6)):
                walls.append(Wall(WallKind.WALL, ((float(k), float(a)), (float(k), float(b)))))
                walls.append(Wall(WallKind.WALL, ((float(a), float(k)), (float(b), float(k)))))
    return walls


def scenario(seed: int = 7, kind: str = "scatter") -> Battlefield:
    rng = np.random.default_rng(seed)
    walls = random_walls(rng, 1000) if kind == "scatter" else room_walls()
    occupants: list[Occupant] = []
    taken: set[Square] = set()
    while len(occupants) < 40:
        sq = Square(*(int(v) for v in rng.integers(35, 65, 2)))
        if sq in taken:
            continue
        taken.add(sq)
        side = "heroes" if len(occupants) % 2 else "monsters"
        occupants.append(Occupant(f"t{len(occupants)}", Space(sq, Size.MEDIUM), side, speed=12))
    return Battlefield(GridBounds(SIDE, SIDE), tuple(walls), (), tuple(occupants))


# Each measure's budget and median per layout ("scatter", "rooms"), for the table in
# docs/benchmarks.md; `layout[0]` is the layout being measured.
results: dict[str, dict[str, str]] = {}
layout = ["scatter"]


def row(name: str, median: float, best: float, budget: str, note: str = "") -> None:
    print(f"{name:<48} median {median:8.2f} ms   best {best:8.2f} ms   budget {budget}  {note}")
    budget_text = budget.replace("<=", "≤").replace(" us", " µs")
    results.setdefault(name.strip(), {"budget": budget_text})[layout[0]] = f"{median:.2f} ms"


def table_rows() -> list[str]:
    """The docs table: one row per measure, its budget and the median on each layout."""
    return [
        f"| {name} | {r['budget']} | {r.get('scatter', '')} | {r.get('rooms', '')} |"
        for name, r in results.items()
    ]


def bench_sight_lines(bf: Battlefield, repeats: int) -> None:
    rng = np.random.default_rng(1)
    corners = np.asarray([o.space.bounds()[:2] for o in bf.occupants], dtype=np.float64)
    starts = corners[rng.integers(0, len(corners), 10_000)] + rng.integers(0, 2, (10_000, 2))
    ends = np.clip(starts + rng.uniform(-20, 20, (10_000, 2)), 0, SIDE)
    n_walls = len(bf.sight_index)
    med, best = timeit(lambda: lines_of_sight(bf, starts, ends), repeats)
    row(
        "10,000 sight lines vs 1,000 walls",
        med,
        best,
        "<= 7 ms",
        f"({n_walls} noded segments)",
    )


def bench_cover(bf: Battlefield, repeats: int) -> None:
    def cold() -> object:
        forget_kept_shares(bf)  # nothing kept from the call before (see `cover_walls`)
        return cover_table(bf)

    med, best = timeit(cold, repeats)
    table = cover_table(bf)
    counts = {d.value: sum(1 for r in table.values() if r.degree is d) for d in CoverDegree}
    row("cover, all ordered pairs of 40 tokens", med, best, "<= 12 ms", f"(1,560: {counts})")


def bench_movement(bf: Battlefield, repeats: int) -> None:
    mover = bf.occupants[0].id
    med, best = timeit(lambda: reachable_squares(bf, mover, 12), repeats)
    row("movement preview, speed 12, 100 x 100", med, best, "<= 2 ms", "(masks cached per map)")

    def cold() -> None:
        # new wall objects: a new map state, so indexes and step masks are built again
        walls = tuple(replace(w) for w in bf.walls)
        fresh = Battlefield(bf.bounds, walls, bf.terrain, bf.occupants)
        reachable_squares(fresh, mover, 12)

    med, best = timeit(cold, max(3, repeats // 4))
    row(
        "  same, first call on a new map state",
        med,
        best,
        "(not budgeted)",
        "(builds indexes and masks)",
    )


def bench_provoked(bf: Battlefield, repeats: int) -> None:
    """The drag preview asks what a path provokes on every square change."""
    mover = bf.occupants[0].id
    paths = [cheapest_path(bf, mover, sq, 12).path for sq in reachable_squares(bf, mover, 12)]
    paths = sorted(paths, key=len)[-20:]  # the longest (13 squares): past the most enemies

    def warm() -> None:
        for path in paths:
            provoked_by(bf, mover, path)

    med, best = timeit(warm, repeats)
    row(
        "opportunity attacks along a 13-square drag path",
        med / len(paths),
        best / len(paths),
        "(a few 100 us)",
        "(sight/effect answers cached per map)",
    )

    def cold() -> None:
        # new wall objects: a new map state, nothing cached; indexes built before timing
        walls = tuple(replace(w) for w in bf.walls)
        fresh = Battlefield(bf.bounds, walls, bf.terrain, bf.occupants)
        _ = fresh.sight_index, fresh.effect_index
        t0 = time.perf_counter()
        for path in paths:
            provoked_by(fresh, mover, path)
        times.append((time.perf_counter() - t0) * 1000 / len(paths))

    times: list[float] = []
    for _ in range(max(3, repeats // 4)):
        cold()
    row(
        "  same, first time on a new map state",
        statistics.median(times),
        min(times),
        "(not budgeted)",
        "(cache empty at the start)",
    )


def bench_burst(bf: Battlefield, repeats: int) -> None:
    origin = Square(50, 50)
    origin_space = Space(origin, Size.MEDIUM)

    def burst() -> None:
        squares = burst_squares(origin, 10, bf.bounds)
        creatures_in_area(bf, squares, origin_space)

    med, best = timeit(burst, repeats)
    row("burst 10: squares + affected creatures", med, best, "<= 2 ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument(
        "--markdown", action="store_true", help="print its table's rows (docs/benchmarks.md)"
    )
    add_write_docs_option(parser)
    args = parser.parse_args(argv)
    repeats = 5 if args.quick else 30
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} CPUs")
    bf = scenario()
    print(
        f"scatter: map {SIDE} x {SIDE}, {len(bf.walls)} straight walls 1-4 squares long at random,"
        f" {len(bf.occupants)} tokens in the middle 30 x 30"
    )
    bench_sight_lines(bf, repeats)
    bench_cover(bf, max(3, repeats // 5))
    rooms = scenario(kind="rooms")
    layout[0] = "rooms"
    print(f"rooms: the same map as 6 x 6 rooms with doors, {len(rooms.walls)} walls")
    bench_sight_lines(rooms, repeats)
    bench_cover(rooms, max(3, repeats // 5))
    print("scatter again:")
    layout[0] = "scatter"
    bench_movement(bf, repeats)
    bench_provoked(bf, repeats)
    bench_burst(bf, repeats)
    print("visibility polygon against npm visibility-polygon: see bench_visibility.py")
    if args.markdown or args.write_docs:
        publish("geometry", table_rows(), write=args.write_docs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
