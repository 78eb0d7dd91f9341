"""A seeded random GM plays every ruleset; after each step the document saves and reopens.

Issue 29: "every state the app lets a GM reach saves and reopens"; issue 30 item 5: a random GM
plays each ruleset through the façade. After every step: no exception escapes the façade (a
refusal is a result, and never "could not be saved and reopened": a use case that builds such
a step is at fault); an action the availability table called allowed is not then refused for
a spent action, nor a step the app offered as it is asked for (`Played.promised`) at all;
the document passes the invariant the loader checks (`encounter_problems`); it writes and
reads back to the same encounter; End turn (or Delay) drops no held attack or walk, offer,
readied action, owed push or cover choice without the log or its answer naming it (R-117),
and no held step is left waiting for no one (R-212). Now and then the GM saves to a
file, reopens it and plays on from the reopened file;
before each reopen, and at the end, undo back to where the file was opened restores that
snapshot (and the GM's library as it was), redo the last. Opening a file starts a new undo
history (`GameSession.open_encounter`): there is no undo across a reopen. The suite plays a
fixed budget; ORCUS_RANDOM_GM_STEPS and ORCUS_RANDOM_GM_SEEDS play longer (from seed
ORCUS_RANDOM_GM_FIRST_SEED, 0 by default), and
`python -m tests.controller.random_gm_coverage` prints what a long run reached
(docs/design.md#testing).
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.model.combat import INTERPOSERS
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import encounter_problems
from orcus_desktop.model.serialization import (
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import RULESETS
from tests.controller.random_gm import BUDGET_REFUSAL, Played, RandomGm, random_session
from tests.controller.random_gm_coverage import CountingSession, Counts
from tests.controller.random_gm_files import open_damaged

STEPS = int(os.environ.get("ORCUS_RANDOM_GM_STEPS", "100"))
FIRST_SEED = int(os.environ.get("ORCUS_RANDOM_GM_FIRST_SEED", "0"))
"""Seeds a long run has never played: ORCUS_RANDOM_GM_FIRST_SEED=3 plays seeds 3, 4, ..."""
SEEDS = range(FIRST_SEED, FIRST_SEED + int(os.environ.get("ORCUS_RANDOM_GM_SEEDS", "1")))
REOPEN_CHANCE = 0.02
"""How often the GM saves to a file, reopens it and plays on from there (per step)."""

DAMAGED_CHANCE = 0.5
"""How often a reopen first tries a damaged copy of the file (`random_gm_files.py`)."""

RECOVER_CHANCE = 0.3
"""How often a reopen is a crash instead: the file's older state, the autosave restored on it."""

UNSAVABLE = "could not be saved and reopened"
"""The façade's refusal of a step the file would refuse (`GameSession._apply`)."""


def reopened(encounter: Encounter) -> Encounter:
    """The encounter as a save and a reopen give it back (JSON text in between)."""
    text = json.dumps(encounter_to_dict(encounter), ensure_ascii=False)
    return encounter_from_dict(json.loads(text))


HELD = "held attack or walk"


def held(encounter: Encounter) -> dict[tuple[str, str], str]:
    """What waits in the fight, by (kind, creature): the creature whose name tells of it.

    The attack or walk held for its interrupts (its attacker), each offer (its reactor), each
    readied action, triggered or not (its readier), each owed push (its target), each 004
    cover choice (its coverer).
    """
    combat = encounter.combat
    if not combat.active:
        return {}
    found: dict[tuple[str, str], str] = {}
    if combat.pending is not None:
        found[(HELD, combat.pending.attacker)] = combat.pending.attacker
    for offer in combat.strike_offers:
        found[("offer", offer.reactor)] = offer.reactor
    for c in combat.combatants:
        if c.out_of_turn is ActionKind.OPPORTUNITY:
            found[("offer", c.creature_id)] = c.creature_id
        elif c.out_of_turn is not None:
            found[("triggered readied action", c.creature_id)] = c.creature_id
        if c.readied is not None:
            found[("readied action", c.creature_id)] = c.creature_id
    for owed in combat.owed_forced_moves:
        found[("owed forced move", owed.target)] = owed.target
    for choice in combat.cover_choices:
        found[("cover choice", choice.coverer)] = choice.coverer
    return found


