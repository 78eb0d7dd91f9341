"""The attack workflow as a Qt-free state machine: targeting → dice → resolution → forced moves.

Using a power (or an attack action) takes several steps the GM answers one at a time: choose
the targets on the map, give the dice (the app's roll or the table's) and the overrides, the
session resolves it as one undo step, then each push, pull or slide the hits imposed is placed
on the map (000 "Unwilling Movement"). `AttackFlow` holds where the sequence stands; the UI
calls it with what the GM did and shows what each call answers (`Step`): a targeting tool, the
attack dialog, a forced-move tool, or nothing more. The forced movement still to place is read
from the document (`combat.owed_forced_moves`, `owed_moves`), never queued here, so an undo, a
reopened file or a crash recovery offers exactly what the document owes (`sync`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from orcus_desktop.controller.actions import (
    aid_actions,
    combat_actions,
    forced_placement,
    grappling,
)
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.targeting import (
    TargetingAction,
    TargetingChoice,
    TargetingRequest,
    targeting_request,
)
from orcus_desktop.model.combat import AidKind, OwedForcedMove
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.ruleset import ruleset_by_id


class Stage(StrEnum):
    """Where the attack workflow stands."""

    IDLE = "idle"
    """Nothing under way: the map has the GM's own tool."""
    TARGETING = "targeting"
    """The GM chooses targets on the map."""
    DICE = "dice"
    """The attack dialog asks for the dice and the overrides."""
    FORCED_MOVE = "forced_move"
    """The GM places (or leaves) a push, pull or slide the hits imposed."""


@dataclass(frozen=True, slots=True)
class AttackOptions:
    """What the GM chose in the attack dialog.

    Attributes:
        dice: the dice typed in, in rolling order (empty: the app rolls).
        cover: cover overrides per target id (only the overridden ones).
        concealment: concealment overrides per target id (only the overridden ones).
        combat_advantage: extra reasons for combat advantage.
        knock_out: knock the targets out rather than kill them (000 "Knocking a Creature
            Out").
        crouching: targets crouching or working their cover (001-12: one level more).
    """

    dice: tuple[int, ...] = ()
    cover: Mapping[str, str] = field(default_factory=dict)
    combat_advantage: tuple[str, ...] = ()
    knock_out: bool = False
    concealment: Mapping[str, str] = field(default_factory=dict)
    crouching: tuple[str, ...] = ()

    def choices(self, choice: TargetingChoice) -> AttackChoices:
        """The session's `AttackChoices` for these answers on `choice` (its area included)."""
        return AttackChoices(
            cover=self.cover,
            concealment=self.concealment,
            combat_advantage=self.combat_advantage,
            knock_out=choice.target_ids if self.knock_out else (),
            area_origin=choice.area_origin,
            area_squares=choice.area_squares,
            crouching=self.crouching,
        )


@dataclass(frozen=True, slots=True)
class ChooseTargets:
    """Put a targeting tool for `request` on the map."""

    request: TargetingRequest


@dataclass(frozen=True, slots=True)
class AskForDice:
    """Open the attack dialog for `choice`; `message` says what it asks.

    `refusal` is set when the dice typed in were refused (a 99 for a d20): the same attack is
    asked for again, with the reason, rather than dropped.
    """

    choice: TargetingChoice
    message: str
    refusal: str = ""


@dataclass(frozen=True, slots=True)
class PlaceForcedMove:
    """Put a forced-move tool for `owed` on the map; `message` is the status line.

    `result` is the attack that owes it when this step carried the attack out (its line is
    the session's `operation_done` result, already announced), else None.
    """

    owed: OwedForcedMove
    message: str
    result: OperationResult | None = None


@dataclass(frozen=True, slots=True)
class Done:
    """Nothing more to do: the map goes back to the GM's tool.

    Attributes:
        message: the status line ("" when the last tool already said it).
        refusal: the session's reason when it refused (the actions panel shows it), else "".
        result: the session's answer, when this step carried out the attack.
    """

    message: str = ""
    refusal: str = ""
    result: OperationResult | None = None


Step = ChooseTargets | AskForDice | PlaceForcedMove | Done
"""What the UI shows next."""


