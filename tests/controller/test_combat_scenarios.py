"""Scripted encounters with fixed dice, played turn by turn, asserting the state after each step.

Every test quotes the rule it checks (seed 000 headings, docs/rulings.md ids, 002 checklist).
Dice typed in with `dice=[...]` are consumed in rolling order (attack d20 per target, then
damage dice), the way a GM types physical dice.
"""

from __future__ import annotations

from orcus_desktop.controller.actions import (
    aid_actions,
    combat_actions,
    forced_placement,
    grappling,
    interrupts,
)
from orcus_desktop.controller.actions import attacks as attacks_cases
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import ActionBudget, AidKind
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import conditions_of, fighter, make_session, orc


def _hp(session: GameSession, cid: str) -> int:
    state = session.encounter.creature(cid).state
    assert state is not None
    return state.current_hp


def _let_pass(session: GameSession) -> None:
    """Every opportunity attack offered now is let pass (a provoking walk then completes)."""
    for combatant in session.encounter.combat.combatants:
        if combatant.out_of_turn is ActionKind.OPPORTUNITY:
            assert session.run(interrupts.decline_opportunity_attack, combatant.creature_id).ok


def test_dazed_creature_refused_its_move_action(duel: GameSession) -> None:
    # 000 "Dazed": "You can only take one standard action on your turn ... You can convert the
    # standard action to a move or swift action" and "You can't take immediate or opportunity
    # actions."
    assert duel.run(
        gm_edits.add_condition, "hero", Condition.DAZED, DurationKind.SAVE_ENDS, source="Orc"
    ).ok
    duel.end_turn(save_dice={1: 3})  # hero's turn ends; the save fails (3 < 10)
    duel.end_turn()  # orc
    duel.end_turn()  # brute
    combat = duel.encounter.combat
    assert combat.current == "hero"
    assert combat.combatant("hero").budget == ActionBudget(1, 0, 0)
    options = duel.available_actions("hero")
    assert options.option(CombatAction.WALK).allowed  # the standard converts to a move
    assert duel.move_creature("hero", Square(2, 4), MoveMode.WALK).ok
    _let_pass(duel)  # the walk waits where it provoked the orc until the offer is settled
    refused = duel.move_creature("hero", Square(2, 5), MoveMode.WALK)
    assert not refused.ok
    assert "dazed" in refused.reason
    assert duel.encounter.creature("hero").square == Square(2, 4)
    assert not duel.available_actions("hero").option(CombatAction.BASIC_ATTACK).allowed


def test_opportunity_attack_on_walk_out_but_not_on_shift(duel: GameSession) -> None:
    # docs/rulings.md R-02 — leaving a square adjacent to an enemy provokes; shifting
    # never provokes; the OA uses that enemy's immediate action, one per provoking turn.
    duel.end_turn()  # the orc's turn
    before = duel.encounter
    shift = duel.move_creature("orc", Square(4, 2), MoveMode.SHIFT)
    assert shift.ok
    assert shift.opportunity_attackers == ()
    assert not duel.available_actions("hero").option(CombatAction.OPPORTUNITY_ATTACK).allowed
    assert not duel.run(interrupts.opportunity_attack, "hero", "orc").ok
    duel.undo()
    assert duel.encounter is before
    walk = duel.move_creature("orc", Square(6, 2), MoveMode.WALK)
    assert walk.ok
    assert walk.opportunity_attackers == ("hero",)
    assert duel.encounter.combat.combatant("hero").out_of_turn is ActionKind.OPPORTUNITY
    assert duel.available_actions("hero").option(CombatAction.OPPORTUNITY_ATTACK).allowed
    # d20 18: 18 + 3 Str + 0 half level + 3 proficiency = 24 vs AC 15: hit; 1d10 = 6 + 3 = 9.
    oa = duel.run(interrupts.opportunity_attack, "hero", "orc", dice=[18, 6])
    assert oa.ok, oa.reason
    assert oa.details["hits"] == ("orc",)
    assert _hp(duel, "orc") == 30 - 9
    assert duel.encounter.combat.combatant("hero").immediate_used
    again = duel.run(interrupts.opportunity_attack, "hero", "orc", dice=[18, 6])
    assert not again.ok
    assert "immediate action" in again.reason


