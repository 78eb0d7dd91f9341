"""Can this creature see that one there? One answer for every rule that asks (geometry/seeing.py).

000 "Opportunity Attacks": "a hostile creature that you can see"; 000 "Blinded": "You can't
see"; 000 "Concealment": total concealment is what keeps you from seeing a target (darkness is
heavily obscured: total concealment beyond adjacent squares, concealment next to you; "An
invisible target also has total concealment"); 000 "Vision and Light": darkvision, truesight,
blindsight (docs/rulings.md R-61, R-112, R-113).
"""

from __future__ import annotations

import pytest

from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.geometry.light import Illumination, LightingScene, Senses
from orcus_desktop.geometry.seeing import Unseen, sees, why_unseen, whys_unseen
from tests.geometry.builders import occ, patch, wall

HERO = occ("hero", 5, 5)
CASES = [
    # (light, viewer's senses, the viewer's square, hero invisible, painted, expected, why)
    (Illumination.DARK, Senses(), (6, 5), False, None, None, "darkness next to you: concealment"),
    (
        Illumination.DARK,
        Senses(),
        (7, 5),
        False,
        None,
        Unseen.TOTAL_CONCEALMENT,
        "darkness beyond adjacent squares: total concealment",
    ),
    (Illumination.DARK, Senses(darkvision=12), (9, 5), False, None, None, "darkvision"),
    (Illumination.DIM, Senses(), (9, 5), False, None, None, "dim light: concealment only"),
    (Illumination.BRIGHT, Senses(blind=True), (6, 5), False, None, Unseen.BLINDED, "Blinded"),
    (
        Illumination.BRIGHT,
        Senses(blind=True, blindsight=3),
        (6, 5),
        False,
        None,
        Unseen.BLINDED,
        "blindsight perceives without sight; a blinded creature still cannot see (R-113)",
    ),
    (
        Illumination.BRIGHT,
        Senses(),
        (6, 5),
        True,
        None,
        Unseen.TOTAL_CONCEALMENT,
        "an invisible target has total concealment",
    ),
    (Illumination.BRIGHT, Senses(truesight=6), (6, 5), True, None, None, "truesight"),
    (Illumination.BRIGHT, Senses(blindsight=2), (6, 5), True, None, None, "blindsight"),
    (
        Illumination.BRIGHT,
        Senses(),
        (6, 5),
        False,
        TerrainKind.TOTALLY_OBSCURED,
        Unseen.TOTAL_CONCEALMENT,
        "a totally obscured square, even next to you",
    ),
    (
        Illumination.BRIGHT,
        Senses(),
        (6, 5),
        False,
        TerrainKind.HEAVILY_OBSCURED,
        None,
        "heavily obscured next to you: concealment",
    ),
]


@pytest.mark.parametrize(
    ("light", "senses", "at", "invisible", "painted", "expected", "why"), CASES
)
def test_who_sees_the_hero(
    light: Illumination,
    senses: Senses,
    at: tuple[int, int],
    invisible: bool,
    painted: TerrainKind | None,
    expected: Unseen | None,
    why: str,
) -> None:
    orc = occ("orc", *at, side="monsters", senses=senses)
    hero = occ("hero", 5, 5, invisible=invisible)
    terrain = (patch(painted, (5, 5)),) if painted is not None else ()
    field = Battlefield(
        GridBounds(20, 20), terrain=terrain, occupants=(hero, orc), lighting=LightingScene(light)
    )
    assert why_unseen(field, orc, hero) is expected, why
    assert sees(field, orc, hero) is (expected is None), why


def test_a_wall_hides_the_hero_and_a_batch_answers_as_one_pair_at_a_time() -> None:
    orcs = [occ(f"orc{k}", 5 + k, 7, side="monsters") for k in range(-2, 3)]
    blind = occ("blind", 6, 4, side="monsters", senses=Senses(blind=True))
    field = Battlefield(
        GridBounds(20, 20),
        walls=(wall((3.0, 6.5), (6.0, 6.5)),),
        occupants=(HERO, *orcs, blind),
        lighting=LightingScene(Illumination.DIM),
    )
    pairs: list[tuple[Occupant, Occupant]] = [(o, HERO) for o in (*orcs, blind)]
    batch = whys_unseen(field, pairs)
    assert batch == [why_unseen(field, v, t) for v, t in pairs]
    assert batch[0] is Unseen.TOTAL_CONCEALMENT  # behind the wall: no line of sight
    assert batch[-1] is Unseen.BLINDED
    assert None in batch
