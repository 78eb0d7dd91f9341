"""Scripted fights that between them write every kind of combat-log entry.

Used by the log record and log text tests, and to write `tests/data/log_v1.json` (the log of
these fights as the version before typed log records saved it). Each function plays one
encounter with fixed dice and returns its session; `every_fight` plays them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from orcus_desktop.controller.actions import (
    aid_actions,
    combat_actions,
    forced_placement,
    grappling,
    interrupts,
)
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits, gm_rolls, zones
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.controller.variants.strike import initiative_checks
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.zones import ZoneDuration
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import ARROW, KNOCKDOWN, fighter, make_session, orc

HOLD: dict[str, Any] = {
    "name": "Hold Monster",
    "frequency": "daily",
    "origin": "ranged",
    "range": {"normal": 10},
    "maintain": "swift",
    "attack": {"defense": "will", "ability": "intelligence"},
    "hit": {"conditions": [{"condition": "immobile", "duration": "until_countered"}]},
}

FIRE_BOLT: dict[str, Any] = {
    "name": "Searing Bolt",
    "origin": "ranged",
    "range": {"normal": 10},
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {
        "damage": "1d6 + Intelligence modifier",
        "persistent": [{"amount": 5, "types": ["fire"], "duration": "save_ends"}],
        "forced_movement": {"kind": "push", "squares": 1},
        "text": "An enemy adjacent to the target takes 2 fire damage.",
    },
    "miss": {"damage": "1d6 + Intelligence modifier", "half_damage": True},
}

HEALING_WORD: dict[str, Any] = {
    "name": "Healing Word",
    "frequency": "encounter",
    "action": "swift",
    "origin": "ranged",
    "range": {"normal": 5},
    "effect": {"healing_recovery": True},
}


def _ok(result: Any) -> None:
    assert result.ok, result.reason


def _until(session: GameSession, creature_id: str) -> None:
    for _ in range(8):
        if session.encounter.combat.current == creature_id:
            return
        _ok(session.end_turn())
    raise AssertionError(f"{creature_id}'s turn never came")


def varied_fight() -> GameSession:
    """Initiative edits, grapples, prone, action point, delay, OAs, GM edits, death saves."""
    s = make_session(
        Encounter(
            GridBounds(12, 12),
            creatures=(fighter("hero", 2, 2), orc("orc", 3, 2), orc("brute", 9, 9)),
        )
    )
    _ok(
        s.run(
            initiative.roll_initiative,
            dice={"hero": 15},
            totals={"orc": 10, "brute": 10},
            modifiers={"orc": 1, "brute": 1},
        )
    )
    _ok(s.run(initiative.set_initiative, "brute", 9))
    _ok(s.run(initiative.start_combat))
    _ok(s.run(grappling.grapple, "hero", "orc", dice=[15]))
    _ok(s.run(combat_actions.take_action, CombatAction.DROP_PRONE, "hero"))
    _ok(s.run(combat_actions.take_action, CombatAction.STAND_UP, "hero"))
    _ok(s.run(grappling.release_grapple, "hero"))
    _ok(s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero"))
    _ok(s.use_power("hero", "Knockdown Strike", ["orc"], dice=[18, 6, 5]))
    _ok(s.end_turn())  # the orc's turn
    _ok(s.delay())  # the brute's turn
    _ok(s.run(initiative.resume_delayed, "orc"))
    _ok(s.end_turn())  # the orc's turn again
    assert s.move_creature("orc", Square(6, 2), MoveMode.WALK).opportunity_attackers
    _ok(s.run(interrupts.decline_opportunity_attack, "hero"))
    _ok(s.run(gm_edits.heal, "orc", 3))
    _ok(s.run(gm_edits.grant_temp_hp, "orc", 4))
    _ok(s.run(gm_edits.set_hit_points, "orc", 12))
    _ok(s.run(forced_placement.force_move, "orc", "push", 1, Square(7, 2), source_id="hero"))
    _ok(s.run(gm_edits.apply_damage, "hero", 50))
    _ok(s.run(gm_edits.add_persistent_damage, "hero", 5, ["fire"]))
    _ok(s.run(editing.place_creature, fighter("ally", 3, 3)))
    _ok(s.run(initiative.join_combat, "ally", total=1))
    _ok(s.end_turn())  # the ally's turn
    _ok(s.end_turn(death_save_die=4))  # round 2: the hero, dying, saves
    _until(s, "brute")
    _ok(s.run(initiative.ready_action, "brute", ActionKind.STANDARD, "the orc moves"))
    _until(s, "orc")
    _ok(s.run(initiative.trigger_readied, "brute", "orc"))
    _ok(
        s.run(waiting_decisions.let_readied_pass, "brute")
    )  # answered before the orc may delay
    _ok(s.delay())  # the orc delays to the end of the round: its turn is lost
    for _ in range(3):
        s.end_turn()
    _ok(s.run(initiative.end_combat))
    return s


def support_fight() -> GameSession:
    """Surprise, ties, help, aid, total defense, rally, maintain, saves, escape, regeneration."""
    s = make_session(
        Encounter(
            GridBounds(12, 8),
            creatures=(
                fighter("hero", 1, 2, powers=[KNOCKDOWN, ARROW, HOLD, FIRE_BOLT, HEALING_WORD]),
                fighter("ally", 1, 3),
                orc("orc", 2, 2),
                orc("troll", 8, 2, regeneration=3),
                orc("twin", 8, 5),
            ),
        )
    )
    _ok(
        s.run(
            initiative.roll_initiative,
            totals={"hero": 20, "ally": 15, "orc": 12, "troll": 12, "twin": 3},
        )
    )
    _ok(s.run(initiative.set_surprised, "twin"))
    _ok(s.run(initiative.start_combat))  # a surprise round: the twin is skipped
    _ok(s.run(aid_actions.help_ally, "hero", "ally", "orc", AidKind.ATTACK))
    _ok(s.end_turn())  # the ally
    _ok(s.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "ally"))
    _ok(s.end_turn())  # the orc
    _ok(s.end_turn())  # the troll; the surprise round ends
    _until(s, "hero")
    _ok(s.use_power("hero", "Hold Monster", ["troll"], dice=[15]))  # provokes the orc
    _ok(s.run(interrupts.decline_opportunity_attack, "orc"))
    _ok(
        s.run(
            gm_edits.add_condition, "orc", Condition.DAZED, DurationKind.SAVE_ENDS, source="Hero"
        )
    )
    _ok(
        s.run(
            gm_edits.add_condition,
            "hero",
            Condition.WEAKENED,
            DurationKind.END_OF_TARGET_NEXT_TURN,
        )
    )
    _ok(s.end_turn())  # the ally
    _ok(s.run(aid_actions.aid_another, "ally", "hero", "a History check"))
    _ok(s.end_turn())  # the orc, grappled next: saves at its turn's end
    _ok(s.run(grappling.grapple, "orc", "hero", dice=[19]))
    _ok(s.end_turn(save_dice={1: 15}))
    _until(s, "hero")
    _ok(s.run(grappling.escape_grapple, "hero", "athletics", die=2))
    _ok(s.run(combat_actions.maintain_power, "hero", "Hold Monster"))
    _ok(s.run(gm_edits.apply_damage, "troll", 10))
    _ok(s.end_turn())
    _ok(s.run(aid_actions.help_ally, "ally", "hero", "orc", AidKind.DEFENSE))
    _ok(s.end_turn())  # the orc
    _ok(s.end_turn())  # the troll regenerates
    _until(s, "hero")
    _ok(s.run(gm_edits.apply_damage, "hero", 20))
    _ok(s.run(combat_actions.take_action, CombatAction.RALLY, "hero"))
    _ok(s.run(gm_edits.apply_damage, "ally", 15))
    _ok(s.use_power("hero", "Healing Word", ["ally"]))  # provokes the orc
    _ok(s.run(interrupts.decline_opportunity_attack, "orc"))
    _ok(
        s.run(
            gm_edits.add_condition,
            "orc",
            Condition.SLOWED,
            DurationKind.SAVE_ENDS,
            source_id="hero",
        )
    )
    state = s.encounter.creature("orc").state
    assert state is not None
    slowed = next(c for c in state.conditions if c.condition is Condition.SLOWED)
    _ok(s.run(gm_edits.saving_throw, "orc", slowed.effect_id, die=3))
    _ok(s.run(gm_edits.remove_effect, "orc", slowed.effect_id))
    _ok(s.end_turn())  # Hold Monster lapses (not maintained)
    _ok(s.run(initiative.end_combat))
    return s


def interrupt_fight() -> GameSession:
    """A charge and a ranged attack held for opportunity attacks; a move stopped by one."""
    s = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(
                fighter("hero", 1, 2, powers=[KNOCKDOWN, ARROW, FIRE_BOLT]),
                orc("goblin", 2, 1),
                orc("orc", 6, 2),
                orc("far", 10, 4),
            ),
        )
    )
    _ok(s.run(initiative.roll_initiative, totals={"hero": 20, "goblin": 10, "orc": 5, "far": 3}))
    _ok(s.run(initiative.start_combat))
    _ok(s.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4]))
    _ok(s.run(interrupts.decline_opportunity_attack, "goblin"))
    _until(s, "goblin")
    _until(s, "hero")
    _ok(s.move_creature("hero", Square(6, 3), MoveMode.SHIFT))
    _ok(s.use_power("hero", "Searing Bolt", ["far"], dice=[16, 4]))  # next to the orc
    _ok(s.run(interrupts.opportunity_attack, "orc", "hero", dice=[3]))
    _ok(s.end_turn(let_pass=True))  # Far's push is left where it is
    _until(s, "orc")
    _ok(s.run(gm_edits.apply_damage, "orc", 20))
    assert s.move_creature("orc", Square(9, 1), MoveMode.WALK).opportunity_attackers
    _ok(
        s.run(interrupts.opportunity_attack, "hero", "orc", dice=[18, 6])
    )  # drops it where it provoked
    _ok(s.end_turn())
    _until(s, "hero")
    bolt = s.use_power(
        "hero",
        "Searing Bolt",
        ["far"],
        dice=[2, 4],  # a miss: half damage
        choices=AttackChoices(cover={"far": "half"}, combat_advantage=["unseen attacker"]),
    )
    _ok(bolt)
    _ok(s.end_turn())
    _until(s, "hero")
    _ok(s.use_power("hero", "Searing Bolt", ["far"], dice=[20, 6, 6]))  # a critical hit
    _ok(s.run(gm_edits.apply_damage, "hero", 40))
    _ok(s.run(initiative.end_combat))
    return s


def dropped_charge_fight() -> GameSession:
    """An opportunity attack that drops the charger: the charge's attack is dropped."""
    s = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2), orc("goblin", 2, 1), orc("orc", 6, 2)),
        )
    )
    _ok(s.run(initiative.roll_initiative, totals={"hero": 20, "goblin": 10, "orc": 5}))
    _ok(s.run(initiative.start_combat))
    _ok(s.run(gm_edits.apply_damage, "hero", 40))
    _ok(s.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[19, 10]))
    _ok(s.run(interrupts.opportunity_attack, "goblin", "hero", dice=[18, 6]))
    _ok(s.end_turn())  # the goblin
    _ok(s.run(grappling.grapple, "goblin", "hero"))  # automatic: the hero is helpless
    _ok(s.end_turn())  # the orc
    _ok(
        s.run(
            initiative.ready_action, "orc", ActionKind.STANDARD, "the hero stands up", "attack it"
        )
    )
    _ok(s.end_turn())
    _until(s, "orc")  # the readied action lapses
    _ok(
        s.run(initiative.ready_action, "orc", ActionKind.STANDARD, "the goblin moves", "attack it")
    )
    _until(s, "goblin")
    _ok(s.run(initiative.trigger_readied, "orc", "goblin"))
    _ok(s.end_turn(let_pass=True))  # the orc lets its readied action pass
    return s


