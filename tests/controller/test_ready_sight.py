"""003-52's readied attacks trigger on "an enemy you can see", and only where the attack can go.

003 "Ready Melee Attack" (l.790): "the first time an enemy you can see moves to a square adjacent
to you"; "Ready Ranged Attack" (l.798): "the first time an enemy you can see moves to a square
within Long Range of your Ranged Basic Attack, you can make a Ranged Basic Attack". 000
"Concealment": total concealment is what keeps you from seeing a target; 000 "A Clear Path to
the Target": no line of effect, no target. The readied action waits for a square where the
readier can see the mover and make its attack (docs/rulings.md R-112); the log says why it did
not fire before. A mover it sees with concealment is shot at with the concealment's penalty,
as any attack is (003 "5.7.2.1 Hit Modifiers").
"""

from __future__ import annotations

from orcus_desktop.controller.actions import combat_actions, interrupts
from orcus_desktop.controller.editing import editing, lighting_edits
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import ready_attacks
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square, space_distance
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.geometry.routes import Route
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import LightSource
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc
from tests.controller.test_ready_ranged_walks import GOAL, _readied
from tests.controller.test_ready_walks import _readied as _readied_melee
from tests.controller.test_square_fireballs_basic_attacks import (
    IMPLEMENT_BASIC,
    IMPLEMENT_POWER,
    SCHOLAR,
)


def _notes(s: GameSession) -> list[str]:
    return [e.data["note"] for e in s.encounter.combat.log if e.kind == "rule_note"]


def _walks_on(s: GameSession, goal: Square, readier: str = "mage") -> None:
    """The walk reached `goal` without waiting; the readied action is still there."""
    assert s.encounter.creature("orc").square == goal
    assert s.encounter.combat.pending is None
    waiting = s.encounter.combat.combatant(readier)
    assert waiting.readied is not None  # not "the first time" yet: it keeps waiting
    assert waiting.out_of_turn is None


def test_an_orc_walking_in_darkness_does_not_trigger_it_until_it_steps_into_light() -> None:
    """The mage sees nothing in darkness 10 squares off (000 "Vision and Light": darkness is
    heavily obscured, total concealment beyond adjacent squares): the orc walks on unseen and
    the shot is offered on the first square a torch lights."""
    s = _readied()
    assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    torch = LightSource(LightId(""), "Torch", Square(10, 4), bright=1, dim=1)
    assert s.run(lighting_edits.add_light, torch).ok
    walk = s.move_creature("orc", Square(8, 4), MoveMode.WALK)
    assert walk.ok, walk.reason
    orc = s.encounter.creature("orc")
    assert orc.square == Square(11, 4)  # the first lit square of its path
    assert space_distance(orc.space, s.encounter.creature("mage").space) == 9
    assert s.encounter.combat.combatant("mage").out_of_turn is ActionKind.OPPORTUNITY
    assert (
        "Orc moved within 10 squares of Mage, but Mage cannot see it there (total "
        "concealment). The readied Ready Ranged Attack does not trigger there"
    ) in _notes(s)


def test_in_darkness_all_the_way_the_walk_goes_on_and_the_log_says_why() -> None:
    s = _readied()
    assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    walk = s.move_creature("orc", GOAL, MoveMode.WALK)
    assert walk.ok, walk.reason
    _walks_on(s, GOAL)
    notes = [n for n in _notes(s) if "does not trigger" in n]
    assert notes == [
        "Orc moved within 10 squares of Mage, but Mage cannot see it there (total "
        "concealment). The readied Ready Ranged Attack does not trigger there"
    ]
    assert s.undo().ok  # one step: the walk and its note
    assert s.encounter.creature("orc").square == Square(14, 4)
    assert not [n for n in _notes(s) if "does not trigger" in n]


def test_behind_a_window_it_sees_the_orc_but_has_no_line_of_effect() -> None:
    """000 "Line of Effect": a window is "solid but transparent"; the shot has no clear path
    (000 "A Clear Path to the Target"), so the readied attack is not offered."""
    s = _readied()
    assert s.run(editing.add_wall, Wall(WallKind.WINDOW, ((7.0, 0.0), (7.0, 10.0)))).ok
    walk = s.move_creature("orc", GOAL, MoveMode.WALK)
    assert walk.ok, walk.reason
    _walks_on(s, GOAL)
    assert (
        "Orc moved within 10 squares of Mage, but Mage cannot attack it there: no line of "
        "effect to Orc (total cover). The readied Ready Ranged Attack does not trigger there"
    ) in _notes(s)


def test_a_blinded_readier_is_not_triggered_next_to_it() -> None:
    """000 "Blinded": "You can't see"; the Ready Melee Attack waits (003 l.790)."""
    s = _readied_melee()
    assert s.run(gm_edits.add_condition, "hero", Condition.BLINDED).ok
    walk = s.move_creature("orc", Square(4, 2), MoveMode.WALK)
    assert walk.ok, walk.reason
    _walks_on(s, Square(4, 2), "hero")
    assert (
        "Orc moved next to Hero, but Hero cannot see (blinded). The readied Ready Melee "
        "Attack does not trigger there"
    ) in _notes(s)


