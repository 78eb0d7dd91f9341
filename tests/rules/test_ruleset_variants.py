"""002 (4e quick reference) and 004 (Alloy Heroes) against 000: every difference, with its
mechanic id (docs/rulesets.md) and the seed line it comes from."""

from dataclasses import replace

import pytest

from orcus_desktop.geometry.battlefield import Occupant
from orcus_desktop.geometry.grid import Size, Space, Square
from orcus_desktop.geometry.movement import can_end_in, can_pass_through
from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.attack_modifiers import AttackContext, Combatant
from orcus_desktop.rules.attack_rolls import TargetAttack, resolve_attack
from orcus_desktop.rules.conditions import Condition, rules_for, with_implied
from orcus_desktop.rules.damage import halve
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.durations import SAVE_ENDS, DurationKind
from orcus_desktop.rules.modifiers import ResolvedValue
from orcus_desktop.rules.powers import AttackSpec, DamageSpec, Outcome, Power, PowerRange
from orcus_desktop.rules.ruleset import ORCUS, Ruleset, ruleset_by_id
from orcus_desktop.rules.ruleset.hooks import Provocation
from orcus_desktop.rules.ruleset.movement_hook import GrabMoveCheck
from orcus_desktop.rules.ruleset.tables import Boundary
from orcus_desktop.rules.state import add_condition
from orcus_desktop.rules.terms import Defense
from orcus_desktop.rules.turns import dash
from orcus_desktop.vocabulary import CoverDegree, CreatureId, Origin
from tests.rules.builders import combatant, monster, pc

Q002 = ruleset_by_id("4e-quickref")
A004 = ruleset_by_id("alloy-heroes")

# The hero: +6 to hit vs the orc's AC 15 (tests/rules/test_attacks.py).
HERO = combatant("hero", pc())
ORC = combatant("orc", monster())
RANGED = Power(
    name="Crossbow",
    origin=Origin.RANGED,
    range=PowerRange(10),
    attack=AttackSpec(Ability.STRENGTH, Defense.AC),
    hit=Outcome(damage=DamageSpec("1d8", ())),
)
MELEE = replace(RANGED, name="Sword", origin=Origin.MELEE, range=PowerRange(1))


def having(c: Combatant, condition: Condition) -> Combatant:
    state, _ = add_condition(
        c.state, condition, holder=c.id, source="t", duration=SAVE_ENDS, source_id=CreatureId("x")
    )
    return replace(c, state=state)


def roll(
    ruleset: Ruleset,
    ctx: AttackContext,
    *,
    attacker: Combatant = HERO,
    target: Combatant = ORC,
    power: Power = RANGED,
) -> TargetAttack:
    result = resolve_attack(attacker, power, [(target, ctx)], ScriptedSource([10, 4]), ruleset)
    return result.targets[0]


def attack_of(
    ruleset: Ruleset,
    ctx: AttackContext,
    *,
    attacker: Combatant = HERO,
    target: Combatant = ORC,
) -> ResolvedValue:
    """The attack roll of `roll` (always made: the scripted d20 is 10)."""
    made = roll(ruleset, ctx, attacker=attacker, target=target).attack
    assert made is not None
    return made


# -- 002 ---------------------------------------------------------------------------------------


def test_002_01_minor_is_the_label_of_swift_and_the_combinations_are_000s() -> None:
    # 002 l.11-16 "One standard action, one move action and one minor action. / ... / Three
    # minor actions." = 000's substitutions.
    assert Q002.action_label("swift") == "minor"
    assert ORCUS.action_label("swift") == "swift"
    assert Q002.actions.conversions == ORCUS.actions.conversions
    assert Q002.actions.turn == ORCUS.actions.turn


def test_002_05_opportunity_actions_do_not_use_the_immediate() -> None:
    # 002 l.18 "as many opportunity actions as become available during a whole round, but
    # only one per combatant turn".
    assert ORCUS.actions.opportunity_uses_immediate
    assert not Q002.actions.opportunity_uses_immediate
    assert Q002.actions.opportunity_per_provoking_turn == 1
    assert Q002.actions.immediate_per_round == 1  # 002-02 l.18 = 000


