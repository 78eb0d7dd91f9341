"""Line of sight and cover on free-angle walls against prepared shapely baselines, one run.

Budgets (docs/design.md#budgets): 10,000 sight lines over 1,000 walls at most 0.8x a prepared
shapely multilinestring `intersects`; cover for every ordered pair of 40 creatures at most 0.5x
the naive prepared computation. Run:

    .venv/bin/python benchmarks/geometry/bench_sight_peers.py [--repeats N] [--markdown]
        [--sizes 20,40,80] [--profile ROUNDS]

Walls: 1,000 random free-angle segments 1-4 squares long on a 100x100 map; 40 medium tokens on
free squares of the middle 30x30 (as in bench_geometry.py). Baselines, on the same walls:
- sight: one prepared `MultiLineString` of the walls, `shapely.intersects` against all 10,000
  lines at once (it counts a graze as blocked, which the rules do not, so "agree" is reported);
- cover: the strongest prepared computation of the same degrees, vectorised over all pairs at
  once: the 16 corner-to-corner lines of every ordered pair (each attacker corner to each
  target corner, 24,960 lines) in one `shapely.intersects` against the prepared walls, and one
  STRtree query of the same lines against the other creatures' spaces (interiors); a corner's
  hidden share is its blocked lines over 4, bucketed as ours (docs/rulings.md R-13, R-14:
  1/2 half, 3/4 three-quarters, all total; creatures at most half on their own), the best
  corner decides. Its answer is a quarter-step sample of the exact share ours measures, so
  the pairs whose degree differs are counted and reported.
The dense case (issue 33): the same 1,000 walls on a 60x60 map, 40 tokens on the middle 30x30;
sight at most 1.0x and cold cover at most 0.8x the same baselines, timed in the same run.
Ours keeps each pair's shares per map state (`cover_walls`, `cover_creatures`: by the spaces
they depend on), so cover is timed three ways against the same baseline, taking turns with it
in each round: "cold" (nothing kept: every pair measured), "one token moved" (each round one
token steps to a free square first, as in play: the pairs whose spaces or creatures changed are
measured) and "the same table again" (everything kept).
Cold cover is also timed at several token counts (`--sizes`, default 20, 40 and 80, on the same
walls), each against the baseline on the same tokens, with the growth exponent of each side
against the number of ordered pairs.
Figures: median and p95 of the rounds, ratio of medians; a ratio over its budget is marked
**miss** in the rows of docs/benchmarks.md. The header names the machine, the UTC time and the
load average (1 and 5 minutes) when the run started, and the last line the load when it ended:
on a shared machine the ratios move with the load.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import os
import pstats
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/docs_tables.py

from bench_geometry import SIDE
from docs_tables import add_write_docs_option, publish
from peers import exponent, machine_line, median_p95, rounds

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.cover import cover_table
from orcus_desktop.geometry.cover_buckets import ORCUS_BUCKETS, CoverBuckets
from orcus_desktop.geometry.cover_walls import forget_kept_shares
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.sight import lines_of_sight

LINES = 10_000
WALLS = 1_000
TOKENS = 40
FAR = 1_000.0


def free_walls(rng: np.random.Generator, count: int, side: int = SIDE) -> list[Wall]:
    walls: list[Wall] = []
    while len(walls) < count:
        x, y = rng.uniform(1, side - 1, 2)
        angle, length = rng.uniform(0, 2 * np.pi), rng.uniform(1, 4)
        ex, ey = x + length * np.cos(angle), y + length * np.sin(angle)
        if 0 <= ex <= side and 0 <= ey <= side:
            walls.append(Wall(WallKind.WALL, ((float(x), float(y)), (float(ex), float(ey)))))
    return walls


def battlefield(
    seed: int = 7, tokens: int = TOKENS, extent: int = SIDE, middle: tuple[int, int] = (35, 65)
) -> Battlefield:
    """`WALLS` free-angle walls on an `extent` map; tokens on squares of the `middle` range."""
    rng = np.random.default_rng(seed)
    walls = free_walls(rng, WALLS, extent)
    occupants: list[Occupant] = []
    taken: set[Square] = set()
    while len(occupants) < tokens:
        sq = Square(*(int(v) for v in rng.integers(*middle, 2)))
        if sq in taken:
            continue
        taken.add(sq)
        side = "heroes" if len(occupants) % 2 else "monsters"
        occupants.append(Occupant(f"t{len(occupants)}", Space(sq, Size.MEDIUM), side, speed=12))
    return Battlefield(GridBounds(extent, extent), tuple(walls), (), tuple(occupants))


def interleaved_rounds(fns: list[Callable[[], object]], repeats: int) -> list[list[float]]:
    """Wall times (ms) of each function over `repeats` rounds, the functions taking turns in
    each round (after one warm-up call each), so that a busy machine weighs on all alike."""
    for fn in fns:
        fn()
    out: list[list[float]] = [[] for _ in fns]
    for _ in range(repeats):
        for fn, times in zip(fns, out, strict=True):
            t0 = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t0) * 1000)
    return out


def token_walk(bf: Battlefield, steps: int, seed: int = 3) -> list[Battlefield]:
    """`steps` battlefields, each the one before with one token moved to a free square."""
    rng = np.random.default_rng(seed)
    out = []
    current = list(bf.occupants)
    for _ in range(steps):
        k = int(rng.integers(len(current)))
        taken = {o.square for o in current}
        while (sq := Square(*(int(v) for v in rng.integers(35, 65, 2)))) in taken:
            pass
        current[k] = current[k].moved_to(sq)
        out.append(bf.with_occupants(current))
    return out


def sight_lines(bf: Battlefield) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    corners = np.asarray([o.space.bounds()[:2] for o in bf.occupants], dtype=np.float64)
    starts = corners[rng.integers(0, len(corners), LINES)] + rng.integers(0, 2, (LINES, 2))
    ends = np.clip(starts + rng.uniform(-20, 20, (LINES, 2)), 0, bf.bounds.columns)
    return starts, ends


def pair_corner_lines(bf: Battlefield) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 16 corner-to-corner lines of every unordered pair, as (starts, ends) and the pairs.

    Lines are ordered pair major, then the first space's corner, then the second's; (a, t) and
    (t, a) share the same 16 lines, so each unordered pair is measured once.
    """
    boxes = np.asarray([o.space.bounds() for o in bf.occupants], dtype=np.float64)
    corners = np.stack(
        [boxes[:, [0, 1]], boxes[:, [2, 1]], boxes[:, [2, 3]], boxes[:, [0, 3]]], axis=1
    )
    a_idx, t_idx = np.triu_indices(len(boxes), k=1)
    starts = np.repeat(corners[a_idx], 4, axis=1).reshape(-1, 2)
    ends = np.tile(corners[t_idx], (1, 4, 1)).reshape(-1, 2)
    return starts, ends, np.stack([a_idx, t_idx], axis=1)


