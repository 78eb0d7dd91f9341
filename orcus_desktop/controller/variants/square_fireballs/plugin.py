"""003's hooks, as the core calls them (`controller/plugins.py`): `SQUARE_FIREBALLS`.

The core never names 003's modules: it calls these hooks, and 003's own panels ask
`questions.py` through the session.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from typing import Final

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import Attack
from orcus_desktop.controller.plugins import (
    ActionRedirect,
    AttackAt,
    ForcedMoveRules,
    InitiativeHook,
    ReadiedOffer,
    RoundCounter,
    TurnFlow,
    Variant,
    VariantAction,
    WalkTriggers,
)
from orcus_desktop.controller.variants.square_fireballs import (
    encounter_flow,
    forced_actions,
    forced_collisions,
    hindering_maneuvers,
    monster_groups,
    questions,
    raise_alarm,
    ready_attacks,
    ready_walks,
    stealth_maneuvers,
)
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.attack_modifiers import AttackContext


def escalation_die(at: AttackAt, ctx: AttackContext) -> AttackContext:
    """003-13 (003 l.198): the escalation die's bonus, first of the attack's modifiers."""
    die = encounter_flow.escalation_modifiers(at.engine.ruleset, at.encounter.combat)
    if not die:
        return ctx
    return replace(ctx, attack_modifiers=die + ctx.attack_modifiers)


def attacked(engine: Engine, encounter: Encounter, attacker_id: str, record: Attack) -> Encounter:
    """003-10 (003 l.167): the surprised "Condition ends when attacked"."""
    targets = [t.target for t in record.targets]
    return encounter_flow.end_surprise_when_attacked(engine, encounter, targets)


def _no_modifier(engine: Engine, encounter: Encounter, creature_id: str) -> int | None:
    return None  # 000's initiative check (R-18)


def _no_terms(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    return ""


def _ties(engine: Engine, encounter: Encounter, changed: Iterable[str]) -> Encounter:
    """003-12: ties alternate PCs and monsters (docs/rulings.md R-41)."""
    return encounter_flow.alternate_ties(engine, encounter, list(changed), engine.rng)


def _escalation_shown(engine: Engine, encounter: Encounter) -> int | None:
    """003-13: the die beside the round (the tracker, the players' strip); None without one."""
    if engine.ruleset.escalation_start_round is None:
        return None
    return questions.escalation_die(engine, encounter)


# 003-46: while the GM's "Forced" switch is on, another creature's walk and attack are the
# forcer's actions, and so are its preview, its reach and the powers offered.
FORCED: Final = ActionRedirect(
    actor=questions.forcer_of,
    walk=forced_actions.forced_walk,
    attack=forced_actions.forced_attack,
    preview=forced_actions.preview,
    reachable=forced_actions.reachable,
    available=forced_actions.as_forced,
)


# 003-07 a monster group's one turn and one initiative value; 003-08 the opening in Total
# Defense and 003-10 the surprised losing their first turn.
TURN_FLOW: Final = TurnFlow(
    turn_hooks=monster_groups.shared_turns,
    turn_end=monster_groups.ending,
    roll_groups=monster_groups.initiative_groups,
    joined=monster_groups.share_group_initiative,
    unit_of=monster_groups.unit_of,
    place_before=monster_groups.place_before,
    delay=monster_groups.delay,
    resumed=monster_groups.alone_after_delay,
    leave_turn=monster_groups.leave_turn,
    start_combat=encounter_flow.start_combat,
    turns_lost=encounter_flow.lose_surprised_turns,
)


SQUARE_FIREBALLS: Final = Variant(
    name="Square Fireballs (003)",
    ruleset_ids=frozenset({"square-fireballs"}),
    after_step=(
        # 003-07: a member that can no longer act hands its group's turn on.
        monster_groups.after_step,
        # 003-42: a shift away or a stand-up leaves its maker Hindered this turn.
        hindering_maneuvers.after_step,
        # 003-47: Shrouded and Hidden in the open end with the action.
        stealth_maneuvers.after_step,
    ),
    attack_adjusters=(escalation_die,),
    attack_logged=(attacked,),
    move_problems=(hindering_maneuvers.move_problem,),  # 003-41: no move after a charge
    # The availability table's entries for 003's own actions; each use case refuses with them.
    actions=(
        VariantAction(raise_alarm.TABLE_KEY, "Raise the Alarm", raise_alarm.problem),  # 003-11
        # 003-07: the GM names a member of the group to act now in its one turn.
        VariantAction(
            monster_groups.ACT_WITH, "Act in the group's turn", monster_groups.act_with_problem
        ),
        *(  # 003-47: Enshroud, Hide, Search, Sneak, Spot
            VariantAction(
                stealth_maneuvers.table_key(key),
                key.capitalize(),
                partial(stealth_maneuvers.maneuver_problem, maneuver=key),
            )
            for key in stealth_maneuvers.MANEUVERS
        ),
        *(  # 003-52: Ready Melee Attack, Ready Ranged Attack
            VariantAction(key, label, partial(ready_attacks.ready_attack_problem, ranged=ranged))
            for key, label, ranged in ready_attacks.READY_ATTACKS
        ),
    ),
    charge_moved=(hindering_maneuvers.charged,),  # 003-41: Hindered before its attack
    # 003-27 a grabbed target saves or stays; 003-43 collisions; 003-45 the edge's save.
    forced_moves=(
        ForcedMoveRules(
            forced_collisions.grab_holds, forced_collisions.placed, forced_collisions.choices
        ),
    ),
    initiative=(InitiativeHook(_no_modifier, _no_terms, _ties),),  # 003-12
    turn_flow=TURN_FLOW,
    # 003-52 Ready Melee / Ranged Attack: the walk stops where it triggers them.
    walk_triggers=(
        WalkTriggers(
            ready_walks.triggered_indices,
            ready_walks.note_unanswered,
            ready_walks.fired,
            (ready_walks.RANGED_KEY,),
        ),
    ),
    readied_offers=(ReadiedOffer(ready_walks.ranged_offer, ready_walks.ranged_offer_power),),
    redirects=(FORCED,),
    round_counters=(RoundCounter("escalation die", _escalation_shown),),  # 003-13
)
