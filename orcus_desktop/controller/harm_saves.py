"""Saves a creature rolls when it is damaged (003-26 Dominated; none under 000).

003-26, 003 l.334 Dominated: "When damaged, can roll a Save to end this condition." The save
is rolled at once for each such condition (the creature always takes it); success ends it,
as the text says, rather than downgrading it (docs/rulings.md R-80). Logged as a saving throw.
"""

from __future__ import annotations

import random

from orcus_desktop.controller.log.records import SavingThrow, rule_noted
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import rules_for
from orcus_desktop.rules.dice_values import RandomSource
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.vocabulary import CreatureId


def _damaged(before: CreatureState | None, now: CreatureState) -> bool:
    return before is not None and (
        now.current_hp < before.current_hp or now.temp_hp < before.temp_hp
    )


def saves_when_hurt(
    rng: random.Random,
    ruleset: Ruleset,
    encounter: Encounter,
    creature_id: str,
    before: CreatureState | None,
) -> Encounter:
    """Roll the save of each condition that allows one when damaged (003-26), if it was."""
    creature = encounter.creature(creature_id)
    state = creature.state
    if state is None or state.dead or not _damaged(before, state):
        return encounter
    for effect in state.conditions:
        if not rules_for(effect.condition, ruleset).save_when_hurt:
            continue
        save = rules_turns.saving_throw(RandomSource(rng), ruleset)
        who = CreatureId(creature_id)
        note = f"{creature.name} is damaged: a save ends it"
        record = SavingThrow.from_save(effect, save)
        combat = record.logged_in(rule_noted(encounter.combat, creature_id, "003-26", note), who)
        encounter = encounter.with_combat(combat)
        if save.success:
            state = rules_state.remove_effect(state, effect.effect_id)
            encounter = encounter.with_creature(encounter.creature(creature_id).with_state(state))
    return encounter
