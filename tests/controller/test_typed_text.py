"""Text the GM types or pastes (issue 12): it is made saveable, and the GM is told what changed."""

from __future__ import annotations

from orcus_desktop.controller.editing import editing
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from tests.controller.conftest import make_session, orc


def test_a_pasted_name_with_a_lone_surrogate_and_control_characters_is_repaired() -> None:
    session = make_session(Encounter(GridBounds(6, 6), creatures=(orc("orc", 1, 1),)))
    result = session.run(editing.update_creature, "orc", name="Gob\udcff\x07lin")
    assert result.ok
    assert session.encounter.creature("orc").name == "Gob\N{REPLACEMENT CHARACTER}lin"
    assert result.details["repaired"] == (
        "name: a character that cannot be saved was replaced by \N{REPLACEMENT CHARACTER}; "
        "name: control characters were removed"
    )


def test_a_10000_character_encounter_name_is_cut_with_a_notice() -> None:
    session = make_session(Encounter(GridBounds(6, 6)))
    result = session.run(editing.rename_encounter, "N" * 10_000)
    assert result.ok
    assert session.encounter.name == "N" * 200
    assert result.details["repaired"] == "name: cut from 10000 to 200 characters"


def test_right_to_left_names_are_kept_as_typed() -> None:
    session = make_session(Encounter(GridBounds(6, 6), creatures=(orc("orc", 1, 1),)))
    name = "\u05e9\u05dc\u05d5\u05dd \u202bGoblin\u202c"
    result = session.run(editing.update_creature, "orc", name=name)
    assert session.encounter.creature("orc").name == name
    assert "repaired" not in result.details
