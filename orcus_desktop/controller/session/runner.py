"""The types of the session's runner: a use case, a question, who asked, and a bound caller.

`UseCase[P]` is a GM action, `(Engine, Encounter, *P) -> Outcome`; `Question[P, T]` a read-only
answer, `(Engine, Encounter, *P) -> T`. Both are typed with ParamSpec, so `GameSession.run`
and `GameSession.ask` check the arguments handed with them against the function's own
signature. `Caller` is the session as one initiator sees it (`GameSession.by`): a ParamSpec'd
runner cannot take an extra keyword (PEP 612), so the initiator is bound first instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeAlias, TypeVar

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import OperationResult, Outcome
from orcus_desktop.model.encounter import Encounter

if TYPE_CHECKING:
    from orcus_desktop.controller.session.facade import GameSession

P = ParamSpec("P")
T = TypeVar("T")

UseCase: TypeAlias = Callable[Concatenate[Engine, Encounter, P], Outcome]
"""A GM action: the snapshot before it, its arguments -> the next step or a refusal."""

Question: TypeAlias = Callable[Concatenate[Engine, Encounter, P], T]
"""A read-only answer about the snapshot; it changes nothing."""

Initiator: TypeAlias = object
"""Who asked (a panel, a tool, the window), or None; passed back with the result on
`GameSession.operation_done`, so the UI can show a refusal where the GM asked."""


@dataclass(frozen=True, slots=True)
class Caller:
    """The session as one initiator uses it: what it runs is announced with that initiator."""

    session: GameSession
    initiator: Initiator

    def run(self, use_case: UseCase[P], /, *args: P.args, **kwargs: P.kwargs) -> OperationResult:
        """Run `use_case` as `GameSession.run` does, announced with this caller's initiator."""
        return self.session._run(self.initiator, use_case, *args, **kwargs)