def _exit_share(start: np.ndarray, end: np.ndarray, box: np.ndarray) -> np.ndarray:
    """Per line, the share of its length from `start` (on the box) to where it leaves `box`."""
    d = end - start
    with np.errstate(divide="ignore", invalid="ignore"):
        far = np.where(d > 0, box[:, 2:], box[:, :2])
        t = np.where(d != 0, (far - start) / d, np.inf)
    out: np.ndarray = np.clip(t.min(axis=1), 0.0, 1.0)
    return out


def prepared_cover(
    starts: np.ndarray,
    ends: np.ndarray,
    pair_ids: np.ndarray,
    boxes: np.ndarray,
    walls_geom: shapely.Geometry,
    creatures_geom: shapely.Geometry,
    buckets: CoverBuckets = ORCUS_BUCKETS,
) -> np.ndarray:
    """Cover rank (index into ``buckets.ranked_degrees``) of every ordered pair, baseline.

    Returns an (n, n) array, row the attacker, column the target (the diagonal unused).
    Walls: one vectorised `intersects` of the lines against the prepared walls. Creatures: the
    part of each line outside the pair's own two spaces (clipped in numpy), one vectorised
    `intersects` against the prepared union of all spaces shrunk by 1e-6 (a line along an
    edge hides nothing).
    """
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    by_wall = shapely.intersects(walls_geom, lines)
    first = np.repeat(boxes[pair_ids[:, 0]], 16, axis=0)
    second = np.repeat(boxes[pair_ids[:, 1]], 16, axis=0)
    t0 = _exit_share(starts, ends, first)
    t1 = 1.0 - _exit_share(ends, starts, second)
    between = ~by_wall & (t1 > t0)
    d = ends[between] - starts[between]
    inner = shapely.linestrings(
        np.stack(
            [starts[between] + t0[between, None] * d, starts[between] + t1[between, None] * d],
            axis=1,
        )
    )
    by_any = np.array(by_wall, dtype=bool)
    by_any[between] = shapely.intersects(creatures_geom, inner)
    n = len(boxes)
    ranks = np.zeros((n, n), dtype=np.int64)
    # first space attacking: its corners are axis 1, so average over the target's (axis 2)
    for rows, cols, axis in (
        (pair_ids[:, 0], pair_ids[:, 1], 2),
        (pair_ids[:, 1], pair_ids[:, 0], 1),
    ):
        wall_hidden = by_wall.reshape(-1, 4, 4).mean(axis=axis)
        any_hidden = by_any.reshape(-1, 4, 4).mean(axis=axis)
        corner_rank = np.maximum(
            _rank(wall_hidden, buckets),
            np.minimum(_rank(any_hidden, buckets), buckets.creature_cap),
        )
        ranks[rows, cols] = corner_rank.min(axis=1)
    return ranks


