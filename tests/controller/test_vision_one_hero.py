"""One hero's own sight, for a player's device that follows that hero (issue 32, R-145).

000 "Line of Sight" gives each creature its own view; the party's fog is their union. A device
that picked a hero shows that hero's view only: what it sees, itself, and no ally it cannot see.
"""

from __future__ import annotations

from orcus_desktop.controller.views.vision import player_vision
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from tests.controller.conftest import creature, make_session
from tests.controller.test_vision import inside

# A wall across the map at x = 6: the west hero and the east hero cannot see each other.
DIVIDER = Wall(WallKind.WALL, ((6.0, 0.0), (6.0, 9.0)))


def divided() -> Encounter:
    return Encounter(
        grid=GridBounds(12, 9),
        walls=(WallEntry(WallId("w0"), DIVIDER),),
        creatures=(
            creature("west", "heroes", 2, 4),
            creature("east", "heroes", 9, 4),
            creature("orc", "monsters", 10, 2),
        ),
    )


def test_the_party_sees_both_halves_and_everyone() -> None:
    encounter = divided()
    party = player_vision(encounter, make_session(encounter).rules)
    assert party.viewers == {"west", "east"}
    assert party.seen == {"west", "east", "orc"}
    assert inside(party.rings, 3.5, 4.5)
    assert inside(party.rings, 10.5, 4.5)


def test_one_hero_sees_only_its_own_side_of_the_wall() -> None:
    encounter = divided()
    west = player_vision(encounter, make_session(encounter).rules, eyes=frozenset({"west"}))
    assert west.viewers == {"west"}
    # Itself always; not the ally nor the orc behind the wall.
    assert west.seen == {"west"}
    assert inside(west.rings, 3.5, 4.5)
    assert not inside(west.rings, 10.5, 4.5)


def test_the_other_hero_sees_the_orc_beside_it_and_not_its_ally() -> None:
    encounter = divided()
    east = player_vision(encounter, make_session(encounter).rules, eyes=frozenset({"east"}))
    assert east.seen == {"east", "orc"}
    assert not inside(east.rings, 3.5, 4.5)
