"""Square-grid geometry for the Orcus rules; the only package that imports shapely.

Contract: pure functions and frozen values; no Qt, no document, no I/O. The public API takes and
returns `Square`s, `(x, y)` tuples in grid units, ids and small enums; shapely objects never
leave this package (`visibility.visibility_oracle`, for tests, is the one exception).

Modules:
    grid: squares, sizes, spaces, adjacency, distance.
    features: walls (wall/window/door) and terrain patches as plain values.
    walls: blocking segments, noding, the wall index and the bulk line test.
    line_touches: the grazing rule where a line touches the walls.
    battlefield: `Battlefield` (map + occupants) with indexes shared per map state.
    visibility: visibility polygons (fog of war) and the slow shapely oracle.
    coverage: "how much of this box does that point see": the cheap filters, in batches.
    box_sweep: the exact angular sweep behind `coverage`.
    corner_shares: the share of a target box each corner of a viewer's space sees.
    sight: line of sight/effect between spaces, concealment.
    cover: cover degrees for one pair or all pairs at once.
    areas: burst, arc and wall areas and the creatures they affect; nearest.
    movement: step rules, cheapest paths, reachable squares, provoked enemies.
    forced: push, pull and slide destinations.
    flanking: who flanks whom.
    work_arrays: keeps the bulk tests' numpy arrays on reused heap pages (set on import).
"""

from orcus_desktop.geometry.work_arrays import keep_work_arrays_in_heap

keep_work_arrays_in_heap()
