"""Shared builders for controller tests: small encounters, stat blocks, a seeded session."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.history import History
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.ruleset import DEFAULT_RULESET_ID
from orcus_desktop.vocabulary import CreatureId


def make_session(encounter: Encounter, seed: int = 0) -> GameSession:
    doc = Document(encounter)
    return GameSession(doc, History(doc), random.Random(seed))


def saved_and_reopened(session: GameSession, path: Path) -> GameSession:
    """A new session on the encounter saved to `path` and read back (it reads back equal)."""
    save_encounter(path, session.encounter)
    loaded = load_encounter(path)
    assert loaded == session.encounter
    return make_session(loaded)


def fight_started(
    grid: GridBounds,
    creatures: tuple[Creature, ...],
    totals: dict[str, int],
    ruleset_id: str = DEFAULT_RULESET_ID,
) -> GameSession:
    """A session on `creatures` on a `grid` map: initiative rolled as `totals`, combat started."""
    session = make_session(Encounter(grid, creatures=creatures, ruleset_id=ruleset_id))
    assert session.run(initiative.roll_initiative, totals=totals).ok
    assert session.run(initiative.start_combat).ok
    return session


def hero_fights_orc(
    grid: tuple[int, int],
    hero_at: tuple[int, int],
    orc_at: tuple[int, int],
    ruleset_id: str = DEFAULT_RULESET_ID,
) -> GameSession:
    """A fight on a `grid` map (columns, rows): `fighter` "hero" against `orc` "orc".

    Initiative 20 against 10, combat started: the hero's turn.
    """
    return fight_started(
        GridBounds(*grid),
        (fighter("hero", *hero_at), orc("orc", *orc_at)),
        {"hero": 20, "orc": 10},
        ruleset_id,
    )


@pytest.fixture
def duel() -> GameSession:
    """Hero (initiative 20) adjacent to an orc (10); a second orc, "brute", far away (5)."""
    session = fight_started(
        GridBounds(12, 12),
        (fighter("hero", 2, 2), orc("orc", 3, 2), orc("brute", 9, 9)),
        {"hero": 20, "orc": 10, "brute": 5},
    )
    assert session.encounter.combat.current == "hero"
    return session


def conditions_of(session: GameSession, cid: str) -> set[Condition]:
    """The conditions the creature's stored state has (none before its state was made)."""
    state = session.encounter.creature(cid).state
    return {c.condition for c in state.conditions} if state is not None else set()


def creature(cid: str, side: str, col: int, row: int, **kw: Any) -> Creature:
    return Creature(CreatureId(cid), cid.title(), side, square=Square(col, row), **kw)


KNOCKDOWN: dict[str, Any] = {
    "name": "Knockdown Strike",
    "frequency": "encounter",
    "action": "standard",
    "origin": "melee",
    "attack": {"defense": "ac", "ability": "strength"},
    "hit": {
        "damage": "2dW + Strength modifier",
        "conditions": [{"condition": "dazed", "duration": "save_ends"}],
    },
    "keywords": ["weapon"],
}

ARROW: dict[str, Any] = {
    "name": "Arcane Bolt",
    "origin": "ranged",
    "range": {"normal": 10},
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "1d6 + Intelligence modifier"},
}


def pc_block(name: str = "Hero", **changes: Any) -> dict[str, Any]:
    """A level-1 PC: Str 16 (+3), Dex 12 (+1), AC 16, 44 HP, longsword +3 proficiency."""
    data: dict[str, Any] = {
        "name": name,
        "level": 1,
        "role": "pc",
        "side": "heroes",
        "abilities": {"strength": 16, "constitution": 14, "dexterity": 12, "intelligence": 16},
        "defenses": {"ac": 16, "fortitude": 14, "reflex": 12, "will": 11},
        "max_hp": 44,
        "recoveries": 8,
        "action_points": 1,
        "weapons": [{"name": "Longsword", "die": "1d10", "proficiency": 3}],
        "powers": [KNOCKDOWN, ARROW],
    }
    data.update(changes)
    return data


def orc_block(name: str = "Orc", **changes: Any) -> dict[str, Any]:
    """A level-2 monster: Str 16 (+3), AC 15, Fort 15, Ref 12, 30 HP, axe 1d12; dies at 0."""
    data: dict[str, Any] = {
        "name": name,
        "level": 2,
        "role": "monster",
        "side": "monsters",
        "abilities": {"strength": 16, "constitution": 14, "dexterity": 10},
        "defenses": {"ac": 15, "fortitude": 15, "reflex": 12, "will": 11},
        "max_hp": 30,
        "weapons": [{"name": "Axe", "die": "1d12"}],
    }
    data.update(changes)
    return data


def fighter(cid: str, col: int, row: int, **changes: Any) -> Creature:
    return creature(cid, "heroes", col, row, statblock=freeze(pc_block(cid.title(), **changes)))


def orc(cid: str, col: int, row: int, **changes: Any) -> Creature:
    return creature(cid, "monsters", col, row, statblock=freeze(orc_block(cid.title(), **changes)))
