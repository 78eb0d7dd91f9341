"""002, the 4th Edition combat quick reference: the variant's rules (ruleset, hooks).

Besides this variant's packages in other layers, only the registry (`rules/variants/`) imports
it; it imports only the core and itself (import-linter contracts in pyproject.toml).
"""

from orcus_desktop.rules.ruleset.catalog import RulesVariant
from orcus_desktop.rules.variants.quick_reference.hooks import QUICK_REFERENCE_HOOKS
from orcus_desktop.rules.variants.quick_reference.ruleset import QUICKREF_002

VARIANT = RulesVariant(rulesets=(QUICKREF_002,), hooks=QUICK_REFERENCE_HOOKS)
