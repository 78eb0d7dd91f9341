"""Using a skill as an action (004-09): a standard or move action that rolls a skill check.

004 "Table: Actions in Combat": "Use a skill that takes a standard action Yes", "Use a skill
that takes a move action Yes" (l.262, 273: they provoke attacks of opportunity), and l.389
"Interrupts Target's Action: An attack of opportunity takes place before the target finishes
its action. After the attack of opportunity, the creature resumes its action if it is still
capable of it." So next to enemies that can take one, the skill use waits (`combat.pending`,
kind `held_attacks.SKILL`) while they are offered, and its check is rolled once they are
settled (`interrupts.settle`), or dropped when its user can no longer act. Offered under the
rulesets whose reactions (H5) make skill use provoke (004); the picks are docs/rulings.md R-129.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.actions.interrupts import hold, offerable
from orcus_desktop.controller.attacks.attack_resolution import adjacent_threats
from orcus_desktop.controller.attacks.held_attacks import held_skill
from orcus_desktop.controller.availability.kinds import kind_problem
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import Outcome, no_creature, refuse, run_step
from orcus_desktop.controller.variants.alloy_heroes.skill_rolls import roll_skill_use
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset.hooks import Provocation

SKILL_ACTIONS: Final = (ActionKind.STANDARD, ActionKind.MOVE)
"""The actions a skill use takes (004 l.262 "a standard action", l.273 "a move action")."""


def skill_use_offered(engine: Engine) -> bool:
    """Whether the ruleset has 004-09's skill use as an action (it provokes there)."""
    return Provocation.SKILL_USE in engine.ruleset.hooks.reaction_rules.provocations


def skill_use_problem(
    engine: Engine, encounter: Encounter, creature_id: str, kind: ActionKind
) -> str:
    """Why the creature cannot use a skill as its `kind` action now (004-09), or ""."""
    if not skill_use_offered(engine):
        return "using a skill as an action is Alloy Heroes' (004-09)"
    return waiting_problem(encounter) or kind_problem(engine.rules, encounter, creature_id, kind)


def use_skill(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    skill: str,
    action: ActionKind | str = ActionKind.STANDARD,
    die: int | None = None,
    target_number: int | None = None,
) -> Outcome:
    """The creature uses `skill` as its standard or move action; one undo step.

    `die`: the d20 rolled at the table (None: the app rolls); `target_number`: the DC the GM
    set, if any. Refused with the reason: another ruleset, an unknown skill, an action it has
    not left, an action waiting for its offers.
    """
    op = "use_skill"
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return refuse(op, no_creature(creature_id), creature_id)
    if not skill_use_offered(engine):  # under another ruleset: before its skills are read
        why = skill_use_problem(engine, encounter, creature_id, ActionKind.STANDARD)
        return refuse(op, why, creature_id)
    key = skill.strip().lower()
    skills = engine.ruleset.skills.as_dict()
    if key not in skills:
        known = ", ".join(sorted(skills))
        return refuse(op, f"no skill named {skill!r} (the skills: {known})", creature_id)
    kind = next((k for k in SKILL_ACTIONS if k.value == str(action)), None)
    if kind is None:
        return refuse(op, "a skill use takes a standard or a move action", creature_id)
    problem = skill_use_problem(engine, encounter, creature_id, kind)
    if problem:
        return refuse(op, problem, creature_id)

    def change(e: Encounter) -> Encounter:
        e = engine.spend(e, creature_id, kind)
        threats = adjacent_threats(engine, e, engine.battlefield(e), creature_id)
        if e.combat.current == creature_id and offerable(engine, e, threats):
            # l.389: the attack of opportunity comes first; the check waits for it.
            held = held_skill(creature.name, creature_id, key, kind.value, die, target_number)
            return hold(engine, e, held, threats)
        dice = [] if die is None else [die]
        return roll_skill_use(engine, e, creature_id, key, kind.value, dice, target_number)

    text = f"{creature.name}: {key.capitalize()}"
    return run_step(op, text, encounter, change, creature_id)