def test_002_06_action_points_by_role() -> None:
    # 002 l.20 "A player character or elite creature may spend one Action Point once per
    # encounter ... Solo monsters may spend multiple Action Points per encounter, but only one
    # per turn."
    limits = {a.role: (a.per_encounter, a.per_turn) for a in Q002.actions.action_points}
    assert limits["pc"] == limits["elite"] == (1, 1)
    assert limits["solo"] == (None, 1)
    assert not Q002.actions.action_points_in_surprise_round  # l.84 "not in a surprise round"


def test_002_08_surprised_keeps_free_actions() -> None:
    # 002 l.24 "A character that is surprised may only take free actions"; 000 Surprised:
    # "You can't take free actions".
    assert rules_for(Condition.SURPRISED, ORCUS).no_free_actions
    assert not rules_for(Condition.SURPRISED, Q002).no_free_actions
    assert rules_for(Condition.SURPRISED, Q002).no_immediate_actions


def test_002_09_restrained_can_be_force_moved() -> None:
    # 002 l.25 "immobilized or restrained cannot move spaces but can ... be forced to move by
    # a pull, push or a slide"; 000 Restrained: "You cannot be moved ... with unwilling
    # movement".
    assert not rules_for(Condition.RESTRAINED, ORCUS).can_be_moved
    row = rules_for(Condition.RESTRAINED, Q002)
    assert row.can_be_moved
    assert row.movement is rules_for(Condition.RESTRAINED, ORCUS).movement


def test_002_10_dominated_is_controlled() -> None:
    # 002 l.26 "A dazed or dominated character may only take one standard action ...".
    assert Q002.condition_label("controlled") == "Dominated"
    assert rules_for(Condition.CONTROLLED, Q002) == rules_for(Condition.CONTROLLED, ORCUS)


def test_002_11_12_13_15_actions_and_labels() -> None:
    # l.38 "Administer a potion" (standard); l.44 "Equip or stow a shield"; l.64-70 minor.
    assert Q002.actions.extra_actions.get("administer_potion") == "standard"
    assert Q002.actions.extra_actions.get("open_close_door") == "swift"
    assert ORCUS.actions.extra_actions.as_dict() == {}
    # l.39 "Aid another: Improve an ally's attack roll, defense, ..." - one action, +2.
    assert Q002.aid.one_action
    assert Q002.aid.bonus == ORCUS.aid.bonus == 2
    # l.41 "Bull rush" = 000 Shove; l.47 "Second wind" = 000 Rally.
    assert (Q002.action_label("shove"), Q002.action_label("rally")) == ("bull rush", "second wind")


def test_002_14_charge_does_not_end_the_turn() -> None:
    # 002 l.42 "charge-attack-move to retreat": as 000 (004-13 differs).
    assert not Q002.charge_ends_actions
    assert not ORCUS.charge_ends_actions


def test_002_16_17_grab_and_escape() -> None:
    # l.45 "Additional opposed Strength check needed to move a grabbed opponent"; l.53 "Escape:
    # Escape a grab and shift." under MOVE ACTIONS.
    moves = Q002.hooks.movement_policy
    assert moves.grab_move_check is GrabMoveCheck.OPPOSED_STRENGTH
    assert moves.escape_shift == 1
    assert ORCUS.hooks.movement_policy.escape_shift == 0
    assert Q002.actions.action_kind("escape", "?") == "move"
    assert ORCUS.actions.action_kind("escape", "?") == "standard"


def test_002_18_readied_actions_use_the_immediate() -> None:
    # l.18 "one immediate action per round, either as a readied action or ...".
    assert Q002.actions.readied_uses_immediate
    assert not ORCUS.actions.readied_uses_immediate


def test_002_19_run_has_no_attack_penalty_and_ends_at_the_start_of_the_next_turn() -> None:
    # l.54 "Run: Move up to your speed + 2; grant combat advantage until next turn."
    assert Q002.dash.speed_bonus == 2
    assert attack_of(Q002, AttackContext(), attacker=having(HERO, Condition.DASHING)).total == 13
    assert attack_of(ORCUS, AttackContext(), attacker=having(HERO, Condition.DASHING)).total == 8
    assert roll(Q002, AttackContext(), target=having(ORC, Condition.DASHING)).combat_advantage
    _, instance = dash(HERO.state, target=HERO.id, ruleset=Q002)
    assert instance.duration.kind is DurationKind.START_OF_TARGET_NEXT_TURN
    _, instance = dash(HERO.state, target=HERO.id)
    assert instance.duration.kind is DurationKind.END_OF_TARGET_NEXT_TURN  # 000 "Dash"