def _rank(hidden: np.ndarray, buckets: CoverBuckets) -> np.ndarray:
    """The same bucketing as ours: 0 none, one per threshold, the last total."""
    out: np.ndarray = (hidden >= 1.0).astype(np.int64)
    for share in buckets.thresholds:
        out += (hidden >= share).astype(np.int64)
    return out


def baseline_cover(bf: Battlefield, walls_geom: shapely.Geometry) -> Callable[[], np.ndarray]:
    """`prepared_cover` on this battlefield's creatures, inputs made once (walls prepared)."""
    boxes = np.asarray([o.space.bounds() for o in bf.occupants], dtype=np.float64)
    creatures_geom = shapely.multipolygons(
        shapely.box(*(boxes + np.array([1e-6, 1e-6, -1e-6, -1e-6])).T)
    )
    shapely.prepare(creatures_geom)
    c_starts, c_ends, pair_ids = pair_corner_lines(bf)
    return lambda: prepared_cover(c_starts, c_ends, pair_ids, boxes, walls_geom, creatures_geom)


def cold_cover(bf: Battlefield) -> Callable[[], object]:
    """Cover of every pair measured from nothing, on a twin of `bf`'s map (the same walls,
    copied: its own map state), so that forgetting its kept shares leaves `bf`'s alone."""
    twin = Battlefield(bf.bounds, tuple(copy.copy(w) for w in bf.walls), bf.terrain, bf.occupants)

    def cold() -> object:
        forget_kept_shares(twin)
        return cover_table(twin)

    return cold


def by_size(
    sizes: list[int],
    repeats: int,
    walls_geom: shapely.Geometry,
    dense: bool = False,
) -> list[tuple[str, str]]:
    """Cold cover against the baseline at several token counts (the same walls), each pair of
    sides taking turns in every round, and the growth exponent of each side's median against
    the number of ordered pairs. Returns (text line, docs table row) per size and the exponent.
    `dense`: on the dense map (issue 33, budget 0.8 x), with the worst ratio of the rounds."""
    out = []
    pairs: list[float] = []
    ours_med: list[float] = []
    peer_med: list[float] = []
    budget = 0.8 if dense else 0.5
    for n in sizes:
        bf = dense_battlefield(n) if dense else battlefield(tokens=n)
        ours, peer = interleaved_rounds([cold_cover(bf), baseline_cover(bf, walls_geom)], repeats)
        (om, op), (pm, pp) = median_p95(ours), median_p95(peer)
        pairs.append(n * (n - 1))
        ours_med.append(om)
        peer_med.append(pm)
        where = ", dense" if dense else ""
        name = f"cover, {n * (n - 1):,} ordered pairs of {n}{where}, cold"
        figure = f"{om:.2f} ms (p95 {op:.2f}) vs {pm:.2f} ms (p95 {pp:.2f}): {om / pm:.2f} x"
        worst = max(o / p for o, p in zip(ours, peer, strict=True))
        note = f"worst round {worst:.2f} x" if dense else ""
        verdict = "yes" if om / pm <= budget else "NO"
        out.append(
            (
                f"{name}: {figure} (budget <= {budget} x: {verdict}) {note}",
                f"| {name} | ≤ {budget} × | {_miss(om / pm, budget)}"
                f"{figure.replace(' x', ' ×')} | {note.replace(' x', ' ×')} |",
            )
        )
    e_ours, e_peer = exponent(pairs, ours_med), exponent(pairs, peer_med)
    growth = f"ours n^{e_ours:.2f}, baseline n^{e_peer:.2f} (n: ordered pairs)"
    out.append(
        (f"cover, cold: growth {growth}", f"| cover, cold: growth exponent | | {growth} | |")
    )
    return out