class AttackFlow:
    """The attack workflow of one session, driven by the UI.

    Args:
        session: the game session (targeting requests, the attack, the forced movement).
        initiator: passed to the session with each operation (the window).
    """

    def __init__(self, session: GameSession, initiator: object = None) -> None:
        self._session = session
        self._initiator = initiator
        self._stage = Stage.IDLE
        self._choice: TargetingChoice | None = None
        self._placing: OwedForcedMove | None = None

    @property
    def stage(self) -> Stage:
        return self._stage

    @property
    def placing(self) -> OwedForcedMove | None:
        """The owed forced move the map is placing now, or None."""
        return self._placing

    def reset(self) -> None:
        """Forget what was under way (another encounter is shown); nothing is left or undone."""
        self._stage = Stage.IDLE
        self._choice = None
        self._placing = None

    # -- targeting and dice --------------------------------------------------------------------

    def start(
        self, creature_id: str, *, power_name: str | None = None, action: str | None = None
    ) -> Step:
        """Aim a power (or an attack action) of a creature.

        Targets come first, unless a Self power has nothing to choose; a refusal carries the
        session's reason.
        """
        request = targeting_request(
            self._session, creature_id, power_name=power_name, action=action
        )
        if isinstance(request, str):
            return Done(f"Refused: {request}", refusal=request)
        if not request.needs_map:
            return self.targets_chosen(TargetingChoice(request, (creature_id,)))
        self._stage = Stage.TARGETING
        return ChooseTargets(request)

    def targeting_finished(self) -> None:
        """The targeting tool is gone (confirmed or cancelled)."""
        if self._stage is Stage.TARGETING:
            self._stage = Stage.IDLE

    def targets_chosen(self, choice: TargetingChoice) -> Step:
        """The targets are chosen: ask for the dice when there is a roll, else resolve."""
        request = choice.request
        if not (request.action.rolls and request.attack_roll):
            return self._resolve(choice, AttackOptions())
        self._stage = Stage.DICE
        self._choice = choice
        return AskForDice(
            choice, f"{request.label}: accept the app's roll or type in the table's dice"
        )

    def dice_given(self, options: AttackOptions) -> Step:
        """The dialog was accepted: carry out the attack (one undo step)."""
        choice = self._choice
        if self._stage is not Stage.DICE or choice is None:
            return Done()
        self._choice = None
        step = self._resolve(choice, options)
        if options.dice and isinstance(step, Done) and step.refusal:
            # The table's dice did not fit the roll: nothing was done, so the GM corrects
            # them in the same dialog instead of aiming the attack again.
            self._stage = Stage.DICE
            self._choice = choice
            return AskForDice(choice, step.message, refusal=step.refusal)
        return step

    def dice_cancelled(self) -> Done:
        """The dialog was cancelled: nothing changed."""
        choice = self._choice
        self._choice = None
        if self._stage is Stage.DICE:
            self._stage = Stage.IDLE
        label = choice.request.label if choice is not None else "The attack"
        return Done(f"{label}: cancelled, nothing changed")

    # -- forced movement -----------------------------------------------------------------------

    def forced_move_finished(self, owed: OwedForcedMove, *, replaced: bool) -> Step | None:
        """The forced-move tool for `owed` is done: moved, left (Esc), or replaced.

        A move still owed was left: the session records that (one undo step). When the GM
        picked another tool (`replaced`) every move still owed is left and the new tool stays
        (None); otherwise the next owed move comes, or the workflow is done.
        """
        if owed is not self._placing:
            return None  # an earlier tool, already accounted for
        self._placing = None
        self._stage = Stage.IDLE
        owing = self._session.encounter.combat.owed_forced_moves
        if replaced:
            if owing:
                self._session.by(self._initiator).run(forced_placement.leave_forced_move, None)
            return None
        if owed in owing:
            self._session.by(self._initiator).run(forced_placement.leave_forced_move, owed.target)
        return self._next_forced_move("")

    def sync(self) -> Step | None:
        """The document changed (undo, redo, a file opened or restored): what to show now.

        Returns:
            a forced move the document owes and the map does not show, `Done` when the one
            shown is no longer owed, or None when the map already shows the right thing (or
            the GM is choosing targets or dice, which the document does not hold).
        """
        owing = self._session.encounter.combat.owed_forced_moves
        if self._stage is Stage.FORCED_MOVE:
            if self._placing in owing:
                return None
            self._placing = None
            self._stage = Stage.IDLE
            return self._next_forced_move("")
        if self._stage is Stage.IDLE and owing:
            hint = _forced_hint(self._session.encounter, owing[0])
            return self._next_forced_move(hint[:1].upper() + hint[1:])  # a line of its own
        return None

    # -- the session call ----------------------------------------------------------------------

    def _resolve(self, choice: TargetingChoice, options: AttackOptions) -> Step:
        self._stage = Stage.IDLE
        result = resolve(self._session, choice, options, self._initiator)
        if not result.ok:
            return Done(f"Refused: {result.reason}", refusal=result.reason, result=result)
        report = attack_report(result, self._session.encounter)
        step = self._next_forced_move(report)
        if isinstance(step, PlaceForcedMove):
            return replace(step, result=result)
        return Done(report, result=result)

    def _next_forced_move(self, message: str) -> Step:
        owing = self._session.encounter.combat.owed_forced_moves
        if not owing:
            return Done(message)
        self._placing = owing[0]
        self._stage = Stage.FORCED_MOVE
        return PlaceForcedMove(owing[0], message)


