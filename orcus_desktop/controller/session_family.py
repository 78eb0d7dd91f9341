"""The base of `GameSession`'s command families (the mixins in ``session_*.py``).

Each family's methods delegate through `GameSession._run`, the one writer of the document and
the undo history; this base declares it once, for the type checker only, with what the families
read (`engine`, `encounter` and `battlefield`, defined by `session_questions.SessionQuestions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec

from orcus_desktop.controller.outcomes import OperationResult

if TYPE_CHECKING:
    from orcus_desktop.controller.engine import Engine
    from orcus_desktop.controller.outcomes import Outcome
    from orcus_desktop.geometry.battlefield import Battlefield
    from orcus_desktop.model.encounter import Encounter

P = ParamSpec("P")


class SessionFamily:
    """Declares `GameSession._run`, and what the families read, for the mixins."""

    if TYPE_CHECKING:
        engine: Engine

        @property
        def encounter(self) -> Encounter: ...

        def battlefield(self) -> Battlefield: ...

        def _run(
            self,
            initiator: object,
            use_case: Callable[Concatenate[Engine, Encounter, P], Outcome],
            /,
            *args: P.args,
            **kwargs: P.kwargs,
        ) -> OperationResult: ...
