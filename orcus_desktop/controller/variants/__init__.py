"""The registry of the variants' code: the one core-side module that imports them.

Each variant package under `controller/variants/` builds one `plugins.Variant` of its hooks;
`REGISTERED` lists them, and the session hands them to `CombatRules`, whose ruleset picks the
ones that apply (`plugins.active`). Deleting a variant's package and its line here leaves
Orcus (000) running (tests/controller/test_plugins.py).
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.plugins import Variant
from orcus_desktop.controller.variants.alloy_heroes.plugin import ALLOY_HEROES
from orcus_desktop.controller.variants.quick_reference.plugin import QUICK_REFERENCE
from orcus_desktop.controller.variants.square_fireballs.plugin import SQUARE_FIREBALLS
from orcus_desktop.controller.variants.strike.plugin import STRIKE

REGISTERED: Final[tuple[Variant, ...]] = (STRIKE, ALLOY_HEROES, QUICK_REFERENCE, SQUARE_FIREBALLS)
"""Every variant this program plays, in the order their hooks run."""
