"""Square-grid geometry for the Orcus rules; the only package that imports shapely.

Contract: pure functions and frozen values; no Qt, no document, no I/O. The public API takes and
returns `Square`s, `(x, y)` tuples in grid units, ids and small enums; shapely objects never
leave this package (`visibility.visibility_oracle`, for tests, is the one exception).

Modules:
    grid: squares, sizes, spaces, adjacency, distance.
    features: walls (wall/window/door) and terrain patches as plain values.
    walls: blocking segments, noding, the exact line test and its grazing rule.
    battlefield: `Battlefield` (map + occupants) with indexes shared per map state.
    visibility: visibility polygons (fog of war) and the slow shapely oracle.
    coverage: the batched exact "how much of this box does that point see" engine.
    sight: line of sight/effect between spaces, cover, concealment.
    areas: burst, arc and wall areas and the creatures they affect; nearest.
    movement: step rules, cheapest paths, reachable squares, provoked enemies.
    forced: push, pull and slide destinations.
    flanking: who flanks whom.
"""