def test_save_ends_condition_ends_on_a_10_not_on_a_9(duel: GameSession) -> None:
    # 000 "Saving Throws": "If the result is 10 or higher, the save succeeds"; 000 "Duration":
    # "Save ends means you make a saving throw at the end of your turn".
    duel.run(
        gm_edits.add_condition, "hero", Condition.SLOWED, DurationKind.SAVE_ENDS, source="Orc"
    )
    effect_id = duel.encounter.creature("hero").state.conditions[0].effect_id  # type: ignore[union-attr]
    duel.end_turn(save_dice={effect_id: 9})
    assert Condition.SLOWED in conditions_of(duel, "hero")
    save = [e for e in duel.encounter.combat.log if e.kind == "saving_throw"][-1]
    assert save.data["success"] is False
    assert save.data["roll"]["dice"] == ((20, 9, True),)
    duel.end_turn()
    duel.end_turn()
    duel.end_turn(save_dice={effect_id: 10})  # hero's second turn ends
    assert Condition.SLOWED not in conditions_of(duel, "hero")
    save = [e for e in duel.encounter.combat.log if e.kind == "saving_throw"][-1]
    assert save.data["success"] is True
    assert save.data["typed_in"] is True


def test_durations_expire_on_the_right_creatures_turn(duel: GameSession) -> None:
    # 000 "Duration": "until the end of the user's next turn" ends on the *user's* turn, even
    # though it sits on the target; "until the start of the target's next turn" at the target's
    # start. rules/durations: applied during the turn it names, it survives that turn's end.
    duel.end_turn()  # orc's turn (round 1)
    duel.run(
        gm_edits.add_condition,
        "hero",
        Condition.IMMOBILE,
        DurationKind.END_OF_USER_NEXT_TURN,
        source="Orc",
        source_id="orc",
    )
    duel.run(
        gm_edits.add_condition, "hero", Condition.WEAKENED, DurationKind.START_OF_TARGET_NEXT_TURN
    )
    duel.end_turn()  # orc's turn ends: the immobile was applied this very turn, so it stays
    assert conditions_of(duel, "hero") == {Condition.IMMOBILE, Condition.WEAKENED}
    duel.end_turn()  # brute ends; round 2: the hero's turn starts -> weakened ends
    assert duel.encounter.combat.current == "hero"
    assert conditions_of(duel, "hero") == {Condition.IMMOBILE}
    refused = duel.move_creature("hero", Square(1, 1), MoveMode.WALK)
    assert "immobile" in refused.reason
    duel.end_turn()  # the hero's own turn ending does not end the orc's effect
    assert conditions_of(duel, "hero") == {Condition.IMMOBILE}
    duel.end_turn()  # the orc's next turn ends: now it expires
    assert conditions_of(duel, "hero") == set()
    ended = [e for e in duel.encounter.combat.log if e.kind == "effect_ended"]
    assert [(e.targets, e.data["turn_of"]) for e in ended] == [
        (("hero",), "hero"),
        (("hero",), "orc"),
    ]


def test_undo_of_an_attack_restores_hp_conditions_and_encounter_power(duel: GameSession) -> None:
    # 000 "Power Category and Frequency": an encounter power is used up; docs/design.md#undo:
    # an attack's damage + conditions + spent power are one undo step.
    before = duel.encounter
    steps = len(duel.history)
    # d20 18: 18 + 3 + 0 + 3 = 24 vs AC 15, hit; 2d10 = 7 + 5, + 3 Str = 15 damage; dazed.
    result = duel.use_power("hero", "Knockdown Strike", ["orc"], dice=[18, 7, 5])
    assert result.ok, result.reason
    assert result.text == "Hero: Knockdown Strike on Orc"
    after = duel.encounter
    assert _hp(duel, "orc") == 15
    assert conditions_of(duel, "orc") == {Condition.DAZED}
    assert duel.encounter.creature("hero").state.powers_used == ("Knockdown Strike",)  # type: ignore[union-attr]
    assert duel.encounter.combat.combatant("hero").budget.standard == 0
    attack = duel.encounter.combat.log[-1]
    assert attack.kind == "attack"
    assert attack.data["targets"][0]["attack_parts"] == (
        (18, "d20"),
        (3, "Strength"),
        (0, "half level"),
        (3, "Longsword proficiency"),
    )
    assert len(duel.history) == steps + 1  # one undo step
    duel.undo()
    assert duel.encounter is before
    assert duel.encounter.creature("orc").state is None  # untouched: full HP, no conditions
    assert duel.encounter.creature("hero").state.powers_used == ()  # type: ignore[union-attr]
    assert duel.available_actions("hero").power("Knockdown Strike").allowed
    duel.redo()
    assert duel.encounter is after
    # used up: a second use is refused with the reason
    duel.end_turn()
    duel.end_turn()
    duel.end_turn()
    refused = duel.use_power("hero", "Knockdown Strike", ["orc"], dice=[18, 7, 5])
    assert not refused.ok
    assert "encounter power already used" in refused.reason


