"""The ruleset registry and what every ruleset shares (docs/rulesets.md).

Each ruleset is data: it round-trips through JSON, it is hashable (the condition table is
cached per ruleset), and where a variant's text says nothing or the same as 000 its rules are
000's.
"""

import itertools
import json

import pytest

from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.rules.conditions import ActionLimit, Condition, condition_table, rules_for
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import (
    ORCUS,
    RULESETS,
    Ruleset,
    UnknownRulesetError,
    ruleset_by_id,
)
from orcus_desktop.rules.ruleset.hooks import HOOKS, HookKind, HookNames
from orcus_desktop.rules.ruleset.tables import Budget, CoverLevel, CoverScale
from orcus_desktop.vocabulary import CoverDegree

ALL = list(RULESETS.values())
IDS = [r.id for r in ALL]
PLAYABLE = [r for r in ALL if not r.experimental]
# 003 has its own status table (003-21..39: downgrades, Stunned as one action, Slowed doubling
# the cost...), tested in tests/controller/test_square_fireballs_status*.py.
OWN_STATUS_TABLE = {"square-fireballs"}
SHARED_ROWS = [r for r in PLAYABLE if r.id not in OWN_STATUS_TABLE]


def test_the_five_rulesets_are_registered_by_id() -> None:
    expected = {
        "orcus": "000",
        "4e-quickref": "002",
        "alloy-heroes": "004",
        "square-fireballs": "003",
        "strike": "001",
    }
    for ruleset_id, seed in expected.items():
        ruleset = ruleset_by_id(ruleset_id)
        assert ruleset.source == seed
        assert ruleset.name
        assert ruleset.description
        assert ruleset.version >= 1
    assert next(iter(RULESETS)) == "orcus"


def test_no_ruleset_is_experimental_any_more() -> None:
    # Strike! (001) plays whole since issue 16, Square Fireballs (003) since issue 15: the
    # picker and the CLI no longer mark any as incomplete.
    for ruleset_id in ("4e-quickref", "alloy-heroes", "strike", "square-fireballs"):
        assert not ruleset_by_id(ruleset_id).experimental
        assert "incomplete" not in ruleset_by_id(ruleset_id).description.lower()


def test_unknown_ruleset_and_newer_version_are_refused() -> None:
    with pytest.raises(UnknownRulesetError, match="unknown ruleset 'pathfinder'"):
        ruleset_by_id("pathfinder")
    with pytest.raises(UnknownRulesetError, match="newer"):
        ruleset_by_id("orcus", ORCUS.version + 1)
    assert ruleset_by_id("orcus", ORCUS.version) is ORCUS


@pytest.mark.parametrize("ruleset", ALL, ids=IDS)
def test_round_trips_through_json(ruleset: Ruleset) -> None:
    text = json.dumps(ruleset.to_dict())
    assert Ruleset.from_dict(json.loads(text)) == ruleset
    assert "hooks" in json.loads(text)


@pytest.mark.parametrize("ruleset", ALL, ids=IDS)
def test_is_hashable_and_its_condition_table_cached(ruleset: Ruleset) -> None:
    copy = Ruleset.from_dict(ruleset.to_dict())
    assert hash(copy) == hash(ruleset)
    assert condition_table(copy) is condition_table(ruleset)


def test_from_dict_names_the_wrong_field_of_a_table() -> None:
    with pytest.raises(ValueError, match=r"ruleset\.actions\.opportunity_uses_immediate"):
        Ruleset.from_dict({"actions": {"opportunity_uses_immediate": "no"}})
    with pytest.raises(ValueError, match=r"ruleset\.cover\.levels\[0\]"):
        Ruleset.from_dict({"cover": {"levels": [{"min_hidden_share": "half"}]}})
    levels = [
        {"min_hidden_share": 0.75, "modifier": -5, "label": "a"},
        {"min_hidden_share": 0.5, "modifier": -2, "label": "b"},
    ]
    with pytest.raises(ValueError, match="shares must rise"):
        Ruleset.from_dict({"cover": {"levels": levels}})
    with pytest.raises(ValueError, match=r"ruleset\.conditions\.mark_policy"):
        Ruleset.from_dict({"conditions": {"mark_policy": "all"}})


def test_hooks_are_names_from_the_registry_never_code() -> None:
    with pytest.raises(ValueError, match=r"unknown hook 'os\.system'"):
        Ruleset.from_dict({"hooks": {"damage": "os.system"}})
    for kind in HookKind:
        assert "orcus" in HOOKS[kind]
    assert ORCUS.hooks == HookNames()


