"""Who is offered an opportunity attack: those who can make one with what they hold (R-120).

000 "Opportunity Attacks" (l.818): "you use your immediate action to make one melee attack";
000 "Tags" (l.507): "You need a weapon (or an unarmed strike) to use a Weapon power". Issue 28:
the library's Elf Ranger (a longbow only) was offered one it could not take, and the goblin's
walk stayed frozen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.files.creature_library import read_library_file
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.frozen import freeze
from orcus_desktop.vocabulary import MoveMode
from tests.conftest import REPO_ROOT
from tests.controller.conftest import creature, fight_started, orc


def elf_ranger() -> dict[str, Any]:
    """The Elf Ranger of the bundled bestiary, as the GM drags it from the library."""
    library = read_library_file(REPO_ROOT / "resources" / "creatures" / "bestiary.json")
    return next(c for c in library if c["name"] == "Elf Ranger")


def _fight(*, ranger_statblock: bool = True, ruleset_id: str = "orcus") -> GameSession:
    """The goblin's turn; the ranger stands beside it at (3, 3)."""
    ranger = replace(creature("ranger", "heroes", 3, 3), name="Elf Ranger")
    if ranger_statblock:
        ranger = replace(ranger, statblock=freeze(elf_ranger()))
    return fight_started(
        GridBounds(12, 10), (ranger, orc("goblin", 4, 3)), {"goblin": 20, "ranger": 10}, ruleset_id
    )


def test_a_ranger_with_only_a_longbow_strikes_the_walker_unarmed() -> None:
    """The GM walks the goblin away from the ranger; the offer is one the ranger can take."""
    session = _fight()
    walked = session.move_creature("goblin", Square(8, 3), MoveMode.WALK)
    assert walked.ok, walked.reason
    assert walked.opportunity_attackers == ("ranger",)
    option = session.available_actions("ranger").option(CombatAction.OPPORTUNITY_ATTACK)
    assert option.allowed, option.reason
    # The GM presses O: the attack is the Basic Melee Attack, with the unarmed strike's d4.
    struck = session.run(interrupts.opportunity_attack, "ranger", "goblin", dice=[18, 4])
    assert struck.ok, struck.reason
    attack = next(e for e in reversed(session.encounter.combat.log) if e.kind == "attack")
    assert attack.data["power"] == "Basic Melee Attack"
    assert "1d4" in str(attack.data)
    # The walk goes on: the goblin is not left frozen beside the ranger.
    assert session.encounter.combat.pending is None
    assert session.encounter.creature("goblin").square == Square(8, 3)


@pytest.mark.parametrize(
    "ruleset_id", ["orcus", "4e-quickref", "square-fireballs", "alloy-heroes"]
)
def test_a_token_without_a_stat_block_is_offered_nothing_and_the_walk_goes_on(
    ruleset_id: str,
) -> None:
    """A token the GM placed without a stat block has no attack to make: no offer, no wait."""
    session = _fight(ranger_statblock=False, ruleset_id=ruleset_id)
    preview = session.preview_move("goblin", Square(8, 3), MoveMode.WALK)
    assert preview.provoking_enemy_ids == ()
    walked = session.move_creature("goblin", Square(8, 3), MoveMode.WALK)
    assert walked.ok, walked.reason
    assert walked.opportunity_attackers == ()
    assert session.encounter.combat.pending is None
    assert session.encounter.creature("goblin").square == Square(8, 3)
    option = session.available_actions("ranger").option(CombatAction.OPPORTUNITY_ATTACK)
    assert not option.allowed
