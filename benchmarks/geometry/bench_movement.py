"""Movement preview against a plain flood fill over the same costs, in the same run.

Run: .venv/bin/python benchmarks/geometry/bench_movement.py [--quick]

The map is `bench_geometry.scenario()` (100 x 100, 1,000 grid walls, 40 tokens). Ours is
`reachable_squares` with its per-map masks warm (as in a drag, where the preview repeats). The
peer is a 30-line pure-Python Dijkstra flood over the same step rules and costs, read from the
same masks turned into Python lists once (not timed). Both must give the same squares and costs.
Per speed: the median and p95 of the rounds, the ratio of the medians, and the growth exponent
of each against the number of squares in reach.
"""

from __future__ import annotations

import argparse
import heapq
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_geometry import scenario
from peers import exponent, fmt_ms, machine_line, median_p95, rounds

from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.movement import STEPS, _plan, reachable_squares


def flood_input(bf: Battlefield, mover_id: str) -> tuple[list[list[list[bool]]], ...]:
    """The same masks as plain nested lists: step_ok[k][r][c], pass_ok, end_ok, extra[k]."""
    plan = _plan(bf, bf.occupant(mover_id))
    return plan.step_ok.tolist(), plan.pass_ok.tolist(), plan.end_ok.tolist(), plan.extra.tolist()


def flood(
    masks: tuple[list[list[list[bool]]], ...], start: Square, budget: int
) -> dict[Square, int]:
    """Plain Dijkstra flood: every square reachable within `budget`, with its cost."""
    step_ok, pass_ok, end_ok, extra = masks
    rows, cols = len(pass_ok), len(pass_ok[0])
    best = {(start.row, start.col): 0}
    heap = [(0, start.row, start.col)]
    while heap:
        cost, r, c = heapq.heappop(heap)
        if cost > best[(r, c)]:
            continue
        for k, (dc, dr) in enumerate(STEPS):
            if not step_ok[k][r][c]:
                continue
            tr, tc = r + dr, c + dc
            if not (0 <= tr < rows and 0 <= tc < cols) or not pass_ok[tr][tc]:
                continue
            new = cost + 1 + extra[k][tr][tc]
            if new <= budget and new < best.get((tr, tc), budget + 1):
                best[(tr, tc)] = new
                heapq.heappush(heap, (new, tr, tc))
    out = {Square(c, r): v for (r, c), v in best.items() if end_ok[r][c]}
    out[start] = 0
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args(argv)
    repeats = 10 if args.quick else 40
    print(machine_line())
    bf = scenario()
    mover = bf.occupants[0]
    masks = flood_input(bf, mover.id)
    print("speed | squares | ours median / p95 ms | flood median / p95 ms | ratio")
    sizes, ours_med, flood_med = [], [], []
    for speed in (6, 12, 24):
        ours = reachable_squares(bf, mover.id, speed)
        plain = flood(masks, mover.square, speed)
        assert ours == plain, f"speed {speed}: the flood and the preview disagree"
        o_med, o_p95 = median_p95(rounds(partial(reachable_squares, bf, mover.id, speed), repeats))
        f_med, f_p95 = median_p95(rounds(partial(flood, masks, mover.square, speed), repeats))
        sizes.append(len(ours))
        ours_med.append(o_med)
        flood_med.append(f_med)
        print(
            f"{speed:>5} | {len(ours):>7} | {fmt_ms(o_med):>6} / {fmt_ms(o_p95):>6} "
            f"| {fmt_ms(f_med):>6} / {fmt_ms(f_p95):>6} | {o_med / f_med:.2f} x"
        )
    print(
        f"growth exponent against squares in reach: ours n^{exponent(sizes, ours_med):.2f}, "
        f"flood n^{exponent(sizes, flood_med):.2f}"
    )
    first, plain_times = first_after_a_move(bf, repeats)
    (o_med, o_p95), (f_med, f_p95) = median_p95(first), median_p95(plain_times)
    print(
        f"first preview after another token moved (speed 12): ours {fmt_ms(o_med)} / "
        f"{fmt_ms(o_p95)}, flood {fmt_ms(f_med)} / {fmt_ms(f_p95)}, {o_med / f_med:.2f} x "
        "(issue 33: at most 1.0 x)"
    )
    return 0


def first_after_a_move(bf: Battlefield, repeats: int) -> tuple[list[float], list[float]]:
    """Issue 33: the first preview on a new battlefield (another token stepped a square; the
    map's masks are kept, the mover's plan is not), and the flood's time, taking turns."""
    mover = bf.occupants[0]
    masks = flood_input(bf, mover.id)
    ours: list[float] = []
    plain: list[float] = []
    occupants = list(bf.occupants)
    other = len(occupants) - 1
    for k in range(repeats):
        step = Square(
            occupants[other].square.col + (1 if k % 2 == 0 else -1), occupants[other].square.row
        )
        occupants[other] = occupants[other].moved_to(step)
        moved = bf.with_occupants(occupants)
        t0 = time.perf_counter()
        reachable_squares(moved, mover.id, 12)
        ours.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        flood(masks, mover.square, 12)
        plain.append((time.perf_counter() - t0) * 1000)
    return ours, plain


if __name__ == "__main__":
    raise SystemExit(main())
