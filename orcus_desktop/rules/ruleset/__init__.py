"""A ruleset: the plain fields, data tables and named hooks of one rules text (000-004).

``Ruleset`` (core.py) holds every rules number and switch, the three tables (tables.py: D1
action economy, D2 condition set, D3 cover scale) and the names of its hooks (hooks.py); the
rulesets are listed by id in catalog.py: 000's, and those the variants' registry
(``rules/variants/``) registers. See docs/rulesets.md.
"""

from orcus_desktop.rules.ruleset.catalog import (
    DEFAULT_RULESET_ID,
    RULESETS,
    UnknownRulesetError,
    ruleset_by_id,
)
from orcus_desktop.rules.ruleset.core import ORCUS, ORCUS_NO_NEGATIVE_HP, DeathSaveTiming, Ruleset

__all__ = [
    "DEFAULT_RULESET_ID",
    "ORCUS",
    "ORCUS_NO_NEGATIVE_HP",
    "RULESETS",
    "DeathSaveTiming",
    "Ruleset",
    "UnknownRulesetError",
    "ruleset_by_id",
]
