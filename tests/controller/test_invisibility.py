"""The GM makes a creature invisible (after an Invisibility spell) and clears it again.

000 "Concealment": "An invisible target also has total concealment." 000 "Truesight": "A
creature with truesight can, out to a specific range, ... see invisible creatures and
objects". 000 "Opportunity Attacks": "when a hostile creature that you can see moves out of
your reach". Invisible is not a condition of 000's appendix: the GM imposes it as one, with
the duration the spell gives (docs/rulings.md R-115; who sees, R-61 and R-113).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.stealth import hidden_from_players
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.views.vision import player_vision
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc
from tests.controller.test_degree_spelling import SAVED_BEFORE

TOTAL = "-5 total concealment"


def _session(
    orc_at: tuple[int, int] = (6, 2), *, orc_first: bool = False, **hero: Any
) -> GameSession:
    s = make_session(
        Encounter(
            GridBounds(16, 10), creatures=(fighter("hero", 2, 2, **hero), orc("orc", *orc_at))
        )
    )
    totals = {"hero": 5, "orc": 20} if orc_first else {"hero": 20, "orc": 5}
    assert s.run(initiative.roll_initiative, totals=totals).ok
    assert s.run(initiative.start_combat).ok
    return s


def _vanish(s: GameSession, who: str = "orc") -> None:
    """The GM imposes Invisible through the condition box, lasting until the GM clears it."""
    done = s.run(gm_edits.add_condition, who, Condition.INVISIBLE, DurationKind.END_OF_ENCOUNTER)
    assert done.ok, done.reason


def _parts(s: GameSession, power: str = "Arcane Bolt") -> list[str]:
    previews, problem = s.ask(attacks.preview_attack, "hero", power, ["orc"])
    assert not problem, problem
    return [f"{value:+d} {source}" for value, source in previews[0].attack_parts]


def _concealment(s: GameSession, power: str = "Arcane Bolt") -> list[str]:
    return [p for p in _parts(s, power) if "concealment" in p]


def test_an_invisible_orc_has_total_concealment_until_the_gm_clears_it() -> None:
    s = _session()
    assert _concealment(s) == []
    _vanish(s)
    assert _concealment(s) == [TOTAL]
    state = s.rules.state(s.encounter.creature("orc"))
    assert state is not None
    (effect,) = [c for c in state.conditions if c.condition is Condition.INVISIBLE]
    assert s.run(gm_edits.remove_effect, "orc", effect.effect_id).ok  # the spell ends
    assert _concealment(s) == []
    assert s.undo().ok
    assert _concealment(s) == [TOTAL]
    assert s.undo().ok  # before the GM made it invisible
    assert _concealment(s) == []


def test_the_hit_with_total_concealment_is_logged_with_its_penalty() -> None:
    s = _session()
    _vanish(s)
    bolt = s.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 3])
    assert bolt.ok, bolt.reason
    attack = next(e for e in bolt.log if e.kind == "attack").data["targets"][0]
    assert attack["concealment"] == "total"


def test_truesight_sees_the_invisible_orc_within_its_range_only() -> None:
    s = _session((6, 2), senses={"truesight": 4})  # 4 squares away
    _vanish(s)
    assert _concealment(s) == []
    assert s.move_creature("orc", Square(7, 2)).ok  # 5 squares: beyond its truesight
    assert _concealment(s) == [TOTAL]


def test_blindsight_and_tremorsense_perceive_it_without_sight() -> None:
    for sense in ("blindsight", "tremorsense"):
        s = _session(senses={sense: 5})
        _vanish(s)
        assert _concealment(s) == [], sense


def test_the_invisible_orc_walks_away_and_the_hero_cannot_strike() -> None:
    """It provokes no opportunity attack from the hero that cannot see it; the hero with
    truesight sees it go and strikes."""
    for senses, strikers in (({}, ()), ({"truesight": 6}, ("hero",))):
        s = _session((3, 2), orc_first=True, senses=senses)
        _vanish(s)
        walk = s.move_creature("orc", Square(5, 2), MoveMode.WALK)
        assert walk.ok, walk.reason
        assert walk.opportunity_attackers == strikers, senses


def test_invisibility_is_saved_and_a_file_from_before_still_opens(tmp_path: Path) -> None:
    s = _session()
    _vanish(s)
    path = tmp_path / "invisible.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.rules.conditions(reopened.encounter, "orc") == {Condition.INVISIBLE}
    assert _concealment(reopened) == [TOTAL]

    # A file saved before invisibility existed opens with no one invisible, and the GM can
    # make a creature invisible in it.
    old = make_session(load_encounter(SAVED_BEFORE))
    ids = [c.id for c in old.encounter.creatures]
    assert not any(Condition.INVISIBLE in old.rules.conditions(old.encounter, i) for i in ids)
    _vanish(old, ids[-1])
    assert Condition.INVISIBLE in old.rules.conditions(old.encounter, ids[-1])


def test_the_players_do_not_see_the_invisible_orc_unless_a_hero_perceives_it() -> None:
    s = _session()
    assert "orc" in player_vision(s.encounter, s.rules).seen
    _vanish(s)
    assert "orc" not in player_vision(s.encounter, s.rules).seen  # the fog of war
    assert "orc" in hidden_from_players(s.rules, s.encounter)  # without the fog
    seer = _session(senses={"truesight": 6})
    _vanish(seer)
    assert "orc" in player_vision(seer.encounter, seer.rules).seen
    assert "orc" not in hidden_from_players(seer.rules, seer.encounter)
    # An invisible hero is still the players' own: they see their own creature.
    _vanish(s, "hero")
    assert "hero" in player_vision(s.encounter, s.rules).seen
    assert "hero" not in hidden_from_players(s.rules, s.encounter)
