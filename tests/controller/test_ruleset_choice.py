"""The session plays the open encounter's ruleset; switching it is one undo step outside combat.

docs/rulesets.md: an encounter names its ruleset by id; the rules follow it.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import encounter_problems, shared_space
from orcus_desktop.rules.ruleset import ORCUS, ruleset_by_id
from tests.controller.conftest import fighter, make_session, orc


def _room(ruleset_id: str = "orcus") -> Encounter:
    return Encounter(
        GridBounds(8, 8),
        creatures=(fighter("hero", 1, 1), orc("orc", 2, 1)),
        ruleset_id=ruleset_id,
    )


def test_the_session_takes_the_encounters_ruleset() -> None:
    session = make_session(_room("alloy-heroes"))
    assert session.ruleset is ruleset_by_id("alloy-heroes")
    assert session.engine.ruleset is ruleset_by_id("alloy-heroes")


def test_opening_another_encounter_switches_the_rules() -> None:
    session = make_session(_room())
    assert session.ruleset is ORCUS
    assert session.open_encounter(_room("4e-quickref")).ok
    assert session.rules.ruleset.id == "4e-quickref"


def test_switching_is_one_undo_step_that_says_what_changes() -> None:
    session = make_session(_room())
    result = session.switch_ruleset("alloy-heroes")
    assert result.ok, result.reason
    assert result.text == "Ruleset Alloy Heroes (004)"
    assert "charge ends actions: no -> yes" in result.details["changes"]
    assert "minimum halved damage: 1 -> 0" in result.details["changes"]
    assert session.encounter.ruleset_id == "alloy-heroes"
    assert session.rules.ruleset.id == "alloy-heroes"
    assert session.undo().ok
    assert session.encounter.ruleset_id == "orcus"
    assert session.rules.ruleset is ORCUS
    assert session.redo().ok
    assert session.rules.ruleset.id == "alloy-heroes"


def test_switching_is_refused_during_combat_and_for_unknown_ids() -> None:
    session = make_session(_room())
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    refused = session.switch_ruleset("alloy-heroes")
    assert not refused.ok
    assert "during combat" in refused.reason
    assert session.encounter.ruleset_id == "orcus"
    session.run(initiative.end_combat)
    unknown = session.switch_ruleset("gurps")
    assert not unknown.ok
    assert "unknown ruleset" in unknown.reason
    same = session.switch_ruleset("orcus")
    assert not same.ok


def test_a_document_replaced_underneath_is_followed() -> None:
    session = make_session(_room())
    session.document.reset(replace(session.encounter, ruleset_id="4e-quickref"))
    assert session.rules.ruleset.id == "4e-quickref"


def test_a_shared_space_under_strike_is_named_before_a_ruleset_that_forbids_it() -> None:
    """001-09 lets the GM leave a creature in another's space; 000 "Moving Through Others"
    never lets a move end there. Switching to 000 with two creatures sharing a space would
    make a file that cannot reopen: the switch says who shares, and works once one moved."""
    sharing = Encounter(
        GridBounds(8, 8),
        creatures=(fighter("hero", 1, 1), orc("orc", 1, 1)),
        ruleset_id="strike",
    )
    session = make_session(sharing)
    refused = session.switch_ruleset("orcus")
    assert not refused.ok
    assert "Orc shares Hero's space" in refused.reason
    assert "move one of them first" in refused.reason
    assert session.encounter.ruleset_id == "strike"
    assert session.move_creature("orc", Square(3, 3)).ok
    assert session.switch_ruleset("orcus").ok


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from([Size.TINY, Size.MEDIUM, Size.LARGE]), st.integers(0, 5)),
        min_size=2,
        max_size=5,
    )
)
def test_the_switch_names_the_overlap_the_loader_would_refuse(
    placed: list[tuple[Size, int]],
) -> None:
    """R-163: the pair the switch names is the overlap a file under 000 is refused for first.

    Under 001 (001-09) any creatures may share a space; docs/rulings.md R-17 lets tiny ones
    share under every ruleset. Who may share has one home (`model/invariants.py`).
    """
    # at most four tiny creatures share a square, under every ruleset.
    tiny_columns = [col for size, col in placed if size is Size.TINY]
    assume(all(tiny_columns.count(col) <= 4 for col in tiny_columns))
    creatures = tuple(
        replace(orc(f"c{i}", col, 1), size=size) for i, (size, col) in enumerate(placed)
    )
    sharing = Encounter(GridBounds(8, 8), creatures=creatures, ruleset_id="strike")
    assert not list(encounter_problems(sharing))
    overlaps = [
        p for p in encounter_problems(replace(sharing, ruleset_id="orcus")) if "overlaps" in p
    ]
    pair = shared_space(sharing)
    if pair is None:
        assert not overlaps
    else:
        first, second = pair
        index = creatures.index(second)
        assert overlaps[0].startswith(f'creatures[{index}].square: overlaps "{first.id}"')