def test_persistent_damage_dying_and_death_saves(duel: GameSession) -> None:
    # 000 "Persistent damage": taken at the start of the target's next turn; 000 "Falling
    # Unconscious"; docs/rulings.md R-03 — at the start of the turn.
    duel.run(gm_edits.apply_damage, "hero", 42)
    duel.run(gm_edits.add_persistent_damage, "hero", 5, ["fire"], source="Flaming oil")
    effect_id = duel.encounter.creature("hero").state.persistent[0].effect_id  # type: ignore[union-attr]
    duel.end_turn(save_dice={effect_id: 2})  # hero ends (save fails)
    duel.end_turn()  # orc
    duel.end_turn(death_save_die=4)  # brute ends; hero starts: 5 fire -> -3, dying, save 4
    assert _hp(duel, "hero") == -3
    assert {Condition.DYING, Condition.UNCONSCIOUS} <= conditions_of(duel, "hero")
    kinds = [
        e.kind for e in duel.encounter.combat.log if e.kind in ("persistent_damage", "death_save")
    ]
    assert kinds == ["persistent_damage", "death_save"]
    assert duel.encounter.creature("hero").state.death_save_failures == 1  # type: ignore[union-attr]
    # 000 "Unconscious": no actions; the turn is still taken (death saves) but nothing allowed
    assert duel.encounter.combat.combatant("hero").budget == ActionBudget(0, 0, 0)
    assert "unconscious" in duel.available_actions("hero").option(CombatAction.WALK).reason


def test_regeneration_at_start_of_turn() -> None:
    # 000 "Regeneration": heal at the start of each of their turns.
    session = make_session(
        Encounter(
            GridBounds(8, 8), creatures=(fighter("hero", 1, 1), orc("troll", 5, 5, regeneration=3))
        )
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "troll": 10})
    session.run(initiative.start_combat)
    session.run(gm_edits.apply_damage, "troll", 10)
    session.end_turn()
    assert _hp(session, "troll") == 23
    assert session.encounter.combat.log[-1].kind in ("regeneration", "turn_start")


def test_action_point_once_per_encounter_not_in_surprise_round() -> None:
    # 000 "Action Points": "Once per encounter (but not during a surprise round)".
    session = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 1, 1), orc("orc", 5, 5)))
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10})
    session.run(initiative.set_surprised, "orc")
    session.run(initiative.start_combat)
    refused = session.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero")
    assert "surprise round" in refused.reason
    session.end_turn()  # surprise round over (the orc is skipped): round 1, hero again
    assert session.encounter.combat.round == 1
    assert session.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").ok
    assert session.encounter.combat.combatant("hero").budget == ActionBudget(2, 1, 1)
    assert (
        "already spent"
        in session.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").reason
    )


def test_charge_moves_then_attacks_with_plus_one() -> None:
    # 000 "Charge": move at least 2 squares to the closest square from which you can attack,
    # then a basic melee attack with a +1 bonus.
    session = make_session(
        Encounter(GridBounds(12, 6), creatures=(fighter("hero", 1, 2), orc("orc", 6, 2)))
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10})
    session.run(initiative.start_combat)
    far = session.run(
        combat_actions.charge, "hero", Square(6, 3), "orc"
    )  # adjacent too, but 5 squares away
    assert not far.ok
    assert "closest square" in far.reason
    near = session.run(combat_actions.charge, "hero", Square(2, 2), "orc")
    assert not near.ok
    result = session.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[12, 4])
    assert result.ok, result.reason
    assert session.encounter.creature("hero").square == Square(5, 2)
    parts = result.details["attack"]["targets"][0]["attack_parts"]
    assert [1, "charge"] in parts
    budget = session.encounter.combat.combatant("hero").budget
    assert budget.standard == 0
    assert budget.move == 1


def test_ranged_attack_next_to_an_enemy_provokes() -> None:
    # 000 "Ranged and Far Attacks in Close Combat"; docs/rulings.md R-02.
    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2), orc("orc", 2, 2), orc("far", 8, 2)),
        )
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10, "far": 5})
    session.run(initiative.start_combat)
    result = session.use_power("hero", "Arcane Bolt", ["far"], dice=[15, 3])
    assert result.ok, result.reason
    assert result.opportunity_attackers == ("orc",)
    assert session.encounter.combat.combatant("orc").out_of_turn is ActionKind.OPPORTUNITY
    # 000 "Immediate Actions": the OA interrupts, so the bolt waits for it
    assert session.encounter.combat.pending is not None
    assert "attack" not in [e.kind for e in session.encounter.combat.log]
    # the orc is not dazed and has its immediate action: the OA is offered and taken
    oa = session.run(interrupts.opportunity_attack, "orc", "hero", dice=[2])
    assert oa.ok, oa.reason
    assert oa.details["hits"] == ()
    attacks = [e.actor for e in session.encounter.combat.log if e.kind == "attack"]
    assert attacks == ["orc", "hero"]  # the OA first, then the bolt


