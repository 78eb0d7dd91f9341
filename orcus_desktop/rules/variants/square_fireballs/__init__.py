"""003 "Square Fireballs": the variant's rules (its ruleset, hooks and procedures).

Besides this variant's packages in other layers, only the registry (`rules/variants/`) imports
it; it imports only the core and itself (import-linter contracts in pyproject.toml).
"""

from orcus_desktop.rules.ruleset.catalog import RulesVariant
from orcus_desktop.rules.variants.square_fireballs.hooks import SQUARE_FIREBALLS_HOOKS
from orcus_desktop.rules.variants.square_fireballs.ruleset import SQUARE_FIREBALLS_003

VARIANT = RulesVariant(rulesets=(SQUARE_FIREBALLS_003,), hooks=SQUARE_FIREBALLS_HOOKS)
