"""Zones: placed templates that stay on the map (issue 13), from the GM's side.

000 "Areas of effect" places a burst, arc or wall; issue 13: "a placed burst, blast or wall
stays on the map as a zone until removed, with an optional duration tied to the turn order.
Zones are saved, undoable". 000 "Durations" (until the end of a creature's next turn) and
000 "The End of Your Turn": "Any effects that require an action to maintain concentration,
which you have not spent, end now" (a sustained zone).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import zones
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.file_format.read_encounter import encounter_from_dict
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.serialization import EncounterFileError, load_encounter, save_encounter
from orcus_desktop.model.zones import Zone, ZoneDuration
from tests.controller.conftest import hero_fights_orc

CLOUD = [Square(5, 5), Square(5, 6), Square(6, 5), Square(6, 6)]


def _fight() -> GameSession:
    return hero_fights_orc((12, 12), (2, 2), (8, 8))


def _zones(session: GameSession) -> tuple[Zone, ...]:
    return session.encounter.zones


def _zone_lines(session: GameSession) -> list[str]:
    names = names_of(session.encounter)
    return [describe(e, names) for e in session.encounter.combat.log if e.kind == "zone"]


def test_a_zone_is_placed_undone_and_redone() -> None:
    session = _fight()
    placed = session.run(zones.place_zone, "Stinking Cloud", CLOUD, owner="hero")
    assert placed.ok, placed.reason
    (zone,) = _zones(session)
    assert (zone.name, zone.squares, zone.owner) == ("Stinking Cloud", frozenset(CLOUD), "hero")
    assert session.history.undo_text == "Place zone Stinking Cloud"
    assert _zone_lines(session) == ["Zone Stinking Cloud placed by Hero: until removed"]
    session.undo()
    assert not _zones(session)
    session.redo()
    assert _zones(session) == (zone,)
    assert session.run(zones.remove_zone, zone.id).ok
    assert not _zones(session)
    assert _zone_lines(session)[-1] == "Zone Stinking Cloud removed"


def test_a_zone_until_the_end_of_its_creatures_next_turn_ends_by_itself() -> None:
    session = _fight()
    assert session.encounter.combat.current == "hero"
    duration = ZoneDuration.END_OF_OWNER_NEXT_TURN
    assert session.run(zones.place_zone, "Wall of Fire", CLOUD, duration, "hero").ok
    assert session.end_turn().ok  # the hero's turn it was placed in: it stays
    assert len(_zones(session)) == 1
    assert session.end_turn().ok  # the orc's turn
    assert len(_zones(session)) == 1
    assert session.end_turn().ok  # the end of the hero's next turn
    assert not _zones(session)
    assert _zone_lines(session)[-1] == "Zone Wall of Fire ended: the end of Hero's turn"
    session.undo()  # that end of turn is one step with the zone's end
    assert len(_zones(session)) == 1


def test_a_zone_placed_on_another_creatures_turn_ends_after_its_creatures_next_turn() -> None:
    session = _fight()
    assert session.end_turn().ok  # the orc's turn now
    duration = ZoneDuration.END_OF_OWNER_NEXT_TURN
    assert session.run(zones.place_zone, "Hex Circle", CLOUD, duration, "hero").ok
    assert session.end_turn().ok  # the orc's turn ends: not the hero's
    assert len(_zones(session)) == 1
    assert session.end_turn().ok  # the hero's next turn ends
    assert not _zones(session)


def test_a_sustained_zone_lasts_while_its_creature_sustains_it() -> None:
    session = _fight()
    assert session.run(zones.place_zone, "Blade Barrier", CLOUD, ZoneDuration.SUSTAINED, "hero").ok
    zone_id = _zones(session)[0].id
    early = session.run(zones.sustain_zone, zone_id)  # not needed in the turn it was placed...
    assert early.ok  # ...but allowed
    assert session.end_turn().ok
    # Not the hero's turn: it cannot sustain it now.
    off_turn = session.run(zones.sustain_zone, zone_id)
    assert not off_turn.ok
    assert off_turn.reason == "Hero sustains Blade Barrier on its own turn"
    assert session.end_turn().ok
    assert session.run(zones.sustain_zone, zone_id).ok  # the hero sustains it this turn
    assert not session.run(zones.sustain_zone, zone_id).ok  # once is enough
    assert session.end_turn().ok
    assert len(_zones(session)) == 1
    assert session.end_turn().ok  # the orc
    assert session.end_turn().ok  # the hero's turn ends unsustained
    assert not _zones(session)
    assert _zone_lines(session)[-1] == "Zone Blade Barrier ended: Hero did not sustain it"


@pytest.mark.parametrize(
    ("name", "squares", "duration", "owner", "reason"),
    [
        ("", CLOUD, ZoneDuration.UNTIL_REMOVED, None, "Name the zone."),
        ("Fog", [Square(40, 40)], ZoneDuration.UNTIL_REMOVED, None, "The zone covers no square"),
        (
            "Fog",
            CLOUD,
            ZoneDuration.SUSTAINED,
            None,
            "A zone that is sustained needs the creature it belongs to: pick it.",
        ),
        ("Fog", CLOUD, ZoneDuration.UNTIL_REMOVED, "ghost", "no creature 'ghost'"),
    ],
)
def test_bad_zones_are_refused_with_a_reason(
    name: str, squares: list[Square], duration: ZoneDuration, owner: str | None, reason: str
) -> None:
    session = _fight()
    result = session.run(zones.place_zone, name, squares, duration, owner)
    assert not result.ok
    assert result.reason.startswith(reason)
    assert not _zones(session)


def test_zones_are_saved_and_reopened(tmp_path: Path) -> None:
    session = _fight()
    assert session.run(
        zones.place_zone, "Cloud", CLOUD, ZoneDuration.SUSTAINED, "hero", hidden=True
    ).ok
    assert session.run(zones.place_zone, "Pit", [Square(1, 1)]).ok
    path = tmp_path / "zones.orcus"
    save_encounter(path, session.encounter)
    reopened = load_encounter(path)
    assert reopened.zones == _zones(session)
    assert reopened.zones[0].hidden
    assert reopened.zones[0].placed_turn == "1/hero"


def test_a_zone_off_a_smaller_grid_still_saves_and_reopens(tmp_path: Path) -> None:
    session = _fight()
    assert session.run(zones.place_zone, "Edge", [Square(10, 10), Square(11, 11), Square(2, 3)]).ok
    assert session.run(editing.resize_grid, 11, 11).ok
    path = tmp_path / "smaller.orcus"
    save_encounter(path, session.encounter)
    (zone,) = load_encounter(path).zones
    assert zone.squares == {Square(10, 10), Square(2, 3)}


def test_an_encounter_without_zones_is_written_as_before() -> None:
    session = _fight()
    assert "zones" not in encounter_to_dict(session.encounter)


@pytest.mark.parametrize(
    ("zone", "message"),
    [
        ({"id": "z", "squares": [[1, 1]], "duration": "forever"}, "zones[0].duration"),
        ({"id": "z", "squares": []}, "zones[0].squares: a zone covers at least one square"),
        ({"id": "z", "squares": [[1, 1]], "owner": "nobody"}, "zones[0].owner"),
        ({"id": "z", "squares": [[1, 1]], "duration": "sustained"}, "zones[0].owner"),
        ({"id": "z", "squares": [[99, 1]]}, "zones[0].squares[0]"),
    ],
)
def test_a_bad_zone_in_a_file_is_named(zone: dict[str, object], message: str) -> None:
    data = encounter_to_dict(_fight().encounter)
    data["zones"] = [zone]
    with pytest.raises(EncounterFileError, match=message.replace("[", r"\[").replace("]", r"\]")):
        encounter_from_dict(data)
