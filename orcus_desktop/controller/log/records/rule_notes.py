"""The log record of a variant rule the GM adjudicates (docs/rulesets.md, mechanic ids).

Where a ruleset's mechanic needs a decision only the GM can make (004-27: the covering
creature may choose to take the hit), the controller logs what the rule says with its
mechanic id, and the result carries the same text as a prompt.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from orcus_desktop.controller.log.records.base import LogRecord
from orcus_desktop.model.combat import Combat


@dataclass(frozen=True, slots=True)
class RuleNote(LogRecord):
    """A rule of the encounter's ruleset the GM applies: its mechanic id and what it says."""

    kind: ClassVar[str] = "rule_note"
    mechanic: str
    note: str


def rule_noted(
    combat: Combat, actor: str | None, mechanic: str, note: str, targets: Iterable[str] = ()
) -> Combat:
    """`combat` with one more `RuleNote` in its log: the one writer of a rule note."""
    return RuleNote(mechanic, note).logged_in(combat, actor, targets)
