"""The geometry keeps its work arrays on reused heap pages where the C library allows it."""

from __future__ import annotations

import platform

import numpy as np

from orcus_desktop.geometry.walls import SegmentIndex
from orcus_desktop.geometry.work_arrays import keep_work_arrays_in_heap, release_free_heap


def test_the_thresholds_are_set_on_glibc_and_left_alone_elsewhere() -> None:
    glibc = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"
    assert keep_work_arrays_in_heap() is glibc


def test_bulk_sight_lines_answer_the_same_after_the_thresholds_are_set() -> None:
    # Two walls in a cross; lines through the crossing, along a wall, across one, past both.
    index = SegmentIndex.build([((0.0, 2.0), (4.0, 2.0)), ((2.0, 0.0), (2.0, 4.0))])
    starts = np.asarray([[0.0, 0.0], [3.0, 2.0], [3.0, 0.0], [5.0, 0.0]] * 5_000)
    ends = np.asarray([[4.0, 4.0], [4.0, 2.0], [3.0, 4.0], [5.0, 4.0]] * 5_000)
    keep_work_arrays_in_heap()
    blocked = index.lines_blocked(starts, ends)
    assert blocked.tolist() == [True, False, True, False] * 5_000


def test_free_heap_pages_go_back_after_a_big_job_and_the_arrays_in_use_stay() -> None:
    glibc = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"
    keep_work_arrays_in_heap()
    # Many blocks below the mmap threshold, every other one freed: holes inside the heap.
    blocks = [np.full(40_000, float(i)) for i in range(400)]
    kept = blocks[::2]
    del blocks
    assert release_free_heap() is glibc
    assert [float(b[-1]) for b in kept] == [float(i) for i in range(0, 400, 2)]
