"""Whether one creature can see another where it stands: the one answer every rule asks.

000 "Opportunity Attacks" ("a hostile creature that you can see"), 003-52's readied attacks
("an enemy you can see"), 001's unseen targets and strikers all ask it. A viewer sees a
creature when it is not blinded (000 "Blinded": "You can't see") and the creature has no
total concealment from it (000 "Concealment": what keeps you from "seeing or otherwise
perceiving your target"), worked out as every attack works it out (`sight.space_concealment`,
docs/rulings.md R-61): no line of sight, a totally obscured square, heavily obscured (darkness
to a viewer without darkvision) beyond adjacent squares, invisible without truesight,
blindsight or tremorsense reaching it. Concealment short of total (dim light; darkness next to
the viewer) does not stop it (docs/rulings.md R-112, R-113).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from orcus_desktop.geometry.battlefield import Battlefield, Obscurement, Occupant
from orcus_desktop.geometry.lighting import viewer_obscurement
from orcus_desktop.geometry.sight import space_concealment, spaces_see_spaces
from orcus_desktop.vocabulary import ConcealmentDegree


class Unseen(StrEnum):
    """Why a viewer does not see a creature; the value words a log line."""

    BLINDED = "blinded"
    TOTAL_CONCEALMENT = "total concealment"


def why_unseen(
    battlefield: Battlefield, viewer: Occupant, seen: Occupant, *, line: bool | None = None
) -> Unseen | None:
    """Why `viewer` cannot see `seen` where the two stand, or None when it sees it.

    The occupants need not stand where the battlefield has them (a path's squares): their
    spaces and senses are what count. `line`: the line of sight between their spaces, when
    the caller has it from a batched query (`sight.spaces_see_spaces`).
    """
    if viewer.senses.blind:
        return Unseen.BLINDED
    if line and not seen.invisible and _nothing_obscures(battlefield):
        return None  # no light to work out and no painted square: R-61 conceals nothing
    if space_concealment(battlefield, viewer, seen, sees=line) is ConcealmentDegree.TOTAL:
        return Unseen.TOTAL_CONCEALMENT
    return None


def _nothing_obscures(battlefield: Battlefield) -> bool:
    """Every square bright and none painted obscured, for any viewer that is not blinded.

    A drag's previews ask about a dozen pairs each; on such a map they need no concealment.
    """
    lighting = battlefield.lighting
    if lighting is not None and not lighting.all_bright:
        return False
    return not battlefield.map_cached("any_obscured", lambda: bool(battlefield.obscurement.any()))


def sees(battlefield: Battlefield, viewer: Occupant, seen: Occupant) -> bool:
    """Whether `viewer` can see `seen` where the two stand (see the module's rule)."""
    return why_unseen(battlefield, viewer, seen) is None


def sees_where_it_stands(battlefield: Battlefield, viewer: Occupant) -> bool:
    """Whether `viewer` can see at all where it stands (004-24, docs/rulings.md R-126).

    Not when blinded, nor when every square of its space is heavily or totally obscured to its
    own eyes: darkness to a viewer without darkvision, magical darkness, thick fog. Blindsight
    and tremorsense see through both (`lighting.viewer_obscurement`).
    """
    if viewer.senses.blind:
        return False
    if _nothing_obscures(battlefield):
        return True
    grid = viewer_obscurement(battlefield, viewer)
    bounds = battlefield.bounds
    levels = [int(grid[sq.row, sq.col]) for sq in viewer.space.squares() if bounds.contains(sq)]
    return not levels or min(levels) < Obscurement.HEAVY


def whys_unseen(
    battlefield: Battlefield, pairs: Sequence[tuple[Occupant, Occupant]]
) -> list[Unseen | None]:
    """`why_unseen` for many (viewer, seen) pairs, with one batched line-of-sight query."""
    lines = spaces_see_spaces(battlefield, [(v.space, s.space) for v, s in pairs])
    return [
        why_unseen(battlefield, v, s, line=line) for (v, s), line in zip(pairs, lines, strict=True)
    ]


def sees_pairs(battlefield: Battlefield, pairs: Sequence[tuple[Occupant, Occupant]]) -> list[bool]:
    """`sees` for many (viewer, seen) pairs at once."""
    return [why is None for why in whys_unseen(battlefield, pairs)]
