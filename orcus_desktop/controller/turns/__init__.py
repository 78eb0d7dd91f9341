"""Initiative, rounds and turns: the order, turn boundaries, what waits at a turn's end."""
