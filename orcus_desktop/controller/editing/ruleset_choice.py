"""Choosing the encounter's ruleset (docs/rulesets.md): one undo step, refused during combat.

The encounter names its ruleset by id (`Encounter.ruleset_id`); the session's rules follow it.
Switching during combat is refused: the turn's budget, the reactions taken and the effects
running were set up under the current ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step, refuse
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import shared_space, spaces_may_be_shared
from orcus_desktop.rules.ruleset import (
    DEFAULT_RULESET_ID,
    RULESETS,
    Ruleset,
    UnknownRulesetError,
    ruleset_by_id,
)
from orcus_desktop.rules.ruleset.changes import ruleset_changes

IN_COMBAT: Final = (
    "the ruleset cannot change during combat: the turns, actions and effects in play were "
    "set up under the current one; end combat first"
)


def switch_ruleset(engine: Engine, encounter: Encounter, ruleset_id: str) -> Outcome:
    """Play the encounter by another ruleset: "Ruleset Alloy Heroes (004)", one undo step.

    The result's ``details["changes"]`` lists every rules value that differs (what the GM is
    told changes).
    """
    op = "switch_ruleset"
    try:
        new = ruleset_by_id(ruleset_id)
    except UnknownRulesetError as exc:
        return refuse(op, str(exc))
    if new.id == encounter.ruleset_id:
        return refuse(op, f"the encounter is already played by {new.name}")
    if encounter.combat.active:
        return refuse(op, IN_COMBAT)
    if (crowded := _shared_space_problem(encounter, new)) is not None:
        return refuse(op, crowded)
    changes = ruleset_changes(ruleset_by_id(encounter.ruleset_id), new)
    result = OperationResult(
        True,
        op,
        text=f"Ruleset {new.name}",
        details={"ruleset": new.id, "changes": changes},
    )
    return Step(replace(encounter, ruleset_id=new.id), result)


def _shared_space_problem(encounter: Encounter, new: Ruleset) -> str | None:
    """Why the map cannot be played by `new` as it stands: two creatures share a space.

    001-09 (and 004-25) let a creature stand in another's space; a ruleset that does not would
    make a file that cannot reopen, so the GM moves one of them first (docs/rulings.md R-163).
    """
    if spaces_may_be_shared(new.id):
        return None
    pair = shared_space(encounter)
    if pair is None:
        return None
    first, second = pair
    return (
        f"{second.name} shares {first.name}'s space, which {new.name} does not allow: "
        "move one of them first"
    )


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """What the ruleset pickers show of one ruleset."""

    id: str
    name: str
    source: str
    description: str
    experimental: bool

    @property
    def title(self) -> str:
        """How a picker names it ("Alloy Heroes (004)"; experimental ones say so)."""
        return f"{self.name} (experimental)" if self.experimental else self.name

    @property
    def summary(self) -> str:
        """Its description and source."""
        return f"{self.description}\nSource: seed {self.source}, ruleset id {self.id!r}."


DEFAULT_CHOICE = DEFAULT_RULESET_ID
"""The ruleset a new encounter is played by unless the GM picks another (Orcus)."""


def ruleset_info(ruleset_id: str) -> RulesetInfo:
    """The picker's view of a known ruleset.

    Raises:
        UnknownRulesetError: No such ruleset.
    """
    r = ruleset_by_id(ruleset_id)
    return RulesetInfo(r.id, r.name, r.source, r.description, r.experimental)


def ruleset_choices() -> tuple[RulesetInfo, ...]:
    """Every ruleset a GM can pick, Orcus first."""
    return tuple(ruleset_info(i) for i in RULESETS)


def changes_between(old_id: str, new_id: str) -> tuple[str, ...]:
    """One line per rules value that differs between two rulesets."""
    return ruleset_changes(ruleset_by_id(old_id), ruleset_by_id(new_id))


def new_encounter(ruleset_id: str, columns: int, rows: int) -> Encounter:
    """An empty encounter on a grid, played by a ruleset (File > New)."""
    return Encounter(GridBounds(columns, rows), ruleset_id=ruleset_by_id(ruleset_id).id)