def test_002_20_squeeze_has_no_attack_penalty() -> None:
    # l.57 "Reduce your space by 1, move up to half your speed, and grant combat advantage."
    squeezing = having(HERO, Condition.SQUEEZING)
    assert attack_of(Q002, AttackContext(), attacker=squeezing).total == 13
    assert roll(Q002, AttackContext(), target=having(ORC, Condition.SQUEEZING)).combat_advantage


def test_002_21_drop_prone_is_a_minor_action() -> None:
    # l.66 "Drop prone" under MINOR ACTIONS; 000 "Free Actions": "Drop prone."
    assert Q002.actions.action_kind("drop_prone", "?") == "swift"
    assert ORCUS.actions.action_kind("drop_prone", "?") == "free"


def test_002_22_the_4e_skill_list() -> None:
    # l.114-148: Bluff, Diplomacy, Endurance, Streetwise, Thievery, Nature.
    skills = Q002.skills.as_dict()
    assert skills["bluff"] == "charisma"
    assert skills["thievery"] == "dexterity"
    assert skills["nature"] == "wisdom"
    assert "deception" not in skills
    assert len(skills) == 17
    assert len(ORCUS.skills.as_dict()) == 16


def test_002_23_24_falls_and_first_aid() -> None:
    # l.114 Acrobatics: "reduce falling damage"; l.130 Heal: "Give first aid to prevent dying".
    damage = Q002.hooks.damage_policy
    assert damage.falling_reduction_skill == "acrobatics"
    assert damage.first_aid_stops_dying
    assert ORCUS.hooks.damage_policy.falling_reduction_skill is None


# -- 004 ---------------------------------------------------------------------------------------


def test_004_01_minimum_damage_0() -> None:
    # 004 l.16 "Minimum damage is 0."; docs/rulings.md R-04: 000 halving never goes below 1.
    assert (halve(1, ORCUS), halve(1, A004)) == (1, 0)
    assert halve(9, A004) == halve(9, ORCUS) == 4


def test_004_03_melee_and_ranged_roll_damage_per_target() -> None:
    # 004 l.61 "each attack and damage roll is different for each target"; l.84 close: once.
    damage = A004.hooks.damage_policy
    assert not damage.shared_roll("melee")
    assert not damage.shared_roll("ranged")
    assert damage.shared_roll("near")
    assert damage.shared_roll("far")
    assert ORCUS.hooks.damage_policy.shared_roll("melee")


def test_004_06_07_ammunition_and_bursts() -> None:
    # l.72 "enough ammunition ... for each target"; l.111 "a close burst you create does not
    # affect you".
    assert A004.ammunition_per_target
    assert not ORCUS.ammunition_per_target
    assert not A004.near_burst_user_per_targets
    assert ORCUS.near_burst_user_per_targets


def test_004_08_attacks_of_opportunity_are_free_once_per_turn() -> None:
    # l.383-384 "Attack of Opportunity: Free Action"; "one attack of opportunity on any given
    # combatant's turn".
    assert not A004.actions.opportunity_uses_immediate
    assert A004.actions.opportunity_per_provoking_turn == 1


def test_004_09_19_what_provokes() -> None:
    # l.262/273 "Use a skill that takes a standard action Yes"; l.549 "the target doesn't
    # provoke opportunity attacks from adjacent enemies".
    reactions = A004.hooks.reaction_rules
    assert Provocation.SKILL_USE in reactions.provocations
    assert Provocation.SKILL_USE not in ORCUS.hooks.reaction_rules.provocations
    assert not reactions.dragged_target_provokes


def test_004_10_aid_needs_a_roll_at_most_four() -> None:
    # l.356 "make a basic attack vs. Defense 10"; l.362 "more than four (4) allies".
    assert (A004.aid.needs_roll, A004.aid.defense, A004.aid.max_helpers) == (True, 10, 4)
    assert not ORCUS.aid.needs_roll
    assert ORCUS.aid.max_helpers is None


