"""The plug-in API (issue 30 item 1): the core runs without any variant; a variant's hooks run
only under the ruleset ids it names.

Deleting a variant's package and its registry line must leave Orcus (000) running: a session
given no variants at all (`NO_VARIANTS`) plays a 000 fight step for step as the registered
program does, undo included.
"""

from __future__ import annotations

import random

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.held_attacks import SKILL
from orcus_desktop.controller.plugins import NO_VARIANTS, Variant
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants import REGISTERED
from orcus_desktop.controller.variants.alloy_heroes.plugin import ALLOY_HEROES
from orcus_desktop.controller.variants.strike import engagement, withdrawing
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.rules.ruleset import RULESETS
from tests.controller.conftest import fighter, orc
from tests.controller.random_gm import RandomGm, battle

STEPS = 120


def _session(ruleset_id: str, variants: tuple[Variant, ...]) -> GameSession:
    doc = Document(battle(ruleset_id))
    return GameSession(doc, History(doc, limit=10_000), random.Random(7), variants=variants)


def test_orcus_plays_the_same_fight_with_no_variant_registered() -> None:
    bare, full = _session("orcus", NO_VARIANTS), _session("orcus", REGISTERED)
    first = bare.encounter
    # Between fights the GM may switch only to rulesets no variant applies to.
    plain = ("orcus", "orcus-no-negative-hp")
    bare_gm = RandomGm(bare, random.Random(3), rulesets=plain)
    full_gm = RandomGm(full, random.Random(3), rulesets=plain)
    for step in range(STEPS):
        played, expected = bare_gm.step(), full_gm.step()
        assert played.what == expected.what, f"step {step}"
        assert played.result == expected.result, f"step {step}: {played.what}"
        assert bare.encounter == full.encounter, f"step {step}: {played.what}"
    assert bare.encounter.combat.active  # a fight was played, not only refusals
    while bare.history.can_undo:
        assert bare.undo().ok
    assert bare.encounter == first


def test_each_variant_applies_only_to_its_rulesets() -> None:
    session = _session("orcus", REGISTERED)
    for ruleset_id in RULESETS:
        session.rules.ruleset = RULESETS[ruleset_id]
        names = [v.name for v in plugins.active(session.rules)]
        assert names == [v.name for v in REGISTERED if ruleset_id in v.ruleset_ids]
    assert [v.name for v in REGISTERED if "strike" in v.ruleset_ids] == ["Strike! (001)"]


def _strike_fight(variants: tuple[Variant, ...]) -> GameSession:
    encounter = Encounter(
        GridBounds(12, 8),
        creatures=(fighter("hero", 4, 4), orc("orc", 5, 4)),
        ruleset_id="strike",
    )
    doc = Document(encounter)
    session = GameSession(doc, History(doc), random.Random(0), variants=variants)
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 15}).ok
    assert session.run(initiative.start_combat).ok
    return session


def test_a_strike_is_countered_only_with_the_strike_variant_registered() -> None:
    """001-23 (001 l.242 "Every Strike! provokes a Counter Strike! from the Target") and
    001-25 (Engaged With) live in the strike variant alone: without it a Strike! is a plain
    attack that engages no one and is answered by nothing."""
    played = _strike_fight(REGISTERED)
    assert played.run(attacks.basic_attack, "hero", "orc", dice=[15, 5]).ok
    assert played.ask(questions.strike_name, "orc") == "Counter Strike!"
    assert played.ask(strike_questions.engaged_with, "hero") == "orc"

    bare = _strike_fight(NO_VARIANTS)
    assert bare.run(attacks.basic_attack, "hero", "orc", dice=[15, 5]).ok
    assert bare.ask(questions.strike_name, "orc") == ""
    assert bare.ask(strike_questions.engaged_with, "hero") is None


def test_a_held_skill_use_goes_on_through_the_alloy_heroes_variant_alone() -> None:
    """004-09 (004 l.389 "the creature resumes its action"): the held skill use's next step is
    the alloy_heroes variant's, found only while its ruleset is played."""
    session = _session("alloy-heroes", REGISTERED)
    held = plugins.held_step(session.engine, SKILL)
    assert held is not None
    assert held.finish is ALLOY_HEROES.held_steps[0].finish
    session.rules.ruleset = RULESETS["strike"]
    assert plugins.held_step(session.engine, SKILL) is None
    assert plugins.held_step(_session("alloy-heroes", NO_VARIANTS).engine, SKILL) is None


def test_a_rulesets_own_actions_are_its_variants_powers() -> None:
    """002-11/15/24 and 004-11/22/36: the ids a ruleset's ``extra_actions`` names are offered
    as powers only while the variant that holds them is registered (none under 000)."""
    expected = {"4e-quickref": "Drink a Potion", "alloy-heroes": "Trip"}
    for ruleset_id, name in expected.items():
        played = _session(ruleset_id, REGISTERED)
        bare = _session(ruleset_id, NO_VARIANTS)
        assert name in {p.name for p in played.available_actions("fighter").powers}
        assert name not in {p.name for p in bare.available_actions("fighter").powers}
    assert plugins.action_powers(_session("orcus", REGISTERED).rules) == {}


def test_the_availability_table_answers_for_the_variants_own_actions() -> None:
    """Issue 30 item 4: one "why not". 001-31 Withdraw (001 l.346) and 001-15 Hide are in the
    table beside 000's actions, with the words their use cases refuse with."""
    s = _strike_fight(REGISTERED)
    table = s.available_actions("hero")
    assert [o.key for o in table.variants] == [
        "withdraw",
        "hide",
        "crouch",
        "drop_prone_off_turn",
        # 001-35's actions the GM resolves by a check (001 l.312-342).
        *("influence", "magic", "search", "study", "utilize"),
    ]
    withdraw = table.variant("withdraw")
    assert not withdraw.allowed
    refused = s.run(withdrawing.withdraw, "hero")
    assert not refused.ok
    assert withdraw.reason in refused.reason
    assert table.variant("hide").allowed
    assert s.run(engagement.engage, "orc", "hero").ok
    assert s.available_actions("hero").variant("withdraw").allowed
    assert s.run(withdrawing.withdraw, "hero").ok
    # Under 000, and with no variant registered, the table lists none.
    assert _session("orcus", REGISTERED).available_actions("fighter").variants == ()
    assert _strike_fight(NO_VARIANTS).available_actions("hero").variants == ()
