"""Where a creature may stand and how it walks: previews, reachable squares, moves."""