def test_grapple_escape_and_grapple_ends_when_apart(duel: GameSession) -> None:
    # 000 "Grapple" (Strength vs Reflex), "Escape a Grapple"; docs/rulings.md R-06.
    result = duel.run(
        grappling.grapple, "hero", "orc", dice=[15]
    )  # 15 + 3 Str + 0 = 18 vs Reflex 12: hit
    assert result.ok, result.reason
    assert Condition.GRAPPLED in conditions_of(duel, "orc")
    duel.end_turn()
    refused = duel.move_creature("orc", Square(4, 2), MoveMode.SHIFT)
    assert "grappled" in refused.reason
    escape = duel.run(
        grappling.escape_grapple, "orc", "athletics", die=2
    )  # 2 + 3 + 1 = 6 vs Fortitude 14
    assert escape.ok
    assert Condition.GRAPPLED in conditions_of(duel, "orc")
    duel.end_turn()
    duel.end_turn()
    duel.move_creature("hero", Square(2, 4), MoveMode.WALK)  # hero walks away: grapple ends
    _let_pass(duel)  # once the orc's opportunity attack is settled (issue 13)
    assert Condition.GRAPPLED not in conditions_of(duel, "orc")


def test_total_defense_and_stand_up(duel: GameSession) -> None:
    # 000 "Total Defense": +2 to all defenses until the start of your next turn; 000 "Being
    # Prone": Drop Prone is free, Stand Up is a move action.
    assert duel.run(combat_actions.take_action, CombatAction.TOTAL_DEFENSE, "hero").ok
    assert conditions_of(duel, "hero") == {Condition.TOTAL_DEFENSE}
    assert duel.run(combat_actions.take_action, CombatAction.DROP_PRONE, "hero").ok
    walk = duel.move_creature("hero", Square(2, 4), MoveMode.WALK)
    assert "prone" in walk.reason
    assert duel.run(combat_actions.take_action, CombatAction.STAND_UP, "hero").ok
    assert duel.encounter.combat.combatant("hero").budget == ActionBudget(0, 0, 1)
    for _ in range(3):
        duel.end_turn()
    assert conditions_of(duel, "hero") == set()


def test_help_attack_bonus_used_once(duel: GameSession) -> None:
    # 000 "Help Attack": +2 to your ally's next attack roll against that target.
    duel.run(editing.place_creature, fighter("ally", 3, 3))
    duel.run(initiative.join_combat, "ally", total=15)
    assert duel.run(aid_actions.help_ally, "hero", "ally", "orc", AidKind.ATTACK).ok
    duel.end_turn()
    assert duel.encounter.combat.current == "ally"
    result = duel.run(attacks_cases.basic_attack, "ally", "orc", dice=[5, 1])
    parts = result.details["attack"]["targets"][0]["attack_parts"]
    assert [2, "help attack (hero)"] in parts
    assert duel.encounter.combat.aids == ()


def test_surprised_grant_combat_advantage_until_the_surprise_round_ends() -> None:
    # docs/rulings.md R-05 — surprised combatants take no actions in the surprise round, grant
    # combat advantage, and lose the condition when it ends (000 "Surprised").
    session = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 1, 1), orc("orc", 2, 1)))
    )
    session.run(initiative.roll_initiative, totals={"hero": 5, "orc": 10})
    session.run(initiative.set_surprised, "orc")
    session.run(initiative.start_combat)
    assert session.encounter.combat.current == "hero"  # the orc is skipped though faster
    assert conditions_of(session, "orc") == {Condition.SURPRISED}
    result = session.run(attacks_cases.basic_attack, "hero", "orc", dice=[8, 3])
    assert result.details["attack"]["targets"][0]["combat_advantage"] == ["target surprised"]
    assert (
        "one action in the surprise round"
        in session.move_creature("hero", Square(1, 3), MoveMode.WALK).reason
    )
    session.end_turn()
    assert session.encounter.combat.round == 1
    assert session.encounter.combat.current == "orc"
    assert Condition.SURPRISED not in conditions_of(session, "orc")


