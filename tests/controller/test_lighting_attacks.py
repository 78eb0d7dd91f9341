"""Concealment from light in every attack's breakdown (000 "Vision and Light", "Concealment")."""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import LightSource
from tests.controller.conftest import fighter, make_session, orc

TORCH = LightSource(LightId(""), "Torch", Square(2, 2), bright=2, dim=4)


def dark_dungeon(orc_at: tuple[int, int], **hero_changes: object) -> GameSession:
    session = make_session(
        Encounter(
            grid=GridBounds(16, 10),
            creatures=(fighter("hero", 2, 2, **hero_changes), orc("orc", *orc_at)),
        )
    )
    assert session.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
    return session


def parts(session: GameSession, attacker: str, power: str, target: str) -> list[str]:
    previews, problem = session.ask(attacks.preview_attack, attacker, power, [target])
    assert not problem, problem
    return [f"{value:+d} {source}" for value, source in previews[0].attack_parts]


def test_an_arrow_into_dim_light_takes_the_concealment_penalty_and_says_why() -> None:
    # 000 "Vision and Light": dim light is lightly obscured; 000 "Concealment": -2.
    session = dark_dungeon((6, 2))  # 4 squares from the torch: its dim light
    assert session.run(lighting_edits.add_light, TORCH).ok
    assert "-2 dim light: concealment" in parts(session, "hero", "Arcane Bolt", "orc")


def test_put_out_the_torch_and_the_breakdown_changes() -> None:
    session = dark_dungeon((6, 2))
    light_id = LightId(str(session.run(lighting_edits.add_light, TORCH).created_id))
    torch = session.encounter.lighting.source(light_id)
    assert torch is not None
    assert session.run(lighting_edits.update_light, replace(torch, lit=False)).ok
    # 000 "Vision and Light": darkness, heavily obscured, not adjacent: total concealment (-5)
    assert "-5 darkness: total concealment" in parts(session, "hero", "Arcane Bolt", "orc")
    assert session.undo().ok  # the torch burns again
    assert "-2 dim light: concealment" in parts(session, "hero", "Arcane Bolt", "orc")


def test_darkness_next_to_the_attacker_gives_only_partial_concealment() -> None:
    # 000 "Vision and Light": "full concealment, except for creatures adjacent to it (where it
    # has partial concealment)".
    session = dark_dungeon((3, 2))
    assert "-2 darkness: concealment" in parts(session, "hero", "Knockdown Strike", "orc")


def test_darkvision_shoots_in_the_dark_without_concealment_within_its_radius() -> None:
    # 000 "Darkvision": sees in darkness as if it were bright light.
    session = dark_dungeon((6, 2), senses={"darkvision": 4})
    assert not any("concealment" in p for p in parts(session, "hero", "Arcane Bolt", "orc"))
    assert session.move_creature("orc", Square(7, 2)).ok  # 5 squares: past its darkvision
    assert "-5 darkness: total concealment" in parts(session, "hero", "Arcane Bolt", "orc")


def test_the_gm_overrides_the_concealment_light_gives() -> None:
    session = dark_dungeon((6, 2))
    choices = AttackChoices(concealment={"orc": "none"})
    previews, _ = session.ask(attacks.preview_attack, "hero", "Arcane Bolt", ["orc"], choices)
    assert not any("concealment" in source for _, source in previews[0].attack_parts)
    choices = AttackChoices(concealment={"orc": "concealed"})
    previews, _ = session.ask(attacks.preview_attack, "hero", "Arcane Bolt", ["orc"], choices)
    assert (-2, "GM: concealment") in previews[0].attack_parts
