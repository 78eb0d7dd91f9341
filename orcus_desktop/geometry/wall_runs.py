"""Straight runs of wall segments, and how often walls cross: what keeps noding bounded.

Noding (`walls.node_segments`) splits every segment where another crosses it. Two cases make it
explode on absurd maps (issue 29): thousands of segments on one line (GEOS overlays them pair by
pair: 20,000 copies of one wall took a minute and 4 GB), and thousands of crossings (each one a
new piece: 1,000 random walls on a 4 x 3 grid cross 235,000 times). `collinear_runs` merges the
first case away before noding; `count_crossings` lets the file limits refuse the second.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_CHUNK = 64
"""Segments queried at once when counting crossings: bounds the candidate pairs held."""


def collinear_runs(raw: FloatArray) -> tuple[FloatArray, IntArray, FloatArray]:
    """Merge segments that lie on one line and touch or overlap into runs.

    Args:
        raw: (n, 4) segments (ax, ay, bx, by) of non-zero length.

    Returns:
        The runs (m, 4), for each input segment the index of its run, and the input segments
        oriented (the lexicographically smaller end first).
    """
    if not len(raw):
        return np.empty((0, 4), dtype=np.float64), np.empty(0, dtype=np.int64), raw
    r, ux, uy, off = _keyed(raw)
    ta = ux * r[:, 0] + uy * r[:, 1]
    tb = ux * r[:, 2] + uy * r[:, 3]
    order = np.lexsort((ta, off, uy, ux))
    run_of = np.empty(len(r), dtype=np.int64)
    runs: list[list[float]] = []
    key: tuple[float, float, float] | None = None
    reach = 0.0
    rl, ul, vl, ol, tal, tbl = (
        r.tolist(),
        ux.tolist(),
        uy.tolist(),
        off.tolist(),
        ta.tolist(),
        tb.tolist(),
    )
    for i in order.tolist():
        k = (ul[i], vl[i], ol[i])
        if k == key and tal[i] <= reach:
            if tbl[i] > reach:
                reach = tbl[i]
                runs[-1][2:] = rl[i][2:]
        else:
            key, reach = k, tbl[i]
            runs.append(list(rl[i]))
        run_of[i] = len(runs) - 1
    return np.asarray(runs, dtype=np.float64), run_of, r


def _keyed(raw: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """The segments oriented (lexicographically smaller end first) and their lines' keys.

    A line's key is exact: its direction scaled to max-norm 1 (ux, uy) and its offset.
    """
    swap = (raw[:, 0] > raw[:, 2]) | ((raw[:, 0] == raw[:, 2]) & (raw[:, 1] > raw[:, 3]))
    r = np.where(swap[:, None], raw[:, [2, 3, 0, 1]], raw)
    dx, dy = r[:, 2] - r[:, 0], r[:, 3] - r[:, 1]
    scale = np.maximum(np.abs(dx), np.abs(dy))
    ux, uy = dx / scale, dy / scale
    off = ux * r[:, 1] - uy * r[:, 0]
    return r, ux, uy, off


def line_keys(raw: FloatArray) -> FloatArray:
    """(n, 3) per segment, the exact key of its line that `collinear_runs` groups by."""
    _, ux, uy, off = _keyed(raw)
    return np.stack([ux, uy, off], axis=1)


def on_lines(keys: FloatArray, lines: FloatArray) -> npt.NDArray[np.bool_]:
    """Per key of `keys`, whether it is one of `lines` (keys from `line_keys`)."""
    out = np.zeros(len(keys), dtype=np.bool_)
    for a, b, c in {(float(a), float(b), float(c)) for a, b, c in lines.tolist()}:
        out |= (keys[:, 0] == a) & (keys[:, 1] == b) & (keys[:, 2] == c)
    return out


def count_crossings(segments: FloatArray, most: int) -> int:
    """How many times the segments cut one another, counted up to `most` + 1.

    A crossing is a point two segments share that is not an end of both (noding splits one of
    them there); walls meeting end to end do not cross. Collinear pieces are merged first.
    Memory stays bounded: candidates are found `_CHUNK` segments at a time, and counting stops
    past `most`.
    """
    raw = np.asarray(segments, dtype=np.float64).reshape(-1, 4)
    raw = raw[np.any(raw[:, :2] != raw[:, 2:], axis=1)]
    runs, _, _ = collinear_runs(raw)
    if len(runs) < 2:
        return 0
    # Imported here: the model checks walls through this module, and importing the model must
    # not load shapely (tests/test_architecture.py); a map with walls needs it anyway.
    import shapely

    boxes = shapely.box(
        np.minimum(runs[:, 0], runs[:, 2]),
        np.minimum(runs[:, 1], runs[:, 3]),
        np.maximum(runs[:, 0], runs[:, 2]),
        np.maximum(runs[:, 1], runs[:, 3]),
    )
    tree = shapely.STRtree(boxes)
    found = 0
    for start in range(0, len(runs), _CHUNK):
        # boxes only (no GEOS predicate per pair): the exact test is vectorised below
        mine, other = tree.query(boxes[start : start + _CHUNK])
        mine = mine + start
        later = other > mine
        found += _crossing(runs[mine[later]], runs[other[later]])
        if found > most:
            break
    return found


def _crossing(one: FloatArray, two: FloatArray) -> int:
    """How many pairs meet at a point that is not an end of both (one of them is split)."""

    def side(seg: FloatArray, x: FloatArray, y: FloatArray) -> FloatArray:
        return (seg[:, 2] - seg[:, 0]) * (y - seg[:, 1]) - (seg[:, 3] - seg[:, 1]) * (
            x - seg[:, 0]
        )

    c, d = side(one, two[:, 0], two[:, 1]), side(one, two[:, 2], two[:, 3])
    a, b = side(two, one[:, 0], one[:, 1]), side(two, one[:, 2], one[:, 3])
    meet = (c * d <= 0) & (a * b <= 0) & ~((c == 0) & (d == 0))  # collinear: merged runs
    splits_one = (a != 0) & (b != 0)  # neither end of `one` lies on `two`: it is cut inside
    splits_two = (c != 0) & (d != 0)
    return int(np.count_nonzero(meet & (splits_one | splits_two)))
