"""004 Alloy Heroes' read-only questions, each `(Engine, Encounter, ...) -> answer`.

Asked through `GameSession.ask` by 004's UI (`ui/variants/alloy_heroes/`), like the core's
`controller/session/questions.py`; none changes the document.
"""

from __future__ import annotations

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.variants.alloy_heroes import skill_uses
from orcus_desktop.model.encounter import Encounter


def skill_use_offered(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset has the skill use as an action (004-09)."""
    return skill_uses.skill_use_offered(engine)
