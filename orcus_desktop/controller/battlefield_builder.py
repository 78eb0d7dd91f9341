"""The one geometry view of an encounter, with the rules facts geometry needs.

`battlefield_for` turns a snapshot into a `geometry.Battlefield`: the dead leave the field (they
no longer block or threaten), and a creature that cannot take opportunity actions now (dazed,
stunned, unconscious...; or its immediate action already spent this round) neither threatens
nor flanks (docs/rulings.md R-02, R-07). The map, the session's previews and the headless
`query` command all build it here, so they give the same answers.
"""

from __future__ import annotations

from orcus_desktop.controller.combat_rules import CombatRules, opportunity_spent
from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition, rules_for


def battlefield_for(encounter: Encounter, rules: CombatRules) -> Battlefield:
    """A `Battlefield` for the snapshot (build once per snapshot; it caches its indexes)."""
    combat = encounter.combat
    occupants: list[Occupant] = []
    for creature in encounter.creatures:
        if rules.is_dead(encounter, creature.id):
            continue
        conditions = rules.conditions(encounter, creature.id)
        if any(rules_for(c, rules.ruleset).off_map for c in conditions):
            continue  # 003-48 Swallowed, Exiled: "Does not occupy a space"
        can_react = not any(rules_for(c, rules.ruleset).no_immediate_actions for c in conditions)
        combatant = combat.find(creature.id) if combat.active else None
        if combatant is not None and opportunity_spent(rules.ruleset, combat, combatant):
            can_react = False
        occupants.append(
            Occupant(
                id=creature.id,
                space=creature.space,
                side=creature.side,
                can_take_opportunity_actions=can_react,
                speed=creature.speed,
                helpless=Condition.HELPLESS in conditions,
                prone=Condition.PRONE in conditions,
            )
        )
    return Battlefield(
        bounds=encounter.grid,
        walls=tuple(entry.wall for entry in encounter.walls),
        terrain=encounter.terrain,
        occupants=tuple(occupants),
        occupancy=rules.ruleset.hooks.movement_policy.occupancy,
    )
