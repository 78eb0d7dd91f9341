"""Sight on absurd but valid walls stays bounded (issue 29).

Before: 20,000 copies of one wall on a 4 x 3 grid made `query sight` take 39.5 s and 4.56 GB
(GEOS overlays collinear pieces pair by pair); 4,000 copies took 54 s. Collinear pieces are
merged into straight runs before noding, so copies and overlaps cost what one wall costs.
"""

from __future__ import annotations

import time

import numpy as np

from orcus_desktop.geometry.wall_runs import collinear_runs, count_crossings
from orcus_desktop.geometry.walls import SegmentIndex, node_segments


def test_copies_of_one_wall_node_to_one_segment_quickly() -> None:
    copies = [((1.0, 1.0), (2.0, 2.0))] * 4_000
    start = time.perf_counter()
    index = SegmentIndex.build(copies)
    assert len(index) == 1
    assert index.runs.tolist() == [[1.0, 1.0, 2.0, 2.0]]
    assert time.perf_counter() - start < 10  # issue 29: within 10 s (about 1 s unloaded)


def test_overlapping_pieces_of_one_line_merge_into_their_union() -> None:
    pieces = [((i * 1e-3, 1.0), (2.0 + i * 1e-3, 1.0)) for i in range(2_000)]
    start = time.perf_counter()
    noded = node_segments(pieces)
    assert time.perf_counter() - start < 10  # issue 29: within 10 s (about 1 s unloaded)
    assert noded.tolist() == [[0.0, 1.0, 2.0 + 1999e-3, 1.0]]


def test_runs_keep_apart_what_only_lies_on_one_line() -> None:
    raw = np.asarray([[0, 0, 1, 0], [2, 0, 3, 0], [1, 0, 2, 0], [5, 5, 4, 4]], dtype=np.float64)
    runs, run_of, _ = collinear_runs(raw)
    assert sorted(runs.tolist()) == [[0.0, 0.0, 3.0, 0.0], [4.0, 4.0, 5.0, 5.0]]
    assert run_of[0] == run_of[1] == run_of[2] != run_of[3]


def test_crossings_count_cuts_not_meetings() -> None:
    cross = [[0, 1, 4, 1], [2, 0, 2, 3]]  # an X: one crossing
    tee = [[0, 1, 4, 1], [2, 1, 2, 3]]  # a T: the top is cut
    corner = [[0, 1, 4, 1], [4, 1, 4, 3]]  # an L: walls meeting end to end
    copies = [[0, 0, 1, 1]] * 50  # one line: nothing cut
    assert [count_crossings(np.asarray(s, dtype=np.float64), 100) for s in (cross, tee)] == [1, 1]
    assert count_crossings(np.asarray(corner, dtype=np.float64), 100) == 0
    assert count_crossings(np.asarray(copies, dtype=np.float64), 100) == 0


def test_counting_crossings_stops_soon_past_the_limit() -> None:
    rng = np.random.default_rng(1)
    chaos = rng.uniform(0, 4, size=(20_000, 4))  # long random walls on a 4 x 4 map
    start = time.perf_counter()
    assert count_crossings(chaos, 10_000) > 10_000
    assert time.perf_counter() - start < 10  # issue 29: within 10 s (about 1 s unloaded)
