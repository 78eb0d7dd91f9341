"""The turn flow in the log.

Initiative, rounds and turns, delay and readied actions, the held attack and its opportunity
attacks ("Orc rolls initiative: ...", "— Round 2 —").
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.log import records as rec
from orcus_desktop.controller.log.words import opportunity_attack, opportunity_attacks
from orcus_desktop.controller.log.writers.base import Worded, Writers, roll_text

WRITERS: Final = Writers()


@WRITERS.of(rec.Initiative)
def _initiative(e: Worded, r: rec.Initiative) -> str:
    if r.entered_total is not None:
        return f"{e.actor}: initiative {r.entered_total} (entered by the GM)"
    notes = ([f"group {r.group}"] if r.group else []) + (["die typed in"] if r.typed_in else [])
    text = f"{e.actor} rolls initiative: {roll_text(r.roll)}"
    return text + (f" ({', '.join(notes)})" if notes else "")


@WRITERS.of(rec.InitiativeChoiceMade)
def _initiative_choice(e: Worded, r: rec.InitiativeChoiceMade) -> str:
    tie = f", {r.tie_choice} the tied" if r.tie_choice in ("before", "after") else ""
    return f"{r.mechanic}: {e.actor} rolls {r.check.capitalize()} for initiative{tie}"


@WRITERS.of(rec.InitiativeLadder)
def _initiative_ladder(e: Worded, r: rec.InitiativeLadder) -> str:
    order = ", then ".join(e.name(c) for c in r.first_to_last)
    rolls = "; ".join(
        f"step {s.step}: {e.name(s.unit)} "
        + (f"d6 {s.d6}" if s.d6 is not None else f"{(s.check or '').capitalize()} {s.total}")
        for s in r.steps
    )
    return f"{r.mechanic}: tie at initiative {r.initiative} goes {order}" + (
        f" ({rolls})" if rolls else ""
    )


@WRITERS.of(rec.InitiativeTie)
def _initiative_tie(e: Worded, r: rec.InitiativeTie) -> str:
    first = ", then ".join(e.name(c) for c in r.winner_first)
    return f"Tie at initiative {r.initiative} (modifier {r.modifier}): a coin flip puts {first}"


@WRITERS.of(rec.InitiativeEdit)
def _initiative_edit(e: Worded, r: rec.InitiativeEdit) -> str:
    before = f", acts before {e.name(r.before)}" if r.before else ""
    return f"{e.actor}: initiative {r.old} -> {r.new}{before}"


@WRITERS.of(rec.CombatStart)
def _combat_start(e: Worded, r: rec.CombatStart) -> str:
    return "Combat starts" + (" with a surprise round" if r.surprise_round else "")


@WRITERS.of(rec.RoundStart)
def _round_start(e: Worded, r: rec.RoundStart) -> str:
    if r.surprise:
        return "— Surprise round —"
    return f"— Round {e.round(r.round)} —"


@WRITERS.of(rec.RoundEnd)
def _round_end(e: Worded, r: rec.RoundEnd) -> str:
    number = e.round(r.round)
    # The surprise round is stored as round 0 (rounds count from 1 after it, 000 "Surprised").
    return "End of the surprise round" if number == 0 else f"End of round {number}"


@WRITERS.of(rec.CombatEnd)
def _combat_end(e: Worded, r: rec.CombatEnd) -> str:
    return f"Combat ends (round {e.round(r.rounds)})"


@WRITERS.of(rec.TurnStart)
def _turn_start(e: Worded, r: rec.TurnStart) -> str:
    return f"{e.actor}'s turn" + (" (re-entering after a delay)" if r.resumed else "")


@WRITERS.of(rec.DelayResume)
def _delay_resume(e: Worded, r: rec.DelayResume) -> str:
    return f"{e.actor} stops delaying: acts after {e.name(r.after)} (initiative {r.initiative})"


@WRITERS.of(rec.Ready)
def _ready(e: Worded, r: rec.Ready) -> str:
    what = f": {r.description}" if r.description else ""
    return f"{e.actor} readies a {r.action} action{what} (trigger: {r.trigger})"


WRITERS.fixed(rec.SurpriseEnd, 'No one is surprised any more (000 "Surprised")')
WRITERS.fixed(rec.TurnSkipped, "{actor} loses its turn ({r.reason})")
WRITERS.fixed(
    rec.ReadiedTriggered,
    "{actor} takes its readied {r.action} action before {targets} "
    "(trigger: {r.trigger}; initiative now {r.initiative})",
)
WRITERS.fixed(rec.ReadiedLapsed, "{actor}'s readied action lapses (trigger: {r.trigger})")
WRITERS.fixed(rec.AttackDropped, "{r.what} does not happen: {r.reason}")
WRITERS.fixed(rec.OfferWithdrawn, "{r.offer} ({r.reason})")
WRITERS.fixed(rec.TurnEnd, "{actor} ends its turn")
WRITERS.fixed(rec.TurnLost, "{actor} delayed too long: its turn this round is lost")
WRITERS.fixed(rec.Delay, "{actor} delays")
WRITERS.fixed(rec.JoinCombat, "{actor} joins the combat")
WRITERS.fixed(rec.ReadiedPassed, "{actor} lets its readied action pass")


@WRITERS.of(rec.AttackHeld)
def _attack_held(e: Worded, r: rec.AttackHeld) -> str:
    return f"{r.what} waits for the {opportunity_attacks(e.label)}"


@WRITERS.of(rec.OpportunityDeclined)
def _opportunity_declined(e: Worded, r: rec.OpportunityDeclined) -> str:
    return f"{e.actor} lets the {opportunity_attack(e.label)} pass"


WRITERS.fixed(rec.MoveStopped, "{actor} is stopped where it provoked")
