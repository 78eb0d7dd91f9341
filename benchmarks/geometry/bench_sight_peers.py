"""Line of sight and cover on free-angle walls against prepared shapely baselines, one run.

Budgets (docs/design.md#budgets): 10,000 sight lines over 1,000 walls at most 0.8x a prepared
shapely multilinestring `intersects`; cover for every ordered pair of 40 creatures at most 0.5x
the naive prepared computation. Run:

    .venv/bin/python benchmarks/geometry/bench_sight_peers.py [--repeats N] [--markdown]

Walls: 1,000 random free-angle segments 1-4 squares long on a 100x100 map; 40 medium tokens on
free squares of the middle 30x30 (as in bench_geometry.py). Baselines, on the same walls:
- sight: one prepared `MultiLineString` of the walls, `shapely.intersects` against all 10,000
  lines at once (it counts a graze as blocked, which the rules do not, so "agree" is reported);
- cover: for each ordered pair and each of the attacker's 4 corners, the walls the STRtree
  finds in the hull of corner and target, their shadows from the corner unioned, and the share
  of the target's square they hide; the best corner decides. It ignores creatures in between,
  which ours also measures, so the ratio flatters the baseline.
Figures: median and p95 of the rounds, ratio of medians.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_geometry import SIDE
from peers import machine_line, median_p95, rounds

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.cover import cover_table
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.sight import lines_of_sight

LINES = 10_000
WALLS = 1_000
TOKENS = 40
FAR = 1_000.0


def free_walls(rng: np.random.Generator, count: int) -> list[Wall]:
    walls = []
    while len(walls) < count:
        x, y = rng.uniform(1, SIDE - 1, 2)
        angle, length = rng.uniform(0, 2 * np.pi), rng.uniform(1, 4)
        ex, ey = x + length * np.cos(angle), y + length * np.sin(angle)
        if 0 <= ex <= SIDE and 0 <= ey <= SIDE:
            walls.append(Wall(WallKind.WALL, ((float(x), float(y)), (float(ex), float(ey)))))
    return walls


def battlefield(seed: int = 7) -> Battlefield:
    rng = np.random.default_rng(seed)
    walls = free_walls(rng, WALLS)
    occupants: list[Occupant] = []
    taken: set[Square] = set()
    while len(occupants) < TOKENS:
        sq = Square(*(int(v) for v in rng.integers(35, 65, 2)))
        if sq in taken:
            continue
        taken.add(sq)
        side = "heroes" if len(occupants) % 2 else "monsters"
        occupants.append(Occupant(f"t{len(occupants)}", Space(sq, Size.MEDIUM), side, speed=12))
    return Battlefield(GridBounds(SIDE, SIDE), tuple(walls), (), tuple(occupants))


def sight_lines(bf: Battlefield) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    corners = np.asarray([o.space.bounds()[:2] for o in bf.occupants], dtype=np.float64)
    starts = corners[rng.integers(0, len(corners), LINES)] + rng.integers(0, 2, (LINES, 2))
    ends = np.clip(starts + rng.uniform(-20, 20, (LINES, 2)), 0, SIDE)
    return starts, ends


def naive_cover(bf: Battlefield, segments: np.ndarray, tree: shapely.STRtree) -> list[float]:
    """Hidden share of each ordered pair's target from the attacker's best corner (walls only)."""
    shares = []
    for attacker in bf.occupants:
        ax0, ay0, ax1, ay1 = attacker.space.bounds()
        for target in bf.occupants:
            if target is attacker:
                continue
            box = shapely.box(*target.space.bounds())
            area = box.area
            best = 1.0
            for cx, cy in ((ax0, ay0), (ax1, ay0), (ax1, ay1), (ax0, ay1)):
                hull = shapely.convex_hull(shapely.MultiPoint([(cx, cy), *box.exterior.coords]))
                near = segments[tree.query(hull, predicate="intersects")]
                if len(near) == 0:
                    best = 0.0
                    break
                a, b = near[:, :2], near[:, 2:]
                da = a - (cx, cy)
                db = b - (cx, cy)
                fa = a + da / np.maximum(np.hypot(*da.T), 1e-9)[:, None] * FAR
                fb = b + db / np.maximum(np.hypot(*db.T), 1e-9)[:, None] * FAR
                quads = shapely.polygons(np.stack([a, b, fb, fa, a], axis=1))
                shadow = shapely.union_all(shapely.make_valid(quads))
                best = min(best, shapely.intersection(box, shadow).area / area)
                if best == 0.0:
                    break
            shares.append(best)
    return shares


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--markdown", action="store_true", help="README table rows")
    args = parser.parse_args()
    bf = battlefield()
    starts, ends = sight_lines(bf)
    segments = np.asarray([[*w.points[0], *w.points[1]] for w in bf.walls], dtype=np.float64)
    walls_geom = shapely.multilinestrings([shapely.linestrings(s.reshape(2, 2)) for s in segments])
    shapely.prepare(walls_geom)
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    tree = shapely.STRtree(shapely.linestrings(segments.reshape(-1, 2, 2)))

    ours_sight = rounds(lambda: lines_of_sight(bf, starts, ends), args.repeats)
    peer_sight = rounds(lambda: shapely.intersects(walls_geom, lines), args.repeats)
    seen = np.asarray(lines_of_sight(bf, starts, ends), dtype=bool)
    agree = int(np.count_nonzero(seen == ~shapely.intersects(walls_geom, lines)))
    cover_rounds = max(3, args.repeats // 3)
    ours_cover = rounds(lambda: cover_table(bf), cover_rounds)
    peer_cover = rounds(lambda: naive_cover(bf, segments, tree), cover_rounds)

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
            f"cover, {TOKENS * (TOKENS - 1):,} ordered pairs of {TOKENS}, free-angle walls",
            ours_cover,
            peer_cover,
            0.5,
            "baseline: walls only",
        ),
    ):
        (om, op), (pm, pp) = median_p95(ours), median_p95(peer)
        rows.append((name, om, op, pm, pp, om / pm, budget, note))
    print(f"sight and cover vs prepared shapely: {machine_line()}")
    for name, om, op, pm, pp, ratio, budget, note in rows:
        verdict = "yes" if ratio <= budget else "NO"
        print(
            f"  {name}: ours {om:.2f} ms (p95 {op:.2f}), baseline {pm:.2f} ms (p95 {pp:.2f}), "
            f"{ratio:.2f} x (budget <= {budget} x: {verdict}); {note}"
        )
    if args.markdown:
        for name, om, op, pm, pp, ratio, budget, note in rows:
            print(
                f"| {name} | ≤ {budget} × | {om:.2f} ms (p95 {op:.2f}) vs {pm:.2f} ms "
                f"(p95 {pp:.2f}): {ratio:.2f} × | {note} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
