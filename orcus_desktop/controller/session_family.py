"""The base of `GameSession`'s command families (the mixins in ``session_*.py``).

Each family's methods delegate through `GameSession._run`, the one writer of the document and
the undo history; this base declares it once, for the type checker only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec

from orcus_desktop.controller.outcomes import OperationResult

if TYPE_CHECKING:
    from orcus_desktop.controller.engine import Engine
    from orcus_desktop.controller.outcomes import Outcome
    from orcus_desktop.model.encounter import Encounter

P = ParamSpec("P")


class SessionFamily:
    """Declares `GameSession._run` for the mixins that call it."""

    if TYPE_CHECKING:

        def _run(
            self,
            initiator: object,
            use_case: Callable[Concatenate[Engine, Encounter, P], Outcome],
            /,
            *args: P.args,
            **kwargs: P.kwargs,
        ) -> OperationResult: ...
