"""The light worked out while a file is read is the light the window shows (R-253).

000 "Vision and Light": walls block light. The reading thread works out every light among the
walls; the battlefield the window builds next finds it done (no light worked out again) and
gets the same levels as a map worked out from nothing.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from orcus_desktop.controller.battlefield_builder import battlefield_for, work_out_light
from orcus_desktop.geometry import lighting
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.ids import LightId, WallId
from orcus_desktop.model.lighting import Lighting, LightSource
from orcus_desktop.model.progress import ReadCancelledError
from tests.controller.conftest import fighter, make_session


def dark_map_with_torches() -> Encounter:
    rng = random.Random(253)
    walls = tuple(
        WallEntry(
            WallId(f"w{i}"),
            Wall(WallKind.WALL, ((x := rng.uniform(1, 39), y := rng.uniform(1, 39)), (x + 3, y))),
        )
        for i in range(60)
    )
    torches = tuple(
        LightSource(LightId(f"t{i}"), "Torch", Square(rng.randrange(40), rng.randrange(40)), 2, 5)
        for i in range(30)
    )
    lit = Lighting(Illumination.DARK, torches)
    return Encounter(
        GridBounds(40, 40), walls=walls, creatures=(fighter("hero", 1, 1),), lighting=lit
    )


def test_the_window_finds_the_light_done_and_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = dark_map_with_torches()
    rules = make_session(encounter).rules
    # The same map from nothing: walls of its own, so nothing worked out is shared.
    fresh = dark_map_with_torches()
    assert fresh == encounter
    expected = lighting.light_levels(battlefield_for(fresh, rules))
    assert (expected == Illumination.DARK).any()
    assert (expected == Illumination.BRIGHT).any()

    work_out_light(encounter)
    worked: list[object] = []
    real = lighting._lit_patch

    def counted(*args: Any) -> Any:
        worked.append(args)
        return real(*args)

    monkeypatch.setattr(lighting, "_lit_patch", counted)
    shown = lighting.light_levels(battlefield_for(encounter, rules))
    assert worked == []
    assert np.array_equal(shown, expected)


def test_cancel_stops_working_out_the_light() -> None:
    encounter = dark_map_with_torches()
    with pytest.raises(ReadCancelledError):
        work_out_light(encounter, lambda _label, _done: False)