HOLD: dict[str, object] = {
    "name": "Hold Monster",
    "frequency": "daily",
    "origin": "ranged",
    "range": {"normal": 10},
    "maintain": "swift",
    "attack": {"defense": "will", "ability": "intelligence"},
    "hit": {"conditions": [{"condition": "immobile", "duration": "until_countered"}]},
}


def test_maintained_power_lapses_when_not_maintained() -> None:
    # 000 "Maintain" and "The End of Your Turn": "Any effects that require an action to
    # maintain concentration, which you have not spent, end now."
    from tests.controller.conftest import ARROW, KNOCKDOWN

    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2, powers=[KNOCKDOWN, ARROW, HOLD]), orc("orc", 8, 2)),
        )
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10})
    session.run(initiative.start_combat)
    # d20 15 + 3 Int + 0 = 18 vs Will 11: hit
    assert session.use_power("hero", "Hold Monster", ["orc"], dice=[15]).ok
    assert conditions_of(session, "orc") == {Condition.IMMOBILE}
    session.end_turn()  # used this turn: it counts as maintained
    session.end_turn()  # the orc's turn
    assert conditions_of(session, "orc") == {Condition.IMMOBILE}
    assert session.ask(initiative.turn_prompts, "hero") == (
        {"kind": "maintain", "power": "Hold Monster", "action": "swift"},
    )
    assert session.run(combat_actions.maintain_power, "hero", "Hold Monster").ok
    assert session.encounter.combat.combatant("hero").budget == ActionBudget(1, 1, 0)
    session.end_turn()
    session.end_turn()
    assert conditions_of(session, "orc") == {Condition.IMMOBILE}
    session.end_turn()  # hero's third turn ends without maintaining: the hold ends
    assert conditions_of(session, "orc") == set()
    lapsed = [e for e in session.encounter.combat.log if e.kind == "maintain_lapsed"]
    assert [(e.actor, e.targets) for e in lapsed] == [("hero", ("orc",))]
    assert session.encounter.combat.maintained == ()


def test_gm_reorders_initiative_and_sees_save_prompts(duel: GameSession) -> None:
    # Issue 5: the GM can edit any value; 000 "Saving Throws" prompts for save-ends effects.
    assert duel.run(initiative.reorder_initiative, "brute", "hero").ok
    assert duel.encounter.combat.order == ("brute", "hero", "orc")
    assert duel.encounter.combat.combatant("brute").initiative == 20
    duel.run(gm_edits.add_condition, "orc", Condition.DAZED, DurationKind.SAVE_ENDS)
    (prompt,) = duel.ask(initiative.turn_prompts, "orc")
    assert prompt["kind"] == "save"
    assert prompt["condition"] == "dazed"


def test_delayed_creature_reenters_without_a_second_start_of_turn(duel: GameSession) -> None:
    # 000 "Delay": take your turn later in the round; 000 "Your Turn": persistent damage comes
    # at the start of the turn — once, even when the creature delays after it.
    duel.run(gm_edits.add_persistent_damage, "hero", 5, ["fire"])
    effect_id = duel.encounter.creature("hero").state.persistent[0].effect_id  # type: ignore[union-attr]
    duel.end_turn(save_dice={effect_id: 1})
    duel.end_turn()
    duel.end_turn()  # round 2: hero starts, takes 5
    assert _hp(duel, "hero") == 39
    assert duel.delay().ok
    assert duel.encounter.combat.current == "orc"
    assert duel.run(initiative.resume_delayed, "hero", after="orc").ok
    duel.end_turn()  # orc ends: the hero re-enters
    assert duel.encounter.combat.current == "hero"
    assert _hp(duel, "hero") == 39
    assert duel.encounter.combat.combatant("hero").budget == ActionBudget(1, 1, 1)
    assert duel.encounter.combat.order == ("orc", "hero", "brute")


def test_readied_action_is_taken_out_of_turn_once(duel: GameSession) -> None:
    # 000 "Ready": "you may take the readied action in response to those circumstances ...
    # you interrupt the other character".
    assert duel.run(initiative.ready_action, "hero", ActionKind.STANDARD, "the orc moves").ok
    duel.end_turn()
    assert duel.encounter.combat.current == "orc"
    assert not duel.run(
        attacks_cases.basic_attack, "hero", "orc", dice=[18, 4]
    ).ok  # not triggered yet
    assert duel.run(initiative.trigger_readied, "hero", "orc").ok
    attack = duel.run(attacks_cases.basic_attack, "hero", "orc", dice=[18, 4])
    assert attack.ok, attack.reason
    assert _hp(duel, "orc") == 30 - 7
    again = duel.run(attacks_cases.basic_attack, "hero", "orc", dice=[18, 4])
    assert "not Hero's turn" in again.reason
    assert duel.encounter.combat.order == ("hero", "orc", "brute")


