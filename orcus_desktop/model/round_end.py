"""001's end-of-round activities, as the GM lists them (001-04).

001 l.47-49 "Second: The End Of Round Activities Are Performed Including Adding 1 to the Round
Count. End or round activities are things that don't require an Initiative Order but that still
need to be resolved." 001 names none, so they are the GM's: a line of text each, run every round
or once at the end of one round (docs/rulings.md R-90).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_ACTIVITY_TEXT = 200
"""The longest activity text the GM may enter (a line in the log)."""


@dataclass(frozen=True, slots=True)
class RoundEndActivity:
    """One end-of-round activity.

    Attributes:
        text: what is to be resolved ("the fire spreads one square").
        at_round: 0 for every round's end, else the one round at whose end it runs (then it
            is done and leaves the list).
    """

    text: str
    at_round: int = 0

    def due(self, ending_round: int) -> bool:
        """Whether it runs at the end of ``ending_round``."""
        return self.at_round in (0, ending_round)

    @property
    def when(self) -> str:
        """When it runs: "every round" or "end of round N" (the dialog, the log)."""
        return "every round" if self.at_round == 0 else f"end of round {self.at_round}"
