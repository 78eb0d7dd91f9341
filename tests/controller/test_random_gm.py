"""A seeded random GM plays every ruleset; after each step the document saves and reopens.

Issue 29: "every state the app lets a GM reach saves and reopens"; issue 30 item 5: a random GM
plays each ruleset through the façade. After every step: no exception escapes the façade (a
refusal is a result); an action the availability table called allowed is not then refused for
a spent action; the document passes the invariant the loader checks (`encounter_problems`); it
writes and reads back to the same encounter; and at the end undo back to the start restores
the first snapshot, redo the last. The suite plays a fixed budget; ORCUS_RANDOM_GM_STEPS and
ORCUS_RANDOM_GM_SEEDS play longer (docs/design.md#testing).
"""

from __future__ import annotations

import json
import os
import random
from typing import NoReturn

import pytest

from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import encounter_problems
from orcus_desktop.model.serialization import encounter_from_dict, encounter_to_dict
from orcus_desktop.rules.ruleset import RULESETS
from tests.controller.random_gm import BUDGET_REFUSAL, RandomGm, random_session

STEPS = int(os.environ.get("ORCUS_RANDOM_GM_STEPS", "100"))
SEEDS = range(int(os.environ.get("ORCUS_RANDOM_GM_SEEDS", "1")))


def reopened(encounter: Encounter) -> Encounter:
    """The encounter as a save and a reopen give it back (JSON text in between)."""
    text = json.dumps(encounter_to_dict(encounter), ensure_ascii=False)
    return encounter_from_dict(json.loads(text))


def play(ruleset_id: str, seed: int, steps: int) -> list[str]:
    """Play `steps` random GM steps; return the steps played (raises on the first failure)."""
    session = random_session(ruleset_id, seed)
    gm = RandomGm(session, random.Random(seed))
    first = session.encounter
    played: list[str] = []

    def fail(message: str) -> NoReturn:
        tail = "\n  ".join(played[-15:])
        pytest.fail(f"{ruleset_id} seed {seed} step {len(played)}: {message}\n  {tail}")

    for _ in range(steps):
        try:
            step = gm.step()
        except Exception as exc:
            played.append("(the step that raised)")
            fail(f"{type(exc).__name__}: {exc}")
        result = step.result
        played.append(f"{step.what} -> {'ok' if result.ok else 'refused: ' + result.reason}")
        if step.offered is not None and not result.ok and BUDGET_REFUSAL.search(result.reason):
            fail(f"{step.offered.action} was offered as allowed, then refused: {result.reason}")
        encounter = session.encounter
        problems = list(encounter_problems(encounter))
        if problems:
            fail(f"the document breaks its invariant: {problems[0]}")
        try:
            back = reopened(encounter)
        except Exception as exc:
            fail(f"the saved document does not reopen: {exc}")
        if back != encounter:
            fail("the reopened document differs from the one saved")
    last, undone = session.encounter, 0
    while session.history.can_undo:
        assert session.undo().ok
        undone += 1
    if session.encounter != first:
        fail("undo back to the start does not restore the first snapshot")
    for _ in range(undone):  # steps the run itself undid stay undone
        assert session.redo().ok
    if session.encounter != last:
        fail("redo back to where the run ended does not restore its last snapshot")
    return played


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_random_gm_saves_and_reopens_after_every_step(ruleset_id: str) -> None:
    for seed in SEEDS:
        played = play(ruleset_id, seed, STEPS)
        assert len(played) == STEPS
