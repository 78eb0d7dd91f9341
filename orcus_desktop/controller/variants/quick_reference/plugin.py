"""002's hooks, as the core calls them (`controller/plugins.py`): one `Variant`, `QUICK_REFERENCE`.

Every other 002 mechanic is data of `rules/variants/quick_reference/ruleset.py` that the core
reads.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.plugins import Variant
from orcus_desktop.controller.variants.quick_reference import powers

QUICK_REFERENCE: Final = Variant(
    name="4e quick reference (002)",
    ruleset_ids=frozenset({"4e-quickref"}),
    # 002-11 potions, 002-15 the minor item and door actions, 002-24 first aid.
    action_powers=tuple(powers.POWERS.items()),
)
"""Everything 002 adds to the core, for the `4e-quickref` ruleset."""