def test_004_12_bull_rush_and_grapple_within_one_size() -> None:
    # l.434 "within one size category (one size larger, same size, one size smaller)"; 000
    # Shove: "no more than one size larger".
    medium, tiny = 2, 0
    assert ORCUS.shove_size_window.allows(medium, tiny)
    assert not A004.shove_size_window.allows(medium, tiny)
    assert A004.shove_size_window.allows(medium, medium + 1)
    assert not A004.grapple.size_window.allows(medium, tiny)


def test_004_13_charge_ends_the_turn() -> None:
    # l.451 "the character can take no further actions this turn".
    assert A004.charge_ends_actions
    assert A004.charge_min_squares == 2


def test_004_15_20_delay_and_ready() -> None:
    # l.493 "If you don't use your delayed turn before your initiative comes up again";
    # l.564 "It takes place immediately after the action that triggers it".
    flow = A004.hooks.flow
    assert flow.delay_lapses.value == "next_initiative"
    assert flow.readied_timing.value == "after_trigger"
    assert flow.readying_ends_turn
    assert ORCUS.hooks.flow.delay_lapses.value == "end_of_round"
    assert A004.actions.readied_uses_immediate


def test_004_16_17_18_action_kinds() -> None:
    # l.279/844 drop prone "as a swift action"; l.512 "Escape: Move Action"; l.523 "maintain
    # a grapple as a swift action".
    assert A004.actions.action_kind("drop_prone", "?") == "swift"
    assert A004.actions.action_kind("escape", "?") == "move"
    assert A004.hooks.movement_policy.escape_shift == 1
    assert A004.grapple.sustain_action == "swift"
    assert ORCUS.grapple.sustain_action is None
    assert not A004.grapple.auto_success_vs_incapacitated


def test_004_21_run_until_the_start_of_the_next_turn() -> None:
    # l.574 "-5 penalty to attack rolls until the start of your next turn".
    assert A004.dash.lasts_until is Boundary.START_OF_NEXT_TURN
    assert attack_of(A004, AttackContext(), attacker=having(HERO, Condition.DASHING)).total == 8


def test_004_23_squeezing_grants_no_combat_advantage() -> None:
    # l.616 "-5 penalty to all attack rolls until you return to your normal space" (no CA).
    squeezing_orc, squeezing_hero = (
        having(ORC, Condition.SQUEEZING),
        having(HERO, Condition.SQUEEZING),
    )
    assert not roll(A004, AttackContext(), target=squeezing_orc).combat_advantage
    assert roll(ORCUS, AttackContext(), target=squeezing_orc).combat_advantage
    assert attack_of(A004, AttackContext(), attacker=squeezing_hero).total == 8


def test_004_24_25_movement() -> None:
    # l.700 "speed is limited to one-half normal"; l.711-713 "You can end your movement in an
    # ally's square only if the ally is prone ... an enemy's square only if the enemy is
    # helpless"; "unless that enemy is helpless".
    moves, orcus = A004.hooks.movement_policy, ORCUS.hooks.movement_policy
    me = Occupant("me", Space(Square(0, 0), Size.MEDIUM), "heroes")
    prone_ally = Occupant("ally", Space(Square(1, 0), Size.MEDIUM), "heroes", prone=True)
    helpless_enemy = Occupant("orc", Space(Square(2, 0), Size.MEDIUM), "monsters", helpless=True)
    assert can_end_in(me, prone_ally, 0, moves.occupancy)
    assert not can_end_in(me, prone_ally, 0, orcus.occupancy)
    assert can_pass_through(me, helpless_enemy, moves.occupancy)
    assert not can_pass_through(me, helpless_enemy, orcus.occupancy)
    assert moves.speed(6, sees=False) == 3
    assert orcus.speed(6, sees=False) == 6


def test_004_26_flanking_gives_battle_superiority_to_any_attack() -> None:
    # l.689 "You have battle superiority against enemies you flank."; R-07: melee only.
    flank = AttackContext(flanking=True)
    assert roll(A004, flank).combat_advantage == ("flanking",)
    assert roll(ORCUS, flank).combat_advantage == ()
    assert roll(ORCUS, flank, power=MELEE).combat_advantage == ("flanking",)