def dropped_unsaid(
    before: Encounter, after: Encounter, result: OperationResult
) -> list[tuple[str, str]]:
    """What End turn or Delay took away with no log line and no word of its answer naming it."""
    if not result.ok or result.operation not in ("end_turn", "delay"):
        return []
    gone = held(before).keys() - held(after).keys()
    said = [entry_text(entry, after.name_of) for entry in result.log]
    said += [result.text, *(str(p) for p in result.prompts)]
    unsaid = []
    for kind, creature_id in sorted(gone):
        creature = before.find_creature(creature_id)
        if creature is None or any(creature.name in line for line in said):
            continue
        if kind == HELD and _walked_on(before, after, creature_id):
            continue  # its walk, logged when it began, went on
        unsaid.append((kind, creature_id))
    return unsaid


def waits_for_no_one(encounter: Encounter) -> str:
    """The held step that waits with nothing the GM could answer or let pass, or "".

    A held attack or walk waits for an offer (000 "Immediate Actions": an opportunity attack,
    001's strikes, 003-52's readied shots, a triggered readied action), someone stepping in
    (001-10/29), an owed push or a cover choice (R-154); with none left it would wait forever.
    """
    combat = encounter.combat
    held = combat.pending
    if held is None:
        return ""
    answerable = (
        any(c.out_of_turn is not None for c in combat.combatants)
        or combat.strike_offers
        or combat.owed_forced_moves
        or combat.cover_choices
        or held.options.get(INTERPOSERS)
    )
    return "" if answerable else held.text


def _walked_on(before: Encounter, after: Encounter, walker: str) -> bool:
    pending = before.combat.pending
    moved = after.find_creature(walker)
    walking = pending is not None and pending.kind == "move"
    return walking and moved is not None and moved.square != before.creature(walker).square


@dataclass(frozen=True, slots=True)
class Playthrough:
    """What a run played (one line a step) and what it reached (`random_gm_coverage.py`)."""

    played: list[str]
    counts: Counts


