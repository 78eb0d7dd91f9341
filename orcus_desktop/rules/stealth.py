"""Who may attack whom under the status effects that hide, charm or remove a creature.

003-47 (003 "5.8.3 Stealth status effects", l.408-432): Shrouded and Hidden; 003-23 Charmed
(l.324-326); 003-48 Swallowed and Exiled (l.434-450). The facts are condition-table fields
(``ConditionRules.untargetable_by`` and its neighbours), so a ruleset without these conditions
never meets them and 000 plays as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orcus_desktop.rules.conditions import rules_for
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.vocabulary import CreatureId, Origin


@dataclass(frozen=True, slots=True)
class Party:
    """A creature in an attack: its id, its state and its name for the message."""

    id: CreatureId
    state: CreatureState
    name: str


def _sources(party: Party, condition: object) -> frozenset[CreatureId]:
    return frozenset(
        c.source_id
        for c in party.state.conditions
        if c.condition is condition and c.source_id is not None
    )


def targeting_problem(
    attacker: Party,
    targets: Sequence[Party],
    origin: Origin,
    ruleset: Ruleset,
    *,
    reaction: bool = False,
    charge: bool = False,
) -> str:
    """Why ``attacker`` cannot attack these targets under their conditions ("" if it can).

    ``reaction``: an opportunity or other reaction attack; ``charge``: a charge's attack.
    """
    label = ruleset.condition_label
    for condition in sorted(attacker.state.active_conditions(ruleset)):
        rules, name = rules_for(condition, ruleset), label(condition.value).lower()
        sources = _sources(attacker, condition)
        for target in targets:
            if target.id == attacker.id:
                continue
            if rules.no_line_of_effect:  # 003-48 Exiled
                return f"{attacker.name} is {name}: no line of effect to {target.name}"
            if rules.reaches_only_source and target.id not in sources:  # 003-48 Swallowed
                return f"{attacker.name} is {name}: only its swallower can be attacked"
            if rules.cannot_attack_source and target.id in sources:  # 003-23 Charmed
                return f"{attacker.name} is {name} by {target.name} and cannot attack it"
    kinds = {origin.value, *(("reaction",) if reaction else ()), *(("charge",) if charge else ())}
    hidden_in_area: list[Party] = []
    for target in targets:
        if target.id == attacker.id:
            continue
        for condition in sorted(target.state.active_conditions(ruleset)):
            rules, name = rules_for(condition, ruleset), label(condition.value).lower()
            if rules.no_line_of_effect:
                return f"{target.name} is {name}: no line of effect to it"
            if rules.reaches_only_source and attacker.id not in _sources(target, condition):
                return f"{target.name} is {name}: only its swallower can attack it"
            barred = sorted(kinds & set(rules.untargetable_by))
            if barred:  # 003-47 Shrouded, Hidden
                return f"{target.name} is {name}: it cannot be targeted by {barred[0]} attacks"
            if rules.area_only_with_others and origin.is_area:
                hidden_in_area.append(target)
    others = [t for t in targets if t.id != attacker.id]
    if hidden_in_area and len(hidden_in_area) == len(others):
        # 003 l.426 "Cannot be targeted by a Close or Area power unless it targets a
        # non-Hidden character."
        first = hidden_in_area[0]
        return (
            f"{first.name} is hidden: a near or far power targets it only together with a "
            "creature that is not"
        )
    return ""