def resolve(
    session: GameSession,
    choice: TargetingChoice,
    options: AttackOptions,
    initiator: object = None,
) -> OperationResult:
    """Carry out the chosen attack or action through the session: one undo step."""
    request = choice.request
    user = request.creature_id
    target = choice.target_ids[0] if choice.target_ids else ""
    dice = options.dice
    match request.action:
        case TargetingAction.POWER:
            return session.use_power(
                user,
                request.power_name,
                choice.target_ids,
                dice=dice,
                choices=options.choices(choice),
                initiator=initiator,
            )
        case TargetingAction.CHARGE:
            if choice.destination is None:
                return OperationResult.refused("charge", "no square to charge to", user)
            return session.by(initiator).run(
                combat_actions.charge, user, choice.destination, target, dice=dice
            )
        case TargetingAction.GRAPPLE:
            return session.by(initiator).run(grappling.grapple, user, target, dice=dice)
        case TargetingAction.SHOVE:
            return session.by(initiator).run(combat_actions.shove, user, target, dice=dice)
        case TargetingAction.COUP_DE_GRACE:
            return session.by(initiator).run(
                combat_actions.coup_de_grace, user, target, request.power_name, dice=dice
            )
        case TargetingAction.HELP_ATTACK:
            return session.by(initiator).run(
                aid_actions.help_ally, user, choice.ally_id or "", target, AidKind.ATTACK
            )
        case TargetingAction.HELP_DEFENSE:
            return session.by(initiator).run(
                aid_actions.help_ally, user, choice.ally_id or "", target, AidKind.DEFENSE
            )


def attack_report(result: OperationResult, encounter: Encounter) -> str:
    """A status line for an attack done.

    The log's account of it, the forced movement to place (000 "Unwilling Movement": the
    user chooses where) and the opportunity attacks offered.
    """
    names = names_of(encounter)
    attacks = [describe(entry, names) for entry in result.log if entry.kind == "attack"]
    text = attacks[-1] if attacks else result.text
    for owed in encounter.combat.owed_forced_moves:
        text += " — " + _forced_hint(encounter, owed, names)
    if result.opportunity_attackers:
        offered = ", ".join(names.get(i, i) for i in result.opportunity_attackers)
        reactions = ruleset_by_id(encounter.ruleset_id).label("opportunity_attacks")
        text += f" — {reactions} offered to {offered} (Actions panel)"
    return text


def _forced_hint(
    encounter: Encounter, owed: OwedForcedMove, names: Mapping[str, str] | None = None
) -> str:
    names = names if names is not None else names_of(encounter)
    name = names.get(owed.target, owed.target)
    squares = plural(owed.squares, "square")
    return f"{owed.kind} {name} up to {squares}: click where it ends (Esc: leave it)"
