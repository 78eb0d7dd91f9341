"""What the players' creatures see: the fog of war on the player view, without Qt.

`player_vision` answers for the players' side: the union of what each of its creatures sees of
the map (from the centre of its space, `geometry.occupant_views.occupant_view`) and the creatures
any of them has line of sight to (000 "Line of Sight": from any corner of a square of its space
to any part of the other's space). The region comes as its pieces (each viewer's polygon, each
seen space): a painter clears them one over another and never needs their union, whose GEOS work
peaked at 25 MB and a second on a 200x200 map with 100 heroes (issue 14); `rings` makes the
union on demand. Walls, closed doors and blocking squares block sight; windows,
open doors and obscured squares do not (obscurement gives concealment, not invisibility).

The players' side: the side of the creatures whose stat block says PC, else "heroes", unless the
caller names it. A blinded creature sees nothing; the dead and creatures the GM hides from the
players lend the players no eyes. The players' own creatures are always seen. Creatures seen are
shown whole, so their spaces are part of the seen region even where a wall hides part of the
square from every centre (not the spaces of creatures the GM hides: a hole in the fog would give
them away).

On a lit map (`Encounter.lighting`, 000 "Vision and Light") each creature sees only the squares
it perceives lit with its senses, and the creatures on them or next to it (docs/rulings.md
R-62).

An invisible creature (000 "Concealment") is seen only by a viewer that perceives it: truesight,
blindsight or tremorsense reaching it (000 "Truesight": "see invisible creatures";
docs/rulings.md R-61, R-115); `unperceived_invisible` answers the same without the fog.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from orcus_desktop.controller.battlefield_builder import (
    battlefield_for,
    players_battlefield,
    senses_of,
)
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.lit_view import lit_view_rings, perceives_space
from orcus_desktop.geometry.occupant_views import occupant_view_array
from orcus_desktop.geometry.sight import perceives_invisible, spaces_see_spaces
from orcus_desktop.geometry.view_union import Ring, union_rings
from orcus_desktop.geometry.visibility import Box
from orcus_desktop.geometry.walls import FloatArray
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.conditions import rules_for
from orcus_desktop.rules.statblock import Role
from orcus_desktop.vocabulary import CreatureId

DEFAULT_PLAYER_SIDE = "heroes"


@dataclass(frozen=True, slots=True)
class PlayerVision:
    """What the players' side sees now.

    Attributes:
        side: the players' side.
        viewers: the ids of the creatures whose eyes count (on the side, not blinded, alive,
            not hidden by the GM).
        pieces: on a map without lighting, the seen region as pieces whose union it is: each
            viewer's visibility polygon and each shown creature's space, (m, 2) read-only
            vertex arrays in grid units. Empty on a lit map: `rings` alone holds it.
        seen: the ids of the creatures some viewer sees, and every creature of the players' side
            (the players always see their own, blinded or not); also creatures the GM hides
            (the player view leaves them out on its own).
    """

    side: str
    viewers: frozenset[str]
    pieces: tuple[FloatArray, ...]
    seen: frozenset[str]
    lit_rings: tuple[Ring, ...] | None = None

    @property
    def rings(self) -> tuple[Ring, ...]:
        """The seen region in grid units as rings; empty when nobody sees.

        Outer boundaries and holes: fill them with the odd-even rule. On a map without
        lighting the union of `pieces` is made on each call (tests, benchmarks).
        """
        if self.lit_rings is not None:
            return self.lit_rings
        return union_rings(self.pieces)


def player_sides(encounter: Encounter, rules: CombatRules) -> frozenset[str]:
    """The sides of the creatures whose stat block role is PC; {"heroes"} when there are none."""
    sides = set()
    for creature in encounter.creatures:
        statblock = rules.statblock(creature)
        if statblock is not None and statblock.role is Role.PC:
            sides.add(creature.side)
    return frozenset(sides) if sides else frozenset({DEFAULT_PLAYER_SIDE})


def player_side(encounter: Encounter, rules: CombatRules) -> str:
    """The players' side: the PCs' side (the commonest, if PCs sit on several), else "heroes"."""
    sides = player_sides(encounter, rules)
    if len(sides) == 1:
        return next(iter(sides))
    counts = {s: sum(1 for c in encounter.creatures if c.side == s) for s in sides}
    return max(sorted(sides), key=lambda s: counts[s])


def can_see(encounter: Encounter, rules: CombatRules, creature: Creature) -> bool:
    """Whether the creature has eyes that count now: not blinded (000 "Blinded"), not dead."""
    if rules.is_dead(encounter, creature.id):
        return False
    conditions = rules.conditions(encounter, creature.id)
    return not any(rules_for(c, rules.ruleset).cannot_see for c in conditions)


def is_invisible(encounter: Encounter, rules: CombatRules, creature_id: str) -> bool:
    """Whether a condition makes the creature invisible now (000 "Concealment", R-115)."""
    conditions = rules.conditions(encounter, creature_id)
    return any(rules_for(c, rules.ruleset).invisible for c in conditions)


def unperceived_invisible(encounter: Encounter, rules: CombatRules, side: str) -> frozenset[str]:
    """The invisible creatures not of `side` that none of its eyes perceives (R-115).

    Eyes as `player_vision` counts them (alive, not blinded, not hidden by the GM); perceiving
    is within reach of truesight, blindsight or tremorsense, whatever stands between (the fog
    of war adds line of sight where it is on).
    """
    invisible = [
        c
        for c in encounter.creatures
        if c.side != side and c.state is not None and is_invisible(encounter, rules, c.id)
    ]
    if not invisible:
        return frozenset()
    eyes = [
        Occupant(c.id, c.space, c.side, senses=senses_of(rules, c))
        for c in encounter.creatures
        if c.side == side and not c.hidden and can_see(encounter, rules, c)
    ]
    return frozenset(
        c.id
        for c in invisible
        if not any(perceives_invisible(eye, Occupant(c.id, c.space, c.side)) for eye in eyes)
    )


def player_vision(
    encounter: Encounter,
    rules: CombatRules,
    side: str | None = None,
    battlefield: Battlefield | None = None,
    eyes: frozenset[str] | None = None,
) -> PlayerVision:
    """The players' fog of war: the region their creatures see and the creatures they see.

    Args:
        encounter: the snapshot.
        rules: the session's rules reading (stat blocks, conditions, death).
        side: the players' side; by default `player_side`.
        battlefield: the snapshot's battlefield if the caller has it (it caches the indexes).
        eyes: only these creatures lend eyes (one hero's own sight on a player's device,
            docs/rulings.md R-145); they are always seen, the rest of their side only where
            they see it. By default every creature of the side.
    """
    side = side if side is not None else player_side(encounter, rules)
    field = battlefield if battlefield is not None else battlefield_for(encounter, rules)
    field = players_battlefield(field, encounter)  # a hidden creature's torch lights nothing
    on_field = {o.id for o in field.occupants}
    viewers = [
        c
        for c in encounter.creatures
        if c.side == side
        and not c.hidden
        and c.id in on_field
        and (eyes is None or c.id in eyes)
        and can_see(encounter, rules, c)
    ]
    viewer_ids = frozenset(c.id for c in viewers)
    polygons: list[FloatArray] = [occupant_view_array(field, c.id) for c in viewers]
    others = [c for c in encounter.creatures if c.id not in viewer_ids]
    # The players always see their own creatures, even blinded or beyond every other's sight;
    # one hero's own view always shows the hero itself.
    seen = {
        c.id for c in encounter.creatures if (c.side == side if eyes is None else c.id in eyes)
    }
    seen |= _seen_by_some(field, viewers, others)
    # A creature the GM hides cuts no hole in the fog: its square would give it away.
    boxes = [c.space.bounds() for c in encounter.creatures if c.id in seen and not c.hidden]
    if field.lighting is None:
        pieces = (*polygons, *(_box_ring(b) for b in boxes))
        return PlayerVision(side, viewer_ids, pieces, frozenset(seen))
    rings = lit_view_rings(field, [field.occupant(c.id) for c in viewers], polygons, boxes)
    return PlayerVision(side, viewer_ids, (), frozenset(seen), rings)


# Each creature is asked about from its nearest viewers first, then from the next nearest (each
# round twice as many as all the rounds before), until one sees it: most creatures are seen by
# a near viewer, and a far viewer's long sight line is the costly one (100 heroes and 100
# others on a 200x200 map asked all 10,000 pairs, whose work was 12 MB of the peak, issue 14).
_NEAREST_FIRST = 4


def _seen_by_some(
    field: Battlefield, viewers: list[Creature], others: list[Creature]
) -> set[CreatureId]:
    """The ids of `others` that some viewer sees (on a lit map: sees and perceives it lit)."""
    if not viewers or not others:
        return set()
    eyes = [field.occupant(v.id) for v in viewers]
    lit = field.lighting is not None
    # 000 "Concealment": an invisible creature shows only to a viewer that perceives it.
    invisible = {o.id: o for o in field.occupants if o.invisible}
    spaces = [v.space for v in viewers]
    viewer_at = np.array([s.bounds()[:2] for s in spaces], dtype=np.float64)
    other_at = np.array([o.space.bounds()[:2] for o in others], dtype=np.float64)
    distance = np.abs(other_at[:, None, :] - viewer_at[None, :, :]).max(axis=2)
    nearest = np.argsort(distance, axis=1, kind="stable").tolist()
    seen: set[CreatureId] = set()
    unresolved = list(range(len(others)))
    lo, hi = 0, _NEAREST_FIRST
    while unresolved and lo < len(viewers):
        asked = [(i, k) for i in unresolved for k in nearest[i][lo:hi]]
        answers = spaces_see_spaces(field, [(spaces[k], others[i].space) for i, k in asked])
        for (i, k), sees in zip(asked, answers, strict=True):
            hidden = invisible.get(others[i].id)
            if hidden is not None and not perceives_invisible(eyes[k], hidden):
                continue
            if sees and (not lit or perceives_space(field, eyes[k], others[i].space)):
                seen.add(others[i].id)
        unresolved = [i for i in unresolved if others[i].id not in seen]
        lo, hi = hi, 3 * hi
    return seen


def _box_ring(box: Box) -> FloatArray:
    """A box's corners as a read-only ring."""
    x0, y0, x1, y1 = box
    ring = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], dtype=np.float64)
    ring.setflags(write=False)
    return ring
