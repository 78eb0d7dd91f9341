"""The `query` command's budget (issue 12): each query within 5 s and 500 MB, worst inputs.

Run: .venv/bin/python benchmarks/cli/bench_query_budget.py [--rounds N] [--side N --walls N]

The encounter: a 200 x 200 map with 5,000 walls (4,000 random free-angle segments 1-6 squares
long, 1,000 straight grid walls up to 30 squares long, a tenth of them doors or windows) and
100 creatures (one gargantuan, one huge, the rest medium) spread over the map, seeded. Each
query runs as its own process, the way a user runs it (`python -m orcus_desktop query ...`),
and is timed from start to exit; its peak memory is the process's maximum resident set
(`os.wait4`). The worst questions are asked: sight and cover from corner to corner and for
the biggest creatures, the cheapest path across the whole map, a burst covering the map.
"distance" is the floor: starting the interpreter and reading the file.
Figures: median and worst of the rounds, against the budget.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "geometry"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/docs_tables.py

from docs_tables import add_write_docs_option, publish
from peers import machine_line

from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.ids import WallId
from orcus_desktop.vocabulary import CreatureId

BUDGET_S = 5.0
BUDGET_MB = 500.0


def budget_encounter(side: int, wall_count: int, seed: int = 12) -> Encounter:
    """The seeded worst-case map (see the module docstring)."""
    rng = np.random.default_rng(seed)
    walls: list[WallEntry] = []
    free = wall_count * 4 // 5
    while len(walls) < wall_count:
        if len(walls) < free:
            x, y = rng.uniform(1, side - 1, 2)
            angle, length = rng.uniform(0, 2 * np.pi), rng.uniform(1, 6)
            end = (x + length * np.cos(angle), y + length * np.sin(angle))
            points = ((float(x), float(y)), (float(end[0]), float(end[1])))
        else:
            x, y = (int(v) for v in rng.integers(0, side, 2))
            length = int(rng.integers(1, 31))
            if rng.random() < 0.5:
                points = ((float(x), float(y)), (float(min(side, x + length)), float(y)))
            else:
                points = ((float(x), float(y)), (float(x), float(min(side, y + length))))
        if not all(0 <= v <= side for p in points for v in p) or points[0] == points[1]:
            continue
        kind = (WallKind.WALL, WallKind.WALL, WallKind.WALL, WallKind.DOOR, WallKind.WINDOW)[
            int(rng.integers(0, 5)) if rng.random() < 0.5 else 0
        ]
        walls.append(WallEntry(WallId(f"wall-{len(walls) + 1}"), Wall(kind, points)))
    creatures = [
        Creature(CreatureId("titan"), "Titan", "monsters", Size.GARGANTUAN, Square(2, 2), 12),
        Creature(
            CreatureId("dragon"), "Dragon", "monsters", Size.HUGE, Square(side - 5, side - 5), 12
        ),
    ]
    taken = {s for c in creatures for s in c.space.squares()}
    while len(creatures) < 100:
        square = Square(*(int(v) for v in rng.integers(0, side, 2)))
        if square in taken:
            continue
        taken.add(square)
        side_name = "heroes" if len(creatures) % 2 else "monsters"
        n = len(creatures)
        creatures.append(
            Creature(CreatureId(f"c{n}"), f"C{n}", side_name, Size.MEDIUM, square, 30)
        )
    return Encounter(
        grid=GridBounds(side, side), name="Budget", creatures=tuple(creatures), walls=tuple(walls)
    )


def queries(path: str, side: int, encounter: Encounter) -> list[tuple[str, list[str]]]:
    far = f"{side - 1},{side - 1}"
    walker = encounter.creatures[2]
    return [
        (
            "distance (start + read: the floor)",
            ["distance", path, "--from", "titan", "--to", "dragon"],
        ),
        ("sight, corner to corner squares", ["sight", path, "--from", "0,0", "--to", far]),
        (
            "sight + cover, gargantuan to huge",
            ["sight", path, "--from", "titan", "--to", "dragon"],
        ),
        (
            "path, speed 30 across the map",
            [
                "path",
                path,
                "--creature",
                walker.id,
                "--to",
                f"{side - 1 - walker.square.col},{side - 1 - walker.square.row}",
            ],
        ),
        (
            "path, gargantuan to the far corner",
            ["path", path, "--creature", "titan", "--to", f"{side - 4},{side - 4}"],
        ),
        (
            f"area, burst {side // 2} over the whole map",
            [
                "area",
                path,
                "--shape",
                "burst",
                "--size",
                str(side // 2),
                "--origin",
                f"{side // 2},{side // 2}",
            ],
        ),
    ]


def run_one(args: list[str]) -> tuple[float, float, int, str]:
    """(seconds, peak MB, exit status, first line of stderr) of one query process."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "orcus_desktop", "query", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert proc.stderr is not None
    err = proc.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return (
        seconds,
        usage.ru_maxrss / 1024,
        proc.returncode,
        err.strip().splitlines()[0] if err.strip() else "",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--side", type=int, default=200)
    parser.add_argument("--walls", type=int, default=5000)
    parser.add_argument(
        "--markdown", action="store_true", help="print its table's rows (docs/benchmarks.md)"
    )
    add_write_docs_option(parser)
    args = parser.parse_args()
    encounter = budget_encounter(args.side, args.walls)
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "budget.orcus")
        Path(path).write_text(json.dumps(encounter_to_dict(encounter)), encoding="utf-8")
        size_kb = Path(path).stat().st_size / 1024
        rows = []
        for name, argv in queries(path, args.side, encounter):
            times, peaks = [], []
            for _ in range(args.rounds):
                seconds, peak, code, err = run_one(argv)
                if code != 0:
                    print(f"  {name}: exit {code}: {err}")
                    return 1
                times.append(seconds)
                peaks.append(peak)
            rows.append((name, float(np.median(times)), max(times), max(peaks)))
    print(
        f"query budget, {args.side}x{args.side} map, {args.walls:,} walls, 100 creatures "
        f"({size_kb:,.0f} KB file), {args.rounds} rounds: {machine_line()}"
    )
    for name, median, worst, peak in rows:
        ok = "yes" if worst <= BUDGET_S and peak <= BUDGET_MB else "NO"
        print(
            f"  {name}: {median:.2f} s median, {worst:.2f} s worst, peak {peak:.0f} MB "
            f"(within {BUDGET_S:g} s / {BUDGET_MB:g} MB: {ok})"
        )
    if args.markdown or args.write_docs:
        table = [
            f"| {name} | {median:.2f} s | {worst:.2f} s | {peak:.0f} MB |"
            for name, median, worst, peak in rows
        ]
        publish("query-budget", table, write=args.write_docs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
