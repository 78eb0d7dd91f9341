"""001's Influence, Magic, Search, Study and Utilize: actions the GM resolves by a check (001-35).

001 l.312-342 lists them among the actions: Influence ("you urge a monster to do something",
l.314-322), Magic (l.326), Search (l.334), Study (l.338), Utilize (l.342). None moves a token or
deals damage, so the app keeps them as log lines: what the creature tries, the check the table
rolled against the GM's DC, and the outcome. Influence asks the monster's attitude first
(l.314-320: a willing or unwilling monster needs no check) and its DC is "15 or the monster's
Intelligence score, whichever is higher" (l.322) unless the GM sets another; "On a failed check,
you must wait 24 hours ... before urging it in the same way again" is a log note. Picks
(docs/rulings.md R-100): in combat each is the creature's one action on its own turn (001-05);
outside combat it costs nothing. One undo step each.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.controller.engine import Engine, named_step
from orcus_desktop.controller.outcomes import Outcome, refuse
from orcus_desktop.controller.variants.strike.strike_states import has_states, turn_action_problem
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.powers import ActionKind

MECHANIC = "001-35"
"""001-35 Influence, Magic, Search, Study, Utilize (001 l.312-342)."""

INFLUENCE_BASE_DC = 15
"""001 l.322 "default DC equal to 15 or the monster's Intelligence score, whichever is higher"."""

MAX_WHAT = 120
"""The longest description of what the creature tries (a line in the log)."""


class TableAction(StrEnum):
    """001's actions outside the fight (001-35), with the line that defines each."""

    INFLUENCE = "influence"
    """Urge a monster to do something; a check only if it is hesitant (:class:`Attitude`)."""
    MAGIC = "magic"
    """Prepare a spell or use a feature or magic item that needs a Magic action."""
    SEARCH = "search"
    """A check to discern something that isn't obvious."""
    STUDY = "study"
    """A check to call to mind an important piece of information."""
    UTILIZE = "utilize"
    """Use an object that requires an action for its use."""

    @property
    def label(self) -> str:
        return self.value.title()

    @property
    def seed_line(self) -> str:
        """Where 001 defines it ("001 l.314")."""
        return {
            TableAction.INFLUENCE: "001 l.314",
            TableAction.MAGIC: "001 l.326",
            TableAction.SEARCH: "001 l.334",
            TableAction.STUDY: "001 l.338",
            TableAction.UTILIZE: "001 l.342",
        }[self]


class Attitude(StrEnum):
    """How the urged monster feels about the urging, as the GM determines (001 l.314-320)."""

    WILLING = "willing"
    """The urging aligns with its desires: no check, it does as urged in a way it prefers."""
    HESITANT = "hesitant"
    """It is hesitant: the urger makes a check against :func:`influence_dc`."""
    UNWILLING = "unwilling"
    """The urging is repugnant to it: no check, it does not comply."""


@dataclass(frozen=True, slots=True)
class TableCheck:
    """What the GM records for one of the actions.

    Attributes:
        action: which of the five.
        what: what the creature tries ("persuade the guard to open the gate").
        total: the check's total rolled at the table, or None: no check (a Magic or Utilize
            action, a willing or unwilling monster).
        dc: the DC the GM set; None: Influence's default (l.322), required for the others.
        target_id: the monster urged (Influence), else None.
        attitude: the urged monster's attitude (Influence only).
    """

    action: TableAction
    what: str
    total: int | None = None
    dc: int | None = None
    target_id: str | None = None
    attitude: Attitude = Attitude.HESITANT


def offers_table_actions(engine: Engine) -> bool:
    """Whether the ruleset has 001's actions (its Hidden and Crouching states mark 001)."""
    return has_states(engine.ruleset)


