"""003's stealth and removal statuses at the table: targeting, losing them, the players' screen.

003-47 (003 "5.8.3 Stealth status effects"): Shrouded and Hidden limit who can target the
creature and are "lost: After attacking, After moving"; a Hidden creature's "Location [is]
unknown to other characters", so the players' screen leaves it out (docs/rulings.md R-82). 003-48
Swallowed and Exiled take the creature off the map. The rules are condition-table fields read
by `rules.stealth`; under 000 no condition has them and nothing here changes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.engine import Engine, end_conditions
from orcus_desktop.controller.views.vision import player_side, unperceived_invisible
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.conditions import ConditionInstance, rules_for
from orcus_desktop.rules.state import initial_state
from orcus_desktop.rules.stealth import Party
from orcus_desktop.rules.stealth import targeting_problem as rules_targeting_problem
from orcus_desktop.vocabulary import CreatureId, Origin


def _party(rules: CombatRules, creature: Creature) -> Party | None:
    statblock = rules.statblock(creature)
    if statblock is None:
        return None
    state = rules.state(creature) or initial_state(statblock)
    return Party(CreatureId(creature.id), state, creature.name)


def targeting_problem(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    origin: Origin,
    target_ids: Sequence[str],
    *,
    reaction: bool = False,
    charge: bool = False,
) -> str:
    """Why the attack cannot target these creatures under 003's statuses ("" if it can)."""
    attacker = _party(engine.rules, encounter.creature(attacker_id))
    if attacker is None:
        return ""
    targets = [
        p
        for t in target_ids
        if (c := encounter.find_creature(t)) is not None and (p := _party(engine.rules, c))
    ]
    return rules_targeting_problem(
        attacker, targets, origin, engine.ruleset, reaction=reaction, charge=charge
    )


def reveal(engine: Engine, encounter: Encounter, creature_id: str, why: str) -> Encounter:
    """End the creature's Shrouded and Hidden after it attacked or moved (003-47), logged."""
    ruleset = engine.ruleset
    return end_conditions(
        encounter,
        creature_id,
        lambda c: rules_for(c.condition, ruleset).lost_on_attack_or_move,
        f"{why} (003-47)",
    )


def end_charms(
    engine: Engine, encounter: Encounter, attacker_id: str, target_ids: Sequence[str]
) -> Encounter:
    """End the targets' charms by the attacker, logged (003-23).

    003 l.326 Charmed: "Automatically ends if attacked by an enemy Charming the character".
    """
    ruleset = engine.ruleset

    def charmed_by_attacker(c: ConditionInstance) -> bool:
        return c.source_id == attacker_id and rules_for(c.condition, ruleset).cannot_attack_source

    why = "attacked by its charmer (003-23)"
    for target_id in target_ids:
        encounter = end_conditions(encounter, target_id, charmed_by_attacker, why)
    return encounter


# The last snapshot's answer: every token of a snapshot asks (one slot, as the token labels).
_LAST: Final[list[tuple[Encounter, CombatRules, frozenset[str]]]] = []


def hidden_from_players(rules: CombatRules | None, encounter: Encounter) -> frozenset[str]:
    """The creatures the players' screen leaves out for their statuses (003-47, 003-48).

    Hidden: "Location unknown to other characters" — unless it is one of the players' own
    (docs/rulings.md R-82); Swallowed and Exiled are off the map for everyone. An invisible
    creature none of the players' eyes perceives is left out too (000 "Concealment",
    docs/rulings.md R-115; `vision.unperceived_invisible`).
    """
    if rules is None:
        return frozenset()
    if _LAST and _LAST[0][0] is encounter and _LAST[0][1] is rules:
        return _LAST[0][2]
    side: str | None = None
    found: set[str] = set()
    invisible = False
    for creature in encounter.creatures:
        if creature.state is None:
            continue
        for condition in rules.conditions(encounter, creature.id):
            row = rules_for(condition, rules.ruleset)
            invisible |= row.invisible
            if row.hidden_from_players and side is None:
                side = player_side(encounter, rules)
            if row.off_map or (row.hidden_from_players and creature.side != side):
                found.add(creature.id)
    if invisible:
        side = side if side is not None else player_side(encounter, rules)
        found |= unperceived_invisible(encounter, rules, side)
    answer = frozenset(found)
    _LAST[:] = [(encounter, rules, answer)]
    return answer
