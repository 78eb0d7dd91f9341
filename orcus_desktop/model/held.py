"""What a held step keeps in the document until its interrupts are settled.

000 "Immediate Actions": the attack or walk held for its offers, the forced movement a hit
still owes, and the keys its options carry. Re-exported by `model/combat.py`, whose `Combat`
holds them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Final

from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind

_EMPTY: Final[Mapping[str, Any]] = MappingProxyType({})

HELD_ACTION: Final = "action"
"""The kind of 001's other actions waiting for Free Strikes! (R-153, `free_strike_first`)."""

HELD_KINDS: Final = ("charge", "power", "move", "withdraw", "skill", HELD_ACTION)
"""Every `PendingAttack.kind` the session holds, so the file reads back whatever it wrote: a
charge, a power, the rest of a walk ("move"), 001's Withdraw (R-127), 004-09's skill use and
001's other actions (R-153). The controller names each where it holds it (`held_attacks`,
`move_interrupts`, `withdrawing`, `free_strike_first`)."""

INTERPOSERS = "interposers"
"""The key, in a held attack's options, of who may declare itself its target (001-10/29,
`controller/variants/strike/interposition.py`): kept there so undo and the file keep the offer."""

FREE_FIRST = "free_strikers"
"""The key, in a held attack's options, of the creatures offered a Free Strike! before it
(001-24, 001 l.248 "before or after the Creature Moves or Acts"; `strike_reactions`)."""

READY_SHOTS = "ranged_readiers"
"""The key, in a held walk's options, of the readiers whose offer is a 003-52 Ready Ranged
Attack (`controller/variants/square_fireballs/ready_walks.py`; docs/rulings.md R-110)."""

LATER = "later"
"""The key, in a held walk's options, of the provoked enemies it has not reached yet
(`controller/movement/move_interrupts.py`: offered where the walk goes on)."""

CREATURE_LISTS: Final = (INTERPOSERS, FREE_FIRST, READY_SHOTS, LATER)
"""The keys of a held step's options that list creatures: a creature that leaves the fight
leaves them (`PendingAttack.without`; docs/rulings.md R-226)."""


@dataclass(frozen=True, slots=True)
class PendingAttack:
    """An attack held until the opportunity attacks it provoked are settled (issue 5).

    000 "Opportunity Attacks": "The attack occurs right before the creature leaves your
    reach"; 000 "Immediate Actions": an interrupt happens first, "that creature can continue
    its action right after". A charge's move and a Ranged or Far attack made next to an enemy
    provoke, so the charge's attack (or the ranged attack) waits here, with the choices the GM
    made when ordering it, and resolves once every offer is taken or let pass.

    Attributes:
        attacker: who attacks.
        kind: "charge" (a basic melee attack or shove at +1), "power" (a power by name), or
            "move": the rest of a walk, waiting where it provoked
            (`controller/movement/move_interrupts`).
        power: the power's name ("" for a charge's basic melee attack, "Shove" for a shove).
        targets: the chosen targets.
        options: JSON-like choices: dice, cover, combat_advantage, knock_out,
            damage_overrides, area_origin, area_squares, push_to ([col, row] pairs); a walk's,
            and a charge's while its move waits on the way: path, mode, later (and rest).
        text: what the GM ordered, for the log and the panels ("Brakka charges").
    """

    attacker: CreatureId
    kind: str
    power: str
    targets: tuple[CreatureId, ...] = ()
    options: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    text: str = ""

    def without(self, creature_id: str) -> PendingAttack | None:
        """The held step once `creature_id` left the fight (docs/rulings.md R-211, R-226).

        Gone with its attacker or with the last of its targets, else held on the targets left,
        with the creature out of every list it keeps (`CREATURE_LISTS`; a list may be left
        empty: the controller then goes on as if nobody were offered).
        """
        if creature_id == self.attacker:
            return None
        held = self
        if creature_id in self.targets:
            left = tuple(t for t in self.targets if t != creature_id)
            if not left:
                return None
            held = replace(self, targets=left)
        lists = {
            key: tuple(i for i in ids if i != creature_id)
            for key in CREATURE_LISTS
            if creature_id in (ids := self.options.get(key, ()))
        }
        if not lists:
            return held
        return replace(held, options=MappingProxyType({**self.options, **lists}))


@dataclass(frozen=True, slots=True)
class OwedForcedMove:
    """A push, pull or slide a hit imposed that the GM has still to place on the map.

    000 "Unwilling Movement": the attacker chooses where the target ends, up to the distance
    (a power says "up to", so the GM may also leave it where it is). Kept in the document, as
    the held attack is, so that undo, autosave and crash recovery keep it in step.

    Attributes:
        target: the creature to move.
        kind: push, pull or slip, as the attack names it.
        squares: how far, at most.
        source: the attacker ("away" and "towards" refer to it), or None.
    """

    target: CreatureId
    kind: ForcedMovementKind
    squares: int
    source: CreatureId | None = None


@dataclass(frozen=True, slots=True)
class CoverChoice:
    """004 l.760: a covering creature may choose to take the hit its dodge passes on.

    004-27 "Attack Misses Covering Character: ... the original target is struck as he or she
    dodges out of the way. Note: The covering character can choose to take the hit." The hit
    waits for the GM's word (docs/rulings.md R-154): the covering creature takes it, or the
    target does. Kept in the document, as the owed push is, for undo and the file.

    Attributes:
        coverer: the covering creature that may take the hit.
        target: the attack's original target, struck unless the coverer takes it.
        attacker: who attacked.
        power: the power's name, as the attacker has it.
        natural: the missed roll's natural d20 (the hit lands with it), or None.
    """

    coverer: CreatureId
    target: CreatureId
    attacker: CreatureId
    power: str
    natural: int | None = None
