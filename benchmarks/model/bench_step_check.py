"""The check every committed step passes (issue 29), against the loader's whole check.

Run: .venv/bin/python benchmarks/model/bench_step_check.py

`GameSession._apply` refuses a step whose snapshot the file would not reopen
(`model/invariants.py::step_problem`), checking only what the step changed. The map is the drag
benchmark's (100x100, 200 tokens, 1,000 walls; benchmarks/ui/bench_drag.py), with an empty and a
5,000-entry log; the step is a walk of one token logged in the combat, as a drag's release
commits. Printed: the median of the step check and of the whole check (`encounter_problems`,
what a file's load runs), in milliseconds; the drag budget is 8 ms a frame (docs/design.md).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from bench_drag import DRAGGER, build_encounter

from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import encounter_problems, step_problem
from orcus_desktop.vocabulary import CreatureId


def _median_ms(run: Callable[[], object], rounds: int = 40) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _walked(before: Encounter) -> Encounter:
    """The dragged hero one square on, the walk logged (what a drag's release commits)."""
    hero = before.creature("dragger")
    after = before.with_creature(hero.moved_to(DRAGGER.offset(1, 0)))
    return after.with_combat(after.combat.logged("move", actor=CreatureId("dragger")))


def _all_problems(encounter: Encounter) -> list[str]:
    return list(encounter_problems(encounter))


def main() -> int:
    for log in (0, 5000):
        before = build_encounter(1, log)
        after = _walked(before)
        assert not step_problem(before, after)
        step = _median_ms(partial(step_problem, before, after))
        whole = _median_ms(partial(_all_problems, after))
        print(f"log {log:>5}: step check {step:6.2f} ms, whole check {whole:6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