# Where a cold table spends its time (`--profile`): (label, module file, function), each the
# function's cumulative time; the sweep and the cone filter are counted over both passes.
STAGES = (
    (
        "walls near each pair (box query, hull band, one-wall separation)",
        "cover_walls.py",
        "_symmetric_candidates",
    ),
    (
        "walls pass: corner rows, cone filter and exact sweep",
        "corner_shares.py",
        "corner_share_rows",
    ),
    (
        "creatures pass (its own cone filter and sweep included)",
        "cover_creatures.py",
        "add_creatures",
    ),
    ("building the results", "cover.py", "_cover_results"),
    ("exact angular sweep, both passes", "box_sweep.py", "_batch"),
    ("cone filter, both passes", "coverage.py", "cone_filter"),
)


def profile_cold(bf: Battlefield, rounds: int) -> list[str]:
    """Each stage's share of a cold table (cProfile over `rounds` tables, `STAGES`)."""
    cold = cold_cover(bf)
    cold()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(rounds):
        cold()
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    cumulative: dict[tuple[str, str], float] = {}
    for (path, _, func), (_, _, _, cum, _) in stats.items():
        key = (Path(path).name, func)
        cumulative[key] = cumulative.get(key, 0.0) + cum
    whole = cumulative[("cover.py", "cover_table")]
    return [
        f"{label} {100 * cumulative.get((module, func), 0.0) / whole:.0f} %"
        for label, module, func in STAGES
    ]


def _miss(ratio: float, budget: float) -> str:
    """The docs table's mark for a ratio over its budget."""
    return "**miss**: " if ratio > budget else ""


def when_and_load() -> str:
    """The UTC time and the load average over 1 and 5 minutes (the machine may be shared)."""
    one, five, _ = os.getloadavg()
    return f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average {one:.2f} (5 min {five:.2f})"


DENSE_SIDE = 60
"""Issue 33's dense case: the same 1,000 free-angle walls on a 60x60 map (2.8 times as many
walls a square), 40 tokens on the middle 30x30."""


def walls_geometry(bf: Battlefield) -> shapely.Geometry:
    """The walls as one prepared `MultiLineString` (the baselines' walls)."""
    segments = np.asarray([[*w.points[0], *w.points[1]] for w in bf.walls], dtype=np.float64)
    walls_geom: shapely.Geometry = shapely.multilinestrings(
        [shapely.linestrings(s.reshape(2, 2)) for s in segments]
    )
    shapely.prepare(walls_geom)
    return walls_geom


def dense_battlefield(tokens: int = TOKENS) -> Battlefield:
    """Issue 33's dense map with `tokens` tokens on its middle 30x30."""
    return battlefield(tokens=tokens, extent=DENSE_SIDE, middle=(15, 45))


