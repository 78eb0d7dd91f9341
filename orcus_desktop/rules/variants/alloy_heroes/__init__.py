"""004 "Alloy Heroes": the variant's rules (its ruleset, hooks and procedures).

Besides this variant's packages in other layers, only the registry (`rules/variants/`) imports
it; it imports only the core and itself (import-linter contracts in pyproject.toml).
"""

from orcus_desktop.rules.ruleset.catalog import RulesVariant
from orcus_desktop.rules.variants.alloy_heroes.hooks import ALLOY_HEROES_HOOKS
from orcus_desktop.rules.variants.alloy_heroes.ruleset import ALLOY_004

VARIANT = RulesVariant(rulesets=(ALLOY_004,), hooks=ALLOY_HEROES_HOOKS)