def test_gm_edits_hit_points_and_temporary_hit_points(duel: GameSession) -> None:
    # 000 "Falling Unconscious": "This unconsciousness ends if you regain any hit points";
    # 000 "Temporary Hit Points": lost first, never added together.
    duel.run(gm_edits.apply_damage, "hero", 46)
    assert Condition.DYING in conditions_of(duel, "hero")
    assert duel.run(gm_edits.set_hit_points, "hero", 5).ok
    assert _hp(duel, "hero") == 5
    assert Condition.DYING not in conditions_of(duel, "hero")
    duel.run(gm_edits.grant_temp_hp, "hero", 6)
    duel.run(gm_edits.grant_temp_hp, "hero", 4)
    state = duel.encounter.creature("hero").state
    assert state is not None
    assert state.temp_hp == 6
    duel.run(gm_edits.apply_damage, "hero", 8)
    assert _hp(duel, "hero") == 3


BURST: dict[str, object] = {
    "name": "Thunder Ring",
    "frequency": "encounter",
    "origin": "near",
    "area": {"type": "burst", "size": 1},
    "targets": "enemies",
    "attack": {"defense": "fortitude", "ability": "intelligence"},
    "hit": {"damage": "1d6 + Intelligence modifier", "damage_types": ["thunder"]},
}


def test_near_burst_targets_enemies_in_the_area_only() -> None:
    # 000 "Areas of effect" / "Targets": "all enemies: only enemies in the area";
    # docs/rulings.md R-09: allies and enemies never include the user.
    from tests.controller.conftest import ARROW, KNOCKDOWN

    session = make_session(
        Encounter(
            GridBounds(10, 10),
            creatures=(
                fighter("hero", 2, 2, powers=[KNOCKDOWN, ARROW, BURST]),
                fighter("ally", 1, 2),
                orc("orc", 3, 2),
                orc("brute", 8, 8),
            ),
        )
    )
    assert session.ask(attacks_cases.power_targets, "hero", "Thunder Ring") == ("orc",)
    assert session.ask(attacks_cases.power_targets, "hero", "Basic Melee Attack") == (
        "ally",
        "orc",
    )
    assert session.ask(attacks_cases.power_targets, "hero", "Arcane Bolt") == (
        "ally",
        "brute",
        "orc",
    )
    refused = session.use_power("hero", "Thunder Ring", ["brute"])
    assert "not in the area" in refused.reason
    # d20 19: 19 + 3 Int + 0 = 22 vs Fortitude 15: hit; 1d6 = 4 + 3 = 7 thunder damage
    result = session.use_power("hero", "Thunder Ring", ["orc"], dice=[19, 4])
    assert result.ok, result.reason
    assert _hp(session, "orc") == 23


def test_crawl_dash_and_forced_movement(duel: GameSession) -> None:
    # docs/rulings.md R-08 — half speed (each square costs 2); 000 "Dash": speed + 2, then combat
    # advantage granted and -5 to attacks until the end of your next turn; 000 "Unwilling
    # Movement": push moves away from the attacker; 000 "Restrained": cannot be moved.
    duel.run(combat_actions.take_action, CombatAction.DROP_PRONE, "hero")
    assert "too far" in duel.preview_move("hero", Square(2, 6), MoveMode.CRAWL).reason
    crawl = duel.move_creature("hero", Square(2, 5), MoveMode.CRAWL)
    assert crawl.ok, crawl.reason
    assert crawl.details["cost"] == 6
    _let_pass(duel)  # the crawl waits where it provoked the orc until the offer is settled
    duel.end_turn()
    assert duel.move_creature("orc", Square(3, 10), MoveMode.DASH).ok  # 8 squares
    _let_pass(duel)
    assert Condition.DASHING in conditions_of(duel, "orc")
    assert duel.run(
        forced_placement.force_move, "orc", "push", 1, Square(3, 11), source_id="hero"
    ).ok
    assert duel.encounter.creature("orc").square == Square(3, 11)
    assert not duel.run(
        forced_placement.force_move, "orc", "push", 1, Square(3, 9), source_id="hero"
    ).ok
    duel.run(gm_edits.add_condition, "orc", Condition.RESTRAINED, DurationKind.SAVE_ENDS)
    assert (
        "restrained"
        in duel.run(forced_placement.force_move, "orc", "slide", 1, Square(4, 11)).reason
    )