def test_004_27_28_striking_the_cover() -> None:
    # l.752 "If the attack only missed because of the cover modifier then the cover was
    # struck."
    targeting = A004.hooks.targeting_policy
    assert targeting.cover_struck(hit=False, total_without_cover=16, defense=15)
    assert not targeting.cover_struck(hit=False, total_without_cover=14, defense=15)
    assert not targeting.cover_struck(hit=True, total_without_cover=16, defense=15)
    assert not ORCUS.hooks.targeting_policy.cover_struck(
        hit=False, total_without_cover=16, defense=15
    )
    assert targeting.concealment_from_partial_sight


def test_004_29_cover_labels_same_numbers() -> None:
    # l.725-733 "Target has Cover -2", "Improved Cover -5".
    modifiers = attack_of(A004, AttackContext(cover=CoverDegree.THREE_QUARTERS)).modifiers
    assert [(m.value, m.source) for m in modifiers if "cover" in m.source] == [
        (-5, "improved cover")
    ]
    orcus = attack_of(ORCUS, AttackContext(cover=CoverDegree.HALF)).modifiers
    assert [(m.value, m.source) for m in orcus if "cover" in m.source] == [(-2, "half cover")]
    assert A004.term_labels.get("combat_advantage") == "battle superiority"


def test_004_30_blind_and_deaf_notice_minus_5() -> None:
    # l.790, 807 "-5 penalty on Notice checks"; 000: -10 to Perception.
    assert rules_for(Condition.BLINDED, A004).perception_penalty == -5
    assert rules_for(Condition.DEAFENED, A004).perception_penalty == -5
    assert rules_for(Condition.BLINDED, ORCUS).perception_penalty == -10


def test_004_31_grappled_takes_minus_2_on_attacks() -> None:
    # l.822-823 "Your hero is immobilized. Your character takes a -2 on all attacks."
    grappled = having(HERO, Condition.GRAPPLED)
    assert attack_of(A004, AttackContext(), attacker=grappled).total == 11
    assert attack_of(ORCUS, AttackContext(), attacker=grappled).total == 13


def test_004_32_unconscious_is_helpless_and_the_helpless_cannot_flank() -> None:
    # l.872 "Unconscious characters are helpless"; l.829 Helpless "can't flank".
    out = having(ORC, Condition.UNCONSCIOUS)
    assert Condition.HELPLESS in with_implied([Condition.UNCONSCIOUS], A004)
    assert roll(A004, AttackContext(), target=out).combat_advantage  # even ranged
    assert Condition.HELPLESS not in with_implied([Condition.UNCONSCIOUS], ORCUS)
    helpless = having(HERO, Condition.HELPLESS)
    flank = AttackContext(flanking=True)
    assert not roll(A004, flank, attacker=helpless, power=MELEE).combat_advantage
    assert roll(ORCUS, flank, attacker=helpless, power=MELEE).combat_advantage


def test_004_33_prone_keeps_its_ranged_bonus_against_adjacent_attackers() -> None:
    # l.841 "gains a +2 bonus to all defenses against ranged attacks" (no adjacency clause).
    prone = having(ORC, Condition.PRONE)
    adjacent = AttackContext(adjacent=True)
    defenses = [roll(r, adjacent, target=prone).defense for r in (A004, ORCUS)]
    assert [d.total if d is not None else None for d in defenses] == [17, 15]


@pytest.mark.parametrize(
    ("condition", "label"),
    [
        ("controlled", "Dominated"),  # l.813
        ("restrained", "Snared"),  # l.854
        ("weakened", "Withered"),  # l.880
        ("immobile", "Immobilized"),  # l.833
    ],
)
def test_004_34_renamed_conditions(condition: str, label: str) -> None:
    assert A004.condition_label(condition) == label
    assert ORCUS.condition_label(condition) == condition.capitalize()
    assert rules_for(Condition(condition), A004) == rules_for(Condition(condition), ORCUS)


def test_004_34_no_marked_or_petrified() -> None:
    assert set(A004.conditions.absent) == {"marked", "petrified"}
    assert ORCUS.conditions.absent == ()


def test_004_35_36_37_initiative_trip_and_defense_names() -> None:
    # l.194 "If there is still a tie, roll a die." (000: "flip a coin").
    assert A004.hooks.initiative_procedure.tie_break_sides == 20
    assert ORCUS.hooks.initiative_procedure.tie_break_sides == 2
    # l.632 Trip; l.40 attacks vs "Defense".
    assert A004.actions.extra_actions.get("trip") == "standard"
    assert A004.defense_labels.get("ac") == "Defense"
