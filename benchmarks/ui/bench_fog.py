"""Fog-of-war benchmark: the players' view rebuilt after each hero move.

Times, from a document change to new fog and tokens on the players' scene, 60 moves of one hero
on the demo and on a 100 x 100 map with 1,000 random walls (the geometry benchmark's seed 7),
4 heroes and 36 monsters. Runs offscreen:

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui/bench_fog.py
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "geometry"))

import numpy as np
from bench_geometry import random_walls
from PySide6.QtWidgets import QApplication

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.views.vision import player_vision
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.vocabulary import CreatureId

app = QApplication([])
rules = CombatRules(random.Random(0), ORCUS)


def big() -> Encounter:
    rng = np.random.default_rng(7)
    walls = random_walls(rng, 1000)
    creatures: list[Creature] = []
    taken: set[Square] = set()
    while len(creatures) < 40:
        sq = Square(*(int(v) for v in rng.integers(35, 65, 2)))
        if sq in taken:
            continue
        taken.add(sq)
        side = "heroes" if len(creatures) < 4 else "monsters"
        creatures.append(
            Creature(CreatureId(f"t{len(creatures)}"), f"T{len(creatures)}", side, square=sq)
        )
    return Encounter(
        GridBounds(100, 100),
        walls=tuple(WallEntry(WallId(f"w{i}"), w) for i, w in enumerate(walls)),
        creatures=tuple(creatures),
    )


def measure(name: str, enc: Encounter, hero: str) -> None:
    doc = Document(enc)
    scene = MapScene(doc, rules=rules, gm=False)
    fog = PlayerFog(scene, rules)
    times_q: list[float] = []
    times_r: list[float] = []
    h = enc.creature(hero)
    for i in range(60):
        e = doc.encounter
        moved = h.moved_to(Square(h.square.col + (i % 3), h.square.row))
        t0 = time.perf_counter()
        player_vision(e.with_creature(moved), rules)
        times_q.append((time.perf_counter() - t0) * 1000)
        doc.replace(e.with_creature(moved))  # a move, as a command would
        t0 = time.perf_counter()
        fog.rebuild()
        times_r.append((time.perf_counter() - t0) * 1000)

    def p(ts: list[float]) -> str:
        ts = sorted(ts[5:])
        return f"median {statistics.median(ts):.2f} ms, p95 {ts[int(len(ts) * 0.95) - 1]:.2f} ms"

    vision = fog.vision
    assert vision is not None, "the fog was built"
    print(
        f"{name}: query {p(times_q)}; whole rebuild (query + path + items) {p(times_r)}; "
        f"{len(vision.pieces)} pieces, {sum(len(piece) for piece in vision.pieces)} vertices, "
        f"{len(vision.seen)} seen"
    )
    fog.detach()
    scene.detach()


measure("demo (20x15, 10 walls, 4 heroes)", load_encounter(demo_encounter_path()), "brakka")
measure("100x100, 1,000 walls, 4 heroes, 36 monsters", big(), "t0")
