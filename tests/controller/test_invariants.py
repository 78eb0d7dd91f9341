"""Hypothesis invariants over random GM command sequences (docs/design.md#testing).

Undo of everything returns the exact first snapshot, redo of everything the exact last one,
and the last snapshot survives a save/load round trip (docs/design.md#dice: "undo/redo and reload
reproduce the same state").
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.serialization import encounter_from_dict, encounter_to_dict
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.vocabulary import CreatureId, MoveMode
from tests.controller.conftest import fighter, make_session, orc

IDS = ("hero", "orc", "brute")
squares = st.builds(Square, st.integers(0, 7), st.integers(0, 7))
placements = st.lists(
    st.tuples(
        st.sampled_from([Size.TINY, Size.MEDIUM, Size.LARGE]),
        st.integers(0, 5),
        st.integers(0, 5),
    ),
    min_size=1,
    max_size=6,
)


def placed_creatures(placed: list[tuple[Size, int, int]]) -> tuple[Creature, ...]:
    """Creatures c0, c1... of the sizes and squares drawn."""
    return tuple(
        Creature(CreatureId(f"c{i}"), f"C{i}", "x", size=size, square=Square(c, r))
        for i, (size, c, r) in enumerate(placed)
    )


commands = st.one_of(
    st.tuples(st.just("move"), st.sampled_from(IDS), squares, st.sampled_from(list(MoveMode))),
    st.tuples(st.just("attack"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("end_turn")),
    st.tuples(st.just("terrain"), st.sampled_from(list(TerrainKind)), squares, st.booleans()),
    st.tuples(st.just("wall"), st.integers(1, 7)),
    st.tuples(st.just("condition"), st.sampled_from(IDS), st.sampled_from(list(Condition))),
    st.tuples(st.just("damage"), st.sampled_from(IDS), st.integers(0, 40)),
    st.tuples(st.just("delay")),
)


def _run(session: GameSession, command: tuple[object, ...]) -> None:
    kind = command[0]
    if kind == "move":
        session.move_creature(command[1], command[2], command[3])  # type: ignore[arg-type]
    elif kind == "attack":
        session.run(attacks.basic_attack, command[1], command[2])  # type: ignore[arg-type]
    elif kind == "end_turn":
        session.end_turn()
    elif kind == "terrain":
        session.run(editing.paint_terrain, command[1], [command[2]], erase=command[3])  # type: ignore[arg-type, list-item]
    elif kind == "wall":
        x = command[1]
        session.run(editing.add_wall, Wall(WallKind.WALL, ((x, 0), (x, 3))))  # type: ignore[arg-type]
    elif kind == "condition":
        session.run(gm_edits.add_condition, command[1], command[2])  # type: ignore[arg-type]
    elif kind == "damage":
        session.run(gm_edits.apply_damage, command[1], command[2])  # type: ignore[arg-type]
    elif kind == "delay":
        session.delay()


def _session() -> GameSession:
    session = make_session(
        Encounter(
            GridBounds(8, 8),
            creatures=(fighter("hero", 1, 1), orc("orc", 2, 1), orc("brute", 6, 6)),
        ),
        seed=7,
    )
    session.run(initiative.roll_initiative)
    session.run(initiative.start_combat)
    session.history.clear()
    return session


@settings(max_examples=30, deadline=None)
@given(st.lists(commands, max_size=12))
def test_undo_all_then_redo_all_is_identity(script: list[tuple[object, ...]]) -> None:
    session = _session()
    first = session.encounter
    for command in script:
        _run(session, command)
    last = session.encounter
    steps = len(session.history)
    for _ in range(steps):
        assert session.undo().ok
    assert session.encounter is first
    for _ in range(steps):
        assert session.redo().ok
    assert session.encounter is last
    reloaded = encounter_from_dict(json.loads(json.dumps(encounter_to_dict(last))))
    assert reloaded == last


@settings(max_examples=40, deadline=None)
@given(
    placements,
    st.sets(squares, max_size=6),
)
def test_free_squares_agree_with_destination_problem(
    placed: list[tuple[Size, int, int]], blocking: set[Square]
) -> None:
    # 000 "Moving Around Other Creatures"; docs/rulings.md R-17 — the fast GM highlight must
    # allow exactly the squares the single-square check allows.
    creatures = placed_creatures(placed)
    enc = Encounter(
        GridBounds(7, 7),
        creatures=creatures,
        terrain=(TerrainPatch(TerrainKind.BLOCKING, frozenset(blocking)),),
    )
    mover = creatures[0]
    expected = {s for s in enc.grid.squares() if not placement.destination_problem(enc, mover, s)}
    assert placement.free_squares(enc, mover) == expected


@settings(max_examples=40, deadline=None)
@given(
    placements,
    st.sets(squares, max_size=6),
    squares,
)
def test_the_nearest_free_square_is_the_closest_one_destination_problem_allows(
    placed: list[tuple[Size, int, int]], blocking: set[Square], near: Square
) -> None:
    # Enter in the creature library: the free square fewest squares from the middle of the
    # view, ties to the top row then the left, searched ring by ring instead of all squares.
    creatures = placed_creatures(placed)
    enc = Encounter(
        GridBounds(7, 7),
        creatures=creatures[1:],
        terrain=(TerrainPatch(TerrainKind.BLOCKING, frozenset(blocking)),),
    )
    newcomer = creatures[0]
    problem = placement.destination_problem
    allowed = [s for s in enc.grid.squares() if not problem(enc, newcomer, s)]
    expected = min(
        allowed,
        key=lambda s: (max(abs(s.col - near.col), abs(s.row - near.row)), s.row, s.col),
        default=None,
    )
    assert placement.nearest_free_square(enc, newcomer, near) == expected
