"""001's end-of-round step (001-04): the GM's activities, run by the flow as each round ends.

001 l.45-49 "Combat unfolds in these steps: First: All Creatures Involved Take Turns The
Initiative Order. Second: The End Of Round Activities Are Performed Including Adding 1 to the
Round Count." Under a ruleset whose encounter flow has the step (H2 ``end_of_round_step``), the
GM keeps a list of activities in `combat.round_end_activities` (one undo step per change, saved
with the encounter); `run` is `turn_order`'s round-end hook: between the round's end and the
next round's start it logs the step (`rule_note` 001-04) with every activity due, and the
one-round ones leave the list. The step is part of the End Turn that ends the round, so one
undo takes it back with the turn. Under every other ruleset nothing here changes anything.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.round_end import MAX_ACTIVITY_TEXT, RoundEndActivity

MECHANIC = "001-04"


def has_step(engine: Engine) -> bool:
    """Whether the ruleset's flow runs an end-of-round step (001-04)."""
    return engine.ruleset.hooks.flow.end_of_round_step


def run(engine: Engine, encounter: Encounter) -> Encounter:
    """The end-of-round step of the round ``encounter.combat.round`` (the hook; see module)."""
    if not has_step(engine):
        return encounter
    combat = encounter.combat
    ending = combat.round
    due = [a for a in combat.round_end_activities if a.due(ending)]
    listed = "; ".join(a.text for a in due) if due else "none listed"
    what = "the surprise round" if ending == 0 else f"round {ending}"
    note = f"End of {what}: activities: {listed}; 1 is added to the round count (001 l.47)"
    kept = tuple(a for a in combat.round_end_activities if a.at_round == 0 or a not in due)
    encounter = encounter.with_combat(replace(combat, round_end_activities=kept))
    return engine.rule_note(encounter, None, MECHANIC, note)


def add_activity(engine: Engine, encounter: Encounter, text: str, at_round: int = 0) -> Outcome:
    """The GM lists an end-of-round activity: every round (0) or once at round ``at_round``."""
    op = "add_round_end_activity"
    words = " ".join(text.split())
    combat = encounter.combat
    if not has_step(engine):
        return refuse(op, f"{engine.ruleset.name} has no end-of-round step (001-04)")
    if not words:
        return refuse(op, "type what is to be resolved at the end of the round")
    if len(words) > MAX_ACTIVITY_TEXT:
        return refuse(op, f"at most {MAX_ACTIVITY_TEXT} characters, please")
    if at_round < 0:
        return refuse(op, "the round is 0 (every round) or a round number")
    if at_round and combat.active and at_round < max(combat.round, 1):
        return refuse(op, f"round {at_round} has already ended (this is round {combat.round})")
    activity = RoundEndActivity(words, at_round)
    if activity in combat.round_end_activities:
        return refuse(op, f"already listed: {words} ({activity.when})")

    def change(e: Encounter) -> Encounter:
        listed = (*e.combat.round_end_activities, activity)
        return e.with_combat(replace(e.combat, round_end_activities=listed))

    return run_step(op, f"End-of-round activity: {words}", encounter, change)


def remove_activity(engine: Engine, encounter: Encounter, index: int) -> Outcome:
    """The GM takes the activity at ``index`` off the list."""
    op = "remove_round_end_activity"
    listed = encounter.combat.round_end_activities
    if not 0 <= index < len(listed):
        return refuse(op, "no such end-of-round activity")
    gone = listed[index]

    def change(e: Encounter) -> Encounter:
        kept = tuple(a for i, a in enumerate(e.combat.round_end_activities) if i != index)
        return e.with_combat(replace(e.combat, round_end_activities=kept))

    return run_step(op, f"Remove end-of-round activity: {gone.text}", encounter, change)
