"""001's actions that wait for the Free Strikes! offered before them (001-24, R-153).

001 l.248: "When that Target takes an Action that does not involve a Strike! on you, you get a
Free Strike! on it ... You can take this strike before or after the Creature Moves or Acts."
A power, a charge, a Dash and a Withdraw hold themselves for it (R-127: `attacks.use_power`,
`combat_actions.charge`, `movement`, `withdrawing`). Every other action of the creature whose
turn it is (Block, Dodge, Dispel, Hide, Crouch, Help, a shove, a grapple, a table action...)
waits here, one way for all: the session runs the action (`held_before`, from its one writer);
when it is the creature's action and engagers may strike back, the step is not committed but
held in ``combat.pending`` (kind `HELD_ACTION`) as the call the GM made, its arguments written
as JSON so undo and the file keep it. Once every offer is settled (`interrupts.settle`), the
call runs again on what the Free Strikes! left (`finish`): the creature "continues its action
right after" if it still can (000 "Immediate Actions"), else the log says why it does not.
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from orcus_desktop.controller.actions import aid_actions, combat_actions, grappling
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import AttackDropped, AttackHeld
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import Outcome, Refusal, Step, refuse
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.strike import (
    engagement,
    ready_items,
    strike_reactions,
    strike_states,
    table_actions,
)
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import FREE_FIRST, PendingAttack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.held import HELD_ACTION
from orcus_desktop.vocabulary import CreatureId

CALL: Final = "call"
"""The key, in a held action's options (kind `HELD_ACTION`, `PendingAttack.power` naming the
action in `ACTIONS`), of the GM's call: its arguments by name, as JSON."""

UseCase = Callable[..., Outcome]


@dataclass(frozen=True, slots=True)
class WaitingAction:
    """An action that may wait for Free Strikes!: its use case and what the log calls it.

    `noun` gets the call's arguments by name ("Block" for a guard of kind Block).
    """

    use_case: UseCase
    noun: Callable[[Mapping[str, Any]], str]


def _named(noun: str) -> Callable[[Mapping[str, Any]], str]:
    return lambda _arguments: noun


def _words(value: object) -> str:
    return str(getattr(value, "value", value)).replace("_", " ")


ACTIONS: Final[Mapping[str, WaitingAction]] = types.MappingProxyType(
    {
        # 001-28, l.276-298: Block, Dodge, Dispel.
        "guard": WaitingAction(engagement.guard, lambda a: str(a["kind"].label)),
        # 001-15, l.300-308: Hide; 001-12 Crouch.
        "hide": WaitingAction(strike_states.hide, _named("Hide")),
        "crouch": WaitingAction(strike_states.crouch, _named("crouch")),
        # 001-33, l.296: Help; 000's aid another.
        "help_ally": WaitingAction(aid_actions.help_ally, _named("Help")),
        "aid_another": WaitingAction(aid_actions.aid_another, _named("Help")),
        "aid_choice": WaitingAction(aid_actions.aid_choice, _named("Help")),
        # 001-34, l.330: Ready (an item).
        "ready_item": WaitingAction(ready_items.ready_item, _named("ready item")),
        "put_away": WaitingAction(ready_items.put_away, _named("put away")),
        # 001-35, l.310-342: Influence, Magic, Search, Study, Utilize.
        "table_action": WaitingAction(
            table_actions.take_table_action, lambda a: _words(a["check"].action)
        ),
        # 000's actions kept under 001: total defense, rally...; shove, grapple, coup de grace
        # (a Strike! on an engager offers its Counter Strike! instead, 001-23).
        "take_action": WaitingAction(combat_actions.take_action, lambda a: _words(a["action"])),
        "ready_action": WaitingAction(initiative.ready_action, _named("ready")),
        "shove": WaitingAction(combat_actions.shove, _named("shove")),
        "coup_de_grace": WaitingAction(combat_actions.coup_de_grace, _named("coup de grace")),
        "grapple": WaitingAction(grappling.grapple, _named("grapple")),
        "escape_grapple": WaitingAction(grappling.escape_grapple, _named("escape")),
        "move_grappled": WaitingAction(grappling.move_grappled, _named("move with its grab")),
    }
)
"""Every action that waits for the Free Strikes! offered before it, by a stable name (the file
keeps the name, never a module path)."""

_NAME_OF: Final = {action.use_case: name for name, action in ACTIONS.items()}


