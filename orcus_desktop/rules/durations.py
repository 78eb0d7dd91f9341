"""How long effects last and when a turn boundary ends them (000 "Duration").

000 lists: until the end of the target's next turn, until the end of the user's next turn, until
the start of the target's next turn, until the start of the user's next turn, save ends. 000
"Conditions" adds conditions that last "until countered" (prone, until the creature stands up),
and 000 "Surprised" ends "when the surprise round ends". Effects "until the end of the
encounter" end with it.

"Next turn" matters for effects applied during the very turn they refer to: an effect "until the
end of your next turn" applied on your turn survives that turn's end. Such an instance is created
with ``skip_end=True`` and the first end of that turn only clears the flag.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from orcus_desktop.rules.terms import parse_enum
from orcus_desktop.vocabulary import CreatureId


class DurationKind(StrEnum):
    """When an effect ends."""

    END_OF_TARGET_NEXT_TURN = "end_of_target_next_turn"
    END_OF_USER_NEXT_TURN = "end_of_user_next_turn"
    START_OF_TARGET_NEXT_TURN = "start_of_target_next_turn"
    START_OF_USER_NEXT_TURN = "start_of_user_next_turn"
    SAVE_ENDS = "save_ends"
    END_OF_ENCOUNTER = "end_of_encounter"
    UNTIL_COUNTERED = "until_countered"
    END_OF_SURPRISE_ROUND = "end_of_surprise_round"
    END_OF_TARGET_TURN = "end_of_target_turn"
    """The end of the holder's turn, the one going on when it is imposed (003-41/42 "this
    turn"); imposed outside its turns, the end of its next one."""

    @property
    def boundary(self) -> TurnBoundary | None:
        """The turn boundary that ends it, for the four turn-bound kinds."""
        if self in (
            DurationKind.END_OF_TARGET_NEXT_TURN,
            DurationKind.END_OF_USER_NEXT_TURN,
            DurationKind.END_OF_TARGET_TURN,
        ):
            return TurnBoundary.END
        if self in (DurationKind.START_OF_TARGET_NEXT_TURN, DurationKind.START_OF_USER_NEXT_TURN):
            return TurnBoundary.START
        return None

    @property
    def follows_user(self) -> bool:
        return self in (DurationKind.END_OF_USER_NEXT_TURN, DurationKind.START_OF_USER_NEXT_TURN)


class TurnBoundary(StrEnum):
    """The start or the end of a creature's turn."""

    START = "start"
    END = "end"


@dataclass(frozen=True, slots=True)
class Duration:
    """A duration kind plus, for the "user's turn" kinds, who the user is.

    Attributes:
        kind: When it ends.
        user: The creature whose turn ends a "user's next turn" effect.
    """

    kind: DurationKind
    user: CreatureId | None = None

    def __post_init__(self) -> None:
        if self.kind.follows_user and self.user is None:
            raise ValueError(f"duration: {self.kind.value} needs the user")

    def turn_owner(self, holder: CreatureId) -> CreatureId | None:
        """Whose turn ends it: the user's, the holder's (the target), or nobody's."""
        if self.kind.boundary is None:
            return None
        return self.user if self.kind.follows_user else holder

    def starts_armed(self, holder: CreatureId, current_turn: CreatureId | None) -> bool:
        """True if applied during the turn it names, so that turn's end must not end it."""
        return (
            self.kind.boundary is TurnBoundary.END
            and self.kind is not DurationKind.END_OF_TARGET_TURN  # "this turn": ends with it
            and current_turn is not None
            and self.turn_owner(holder) == current_turn
        )

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind.value}
        if self.user is not None:
            data["user"] = self.user
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object], field: str = "duration") -> Duration:
        kind = parse_enum(DurationKind, data.get("kind"), f"{field}.kind")
        user = data.get("user")
        if user is not None and not isinstance(user, str):
            raise ValueError(f"{field}.user: expected a creature id string, got {user!r}")
        return cls(kind, CreatureId(user) if user is not None else None)


SAVE_ENDS = Duration(DurationKind.SAVE_ENDS)
END_OF_ENCOUNTER = Duration(DurationKind.END_OF_ENCOUNTER)
UNTIL_COUNTERED = Duration(DurationKind.UNTIL_COUNTERED)


class Expiry(StrEnum):
    """What a turn boundary does to one effect."""

    KEEP = "keep"
    EXPIRE = "expire"
    DISARM = "disarm"
    """Clear ``skip_end``: this was the turn during which it was applied."""


def check_expiry(
    duration: Duration,
    *,
    skip_end: bool,
    holder: CreatureId,
    boundary: TurnBoundary,
    turn_of: CreatureId,
) -> Expiry:
    """Decide what the ``boundary`` of ``turn_of``'s turn does to an effect on ``holder``."""
    if duration.kind.boundary is not boundary or duration.turn_owner(holder) != turn_of:
        return Expiry.KEEP
    if boundary is TurnBoundary.END and skip_end:
        return Expiry.DISARM
    return Expiry.EXPIRE
