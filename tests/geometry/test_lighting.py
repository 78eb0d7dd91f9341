"""Light per square and what viewers perceive of it (000 "Vision and Light")."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.features import TerrainKind, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Space, Square
from orcus_desktop.geometry.light import Illumination, LightArea, LightingScene, Senses
from orcus_desktop.geometry.lighting import (
    LevelGrid,
    light_cause,
    light_levels,
    lit_patch,
    perceived_levels,
)
from orcus_desktop.geometry.sight import space_concealment
from orcus_desktop.vocabulary import ConcealmentDegree, Origin
from tests.geometry.builders import occ, patch, wall

BRIGHT, DIM, DARK = Illumination.BRIGHT, Illumination.DIM, Illumination.DARK
# A torch: 000 "Vision and Light": "torches ... within a specific radius"; 4 squares bright,
# dim out to 8 squares (the dim radius is the outer one, docs/rulings.md R-60).
TORCH_AT = Square(10, 10)
TORCH = LightArea(Space(TORCH_AT, Size.MEDIUM), bright=4, dim=8)


def dark_field(*lights: LightArea, walls=(), terrain=(), occupants=(), darkness=()) -> Battlefield:  # type: ignore[no-untyped-def]
    return Battlefield(
        GridBounds(30, 30),
        walls=tuple(walls),
        terrain=tuple(terrain),
        occupants=tuple(occupants),
        lighting=LightingScene(DARK, tuple(lights), frozenset(darkness)),
    )


def level(field: Battlefield, col: int, row: int) -> Illumination:
    return Illumination(int(light_levels(field)[row, col]))


def test_a_torch_gives_bright_light_within_its_bright_radius_and_dim_light_to_its_dim_one() -> (
    None
):
    field = dark_field(TORCH)
    assert level(field, 10, 10) is BRIGHT
    assert level(field, 14, 10) is BRIGHT  # 4 squares away
    assert level(field, 14, 14) is BRIGHT  # diagonals count 1 (000 "Movement and Position")
    assert level(field, 15, 10) is DIM  # 5 squares away: the boundary of dim light
    assert level(field, 18, 10) is DIM
    assert level(field, 19, 10) is DARK  # past the dim radius: darkness
    assert level(field, 2, 10) is DIM  # 8 squares west
    assert level(field, 1, 10) is DARK


def test_a_wall_blocks_the_torch_light_as_it_blocks_sight() -> None:
    # A wall along x = 12 from y = 5 to y = 16 east of the torch.
    blocked = dark_field(TORCH, walls=[wall((12.0, 5.0), (12.0, 16.0))])
    assert level(blocked, 11, 10) is BRIGHT
    assert level(blocked, 12, 10) is DARK  # just behind the wall, within the bright radius
    assert level(blocked, 16, 10) is DARK
    assert level(blocked, 8, 10) is BRIGHT  # the other side is lit as before


def test_windows_and_open_doors_let_the_light_through_closed_doors_do_not() -> None:
    line = ((12.0, 5.0), (12.0, 16.0))
    window = dark_field(TORCH, walls=[wall(*line, kind=WallKind.WINDOW)])
    closed = dark_field(TORCH, walls=[wall(*line, kind=WallKind.DOOR)])
    opened = dark_field(TORCH, walls=[wall(*line, kind=WallKind.DOOR, is_open=True)])
    assert level(window, 13, 10) is BRIGHT
    assert level(opened, 13, 10) is BRIGHT
    assert level(closed, 13, 10) is DARK


def test_the_ambient_level_is_the_floor_and_magical_darkness_stays_dark() -> None:
    dusk = Battlefield(GridBounds(30, 30), lighting=LightingScene(DIM, (TORCH,)))
    assert level(dusk, 25, 25) is DIM
    assert level(dusk, 10, 10) is BRIGHT
    shadow = dark_field(TORCH, darkness=[Square(11, 10)])
    # 000 "Vision and Light": "an area of magical darkness"; no torch brightens it
    assert level(shadow, 11, 10) is DARK
    assert level(shadow, 12, 10) is BRIGHT


def test_darkvision_sees_dim_light_and_darkness_as_bright_light_within_its_radius() -> None:
    # 000 "Darkvision": "can see in darkness or dim light as if it were bright light".
    orc = occ("orc", 10, 20, "monsters", senses=Senses(darkvision=6))
    human = occ("hero", 10, 20)
    field = dark_field(TORCH, occupants=[orc])
    seen = perceived_levels(field, orc)
    assert Illumination(int(seen[16, 10])) is BRIGHT  # dim light, 4 squares from the orc
    assert Illumination(int(seen[25, 10])) is BRIGHT  # darkness, 5 squares from the orc
    assert Illumination(int(seen[20, 27])) is DARK  # darkness 7 squares away: past its radius
    assert Illumination(int(perceived_levels(field, human)[16, 10])) is DIM


def test_only_truesight_sees_into_magical_darkness() -> None:
    # 000 "Truesight": "see in normal and magical darkness"; darkvision does not.
    field = dark_field(darkness=[Square(5, 5)])
    dwarf = occ("dwarf", 3, 5, senses=Senses(darkvision=12))
    angel = occ("angel", 3, 5, senses=Senses(truesight=6))
    assert Illumination(int(perceived_levels(field, dwarf)[5, 5])) is DARK
    assert Illumination(int(perceived_levels(field, angel)[5, 5])) is BRIGHT


def conceal(field: Battlefield, attacker: Occupant, target: Occupant, origin=Origin.RANGED):  # type: ignore[no-untyped-def]
    return space_concealment(field, attacker, target, origin)


def test_darkness_gives_total_concealment_but_only_partial_next_to_the_attacker() -> None:
    # 000 "Vision and Light": heavily obscured (darkness): "full concealment, except for
    # creatures adjacent to it (where it has partial concealment)".
    hero = occ("hero", 3, 3)
    far_orc = occ("orc", 3, 8, "monsters")
    near_orc = occ("orc2", 4, 4, "monsters")
    field = dark_field(occupants=[hero, far_orc, near_orc])
    assert conceal(field, hero, far_orc) is ConcealmentDegree.TOTAL
    assert conceal(field, hero, near_orc) is ConcealmentDegree.CONCEALED
    assert light_cause(field, hero, near_orc.space) == "darkness"
    # 000 "Concealment": "Concealment penalties do not apply to Near or Far attacks."
    assert conceal(field, hero, far_orc, Origin.FAR) is ConcealmentDegree.NONE


def test_dim_light_gives_concealment_and_bright_light_none() -> None:
    hero = occ("hero", 10, 10)
    in_dim = occ("orc", 16, 10, "monsters")
    in_bright = occ("orc2", 13, 10, "monsters")
    field = dark_field(TORCH, occupants=[hero, in_dim, in_bright])
    assert conceal(field, hero, in_dim) is ConcealmentDegree.CONCEALED
    assert light_cause(field, hero, in_dim.space) == "dim light"
    assert conceal(field, hero, in_bright) is ConcealmentDegree.NONE
    orc_eyes = replace(in_dim, senses=Senses(darkvision=12))
    assert conceal(field, orc_eyes, hero) is ConcealmentDegree.NONE


def test_painted_obscured_squares_stay_and_combine_with_light() -> None:
    hero = occ("hero", 10, 10)
    orc = occ("orc", 13, 10, "monsters")
    fog = patch(TerrainKind.HEAVILY_OBSCURED, (13, 10))
    field = dark_field(TORCH, occupants=[hero, orc], terrain=[fog])
    assert conceal(field, hero, orc) is ConcealmentDegree.TOTAL  # bright light, opaque fog
    assert light_cause(field, hero, orc.space) == ""  # the fog, not the light


def test_blindsight_perceives_in_darkness_and_a_blinded_creature_sees_nothing() -> None:
    hero = occ("hero", 3, 3)
    bat = occ("bat", 3, 8, "monsters", senses=Senses(blindsight=6))
    field = Battlefield(GridBounds(30, 30), occupants=(hero, bat), lighting=LightingScene(DARK))
    assert conceal(field, bat, hero) is ConcealmentDegree.NONE
    blinded = replace(hero, senses=Senses(blind=True))
    lit = Battlefield(GridBounds(30, 30), occupants=(blinded, bat))
    assert conceal(lit, blinded, bat) is ConcealmentDegree.TOTAL  # 000 "Blinded": can't see


def test_moving_one_light_recomputes_that_light_only() -> None:
    lantern = LightArea(Space(Square(25, 25), Size.MEDIUM), bright=2, dim=4)
    before = dark_field(TORCH, lantern)
    light_levels(before)
    moved = replace(TORCH, space=Space(Square(11, 10), Size.MEDIUM))
    after = dark_field(moved, lantern)
    kept = lit_patch(before, lantern)
    light_levels(after)
    assert lit_patch(after, lantern) is kept  # the lantern's light was not worked out again
    assert level(after, 15, 10) is BRIGHT


def lit_from_scratch(field: Battlefield) -> LevelGrid:
    """Every square's level combined afresh: the brightest of the ambient level and each light
    reaching it, magical darkness dark (000 "Vision and Light")."""
    scene = field.lighting
    assert scene is not None
    levels = np.full((field.bounds.rows, field.bounds.columns), scene.ambient, dtype=np.int8)
    for light in scene.lights:
        row0, col0, lit = lit_patch(field, light)
        view = levels[row0 : row0 + lit.shape[0], col0 : col0 + lit.shape[1]]
        np.maximum(view, lit, out=view)
    for square in scene.magical_darkness:
        levels[square.row, square.col] = DARK
    return levels


def test_relighting_during_a_drag_equals_lighting_every_square_afresh() -> None:
    # A torch-bearer walks east past a lantern and along a wall, then a lamp changes radius
    # and one light goes out: after every step each square has the level a fresh lighting
    # gives, including squares the torch lit before and no longer reaches.
    walls = [wall((16.0, 4.0), (16.0, 14.0)), wall((3.0, 20.0), (12.0, 20.0))]
    lantern = LightArea(Space(Square(14, 9), Size.MEDIUM), bright=2, dim=4)
    lamp = LightArea(Space(Square(6, 22), Size.LARGE), bright=1, dim=3)
    darkness = {Square(13, 10), Square(20, 10)}
    torch = TORCH
    field = dark_field(torch, lantern, lamp, walls=walls, darkness=darkness)
    assert (light_levels(field) == lit_from_scratch(field)).all()
    steps: list[tuple[LightArea, ...]] = []
    for col in range(11, 27, 3):
        torch = replace(torch, space=Space(Square(col, 10 + col % 2), Size.MEDIUM))
        steps.append((torch, lantern, lamp))
    steps.append((replace(torch, space=Space(Square(2, 2), Size.MEDIUM)), lantern, lamp))
    steps.append((steps[-1][0], lantern, replace(lamp, dim=6)))  # the lamp turned up
    steps.append((steps[-1][0], lantern))  # the lamp put out
    for lights in steps:
        field = dark_field(*lights, walls=walls, darkness=darkness)
        assert (light_levels(field) == lit_from_scratch(field)).all(), lights
        if lights[0].space.origin == Square(2, 2):
            assert level(field, 26, 11) is DARK  # the torch left: the squares it lit are dark
