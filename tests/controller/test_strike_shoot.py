"""001's Shoot! and Spell!, played from the GM's side: cover in quarters, the range, speed and
engagement bands, unseen targets and attackers, crouching and help by helpers.

Mechanic ids and seed lines as in docs/rulesets.md "001" and docs/rulings.md "001 picks:
cover, Shoot!, initiative and movement".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from orcus_desktop.controller.actions import aid_actions, attacks, combat_actions
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.targeting import attack_summary
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import engagement
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import ARROW, fighter, make_session, orc

BOLT: dict[str, Any] = {**ARROW, "name": "Magic Missile", "keywords": ["arcane", "implement"]}
LONGBOW: dict[str, Any] = {**ARROW, "name": "Long Shot", "range": {"normal": 20}}


def _range_fight(wall_from: float = 1.2, ruleset_id: str = "strike", **senses: Any) -> GameSession:
    """The archer 9 squares from the orc, a low wall before the orc, an ally beside it.

    `senses`: the archer's and the orc's (stat block `senses`), as `darkvision=12`.
    """
    archer = fighter("archer", 1, 1, powers=[ARROW, BOLT, LONGBOW], senses=senses)
    session = make_session(
        Encounter(
            GridBounds(24, 6),
            creatures=(
                archer,
                orc("orc", 10, 1, senses=senses),
                fighter("ally", 11, 1),
                orc("far", 20, 4),
            ),
            walls=(WallEntry(WallId("w"), Wall(WallKind.WALL, ((9.0, wall_from), (9.0, 6.0)))),),
            ruleset_id=ruleset_id,
        )
    )
    totals = {"archer": 20, "orc": 15, "ally": 10, "far": 5}
    assert session.run(initiative.roll_initiative, totals=totals).ok
    assert session.run(initiative.start_combat).ok
    return session


def _parts(session: GameSession, power: str, target: str = "orc", **kw: Any) -> dict[str, int]:
    previews, problem = session.ask(
        attacks.preview_attack, "archer", power, [target], AttackChoices(**kw)
    )
    assert problem == ""
    return {source: value for value, source in previews[0].attack_parts}


def test_shoot_into_melee_with_cover_and_range_band() -> None:
    s = _range_fight()
    # 001-25: the ally is in melee with the orc (Close, 001-30).
    assert s.run(engagement.engage, "ally", "orc").ok
    parts = _parts(s, "Arcane Bolt")
    # 001-11, 001 l.154 "3/4 Cover +2"; 001-17, l.200 "8-15 -4" (9 squares); 001-21, l.230
    # "Target Engaged With (Ally Creature) -1". 000's long range -2 is not used.
    assert parts["3/4 cover"] == -2
    assert parts["range 9 (001 Shoot!)"] == -4
    assert parts["into melee: 1 ally (001)"] == -1
    assert not any("long range" in source for source in parts)
    # The GM reads them in the attack dialog's line before rolling.
    previews, _ = s.ask(attacks.preview_attack, "archer", "Arcane Bolt", ["orc"])
    line = attack_summary(previews[0], s)
    assert "3/4 cover" in line  # the ruleset's own label (001 l.154 "3/4 Cover")
    assert "three-quarters" not in line
    assert "range 9 (001 Shoot!) -4 · into melee: 1 ally (001) -1" in line
    # The attack itself logs the same numbers for the GM (the breakdown of the attack).
    assert s.use_power("archer", "Arcane Bolt", ["orc"], dice=[20, 4]).ok
    attack = next(e for e in reversed(s.encounter.combat.log) if e.kind == "attack")
    target = attack.data["targets"][0]
    assert target["cover"] == "three_quarters"
    assert target["attack"] == 20 + 3 - 2 - 4 - 1
    # Under 000 the same shot is three-quarters cover -5 and no bands.
    orcus = _parts(_range_fight(ruleset_id="orcus"), "Arcane Bolt")
    assert orcus["three-quarters cover"] == -5
    assert not any("001" in source for source in orcus)


def test_001_12_a_crouching_target_has_one_level_more_cover() -> None:
    s = _range_fight()
    # 001 l.146 "If a creature can Crouch it can generally improve its Cover by one Level".
    assert _parts(s, "Arcane Bolt", crouching=("orc",))["7/8 cover"] == -3
    # The GM's own cover ruling stands as given.
    ruled = _parts(s, "Arcane Bolt", crouching=("orc",), cover={"orc": "half"})
    assert ruled["1/2 cover"] == -1
    assert AttackChoices.from_options(
        AttackChoices(crouching=("orc",)).to_options()
    ).crouching == ("orc",)


def test_001_18_19_target_speed_and_shooter_engaged() -> None:
    s = _range_fight(wall_from=6.0)
    # 001-16 pick: the Shoot! is held (readied) and taken during the orc's turn.
    assert s.run(initiative.ready_action, "archer", ActionKind.STANDARD, "the orc moves").ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "orc"
    assert s.move_creature("orc", Square(10, 4), MoveMode.WALK).ok  # 3 squares
    assert s.run(engagement.engage, "orc", "archer").ok
    assert s.run(engagement.engage, "far", "archer").ok
    assert s.run(initiative.trigger_readied, "archer", "orc").ok
    parts = _parts(s, "Arcane Bolt")
    # 001 l.212 "2-3 -2" for the target's speed; l.222 "Engaged By 2-3 -2" for the shooter.
    assert parts["target moved 3 (001 Shoot!)"] == -2
    assert parts["shooter engaged by 2 (001)"] == -2


def test_001_27_spell_ignores_cover_range_and_speed_of_a_seen_target() -> None:
    s = _range_fight()
    assert s.run(engagement.engage, "ally", "orc").ok
    parts = _parts(s, "Magic Missile")
    # 001 l.270 "if you can see a target you can hit the target regardless of cover, range,
    # speed"; shooting into melee is not in that list.
    assert not any("cover" in source or "range" in source for source in parts)
    assert parts["into melee: 1 ally (001)"] == -1


def test_001_17_a_shoot_beyond_15_squares_is_refused() -> None:
    s = _range_fight(wall_from=6.0)
    _, problem = s.ask(attacks.preview_attack, "archer", "Long Shot", ["far"])
    assert "15 squares" in problem
    assert _parts(s, "Long Shot", target="orc")["range 9 (001 Shoot!)"] == -4


def test_001_13_unseen_targets_and_attackers() -> None:
    s = _range_fight(wall_from=6.0)
    assert s.run(gm_edits.add_condition, "orc", Condition.BLINDED).ok
    # 001 l.164 "a Target that can't see you ... +1"; it still hears (pick: perceives).
    assert _parts(s, "Arcane Bolt")["attacker unseen (001)"] == 1
    assert s.run(gm_edits.add_condition, "orc", Condition.DEAFENED).ok
    assert _parts(s, "Arcane Bolt")["attacker not perceived (001)"] == 2
    # 001-14, l.172-174: against a target the archer cannot see, no Shoot! without an area
    # and no Spell!.
    assert s.run(gm_edits.add_condition, "archer", Condition.BLINDED).ok
    for power in ("Arcane Bolt", "Magic Missile"):
        _, problem = s.ask(attacks.preview_attack, "archer", power, ["orc"])
        assert "001-14" in problem


def test_001_33_help_scales_with_the_number_of_helpers() -> None:
    archer = fighter("archer", 1, 1)
    s = make_session(
        Encounter(
            GridBounds(16, 6),
            creatures=(archer, orc("orc", 10, 1), fighter("ally", 11, 1), fighter("ally2", 11, 2)),
            ruleset_id="strike",
        )
    )
    assert s.run(
        initiative.roll_initiative, totals={"archer": 20, "orc": 15, "ally": 10, "ally2": 8}
    ).ok
    assert s.run(initiative.start_combat).ok
    assert s.end_turn().ok
    assert s.end_turn().ok
    assert s.run(aid_actions.help_ally, "ally", "archer", "orc", AidKind.ATTACK).ok
    assert s.end_turn().ok
    assert s.run(aid_actions.help_ally, "ally2", "archer", "orc", AidKind.ATTACK).ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "archer"
    parts = _parts(s, "Arcane Bolt")
    # 001 l.300-302 "+1 ... +2 if there are two or three": +2 for both, not 000's +2 each.
    assert parts["help from 2 (001)"] == 2
    assert not any(source.startswith("help attack") for source in parts)


def test_001_20_a_target_charging_the_shooter() -> None:
    archer = fighter("archer", 1, 1)
    s = make_session(
        Encounter(GridBounds(12, 6), creatures=(archer, orc("orc", 6, 1)), ruleset_id="strike")
    )
    assert s.run(initiative.roll_initiative, totals={"archer": 20, "orc": 15}).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(initiative.ready_action, "archer", ActionKind.STANDARD, "the orc comes").ok
    assert s.end_turn().ok
    assert s.run(combat_actions.charge, "orc", Square(2, 1), "archer", dice=[1, 1]).ok
    assert s.run(initiative.trigger_readied, "archer", "orc").ok
    parts = _parts(s, "Arcane Bolt")
    # 001 l.228 "The Target is Charging You -1"; l.196 range 1 -1; l.212 moved 4: -3.
    assert parts["target charging you (001)"] == -1
    assert parts["range 1 (001 Shoot!)"] == -1
    assert parts["target moved 4 (001 Shoot!)"] == -3


UNSEEN_AT_START = "target unseen at turn start (001 Shoot!)"


def test_001_20_a_target_out_of_sight_when_the_turn_started(tmp_path: Path) -> None:
    # A wall across the whole map at x=9: the archer's turn starts with the orc out of sight.
    s = _range_fight(wall_from=0.0)
    assert s.encounter.combat.current == "archer"
    assert s.move_creature("orc", Square(5, 1), MoveMode.GM).ok  # now in plain view
    parts = _parts(s, "Arcane Bolt")
    # 001-20, 001 l.226 "You could not see at the Target at start of the Turn -1".
    assert parts[UNSEEN_AT_START] == -1
    assert parts["range 4 (001 Shoot!)"] == -3
    # The GM reads it in the line before rolling, as the other Shoot! bands.
    previews, _ = s.ask(attacks.preview_attack, "archer", "Arcane Bolt", ["orc"])
    assert f"{UNSEEN_AT_START} -1" in attack_summary(previews[0], s)
    # The snapshot survives save and reopen.
    path = tmp_path / "fight.json"
    save_encounter(path, s.encounter)
    assert _parts(make_session(load_encounter(path)), "Arcane Bolt")[UNSEEN_AT_START] == -1
    # Undoing the next turn's start brings the archer's snapshot back with its turn.
    assert s.end_turn().ok
    assert s.undo().ok
    assert s.encounter.combat.current == "archer"
    assert _parts(s, "Arcane Bolt")[UNSEEN_AT_START] == -1
    # The attack's breakdown in the log carries the same -1.
    assert s.use_power("archer", "Arcane Bolt", ["orc"], dice=[20, 4]).ok
    attack = next(e for e in reversed(s.encounter.combat.log) if e.kind == "attack")
    assert attack.data["targets"][0]["attack"] == 20 + 3 - 3 - 1
    # The archer's next turn starts with the orc in sight: no band.
    for _ in range(4):
        assert s.end_turn().ok
    assert s.encounter.combat.current == "archer"
    assert UNSEEN_AT_START not in _parts(s, "Arcane Bolt")


def test_001_20_no_turn_sight_outside_001() -> None:
    s = _range_fight(wall_from=0.0, ruleset_id="orcus")
    assert s.encounter.combat.turn_sight is None
    assert _range_fight(wall_from=0.0).encounter.combat.turn_sight is not None


def test_001_14_in_the_dark_darkvision_sees_the_target_and_the_shooter() -> None:
    """000 "Vision and Light": darkness is heavily obscured, but "A creature with darkvision can
    see in darkness or dim light as if it were bright light". Without it the archer cannot see
    the orc 9 squares off, so no Shoot! (001-14); with it, the Shoot! goes, and an orc with
    darkvision sees the archer (no "attacker unseen", 001-13)."""
    s = _range_fight(wall_from=6.0)
    assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    _, problem = s.ask(attacks.preview_attack, "archer", "Arcane Bolt", ["orc"])
    assert "001-14" in problem

    s = _range_fight(wall_from=6.0, darkvision=12)
    assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    parts = _parts(s, "Arcane Bolt")
    assert "attacker unseen (001)" not in parts
    assert "attacker not perceived (001)" not in parts