def test_seen_next_to_it_the_same_walk_triggers_it() -> None:
    """The control for the blinded readier: with its sight the hero is offered its attack."""
    s = _readied_melee()
    assert s.move_creature("orc", Square(4, 2), MoveMode.WALK).ok
    assert s.encounter.combat.combatant("hero").out_of_turn is ActionKind.OPPORTUNITY
    assert s.encounter.combat.pending is not None


def test_a_mover_seen_in_dim_light_is_shot_at_with_the_concealment_penalty() -> None:
    """Dim light is lightly obscured (000 "Vision and Light"): the mage sees the orc, so the
    readied shot is offered, and it rolls as any ranged attack at a concealed target does
    (003 "5.7.2.1 Hit Modifiers": "Defender has any Concealment ... -2")."""
    s = _readied()
    assert s.run(lighting_edits.set_ambient_light, Illumination.DIM).ok
    assert s.move_creature("orc", GOAL, MoveMode.WALK).ok
    assert s.encounter.creature("orc").square == Square(12, 4)
    shot = s.run(interrupts.opportunity_attack, "mage", "orc", dice=[3, 2])
    assert shot.ok, shot.reason
    target = shot.details["attack"]["targets"][0]
    assert target["concealment"] == "concealed"
    assert [p[0] for p in target["attack_parts"] if "conceal" in p[1]] == [-2]


def test_a_walk_going_on_after_an_opportunity_attack_names_the_unseeing_readier_once() -> None:
    """In darkness the orc passes into the mage's range unseen, then stops for a guard's
    opportunity attack (000 "Opportunity Attacks"); let pass, it walks on still unseen: the log
    says once, for the whole move, that the readied attack did not trigger."""
    creatures = (
        fighter("mage", 2, 4, abilities=SCHOLAR, powers=[IMPLEMENT_POWER]),
        fighter("guard", 10, 5),
        orc("orc", 14, 4),
    )
    s = make_session(
        Encounter(GridBounds(26, 10), creatures=creatures, ruleset_id="square-fireballs")
    )
    assert s.run(initiative.roll_initiative, totals={"mage": 20, "guard": 15, "orc": 5}).ok
    assert s.run(initiative.start_combat).ok
    assert s.run(ready_attacks.ready_attack, "mage", ranged=True).ok
    assert s.end_turn().ok
    assert s.end_turn().ok  # the guard's turn; then the orc's
    assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    # The GM drags it straight past the guard (a way round as short provokes no one).
    past = Route(via=(Square(10, 4),))
    walk = s.move_creature("orc", Square(8, 4), MoveMode.WALK, route=past)
    assert walk.ok, walk.reason
    assert s.encounter.combat.combatant("guard").out_of_turn is ActionKind.OPPORTUNITY
    assert s.encounter.creature("orc").square != Square(8, 4)
    assert s.run(interrupts.decline_opportunity_attack, "guard").ok
    _walks_on(s, Square(8, 4))
    assert len([n for n in _notes(s) if n.endswith("does not trigger there")]) == 1


def test_a_charge_at_a_blinded_readier_is_not_stopped_and_makes_its_attack() -> None:
    """000 "Charge" moves "as normal movement does" (R-108): with the hero blinded its Ready
    Melee Attack does not trigger; the orc reaches it and attacks, and the log says why."""
    s = _readied_melee()
    assert s.run(gm_edits.add_condition, "hero", Condition.BLINDED).ok
    charge = s.run(combat_actions.charge, "orc", Square(4, 2), "hero", dice=[12, 4])
    assert charge.ok, charge.reason
    _walks_on(s, Square(4, 2), "hero")
    assert any(e.kind == "attack" and e.actor == "orc" for e in s.encounter.combat.log)
    assert (
        "Orc moved next to Hero, but Hero cannot see (blinded). The readied Ready Melee "
        "Attack does not trigger there"
    ) in _notes(s)


def test_fired_by_hand_the_readied_shot_goes_through_the_attacks_own_checks() -> None:
    """000 "Ready": the GM may still take the readied action by hand (Readied action). The
    shot is then an attack like any other: at an orc it cannot see, total concealment's -5
    (000 "Concealment"); through a window, refused for want of a clear path."""
    s = _readied()
    assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    assert s.move_creature("orc", Square(10, 4), MoveMode.WALK).ok
    assert s.run(initiative.trigger_readied, "mage", "orc").ok
    shot = s.use_power("mage", IMPLEMENT_BASIC, ["orc"], dice=[15, 3])
    assert shot.ok, shot.reason
    target = shot.details["attack"]["targets"][0]
    assert target["concealment"] == "total"
    assert [p[0] for p in target["attack_parts"] if "concealment" in p[1]] == [-5]

    s = _readied()
    assert s.run(editing.add_wall, Wall(WallKind.WINDOW, ((7.0, 0.0), (7.0, 10.0)))).ok
    assert s.move_creature("orc", Square(10, 4), MoveMode.WALK).ok
    assert s.run(initiative.trigger_readied, "mage", "orc").ok
    refused = s.use_power("mage", IMPLEMENT_BASIC, ["orc"], dice=[15, 3])
    assert refused.reason == "no line of effect to Orc (total cover)"
