"""What every hand of the random GM shares: the step it played, the session and the dice.

A hand (`Hand`) is one part of what a GM does (the creature's actions in `random_gm.py`, the
map and library in `random_gm_map.py`, the initiative and the variants' own steps in
`random_gm_turns.py`); each of its steps returns a `Played`, or None when nothing of that
kind can be done now, so the GM picks again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ParamSpec

from orcus_desktop.controller.availability.table import ActionOption, PowerOption
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.session.runner import UseCase
from orcus_desktop.geometry.grid import Square, space_distance

P = ParamSpec("P")


@dataclass(frozen=True, slots=True)
class Played:
    """One step of the random GM: what it asked for, the answer, and the promise it relied on.

    Attributes:
        what: the call, as a reader of a failure wants it ("shove('ogre', 'fighter', ...)").
        result: the session's answer (a refusal is a result).
        offered: the availability option that called the action allowed, if one did.
        promised: what the app offered as it was asked for, with nothing left to refuse it for
            (the GM box's Downgrade enabled, 001's "Who goes first?" as its dialog offers it
            before the fight), or "": such a step is never refused.
    """

    what: str
    result: OperationResult
    offered: ActionOption | PowerOption | None = None
    promised: str = ""

    @property
    def offered_as(self) -> str:
        """What the panel offered: the action, or the power by name."""
        offered = self.offered
        return (
            offered.name if isinstance(offered, PowerOption) else str(offered and offered.action)
        )


Choice = Callable[[], Played | None]
"""One kind of step: played now, or None when it cannot be played now."""


class Hand:
    """Plays through `session` only, with dice and picks from `rng`."""

    def __init__(self, session: GameSession, rng: random.Random) -> None:
        self.session = session
        self.rng = rng

    def call(
        self,
        what: str,
        call: Callable[[], OperationResult],
        offered: ActionOption | PowerOption | None = None,
    ) -> Played:
        return Played(what, call(), offered)

    def run(self, use_case: UseCase[P], /, *args: P.args, **kwargs: P.kwargs) -> Played:
        """Hand `use_case` to the session; the step reads as the call ("crouch('ogre')")."""
        return Played(
            _call_text(use_case, args, kwargs), self.session.run(use_case, *args, **kwargs)
        )

    def run_offered(
        self, offered: ActionOption, use_case: UseCase[P], /, *args: P.args, **kwargs: P.kwargs
    ) -> Played:
        """`run` for an action the Actions panel `offered` as allowed (the promise checked)."""
        result = self.session.run(use_case, *args, **kwargs)
        return Played(_call_text(use_case, args, kwargs), result, offered)

    def run_promised(
        self, promised: str, use_case: UseCase[P], /, *args: P.args, **kwargs: P.kwargs
    ) -> Played:
        """`run` for a step the app offered as allowed, as it is asked for (`Played.promised`)."""
        result = self.session.run(use_case, *args, **kwargs)
        return Played(_call_text(use_case, args, kwargs), result, promised=promised)

    def run_by(self, creature_id: str | None, use_case: UseCase[[str]]) -> Played | None:
        """`use_case` for `creature_id`, or None when there is no such creature now."""
        return None if creature_id is None else self.run(use_case, creature_id)

    def creature_ids(self) -> list[str]:
        return [c.id for c in self.session.encounter.creatures]

    def others(self, actor: str, *, enemies: bool | None = None) -> list[str]:
        """The other creatures on the map; only its enemies (or allies) when asked."""
        encounter = self.session.encounter
        side = encounter.creature(actor).side
        return [
            c.id
            for c in encounter.creatures
            if c.id != actor and (enemies is None or (c.side != side) == enemies)
        ]

    def square(self) -> Square:
        """Any square of the map."""
        grid = self.session.encounter.grid
        return Square(self.rng.randrange(grid.columns), self.rng.randrange(grid.rows))

    def dice(self, n: int = 6) -> list[int]:
        """The dice the GM types in: two d20s, then faces of any die (1 to 4); now and then
        d20s throughout, which a smaller damage die refuses in words."""
        if self.rng.random() < 0.3:
            return [self.rng.randint(1, 20) for _ in range(n)]
        d20s = [self.rng.randint(1, 20) for _ in range(min(n, 2))]
        return d20s + [self.rng.randint(1, 4) for _ in range(n - len(d20s))]

    def near(self, actor: str, among: list[str]) -> str:
        """One of `among`, most often the nearest to `actor` (a melee action's likely mark)."""
        if self.rng.random() < 0.3:
            return self.rng.choice(among)
        encounter = self.session.encounter
        me = encounter.creature(actor).space
        return min(among, key=lambda c: space_distance(me, encounter.creature(c).space))


def _call_text(
    use_case: Callable[..., object], args: Sequence[object], kwargs: Mapping[str, object]
) -> str:
    words = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{use_case.__name__}({', '.join(words)})"
