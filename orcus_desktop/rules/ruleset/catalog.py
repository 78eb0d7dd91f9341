"""The rulesets a GM can pick, by id: what an encounter file names (id and version)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from orcus_desktop.rules.ruleset.alloy import ALLOY_004
from orcus_desktop.rules.ruleset.core import ORCUS, ORCUS_NO_NEGATIVE_HP, Ruleset
from orcus_desktop.rules.ruleset.quickref import QUICKREF_002
from orcus_desktop.rules.ruleset.square_fireballs import SQUARE_FIREBALLS_003
from orcus_desktop.rules.ruleset.strike import STRIKE_001

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        r.id: r
        for r in (
            ORCUS,
            QUICKREF_002,
            ALLOY_004,
            SQUARE_FIREBALLS_003,
            STRIKE_001,
            ORCUS_NO_NEGATIVE_HP,
        )
    }
)
"""Every known ruleset by id, 000 first."""

DEFAULT_RULESET_ID = ORCUS.id


class UnknownRulesetError(ValueError):
    """A ruleset id (or version) this program does not know; the message is one line."""


def ruleset_by_id(ruleset_id: str, version: int | None = None) -> Ruleset:
    """The ruleset with that id; with ``version``, one that version can be read by.

    Raises:
        UnknownRulesetError: No such id, or a version newer than the one known.
    """
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        known = ", ".join(RULESETS)
        raise UnknownRulesetError(f"unknown ruleset {ruleset_id!r} (known: {known})")
    if version is not None and version > ruleset.version:
        raise UnknownRulesetError(
            f"ruleset {ruleset_id!r} version {version} is newer than this program's "
            f"(version {ruleset.version})"
        )
    return ruleset
