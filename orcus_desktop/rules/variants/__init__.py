"""The rules variants (001-004), each a package; this registry is the one place importing them.

A variant's package holds its ruleset, the hook implementations the ruleset names and the
procedures only it runs (docs/rulesets.md "Where the code lives"). :func:`install` registers
them with the catalog; the composition root (``app.py``, ``cli.py``, the test set-up) calls it
before it opens a file. Removing a variant is deleting its package and its line below; Orcus
(000) plays without any.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.rules.ruleset.catalog import RulesVariant, register_variant
from orcus_desktop.rules.variants import alloy_heroes, quick_reference, square_fireballs, strike

VARIANTS: Final[tuple[RulesVariant, ...]] = (
    quick_reference.VARIANT,
    alloy_heroes.VARIANT,
    square_fireballs.VARIANT,
    strike.VARIANT,
)
"""In the order the picker and `orcus-desktop rules` list them (after 000)."""


def install() -> None:
    """Register every variant's hooks and rulesets (again: nothing changes)."""
    for variant in VARIANTS:
        register_variant(variant)
