"""Keep the bulk geometry's short-lived numpy arrays on reused heap pages (glibc only).

The bulk tests (sight lines, cover, fog) make and drop arrays of a few hundred KiB on every
call. glibc serves a block above its mmap threshold (128 KiB until a bigger block is freed)
with fresh pages from the kernel and returns the top of the heap past its trim threshold, so
each call page-faults its arrays in again: that was a third of the time of 10,000 sight lines
over 1,000 walls (`benchmarks/geometry/bench_sight_peers.py`, issue 14). Fixed thresholds keep
blocks up to `MMAP_THRESHOLD` in the heap for reuse and hand memory back past
`TRIM_THRESHOLD`, so the memory kept is bounded. Other C libraries are left alone.

The trim threshold only returns the top of the heap. A big job (the players' fog on a 200x200
map: 10,000 sight pairs and the union of 300 shapes) leaves its freed blocks scattered between
blocks still in use, and the process kept them (29 MB after one fog rebuild, issue 14):
`release_free_heap` hands the free pages back after such a job.
"""

from __future__ import annotations

import ctypes
import functools
import platform

MMAP_THRESHOLD = 4 * 1024 * 1024
TRIM_THRESHOLD = 16 * 1024 * 1024
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


@functools.cache  # platform.libc_ver reads the interpreter's file: once is enough
def _glibc() -> ctypes.CDLL | None:
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


def keep_work_arrays_in_heap() -> bool:
    """Set glibc's thresholds as above; False (nothing done) on any other C library."""
    libc = _glibc()
    if libc is None:
        return False
    set_mmap = libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    set_trim = libc.mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    return bool(set_mmap and set_trim)


def release_free_heap() -> bool:
    """Give the heap's free pages back to the system (glibc `malloc_trim`); a few ms.

    Blocks in use stay where they are: nothing changes for the program but its resident size.
    Returns whether any memory went back (False on any other C library).
    """
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))