FIGHTS: tuple[Callable[[], GameSession], ...] = (
    varied_fight,
    support_fight,
    interrupt_fight,
    dropped_charge_fight,
)


def every_fight() -> list[GameSession]:
    """Every scripted fight, played."""
    return [fight() for fight in FIGHTS]


def quickref_escape_fight() -> GameSession:
    """002 (4e-quickref): an escape that succeeds notes the shift 002-17 allows."""
    s = make_session(
        Encounter(
            GridBounds(8, 8),
            creatures=(fighter("hero", 2, 2), orc("orc", 3, 2)),
            ruleset_id="4e-quickref",
        )
    )
    _ok(s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}))
    _ok(s.run(initiative.start_combat))
    _ok(s.run(grappling.grapple, "hero", "orc", dice=[19]))
    _until(s, "orc")
    _ok(s.run(grappling.escape_grapple, "orc", "athletics", die=20))
    return s


def dice_roller_fight() -> GameSession:
    """Issue 17: the GM shows a treasure roll from the dice roller to the table."""
    s = make_session(Encounter(GridBounds(8, 8), creatures=(fighter("hero", 2, 2),)))
    _ok(s.run(gm_rolls.log_roll, roll("4d6kh3 + 2", ScriptedSource([6, 1, 5, 4])), "Treasure"))
    return s


