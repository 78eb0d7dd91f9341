"""What a creature chose for 001's initiative (001-01..03), kept with the combat.

Data only, in the core because the model stores it (`rules/variants/strike/initiative.py` does
the arithmetic). 001 l.15 "Third: Roll The Initiative Order": "they make either a Quickness,
Perception, or Awareness check, it is their choice"; l.19 "the choice lasts the whole combat".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.vocabulary import CreatureId


class InitiativeCheck(StrEnum):
    """001-01: the check a creature rolls for initiative, in 001's precedence (l.23)."""

    AWARENESS = "awareness"
    PERCEPTION = "perception"
    QUICKNESS = "quickness"

    @property
    def precedence(self) -> int:
        """001 l.23 "Awareness goes before Perception which goes before Quickness": 3, 2, 1."""
        return 3 - list(InitiativeCheck).index(self)


class TieChoice(StrEnum):
    """001-03 step 1: go "before or after the ones they are tied with" (l.19)."""

    NONE = "none"
    BEFORE = "before"
    AFTER = "after"


@dataclass(frozen=True, slots=True)
class InitiativeChoice:
    """One creature's choices for 001's initiative (the GM sets them for monsters).

    Attributes:
        check: the check it rolls (001-01).
        tie_choice: its standing choice among ties, for the whole combat (001-03 step 1).
        unaware: Unaware, Distracted or Overconfident: -1 (001-02, the GM's call).
        unseen: not Seen by an opponent: +1 (001-02).
        hidden: Hidden or Imperceivable to an opponent: +2 (001-02; pick: not with the +1).
    """

    creature_id: CreatureId
    check: InitiativeCheck = InitiativeCheck.QUICKNESS
    tie_choice: TieChoice = TieChoice.NONE
    unaware: bool = False
    unseen: bool = False
    hidden: bool = False
