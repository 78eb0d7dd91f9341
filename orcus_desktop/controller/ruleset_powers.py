"""The actions a ruleset adds to 000's list, offered as built-in powers (docs/rulesets.md).

A ruleset names them in its action economy (``actions.extra_actions``: id -> action kind);
its variant's package holds the power behind each id (the `action_powers` hook: 002's in
`controller/variants/quick_reference/powers.py`, 004's in `variants/alloy_heroes/powers.py`),
and here each id becomes a `Power` every creature has under that ruleset, so the Actions panel
lists it with its kind, availability answers for it like any power and ``use_power`` plays
it. What the rules text leaves to the table (which potion, which weapon, where a dropped item
lies) is the power's text, shown to the GM. Orcus lists none: its powers stay as they were.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller import plugins
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.rules.powers import (
    ActionKind,
    Outcome,
    Power,
    PowerCategory,
    TargetKind,
)
from orcus_desktop.vocabulary import Origin


def utility_power(name: str, text: str, *, touch: bool = False) -> Power:
    """A GM-resolved action: it costs its kind and logs its text (no roll)."""
    return Power(
        name=name,
        category=PowerCategory.UTILITY,
        origin=Origin.MELEE if touch else Origin.SELF,
        targets=TargetKind.ONE if touch else TargetKind.SELF,
        effect=Outcome(text=text),
    )


AUTOFIRE_KEYWORD = "autofire"
"""004-22: the keyword of the autofire powers (004-09: they provoke like ranged attacks)."""


def ruleset_powers(rules: CombatRules) -> tuple[Power, ...]:
    """The built-in powers for the ruleset's ``actions.extra_actions``, each with its kind.

    The powers behind the ids are the variants' (`plugins.action_powers`).
    """
    powers = plugins.action_powers(rules)
    out: list[Power] = []
    for key, kind in rules.ruleset.actions.extra_actions.pairs:
        power = powers.get(key)
        if power is not None:
            out.append(replace(power, action=ActionKind(kind)))
    return tuple(out)