def influence_dc(engine: Engine, encounter: Encounter, target_id: str) -> int:
    """15 or the monster's Intelligence score, whichever is higher (001-35, 001 l.322)."""
    sb = engine.rules.statblock(encounter.creature(target_id))
    score = sb.abilities.score(Ability.INTELLIGENCE) if sb is not None else 0
    return max(INFLUENCE_BASE_DC, score)


def table_action_problem(
    engine: Engine, encounter: Encounter, creature_id: str, action: TableAction
) -> str:
    """Why the creature cannot take `action` now, whatever it tries, or "" (001-35, R-100).

    In combat it is the creature's one action on its own turn (001-05); outside, it is free.
    """
    if not offers_table_actions(engine):
        return f"{engine.ruleset.name} has no {action.label} action (001-35)"
    if encounter.combat.active:
        return turn_action_problem(engine, encounter, creature_id, action.label)
    return ""


def _problem(engine: Engine, encounter: Encounter, creature_id: str, check: TableCheck) -> str:
    if not offers_table_actions(engine):
        return table_action_problem(engine, encounter, creature_id, check.action)
    if not check.what.strip() or len(check.what.strip()) > MAX_WHAT:
        return f"Say in 1 to {MAX_WHAT} characters what the creature tries"
    if check.action is TableAction.INFLUENCE:
        if check.target_id is None or check.target_id == creature_id:
            return "Influence urges another creature: choose the monster (001 l.314)"
        if encounter.find_creature(check.target_id) is None:
            return f"{check.target_id} is not on the map"
        if check.attitude is Attitude.HESITANT and check.total is None:
            return "A hesitant monster needs an ability check: enter its total (001 l.322)"
    elif check.total is not None and check.dc is None:
        return f"Set the DC of the {check.action.label} check"
    return table_action_problem(engine, encounter, creature_id, check.action)


def _outcome(engine: Engine, encounter: Encounter, check: TableCheck) -> tuple[str, bool]:
    """The log's words for the result, and whether the check failed."""
    if check.action is TableAction.INFLUENCE and check.target_id is not None:
        monster = engine.name(encounter, check.target_id)
        if check.attitude is Attitude.WILLING:
            return f"{monster} is willing: no check, it does as urged (001 l.316)", False
        if check.attitude is Attitude.UNWILLING:
            return f"{monster} is unwilling: no check, it does not comply (001 l.318)", False
        dc = check.dc if check.dc is not None else influence_dc(engine, encounter, check.target_id)
    elif check.total is None or check.dc is None:
        return "no check", False
    else:
        dc = check.dc
    total = check.total if check.total is not None else 0
    success = total >= dc
    return f"check {total} vs DC {dc}: {'success' if success else 'failure'}", not success


def take_table_action(
    engine: Engine, encounter: Encounter, creature_id: str, check: TableCheck
) -> Outcome:
    """The creature takes one of 001's actions outside the fight (module docstring).

    Logged as a rule note with the mechanic id (and, after a failed Influence, a second note:
    the same urging waits 24 hours, 001 l.322); in combat its action is spent.
    """
    op = "table_action"
    problem = _problem(engine, encounter, creature_id, check)
    if problem:
        return refuse(op, problem, creature_id)
    label = check.action.label
    what = check.what.strip()

    def change(e: Encounter) -> Encounter:
        result, failed = _outcome(engine, e, check)
        urged = f" {engine.name(e, check.target_id)}" if check.target_id else ""
        note = f"{label}{urged} ({check.action.seed_line}): {what}; {result}"
        e = Engine.rule_note(e, creature_id, MECHANIC, note)
        if failed and check.action is TableAction.INFLUENCE:
            who = engine.name(e, creature_id)
            lock = f"{who} cannot urge{urged} this way again for 24 hours (001 l.322): {what}"
            e = Engine.rule_note(e, creature_id, MECHANIC, lock)
        if e.combat.active:
            e = engine.spend(e, creature_id, ActionKind.STANDARD)
        return e

    return named_step(engine, encounter, op, f"{{name}}: {label}", change, creature_id)