@pytest.mark.parametrize("ruleset", SHARED_ROWS, ids=[r.id for r in SHARED_ROWS])
@pytest.mark.parametrize(
    ("condition", "rule"),
    [
        (Condition.DAZED, '002-10 l.26 "only one standard action, one move action or one minor"'),
        (Condition.DYING, '002-07 l.23 "dying ... cannot take any actions"; 004-35 l.176'),
        (Condition.HELPLESS, "002 silent (000 applies)"),
        (Condition.SLOWED, '004-35 l.848 Slowed "10 ft" = 000'),
        (Condition.STUNNED, '002-07 l.23 "stunned ... cannot take any actions"'),
        (Condition.PRONE, "004-33 l.841 the same +2 and -2; only the adjacency switch differs"),
        (Condition.TOTAL_DEFENSE, "002-26 l.48 Total defense +2; 004-35 l.646"),
        (Condition.RALLIED, '002-13 l.47 "Second wind" = Rally; 004-35 l.580 Second Wind +2'),
        (Condition.PETRIFIED, "002-07 l.23 petrified: no actions (000 applies; 004 has none)"),
    ],
)
def test_shared_condition_rows_are_000s(ruleset: Ruleset, condition: Condition, rule: str) -> None:
    if ruleset.id == "alloy-heroes" and condition is Condition.HELPLESS:
        pytest.skip("004-32: Helpless can't flank (tested in test_ruleset_variants)")
    assert rules_for(condition, ruleset) == rules_for(condition, ORCUS), rule


# -- D1: the action economy states what the engine does today ---------------------------------


def _budget_today(limits: set[ActionLimit], surprise_round: bool) -> Budget:
    """controller/combat_rules.CombatRules.budget, as it decides from ActionLimit today."""
    if ActionLimit.NONE in limits:
        return Budget(0, 0, 0)
    if {ActionLimit.SINGLE_ACTION, ActionLimit.SINGLE_STANDARD} & limits or surprise_round:
        return Budget(1, 0, 0)
    return Budget()


@pytest.mark.parametrize("surprise_round", [False, True])
def test_orcus_condition_budgets_match_the_action_limits(surprise_round: bool) -> None:
    conditions = [c for c in Condition if c.value != "dying"]
    for size in (0, 1, 2):
        for chosen in itertools.combinations(conditions, size):
            limits = {rules_for(c, ORCUS).actions for c in chosen}
            names = [c.value for c in chosen]
            got = ORCUS.actions.budget_for(names, surprise_round=surprise_round)
            assert got == _budget_today(limits, surprise_round), chosen


@pytest.mark.parametrize("kind", ["standard", "move", "swift"])
def test_orcus_spend_order_is_the_budgets(kind: str) -> None:
    # 000 "Your Turn": the cheapest slot that fits, as model.combat.ActionBudget.spend does.
    order = ORCUS.actions.spend_order(kind)
    for i, slot in enumerate(order):
        left = {s: int(s in order[i:]) for s in ("standard", "move", "swift")}
        after = ActionBudget(**left).spend(ActionKind(kind))
        assert {s: getattr(after, s) for s in left} == {**left, slot: 0}
    nothing = {s: int(s not in order) for s in ("standard", "move", "swift")}
    assert not ActionBudget(**nothing).can_spend(ActionKind(kind))


# -- D3: the cover scale ----------------------------------------------------------------------


def test_orcus_cover_scale_is_000_cover() -> None:
    # 000 "Cover": "half cover gives a -2 penalty"; "three-quarters cover ... -5".
    assert ORCUS.cover.levels == (
        CoverLevel(0.5, -2, "half cover"),
        CoverLevel(0.75, -5, "three-quarters cover"),
    )
    assert (ORCUS.half_cover_penalty, ORCUS.three_quarters_cover_penalty) == (-2, -5)
    assert ORCUS.cover.creature_cap_level == 1  # docs/rulings.md R-13: half
    assert ORCUS.cover.total_blocks_targeting
    assert ORCUS.cover.buckets().thresholds == (0.5, 0.75)


def test_a_four_level_scale_buckets_the_map_in_quarters() -> None:
    strike = ruleset_by_id("strike")
    # 001-11, 001 l.148-156 "1/4 Cover +0, 1/2 Cover +1, 3/4 Cover +2, 7/8 Cover +3".
    assert [lv.min_hidden_share for lv in strike.cover.levels] == [0.25, 0.5, 0.75, 0.875]
    buckets = strike.cover.buckets()
    assert buckets.thresholds == (0.25, 0.5, 0.75, 0.875)
    assert buckets.level_degrees == (
        CoverDegree.QUARTER,
        CoverDegree.HALF,
        CoverDegree.THREE_QUARTERS,
        CoverDegree.SEVEN_EIGHTHS,
    )
    assert buckets.creature_cap == 2  # docs/rulings.md R-13: creatures give half at most
    levels = [strike.cover.level_of(d) for d in buckets.level_degrees]
    assert [lv.modifier for lv in levels if lv is not None] == [0, -1, -2, -3]
    assert strike.label("seven_eighths") == "7/8 cover"
    assert ORCUS.cover.level_of(CoverDegree.QUARTER) is None  # 000 has no quarter cover
    with pytest.raises(ValueError, match="rise"):
        CoverScale(levels=(CoverLevel(0.5, -2, "a"), CoverLevel(0.5, -5, "b")))
