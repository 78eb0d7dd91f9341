"""Flanking (docs/rulings.md R-07, from 004 "Opposite Sides", "Able to Attack", "Big Opponents").

"To flank an enemy, you and an ally must be adjacent to the enemy and on opposite sides or
corners of the enemy's space ... trace an imaginary line between the centers of the characters'
squares. If the line passes through opposite sides or corners of the enemy's space, the enemy is
flanked." Both must be able to attack it (line of effect) and to take opportunity actions; all
of a large enemy's space counts.
"""

from __future__ import annotations

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.features import Point
from orcus_desktop.geometry.grid import Space, spaces_adjacent
from orcus_desktop.geometry.sight import space_reaches_space


def _space_centre(space: Space) -> Point:
    x0, y0, x1, y1 = space.bounds()
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _clip(
    a: Point, b: Point, box: tuple[float, float, float, float]
) -> tuple[Point, Point] | None:
    """Liang-Barsky: the part of segment a-b inside box, or None."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 > t1:
        return None
    return ((a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy))


def opposite_sides(a: Space, b: Space, enemy: Space) -> bool:
    """Whether the line between the centres of a and b crosses opposite sides of the enemy.

    004 "Opposite Sides": the line must pass through opposite sides or corners of the enemy's
    space. A corner belongs to both sides it joins.
    """
    inside = _clip(_space_centre(a), _space_centre(b), enemy.bounds())
    if inside is None:
        return False
    (ex, ey), (fx, fy) = inside
    x0, y0, x1, y1 = enemy.bounds()

    def sides(x: float, y: float) -> set[str]:
        out = set()
        if x == x0:
            out.add("left")
        if x == x1:
            out.add("right")
        if y == y0:
            out.add("top")
        if y == y1:
            out.add("bottom")
        return out

    s, t = sides(ex, ey), sides(fx, fy)
    return bool(
        ("left" in s and "right" in t)
        or ("right" in s and "left" in t)
        or ("top" in s and "bottom" in t)
        or ("bottom" in s and "top" in t)
    )


def flanks(battlefield: Battlefield, attacker_id: str, ally_id: str, enemy_id: str) -> bool:
    """Whether attacker and ally flank the enemy (docs/rulings.md R-07)."""
    attacker = battlefield.occupant(attacker_id)
    ally = battlefield.occupant(ally_id)
    enemy = battlefield.occupant(enemy_id)
    return occupants_flank(battlefield, attacker, ally, enemy)


def occupants_flank(
    battlefield: Battlefield, attacker: Occupant, ally: Occupant, enemy: Occupant
) -> bool:
    """`flanks` for three occupants."""
    if attacker.id == ally.id or attacker.is_enemy_of(ally):
        return False
    if not (attacker.is_enemy_of(enemy) and ally.is_enemy_of(enemy)):
        return False
    for who in (attacker, ally):
        # 004 "Able to Attack": adjacent, line of effect, able to take opportunity actions.
        if not who.can_take_opportunity_actions or not spaces_adjacent(who.space, enemy.space):
            return False
        if not space_reaches_space(battlefield, who.space, enemy.space):
            return False
    return opposite_sides(attacker.space, ally.space, enemy.space)


def flanked_by(battlefield: Battlefield, attacker_id: str, enemy_id: str) -> tuple[str, ...]:
    """The attacker's allies that flank the enemy with it, sorted by id."""
    attacker = battlefield.occupant(attacker_id)
    enemy = battlefield.occupant(enemy_id)
    return tuple(
        sorted(
            o.id
            for o in battlefield.occupants
            if o.id not in (attacker.id, enemy.id)
            and occupants_flank(battlefield, attacker, o, enemy)
        )
    )
