"""The rulesets a GM can pick, by id: what an encounter file names (id and version).

000 (and its options) are core; each variant registers its rulesets and the hooks they name
with :func:`register_variant`, called only by the variants' registry
(``rules/variants/__init__.py``, run by the composition root). Without it, Orcus still plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from orcus_desktop.rules.ruleset.core import ORCUS, ORCUS_NO_NEGATIVE_HP, Ruleset
from orcus_desktop.rules.ruleset.hooks import register_hooks


@dataclass(frozen=True, slots=True)
class RulesVariant:
    """What a variant's rules package gives the catalog.

    Attributes:
        rulesets: Its rulesets, in the order the picker and `rules` list them.
        hooks: The hook implementations they name (``rules/ruleset/hooks.py`` classes).
    """

    rulesets: tuple[Ruleset, ...]
    hooks: tuple[object, ...] = ()


_VARIANT_RULESETS: Final[list[Ruleset]] = []
_BY_ID: Final[dict[str, Ruleset]] = {}

RULESETS: Final[Mapping[str, Ruleset]] = MappingProxyType(_BY_ID)
"""Every known ruleset by id: 000 first, the registered variants, 000's options last."""

DEFAULT_RULESET_ID = ORCUS.id


def _list() -> None:
    _BY_ID.clear()
    _BY_ID.update((r.id, r) for r in (ORCUS, *_VARIANT_RULESETS, ORCUS_NO_NEGATIVE_HP))


_list()


def register_variant(variant: RulesVariant) -> None:
    """Add a variant's hooks, then its rulesets (again with the same ones: nothing changes).

    Raises:
        ValueError: A ruleset naming an unknown hook, or an id taken by another ruleset.
    """
    register_hooks(variant.hooks)
    for ruleset in variant.rulesets:
        ruleset.hooks.check()
        known = _BY_ID.get(ruleset.id)
        if known is None:
            _VARIANT_RULESETS.append(ruleset)
        elif known != ruleset:
            raise ValueError(f"ruleset id {ruleset.id!r} is taken by another ruleset")
    _list()


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
