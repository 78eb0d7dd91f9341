"""An offer whose creature can no longer take it is withdrawn, and what waited goes on (R-225).

000 "Conditions": Unconscious "You can't take any actions", Dazed "You can't take immediate or
opportunity actions", Stunned "You can't take actions or reactions", Dying "You are
unconscious"; 000 "Opportunity Attacks" ("you use your immediate action"); 000 "Immediate
Actions" ("that creature can continue its action right after"). 001-24 (001 l.248, a Free
Strike!) and 001-10 (001 l.136, "Against Who?"). Each case is played from the GM's side: a step
waits for an offer, the GM's own damage, Set HP or condition takes the offered creature out
during the wait, and the GM sees the offer go and the held step go on in that same step.
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.turns.waiting_decisions import decisions
from orcus_desktop.controller.variants.strike import engagement, interposition, withdrawing
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import FREE_FIRST, INTERPOSERS, READY_SHOTS, PendingAttack
from orcus_desktop.model.frozen import freeze, thaw
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId, MoveMode
from tests.controller.conftest import fight_started, fighter, orc, saved_and_reopened


def _offered(session: GameSession) -> list[str]:
    combat = session.encounter.combat
    return [c.creature_id for c in combat.combatants if c.out_of_turn is ActionKind.OPPORTUNITY]


def _waiting(session: GameSession) -> bool:
    return session.encounter.combat.pending is not None


def _bolt_held(*orcs: tuple[str, int, int]) -> GameSession:
    """The hero's Arcane Bolt at the far orc, held for the opportunity attacks of `orcs`
    (000 "Ranged and Far Attacks in Close Combat": a ranged attack next to an enemy provokes)."""
    creatures = (fighter("hero", 1, 2), *(orc(c, x, y) for c, x, y in orcs), orc("far", 8, 2))
    totals = {"hero": 20, "far": 1} | {c: 10 - i for i, (c, _, _) in enumerate(orcs)}
    session = fight_started(GridBounds(12, 6), creatures, totals)
    bolt = session.use_power("hero", "Arcane Bolt", ["far"], dice=[15, 3])
    assert bolt.ok, bolt.reason
    assert session.encounter.combat.pending is not None
    assert sorted(_offered(session)) == sorted(c for c, _, _ in orcs)
    return session


def test_the_gm_kills_the_only_orc_offered_and_the_held_bolt_lands_in_that_step(
    tmp_path: Path,
) -> None:
    """The orc's offer used to stay after the GM killed it: the bolt waited, taking the offer
    was refused ("Orc is dead") and the GM could only let it pass."""
    session = _bolt_held(("orc", 2, 2))
    held = session.encounter
    killed = session.run(gm_edits.apply_damage, "orc", 40)
    assert killed.ok, killed.reason
    assert _offered(session) == []
    assert session.encounter.combat.pending is None
    assert [e.kind for e in session.encounter.combat.log[-2:]] == ["offer_withdrawn", "attack"]
    assert killed.details["warning"] == (
        "Orc's opportunity attack on Hero is withdrawn (Orc is dead); "
        "Hero's Arcane Bolt, which waited for it, went on"
    )
    assert decisions(session.engine, session.encounter) == ()
    assert session.end_turn().ok
    assert saved_and_reopened(session, tmp_path / "after.json").encounter == session.encounter
    assert session.undo().ok
    assert session.undo().ok
    assert session.encounter == held


def test_a_dazed_orc_loses_its_offer_and_the_bolt_still_waits_for_the_other() -> None:
    """000 "Dazed": "You can't take immediate or opportunity actions." With another offer left
    the bolt waits on; End turn names only that one."""
    session = _bolt_held(("orc", 2, 2), ("brute", 1, 3))
    dazed = session.run(gm_edits.add_condition, "orc", Condition.DAZED)
    assert dazed.ok, dazed.reason
    assert _offered(session) == ["brute"]
    assert _waiting(session)
    assert dazed.details["warning"] == (
        "Orc's opportunity attack on Hero is withdrawn "
        "(Orc is dazed: no immediate or opportunity actions)"
    )
    refused = session.end_turn()
    assert not refused.ok
    assert "Brute may make an opportunity attack on Hero" in refused.reason
    assert "Orc may" not in refused.reason
    assert session.run(interrupts.decline_opportunity_attack, "brute").ok
    assert not _waiting(session)
    assert session.encounter.combat.log[-1].kind == "attack"


def test_a_hero_set_to_0_hp_loses_its_offer_and_the_orcs_walk_goes_on() -> None:
    """R-217: Set HP 0 drops the hero unconscious (000 "Unconscious": "You can't take any
    actions"); the orc's walk that waited for the hero's opportunity attack goes on."""
    session = fight_started(
        GridBounds(10, 6),
        (orc("orc", 2, 2), fighter("hero", 3, 2)),
        {"orc": 20, "hero": 10},
    )
    walk = session.move_creature("orc", Square(6, 2), MoveMode.WALK)
    assert walk.ok, walk.reason
    assert _offered(session) == ["hero"]
    assert session.encounter.creature("orc").square != Square(6, 2)
    dropped = session.run(gm_edits.set_hit_points, "hero", 0)
    assert dropped.ok, dropped.reason
    assert _offered(session) == []
    assert session.encounter.combat.pending is None
    assert session.encounter.creature("orc").square == Square(6, 2)
    assert dropped.details["warning"] == (
        "Hero's opportunity attack on Orc is withdrawn (Hero is unconscious: no actions); "
        "Orc's move, which waited for it, went on"
    )


def test_under_001_a_killed_engager_loses_its_free_strike_and_the_withdraw_goes_on() -> None:
    """001-24 (001 l.248): the Hero's Withdraw waits for the goblin's Free Strike!; the GM kills
    the goblin, its strike is withdrawn and the Withdraw is made in that step."""
    session = fight_started(
        GridBounds(12, 8),
        (orc("goblin", 3, 4), fighter("hero", 4, 4), orc("orc", 5, 4)),
        {"hero": 20, "orc": 15, "goblin": 10},
        "strike",
    )
    assert session.run(engagement.engage, "goblin", "hero").ok
    assert session.run(withdrawing.withdraw, "hero").ok
    assert _offered(session) == ["goblin"]
    killed = session.run(gm_edits.apply_damage, "goblin", 40)
    assert killed.ok, killed.reason
    assert session.encounter.combat.pending is None
    assert session.encounter.combat.strike_offers == ()
    assert killed.details["warning"] == (
        "Goblin's Free Strike! on Hero is withdrawn (Goblin is dead); "
        "Hero's withdraw, which waited for it, went on"
    )
    assert session.end_turn().ok


def test_under_001_a_squire_knocked_out_can_no_longer_step_in_and_the_strike_lands() -> None:
    """001-10 (001 l.136): "Against who?" waits for the squire; the GM stuns it (000 "Stunned":
    "You can't take actions or reactions"), nobody is left to step in, and the orc's Strike!
    lands on the hero it chose, whose Counter Strike! is then offered (001-23)."""
    session = fight_started(
        GridBounds(12, 8),
        (orc("orc", 3, 2), fighter("hero", 2, 2), fighter("squire", 2, 3)),
        {"orc": 20, "hero": 15, "squire": 10},
        "strike",
    )
    assert session.use_power("orc", "Basic Melee Attack", ["hero"], dice=[15, 6]).ok
    assert interposition.offered(session.encounter) == ("squire",)
    stunned = session.run(gm_edits.add_condition, "squire", Condition.STUNNED)
    assert stunned.ok, stunned.reason
    assert interposition.offered(session.encounter) == ()
    attacks = [e.targets for e in session.encounter.combat.log if e.kind == "attack"]
    assert attacks == [("hero",)]
    assert stunned.details["warning"].startswith(
        "Squire can no longer step in for Hero (Squire is stunned); "
        "Orc's Basic Melee Attack, which waited for it, went on"
    )
    assert _offered(session) == ["hero"]  # the hero's Counter Strike!


def _strike_held_for_the_squire() -> GameSession:
    """001-10: the orc's Strike! on the hero waits for "Against who?" (the squire may step in)."""
    session = fight_started(
        GridBounds(12, 8),
        (orc("orc", 3, 2), fighter("hero", 2, 2), fighter("squire", 2, 3)),
        {"orc": 20, "hero": 15, "squire": 10},
        "strike",
    )
    assert session.use_power("orc", "Basic Melee Attack", ["hero"], dice=[15, 6]).ok
    assert interposition.offered(session.encounter) == ("squire",)
    return session


def test_removing_the_only_creature_that_may_step_in_lets_the_strike_land(tmp_path: Path) -> None:
    """R-226: the held Strike!'s list of who may step in (001-10) named the removed squire, so
    the GM was asked "Against who? Squire ..." of a creature no longer there. Removed, it is
    pruned with the removal (R-211's place), nobody is left, and the Strike! lands on the hero
    in that step (R-212); the file reopens, and one Undo brings back the squire and the ask."""
    session = _strike_held_for_the_squire()
    held = session.encounter
    removed = session.run(editing.remove_creature, "squire")
    assert removed.ok, removed.reason
    assert removed.details["warning"] == (
        "Orc's Basic Melee Attack, which waited for it, went on; Undo brings it back"
    )
    assert session.encounter.combat.pending is None
    attacks = [e.targets for e in session.encounter.combat.log if e.kind == "attack"]
    assert attacks == [("hero",)]
    assert saved_and_reopened(session, tmp_path / "after.json").encounter == session.encounter
    assert session.undo().ok
    assert session.encounter == held


def test_removing_one_of_two_engagers_prunes_the_free_strikers_the_withdraw_waits_for(
    tmp_path: Path,
) -> None:
    """001-24 (001 l.248): the Hero's Withdraw waits for the Free Strikes! of the goblin and the
    kobold, both kept in its list (`FREE_FIRST`). R-226: the removed goblin leaves the list;
    the Withdraw waits on for the kobold, and the step saves, reopens and undoes."""
    session = fight_started(
        GridBounds(12, 8),
        (orc("goblin", 3, 4), fighter("hero", 4, 4), orc("kobold", 4, 5), orc("orc", 8, 1)),
        {"hero": 20, "orc": 15, "goblin": 10, "kobold": 5},
        "strike",
    )
    assert session.run(engagement.engage, "goblin", "hero").ok
    assert session.run(engagement.engage, "kobold", "hero").ok
    assert session.run(withdrawing.withdraw, "hero").ok
    waiting = session.encounter.combat.pending
    assert waiting is not None
    assert list(waiting.options[FREE_FIRST]) == ["goblin", "kobold"]
    held = session.encounter
    removed = session.run(editing.remove_creature, "goblin")
    assert removed.ok, removed.reason
    waiting = session.encounter.combat.pending
    assert waiting is not None
    assert list(waiting.options[FREE_FIRST]) == ["kobold"]
    assert _offered(session) == ["kobold"]
    reopened = saved_and_reopened(session, tmp_path / "after.json")
    assert reopened.encounter == session.encounter
    assert reopened.run(interrupts.decline_opportunity_attack, "kobold").ok
    assert reopened.encounter.combat.pending is None
    assert session.undo().ok
    assert session.encounter == held


def test_a_held_step_forgets_a_removed_creature_in_every_list_it_keeps() -> None:
    """R-226: who may step in (001-10), the Free Strikers (001-24), 003-52's ranged readiers and
    a walk's enemies still to provoke name no creature that left; the rest stay as they were."""
    hero, a, b = CreatureId("hero"), CreatureId("a"), CreatureId("b")
    lists = {INTERPOSERS: ["a", "b"], FREE_FIRST: ["a"], READY_SHOTS: ["b", "a"], "later": ["a"]}
    held = PendingAttack(hero, "power", "Bolt", (b,), freeze({**lists, "dice": [3]}))
    pruned = held.without(a)
    assert pruned is not None
    assert thaw(pruned.options) == {
        INTERPOSERS: ["b"],
        FREE_FIRST: [],
        READY_SHOTS: ["b"],
        "later": [],
        "dice": [3],
    }
    assert pruned.targets == (b,)
    assert held.without("c") is held


def test_a_triggered_readied_action_goes_when_its_readier_is_dropped() -> None:
    """000 "Ready" ("any time before your next turn, you may take the readied action") and 000
    "Unconscious" ("You can't take any actions"): the hero's readied attack triggered on the
    orc's turn, then the GM drops the hero (Set HP 0, R-217). End turn used to be refused for
    "Hero may take its readied standard action now", which only letting it pass answered."""
    session = fight_started(
        GridBounds(10, 6),
        (fighter("hero", 2, 2), orc("orc", 6, 2)),
        {"hero": 20, "orc": 10},
    )
    readied = session.run(
        initiative.ready_action, "hero", ActionKind.STANDARD, "the orc moves", "attack it"
    )
    assert readied.ok, readied.reason
    assert session.end_turn().ok
    assert session.run(initiative.trigger_readied, "hero", "orc").ok
    assert session.encounter.combat.combatant("hero").out_of_turn is ActionKind.STANDARD
    dropped = session.run(gm_edits.set_hit_points, "hero", 0)
    assert dropped.ok, dropped.reason
    assert dropped.details["warning"] == (
        "Hero's readied standard action is withdrawn (Hero is unconscious: no actions)"
    )
    assert session.encounter.combat.combatant("hero").out_of_turn is None
    assert decisions(session.engine, session.encounter) == ()
    assert session.end_turn().ok
    assert session.undo().ok
    assert session.undo().ok
    assert session.encounter.combat.combatant("hero").out_of_turn is ActionKind.STANDARD
