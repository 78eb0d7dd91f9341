"""Qt-free use cases: the only writer of the document. Must not import Qt or shapely."""
