"""The GM's library edits as undo steps, and a creature's edit applied to its placed tokens.

The GM's library is a file of its own (`creature_library.UserLibrary`), not part of the
encounter; an edit of it (save, duplicate, delete, import) is still a step of the window's one
undo history, so Edit > Undo takes back what the GM did last wherever it was. When the GM
applies an edited creature to the tokens already on the map, both go back in that one step
(issue 17: "Undoable; saved to the GM's library; changes can be applied to tokens already on
the map, or not").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step, refuse
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze, thaw
from orcus_desktop.rules.statblock_dicts import statblock_from_dict
from orcus_desktop.rules.state import CreatureState

if TYPE_CHECKING:
    from orcus_desktop.model.document import Document
    from orcus_desktop.model.history import Command


class KeptLibrary(Protocol):
    """The library file an edit writes back (`files/creature_library.py::UserLibrary`).

    Named by what the step needs of it, so this use case does not reach up into `files/`.
    """

    def restore(self, creatures: Sequence[Mapping[str, Any]]) -> None: ...


class LibraryChange:
    """An undo step's library part: the GM's creatures before and after an edit.

    The encounter is untouched; `redo` and `undo` write the library file back as it was, so
    the step does not mark the encounter unsaved (`model.history.leaves_encounter`).
    """

    leaves_encounter = True

    def __init__(
        self,
        text: str,
        library: KeptLibrary,
        before: Sequence[Mapping[str, Any]],
        after: Sequence[Mapping[str, Any]],
    ) -> None:
        self.text = text
        self.library = library
        self.before = [dict(c) for c in before]
        self.after = [dict(c) for c in after]

    def redo(self, doc: Document) -> None:
        self.library.restore(self.after)

    def undo(self, doc: Document) -> None:
        self.library.restore(self.before)

    def merge_with(self, other: Command) -> bool:
        return False


def placed_copies(encounter: Encounter, name: str) -> list[Creature]:
    """The tokens on the map placed from the library creature `name` (their stat block's)."""
    return [c for c in encounter.creatures if c.statblock and c.statblock.get("name") == name]


def apply_statblock(
    engine: Engine, encounter: Encounter, name: str, statblock: Mapping[str, Any]
) -> Outcome:
    """Give every token placed from `name` the edited stat block (its speed and size too).

    A token keeps its own name, side, place and visibility, and the damage it has taken: its
    hit points move with its maximum, but never across 0 (R-201, R-215): a standing token
    stays at 1 HP or more, and the step's text names each one held there. Refused when the
    stat block cannot be read or a token no longer fits where it stands.
    """
    op = "apply_library_edit"
    copies = placed_copies(encounter, name)
    if not copies:
        return refuse(op, f"no token of {name} is on the map")
    try:
        block = statblock_from_dict(statblock)
    except (ValueError, TypeError) as exc:
        return refuse(op, f"stat block: {exc}")
    frozen = freeze(dict(thaw(statblock)))
    after = encounter
    held_standing: list[str] = []
    for creature in copies:
        state, held = _wounds_kept(creature, block.max_hp)
        if held:
            held_standing.append(creature.name)
        updated = replace(
            creature, statblock=frozen, speed=block.speed, size=block.size, state=state
        )
        if updated.size != creature.size:
            problem = placement.destination_problem(after, updated, updated.square)
            if problem:
                return refuse(op, f"{creature.name} does not fit there: {problem}", creature.id)
        after = after.with_creature(updated)
    count = len(copies)
    text = f"Apply {name}'s edit to {plural(count, 'token')}"
    if held_standing:
        text += f"; {', '.join(held_standing)} kept standing at 1 HP"
    return Step(after, OperationResult(True, op, text=text))


def _wounds_kept(creature: Creature, new_max: int) -> tuple[CreatureState | None, bool]:
    """The token's state with the damage it took kept against the new maximum hit points.

    Also whether R-215's floor held it standing at 1 HP (its damage kept would have dropped it).
    """
    state = creature.state
    if state is None:
        return None, False  # built fresh from the new stat block when it first matters
    try:
        old_max = statblock_from_dict(thaw(creature.statblock)).max_hp
    except (ValueError, TypeError):
        return state, False
    moved = min(state.current_hp + new_max - old_max, new_max)
    if state.current_hp > 0:
        # R-215: an edit is not damage (000 "Falling Unconscious": "If damage reduces you to
        # 0 hit points or below"), so it never drops a standing token to 0 or below
        return replace(state, current_hp=max(moved, 1)), moved < 1
    # nor is it healing; the dead and the dying stay at 0 HP or fewer
    return replace(state, current_hp=min(moved, 0)), False
