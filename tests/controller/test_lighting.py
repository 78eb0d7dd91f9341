"""Light sources, ambient light, magical darkness from the GM's side (000 "Vision and Light")."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from orcus_desktop.controller.editing import editing, lighting_edits
from orcus_desktop.controller.session import questions
from orcus_desktop.controller.views.queries import sight_query
from orcus_desktop.controller.views.vision import player_vision
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.geometry.lighting import light_levels
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import NO_LIGHTING, LightSource
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import creature, make_session
from tests.controller.test_vision import inside

TORCH = LightSource(LightId(""), "Torch", Square(2, 2), bright=4, dim=8)


def dungeon() -> Encounter:
    return Encounter(
        grid=GridBounds(20, 12),
        creatures=(creature("hero", "heroes", 2, 2), creature("orc", "monsters", 9, 2)),
    )


def test_a_gm_darkens_the_dungeon_and_lights_a_torch_each_one_undo_step() -> None:
    session = make_session(dungeon())
    assert sight_query(session.encounter, "hero", "orc").concealment == "none"
    assert (
        session.run(lighting_edits.set_ambient_light, Illumination.DARK).text
        == "Ambient light: darkness"
    )
    # 000 "Vision and Light": darkness is heavily obscured; the orc is 6 squares away
    assert sight_query(session.encounter, "hero", "orc").concealment == "total"
    placed = session.run(lighting_edits.add_light, TORCH)
    assert placed.ok
    assert placed.text == "Place Torch"
    assert placed.created_id == "light-1"
    # the orc stands 7 squares from the torch: dim light, lightly obscured
    assert sight_query(session.encounter, "hero", "orc").concealment == "concealed"
    assert session.undo().ok
    assert session.encounter.lighting.sources == ()
    assert session.undo().ok
    assert session.encounter.lighting == NO_LIGHTING


def test_put_out_the_torch_and_the_orc_is_in_darkness_again() -> None:
    session = make_session(dungeon())
    session.run(lighting_edits.set_ambient_light, Illumination.DARK)
    light_id = LightId(str(session.run(lighting_edits.add_light, TORCH).created_id))
    torch = session.encounter.lighting.source(light_id)
    assert torch is not None
    out = session.run(lighting_edits.update_light, replace(torch, lit=False))
    assert out.ok
    assert out.text == "Put out Torch"
    assert sight_query(session.encounter, "hero", "orc").concealment == "total"


def test_a_carried_torch_moves_with_its_bearer() -> None:
    session = make_session(dungeon())
    session.run(lighting_edits.set_ambient_light, Illumination.DARK)
    carried = LightSource(LightId(""), "Torch", Square(0, 0), 2, 3, carried_by="hero")  # type: ignore[arg-type]
    assert session.run(lighting_edits.add_light, carried).ok
    assert session.move_creature("hero", Square(10, 8)).ok
    levels = light_levels(session.battlefield())
    assert Illumination(int(levels[8, 12])) is Illumination.BRIGHT  # 2 squares from the hero
    assert Illumination(int(levels[2, 2])) is Illumination.DARK  # where it was placed


def test_bad_lights_are_refused_with_the_reason() -> None:
    session = make_session(dungeon())
    inverted = LightSource(LightId(""), "Torch", Square(2, 2), bright=6, dim=2)
    out = session.run(lighting_edits.add_light, inverted)
    assert not out.ok
    assert "dim radius" in out.reason
    off = LightSource(LightId(""), "Torch", Square(40, 2))
    assert "off the map" in session.run(lighting_edits.add_light, off).reason
    assert (
        "nothing to change"
        in session.run(lighting_edits.paint_magical_darkness, [Square(30, 30)]).reason
    )
    assert (
        "already bright light"
        in session.run(lighting_edits.set_ambient_light, Illumination.BRIGHT).reason
    )


def test_lighting_is_saved_and_reopened_and_old_files_open_bright(tmp_path: Path) -> None:
    session = make_session(dungeon())
    session.run(lighting_edits.set_ambient_light, Illumination.DIM)
    session.run(
        lighting_edits.add_light,
        LightSource(LightId(""), "Lantern", Square(3, 3), 6, 12, "#aabbcc"),
    )
    session.run(lighting_edits.paint_magical_darkness, [Square(5, 5), Square(6, 5)])
    path = tmp_path / "dungeon.orcus.json"
    save_encounter(path, session.encounter)
    assert load_encounter(path).lighting == session.encounter.lighting
    data = json.loads(path.read_text())
    del data["lighting"]
    path.write_text(json.dumps(data))
    assert load_encounter(path).lighting == NO_LIGHTING


def test_the_heroes_see_only_what_light_or_their_senses_show_them() -> None:
    session = make_session(dungeon())
    session.run(lighting_edits.set_ambient_light, Illumination.DARK)
    light_id = LightId(str(session.run(lighting_edits.add_light, TORCH).created_id))
    vision = player_vision(session.encounter, session.rules)
    # the orc stands in the torch's dim light (7 squares away): seen (000 "Vision and Light")
    assert "orc" in vision.seen
    assert inside(vision.rings, 9.5, 2.5)
    assert not inside(vision.rings, 15.5, 2.5)  # darkness beyond the dim radius
    torch = session.encounter.lighting.source(light_id)
    assert torch is not None
    session.run(lighting_edits.update_light, replace(torch, lit=False))
    dark = player_vision(session.encounter, session.rules)
    assert "orc" not in dark.seen
    assert not inside(dark.rings, 9.5, 2.5)
    assert inside(dark.rings, 2.5, 2.5)  # the hero's own space is always shown


def test_a_hidden_creatures_torch_lights_the_fight_but_not_the_players_view() -> None:
    """The player view never shows what the GM hides: not even the light a hidden orc carries."""
    session = make_session(dungeon())
    session.run(lighting_edits.set_ambient_light, Illumination.DARK)
    torch = LightSource(LightId(""), "Torch", Square(9, 2), 2, 4, carried_by=CreatureId("orc"))
    session.run(lighting_edits.add_light, torch)
    assert inside(player_vision(session.encounter, session.rules).rings, 6.5, 2.5)
    assert session.run(editing.update_creature, "orc", hidden=True).ok
    vision = player_vision(session.encounter, session.rules)
    assert not inside(vision.rings, 6.5, 2.5)  # 3 squares from the orc: its dim light
    players = session.ask(questions.illumination, players=True)
    assert Illumination(int(players[2, 9])) is Illumination.DARK
    # the rules still see the torch: the hero's arrow finds the orc in bright light
    assert sight_query(session.encounter, "hero", "orc").concealment == "none"
