"""Where a light stands in its square, in the encounter file (issue 33, docs/rulings.md R-141)."""

from __future__ import annotations

from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import Lighting, LightSource, light_problem
from orcus_desktop.model.serialization import encounter_from_dict, encounter_to_dict


def test_a_light_at_its_squares_centre_is_saved_as_before() -> None:
    """Files of the previous version (no "within") open with every light at its centre; a
    light off the centre is written with where it stands and comes back so."""
    centred = LightSource(LightId("light-1"), "Torch", Square(2, 3))
    off = LightSource(LightId("light-2"), "Torch", Square(5, 3), within=(0.1, 0.75))
    encounter = Encounter(
        grid=GridBounds(10, 8), lighting=Lighting(Illumination.DARK, (centred, off))
    )
    data = encounter_to_dict(encounter)
    written = data["lighting"]["sources"]
    assert "within" not in written[0]
    assert written[1]["within"] == [0.1, 0.75]
    again = encounter_from_dict(data)
    assert again.lighting.sources == (centred, off)
    del written[1]["within"]  # as the previous version wrote it
    assert encounter_from_dict(data).lighting.sources[1].within == (0.5, 0.5)


def test_a_light_stands_inside_its_square() -> None:
    assert light_problem(LightSource(LightId("l"), within=(0.0, 0.999))) == ""
    assert "within its square" in light_problem(LightSource(LightId("l"), within=(1.0, 0.5)))
