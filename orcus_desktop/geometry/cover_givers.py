"""Which creatures give a target its cover against an attacker (004-27 "Cover is a Character").

A creature gives the cover when the target's cover degree from the attacker is lower without
it; when the walls alone give the same degree, the cover is the wall and no creature gives it.
"""

from __future__ import annotations

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.cover import space_cover
from orcus_desktop.geometry.cover_buckets import CoverBuckets
from orcus_desktop.geometry.grid import space_distance


def cover_givers(
    battlefield: Battlefield, attacker: Occupant, target: Occupant, buckets: CoverBuckets
) -> tuple[str, ...]:
    """Who gives the target its cover: nearest the attacker first; () for walls or no cover.

    Each creature whose absence lowers the target's cover degree from the attacker counts.
    """
    ranked = buckets.ranked_degrees
    others = [o for o in battlefield.occupants if o.id not in (attacker.id, target.id)]

    def rank(occupants: list[Occupant]) -> int:
        field_ = battlefield.with_occupants([attacker, target, *occupants])
        return ranked.index(space_cover(field_, attacker, target, buckets).degree)

    full = rank(others)
    if full == 0 or rank([]) >= full:
        return ()
    givers = [o for o in others if rank([p for p in others if p.id != o.id]) < full]
    givers.sort(key=lambda o: space_distance(attacker.space, o.space))
    return tuple(o.id for o in givers)