def test_three_rounds_with_a_reload_in_the_middle(tmp_path: object) -> None:
    # 000 "Combat Step by Step": turns in initiative order, round after round;
    # docs/design.md#dice: the document records every roll, so a saved and reopened encounter
    # continues exactly where it was.
    from pathlib import Path

    from orcus_desktop.model.serialization import load_encounter, save_encounter

    session = make_session(
        Encounter(
            GridBounds(10, 10),
            creatures=(fighter("hero", 2, 2), orc("orc", 3, 2), orc("grunt", 3, 3)),
        )
    )
    session.run(
        initiative.roll_initiative, dice={"hero": 15, "orc": 10, "grunt": 4}
    )  # hero 16, orcs 10 / 4
    session.run(initiative.start_combat)
    assert session.encounter.combat.order == ("hero", "orc", "grunt")
    # Round 1. Hero: basic attack on the orc, d20 17 (+6 = 23 vs AC 15), 1d10 = 8 -> 11.
    assert session.run(attacks_cases.basic_attack, "hero", "orc", dice=[17, 8]).ok
    assert _hp(session, "orc") == 19
    session.end_turn()
    # Orc: 1d20 12 + 3 + 1 = 16 vs AC 16: hit, 1d12 5 + 3 = 8.
    assert session.run(attacks_cases.basic_attack, "orc", "hero", dice=[12, 5]).ok
    assert _hp(session, "hero") == 36
    session.end_turn()
    # Grunt: natural 1 misses.
    miss = session.run(attacks_cases.basic_attack, "grunt", "hero", dice=[1])
    assert miss.details["hits"] == ()
    assert _hp(session, "hero") == 36
    session.end_turn()
    assert session.encounter.combat.round == 2
    # Save and reopen mid-combat: the same state, the same log.
    path = Path(str(tmp_path)) / "fight.json"
    save_encounter(path, session.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == session.encounter
    session = reopened
    # Round 2. Hero: Knockdown Strike kills the orc: d20 15 (21), 2d10 9 + 8 + 3 = 20 >= 19.
    result = session.use_power("hero", "Knockdown Strike", ["orc"], dice=[15, 9, 8])
    assert result.ok, result.reason
    orc_state = session.encounter.creature("orc").state
    assert orc_state is not None
    assert orc_state.dead
    session.end_turn()
    assert session.encounter.combat.current == "grunt"  # the dead orc's turn is skipped
    skipped = [e for e in session.encounter.combat.log if e.kind == "turn_skipped"]
    assert [(e.actor, e.data["reason"]) for e in skipped] == [("orc", "dead")]
    session.end_turn()
    # Round 3: the hero again.
    combat = session.encounter.combat
    assert (combat.round, combat.current) == (3, "hero")
    assert combat.combatant("hero").budget == ActionBudget(1, 1, 1)


def test_preview_attack_shows_modifiers_and_refusals(duel: GameSession) -> None:
    # 000 "Making an Attack": "The GM determines whether the target has cover and whether you
    # have combat advantage"; the preview changes nothing.
    duel.run(gm_edits.add_condition, "orc", Condition.DAZED, DurationKind.SAVE_ENDS)
    before = duel.encounter
    previews, reason = duel.ask(
        attacks_cases.preview_attack, "hero", "Basic Melee Attack", ["orc"]
    )
    assert reason == ""
    (orc_preview,) = previews
    assert orc_preview.combat_advantage == ("target dazed",)
    assert orc_preview.attack_bonus == 3 + 0 + 3 + 2  # Str, half level, proficiency, CA
    assert (orc_preview.defense_kind, orc_preview.defense) == ("ac", 15)
    assert duel.encounter is before
    _, far = duel.ask(attacks_cases.preview_attack, "hero", "Basic Melee Attack", ["brute"])
    assert "out of reach" in far
    _, cover = duel.ask(
        attacks_cases.preview_attack,
        "hero",
        "Basic Melee Attack",
        ["orc"],
        AttackChoices(cover={"orc": "total"}),
    )
    assert "total cover" in cover


def test_large_creature_squeezes_through_a_one_square_corridor() -> None:
    # 000 "Squeeze": through a space large enough for a creature one size smaller, spending
    # 1 extra square per square, granting combat advantage and -5 to attacks meanwhile.
    from orcus_desktop.geometry.features import TerrainKind, TerrainPatch
    from orcus_desktop.geometry.grid import Size

    walls = frozenset(Square(c, r) for c in range(2, 8) for r in (0, 2, 3))
    session = make_session(
        Encounter(
            GridBounds(8, 4),
            creatures=(orc("ogre", 0, 0, size="large", speeds={"walk": 8}),),
            terrain=(TerrainPatch(TerrainKind.BLOCKING, walls),),
        )
    )
    session.run(editing.update_creature, "ogre", size=Size.LARGE, speed=8)
    assert not session.preview_move("ogre", Square(4, 1), MoveMode.WALK).reachable
    squeeze = session.preview_move("ogre", Square(4, 1), MoveMode.SQUEEZE)
    assert squeeze.reachable, squeeze.reason
    assert squeeze.cost == 8  # 4 squares at 2 each
    assert session.move_creature("ogre", Square(4, 1), MoveMode.SQUEEZE).ok
    assert conditions_of(session, "ogre") == {Condition.SQUEEZING}


def test_an_opportunity_attack_that_drops_the_mover_stops_its_move(duel: GameSession) -> None:
    # 000 "Opportunity Attacks": "The attack occurs right before the creature leaves your
    # reach" — a mover that drops never finishes the move.
    duel.run(gm_edits.apply_damage, "orc", 25)  # 5 HP left
    duel.end_turn()
    walk = duel.move_creature("orc", Square(6, 2), MoveMode.WALK)
    assert walk.opportunity_attackers == ("hero",)
    oa = duel.run(
        interrupts.opportunity_attack, "hero", "orc", dice=[18, 6]
    )  # 9 damage: the orc dies
    assert oa.ok, oa.reason
    orc_state = duel.encounter.creature("orc").state
    assert orc_state is not None
    assert orc_state.dead
    assert duel.encounter.creature("orc").square == Square(3, 2)
    stopped = [e for e in duel.encounter.combat.log if e.kind == "move_stopped"]
    assert [(e.actor, e.data["at"]) for e in stopped] == [("orc", (3, 2))]


def test_delaying_drops_maintained_powers() -> None:
    # 000 "Delay": "You cannot maintain powers if you Delay."
    from tests.controller.conftest import ARROW, KNOCKDOWN

    session = make_session(
        Encounter(
            GridBounds(12, 6),
            creatures=(fighter("hero", 1, 2, powers=[KNOCKDOWN, ARROW, HOLD]), orc("orc", 8, 2)),
        )
    )
    session.run(initiative.roll_initiative, totals={"hero": 15, "orc": 10})
    session.run(initiative.start_combat)
    session.use_power("hero", "Hold Monster", ["orc"], dice=[15])
    session.end_turn()
    session.end_turn()
    assert conditions_of(session, "orc") == {Condition.IMMOBILE}
    assert session.delay().ok
    assert conditions_of(session, "orc") == set()


def test_who_makes_a_death_save_when_the_turn_ends(duel: GameSession) -> None:
    # docs/rulings.md R-03 — at the start of the dying creature's turn; the GM may
    # roll that d20 at the table, so the app says whose it will be before ending the turn.
    assert duel.ask(initiative.death_save_on_end_turn) is None  # nobody is dying
    duel.run(gm_edits.apply_damage, "hero", 48)  # the hero falls dying (-4) on its own turn
    assert duel.ask(initiative.death_save_on_end_turn) is None  # the orc is next, not the hero
    duel.end_turn()  # hero -> orc
    assert duel.ask(initiative.death_save_on_end_turn) is None  # the brute is next
    duel.end_turn()  # orc -> brute
    # The round wraps: the dying hero starts the next one with a death save.
    assert duel.ask(initiative.death_save_on_end_turn) == "hero"
    duel.end_turn(death_save_die=17)
    saves = [e for e in duel.encounter.combat.log if e.kind == "death_save"]
    assert len(saves) == 1
    assert saves[0].actor == "hero"
    assert duel.encounter.creature("hero").state.death_save_failures == 0  # type: ignore[union-attr]


def test_the_dead_are_passed_over_when_finding_the_next_death_save(duel: GameSession) -> None:
    duel.run(gm_edits.apply_damage, "orc", 999)  # dead: its turn is skipped
    duel.run(gm_edits.apply_damage, "brute", 20)
    duel.end_turn()  # hero -> (orc skipped) brute
    assert duel.encounter.combat.current == "brute"
    duel.run(gm_edits.apply_damage, "hero", 48)
    assert duel.ask(initiative.death_save_on_end_turn) == "hero"
    duel.delay()  # the brute delays: the hero is next now, in round 2
    assert duel.encounter.combat.current == "hero"
