"""004's hooks, as the core calls them (`controller/plugins.py`): one `Variant`, `ALLOY_HEROES`.

Most of 004 is data (values, table rows and hook choices of
`rules/variants/alloy_heroes/ruleset.py`) that the core reads; this is the code it adds.
"""

from __future__ import annotations

from functools import partial
from typing import Final

from orcus_desktop.controller.attacks.held_attacks import SKILL
from orcus_desktop.controller.plugins import HeldStep, Variant, VariantAction, WaitingQuestion
from orcus_desktop.controller.turns.waiting_decisions import COVER
from orcus_desktop.controller.variants.alloy_heroes import (
    attack_notes,
    cover_choices,
    cover_struck,
    powers,
    skill_rolls,
    skill_uses,
)

ALLOY_HEROES: Final = Variant(
    name="Alloy Heroes (004)",
    ruleset_ids=frozenset({"alloy-heroes"}),
    # 004-27 a miss through cover strikes the cover; 004-06 ammunition, 004-28 unseen targets.
    attack_logged=(cover_struck.after_attack, attack_notes.after_attack),
    # 004-09: a skill used as a standard or a move action, in the availability table.
    actions=tuple(
        VariantAction(
            f"skill_{kind.value}",
            f"Use a skill ({kind.value} action)",
            partial(skill_uses.skill_use_problem, kind=kind),
        )
        for kind in skill_uses.SKILL_ACTIONS
    ),
    # 004-09: a skill use held for its attacks of opportunity, rolled once they are settled.
    held_steps=(HeldStep(SKILL, skill_rolls.finish_held),),
    # 004 l.760: the covering creature's choice to take the hit, asked of the GM.
    waiting_questions=(WaitingQuestion(COVER, cover_choices.asked, cover_choices.let_pass),),
    # 004-11 Attack Held Object, 004-22 Autofire, 004-36 Trip.
    action_powers=tuple(powers.POWERS.items()),
)
"""Everything 004 adds to the core's steps, for the `alloy-heroes` ruleset."""
