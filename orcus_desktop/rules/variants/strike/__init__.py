"""001 "Strike! / Shoot! / Spell!": the variant's rules (its ruleset, hooks and procedures).

Besides this variant's packages in other layers, only the registry (`rules/variants/`) imports
it; it imports only the core and itself (import-linter contracts in pyproject.toml).
"""

from orcus_desktop.rules.ruleset.catalog import RulesVariant
from orcus_desktop.rules.variants.strike.hooks import STRIKE_HOOKS
from orcus_desktop.rules.variants.strike.ruleset import STRIKE_001

VARIANT = RulesVariant(rulesets=(STRIKE_001,), hooks=STRIKE_HOOKS)
