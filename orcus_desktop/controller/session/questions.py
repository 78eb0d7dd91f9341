"""Read-only questions with no other home, each `(Engine, Encounter, ...) -> answer`.

Asked through `GameSession.ask` (`session.ask(questions.illumination, players=True)`), like
every question a use-case module answers itself (`session.ask(attacks.preview_attack, ...)`);
none changes the document. Some only put a ruleset's flag or a fact of the snapshot in the one
shape the asker takes. A variant's own questions live in its package
(`controller/variants/strike/questions.py`), asked by its UI package alike.
"""

from __future__ import annotations

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.attack_powers import basic_attack_name
from orcus_desktop.controller.battlefield_builder import players_battlefield
from orcus_desktop.controller.combat_rules import loses_first_turn
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.geometry.lighting import LevelGrid, light_levels
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition

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


# -- strikes (001-23/24 through the variants' hook) -----------------------------------------


def strike_name(engine: Engine, encounter: Encounter, reactor_id: str) -> str:
    """The 001 strike offered to the creature ("Counter Strike!", "Free Strike!") or ""."""
    return plugins.reaction_name(engine, encounter, reactor_id)


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


def readied_attack(engine: Engine, encounter: Encounter, reactor_id: str) -> str:
    """The power of the readied attack offered to the reactor now (003-52), or "".

    "" too when the attack offered is an opportunity attack, or the reactor has no such power.
    """
    offer = plugins.readied_offer(engine, encounter, reactor_id)
    power = offer.power(engine, encounter, reactor_id) if offer is not None else None
    return power.name if power is not None else ""


# -- groups that share a turn ----------------------------------------------------------------


def has_monster_groups(engine: Engine, encounter: Encounter) -> bool:
    """Whether groups of creatures share one turn under the encounter's ruleset (003-07)."""
    return engine.ruleset.hooks.flow.group_turns