class _Run:
    """One seeded run: the GM, its session, the checks after each step, the reopens."""

    def __init__(self, ruleset_id: str, seed: int, folder: Path) -> None:
        self.ruleset_id, self.seed, self.folder = ruleset_id, seed, folder
        self.session: CountingSession = random_session(ruleset_id, seed)
        self.gm = RandomGm(self.session, random.Random(seed))
        self.reopen_rng = random.Random(f"reopen {seed}")
        self.damage_rng = random.Random(f"damage {seed}")
        self.opened = self.session.encounter
        self.opened_library = list(self.gm.map.library.creatures)
        self.played: list[str] = []

    def fail(self, message: str) -> NoReturn:
        tail = "\n  ".join(self.played[-15:])
        where = f"{self.ruleset_id} seed {self.seed} step {len(self.played)}"
        pytest.fail(f"{where}: {message}\n  {tail}")

    def step(self) -> None:
        before = self.session.encounter
        try:
            step = self.gm.step()
        except Exception as exc:
            self.played.append("(the step that raised)")
            trace = "".join(traceback.format_exception(exc)[-6:])
            self.fail(f"{type(exc).__name__}: {exc}\n{trace}")
        result = step.result
        self.played.append(f"{step.what} -> {'ok' if result.ok else 'refused: ' + result.reason}")
        self.check_answer(step)
        self.check_document()
        stuck = waits_for_no_one(self.session.encounter)
        if stuck:
            self.fail(f"{step.what} left {stuck} waiting for no one: nothing to answer or pass")
        unsaid = dropped_unsaid(before, self.session.encounter, result)
        if unsaid:
            self.fail(f"{step.what} dropped without a word: {unsaid}")
        if self.reopen_rng.random() < REOPEN_CHANCE:
            self.reopen()

    def check_answer(self, step: Played) -> None:
        result = step.result
        if step.offered is not None and not result.ok and BUDGET_REFUSAL.search(result.reason):
            self.fail(f"{step.offered_as} was offered as allowed, then refused: {result.reason}")
        if step.promised and not result.ok:
            self.fail(f"{step.promised} was offered as allowed, then refused: {result.reason}")
        if not result.ok and UNSAVABLE in result.reason:
            self.fail(f"the use case built a step the file refuses: {result.reason}")

    def check_document(self) -> None:
        encounter = self.session.encounter
        problems = list(encounter_problems(encounter))
        if problems:
            self.fail(f"the document breaks its invariant: {problems[0]}")
        try:
            back = reopened(encounter)
        except Exception as exc:
            self.fail(f"the saved document does not reopen: {exc}")
        if back != encounter:
            self.fail("the reopened document differs from the one saved")

    def reopen(self) -> None:
        """Save to a file, open it (a new undo history) and play on from what it holds; or
        first try a damaged copy of it, and now and then play on from that if it opens."""
        self.check_undo_to_opened()
        if self.damage_rng.random() < DAMAGED_CHANCE and self.open_damaged():
            return
        saved = self.session.encounter
        path = self.folder / "encounter.json"
        if path.exists() and self.damage_rng.random() < RECOVER_CHANCE:
            self.recover(path)
            return
        save_encounter(path, saved)
        opened = self.session.open_encounter(load_encounter(path))
        self.played.append(f"save, reopen {path.name} -> {'ok' if opened.ok else opened.reason}")
        if self.session.encounter != saved:
            self.fail("the encounter reopened from its file differs from the one saved")
        self.opened, self.opened_library = (
            self.session.encounter,
            list(self.gm.map.library.creatures),
        )

    def recover(self, path: Path) -> None:
        """The app crashed: its file holds an older state, the autosave the fight as it is.
        The recovered fight goes on its file as one undo step (`controller/files/autosave.py`):
        undo gives back the file, redo the fight."""
        fight = self.session.encounter
        autosave = self.folder / "autosave.json"
        save_encounter(autosave, fight)
        self.session.open_encounter(load_encounter(path))
        on_file = self.session.encounter
        restored = self.session.restore_encounter(load_encounter(autosave))
        self.session.counts[(fight.ruleset_id, "session.restore_encounter", restored.ok)] += 1
        self.played.append(f"crash, restore the autosave over {path.name} -> {restored.ok}")
        if self.session.encounter != fight:
            self.fail(f"restoring the autosave does not give back the fight: {restored.reason}")
        self.check_document()
        if restored.ok:
            assert self.session.undo().ok
            if self.session.encounter != on_file:
                self.fail("undo after restoring the autosave does not give back the file")
            assert self.session.redo().ok
        self.opened = on_file
        self.opened_library = list(self.gm.map.library.creatures)

    def open_damaged(self) -> bool:
        """Open a damaged copy of the fight's file (`random_gm_files.py`): refused in one line,
        or sound; True when the GM plays on from what it opened."""
        before = self.session.encounter
        try:
            damaged = open_damaged(self.damage_rng, before, self.folder)
        except AssertionError as exc:
            self.fail(f"a damaged copy of the saved fight: {exc}")
        self.session.counts[(before.ruleset_id, "file.open(damaged)", damaged is not None)] += 1
        if damaged is None or self.damage_rng.random() < 0.5:
            self.played.append(f"open a damaged copy -> {'opened' if damaged else 'refused'}")
            return False
        opened = self.session.open_encounter(damaged)
        self.played.append(f"open a damaged copy, play on -> {opened.ok or opened.reason}")
        if not opened.ok:
            self.fail(f"a damaged file that reads sound is refused on opening: {opened.reason}")
        self.check_document()
        self.opened = self.session.encounter
        self.opened_library = list(self.gm.map.library.creatures)
        return True

    def check_undo_to_opened(self) -> None:
        """Undo back to where the file was opened restores it (and the library); redo returns."""
        session = self.session
        last, library, undone = session.encounter, list(self.gm.map.library.creatures), 0
        session.counting = False
        while session.history.can_undo:
            assert session.undo().ok
            undone += 1
        if session.encounter != self.opened:
            self.fail("undo back to the start does not restore the first snapshot")
        if list(self.gm.map.library.creatures) != self.opened_library:
            self.fail("undo back to the start does not restore the GM's library")
        for _ in range(undone):  # steps the run itself undid stay undone
            assert session.redo().ok
        if session.encounter != last or list(self.gm.map.library.creatures) != library:
            self.fail("redo back to where the run ended does not restore its last snapshot")
        session.counting = True


def play(ruleset_id: str, seed: int, steps: int, counts: Counts | None = None) -> Playthrough:
    """Play `steps` random GM steps; what was played (raises on the first failure).

    `counts`: what the run reached is added to it, a failed run's too.
    """
    with tempfile.TemporaryDirectory(prefix="random-gm-file-") as folder:
        run = _Run(ruleset_id, seed, Path(folder))
        try:
            for _ in range(steps):
                run.step()
            run.check_undo_to_opened()
        finally:
            if counts is not None:
                counts.update(run.session.counts)
    return Playthrough(run.played, run.session.counts)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_random_gm_saves_and_reopens_after_every_step(ruleset_id: str, seed: int) -> None:
    played = play(ruleset_id, seed, STEPS).played
    assert len(played) >= STEPS
