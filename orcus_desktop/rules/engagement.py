"""001's engagement: who is Engaged With whom, and who is Engaged By how many (001-24/25).

001 l.250-256 "Engaged With (Target)": "This condition begins when you Strike! the Target and
ends when you Strike! or Counter Strike a new Target"; "Engaged By (Target)": "only ends when
they end it by becoming Engaged With (Target) other than you or by either one of you taking the
With Draw Action". Pick (docs/rulings.md#001-picks-engagement-and-strike): one relation seen
from both ends, stored as pairs; each creature is Engaged With at most one target; "Engaged By"
is derived from the pairs. Plain functions over a tuple of pairs, so the combat state (model)
stores only the tuple.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.vocabulary import CreatureId


@dataclass(frozen=True, slots=True)
class Engagement:
    """``engager`` is Engaged With ``target``; so ``target`` is Engaged By ``engager``."""

    engager: CreatureId
    target: CreatureId


Engagements = tuple[Engagement, ...]


class StrikeKind(StrEnum):
    """The two strikes 001 gives outside one's own action (001 l.238)."""

    COUNTER = "counter"
    """001-23, l.242: "Every Strike! provokes a Counter Strike! from the Target"."""
    FREE = "free"
    """001-24, l.248: on a creature you are Engaged With "that didn't strike you"."""

    @property
    def label(self) -> str:
        """The strike's name as 001 writes it ("Counter Strike!", "Free Strike!")."""
        return "Counter Strike!" if self is StrikeKind.COUNTER else "Free Strike!"


@dataclass(frozen=True, slots=True)
class StrikeOffer:
    """A Counter Strike! or Free Strike! `reactor` may make on `target` now (001-23/24).

    Offered like an opportunity attack (the reactor's ``out_of_turn``); kept in the combat
    so that taking it knows which strike it is, and undo and the file keep it.
    """

    reactor: CreatureId
    target: CreatureId
    kind: StrikeKind


def engaged_with(engagements: Iterable[Engagement], creature_id: str) -> CreatureId | None:
    """The one creature `creature_id` is Engaged With, or None (001 l.252)."""
    for e in engagements:
        if e.engager == creature_id:
            return e.target
    return None


def engaged_by(engagements: Iterable[Engagement], creature_id: str) -> tuple[CreatureId, ...]:
    """The creatures `creature_id` is Engaged By, in the order they engaged it (001 l.256)."""
    return tuple(e.engager for e in engagements if e.target == creature_id)


def engage(engagements: Engagements, engager: str, target: str) -> Engagements:
    """`engager` becomes Engaged With `target`, ending its Engaged With anyone else.

    001-25, 001 l.252: it "ends when you Strike! or Counter Strike a new Target which you then
    begins a new Engaged With (Target) Condition"; 001-30 (l.286) Close starts it too.
    """
    if engager == target:
        raise ValueError("a creature cannot be engaged with itself")
    kept = tuple(e for e in engagements if e.engager != engager)
    return (*kept, Engagement(CreatureId(engager), CreatureId(target)))


def withdraw(engagements: Engagements, creature_id: str) -> Engagements:
    """The pairs left after `creature_id` takes the Withdraw action (001-31, 001-25).

    001 l.346 "You end all Engaged By Conditions on you"; l.256: the pair also ends when
    "either one of you" withdraws, so its own Engaged With ends as well (pick, 001-25).
    """
    return without(engagements, creature_id)


def without(engagements: Engagements, creature_id: str) -> Engagements:
    """The pairs that do not involve `creature_id` (it withdrew, left the map or the combat)."""
    return tuple(e for e in engagements if creature_id not in (e.engager, e.target))
