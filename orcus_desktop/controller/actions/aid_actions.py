"""Help and aid: 000 "Help Attack", "Help Defense", "Aid Another", and 002-12's one "Aid another".

Each checks availability through `combat_actions.checked_action` (the same answer the Actions
panel shows) and is one undo step; split from `combat_actions` by use case.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from orcus_desktop.controller import variant_notes
from orcus_desktop.controller.actions.combat_actions import checked_action
from orcus_desktop.controller.attacks.attack_staging import HELP_BONUS
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import AidAnother, HelpAttack, HelpDefense
from orcus_desktop.controller.outcomes import Outcome, refuse
from orcus_desktop.geometry.grid import space_distance
from orcus_desktop.model.combat import Aid, AidKind
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.vocabulary import CreatureId


def help_ally(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    ally_id: str,
    enemy_id: str,
    kind: AidKind,
) -> Outcome:
    """000 "Help Attack"/"Help Defense" (standard): +2 to the ally against the enemy."""
    action = CombatAction.HELP_ATTACK if kind is AidKind.ATTACK else CombatAction.HELP_DEFENSE
    verb = "attack" if kind is AidKind.ATTACK else "defend"
    text = f"{engine.name(encounter, creature_id)} helps {engine.name(encounter, ally_id)} {verb}"

    def change(e: Encounter) -> Encounter:
        return _help_action(engine, e, creature_id, ally_id, enemy_id, kind)

    return checked_action(engine, encounter, action, text, creature_id, change)


def aid_another(
    engine: Engine, encounter: Encounter, creature_id: str, ally_id: str, note: str = ""
) -> Outcome:
    """000 "Aid Another" (standard): aid a skill check; the GM adjudicates, the log records."""
    return checked_action(
        engine,
        encounter,
        CombatAction.AID_ANOTHER,
        f"{engine.name(encounter, creature_id)} aids {engine.name(encounter, ally_id)}",
        creature_id,
        lambda e: _aid_check(engine, e, creature_id, ally_id, note),
    )


def _aid_check(
    engine: Engine, encounter: Encounter, creature_id: str, ally_id: str, note: str
) -> Encounter:
    """Log the aid; 004-10 asks for a check against 10.

    It provokes nothing, under 004 too ("Table: Actions in Combat": "Aid Another No").
    """
    encounter = AidAnother(note).logged_on(encounter, creature_id, (ally_id,))
    return variant_notes.aid_roll_note(
        engine, encounter, creature_id, "makes a DC {target} skill or ability check"
    )


AID_CHOICES: Final = ("attack", "defense", "check")
"""002-12 (002 l.39 "Aid another: Improve an ally's attack roll, defense, skill check, or
ability check"): the choices of its one action, in 000's terms Help Attack, Help Defense and
Aid Another (+2, 000)."""


def aid_choice(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    ally_id: str,
    choice: str,
    enemy_id: str | None = None,
    note: str = "",
) -> Outcome:
    """002-12's one "Aid another" action: ``choice`` picks 000's help action it is.

    "attack" and "defense" need the enemy the +2 applies against; "check" is 000 "Aid Another".
    """
    if choice == "check":
        return aid_another(engine, encounter, creature_id, ally_id, note)
    if choice not in AID_CHOICES:
        return refuse("aid", f"aid {choice!r}? choose one of {', '.join(AID_CHOICES)}")
    if enemy_id is None:
        return refuse("aid", f"aiding an ally's {choice} needs the enemy", creature_id)
    kind = AidKind.ATTACK if choice == "attack" else AidKind.DEFENSE
    return help_ally(engine, encounter, creature_id, ally_id, enemy_id, kind)


def _help_action(
    engine: Engine,
    encounter: Encounter,
    helper_id: str,
    ally_id: str,
    enemy_id: str,
    kind: AidKind,
) -> Encounter:
    """000 "Help Attack"/"Help Defense": the enemy must be within the helper's reach."""
    helper = engine.combatant(encounter, helper_id)
    helper_creature = encounter.creature(helper_id)
    enemy = encounter.creature(enemy_id)
    ally = encounter.creature(ally_id)
    if ally.side != helper_creature.side or ally_id == helper_id:
        raise ActionError(f"{ally.name} is not an ally of {helper_creature.name}")
    if (
        space_distance(occupied_space(helper_creature), occupied_space(enemy))
        > helper.statblock.reach
    ):
        raise ActionError(f"{enemy.name} is not within {helper_creature.name}'s reach")
    combat = encounter.combat
    too_many = variant_notes.aid_problem(engine.ruleset, combat, helper_id, ally_id)
    if too_many:
        raise ActionError(too_many)
    aid = Aid(kind, CreatureId(helper_id), CreatureId(ally_id), CreatureId(enemy_id), combat.round)
    help_record = (HelpAttack if kind is AidKind.ATTACK else HelpDefense)(HELP_BONUS)
    combat = help_record.logged_in(
        replace(combat, aids=(*combat.aids, aid)), helper_id, (ally.id, enemy.id)
    )
    encounter = encounter.with_combat(combat)
    return variant_notes.aid_roll_note(
        engine,
        encounter,
        helper_id,
        # 004 l.358 "make a basic attack vs. Defense 10. If you succeed, deal no damage".
        f"makes a basic attack against {enemy.name} vs. Defense {{target}} (no damage)",
    )
