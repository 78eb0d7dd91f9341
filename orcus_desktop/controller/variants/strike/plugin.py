"""001's hooks, as the core calls them (`controller/plugins.py`): one `Variant`, `STRIKE`."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Final

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import Outcome
from orcus_desktop.controller.plugins import (
    AttackAt,
    AttackHold,
    HeldStep,
    InitiativeHook,
    OfferedReaction,
    Variant,
    VariantAction,
    WaitingQuestion,
)
from orcus_desktop.controller.turns.waiting_decisions import INTERPOSE
from orcus_desktop.controller.variants.strike import (
    free_strike_first,
    initiative_checks,
    interposition,
    ready_items,
    round_end,
    shooting,
    strike_reactions,
    strike_states,
    strike_turns,
    table_actions,
    withdrawing,
)
from orcus_desktop.controller.variants.strike.engagement import strike_modifiers, withdraw_problem
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.held import HELD_ACTION
from orcus_desktop.rules.attack_modifiers import AttackContext
from orcus_desktop.vocabulary import CreatureId


def adjust_attack(at: AttackAt, ctx: AttackContext) -> AttackContext:
    """001-26's Strike! modifiers for engagement, then the Shoot!/Spell! bands (001-12..21)."""
    extra = strike_modifiers(at.engine, at.encounter, at.attacker_id, at.target_id, at.power)
    if extra:
        ctx = replace(ctx, attack_modifiers=ctx.attack_modifiers + extra)
    return shooting.adjust_context(at, ctx)


def _before_move(engine: Engine, encounter: Encounter, actor_id: str) -> tuple[CreatureId, ...]:
    return strike_reactions.engagers_first(engine, encounter, actor_id)


def _keep_target(engine: Engine, encounter: Encounter, _attacker: CreatureId) -> Outcome:
    return interposition.keep_target(engine, encounter)


def _settled(encounter: Encounter, reactor_id: str, taken: bool) -> Encounter:
    return strike_reactions.struck_back(encounter, reactor_id, taken=taken)


STRIKE: Final = Variant(
    name="Strike! (001)",
    ruleset_ids=frozenset({"strike"}),
    # 001-24: an engaged creature's action waits for the Free Strikes! offered first.
    held_before=(free_strike_first.held_before,),
    # 001-23/24: the strikes a step provokes; 001-12/15: the Hidden and Crouching it ends.
    after_step=(strike_reactions.after_step,),
    attack_adjusters=(adjust_attack,),
    # 001-10/29 "Against Who?"; 001-23 the longer reach first; 001-24 Free Strikes! first.
    attack_holds=(
        AttackHold(
            declared=interposition.declared,
            strikes_first=strike_reactions.counter_first,
            before_action=strike_reactions.free_strikers,
            before_move=_before_move,
        ),
    ),
    turn_starts=(shooting.note_turn_sight,),  # 001-20: what the attacker saw at its start
    turn_ends=(strike_turns.prone_when_sharing,),  # 001-09
    round_ends=(round_end.run,),  # 001-04
    # 001-01..03: a chosen check and the tie ladder.
    initiative=(
        InitiativeHook(
            initiative_checks.modifier,
            initiative_checks.modifier_terms,
            initiative_checks.after_roll,
        ),
    ),
    budget_problems=(strike_turns.budget_refusal,),  # 001-05: move, then one action
    # The actions 001 adds, with their "why not" in the availability table.
    actions=(
        VariantAction("withdraw", "Withdraw", withdraw_problem),  # 001-31
        VariantAction("hide", "Hide", strike_states.hide_problem),  # 001-15
        VariantAction("crouch", "Crouch Behind Cover", strike_states.crouch_problem),  # 001-12
        VariantAction(  # 001-06
            "drop_prone_off_turn", "Drop prone (off turn)", strike_turns.off_turn_drop_problem
        ),
        *(  # 001-35: Influence, Magic, Search, Study, Utilize, whatever the creature tries
            VariantAction(
                action.value,
                action.label,
                partial(table_actions.table_action_problem, action=action),
            )
            for action in table_actions.TableAction
        ),
    ),
    # 001-34 (001 l.186): a Shoot! or Spell! needs a fitting item ready, when any is listed.
    power_problems=(ready_items.attack_problem,),
    offered_reactions=(OfferedReaction(strike_reactions.strike_name, _settled),),  # 001-23/24
    held_steps=(  # 001-24: the Withdraw and the other actions go on
        HeldStep(withdrawing.WITHDRAW, withdrawing.finish),
        HeldStep(HELD_ACTION, free_strike_first.finish),
    ),
    waiting_questions=(
        # the GM's "Against who?" (001-10/29); letting it pass keeps the target.
        WaitingQuestion(INTERPOSE, interposition.asked, _keep_target, of_held_step=True),
    ),
)
"""Everything 001 adds to the core's steps, for the `strike` ruleset."""
