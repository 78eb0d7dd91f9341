"""001 Strike!'s read-only questions, each `(Engine, Encounter, ...) -> answer`.

Asked through `GameSession.ask` by 001's UI (`ui/variants/strike/`) and the tests, like the
core's `controller/session/questions.py`; none changes the document. Some only put a ruleset's
flag (`has_round_end_step`) or a fact of the snapshot (`engaged_with`) in the one shape the
asker takes.
"""

from __future__ import annotations

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.variants.strike import (
    initiative_checks,
    round_end,
    table_actions,
    who_goes_first,
)
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.round_end import RoundEndActivity
from orcus_desktop.rules.initiative_choice import InitiativeChoice
from orcus_desktop.vocabulary import CreatureId

# -- engagement (001-25) -----------------------------------------------------------------------


def engaged_with(engine: Engine, encounter: Encounter, creature_id: str) -> CreatureId | None:
    """Whom the creature is Engaged With (001-25, 001 l.252), or None."""
    return encounter.combat.engaged_with(creature_id)


def engaged_by(engine: Engine, encounter: Encounter, creature_id: str) -> tuple[CreatureId, ...]:
    """Who the creature is Engaged By (001-25, 001 l.256), first engager first."""
    return encounter.combat.engaged_by(creature_id)


def engaged_by_count(engine: Engine, encounter: Encounter, creature_id: str) -> int:
    """How many creatures the creature is Engaged By (001-19, 001-26 count these)."""
    return len(encounter.combat.engaged_by(creature_id))


# -- the turn and the round (001-04, 001-06) ---------------------------------------------------


def offers_off_turn_drop(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset lets a creature drop prone on another's turn (001-06)."""
    return engine.ruleset.actions.drop_prone_off_turn


def round_end_activities(engine: Engine, encounter: Encounter) -> tuple[RoundEndActivity, ...]:
    """001-04: what the GM has the table do at the end of a round."""
    return encounter.combat.round_end_activities


def has_round_end_step(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset's flow runs an end-of-round step (001-04)."""
    return round_end.has_step(engine)


# -- the table's actions and initiative (001-01..03, 001-35, 001-36) ---------------------------


def offers_table_actions(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset has 001-35's Influence, Magic, Search, Study, Utilize."""
    return table_actions.offers_table_actions(engine)


def adjudicates_first(engine: Engine, encounter: Encounter) -> bool:
    """Whether the GM says who goes first (001-36)."""
    return who_goes_first.adjudicates_first(engine)


def chooses_initiative_checks(engine: Engine, encounter: Encounter) -> bool:
    """Whether each creature chooses its initiative check (001-01)."""
    return initiative_checks.chooses_checks(engine)


def initiative_choice(
    engine: Engine, encounter: Encounter, creature_id: str
) -> InitiativeChoice | None:
    """The creature's 001 initiative choice (the default until set); None under 000."""
    if not initiative_checks.chooses_checks(engine):
        return None
    return initiative_checks.choice_of(encounter, creature_id)
