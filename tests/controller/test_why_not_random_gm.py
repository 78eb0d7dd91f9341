"""The why-not table and the use cases agree, in the states a random GM reaches (issue 30 item 4).

The GM reads the Actions panel (`available_actions`) and its buttons' tooltips (`why_not`), then
asks for the action. In every sampled state of every ruleset, for each creature in the fight and
each action the table lists: an action it refuses is refused by its use case with the same
words, and an action it allows is not refused by its use case for any reason the table gives
(no action left, not its turn, a condition...). States where a step waits for the GM's word
(`waiting_problem`: every use case refuses then, by design) are skipped. The use cases are
asked, not run: nothing is committed, and the random GM plays on from the same state.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import (
    aid_actions,
    attacks,
    combat_actions,
    grappling,
    interrupts,
)
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import READY_KINDS, why_not
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.movement import movement
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import Outcome, Refusal
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.alloy_heroes import skill_uses
from orcus_desktop.controller.variants.square_fireballs import (
    monster_groups,
    raise_alarm,
    ready_attacks,
    stealth_maneuvers,
)
from orcus_desktop.controller.variants.strike import (
    strike_states,
    strike_turns,
    table_actions,
    withdrawing,
)
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import AidKind
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import RULESETS
from orcus_desktop.vocabulary import MoveMode
from tests.controller.random_gm import BUDGET_REFUSAL, RandomGm, random_session

STEPS = int(os.environ.get("ORCUS_RANDOM_GM_STEPS", "40"))
"""Random GM steps per ruleset; the table is compared with the use cases after each."""

DICE = (12, 11, 10, 9, 8, 7)


@dataclass(frozen=True, slots=True)
class Scene:
    """The state one action is asked in: who acts, at whom, and where to."""

    engine: Engine
    encounter: Encounter
    actor: str
    enemy: str
    ally: str
    square: Square


UseCase = Callable[[Scene], Outcome]


def _take(action: CombatAction) -> UseCase:
    return lambda s: combat_actions.take_action(s.engine, s.encounter, action, s.actor)


def _move(mode: MoveMode) -> UseCase:
    def call(s: Scene) -> Outcome:
        redirected = plugins.redirect(s.engine, s.encounter, s.actor)
        if redirected is not None:  # 003-46: the session's redirected move
            how, forcer = redirected
            return how.walk(s.engine, s.encounter, s.actor, s.square, forcer, mode)
        return movement.move_creature(s.engine, s.encounter, s.actor, s.square, mode)

    return call


def _use_power(s: Scene, power: str) -> Outcome:
    """The power used at the enemy, as the session runs it (003-46: forced while redirected)."""
    redirected = plugins.redirect(s.engine, s.encounter, s.actor)
    if redirected is not None:
        how, forcer = redirected
        return how.attack(
            s.engine, s.encounter, s.actor, power, [s.enemy], forcer, DICE, NO_CHOICES
        )
    return attacks.use_power(s.engine, s.encounter, s.actor, power, [s.enemy], dice=DICE)


def _maneuver(key: str) -> UseCase:
    check = stealth_maneuvers.StealthCheck(dc=15, die=10)
    calls: dict[str, UseCase] = {
        "enshroud": lambda s: stealth_maneuvers.enshroud(s.engine, s.encounter, s.actor),
        "spot": lambda s: stealth_maneuvers.spot(s.engine, s.encounter, s.actor),
        "hide": lambda s: stealth_maneuvers.hide(s.engine, s.encounter, s.actor, check),
        "search": lambda s: stealth_maneuvers.search(s.engine, s.encounter, s.actor, check),
        "sneak": lambda s: stealth_maneuvers.sneak(s.engine, s.encounter, s.actor, s.square),
    }
    return calls[key]


def _table_action(action: table_actions.TableAction) -> UseCase:
    def call(s: Scene) -> Outcome:
        check = table_actions.TableCheck(action, "try it", total=14, dc=12, target_id=s.enemy)
        return table_actions.take_table_action(s.engine, s.encounter, s.actor, check)

    return call


def _ready_an_action(s: Scene) -> Outcome:
    """000 "Ready", readying the first action type the table allows (004-20: any is offered)."""
    kinds = [
        k
        for k in READY_KINDS
        if not why_not(s.engine, s.encounter, s.actor, CombatAction.READY.value, k.value)
    ]
    kind = kinds[0] if kinds else ActionKind.STANDARD
    return initiative.ready_action(s.engine, s.encounter, s.actor, kind, "an enemy comes near")


def _ready(ranged: bool) -> UseCase:
    return lambda s: ready_attacks.ready_attack(s.engine, s.encounter, s.actor, ranged)


def _skill(kind: ActionKind) -> UseCase:
    return lambda s: skill_uses.use_skill(
        s.engine, s.encounter, s.actor, "athletics", kind, die=10
    )


USE_CASES: dict[str, UseCase] = {
    **{
        a.value: _take(a)
        for a in (
            CombatAction.TOTAL_DEFENSE,
            CombatAction.RALLY,
            CombatAction.STAND_UP,
            CombatAction.DROP_PRONE,
            CombatAction.SPEND_ACTION_POINT,
        )
    },
    CombatAction.WALK.value: _move(MoveMode.WALK),
    CombatAction.CRAWL.value: _move(MoveMode.CRAWL),
    CombatAction.SQUEEZE.value: _move(MoveMode.SQUEEZE),
    CombatAction.DASH.value: _move(MoveMode.DASH),
    CombatAction.FIVE_FOOT_STEP.value: _move(MoveMode.SHIFT),
    CombatAction.BASIC_ATTACK.value: lambda s: attacks.basic_attack(
        s.engine, s.encounter, s.actor, s.enemy, dice=DICE
    ),
    CombatAction.CHARGE.value: lambda s: combat_actions.charge(
        s.engine, s.encounter, s.actor, s.square, s.enemy, dice=DICE
    ),
    CombatAction.SHOVE.value: lambda s: combat_actions.shove(
        s.engine, s.encounter, s.actor, s.enemy, dice=DICE
    ),
    CombatAction.COUP_DE_GRACE.value: lambda s: combat_actions.coup_de_grace(
        s.engine, s.encounter, s.actor, s.enemy, dice=DICE
    ),
    CombatAction.GRAPPLE.value: lambda s: grappling.grapple(
        s.engine, s.encounter, s.actor, s.enemy, dice=DICE
    ),
    CombatAction.ESCAPE_GRAPPLE.value: lambda s: grappling.escape_grapple(
        s.engine, s.encounter, s.actor, die=10
    ),
    CombatAction.RELEASE_GRAPPLE.value: lambda s: grappling.release_grapple(
        s.engine, s.encounter, s.actor
    ),
    CombatAction.MOVE_GRAPPLED.value: lambda s: grappling.move_grappled(
        s.engine, s.encounter, s.actor, s.enemy, s.square, s.square, dice=DICE
    ),
    CombatAction.HELP_ATTACK.value: lambda s: aid_actions.help_ally(
        s.engine, s.encounter, s.actor, s.ally, s.enemy, AidKind.ATTACK
    ),
    CombatAction.HELP_DEFENSE.value: lambda s: aid_actions.help_ally(
        s.engine, s.encounter, s.actor, s.ally, s.enemy, AidKind.DEFENSE
    ),
    CombatAction.AID_ANOTHER.value: lambda s: aid_actions.aid_another(
        s.engine, s.encounter, s.actor, s.ally
    ),
    CombatAction.OPPORTUNITY_ATTACK.value: lambda s: interrupts.opportunity_attack(
        s.engine, s.encounter, s.actor, s.enemy, dice=DICE
    ),
    CombatAction.READY.value: _ready_an_action,
    # 001's own actions (001-31, 001-15, 001-12, 001-06, 001-35).
    "withdraw": lambda s: withdrawing.withdraw(s.engine, s.encounter, s.actor),
    "hide": lambda s: strike_states.hide(s.engine, s.encounter, s.actor, die=10),
    "crouch": lambda s: strike_states.crouch(s.engine, s.encounter, s.actor),
    "drop_prone_off_turn": lambda s: strike_turns.drop_prone_off_turn(
        s.engine, s.encounter, s.actor
    ),
    **{a.value: _table_action(a) for a in table_actions.TableAction},
    # 003's (003-11, 003-07, 003-47, 003-52).
    "raise_alarm": lambda s: raise_alarm.raise_the_alarm(s.engine, s.encounter, s.actor),
    "act_with": lambda s: monster_groups.act_with(s.engine, s.encounter, s.actor),
    **{stealth_maneuvers.table_key(key): _maneuver(key) for key in stealth_maneuvers.MANEUVERS},
    **{key: _ready(ranged) for key, _, ranged in ready_attacks.READY_ATTACKS},
    # 004's skill use (004-09).
    **{f"skill_{kind.value}": _skill(kind) for kind in skill_uses.SKILL_ACTIONS},
}
"""Each listed action's use case, as the GM's button or drop would call it."""

NOT_ASKED = frozenset(
    {CombatAction.END_TURN.value, CombatAction.DELAY.value, CombatAction.USE_POWER.value}
)
"""Listed, but answered by the session itself (end turn, delay) or per power (`powers`)."""


def _scene(session: GameSession, actor: str) -> Scene:
    encounter = session.encounter
    me = encounter.creature(actor)
    others = [c for c in encounter.creatures if c.id != actor]
    enemies = sorted(
        (c for c in others if c.side != me.side and not session.rules.is_dead(encounter, c.id)),
        key=lambda c: abs(c.square.col - me.square.col) + abs(c.square.row - me.square.row),
    )
    allies = [c for c in others if c.side == me.side]
    step = Square(
        me.square.col + (1 if me.square.col + 1 < encounter.grid.columns else -1), me.square.row
    )
    return Scene(
        session.engine,
        encounter,
        actor,
        enemies[0].id if enemies else actor,
        allies[0].id if allies else actor,
        step,
    )


def _disagreements(session: GameSession, actor: str) -> list[str]:
    """Where the table and a use case disagree for `actor` now, in words for a failure."""
    table = session.available_actions(actor)
    listed = [(o.action.value, o.reason) for o in table.actions] + [
        (o.key, o.reason) for o in table.variants
    ]
    reasons = {why for _, why in listed if why}
    scene = _scene(session, actor)
    found: list[str] = []
    for key, why in listed:
        if key in NOT_ASKED:
            continue
        assert key in USE_CASES, f"{key}: listed by the table, but this test has no use case"
        assert session.ask(why_not, actor, key) == why, key
        outcome = USE_CASES[key](scene)
        refused = outcome.reason if isinstance(outcome, Refusal) else ""
        if why and refused != why:
            found.append(
                f"{actor} {key}: the table says {why!r}, the use case {refused or 'ok'!r}"
            )
        if not why and refused and (refused in reasons or _actors(session, actor, refused)):
            found.append(f"{actor} {key}: the table allows it, the use case refuses {refused!r}")
    return found + _power_disagreements(session, scene, reasons)


def _power_disagreements(session: GameSession, scene: Scene, reasons: set[str]) -> list[str]:
    """`_disagreements` for each power of the actor, used at the enemy nearest."""
    actor = scene.actor
    found: list[str] = []
    for power in session.available_actions(actor).powers:
        assert (
            session.ask(why_not, actor, CombatAction.USE_POWER.value, power.name) == power.reason
        )
        outcome = _use_power(scene, power.name)
        refused = outcome.reason if isinstance(outcome, Refusal) else ""
        if power.reason and refused != power.reason:
            answer = refused or "ok"
            found.append(f"{actor} {power.name}: the table says {power.reason!r}, use {answer!r}")
        if (
            not power.reason
            and refused
            and (refused in reasons or _actors(session, actor, refused))
        ):
            found.append(f"{actor} {power.name}: the table allows it, use refuses {refused!r}")
    return found


def _actors(session: GameSession, actor: str, reason: str) -> bool:
    """Whether `reason` is one the table gives about the actor (its budget, turn, life)."""
    name = session.encounter.creature(actor).name
    own = (f"it is not {name}'s turn", f"{name} is dead", f"{name} is stunned")
    return bool(BUDGET_REFUSAL.search(reason)) or reason.startswith(own)


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_table_and_the_use_cases_give_one_answer(ruleset_id: str) -> None:
    session = random_session(ruleset_id, 7)
    gm = RandomGm(session, random.Random(7))
    compared = 0
    for step in range(STEPS):
        gm.step()
        encounter = session.encounter
        if not encounter.combat.active or waiting_problem(encounter):
            continue
        for creature in encounter.creatures:
            found = _disagreements(session, creature.id)
            assert not found, f"{ruleset_id}, step {step}:\n  " + "\n  ".join(found)
            compared += 1
    assert compared > STEPS // 2  # most states were compared, not skipped
