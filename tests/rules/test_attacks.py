"""000 "Attack Rolls", "Combat Advantage", "Rolling 1 or 20", "Cover", "Concealment",
"Critical Hits", "Areas of effect", conditions that change attacks and defenses."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.attack_application import apply_attack
from orcus_desktop.rules.attack_modifiers import AttackContext, Combatant
from orcus_desktop.rules.attack_rolls import AttackResult, resolve_attack
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.durations import SAVE_ENDS, Duration, DurationKind
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import (
    Area,
    AttackSpec,
    ConditionSpec,
    DamageSpec,
    Outcome,
    PersistentSpec,
    Power,
    PowerRange,
    TargetKind,
    basic_melee_attack,
)
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.state import RulesError, add_condition
from orcus_desktop.rules.terms import DamageType, Defense
from orcus_desktop.vocabulary import AreaShape, ConcealmentDegree, CoverDegree, CreatureId, Origin
from tests.rules.builders import combatant, monster, pc

# The hero: Str 16 (+3), level 1 (+0), longsword 1d10 with proficiency +3: +6 to hit vs AC.
HERO = combatant("hero", pc())
ORC = combatant("orc", monster())  # AC 15
BASIC = basic_melee_attack(1)


def attack(
    natural: int,
    ctx: AttackContext | None = None,
    attacker: Combatant = HERO,
    target: Combatant = ORC,
    power: Power = BASIC,
    damage_dice: tuple[int, ...] = (5,),
) -> AttackResult:
    dice = ScriptedSource([natural, *damage_dice])
    return resolve_attack(attacker, power, [(target, ctx or AttackContext())], dice, ORCUS)


def with_condition(c: Combatant, condition: Condition) -> Combatant:
    state, _ = add_condition(
        c.state,
        condition,
        holder=c.id,
        source="test",
        duration=SAVE_ENDS,
        source_id=CreatureId("someone"),
    )
    return replace(c, state=state)


def test_attack_bonus_parts() -> None:
    # 000 "Power Attack Rolls": "ability modifier ... + half your level + any other relevant
    # modifiers"; 000 "Proficiency Bonus".
    result = attack(9).targets[0]
    assert result.attack is not None
    assert [(v, s) for v, s in result.attack.parts] == [
        (9, "d20"),
        (3, "Strength"),
        (0, "half level"),
        (3, "Longsword proficiency"),
    ]
    assert result.attack.total == 15
    assert result.hit is True  # 000: "equals or exceeds the target's relevant defense"


def test_miss_one_below_defense() -> None:
    assert attack(8).targets[0].hit is False


@pytest.mark.parametrize(
    ("natural", "target_ac", "hit", "critical", "automatic"),
    [
        # 000 "Rolling 1 or 20": a 20 hits regardless; a critical hit only "if it would have
        # hit even if it weren't for this special rule".
        (20, 15, True, True, ""),
        (20, 26, True, True, ""),  # 20 + 6 = 26 meets AC 26: would have hit anyway
        (20, 27, True, False, "natural 20"),
        (20, 40, True, False, "natural 20"),
        # "If the d20 roll for an attack is a 1, the attack misses regardless".
        (1, 5, False, False, "natural 1"),
        (19, 25, True, False, ""),
    ],
)
def test_natural_20_and_1(
    natural: int, target_ac: int, hit: bool, critical: bool, automatic: str
) -> None:
    target = combatant("orc", monster(defenses=replace(ORC.statblock.defenses, ac=target_ac)))
    result = attack(natural, target=target).targets[0]
    assert (result.hit, result.critical, result.automatic) == (hit, critical, automatic)


def test_critical_hit_is_maximum_damage_plus_rolled_extra() -> None:
    # 000 "Critical Hits": "you do maximum damage ... roll those extra dice (don't maximize)".
    power = replace(BASIC, name="Brutal Strike", crit_extra="1d6")
    result = resolve_attack(HERO, power, [(ORC, AttackContext())], ScriptedSource([20, 2]), ORCUS)
    damage = result.targets[0].damage
    assert damage is not None
    assert damage.maximized
    assert damage.roll.total == 13  # 1d10 max 10 + Str 3
    assert damage.extra is not None
    assert damage.extra.total == 2
    assert damage.amount(ORCUS) == 15
    assert result.hit_damage is None  # no ordinary hit needed a roll


# Combat advantage and situational modifiers: (context or conditions, expected attack total
# with a natural 10 (+6 from the hero), quoted rule).
def _ctx(**kw: object) -> AttackContext:
    return AttackContext(**kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ctx", "total", "rule"),
    [
        (_ctx(), 16, "no modifiers"),
        (_ctx(combat_advantage=("attacker unseen",)), 18, '000 "Combat Advantage": +2'),
        (
            _ctx(combat_advantage=("a", "b"), flanking=True),
            18,
            "combat advantage is +2 however many reasons",
        ),
        (_ctx(flanking=True), 18, "docs/rulings.md R-07 -> combat advantage for melee"),
        (_ctx(cover=CoverDegree.HALF), 14, '000 "Cover": half cover -2'),
        (_ctx(cover=CoverDegree.THREE_QUARTERS), 11, '000 "Cover": three-quarters -5'),
        (_ctx(concealment=ConcealmentDegree.CONCEALED), 14, '000 "Concealment": -2'),
        (_ctx(concealment=ConcealmentDegree.TOTAL), 11, '000 "Concealment": total -5'),
        (_ctx(long_range=True), 14, '000 "Ranged": -2 beyond normal range'),
        (_ctx(charge=True), 17, '000 "Charge": +1'),
        (_ctx(attack_modifiers=(Modifier(2, "help attack"),)), 18, '000 "Help Attack": +2'),
    ],
)
def test_situational_attack_modifiers(ctx: AttackContext, total: int, rule: str) -> None:
    result = attack(10, ctx).targets[0]
    assert result.attack is not None
    assert result.attack.total == total, rule


def test_total_cover_cannot_be_targeted() -> None:
    with pytest.raises(RulesError, match="total cover"):
        attack(10, _ctx(cover=CoverDegree.TOTAL))


NEAR_BURST = Power(
    name="Thunderwave",
    origin=Origin.NEAR,
    area=Area(AreaShape.BURST, 1),
    targets=TargetKind.ALL,
    attack=AttackSpec(Ability.STRENGTH, Defense.FORTITUDE),
    hit=Outcome(damage=DamageSpec("1d6 + Strength modifier", (DamageType.THUNDER,))),
)


def test_concealment_does_not_apply_to_near_and_far() -> None:
    # 000 "Concealment": "Concealment penalties do not apply to Near or Far attacks."
    result = attack(10, _ctx(concealment=ConcealmentDegree.TOTAL), power=NEAR_BURST).targets[0]
    assert result.attack is not None
    assert result.attack.total == 13


@pytest.mark.parametrize(
    ("condition", "total", "rule"),
    [
        (Condition.BLINDED, 18, "000 Blinded: attack rolls against you have combat advantage"),
        (Condition.DAZED, 18, "000 Dazed: combat advantage"),
        (Condition.HELPLESS, 18, "000 Helpless: combat advantage"),
        (Condition.RESTRAINED, 18, "000 Restrained: combat advantage"),
        (Condition.STUNNED, 18, "000 Stunned: combat advantage"),
        (Condition.SURPRISED, 18, "000 Surprised: combat advantage"),
        (Condition.PETRIFIED, 18, "000 Petrified: combat advantage"),
        (Condition.PRONE, 18, "000 Prone: melee attack rolls against you have combat advantage"),
        (Condition.DASHING, 18, '000 "Dash": you grant combat advantage'),
        (Condition.SLOWED, 16, "000 Slowed: no effect on attacks against you"),
    ],
)
def test_target_conditions_grant_combat_advantage(
    condition: Condition, total: int, rule: str
) -> None:
    result = attack(10, target=with_condition(ORC, condition)).targets[0]
    assert result.attack is not None
    assert result.attack.total == total, rule
    assert bool(result.combat_advantage) is (total == 18)


@pytest.mark.parametrize(
    ("condition", "defense", "rule"),
    [
        (Condition.UNCONSCIOUS, 10, "000 Unconscious: -5 penalty to all defenses"),
        (Condition.TOTAL_DEFENSE, 17, '000 "Total Defense": +2 to all defenses'),
        (Condition.RALLIED, 17, '000 "Rally": +2 to all defenses'),
        (Condition.WEAKENED, 15, "000 Weakened: defenses unchanged"),
    ],
)
def test_target_conditions_change_defenses(condition: Condition, defense: int, rule: str) -> None:
    result = attack(10, target=with_condition(ORC, condition)).targets[0]
    assert result.defense is not None
    assert result.defense.total == defense, rule


@pytest.mark.parametrize(
    ("condition", "total", "rule"),
    [
        (Condition.PRONE, 14, "000 Prone: -2 to attack rolls"),
        (Condition.RESTRAINED, 14, "000 Restrained: -2 penalty to attack rolls"),
        (Condition.DASHING, 11, '000 "Dash": -5 penalty to attacks'),
        (Condition.SQUEEZING, 11, '000 "Squeeze": -5 penalty to attacks'),
    ],
)
def test_attacker_conditions_penalise(condition: Condition, total: int, rule: str) -> None:
    result = attack(10, attacker=with_condition(HERO, condition)).targets[0]
    assert result.attack is not None
    assert result.attack.total == total, rule


RANGED = Power(
    name="Magic Missile",
    origin=Origin.RANGED,
    range=PowerRange(10),
    attack=AttackSpec(Ability.STRENGTH, Defense.REFLEX),
    hit=Outcome(damage=DamageSpec("2d4", (DamageType.FORCE,))),
)


@pytest.mark.parametrize(
    ("adjacent", "power", "defense"),
    [
        # 000 Prone: "+2 to AC, Fortitude, Reflex and Will defense against ranged attacks
        # (unless attacker is adjacent to you)".
        (False, RANGED, 14),
        (True, RANGED, 12),
        (False, BASIC, 15),  # melee: no bonus (AC 15)
    ],
)
def test_prone_defense_against_ranged(adjacent: bool, power: Power, defense: int) -> None:
    target = with_condition(ORC, Condition.PRONE)
    result = attack(10, _ctx(adjacent=adjacent), target=target, power=power, damage_dice=(1, 1))
    t = result.targets[0]
    assert t.defense is not None
    assert t.defense.total == defense
    # Prone grants combat advantage to melee attacks only.
    assert bool(t.combat_advantage) is (power is BASIC)


def test_marked_penalty_unless_the_marker_is_a_target() -> None:
    # 000 Marked: "-2 penalty to attack rolls on attacks that do not include the creature that
    # marked you as a target."
    fighter = combatant("fighter", pc(name="Fighter"))
    state, _ = add_condition(
        HERO.state,
        Condition.MARKED,
        holder=HERO.id,
        source="Fighter's challenge",
        duration=Duration(DurationKind.END_OF_USER_NEXT_TURN, fighter.id),
        source_id=fighter.id,
    )
    marked_hero = replace(HERO, state=state)
    not_marker = attack(10, attacker=marked_hero).targets[0]
    assert not_marker.attack is not None
    assert not_marker.attack.total == 14
    at_marker = attack(10, attacker=marked_hero, target=fighter).targets[0]
    assert at_marker.attack is not None
    assert at_marker.attack.total == 16


def test_clumsy_on_ground() -> None:
    # 000 "Flying Movement": clumsy on ground: -4 to attack rolls and defences on the ground.
    bat = combatant("bat", monster(clumsy_on_ground=True))
    as_attacker = attack(10, attacker=bat, target=HERO).targets[0]
    assert as_attacker.attack is not None
    assert "clumsy" in [s for _, s in as_attacker.attack.parts]
    flying = attack(10, _ctx(attacker_flying=True), attacker=bat, target=HERO).targets[0]
    assert flying.attack is not None
    assert flying.attack.total == as_attacker.attack.total + 4
    as_target = attack(10, target=bat).targets[0]
    assert as_target.defense is not None
    assert as_target.defense.total == 11


def test_monster_uses_its_stat_block_bonus() -> None:
    # 000 "Modifiers to the Roll": "When a monster makes an attack roll, it uses whatever
    # modifier is provided in its stat block."
    claw = Power(
        name="Claw",
        attack=AttackSpec(None, Defense.AC, bonus=7),
        hit=Outcome(damage=DamageSpec("1d8 + 4")),
    )
    result = attack(10, attacker=ORC, target=HERO, power=claw).targets[0]
    assert result.attack is not None
    assert result.attack.total == 17
    assert result.hit is True


def test_area_attack_one_roll_per_target_damage_rolled_once() -> None:
    # 000 "Areas of effect": "a separate attack roll for each of them, but you only roll damage
    # once for all targets".
    orcs = [combatant(f"orc{i}", monster()) for i in range(3)]
    # Attack rolls: 15 (hit Fort 15 with +3), 2 (miss), 14 (hit); then one damage die: 4.
    dice = ScriptedSource([15, 2, 14, 4])
    result = resolve_attack(HERO, NEAR_BURST, [(o, AttackContext()) for o in orcs], dice, ORCUS)
    assert [t.hit for t in result.targets] == [True, False, True]
    assert [t.roll.natural for t in result.targets if t.roll] == [15, 2, 14]
    assert result.hit_damage is not None
    assert result.hit_damage.total == 7
    damages = [t.damage for t in result.targets]
    assert damages[0] is not None
    assert damages[2] is not None
    assert damages[1] is None
    assert damages[0].roll is damages[2].roll
    assert dice.remaining == 0


def test_miss_half_damage_uses_the_same_roll() -> None:
    power = replace(NEAR_BURST, miss=Outcome(half_damage=True))
    orcs = [combatant(f"orc{i}", monster()) for i in range(2)]
    dice = ScriptedSource([15, 3, 5])
    result = resolve_attack(HERO, power, [(o, AttackContext()) for o in orcs], dice, ORCUS)
    hit, miss = result.targets
    assert hit.damage is not None
    assert miss.damage is not None
    assert hit.damage.amount(ORCUS) == 8
    assert miss.damage.amount(ORCUS) == 4  # half, rounded down


def test_weakened_attacker_halves_damage_when_applied() -> None:
    # 000 Weakened: "The damage of your attacks is halved, except persistent damage."
    weak = with_condition(HERO, Condition.WEAKENED)
    power = replace(
        BASIC,
        name="Searing Blade",
        hit=Outcome(damage=BASIC.hit.damage, persistent=(PersistentSpec(5, (DamageType.FIRE,)),)),
    )
    result = resolve_attack(weak, power, [(ORC, AttackContext())], ScriptedSource([15, 6]), ORCUS)
    states, applied = apply_attack(result, {ORC.id: ORC, weak.id: weak}, ORCUS)
    assert applied.targets[0].damage[0].amount == 4  # (6 + 3) // 2
    assert states[ORC.id].current_hp == 26
    assert states[ORC.id].persistent[0].amount == 5


def test_apply_attack_imposes_conditions_with_the_attackers_durations() -> None:
    power = Power(
        name="Pinning Strike",
        attack=AttackSpec(Ability.STRENGTH, Defense.AC),
        hit=Outcome(
            damage=DamageSpec("1d6"),
            conditions=(
                ConditionSpec(Condition.SLOWED, DurationKind.END_OF_USER_NEXT_TURN),
                ConditionSpec(Condition.MARKED, DurationKind.END_OF_USER_NEXT_TURN),
            ),
        ),
        keywords=("weapon",),
    )
    result = resolve_attack(HERO, power, [(ORC, AttackContext())], ScriptedSource([15, 3]), ORCUS)
    states, _applied = apply_attack(result, {ORC.id: ORC}, ORCUS, current_turn=HERO.id)
    orc_state = states[ORC.id]
    assert orc_state.current_hp == 27
    assert orc_state.marked_by() == HERO.id
    slowed = orc_state.instances_of(Condition.SLOWED)[0]
    assert slowed.duration.user == HERO.id
    assert slowed.skip_end


def test_coup_de_grace_hit_is_a_critical_and_kills_at_staggered() -> None:
    # 000 "Coup de Grace": "If you hit, you score a critical hit. If the damage equals or
    # exceeds their Staggered value, they die."
    helpless = with_condition(combatant("pc2", pc(max_hp=26)), Condition.HELPLESS)
    ctx = _ctx(coup_de_grace=True, adjacent=True)
    result = attack(10, ctx, target=helpless)  # 10 + 6 + 2 (combat advantage) vs AC 16
    target = result.targets[0]
    assert target.hit
    assert target.critical
    states, applied = apply_attack(result, {helpless.id: helpless}, ORCUS)
    assert applied.targets[0].damage[0].died  # 13 max damage >= staggered 13
    assert states[helpless.id].dead


def test_seeded_attack_replays_identically() -> None:
    import random

    from orcus_desktop.rules.dice_values import RandomSource

    runs = [
        resolve_attack(
            HERO,
            NEAR_BURST,
            [(ORC, AttackContext()), (HERO, AttackContext())],
            RandomSource(random.Random(7)),
            ORCUS,
        )
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


@settings(max_examples=60, deadline=None)
@given(
    natural=st.integers(min_value=1, max_value=20),
    ac=st.integers(min_value=5, max_value=40),
    cover=st.sampled_from([CoverDegree.NONE, CoverDegree.HALF, CoverDegree.THREE_QUARTERS]),
    advantage=st.booleans(),
)
def test_hit_and_crit_rules_hold_for_any_roll(
    natural: int, ac: int, cover: CoverDegree, advantage: bool
) -> None:
    # 000 "Rolling 1 or 20" as an invariant over rolls, defenses and modifiers.
    target = combatant("orc", monster(defenses=replace(ORC.statblock.defenses, ac=ac)))
    ctx = AttackContext(cover=cover, combat_advantage=("test",) if advantage else ())
    t = attack(natural, ctx, target=target, damage_dice=(3,)).targets[0]
    assert t.attack is not None
    assert t.defense is not None
    meets = t.attack.total >= t.defense.total
    assert t.hit is (natural == 20 or (natural != 1 and meets))
    assert t.critical is (natural == 20 and meets)
    if t.hit:
        assert t.damage is not None
        assert t.damage.maximized is t.critical
    else:
        assert t.damage is None
