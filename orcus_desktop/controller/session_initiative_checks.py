"""001's initiative choices as `GameSession` methods (001-01..03).

A mixin of the façade (`session.py`), like `session_lighting`: the edit delegates to
`initiative_checks` through `GameSession._run` (one undo step); the question reads the document.
"""

from __future__ import annotations

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session_family import SessionFamily
from orcus_desktop.controller.variants.strike import initiative_checks
from orcus_desktop.rules.initiative_choice import InitiativeChoice


class InitiativeCheckCommands(SessionFamily):
    """001's initiative family of `GameSession` (see the module docstring)."""

    def set_initiative_choice(
        self,
        creature_id: str,
        check: str,
        tie_choice: str = "none",
        *,
        unaware: bool = False,
        unseen: bool = False,
        hidden: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        """001-01..03: the check the creature rolls, its tie choice and 001-02's flags."""
        return self._run(
            initiator,
            initiative_checks.set_choice,
            creature_id,
            check,
            tie_choice,
            unaware=unaware,
            unseen=unseen,
            hidden=hidden,
        )

    def chooses_initiative_checks(self) -> bool:
        """Whether each creature chooses its initiative check (001-01)."""
        return initiative_checks.chooses_checks(self.engine)

    def initiative_choice(self, creature_id: str) -> InitiativeChoice | None:
        """The creature's 001 initiative choice (the default until set); None under 000."""
        if not initiative_checks.chooses_checks(self.engine):
            return None
        return initiative_checks.choice_of(self.encounter, creature_id)