def held_before(
    engine: Engine,
    before: Encounter,
    outcome: Outcome,
    use_case: UseCase,
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
) -> Outcome:
    """`outcome`, or the action held on `before` while its engagers' Free Strikes! stand.

    Held when the step is the action (its standard spent, 001-05 l.53) of the creature whose
    turn it is, held nothing of its own, and creatures Engaged With it that it does not strike
    can strike back now (`strike_reactions.engagers_first`). Such an action is refused while
    another step waits (`waiting.waiting_problem`), under every ruleset. A step that does not
    resolve (a refusal) is returned as it is.
    """
    name = _NAME_OF.get(use_case)
    actor = before.combat.current
    if (
        name is None
        or actor is None
        or not isinstance(outcome, Step)
        or not strike_reactions.acted(before, outcome.after, actor)
    ):
        return outcome
    waiting = waiting_problem(before)
    if waiting:
        # Nothing new starts while a step waits (000 "Immediate Actions"), as a power or a
        # charge is refused then: the action would resolve before the one it follows.
        return refuse(outcome.result.operation, waiting, actor)
    if outcome.after.combat.pending is not None:
        return outcome
    struck = strike_reactions.strikes(before, outcome.after, actor)
    first = strike_reactions.engagers_first(engine, before, actor, struck)
    if not first:
        return outcome
    call = _encoded(use_case, engine, before, args, kwargs)
    what = ACTIONS[name].noun(_decoded(use_case, call))
    held = PendingAttack(
        CreatureId(actor),
        HELD_ACTION,
        name,
        (),
        freeze({CALL: call, FREE_FIRST: list(first)}),
        f"{engine.name(before, actor)}'s {what}",
    )
    e = before
    for engager in first:
        e = strike_reactions.offer_free_strike(engine, e, engager, actor)
    e = e.with_combat(
        AttackHeld(held.text, first).logged_in(replace(e.combat, pending=held), actor)
    )
    result = replace(outcome.result, text=f"{held.text} waits for the Free Strike!", log=())
    return Step(e, result)


def finish(engine: Engine, encounter: Encounter, held: PendingAttack) -> Encounter:
    """The held action once its offers are settled: the GM's call runs now, or is dropped.

    000 "Immediate Actions": the creature continues its action "if it still can"; a call the
    rules refuse now (a Free Strike! knocked it out, it can no longer reach) is logged as not
    happening, with the reason.
    """
    action = ACTIONS.get(held.power)
    call = held.options.get(CALL)
    if action is None or not isinstance(call, Mapping):
        return AttackDropped(held.text, "the app does not know this action").logged_on(
            encounter, held.attacker, ()
        )
    outcome = action.use_case(engine, encounter, **_decoded(action.use_case, call))
    if isinstance(outcome, Refusal):
        return AttackDropped(held.text, outcome.reason).logged_on(encounter, held.attacker, ())
    return outcome.after


# -- the call as JSON ----------------------------------------------------------------------


def _parameters(use_case: UseCase) -> list[inspect.Parameter]:
    """The use case's parameters after the engine and the encounter."""
    return list(inspect.signature(use_case).parameters.values())[2:]


def _encoded(
    use_case: UseCase,
    engine: Engine,
    encounter: Encounter,
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
) -> dict[str, Any]:
    bound = inspect.signature(use_case).bind(engine, encounter, *args, **kwargs)
    bound.apply_defaults()
    return {p.name: _to_json(bound.arguments[p.name]) for p in _parameters(use_case)}


def _to_json(value: object) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    return value


def _decoded(use_case: UseCase, call: Mapping[str, Any]) -> dict[str, Any]:
    """The call's arguments read back by the use case's own annotations."""
    hints = typing.get_type_hints(use_case)
    return {p.name: _from_json(hints[p.name], call[p.name]) for p in _parameters(use_case)}


def _from_json(hint: Any, raw: Any) -> Any:
    if raw is None:
        return None
    options = typing.get_args(hint)
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        kinds = [o for o in options if o is not type(None)]
        return _from_json(kinds[0], raw) if len(kinds) == 1 else raw
    if hint is Square:
        return Square(*raw)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(raw)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        fields = typing.get_type_hints(hint)
        return hint(**{name: _from_json(fields[name], value) for name, value in raw.items()})
    if typing.get_origin(hint) in (Sequence, list, tuple) or hint in (list, tuple):
        inner = options[0] if options else Any
        return tuple(_from_json(inner, v) for v in raw)
    return raw
