"""Many sight questions at once stay within a bounded working memory (issue 14).

The players' fog asks whether each of their creatures sees each other creature: 100 heroes
and 100 monsters are 10,000 questions, which took 300 MB of work arrays in one call, then
24 MB in batches of 1,000 with every answer's rows kept to the end, and now 6 MB: batches of
250, each batch's rows dropped once answered.
"""

from __future__ import annotations

import random
import tracemalloc

from orcus_desktop.geometry.grid import Size, Space, Square
from orcus_desktop.geometry.sight import spaces_see_spaces
from tests.geometry.builders import field
from tests.geometry.builders import wall as make_wall


def test_ten_thousand_sight_questions_use_less_than_10_mb() -> None:
    rng = random.Random(5)
    walls = []
    for _ in range(800):
        x, y = rng.randrange(100), rng.randrange(100)
        walls.append(make_wall((x, y), (x + rng.randint(1, 3), y)))
    bf = field(110, 110, walls)
    squares = rng.sample([Square(c, r) for c in range(100) for r in range(100)], 200)
    heroes = [Space(s, Size.MEDIUM) for s in squares[:100]]
    monsters = [Space(s, Size.MEDIUM) for s in squares[100:]]
    pairs = [(h, m) for m in monsters for h in heroes]
    tracemalloc.start()
    try:
        seen = spaces_see_spaces(bf, pairs)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(seen) == 10_000
    assert any(seen)
    assert not all(seen)
    assert peak < 10e6
