"""Lighting a map against the same number of visibility polygons, in the same run (issue 20).

Budgets (docs/design.md#budgets): lighting 50 torches (bright 4, dim 8) on a 100x100 map with
1,000 free-angle walls, from cold (no light cached), at most 1.5x the cost of 50 visibility
polygons from the same points over the whole map; re-lighting after one torch moved (a drag
step: 49 lights cached, one worked out, all combined) at most 1.5x one visibility polygon.
Run:

    .venv/bin/python benchmarks/geometry/bench_lighting.py [--repeats N] [--lights N]
        [--walls N] [--markdown]

Walls: random free-angle segments 1-4 squares long (as bench_sight_peers.py); lights on random
squares of the map, the ambient light dark. Ours: `lighting.light_levels` on a battlefield whose
light cache was emptied (every light: a visibility sweep clipped to its radius, then the lit
square centres). Peer: `visibility.visibility_polygon_array` from each light's centre over the
whole map on the same wall index, as the fog of war computes it. Figures: median and p95 of the
rounds, ratio of medians.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/docs_tables.py

from bench_geometry import SIDE
from bench_sight_peers import free_walls
from docs_tables import add_write_docs_option, publish
from peers import machine_line, median_p95, rounds

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.light import Illumination, LightArea, LightingScene
from orcus_desktop.geometry.lighting import forget_lights, light_levels
from orcus_desktop.geometry.visibility import visibility_polygon_array

COLD_BUDGET = 1.5
MOVE_BUDGET = 1.5


def lit_map(lights: int, walls: int, seed: int = 7) -> Battlefield:
    rng = np.random.default_rng(seed)
    areas = tuple(
        LightArea(Space(Square(int(c), int(r)), Size.MEDIUM), bright=4, dim=8)
        for c, r in rng.integers(0, SIDE, (lights, 2))
    )
    return Battlefield(
        GridBounds(SIDE, SIDE),
        tuple(free_walls(rng, walls)),
        lighting=LightingScene(Illumination.DARK, areas),
    )


def cold_light(bf: Battlefield) -> object:
    forget_lights(bf)
    return light_levels(replace(bf))  # a new value: its own per-battlefield cache is empty


def polygons(bf: Battlefield, centres: list[tuple[float, float]]) -> object:
    index = bf.sight_index
    return [visibility_polygon_array(c, index, bf.map_box()) for c in centres]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--lights", type=int, default=50)
    parser.add_argument("--walls", type=int, default=1000)
    parser.add_argument(
        "--markdown", action="store_true", help="print its table's rows (docs/benchmarks.md)"
    )
    add_write_docs_option(parser)
    args = parser.parse_args(argv)
    bf = lit_map(args.lights, args.walls)
    scene = bf.lighting
    assert scene is not None
    centres = [(a.space.origin.col + 0.5, a.space.origin.row + 0.5) for a in scene.lights]
    _ = bf.sight_index  # built once per map, as the app does (not measured)

    ours_cold = rounds(lambda: cold_light(bf), args.repeats)
    peer_cold = rounds(lambda: polygons(bf, centres), args.repeats)

    light_levels(bf)  # every light cached
    step = [0]

    def moved() -> object:
        # one torch-bearer steps a square further each round (a drag), the rest stay cached
        step[0] += 1
        first = scene.lights[0]
        origin = first.space.origin
        space = Space(Square((origin.col + step[0]) % SIDE, origin.row), Size.MEDIUM)
        lights = (replace(first, space=space), *scene.lights[1:])
        return light_levels(replace(bf, lighting=replace(scene, lights=lights)))

    ours_move = rounds(moved, args.repeats)
    peer_one = rounds(lambda: polygons(bf, centres[:1]), args.repeats)

    rows = []
    for name, ours, peer, budget in (
        (
            f"light {args.lights} torches, {args.walls:,} walls, cold, vs {args.lights} polygons",
            ours_cold,
            peer_cold,
            COLD_BUDGET,
        ),
        ("re-light after one torch moved, vs one polygon", ours_move, peer_one, MOVE_BUDGET),
    ):
        (om, op), (pm, pp) = median_p95(ours), median_p95(peer)
        rows.append((name, om, op, pm, pp, om / pm, budget))
    print(f"lighting vs visibility polygons: {machine_line()}")
    for name, om, op, pm, pp, ratio, budget in rows:
        verdict = "yes" if ratio <= budget else "NO"
        print(
            f"  {name}: ours {om:.2f} ms (p95 {op:.2f}), polygons {pm:.2f} ms (p95 {pp:.2f}), "
            f"{ratio:.2f} x (budget <= {budget} x: {verdict})"
        )
    if args.markdown or args.write_docs:
        table = [
            f"| {name} | ≤ {budget} × | {om:.2f} ms (p95 {op:.2f}) vs {pm:.2f} ms "
            f"(p95 {pp:.2f}): {ratio:.2f} × | |"
            for name, om, op, pm, pp, ratio, budget in rows
        ]
        publish("lighting", table, write=args.write_docs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
