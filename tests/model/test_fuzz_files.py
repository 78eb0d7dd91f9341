"""Fuzzed encounter files (issue 12): every load is a clean refusal or a sound encounter that
saves and reopens, and the CLI answers each with JSON or one line on stderr (exit 2).

A few hundred seeds here; docs/files.md gives the figures of a 10,000-file run
(tests/fuzz_files.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz_files import check, check_cli, mutated_text

SEEDS = range(300)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    folder = tmp_path_factory.mktemp("fuzz")
    tally: dict[str, int] = {}
    for seed in SEEDS:
        path = folder / f"{seed}.json"
        path.write_text(mutated_text(seed), encoding="utf-8")
        outcome = check(path)
        check_cli(path)
        tally[outcome] = tally.get(outcome, 0) + 1
    return tally


def test_every_fuzzed_file_is_refused_cleanly_or_opens_sound(outcomes: dict[str, int]) -> None:
    assert sum(outcomes.values()) == len(SEEDS)
    # The mutations reach both ends: most files are refused, some still open.
    assert outcomes["refused"] > len(SEEDS) / 2
    assert outcomes.get("opened", 0) + outcomes.get("opened-without", 0) > 0


def test_the_mutations_are_seeded(tmp_path: Path) -> None:
    assert mutated_text(7) == mutated_text(7)
    assert mutated_text(7) != mutated_text(8)