def dense_rows(repeats: int) -> list[tuple[str, list[float], list[float], float, str]]:
    """Sight and cold cover on the dense map against their baselines, in the same run."""
    bf = dense_battlefield()
    starts, ends = sight_lines(bf)
    walls_geom = walls_geometry(bf)
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    ours_sight, peer_sight = interleaved_rounds(
        [lambda: lines_of_sight(bf, starts, ends), lambda: shapely.intersects(walls_geom, lines)],
        repeats,
    )
    ours_cold, peer_cover = interleaved_rounds(
        [cold_cover(bf), baseline_cover(bf, walls_geom)], repeats
    )
    where = f"{WALLS:,} free-angle walls on {DENSE_SIDE}x{DENSE_SIDE} (dense, issue 33)"
    return [
        (f"sight, {LINES:,} lines over {where}", ours_sight, peer_sight, 1.0, "dense case"),
        (
            f"cover, {TOKENS * (TOKENS - 1):,} ordered pairs of {TOKENS}, {where}, cold",
            ours_cold,
            peer_cover,
            0.8,
            "dense case, the same baseline",
        ),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument(
        "--markdown", action="store_true", help="print its table's rows (docs/benchmarks.md)"
    )
    add_write_docs_option(parser)
    parser.add_argument(
        "--sizes",
        default="20,40,80",
        help="token counts for the cold cover by size, with its growth exponent ('' for none)",
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="also print where a cold table of 40 spends its time (cProfile over ROUNDS tables)",
    )
    args = parser.parse_args()
    started = when_and_load()
    bf = battlefield()
    starts, ends = sight_lines(bf)
    walls_geom = walls_geometry(bf)
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    baseline = baseline_cover(bf, walls_geom)

    ours_sight = rounds(lambda: lines_of_sight(bf, starts, ends), args.repeats)
    peer_sight = rounds(lambda: shapely.intersects(walls_geom, lines), args.repeats)
    seen = np.asarray(lines_of_sight(bf, starts, ends), dtype=bool)
    agree = int(np.count_nonzero(seen == ~shapely.intersects(walls_geom, lines)))
    cover_rounds = args.repeats
    cold = cold_cover(bf)
    walk = iter(token_walk(bf, cover_rounds + 1))
    ours_cold, ours_moved, ours_cover, peer_cover = interleaved_rounds(
        [
            cold,
            lambda: cover_table(next(walk)),
            lambda: cover_table(bf),
            baseline,
        ],
        cover_rounds,
    )
    ours_degree = cover_table(bf)
    peer_rank = baseline()
    differ = sum(
        ours_degree[a.id, t.id].degree != ORCUS_BUCKETS.ranked_degrees[int(peer_rank[i, j])]
        for i, a in enumerate(bf.occupants)
        for j, t in enumerate(bf.occupants)
        if i != j
    )
    rows = []
    for name, ours, peer, budget, note in (
        (
            f"sight, {LINES:,} lines over {WALLS:,} free-angle walls",
            ours_sight,
            peer_sight,
            0.8,
            f"agree on {agree:,} of {LINES:,}",
        ),
        (
            f"cover, {TOKENS * (TOKENS - 1):,} ordered pairs of {TOKENS}, free-angle walls, cold",
            ours_cold,
            peer_cover,
            0.5,
            f"baseline: 16 corner-to-corner lines per pair, vectorised, prepared walls and "
            f"creatures; degree differs on {differ:,} of {TOKENS * (TOKENS - 1):,} pairs",
        ),
        (
            "cover, the same after one token moved",
            ours_moved,
            peer_cover,
            0.5,
            "shares kept per map state: the pairs the move changed are measured",
        ),
        (
            "cover, the same table again",
            ours_cover,
            peer_cover,
            0.5,
            "every share kept",
        ),
    ):
        rows.append(_row(name, ours, peer, budget, note))
    dense = [_row(*row) for row in dense_rows(args.repeats)]
    print(f"sight and cover vs prepared shapely: {machine_line()}; started {started}")
    for name, om, op, pm, pp, ratio, budget, note in [*rows, *dense]:
        verdict = "yes" if ratio <= budget else "NO"
        print(
            f"  {name}: ours {om:.2f} ms (p95 {op:.2f}), baseline {pm:.2f} ms (p95 {pp:.2f}), "
            f"{ratio:.2f} x (budget <= {budget} x: {verdict}); {note}"
        )
    table = [_table_row(row) for row in rows]
    dense_table = [_table_row(row) for row in dense]
    sizes = [int(v) for v in args.sizes.split(",") if v.strip()]
    if sizes:
        print("  cold cover by size (the same walls; tokens on free squares of the middle 30x30):")
        sized = by_size(sizes, args.repeats, walls_geom)
        print("  cold cover by size on the dense map:")
        dense_sized = by_size(sizes, args.repeats, walls_geometry(dense_battlefield()), dense=True)
        for line in [*sized, *dense_sized]:
            print(f"  {line[0]}")
        table += [line[1] for line in sized]
        dense_table += [line[1] for line in dense_sized]
    if args.profile:
        for field, out in ((bf, table), (dense_battlefield(), dense_table)):
            shares = "; ".join(profile_cold(field, args.profile))
            print(f"  where a cold table of {TOKENS} spends its time (cProfile): {shares}")
            out.append(
                f"| cover, cold: where the time goes (cProfile, {TOKENS} tokens) | | | {shares} |"
            )
    if args.markdown or args.write_docs:
        publish("sight-and-cover", table, write=args.write_docs)
        publish("dense-walls", dense_table, write=args.write_docs)
    print(f"  ended {when_and_load()}")
    return 0


Row = tuple[str, float, float, float, float, float, float, str]


def _row(name: str, ours: list[float], peer: list[float], budget: float, note: str) -> Row:
    """A measure's medians, p95s and ratio; the dense rows note their worst round's ratio."""
    (om, op), (pm, pp) = median_p95(ours), median_p95(peer)
    if "dense" in note:
        worst = max(o / p for o, p in zip(ours, peer, strict=True))
        note = f"{note}; worst round {worst:.2f} x"
    return (name, om, op, pm, pp, om / pm, budget, note)


def _table_row(row: Row) -> str:
    name, om, op, pm, pp, ratio, budget, note = row
    return (
        f"| {name} | ≤ {budget} × | {_miss(ratio, budget)}{om:.2f} ms (p95 {op:.2f}) vs "
        f"{pm:.2f} ms (p95 {pp:.2f}): {ratio:.2f} × | {note.replace(' x', ' ×')} |"
    )


if __name__ == "__main__":
    raise SystemExit(main())
