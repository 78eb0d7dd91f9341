"""Square-grid geometry for the Orcus rules; the only package that imports shapely.

Contract: pure functions and frozen values; no Qt, no document, no I/O. The public API takes and
returns `Square`s, `(x, y)` tuples in grid units, ids and small enums; shapely objects never
leave this package.
"""
