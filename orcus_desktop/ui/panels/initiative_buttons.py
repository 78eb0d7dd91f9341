"""What the Initiative panel says: its heading, and why each turn-flow button is off now.

Read from the session alone (no widgets), so the panel only applies the answers: a button
whose `ButtonState.reason` is not empty is disabled with that reason as its tooltip, otherwise
`ButtonState.tip` says what it does (000 "Combat Step by Step").
"""

from __future__ import annotations

from dataclasses import dataclass

from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.model.combat import Combat, Combatant, CombatPhase
from orcus_desktop.ui.panels.common import name_of


@dataclass(frozen=True, slots=True)
class ButtonState:
    """Why a button is off ("" when it is on), and what it does."""

    reason: str
    tip: str


@dataclass(frozen=True, slots=True)
class TurnFlowStates:
    """The turn-flow buttons of a running combat, in the panel's order."""

    end_turn: ButtonState
    delay: ButtonState
    resume: ButtonState
    trigger: ButtonState
    join: ButtonState
    move_up: ButtonState
    end_combat: ButtonState


def heading_text(session: GameSession) -> str:
    """The line above the table: what to do before combat, or whose turn of which round."""
    combat = session.encounter.combat
    if not combat.active:
        rolled = set(combat.order)
        if rolled and all(c.id in rolled for c in session.encounter.creatures):
            return "Initiative rolled: mark the surprised, then Start combat."
        return "No combat: roll initiative, mark the surprised, then start."
    where = "Surprise round" if combat.phase is CombatPhase.SURPRISE else f"Round {combat.round}"
    for label, value in session.ask(questions.round_counters):
        # 003-13 (003 l.198): the escalation die is shown with the round it grows with.
        where = f"{where} · {label} {value}"
    if combat.current is None:
        return f"{where}: nobody can act"
    return f"{where}: {name_of(session, combat.current)}'s turn"


def end_turn_tip(session: GameSession) -> str:
    """End Turn's tooltip: whose turn it ends and what the app rolls then ("" with no turn)."""
    current = session.encounter.combat.current
    if current is None:
        return ""
    text = f"End {name_of(session, current)}'s turn (Ctrl+Return)."
    asks = []
    for prompt in session.ask(initiative.turn_prompts, current):
        if prompt.get("kind") == "save":
            what = prompt.get("condition") or f"{prompt.get('persistent')} persistent damage"
            asks.append(f"a saving throw against {str(what).replace('_', ' ')}")
        elif prompt.get("kind") == "death_save":
            asks.append("a death saving throw")
        elif prompt.get("kind") == "maintain":
            asks.append(f"{prompt.get('power')} lapses unless maintained")
    if asks:
        text += " The app rolls: " + "; ".join(asks) + "."
    return text


def turn_flow_states(
    session: GameSession, selected: str | None, before: str | None
) -> TurnFlowStates:
    """The turn-flow buttons for the `selected` creature, `before` the one in the row above it."""
    combat = session.encounter.combat
    current = combat.current
    combatant = combat.find(selected) if selected else None
    why_not_end = _why_not_end_turn(combat)
    if current is None:
        why_not_delay = why_not_resume = why_not_trigger = why_not_end
    else:
        why_not_delay = session.available_actions(current).option(CombatAction.DELAY).reason
        why_not_resume = _why_not_resume(combatant)
        why_not_trigger = _why_not_trigger(combatant, current)
    trigger = combatant.readied.trigger if combatant and combatant.readied else ""
    why_not_join = _why_not_join(combat, selected, combatant)
    if selected is None or combatant is None:
        why_not_up = "Select a creature in the initiative."
    elif before is None:
        why_not_up = "Already first."
    else:
        why_not_up = ""

    chosen, acting = name_of(session, selected), name_of(session, current)
    return TurnFlowStates(
        end_turn=ButtonState(why_not_end, end_turn_tip(session)),
        delay=ButtonState(why_not_delay, f"{acting} delays its turn (000 'Delay')."),
        resume=ButtonState(
            why_not_resume, f"{chosen} stops delaying and acts after {acting}'s turn."
        ),
        trigger=ButtonState(
            why_not_trigger,
            f"The trigger ({trigger}) happened: {chosen} acts now, before {acting} (000 'Ready').",
        ),
        join=ButtonState(why_not_join, f"{chosen} rolls initiative and joins the combat."),
        move_up=ButtonState(
            why_not_up,
            f"{chosen} acts before {name_of(session, before)} and takes its initiative.",
        ),
        end_combat=ButtonState(
            "" if combat.active else "No combat is running.",
            "End the combat; effects lasting until the end of the encounter end.",
        ),
    )


def _why_not_end_turn(combat: Combat) -> str:
    """Why no turn can be ended now, or ""."""
    if not combat.active:
        return "No combat is running."
    if combat.current is None:
        return "It is nobody's turn."
    return ""


def _why_not_resume(combatant: Combatant | None) -> str:
    """Why the selected creature cannot stop delaying now, or ""."""
    if combatant is None or not combatant.delaying:
        return "Select a delaying creature."
    return ""


def _why_not_trigger(combatant: Combatant | None, current: str) -> str:
    """Why the selected creature's readied action cannot be triggered now, or ""."""
    if combatant is None or combatant.readied is None:
        return "Select a creature with a readied action."
    if combatant.creature_id == current:
        return "A readied action interrupts someone else's turn."
    return ""


def _why_not_join(combat: Combat, selected: str | None, combatant: Combatant | None) -> str:
    """Why the selected creature cannot join the initiative now, or ""."""
    if not combat.active:
        return "No combat is running."
    if selected is None:
        return "Select a creature that is not in the initiative."
    if combatant is not None:
        return "Already in the initiative."
    return ""
