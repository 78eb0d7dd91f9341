"""Pure Orcus rules. Must not import Qt, shapely or the document, or perform I/O."""
