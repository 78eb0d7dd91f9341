"""Shared builders for controller tests: small encounters and a session with a seeded RNG."""

from __future__ import annotations

import random

from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import CreatureId


def make_session(encounter: Encounter, seed: int = 0) -> GameSession:
    doc = Document(encounter)
    return GameSession(doc, History(doc), random.Random(seed))


def creature(cid: str, side: str, col: int, row: int, **kw: object) -> Creature:
    return Creature(CreatureId(cid), cid.title(), side, square=Square(col, row), **kw)  # type: ignore[arg-type]
