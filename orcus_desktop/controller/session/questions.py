"""Read-only questions with no other home, each `(Engine, Encounter, ...) -> answer`.

Asked through `GameSession.ask` (`session.ask(questions.illumination, players=True)`), like
every question a use-case module answers itself (`session.ask(attacks.preview_attack, ...)`);
none changes the document. Some only put a ruleset's flag (`skill_use_offered`) or a fact of
the snapshot (`engaged_with`) in the one shape the asker takes.
"""

from __future__ import annotations

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.attack_powers import basic_attack_name
from orcus_desktop.controller.battlefield_builder import players_battlefield
from orcus_desktop.controller.combat_rules import loses_first_turn
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.variants.alloy_heroes import skill_uses
from orcus_desktop.controller.variants.strike import (
    initiative_checks,
    round_end,
    table_actions,
    who_goes_first,
)
from orcus_desktop.geometry.lighting import LevelGrid, light_levels
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.round_end import RoundEndActivity
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.initiative_choice import InitiativeChoice
from orcus_desktop.vocabulary import CreatureId

# -- the map ---------------------------------------------------------------------------------


def illumination(engine: Engine, encounter: Encounter, *, players: bool = False) -> LevelGrid:
    """The `Illumination` of every square now, (rows, columns) (000 "Vision and Light").

    `players`: as the players' view shows it, without the light of hidden creatures.
    """
    field = engine.battlefield(encounter)
    if players:
        field = players_battlefield(field, encounter)
    return light_levels(field)


# -- conditions and the GM box ---------------------------------------------------------------


def gm_conditions(engine: Engine, encounter: Encounter) -> tuple[Condition, ...]:
    """The conditions the GM box offers under the encounter's ruleset (003's under 003)."""
    return gm_edits.gm_conditions(engine.rules.ruleset)


def is_hidden(engine: Engine, encounter: Encounter, creature_id: str) -> bool:
    """Whether the creature is Hidden now (003-47, 001-15), by a condition or one implied."""
    return Condition.HIDDEN in engine.rules.conditions(encounter, creature_id)


# -- attacks ---------------------------------------------------------------------------------


def best_basic_attack(
    engine: Engine, encounter: Encounter, creature_id: str, target_id: str | None = None
) -> str | None:
    """The basic attack B uses against `target_id` (000 "Basic Attack").

    Melee when the target is in its reach; ranged when it is not, or when ranged is all the
    creature has. Without a target: the melee one, else the ranged one; None without either.
    """
    melee = basic_attack_name(engine, encounter, creature_id)
    ranged = basic_attack_name(engine, encounter, creature_id, ranged=True)
    if melee is None or ranged is None or target_id is None:
        return melee or ranged
    in_reach = target_id in attacks.power_targets(engine, encounter, creature_id, melee)
    return melee if in_reach else ranged


def skill_use_offered(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset has the skill use as an action (004-09)."""
    return skill_uses.skill_use_offered(engine)


# -- 001 engagement, strikes and turn shape --------------------------------------------------


def engaged_with(engine: Engine, encounter: Encounter, creature_id: str) -> CreatureId | None:
    """Whom the creature is Engaged With (001-25, 001 l.252), or None."""
    return encounter.combat.engaged_with(creature_id)


def engaged_by(engine: Engine, encounter: Encounter, creature_id: str) -> tuple[CreatureId, ...]:
    """Who the creature is Engaged By (001-25, 001 l.256), first engager first."""
    return encounter.combat.engaged_by(creature_id)


def engaged_by_count(engine: Engine, encounter: Encounter, creature_id: str) -> int:
    """How many creatures the creature is Engaged By (001-19, 001-26 count these)."""
    return len(encounter.combat.engaged_by(creature_id))


def strike_name(engine: Engine, encounter: Encounter, reactor_id: str) -> str:
    """The 001 strike offered to the creature ("Counter Strike!", "Free Strike!") or ""."""
    return plugins.reaction_name(engine, encounter, reactor_id)


def offers_off_turn_drop(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset lets a creature drop prone on another's turn (001-06)."""
    return engine.ruleset.actions.drop_prone_off_turn


def round_end_activities(engine: Engine, encounter: Encounter) -> tuple[RoundEndActivity, ...]:
    """001-04: what the GM has the table do at the end of a round."""
    return encounter.combat.round_end_activities


def has_round_end_step(engine: Engine, encounter: Encounter) -> bool:
    """Whether the ruleset's flow runs an end-of-round step (001-04)."""
    return round_end.has_step(engine)


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


# -- initiative and the turn's boundaries ----------------------------------------------------


def round_counters(engine: Engine, encounter: Encounter) -> tuple[tuple[str, int], ...]:
    """What the round shows beside its number: (label, value) pairs (003-13's escalation die)."""
    return plugins.round_counters(engine, encounter)


def roll_groups(
    engine: Engine, encounter: Encounter, creature_ids: tuple[str, ...], asked: dict[str, str]
) -> dict[str, str]:
    """The group each creature rolls initiative with, as `initiative.roll_initiative` rolls.

    ``asked``: the GM's identical groups (000); a ruleset's own groups come first (003-07).
    """
    return plugins.roll_groups(engine, encounter, creature_ids, asked)


def surprise_cost(engine: Engine, encounter: Encounter) -> str:
    """What being surprised costs under the ruleset, as the Initiative panel says it."""
    if loses_first_turn(engine.rules.ruleset):
        return "it loses its first turn, in Total Defense (003-10: no surprise round)"
    return "no actions in the surprise round"  # docs/rulings.md R-05


def start_combat_tip(engine: Engine, encounter: Encounter, anyone_surprised: bool) -> str:
    """How combat begins, for the Initiative panel's Start combat button."""
    if not anyone_surprised:
        return "Start combat at round 1."
    if loses_first_turn(engine.rules.ruleset):
        # 003-10, 003 l.165-168: no surprise round; the surprised lose their first turn.
        return "Start combat at round 1: the surprised lose their first turn (003-10)."
    return "Start combat with a surprise round."


# -- groups that share a turn ----------------------------------------------------------------


def has_monster_groups(engine: Engine, encounter: Encounter) -> bool:
    """Whether groups of creatures share one turn under the encounter's ruleset (003-07)."""
    return engine.ruleset.hooks.flow.group_turns