def zone_fight() -> GameSession:
    """Issue 13: a zone placed, sustained, ended at the turn boundary, and one removed."""
    s = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 2, 2), orc("orc", 6, 6)))
    )
    _ok(s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}))
    _ok(s.run(initiative.start_combat))
    _ok(s.run(zones.place_zone, "Cloud", [Square(4, 4)], ZoneDuration.SUSTAINED, "hero"))
    _ok(s.run(zones.place_zone, "Pit", [Square(1, 1)]))
    _ok(s.end_turn())
    _ok(s.end_turn())
    _ok(s.run(zones.sustain_zone, "zone-1"))
    _ok(s.end_turn())
    _ok(s.end_turn())
    _ok(s.end_turn())  # not sustained: it ends
    _ok(s.run(zones.remove_zone, "zone-2"))
    return s


def strike_initiative_fight() -> GameSession:
    """001 (strike): initiative choices (001-01) and a tie the ladder orders with dice (001-03)."""
    s = make_session(
        Encounter(
            GridBounds(8, 8),
            creatures=(fighter("hero", 2, 2), fighter("mage", 3, 3), orc("orc", 6, 6)),
            ruleset_id="strike",
        )
    )
    _ok(s.run(initiative_checks.set_choice, "orc", "awareness", "before"))
    _ok(s.run(initiative.roll_initiative, totals={"hero": 14, "mage": 14, "orc": 9}))
    return s


def withdrawn_offer_fight() -> GameSession:
    """A bolt held for the goblin's opportunity attack; the GM dazes the goblin (R-225)."""
    s = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2), orc("goblin", 2, 2), orc("far", 8, 2)),
        )
    )
    _ok(s.run(initiative.roll_initiative, totals={"hero": 20, "goblin": 10, "far": 5}))
    _ok(s.run(initiative.start_combat))
    _ok(s.use_power("hero", "Arcane Bolt", ["far"], dice=[15, 3]))
    _ok(s.run(gm_edits.add_condition, "goblin", Condition.DAZED))  # its offer is withdrawn
    return s


VARIANT_FIGHTS: tuple[Callable[[], GameSession], ...] = (
    quickref_escape_fight,
    withdrawn_offer_fight,
    strike_initiative_fight,
    dice_roller_fight,
    zone_fight,
)
"""Fights not in the version-1 log files (which predate rulesets, the dice roller and R-225)."""
